package lang

import (
	"context"
	"fmt"
	"io"
	"runtime/debug"
	"sort"

	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// IO connects a session to its front end. Every field is optional.
type IO struct {
	// Stdout receives what print writes, as it is written.
	Stdout io.Writer
	// Stderr receives what is written to sys.stderr (and warnings and
	// logging's output); when nil, it goes to Stdout.
	Stderr io.Writer
	// Display shows a value as a rich output (display(x) in a notebook).
	// When nil, display prints the value's repr to Stdout.
	Display func(v Value)
	// ClearOutput clears the cell's output (clear_output()).
	ClearOutput func(wait bool)
	// Input asks the user for a line of text (input(prompt)); it returns
	// io.EOF (or an error wrapping it) at the end of the input, which
	// input() raises as an EOFError. When nil, input() raises an error
	// saying the front end cannot read input.
	Input func(prompt string, password bool) (string, error)
	// Progress reports progress of long work, e.g. loading a file.
	Progress func(label string, done, total int)
	// UpdateDisplay shows v as the display named id: a new display when
	// update is false, else a redraw of that display in place
	// (display(x, display_id=True) and its handle's update(), progress
	// bars). When nil, each is shown as display shows a value.
	UpdateDisplay func(id string, v Value, update bool)
}

// Note is a remark about a cell that is not an error, shown under its
// result: a dtype promotion, for example.
type Note struct {
	Span syntax.Span
	Text string
}

// Result is what one cell produced.
type Result struct {
	// Value is the value of the cell's last statement when that statement
	// is an expression whose value is not None; nil otherwise.
	Value Value
	Notes []Note
	Err   *Error
}

// MaxDepth is the deepest nesting of function calls before RecursionError.
const MaxDepth = 500

// Session holds the variables of one REPL or notebook and evaluates cells
// against them. A Session is not safe for concurrent Exec calls.
type Session struct {
	globals  *globalTable
	files    *fileModules // the modules made from Python files (modules_file.go)
	io       IO
	inputs   []string // every cell executed, for :save
	count    int      // cells executed, for file names in errors
	frames   *interp  // frames of finished calls, for reuse, linked by interp.nextFree
	argsPool []*Args  // Args of finished builtin calls, for reuse
	boxes    boxSlabs // the cells of boxed ints and floats (box.go)
	// Special methods of user classes called from Go code without a
	// frame (class_runtime.go): the innermost frame that called a
	// builtin, how deep such calls nest, and the first error one raised.
	hookIn   *interp
	hookNest int
	hookErr  error
	// handling is the exception an except clause is handling, for a bare
	// raise and __context__ (compile_try.go); nil outside one.
	handling *Error
	// callers' are the handling of the frames that resumed the running
	// generators, innermost last: a generator keeps its own handled
	// exception (genState.own), and sees its caller's when it has none,
	// as CPython's exc_info chain (topHandling).
	callersHandling []*Error
	// recursionLimit is the depth of calls a cell may reach, at most
	// MaxDepth (sys.setrecursionlimit); 0 for MaxDepth.
	recursionLimit int
	// noteFilter, when set, decides which notes are kept (SetNoteFilter).
	noteFilter func(text string) bool
	// builtinsSet are the names a program assigned in the builtins module
	// (SetBuiltin): they replace or add to the builtins for every module
	// of the session; nil until one is assigned.
	builtinsSet map[string]Value
	// suspended are the session's generators whose body started on a
	// coroutine and has not ended, each with its rank among them, which
	// the program's end closes in order (closeSuspended).
	suspended    map[*genState]uint64
	suspendedSeq uint64
	// genPool are generators that their for loops ran to the end, or
	// stopped, emptied for the next generator function's call
	// (recycleGenerator, makeGenerator).
	genPool []*Generator
}

// NewSession returns a session with no variables.
func NewSession(io IO) *Session {
	s := &Session{globals: newGlobalTable(), io: io}
	setMainDunders(s.globals)
	return s
}

// setMainDunders binds the module attributes of __main__ that CPython's
// has in a script and in the REPL, in its order: __name__, and __doc__,
// __package__ and __spec__ None (a script run by path has no spec);
// __loader__ is None until a script's is set (initScript).
func setMainDunders(g *globalTable) {
	g.set("__name__", "__main__")
	g.set("__doc__", None)
	g.set("__package__", None)
	g.set("__loader__", None)
	g.set("__spec__", None)
}

// RecursionLimit is the deepest nesting of calls a cell may reach before
// RecursionError: MaxDepth, or the lower limit set by SetRecursionLimit.
func (s *Session) RecursionLimit() int {
	if s.recursionLimit == 0 {
		return MaxDepth
	}
	return s.recursionLimit
}

// SetRecursionLimit sets RecursionLimit to n (at least 1), bounded by
// MaxDepth, kael's own guard, from the next cell on
// (sys.setrecursionlimit).
func (s *Session) SetRecursionLimit(n int) { s.recursionLimit = max(1, min(n, MaxDepth)) }

// SetIO replaces the front-end connection.
func (s *Session) SetIO(io IO) { s.io = io }

// SetNoteFilter makes the session keep only the notes (dtype promotions)
// for whose text keep returns true; nil keeps them all. The warnings
// module sets it, so that warnings.simplefilter("ignore") inside
// warnings.catch_warnings() silences notes too.
func (s *Session) SetNoteFilter(keep func(text string) bool) { s.noteFilter = keep }

// Inputs returns the source of every cell executed so far.
func (s *Session) Inputs() []string { return append([]string(nil), s.inputs...) }

// Exec runs one cell. filename names it in error positions ("" for none).
// Cancelling ctx stops a running loop or kernel with KeyboardInterrupt;
// variables keep the values they had when it stopped. A statement that
// fails changes no variable.
func (s *Session) Exec(ctx context.Context, filename, src string) (res Result) {
	s.count++
	s.inputs = append(s.inputs, src)
	code, cerr := s.compileSource(filename, src)
	if cerr != nil {
		return Result{Err: cerr}
	}
	in := newInterp(ctx, s, src, filename, code)
	// A lower recursion limit starts the cell deeper, so that the one
	// check against MaxDepth on the call path stops it in time.
	in.depth = MaxDepth - s.RecursionLimit()
	s.hookIn, s.hookNest, s.hookErr, s.handling = in, 0, nil, nil
	defer func() { s.hookIn, s.hookErr = nil, nil; s.releaseFrames() }()
	defer func() {
		if r := recover(); r != nil {
			res = Result{Notes: in.notes, Err: &Error{Kind: InternalError,
				Msg:  fmt.Sprintf("kael crashed while evaluating this statement: %v", r),
				Hint: CrashHint("the cell", debug.Stack()),
				Span: in.stmtSpan(), Src: src, Filename: filename}}
		}
	}()
	var value Value
	err := tensor.Interruptible(ctx, func() error {
		if err := in.issueSyntaxWarnings(code.warnings, scriptPath(filename), src); err != nil {
			return err
		}
		if err := in.initScript(code); err != nil {
			return err
		}
		var err error
		value, err = in.execCell(code)
		return s.takeHookErr(err)
	})
	res = Result{Notes: in.notes}
	if err != nil {
		res.Err = in.errorAt(err, in.stmtSpan()).settle()
		return res
	}
	if _, isNone := value.(NoneType); value != nil && !isNone {
		res.Value = value
		s.globals.set("_", value)
	}
	return res
}

// execCell runs the statements of a cell and returns the value of the last
// one when it is an expression statement.
func (in *interp) execCell(code *cellCode) (Value, error) {
	for _, i := range code.cellSlots {
		in.locals[i] = &varCell{}
	}
	endAbandoned(in.s) // generators dropped before the cell: a safe point
	n := len(code.stmts)
	for i, run := range code.stmts {
		if i == n-1 && code.last != nil {
			st := code.nodes[i]
			in.stmtID = code.lastID
			if err := in.checkInterrupt(); err != nil {
				return nil, in.errorAt(err, st.Span())
			}
			v, err := code.last(in)
			if err != nil {
				return nil, in.errorAt(err, st.Span())
			}
			return v, nil
		}
		if _, err := run(in); err != nil {
			return nil, err
		}
		endAbandoned(in.s) // a top-level statement's end: a safe point
		if in.s.io.Progress != nil && n > 2 {
			in.s.io.Progress("running", i+1, n)
		}
	}
	return nil, nil
}

// Eval evaluates one expression against the session's variables without
// recording it as a cell: `_` and Inputs are left alone (the REPL's :type).
// Like Exec, it recovers panics and stops when ctx is cancelled.
func (s *Session) Eval(ctx context.Context, expr string) (v Value, notes []Note, e *Error) {
	x, err := syntax.ParseExpr(expr)
	if err != nil {
		e := ToError(err)
		e.Src = expr
		return nil, nil, e
	}
	in := newInterp(ctx, s, expr, "", nil)
	s.hookIn, s.hookNest, s.hookErr = in, 0, nil
	defer func() { s.hookIn, s.hookErr = nil, nil; s.releaseFrames() }()
	defer func() {
		if r := recover(); r != nil {
			v, notes, e = nil, in.notes, &Error{Kind: InternalError,
				Msg: fmt.Sprintf("kael crashed while evaluating this expression: %v", r), Span: x.Span(), Src: expr}
		}
	}()
	err = tensor.Interruptible(ctx, func() error {
		var err error
		v, err = in.eval(x)
		return err
	})
	if err != nil {
		return nil, in.notes, in.errorAt(err, x.Span()).settle()
	}
	return v, in.notes, nil
}

// Get returns a variable's value.
func (s *Session) Get(name string) (Value, bool) {
	return s.globals.get(name)
}

// Set assigns a variable.
func (s *Session) Set(name string, v Value) { s.globals.set(name, v) }

// Vars returns the names of the session's variables, sorted.
func (s *Session) Vars() []string {
	var names []string
	for _, name := range s.globals.bound() {
		if !isDunder(name) { // __name__, __file__
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return names
}

// Reset removes every variable.
func (s *Session) Reset() {
	s.globals = newGlobalTable()
	setMainDunders(s.globals)
	s.inputs = nil
	if s.files != nil { // sys.modules['__main__'] is the new globals
		s.files.main = s.globals
		if s.files.imported != nil {
			if v, ok, _ := s.files.imported.Get("__main__"); ok {
				if m, ok := v.(*Module); ok && m.file != nil {
					m.file.globals = s.globals
				}
			}
		}
	}
}
