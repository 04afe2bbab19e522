package lang

import (
	"context"
	"fmt"
	"runtime"
	"runtime/debug"
	"time"

	"github.com/kael-dev/kael/tensor"
)

// The end of a program. CPython, once the main module has run (and the
// traceback of an error nobody caught is printed), waits for the threads
// that are not daemons (threading._shutdown) before it exits. A library
// with such work registers it with AtExit; the front end that runs a
// program calls Shutdown when the program's code is done. The engine
// names no library: it only runs what was registered. Then, as CPython's
// finalization does once atexit's functions have run, the generators
// still suspended at a yield are closed: their finally clauses run.

// AtExit registers fn, called with no arguments, to run when the
// program ends (Shutdown). key names the work, so that registering it
// again (each Thread.start does) runs it once; the order is the order of
// the first registrations.
func (s *Session) AtExit(key any, fn *Builtin) {
	files := s.modules()
	if files.atExitKeys[key] {
		return
	}
	if files.atExitKeys == nil {
		files.atExitKeys = map[any]bool{}
	}
	files.atExitKeys[key] = true
	files.atExit = append(files.atExit, fn)
}

// Shutdown runs the work registered with AtExit, in order, and returns
// the first error (a KeyboardInterrupt when ctx is cancelled); then it
// closes the generators still suspended (closeSuspended), what their
// closing raises being reported as ignored. The work stays registered: a
// session that goes on (a notebook) may end again.
func (s *Session) Shutdown(ctx context.Context) (e *Error) {
	files := s.modules()
	for _, fn := range files.atExit {
		err := s.atEnd(ctx, func(in *interp) error {
			_, err := in.call(fn, nil, nil, nil, in.stmtNode())
			return err
		})
		if err != nil {
			return ToError(err)
		}
	}
	if err := s.atEnd(ctx, func(*interp) error { closeSuspended(s); return nil }); err != nil {
		return ToError(err)
	}
	return nil
}

// atEnd runs do, the program's end's work, in a frame of its own, under
// ctx's interrupt, a Go panic in it becoming an InternalError.
func (s *Session) atEnd(ctx context.Context, do func(in *interp) error) error {
	in := newInterp(ctx, s, "", "<shutdown>", nil)
	in.depth = MaxDepth - s.RecursionLimit()
	s.hookIn, s.hookNest, s.hookErr = in, 0, nil
	defer func() { s.hookIn, s.hookErr = nil, nil }()
	return func() (err error) {
		defer func() {
			if r := recover(); r != nil {
				err = &Error{Kind: InternalError,
					Msg:  fmt.Sprintf("kael crashed while ending the program: %v", r),
					Hint: CrashHint("the program's end", debug.Stack())}
			}
		}()
		return tensor.Interruptible(ctx, func() error {
			return s.takeHookErr(do(in))
		})
	}()
}

// CollectGarbage runs Go's collector, waits for the cleanups of what it
// found unreachable to have run, and closes the session's generators it
// found dropped (endAbandoned), as CPython's gc.collect() finalizes what
// it frees. It runs on the goroutine running s's code, which it is a
// safe point of.
func (s *Session) CollectGarbage() {
	// A marker made unreachable before the collection has its cleanup
	// queued with those of the generators dropped before it; once it has
	// run, theirs have been taken up too (the cleanups run in the order
	// they were queued, unless there are very many).
	ran := make(chan struct{})
	marker := &struct{ p *int }{}
	runtime.AddCleanup(marker, func(ran chan struct{}) { close(ran) }, ran)
	marker = nil
	runtime.GC()
	select {
	case <-ran:
	case <-time.After(time.Second):
	}
	endAbandoned(s)
}
