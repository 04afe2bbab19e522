package lang

import (
	"fmt"
	"strings"
)

// Async generators (PEP 525) and the asynchronous iteration builtins,
// aiter and anext. An async generator's body runs as a coroutine's does;
// each of __anext__, asend, athrow and aclose returns an awaitable (an
// *asyncGenOp) that resumes the body until it yields a value for the
// async for (an asyncGenValue, which ends the awaitable with that value)
// while what the body's awaits yield goes on to the event loop.

// TypeName is "async_generator".
func (g *AsyncGenerator) TypeName() string { return "async_generator" }

// String is <async_generator object f at 0x...>.
func (g *AsyncGenerator) String() string {
	return fmt.Sprintf("<async_generator object %s at %#x>", g.st.name, ID(g))
}

// Attr gives the async generator's methods and its ag_ attributes.
func (g *AsyncGenerator) Attr(name string) (Value, bool) {
	switch name {
	case "__qualname__":
		return g.st.name, true
	case "__name__":
		return g.st.name[strings.LastIndexByte(g.st.name, '.')+1:], true
	case "ag_running":
		return g.running, true
	case "ag_await":
		if g.st.awaiting == nil || g.st.done {
			return None, true
		}
		return g.st.awaiting, true
	case "ag_frame":
		return g.st.frame(), true
	}
	m, ok := asyncGenMethods[name]
	if !ok {
		return nil, false
	}
	return &BoundMethod{Recv: g, Method: m}, true
}

// AttrNames lists the async generator's methods and attributes.
func (g *AsyncGenerator) AttrNames() []string {
	return append(sortedKeys(asyncGenMethods), "__name__", "__qualname__", "ag_await", "ag_frame", "ag_running")
}

// opKind is what an asyncGenOp does to its generator.
type opKind int

const (
	opSend opKind = iota // __anext__, asend
	opThrow
	opClose
)

// asyncGenOp is the awaitable of __anext__, asend, athrow or aclose.
type asyncGenOp struct {
	ag      *AsyncGenerator
	kind    opKind
	send    Value // what asend sends (None for __anext__)
	thrown  error // what athrow throws
	started bool
	done    bool
}

// TypeName is CPython's name of the awaitable.
func (op *asyncGenOp) TypeName() string {
	if op.kind == opSend {
		return "async_generator_asend"
	}
	return "async_generator_athrow"
}

func (op *asyncGenOp) String() string {
	return fmt.Sprintf("<%s object at %#x>", op.TypeName(), ID(op))
}

// resume steps the generator's body for the awaitable (resumer).
func (op *asyncGenOp) resume(v Value, err error) (Value, bool, error) {
	ag := op.ag
	if op.done {
		if op.kind == opSend {
			return nil, false, Errorf(RuntimeError, "cannot reuse already awaited __anext__()/asend()")
		}
		return nil, false, Errorf(RuntimeError, "cannot reuse already awaited aclose()/athrow()")
	}
	if !op.started {
		op.started = true
		if ag.running {
			op.done = true
			if op.kind == opSend {
				return nil, false, Errorf(RuntimeError, "anext(): asynchronous generator is already running")
			}
			return nil, false, Errorf(RuntimeError, "athrow(): asynchronous generator is already running")
		}
		switch op.kind {
		case opSend:
			v, err = op.send, nil
			if !ag.st.started && v != None && !ag.st.done {
				op.done = true
				return nil, false, Errorf(TypeError, "can't send non-None value to a just-started async generator")
			}
		case opThrow:
			v, err = nil, op.thrown
		case opClose:
			v, err = nil, Errorf(GeneratorExit, "")
		}
		if ag.st.done || (!ag.st.started && op.kind != opSend) {
			// An ended generator, or one thrown into before it ran: it
			// ends now, and the exception is raised here.
			ag.st.done = true
			op.done = true
			switch op.kind {
			case opClose:
				return None, true, nil
			case opThrow:
				return nil, false, err
			}
			return nil, false, Errorf(StopAsyncIteration, "")
		}
	}
	ag.running = true
	y, finished, e := ag.st.step(v, err)
	ag.running = false
	switch {
	case e != nil:
		op.done = true
		if k := ToError(e).Kind; op.kind == opClose && (k == GeneratorExit || k == StopAsyncIteration) {
			return None, true, nil
		}
		return nil, false, e
	case finished:
		op.done = true
		if op.kind == opClose {
			return None, true, nil
		}
		return nil, false, Errorf(StopAsyncIteration, "")
	}
	if w, ok := y.(asyncGenValue); ok {
		op.done = true
		if op.kind == opClose {
			return nil, false, Errorf(RuntimeError, "async generator ignored GeneratorExit")
		}
		return w.v, true, nil
	}
	return y, false, nil
}

// end closes the awaitable: what awaited it was closed.
func (op *asyncGenOp) end() error {
	op.done = true
	return nil
}

// Attr gives send, throw, close, __await__, __next__ and __iter__: the
// awaitable is its own iterator, as CPython's.
func (op *asyncGenOp) Attr(name string) (Value, bool) {
	step := func(v Value, err error) (Value, error) {
		r, done, err := op.resume(v, err)
		if err != nil {
			return nil, err
		}
		if done {
			return nil, stopIteration(r)
		}
		return r, nil
	}
	switch name {
	case "send":
		return NewBuiltin(AsValue, "send(value)", "Resumes the awaitable with value.", func(a *Args) (Value, error) {
			return step(a.Value("value"), nil)
		}), true
	case "__next__":
		return NewBuiltin(AsValue, "__next__()", "Resumes the awaitable with None.", func(a *Args) (Value, error) {
			return step(None, nil)
		}), true
	case "throw":
		return NewBuiltin(AsValue, "throw(typ, val=None, tb=None)", "Raises an exception in the awaitable.", func(a *Args) (Value, error) {
			exc, err := thrownException(a, a.Value("typ"), a.Value("val"), a.Value("tb"))
			if err != nil {
				return nil, err
			}
			x, _ := isException(exc)
			return step(nil, excError(x))
		}), true
	case "close":
		return NewBuiltin(AsValue, "close()", "Closes the awaitable.", func(a *Args) (Value, error) {
			return None, op.end()
		}), true
	case "__await__", "__iter__":
		return NewBuiltin(AsValue, name+"()", "The awaitable itself.", func(a *Args) (Value, error) { return op, nil }), true
	}
	return nil, false
}

// AttrNames lists the awaitable's methods.
func (op *asyncGenOp) AttrNames() []string {
	return []string{"__await__", "__iter__", "__next__", "close", "send", "throw"}
}

var asyncGenMethods = map[string]*Builtin{
	"__aiter__": NewBuiltin(AsValue, "__aiter__(self)", "The async generator itself.", func(a *Args) (Value, error) {
		return a.Value("self"), nil
	}),
	"__anext__": NewBuiltin(AsValue, "__anext__(self)", "An awaitable of the next value the async generator yields; it raises StopAsyncIteration at the end.", func(a *Args) (Value, error) {
		return &asyncGenOp{ag: a.Value("self").(*AsyncGenerator), send: None}, nil
	}),
	"asend": NewBuiltin(AsValue, "asend(self, value)", "An awaitable that resumes the async generator with value as the result of its yield and is the next value it yields.", func(a *Args) (Value, error) {
		return &asyncGenOp{ag: a.Value("self").(*AsyncGenerator), send: a.Value("value")}, nil
	}),
	"athrow": NewBuiltin(AsValue, "athrow(self, typ, val=None, tb=None)", "An awaitable that raises an exception at the yield the async generator is suspended at and is the next value it yields.", func(a *Args) (Value, error) {
		exc, err := thrownException(a, a.Value("typ"), a.Value("val"), a.Value("tb"))
		if err != nil {
			return nil, err
		}
		x, _ := isException(exc)
		return &asyncGenOp{ag: a.Value("self").(*AsyncGenerator), kind: opThrow, thrown: excError(x)}, nil
	}),
	"aclose": NewBuiltin(AsValue, "aclose(self)", "An awaitable that raises GeneratorExit at the yield the async generator is suspended at, ending it.", func(a *Args) (Value, error) {
		return &asyncGenOp{ag: a.Value("self").(*AsyncGenerator), kind: opClose}, nil
	}),
}

// anextDefault is the awaitable of anext(it, default): it is what it's
// __anext__ awaitable is, or default where that raises StopAsyncIteration.
type anextDefault struct {
	aw, dflt Value
}

func (d *anextDefault) TypeName() string { return "anext_awaitable" }
func (d *anextDefault) String() string {
	return fmt.Sprintf("<anext_awaitable object at %#x>", ID(d))
}

// defaultResumer resumes an anextDefault's awaitable.
type defaultResumer struct {
	r    resumer
	dflt Value
}

func (d defaultResumer) resume(v Value, err error) (Value, bool, error) {
	y, done, err := d.r.resume(v, err)
	if err != nil && ToError(err).Kind == StopAsyncIteration {
		return d.dflt, true, nil
	}
	return y, done, err
}

func (d defaultResumer) end() error { return d.r.end() }

// anextOf is x.__anext__() for anext(): an awaitable.
func (in *interp) anextOf(x Value) (Value, error) {
	switch o := x.(type) {
	case *AsyncGenerator:
		return &asyncGenOp{ag: o, send: None}, nil
	case *Instance:
		if r, ok, err := in.callSpecial(o, "__anext__"); ok || err != nil {
			return r, err
		}
	}
	return nil, Errorf(TypeError, "'%s' object is not an async iterator", TypeName(x))
}

// aiterOf is x.__aiter__() for aiter() and async for: an async iterator.
func (in *interp) aiterOf(x Value, what string) (Value, error) {
	var r Value
	found := false
	switch o := x.(type) {
	case *AsyncGenerator:
		return o, nil
	case *Instance:
		var err error
		if r, found, err = in.callSpecial(o, "__aiter__"); err != nil {
			return nil, err
		}
	}
	if !found {
		if what == "aiter" {
			return nil, Errorf(TypeError, "'%s' object is not an async iterable", TypeName(x))
		}
		return nil, Errorf(TypeError, "'async for' requires an object with __aiter__ method, got %s", TypeName(x))
	}
	if !isAsyncIterator(r) {
		if what == "aiter" {
			return nil, Errorf(TypeError, "aiter() returned not an async iterator of type '%s'", TypeName(r))
		}
		return nil, Errorf(TypeError, "'async for' received an object from __aiter__ that does not implement __anext__: %s", TypeName(r))
	}
	return r, nil
}

// isAsyncIterator reports whether v has __anext__.
func isAsyncIterator(v Value) bool {
	switch o := v.(type) {
	case *AsyncGenerator:
		return true
	case *Instance:
		_, _, ok := o.cls.lookup("__anext__")
		return ok
	}
	return false
}

func init() {
	NewBuiltin(AsFunc, "aiter(async_iterable)", "The async iterator of an async iterable: its __aiter__().", func(a *Args) (Value, error) {
		return a.in.aiterOf(a.Value("async_iterable"), "aiter")
	})
	NewBuiltin(AsFunc, "anext(aiterator, *default)", "An awaitable of the next element of an async iterator (its __anext__()); with default, the awaitable is default at the end instead of raising StopAsyncIteration.", func(a *Args) (Value, error) {
		dflt := a.Value("default").(Tuple)
		if len(dflt) > 1 {
			return nil, Errorf(TypeError, "anext expected at most 2 arguments, got %d", 1+len(dflt))
		}
		it := a.Value("aiterator")
		if !isAsyncIterator(it) {
			return nil, Errorf(TypeError, "'%s' object is not an async iterator", TypeName(it))
		}
		aw, err := a.in.anextOf(it)
		if err != nil || len(dflt) == 0 {
			return aw, err
		}
		return &anextDefault{aw: aw, dflt: dflt[0]}, nil
	})
}

// asyncIterate runs each on the values of the async iterable v, awaiting
// each __anext__() in the running coroutine, until StopAsyncIteration or
// until each returns false.
func (in *interp) asyncIterate(v Value, each func(Value) bool) error {
	it, err := in.aiterOf(v, "async for")
	if err != nil {
		return err
	}
	for {
		aw, err := in.anextOf(it)
		if err != nil {
			return err
		}
		item, err := in.await(aw)
		if err != nil {
			if ToError(err).Kind == StopAsyncIteration {
				return nil
			}
			return err
		}
		if !each(item) {
			return nil
		}
	}
}
