package lang

import (
	"context"
	"fmt"
	"runtime/debug"
	"time"

	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// A Repeater runs compiled code many times, for timing it (%timeit).
type Repeater struct {
	s            *Session
	filename     string
	setup, stmt  *cellCode
	setupSrc     string
	stmtSrc      string
	CompileTime  time.Duration // how long compiling both took
	savedGlobals []Value
}

// Repeat compiles setup and stmt, each the code of a cell (setup may be
// empty), once, for Run to run many times against the session's
// variables, as IPython's %timeit runs code: in the body of a function, so
// that the variables the code assigns are gone after each Run (changes
// made to the objects themselves stay). Nothing is recorded: Inputs, _
// and the cell count stay as they were.
func (s *Session) Repeat(filename, setup, stmt string) (*Repeater, *Error) {
	start := time.Now()
	r := &Repeater{s: s, filename: filename, setupSrc: setup, stmtSrc: stmt}
	var err *Error
	if setup != "" {
		if r.setup, err = s.compileSource(filename, setup); err != nil {
			return nil, err
		}
	}
	if r.stmt, err = s.compileSource(filename, stmt); err != nil {
		return nil, err
	}
	r.CompileTime = time.Since(start)
	return r, nil
}

// compileSource parses and compiles src as a cell of the session.
func (s *Session) compileSource(filename, src string) (*cellCode, *Error) {
	file, err := syntax.Parse(filename, src)
	if err != nil {
		e := ToError(err)
		e.Src = src
		return nil, e
	}
	code, cerr := compileCell(s.globals, file.Stmts)
	if cerr != nil {
		cerr.Src, cerr.Filename = src, filename
		return nil, cerr
	}
	code.warnings = append(scannerWarnings(file.Warnings), code.warnings...)
	return code, nil
}

// Run runs the setup once and then the statement n times, and returns the
// time the n runs of the statement took. Cancelling ctx stops it with
// KeyboardInterrupt; the first error stops it. Either way the session's
// variables are bound as they were before.
func (r *Repeater) Run(ctx context.Context, n int) (took time.Duration, e *Error) {
	g := r.s.globals
	r.savedGlobals = r.savedGlobals[:0]
	for _, c := range g.cells {
		r.savedGlobals = append(r.savedGlobals, c.v)
	}
	defer func() {
		// Undo the bindings, as a function's locals vanish.
		for i, c := range g.cells {
			c.v = nil
			if i < len(r.savedGlobals) {
				c.v = r.savedGlobals[i]
			}
		}
	}()
	var in *interp
	defer func() {
		if p := recover(); p != nil {
			e = &Error{Kind: InternalError, Msg: fmt.Sprintf("kael crashed while running the timed code: %v", p),
				Hint: CrashHint("the code", debug.Stack()), Filename: r.filename}
			if in != nil {
				e.Span, e.Src = in.stmtSpan(), in.src
			}
		}
	}()
	err := tensor.Interruptible(ctx, func() error {
		if r.setup != nil {
			in = r.interp(ctx, r.setup, r.setupSrc)
			if _, err := in.execCell(r.setup); err != nil {
				return in.errorAt(err, in.stmtSpan())
			}
		}
		in = r.interp(ctx, r.stmt, r.stmtSrc)
		start := time.Now()
		for range n {
			clear(in.locals)
			if _, err := in.execCell(r.stmt); err != nil {
				return in.errorAt(err, in.stmtSpan())
			}
		}
		took = time.Since(start)
		return nil
	})
	if err != nil {
		return 0, ToError(err)
	}
	return took, nil
}

func (r *Repeater) interp(ctx context.Context, code *cellCode, src string) *interp {
	return newInterp(ctx, r.s, src, r.filename, code)
}
