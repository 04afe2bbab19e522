package lang

import (
	"fmt"
	"runtime"
	"strings"

	"github.com/kael-dev/kael/lang/syntax"
)

// Coroutines, as CPython 3.11 has them (PEP 492, 525). An async def's call
// makes a *Coroutine and runs nothing; its body runs on the generator
// machinery of generator.go (a genState: a goroutine of its own, resumed
// by send), so an await is a yield from: await x resumes x's iterator
// (another coroutine's body, a generator that __await__ returned) and
// hands what it yields up to whoever drives the outermost coroutine (an
// event loop: asyncio's Task sends None, or an exception, into it), and
// is the value x's body returns. An async def whose body yields is an
// async generator: its yields hand an asyncGenValue up instead, which the
// awaitable of __anext__ (asend, athrow, aclose) catches and returns,
// while what its awaits yield passes through to the event loop.

// StopAsyncIteration is what __anext__ raises at the end of an
// asynchronous iterator.
const StopAsyncIteration ErrorKind = "StopAsyncIteration"

// Coroutine is the coroutine object of an async def's call.
type Coroutine struct {
	st *genState
}

// AsyncGenerator is the async generator object of the call of an async
// def with a yield.
type AsyncGenerator struct {
	st *genState
	// running is set while one of its asend, athrow or aclose awaitables
	// runs (ag_running); hooksDone after the first one started.
	running bool
}

// asyncGenValue is what an async generator's yield hands to its
// genState's consumer: a value for the async for, not one for the event
// loop.
type asyncGenValue struct{ v Value }

func (asyncGenValue) TypeName() string { return "async_generator_wrapped_value" }

// newCoroutineState is the state of a coroutine's or async generator's
// body, ended like a generator's when what owns it is garbage.
func newCoroutineState(kind, name string, s *Session, fr *interp, f *Function) *genState {
	return &genState{kind: kind, name: name, s: s, fr: fr, run: func(st *genState) (Value, error) {
		return st.fr.runWithCells(f)
	}}
}

// makeCoroutine returns the coroutine, or async generator, of a call of f,
// an async def, whose arguments are bound in fr.
func (fr *interp) makeCoroutine(f *Function) (Value, error) {
	body := &interp{s: fr.s}
	body.setFunction(f)
	copy(body.locals, fr.locals)
	body.ctx, body.depth, body.ticks, body.weight = fr.ctx, fr.depth, fr.ticks, fr.weight
	var v Value
	if f.code.fn.generator {
		st := newCoroutineState("async generator", f.qualifiedName(), fr.s, body, f)
		ag := &AsyncGenerator{st: st}
		runtime.AddCleanup(ag, queueKill, st)
		body.gen, v = st, ag
	} else {
		st := newCoroutineState("coroutine", f.qualifiedName(), fr.s, body, f)
		co := &Coroutine{st: st}
		runtime.AddCleanup(co, queueKill, st)
		body.gen, v = st, co
	}
	return v, nil
}

// TypeName is "coroutine".
func (c *Coroutine) TypeName() string { return "coroutine" }

// String is <coroutine object f at 0x...>.
func (c *Coroutine) String() string {
	return fmt.Sprintf("<coroutine object %s at %#x>", c.st.name, ID(c))
}

// Send is c.send(v): it resumes the body with v (None to start it) and
// returns what it yields next, or raises StopIteration with the value it
// returns.
func (c *Coroutine) Send(v Value) (Value, error) {
	if c.st.done {
		return nil, Errorf(RuntimeError, "cannot reuse already awaited coroutine")
	}
	if !c.st.started && v != None {
		return nil, Errorf(TypeError, "can't send non-None value to a just-started coroutine")
	}
	return (&Generator{st: c.st}).Send(v)
}

// Throw is c.throw(exc).
func (c *Coroutine) Throw(exc Value) (Value, error) {
	if c.st.done {
		return nil, Errorf(RuntimeError, "cannot reuse already awaited coroutine")
	}
	return (&Generator{st: c.st}).Throw(exc)
}

// Close is c.close().
func (c *Coroutine) Close() error { return (&Generator{st: c.st}).Close() }

// Attr gives the coroutine's methods and its cr_ attributes.
func (c *Coroutine) Attr(name string) (Value, bool) {
	switch name {
	case "__qualname__":
		return c.st.name, true
	case "__name__":
		return c.st.name[strings.LastIndexByte(c.st.name, '.')+1:], true
	case "cr_running":
		return c.st.running, true
	case "cr_suspended":
		return c.st.started && !c.st.done && !c.st.running, true
	case "cr_await":
		if c.st.awaiting == nil || c.st.done {
			return None, true
		}
		return c.st.awaiting, true
	case "cr_frame":
		return c.st.frame(), true
	case "cr_origin":
		return None, true
	}
	m, ok := coroutineMethods[name]
	if !ok {
		return nil, false
	}
	return &BoundMethod{Recv: c, Method: m}, true
}

// AttrNames lists the coroutine's methods and attributes.
func (c *Coroutine) AttrNames() []string {
	return append(sortedKeys(coroutineMethods), "__name__", "__qualname__", "cr_await", "cr_frame", "cr_origin", "cr_running", "cr_suspended")
}

// frame is the frame object of a suspended or not yet started body (cr_frame,
// ag_frame), None once it has ended.
func (st *genState) frame() Value {
	if st.done || st.fr == nil {
		return None
	}
	return &FrameObject{entry: TraceEntry{Name: st.name[strings.LastIndexByte(st.name, '.')+1:], Filename: st.fr.filename}, state: st.fr.state(), back: None}
}

var coroutineMethods = map[string]*Builtin{
	"send": NewBuiltin(AsValue, "send(self, value)", "Resumes the coroutine with value as the result of the await it is suspended at (None to start it); returns what it yields next, or raises StopIteration with the value it returns.", func(a *Args) (Value, error) {
		return a.Value("self").(*Coroutine).Send(a.Value("value"))
	}),
	"throw": NewBuiltin(AsValue, "throw(self, typ, val=None, tb=None)", "Raises an exception at the await the coroutine is suspended at; returns what it yields next.", func(a *Args) (Value, error) {
		exc, err := thrownException(a, a.Value("typ"), a.Value("val"), a.Value("tb"))
		if err != nil {
			return nil, err
		}
		return a.Value("self").(*Coroutine).Throw(exc)
	}),
	"close": NewBuiltin(AsValue, "close(self)", "Raises GeneratorExit at the await the coroutine is suspended at, ending it.", func(a *Args) (Value, error) {
		return None, a.Value("self").(*Coroutine).Close()
	}),
	"__await__": NewBuiltin(AsValue, "__await__(self)", "An iterator over what the coroutine yields to the event loop (its coroutine_wrapper).", func(a *Args) (Value, error) {
		return &coroutineWrapper{co: a.Value("self").(*Coroutine)}, nil
	}),
}

// coroutineWrapper is what a coroutine's __await__ returns: an iterator
// that drives the coroutine, as CPython's coroutine_wrapper.
type coroutineWrapper struct{ co *Coroutine }

func (w *coroutineWrapper) TypeName() string { return "coroutine_wrapper" }
func (w *coroutineWrapper) String() string {
	return fmt.Sprintf("<coroutine_wrapper object at %#x>", ID(w))
}

// Attr gives send, throw, close, __next__ and __iter__.
func (w *coroutineWrapper) Attr(name string) (Value, bool) {
	switch name {
	case "__next__":
		return NewBuiltin(AsValue, "__next__()", "Resumes the coroutine with None.", func(a *Args) (Value, error) {
			return w.co.Send(None)
		}), true
	case "__iter__":
		return NewBuiltin(AsValue, "__iter__()", "The wrapper itself.", func(a *Args) (Value, error) { return w, nil }), true
	}
	m, ok := coroutineMethods[name]
	if !ok || name == "__await__" {
		return nil, false
	}
	return &BoundMethod{Recv: w.co, Method: m}, true
}

// AttrNames lists the wrapper's methods.
func (w *coroutineWrapper) AttrNames() []string {
	return []string{"__iter__", "__next__", "close", "send", "throw"}
}

// Iterate drives the coroutine with None until it ends.
func (w *coroutineWrapper) Iterate(yield func(Value) bool) error {
	for {
		v, err := w.co.Send(None)
		if err != nil {
			if ToError(err).Kind == StopIteration {
				return nil
			}
			return err
		}
		if !yield(v) {
			return nil
		}
	}
}

// resumer is what an await delegates to: resume sends v into it (or
// throws err) and returns what it yields next, or done with the value it
// returns; end closes it, where the awaiting body is closed.
type resumer interface {
	resume(v Value, err error) (Value, bool, error)
	end() error
}

// stateResumer resumes a coroutine's or generator's body.
type stateResumer struct{ st *genState }

func (r stateResumer) resume(v Value, err error) (Value, bool, error) { return r.st.step(v, err) }
func (r stateResumer) end() error                                     { return (&Generator{st: r.st}).Close() }

// instanceResumer resumes an iterator of a user class that __await__
// returned: __next__, or send and throw when it has them.
type instanceResumer struct {
	in *interp
	x  *Instance
}

func (r instanceResumer) resume(v Value, err error) (Value, bool, error) {
	var out Value
	var rerr error
	switch {
	case err != nil:
		_, exc, e, _ := excInfo(err)
		if _, _, ok := r.x.cls.lookup("throw"); !ok {
			return nil, false, e
		}
		out, _, rerr = r.in.callSpecial(r.x, "throw", exc)
	case v != None && v != nil:
		if _, _, ok := r.x.cls.lookup("send"); ok {
			out, _, rerr = r.in.callSpecial(r.x, "send", v)
			break
		}
		fallthrough
	default:
		out, _, rerr = r.in.callSpecial(r.x, "__next__")
	}
	if rerr != nil {
		if e := ToError(rerr); isStopIteration(e) {
			return stopValue(e), true, nil
		}
		return nil, false, rerr
	}
	return out, false, nil
}

func (r instanceResumer) end() error {
	if _, _, ok := r.x.cls.lookup("close"); ok {
		_, _, err := r.in.callSpecial(r.x, "close")
		return err
	}
	return nil
}

// stopValue is the value of a StopIteration: its first argument, or None.
func stopValue(e *Error) Value {
	if x, _ := excOf(e); x != nil {
		if args := excStateOf(x).args; len(args) > 0 {
			return args[0]
		}
	}
	return None
}

// awaitResumer is what await v delegates to: v's body when it is a
// coroutine, else the iterator its __await__ returns.
func (in *interp) awaitResumer(v Value) (resumer, error) {
	switch x := v.(type) {
	case *Coroutine:
		switch {
		case x.st.done:
			return nil, Errorf(RuntimeError, "cannot reuse already awaited coroutine")
		case x.st.running:
			return nil, Errorf(ValueError, "coroutine already executing")
		case x.st.awaitedBy:
			return nil, Errorf(RuntimeError, "coroutine is being awaited already")
		}
		return stateResumer{x.st}, nil
	case *coroutineWrapper:
		return in.awaitResumer(x.co)
	case *Generator:
		if x.st.iterableCoroutine {
			return stateResumer{x.resumable()}, nil
		}
	case *asyncGenOp:
		return x, nil
	case *anextDefault:
		r, err := in.awaitResumer(x.aw)
		if err != nil {
			return nil, err
		}
		return defaultResumer{r: r, dflt: x.dflt}, nil
	case *thenAwaitable:
		if x.aw == nil {
			return thenResumer{r: doneResumer{}, then: x.then}, nil
		}
		r, err := in.awaitResumer(x.aw)
		if err != nil {
			return nil, err
		}
		return thenResumer{r: r, then: x.then}, nil
	case *Instance:
		if _, _, ok := x.cls.lookup("__await__"); ok {
			r, _, err := in.callSpecial(x, "__await__")
			if err != nil {
				return nil, err
			}
			switch it := r.(type) {
			case *Generator:
				return stateResumer{it.resumable()}, nil
			case *Coroutine:
				return nil, Errorf(TypeError, "__await__() returned a coroutine")
			case *coroutineWrapper:
				return stateResumer{it.co.st}, nil
			case *Instance:
				if _, _, ok := it.cls.lookup("__next__"); ok {
					return instanceResumer{in: in, x: it}, nil
				}
			}
			return nil, Errorf(TypeError, "__await__() returned non-iterator of type '%s'", TypeName(r))
		}
	}
	return nil, Errorf(TypeError, "object %s can't be used in 'await' expression", TypeName(v))
}

// await runs await v in the body of a coroutine: what v yields goes to
// whoever drives this body, what is sent back goes to v, and the value is
// what v returns.
func (in *interp) await(v Value) (Value, error) {
	if in.gen == nil {
		return nil, Errorf(RuntimeError, "await outside a running coroutine")
	}
	sub, err := in.awaitResumer(v)
	if err != nil {
		return nil, err
	}
	if co, ok := v.(*Coroutine); ok {
		co.st.awaitedBy = true
		defer func() { co.st.awaitedBy = false }()
	}
	prev := in.gen.awaiting
	in.gen.awaiting = awaitedIter(v, sub)
	defer func() { in.gen.awaiting = prev }()
	var sent Value = None
	var thrown error
	for {
		y, done, err := sub.resume(sent, thrown)
		if err != nil {
			return nil, err
		}
		if done {
			return y, nil
		}
		sent, thrown = in.gen.yield(y)
		if thrown != nil && ToError(thrown).Kind == GeneratorExit {
			if err := sub.end(); err != nil {
				return nil, err
			}
			return nil, thrown
		}
	}
}

// compileError records err at x as the SyntaxError that stops the code
// before it runs, as CPython's compiler raises it, and returns err.
func (c *compiler) compileError(err *Error, x syntax.Node) *Error {
	if c.err == nil {
		e := *err
		e.Span = x.Span()
		c.err = &e
	}
	return err
}

// awaitedIter is what a coroutine awaiting v through sub shows as its
// cr_await: the coroutine, or the iterator its __await__ returned.
func awaitedIter(v Value, sub resumer) Value {
	switch r := sub.(type) {
	case stateResumer:
		if _, ok := v.(*Coroutine); ok {
			return v
		}
		if g, ok := v.(*Generator); ok {
			return g
		}
		return &Generator{st: r.st}
	case instanceResumer:
		return r.x
	}
	return v
}

// awaitExpr compiles await x.
func (c *compiler) awaitExpr(x *syntax.AwaitExpr) evalFn {
	val := c.expr(x.X)
	return func(in *interp) (Value, error) {
		v, err := val(in)
		if err != nil {
			return nil, err
		}
		r, err := in.await(v)
		if err != nil {
			return nil, in.errorAt(err, x.Span())
		}
		return r, nil
	}
}

// callAwait calls x's special method name (no arguments but args) and
// awaits what it returns; ok is false when x's class lacks it.
func (in *interp) callAwait(x Value, name string, args ...Value) (Value, bool, error) {
	var r Value
	switch o := x.(type) {
	case *Instance:
		if _, _, ok := o.cls.lookup(name); !ok {
			return nil, false, nil
		}
		var err error
		if r, _, err = in.callSpecial(o, name, args...); err != nil {
			return nil, true, err
		}
	default:
		return nil, false, nil
	}
	v, err := in.await(r)
	return v, true, err
}

// asyncYield compiles a yield of an async generator's body: the value
// goes to the awaitable of __anext__ (an asyncGenValue), not to the event
// loop. yield from is CPython's SyntaxError there.
func (c *compiler) asyncYield(x *syntax.YieldExpr, val evalFn) evalFn {
	if x.From {
		err := Errorf(SyntaxError, "'yield from' inside async function")
		if c.err == nil {
			c.err = Errorf(SyntaxError, "'yield from' inside async function")
			c.err.Span = x.Span()
		}
		return c.failExpr(err, x)
	}
	return func(in *interp) (Value, error) {
		var v Value = None
		if val != nil {
			var err error
			if v, err = val(in); err != nil {
				return nil, err
			}
		}
		r, err := in.gen.yield(asyncGenValue{v})
		if err != nil {
			return nil, in.errorAt(err, x.Span())
		}
		return r, nil
	}
}

// asyncForStmt compiles async for: the loop takes each value that
// awaiting the iterator's __anext__() gives, until StopAsyncIteration.
func (c *compiler) asyncForStmt(st *syntax.ForStmt) execFn {
	iter := c.expr(st.Iter)
	target := c.target(st.Target)
	c.loops++
	body := c.block(st.Body)
	c.loops--
	broke := loopBreak(st.Else)
	return c.loopElse(st.Else, func(in *interp) (ctrl, error) {
		v, err := iter(in)
		if err != nil {
			return ctrlNext, in.errorAt(err, st.Iter.Span())
		}
		it, err := in.aiterOf(v, "async for")
		if err != nil {
			return ctrlNext, in.errorAt(err, st.Iter.Span())
		}
		for {
			if err := in.tick(); err != nil {
				return ctrlNext, in.errorAt(err, st.Span())
			}
			aw, err := in.anextOf(it)
			if err != nil {
				return ctrlNext, in.errorAt(err, st.Iter.Span())
			}
			item, err := in.await(aw)
			if err != nil {
				if ToError(err).Kind == StopAsyncIteration {
					return ctrlNext, nil
				}
				return ctrlNext, in.errorAt(err, st.Iter.Span())
			}
			if err := target(in, item); err != nil {
				return ctrlNext, in.errorAt(err, st.Target.Span())
			}
			switch k, err := body.exec(in); {
			case err != nil:
				return ctrlNext, err
			case k == ctrlBreak:
				return broke, nil
			case k == ctrlReturn:
				return ctrlReturn, nil
			}
		}
	})
}

// asyncWithStmt compiles async with: each item's __aenter__() is awaited
// and bound to its target, and its __aexit__(typ, exc, tb) awaited
// however the body ends, a true result suppressing the error.
func (c *compiler) asyncWithStmt(st *syntax.WithStmt) execFn {
	items := make([]evalFn, len(st.Items))
	targets := make([]storeFn, len(st.Items))
	for i, it := range st.Items {
		items[i] = c.expr(it.X)
		if it.Target != nil {
			targets[i] = c.target(it.Target)
		}
	}
	body := c.block(st.Body)
	var enter func(in *interp, i int) (ctrl, error)
	enter = func(in *interp, i int) (ctrl, error) {
		if i == len(items) {
			return body.exec(in)
		}
		item := st.Items[i]
		x, err := items[i](in)
		if err != nil {
			return ctrlNext, in.errorAt(err, item.X.Span())
		}
		o, ok := x.(*Instance)
		if ok {
			_, _, ok = o.cls.lookup("__aenter__")
		}
		if !ok {
			return ctrlNext, in.errorAt(Errorf(TypeError, "'%s' object does not support the asynchronous context manager protocol", TypeName(x)), item.X.Span())
		}
		if _, _, ok := o.cls.lookup("__aexit__"); !ok {
			return ctrlNext, in.errorAt(Errorf(TypeError, "'%s' object does not support the asynchronous context manager protocol (missed __aexit__ method)", TypeName(x)), item.X.Span())
		}
		v, _, err := in.callAwait(o, "__aenter__")
		if err != nil {
			return ctrlNext, in.errorAt(err, item.X.Span())
		}
		k := ctrlNext
		if targets[i] != nil {
			if err = targets[i](in, v); err != nil {
				err = in.errorAt(err, item.Target.Span())
			}
		}
		if err == nil {
			k, err = enter(in, i+1)
		}
		ret := in.ret
		if err == nil {
			if _, _, xerr := in.callAwait(o, "__aexit__", None, None, None); xerr != nil {
				return ctrlNext, in.errorAt(xerr, item.X.Span())
			}
			in.ret = ret
			return k, nil
		}
		typ, exc, e, catchable := excInfo(err)
		if !catchable {
			return ctrlNext, err
		}
		r, _, xerr := in.callAwait(o, "__aexit__", typ, exc, None)
		if xerr != nil {
			return ctrlNext, in.chain(in.errorAt(xerr, item.X.Span()), e)
		}
		suppress, terr := Truth(r)
		if terr != nil {
			return ctrlNext, in.errorAt(terr, item.X.Span())
		}
		if suppress {
			return ctrlNext, nil
		}
		return ctrlNext, e
	}
	return func(in *interp) (ctrl, error) { return enter(in, 0) }
}

func init() {
	for _, name := range []string{"__await__", "__aenter__", "__aexit__", "__aiter__", "__anext__"} {
		supportedDunders[name] = true
	}
}

// IsCoroutineFunction reports whether v is an async def without a yield
// (inspect.iscoroutinefunction; a method's function counts).
func IsCoroutineFunction(v Value) bool {
	f, ok := v.(*Function)
	return ok && f.code != nil && f.code.async && !f.code.fn.generator
}

// IsAsyncGenFunction reports whether v is an async def with a yield.
func IsAsyncGenFunction(v Value) bool {
	f, ok := v.(*Function)
	return ok && f.code != nil && f.code.async && f.code.fn.generator
}

// IsCoroutine reports whether v is a coroutine object.
func IsCoroutine(v Value) bool {
	_, ok := v.(*Coroutine)
	return ok
}

// IsAsyncGen reports whether v is an async generator object.
func IsAsyncGen(v Value) bool {
	_, ok := v.(*AsyncGenerator)
	return ok
}

// IsAwaitable reports whether await can take v (inspect.isawaitable): a
// coroutine, a generator of types.coroutine, an object whose class
// defines __await__, or the awaitable of an async iterator's step.
func IsAwaitable(v Value) bool {
	switch x := v.(type) {
	case *Coroutine, *coroutineWrapper, *asyncGenOp, *anextDefault, *thenAwaitable:
		return true
	case *Generator:
		return x.st.iterableCoroutine
	case *Instance:
		_, _, ok := x.cls.lookup("__await__")
		return ok
	}
	return false
}

// IsAsyncIterable reports whether v has __aiter__ (an async generator,
// an instance of a class that defines it).
func IsAsyncIterable(v Value) bool {
	switch x := v.(type) {
	case *AsyncGenerator:
		return true
	case *Instance:
		_, _, ok := x.cls.lookup("__aiter__")
		return ok
	}
	return false
}

// IsAsyncIterator reports whether v has __anext__ (and __aiter__).
func IsAsyncIterator(v Value) bool { return isAsyncIterator(v) && IsAsyncIterable(v) }

// MarkIterableCoroutine makes v, a generator, one that await takes, as
// types.coroutine's generators are (CO_ITERABLE_COROUTINE); it reports
// whether v is a generator.
func MarkIterableCoroutine(v Value) bool {
	g, ok := v.(*Generator)
	if ok {
		g.st.iterableCoroutine = true
	}
	return ok
}

// MarkIterableCoroutineFunction is types.coroutine on a function: a
// generator function's generators become ones that await takes
// (CO_ITERABLE_COROUTINE). It reports whether v needs no wrapper: a
// generator function (now marked), a coroutine function or an async
// generator function.
func MarkIterableCoroutineFunction(v Value) bool {
	f, ok := v.(*Function)
	if !ok || f.code == nil || !f.code.gen {
		return false
	}
	if !f.code.async {
		f.code.iterCoro = true
	}
	return true
}

// thenAwaitable is an awaitable that awaits aw and hands its outcome,
// the value or the error, to then, whose result is its own: the awaitable
// a library written in Go returns from an async method (contextlib's
// asynccontextmanager).
type thenAwaitable struct {
	aw   Value
	then func(v Value, err error) (Value, error)
}

func (t *thenAwaitable) TypeName() string { return "awaitable" }
func (t *thenAwaitable) String() string {
	return fmt.Sprintf("<awaitable object at %#x>", ID(t))
}

// ThenAwaitable returns an awaitable whose await awaits aw and is what
// then makes of its value or error; with aw nil, it awaits nothing and
// then gets None.
func ThenAwaitable(aw Value, then func(v Value, err error) (Value, error)) Value {
	return &thenAwaitable{aw: aw, then: then}
}

// thenResumer resumes a thenAwaitable's awaitable.
type thenResumer struct {
	r    resumer
	then func(v Value, err error) (Value, error)
}

func (t thenResumer) resume(v Value, err error) (Value, bool, error) {
	y, done, err := t.r.resume(v, err)
	if err == nil && !done {
		return y, false, nil
	}
	if err != nil {
		y = nil
	}
	r, err := t.then(y, err)
	if err != nil {
		return nil, false, err
	}
	return r, true, nil
}

func (t thenResumer) end() error { return t.r.end() }

// doneResumer is an awaitable's iterator that ends at once, with None.
type doneResumer struct{}

func (doneResumer) resume(Value, error) (Value, bool, error) { return None, true, nil }
func (doneResumer) end() error                               { return nil }

// AwaitableOf is the awaitable x.name() returns, for a library's Go code
// that awaits it through ThenAwaitable.
func AwaitableOf(a *Args, x Value, name string) (Value, error) {
	m, err := GetAttr(x, name)
	if err != nil {
		return nil, err
	}
	return a.Call(m)
}
