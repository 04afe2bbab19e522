package lang

import (
	"context"
	"errors"
	"runtime"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// interp is one frame: the running state of a cell's top level or of one
// function call. Compiled code (compile*.go) reads its variables from the
// frame's slots, its closure's cells and the session's global table.
type interp struct {
	// The fields a call writes or reads come first, in two cache lines.
	s        *Session
	locals   []Value   // the slots of the frame; a cell variable's slot holds a *varCell
	ret      Value     // what a return statement returns
	fn       *Function // the function running or, in a recycled frame, that ran last
	nextFree *interp   // the next frame of Session.frames, in a frame there
	ctx      context.Context
	depth    int
	weight   int    // the stack budget the active calls use
	stmtID   int32  // the statement being executed (funcInfo.stmtID), 0 for none
	ticks    uint32 // loop iterations and calls, for interrupt checks
	notes    []Note
	glob     *globalTable
	free     []*varCell // the closure's free variables
	src      string
	filename string
	fnName   string
	code     *funcCode // the function running; nil at a cell's top level
	// localsMap is the dict locals() returns in this frame, made on its
	// first call (compile_dialect.go).
	localsMap *Dict
	info      *funcInfo // the scope of the code running, whose statements stmtID numbers
	gen       *genState // the generator whose body this frame runs, nil for others
	// back is the frame that called this one (f_back, frames.go): nil at
	// a cell's top level and in a generator's body. A frame that stands in
	// for back while Go code calls a special method (Session.hookFrame)
	// is a standIn.
	back    *interp
	standIn bool
	// st is the state of the call running in this function's frame
	// (frames.go), made when a traceback or sys._getframe first needs it;
	// releaseFrame detaches it from the frame's slots.
	st *frameState
}

// newInterp is the one constructor of an interpreter at top level: it runs
// code (a compiled cell; nil for an expression, which needs no locals)
// from src, named filename in errors, with the globals of s, until ctx is
// cancelled. A nil s gives the interpreter of constants, which evaluates
// literals (a builtin's defaults, the compiler's folding) and has no
// variables. Calls get their frames from newFrame; special methods called
// from Go code get theirs from Session.hookFrame.
func newInterp(ctx context.Context, s *Session, src, filename string, code *cellCode) *interp {
	in := &interp{s: s, ctx: ctx, src: src, filename: filename}
	if s != nil {
		in.glob = s.globals
	}
	if code != nil {
		in.locals, in.info = make([]Value, code.nlocals), code.info
	}
	return in
}

// maxWeight bounds the Go stack the active calls may need: each call
// counts the nesting of its function's expressions (a chain of a thousand
// additions needs a thousand Go frames to evaluate), so that deep
// recursion through deep expressions is a RecursionError, never a fatal
// Go stack overflow.
const maxWeight = 600_000

// ctrl says how a statement ended.
type ctrl uint8

const (
	ctrlNext ctrl = iota
	ctrlBreak
	ctrlContinue
	ctrlReturn
)

// stmtSpan returns the span of the statement being executed.
func (in *interp) stmtSpan() syntax.Span { return in.stmtNode().Span() }

// stmtNode returns the statement being executed as a node whose span is
// computed only when asked for: the position of a call made from Go code
// (a special method, a sort key), which only an error shows.
func (in *interp) stmtNode() syntax.Node {
	if in.stmtID == 0 || in.info == nil {
		return noStatement
	}
	return in.info.stmts[in.stmtID-1]
}

// noStatement is the node of a frame at no statement.
var noStatement syntax.Node = spanNode{}

// errorAt attaches span (in this interp's source) to err unless it already
// has a position.
func (in *interp) errorAt(err error, span syntax.Span) *Error {
	e := asError(err)
	if e.resumed {
		e.resumed = false
		if e.Kind != KeyboardInterrupt {
			e.Trace = append([]Frame{{Function: in.fnName, Span: span, Src: in.src, Filename: in.filename, state: in.state()}}, e.Trace...)
		}
	}
	if !e.Span.Start.IsValid() {
		e.Span, e.Src, e.Filename, e.Function = span, in.src, in.filename, in.fnName
		e.frame = in.state()
	}
	if e.Src == "" {
		e.Src = in.src
	}
	return e
}

// errorAtNode is errorAt with n's span, computed only when err has no
// position yet: an error passing up through the expressions and the
// statement around the one that raised it keeps its first position, and
// a node's span is computed from the nodes below it (an assignment's from
// its targets and value), which would cost that walk at every level.
func (in *interp) errorAtNode(err error, n syntax.Node) *Error {
	e := asError(err)
	if !e.Span.Start.IsValid() || e.resumed {
		return in.errorAt(e, n.Span())
	}
	if e.Src == "" {
		e.Src = in.src
	}
	return e
}

// placeRaise attaches span (in this interp's source) to e, the new error
// of a raise statement (excError), which has no position yet: errorAt's
// stores without its loads, which wait on the fresh memory of a raise's
// block.
func (in *interp) placeRaise(e *Error, span syntax.Span) *Error {
	e.Span, e.Src, e.Filename, e.Function = span, in.src, in.filename, in.fnName
	e.frame = in.state()
	return e
}

// wrapNode attaches n's span to a non-nil error. It computes the span only
// on error: spans of deeply nested nodes cost time proportional to depth.
func (in *interp) wrapNode(err error, n syntax.Node) error {
	if err == nil {
		return nil
	}
	return in.wrapNodeError(err, n)
}

// wrapNodeError is wrapNode's work when there is an error; apart, so that
// wrapNode is inlined.
func (in *interp) wrapNodeError(err error, n syntax.Node) error { return in.errorAtNode(err, n) }

// wrap attaches span to a non-nil error.
func (in *interp) wrap(err error, span syntax.Span) error {
	if err == nil {
		return nil
	}
	return in.errorAt(err, span)
}

// checkInterrupt is the look at the context made every tickEvery steps
// (and at once when an interrupt is pending). It is also the loop's
// scheduling point: it yields the processor, so that the garbage
// collector's mark worker runs when the process has one processor
// (GOMAXPROCS=1: a process pinned to one CPU, as kaelbench's rows and
// `taskset -c` run it). Go runs that worker only when the scheduler does,
// and a loop that never blocks reaches the scheduler only when the runtime
// preempts it, every 10 ms: the mark phase then lasted about 20 ms of a
// 40 ms cycle, with the write barrier on and the allocations of those
// 20 ms kept live into the next cycle, and micrograd's Value loop ran 40 %
// slower than with two processors (docs/performance.md, 2026-12-07,
// "one processor"). A yield every tickEvery steps costs a few nanoseconds
// per thousand steps; with nothing else to run it returns at once.
func (in *interp) checkInterrupt() error {
	runtime.Gosched()
	if in.ctx != nil && in.ctx.Err() != nil {
		return ErrInterrupted()
	}
	return nil
}

// ErrInterrupted is the KeyboardInterrupt of a cell that was interrupted.
func ErrInterrupted() *Error {
	return Errorf(KeyboardInterrupt, "interrupted").WithHint("variables keep the values they had when the cell stopped")
}

// pollEvery is how many elements a builtin whose work grows with its input
// (building a list, sorting, printing) handles between two looks at the
// interrupt flag.
const pollEvery = 1 << 12

// PollInterrupt returns KeyboardInterrupt when the running cell was
// interrupted and i, a count of elements handled, is a multiple of
// pollEvery; it is one atomic load, made every pollEvery elements.
func PollInterrupt(i int) error {
	if i%pollEvery == 0 && tensor.Interrupted() {
		return ErrInterrupted()
	}
	return nil
}

// tickEvery is how many loop iterations or calls pass between two looks at
// the context when no interrupt is pending. An interrupt of a running cell
// raises tensor.Interrupted, which is checked at every step: it is one
// atomic load.
const tickEvery = 4096

// tick is called at each loop iteration and call; it returns
// KeyboardInterrupt when the cell was interrupted.
func (in *interp) tick() error {
	if in.tickDue() {
		return in.checkInterrupt()
	}
	return nil
}

// tickDue counts a step and reports whether the context must be looked
// at: every tickEvery steps, or at once when an interrupt is pending. It
// is small enough for Go to inline, which tick is not.
func (in *interp) tickDue() bool {
	in.ticks++
	return in.ticks%tickEvery == 0 || tensor.Interrupted()
}

// eval evaluates an expression at a cell's top level, against the
// session's globals (or, without a session, against none: the constant
// defaults of builtin signatures).
func (in *interp) eval(x syntax.Expr) (Value, error) {
	g := in.glob
	if g == nil {
		g = newGlobalTable()
		if in.s != nil {
			g = in.s.globals
		}
		in.glob = g
	}
	code, err := compileExpr(g, x)
	if err != nil {
		return nil, err
	}
	in.locals = make([]Value, code.nlocals)
	return code.eval(in)
}

// funcCode is a compiled function body with what calling it needs.
type funcCode struct {
	nlocals   int
	cellSlots []int          // the slots holding cells
	free      []*nameBinding // the free variables, for building closures
	body      blockCode      // a def's body
	expr      evalFn         // a lambda's body
	exprID    int32          // the stmtID of a lambda's body
	names     []string       // the locals' names, by slot
	// simpleArity is the number of parameters when they are all
	// positional without defaults (a call binds its arguments by copying
	// them), -1 otherwise.
	simpleArity int
	positional  bool // only positional parameters, with defaults or not
	required    int  // the parameters before the first with a default (all, without one)
	weight      int  // what a call costs of the stack budget (maxWeight)
	fn          *funcInfo
	gen         bool // a generator function: a call makes a generator (runWithCells)
	async       bool // an async def: a call makes a coroutine or an async generator
	iterCoro    bool // a generator function of types.coroutine: await takes its generators
	line        int  // the line of the def or lambda (co_firstlineno)
	// ctor is the body's one run of stores on the first parameter, when
	// an __init__ that is only that can be run without a frame
	// (class_ctor.go).
	ctor *storeRun
}

// callFunction calls a user function with Python's nameBinding of arguments.
func (in *interp) callFunction(f *Function, pos []Value, kwNames []string, kwVals []Value, at syntax.Node) (Value, error) {
	callee := in.newFrame(f)
	if f.code.simpleArity == len(pos) && len(kwNames) == 0 {
		copy(callee.locals, pos)
	} else if err := bindParams(f, callee.locals, pos, kwNames, kwVals); err != nil {
		in.releaseFrame(callee)
		return nil, err
	}
	return in.runCall(callee, f, at, true)
}

// bindParams binds call arguments to a user function's parameters, into
// the first slots of locals, with Python's rules.
func bindParams(f *Function, locals []Value, pos []Value, kwNames []string, kwVals []Value) error {
	if f.code.positional && len(kwNames) == 0 && len(pos) <= len(f.params) && bindDefaults(f, locals, pos) {
		return nil
	}
	if len(kwNames) > 0 && bindKeywords(f, locals, pos, kwNames, kwVals) {
		return nil
	}
	sig := signature{name: f.qualifiedName(), params: f.params, keywords: f.kwargs != "", of: f, python: true}
	vals, extra, err := sig.bind(pos, kwNames, kwVals)
	if err != nil {
		return err
	}
	copy(locals, vals)
	if f.kwargs != "" {
		d := NewDict()
		for _, kw := range extra {
			_ = d.Set(kw.name, kw.value) // string keys always hash
		}
		locals[len(f.params)] = d
	}
	return nil
}

// bindKeywords binds a call with keyword arguments that names each of
// f's parameters at most once, without the general path's allocations
// (f(x, d, normalize=False), nn.Linear(3, 4, bias=False)): each keyword
// is an ordinary parameter's, the positional arguments fit before *args
// (there is no *args, or pos fills exactly the parameters before it) and
// every parameter left has a default. It reports false, having bound
// nothing that matters, for anything else, whose errors and **kwargs the
// general path makes.
func bindKeywords(f *Function, locals []Value, pos []Value, kwNames []string, kwVals []Value) bool {
	params := f.params
	if len(params) > 64 || len(pos) > len(params) {
		return false
	}
	var given uint64
	for i, v := range pos {
		if params[i].variadic || params[i].kwOnly {
			return false
		}
		locals[i] = v
		given |= 1 << i
	}
	for k, name := range kwNames {
		j := -1
		for i := range params {
			if params[i].name == name {
				j = i
				break
			}
		}
		if j < 0 || params[j].variadic || params[j].posOnly || given&(1<<j) != 0 {
			return false
		}
		locals[j] = kwVals[k]
		given |= 1 << j
	}
	for i := range params {
		if given&(1<<i) != 0 {
			continue
		}
		switch p := &params[i]; {
		case p.variadic:
			locals[i] = Tuple{}
		case p.def != nil:
			locals[i] = p.def
		default:
			return false
		}
	}
	if f.kwargs != "" {
		locals[len(params)] = NewDict()
	}
	return true
}

// bindDefaults binds the arguments of a call with positional arguments
// only, pos, to the parameters of f, which are all positional, the
// missing ones to their defaults; it reports false, having bound nothing
// that matters, when one without a default is missing (bindParams's
// general path then raises Python's error).
func bindDefaults(f *Function, locals []Value, pos []Value) bool {
	for i := len(pos); i < len(f.params); i++ {
		if f.params[i].def == nil {
			return false
		}
		locals[i] = f.params[i].def
	}
	copy(locals, pos)
	return true
}

// call calls any callable value.
func (in *interp) call(fn Value, pos []Value, kwNames []string, kwVals []Value, at syntax.Node) (Value, error) {
	switch f := fn.(type) {
	case *Builtin:
		return in.callBuiltin(f, pos, kwNames, kwVals, false)
	case *BoundMethod:
		var buf [6]Value // on the stack: calls keep no argument slice
		args := buf[:0]
		if len(pos) >= len(buf) {
			args = make([]Value, 0, len(pos)+1)
		}
		return in.callBuiltin(f.Method, append(append(args, f.Recv), pos...), kwNames, kwVals, true)
	case *Function:
		return in.callFunction(f, pos, kwNames, kwVals, at)
	case tensor.DType:
		return nil, Errorf(TypeError, "'dtype' object is not callable").WithHint("convert with x.to(%s)", f)
	case *UserClass, *userMethod, *Instance:
		return in.callUser(fn, pos, kwNames, kwVals, at)
	}
	if target, ok := callTarget(fn); ok {
		return in.call(target, pos, kwNames, kwVals, at)
	}
	return nil, Errorf(TypeError, "'%s' object is not callable", TypeName(fn))
}

// callBuiltin calls f; bound says that pos starts with the receiver of a
// method call (Args.Position counts the arguments after it).
func (in *interp) callBuiltin(f *Builtin, pos []Value, kwNames []string, kwVals []Value, bound bool) (Value, error) {
	if f.names != nil && f.names.fast != nil && len(kwNames) == 0 && len(pos) <= 2 { // fastPath, inlined
		var x, y Value // by value: a slice through a func value would move every caller's arguments to the heap
		switch len(pos) {
		case 2:
			x, y = pos[0], pos[1]
		case 1:
			x = pos[0]
		}
		if v, ok := f.names.fast(in, len(pos), x, y); ok {
			return v, nil
		}
	}
	a, err := f.bind(in, pos, kwNames, kwVals)
	if err != nil {
		return nil, err
	}
	a.bound = bound
	if in.s == nil {
		v, err := f.fn(a)
		in.releaseArgs(a)
		return v, err
	}
	// in.underHooks, without a closure: calls of builtins are the
	// hottest path
	prev := in.s.hookIn
	in.s.hookIn = in
	v, err := f.fn(a)
	in.s.hookIn = prev
	in.releaseArgs(a)
	if in.s.hookErr != nil {
		err = in.s.takeHookErr(err)
	}
	return v, err
}

// spanNode is a syntax.Node for a span computed elsewhere.
type spanNode syntax.Span

func (s spanNode) Span() syntax.Span { return syntax.Span(s) }

// Iterate calls yield for each element of an iterable value until yield
// returns false.
func Iterate(v Value, yield func(Value) bool) error {
	switch x := v.(type) {
	case *List:
		for i := 0; i < len(x.Elems); i++ { // the body may append
			if !yield(x.Elems[i]) {
				return nil
			}
		}
	case Tuple:
		for _, e := range x {
			if !yield(e) {
				return nil
			}
		}
	case *Range:
		n := x.Len()
		for i := int64(0); i < n; i++ {
			if !yield(x.Start + i*x.Step) {
				return nil
			}
		}
	case *Dict: // raises as CPython's when the loop changes the dict's size
		return newDictWalk(x, false).iterate(viewKeys, yield)
	case string:
		for _, r := range x {
			if !yield(string(r)) {
				return nil
			}
		}
	case *tensor.Tensor:
		if x.Dim() == 0 {
			return Errorf(TypeError, "iteration over a 0-d tensor")
		}
		return iterateRows(x, yield)
	case Iterable:
		return x.Iterate(yield)
	case *UserClass:
		elems, ok := x.classIter()
		if !ok {
			return NotIterable("type")
		}
		for _, e := range elems {
			if !yield(e) {
				return nil
			}
		}
	default:
		return NotIterable(TypeName(v))
	}
	return nil
}

// iterateRows yields the rows of x, a tensor of at least one dimension.
// Where autograd records them they are PyTorch's iter(x.unbind(0)): views
// that share one UnbindBackward0 node, so that backward through any of them
// (or only some) gives x one stacked gradient. Elsewhere the rows are taken
// one at a time, so that breaking out of a loop over a long tensor makes
// only the rows it used.
func iterateRows(x *tensor.Tensor, yield func(Value) bool) error {
	if autograd.IsGradEnabled() && x.RequiresGrad() {
		rows, err := autograd.Unbind(x, 0)
		if err != nil {
			return err
		}
		for _, row := range rows {
			if !yield(row) {
				return nil
			}
		}
		return nil
	}
	n, _ := x.Size(0)
	for i := range n {
		row, err := x.Select(0, i)
		if err != nil {
			return err
		}
		if !yield(row) {
			return nil
		}
	}
	return nil
}

// errNotIterable is what the error of iterating a value that cannot be
// iterated wraps, for the places that word it as Python does there
// (unpackingDisplay).
var errNotIterable = errors.New("not iterable")

// NotIterable is the TypeError of iterating a value of type typeName.
func NotIterable(typeName string) *Error {
	e := Errorf(TypeError, "'%s' object is not iterable", typeName)
	e.Err = errNotIterable
	return e
}

// MaxCollect bounds the elements collected into one list, so that
// list(range(10**12)) is a MemoryError rather than an exhausted process.
const MaxCollect = 1 << 26

// IsIterable reports whether v has __iter__, as isinstance(v,
// typing.Iterable) asks: every kael container and iterator, a tensor (of
// any dimension, as in PyTorch), an instance whose class defines
// __iter__, an Iterable unless its HasIter says otherwise.
func IsIterable(v Value) bool {
	switch x := v.(type) {
	case *Instance:
		return x.HasOwn("__iter__")
	case *UserClass: // an enum
		_, ok := x.classIter()
		return ok
	case HasIter:
		return x.HasIter()
	case *List, Tuple, *Range, *Dict, string, *tensor.Tensor, Iterable:
		return true
	}
	return false
}

// Collect returns the elements of an iterable value.
func Collect(v Value) ([]Value, error) { return collectUpTo(v, -1) }

// collectUpTo is Collect stopping after limit elements (all of them when
// limit is negative), so that a, b = x takes one element more than it
// needs from an endless iterator, as Python does, rather than draining it.
func collectUpTo(v Value, limit int) ([]Value, error) {
	if limit < 0 && isRange(v) { // refused at once
		n, err := Len(v) // CPython's OverflowError beyond 2**63-1 elements
		if err != nil {
			return nil, err
		}
		if n := n.(int64); n > MaxCollect {
			return nil, Errorf(MemoryError, "a range of %d elements is too long to hold in a list", n).
				WithHint("loop over it with for, or use arange() for a tensor")
		}
	}
	var out []Value
	var stopped error
	err := Iterate(v, func(e Value) bool {
		if stopped = PollInterrupt(len(out)); stopped != nil {
			return false
		}
		out = append(out, e)
		return len(out) != limit
	})
	if err == nil {
		err = stopped
	}
	return out, err
}
