// Package futures is Python's concurrent.futures on kael's threads (the
// threading package's turns): ThreadPoolExecutor with submit, map,
// shutdown and with; Future with result, exception, done, running,
// cancel, cancelled and add_done_callback; as_completed and wait. Each
// submitted call runs on a thread of its own from submit() until it ends
// or waits, so results are CPython's and come one call after another.
// ProcessPoolExecutor is the same executor: kael runs one process, and the
// calls give the same results on threads.
package futures

import (
	"fmt"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/lib/threading"
)

// Future is a submitted call's outcome.
type Future struct {
	done      bool
	value     lang.Value
	err       error // the exception the call raised
	callbacks []lang.Value
}

var (
	_ lang.HasAttrs  = (*Future)(nil)
	_ lang.TypeNamer = (*Future)(nil)
	_ lang.Reprer    = (*Future)(nil)
	_ lang.Hashable  = (*Future)(nil)
	_ lang.Equaler   = (*Future)(nil)
)

// HashKey hashes a future by identity, as object's hash.
func (f *Future) HashKey() (string, error) { return fmt.Sprintf("future:%x", lang.ID(f)), nil }

// Equal is identity.
func (f *Future) Equal(v lang.Value) bool { return v == lang.Value(f) }

// TypeName returns "Future".
func (*Future) TypeName() string { return "Future" }

// PyRepr is CPython's <Future at 0x... state=finished returned int>.
func (f *Future) PyRepr() string {
	switch {
	case !f.done:
		return fmt.Sprintf("<Future at %#x state=running>", lang.ID(f))
	case f.err != nil:
		return fmt.Sprintf("<Future at %#x state=finished raised %s>", lang.ID(f), lang.ToError(f.err).Kind)
	}
	return fmt.Sprintf("<Future at %#x state=finished returned %s>", lang.ID(f), lang.TypeName(f.value))
}

// Attr gives the methods.
func (f *Future) Attr(name string) (lang.Value, bool) {
	m, ok := futureMethods[name]
	if !ok {
		return nil, false
	}
	return &lang.BoundMethod{Recv: f, Method: m}, true
}

// AttrNames lists them.
func (f *Future) AttrNames() []string {
	names := make([]string, 0, len(futureMethods))
	for n := range futureMethods {
		names = append(names, n)
	}
	return names
}

// timeoutArg reads timeout=None: seconds, or -1 for none.
func timeoutArg(a *lang.Args) (float64, error) {
	if a.IsNone("timeout") {
		return -1, nil
	}
	t := a.Float("timeout")
	return max(t, 0), a.Err()
}

// wait waits for f to finish (at most timeout seconds; TimeoutError then).
func (f *Future) wait(a *lang.Args, timeout float64) error {
	ok, err := threading.Wait(a, "Future.result()", func() bool { return f.done }, timeout)
	if err != nil {
		return err
	}
	if !ok {
		return lang.Errorf("TimeoutError", "")
	}
	return nil
}

// finish records the call's outcome and runs the callbacks.
func (f *Future) finish(a *lang.Args, v lang.Value, err error) error {
	f.done, f.value, f.err = true, v, err
	threading.Changed(a)
	for _, cb := range f.callbacks {
		if _, err := a.Call(cb, f); err != nil && lang.ToError(err).Kind == lang.KeyboardInterrupt {
			return err
		}
	}
	f.callbacks = nil
	return nil
}

func self(a *lang.Args) *Future { return a.Value("self").(*Future) }

var futureMethods = map[string]*lang.Builtin{}

func init() {
	for _, b := range []*lang.Builtin{
		lang.NewBuiltin(lang.AsValue, "result(self, timeout=None)", "The call's return value, waiting for it (at most timeout seconds); the exception it raised is raised again.", func(a *lang.Args) (lang.Value, error) {
			f := self(a)
			timeout, err := timeoutArg(a)
			if err != nil {
				return nil, err
			}
			if err := f.wait(a, timeout); err != nil {
				return nil, err
			}
			if f.err != nil {
				return nil, f.err
			}
			return f.value, nil
		}),
		lang.NewBuiltin(lang.AsValue, "exception(self, timeout=None)", "The exception the call raised, or None, waiting for it (at most timeout seconds).", func(a *lang.Args) (lang.Value, error) {
			f := self(a)
			timeout, err := timeoutArg(a)
			if err != nil {
				return nil, err
			}
			if err := f.wait(a, timeout); err != nil {
				return nil, err
			}
			if f.err == nil {
				return lang.None, nil
			}
			return lang.ExceptionOf(f.err), nil
		}),
		lang.NewBuiltin(lang.AsValue, "done(self)", "Whether the call has finished.", func(a *lang.Args) (lang.Value, error) { return self(a).done, nil }),
		lang.NewBuiltin(lang.AsValue, "running(self)", "Whether the call has started and not finished.", func(a *lang.Args) (lang.Value, error) { return !self(a).done, nil }),
		lang.NewBuiltin(lang.AsValue, "cancelled(self)", "False: kael starts every call when it is submitted.", func(a *lang.Args) (lang.Value, error) { return false, nil }),
		lang.NewBuiltin(lang.AsValue, "cancel(self)", "False: a call that has started (in kael, every call) cannot be cancelled.", func(a *lang.Args) (lang.Value, error) { return false, nil }),
		lang.NewBuiltin(lang.AsValue, "add_done_callback(self, fn)", "Calls fn(future) when the call finishes (now, if it has).", func(a *lang.Args) (lang.Value, error) {
			f := self(a)
			if f.done {
				_, err := a.Call(a.Value("fn"), f)
				return lang.None, err
			}
			f.callbacks = append(f.callbacks, a.Value("fn"))
			return lang.None, nil
		}),
	} {
		futureMethods[b.Name] = b
	}
}
