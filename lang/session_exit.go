package lang

import (
	"context"
	"fmt"
	"runtime/debug"

	"github.com/kael-dev/kael/tensor"
)

// The end of a program. CPython, once the main module has run (and the
// traceback of an error nobody caught is printed), waits for the threads
// that are not daemons (threading._shutdown) before it exits. A library
// with such work registers it with AtExit; the front end that runs a
// program calls Shutdown when the program's code is done. The engine
// names no library: it only runs what was registered.

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
// the first error (a KeyboardInterrupt when ctx is cancelled). The work
// stays registered: a session that goes on (a notebook) may end again.
func (s *Session) Shutdown(ctx context.Context) (e *Error) {
	files := s.modules()
	for _, fn := range files.atExit {
		in := newInterp(ctx, s, "", "<shutdown>", nil)
		in.depth = MaxDepth - s.RecursionLimit()
		s.hookIn, s.hookNest, s.hookErr = in, 0, nil
		err := func() (err error) {
			defer func() {
				if r := recover(); r != nil {
					err = &Error{Kind: InternalError,
						Msg:  fmt.Sprintf("kael crashed while ending the program: %v", r),
						Hint: CrashHint("the program's end", debug.Stack())}
				}
			}()
			return tensor.Interruptible(ctx, func() error {
				_, err := in.call(fn, nil, nil, nil, in.stmtNode())
				return s.takeHookErr(err)
			})
		}()
		s.hookIn, s.hookErr = nil, nil
		if err != nil {
			return ToError(err)
		}
	}
	return nil
}
