// Package threading is Python's threading module on kael's one-at-a-time
// sessions: Thread (to call with a target or to subclass with run),
// current_thread, main_thread, active_count, enumerate, get_ident, Lock,
// RLock, Event, Condition, Semaphore, BoundedSemaphore and local. Threads
// are coroutines that take turns (sched.go): a thread runs from start()
// until it ends or waits, and a wait runs the others. Programs that use
// threads to overlap work get the same results one after another;
// programs whose threads wait on each other (a producer and a consumer on
// a queue) work as long as someone can make the wait end, and a wait that
// never can is an error rather than a hang.
package threading

import (
	"fmt"

	"github.com/kael-dev/kael/lang"
)

// threadState is a Thread object's state (its Native).
type threadState struct {
	target         lang.Value
	args           lang.Tuple
	kwargs         *lang.Dict
	ident          int64
	started, alive bool
	main           bool
	run            *thread
}

// stateOf is self's thread state, or CPython's error for a Thread whose
// __init__ was not called.
func stateOf(a *lang.Args) (*lang.Instance, *threadState, error) {
	x, ok := a.Value("self").(*lang.Instance)
	if !ok {
		return nil, nil, lang.Errorf(lang.TypeError, "descriptor requires a 'threading.Thread' object but received '%s'", lang.TypeName(a.Value("self")))
	}
	st, ok := x.Native().(*threadState)
	if !ok {
		return nil, nil, lang.Errorf(lang.RuntimeError, "thread.__init__() not called")
	}
	return x, st, nil
}

func method(sig, doc string, fn func(a *lang.Args) (lang.Value, error)) *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, sig, doc, fn)
}

func newClass(name string, methods ...*lang.Builtin) *lang.UserClass {
	return lang.MustNewClass(name, "threading", nil, methods...)
}

var threadClass = newClass("Thread",
	method("__init__(self, group=None, target=None, name=None, args=(), kwargs=None, *, daemon=None)", "A thread that will call target(*args, **kwargs), or run() of a subclass, once started.", func(a *lang.Args) (lang.Value, error) {
		x := a.Value("self").(*lang.Instance)
		if !a.IsNone("group") {
			return nil, lang.Errorf(lang.AssertionError, "group argument must be None for now")
		}
		st := &threadState{target: a.Value("target")}
		args, err := lang.Collect(a.Value("args"))
		if err != nil {
			return nil, err
		}
		st.args = lang.Tuple(args)
		if !a.IsNone("kwargs") {
			d, ok := a.Value("kwargs").(*lang.Dict)
			if !ok {
				return nil, lang.Errorf(lang.TypeError, "kwargs must be a dict, not %s", lang.TypeName(a.Value("kwargs")))
			}
			st.kwargs = d
		}
		sc := schedOf(a.Session())
		name := ""
		if a.IsNone("name") {
			sc.counter++
			name = fmt.Sprintf("Thread-%d", sc.counter)
			if !a.IsNone("target") {
				if n, err := lang.GetAttr(st.target, "__name__"); err == nil {
					if s, ok := n.(string); ok {
						name += " (" + s + ")"
					}
				}
			}
		} else {
			name = lang.Str(a.Value("name"))
		}
		x.SetNative(st)
		x.SetOwn("name", name)
		x.SetOwn("ident", lang.None)
		x.SetOwn("native_id", lang.None)
		daemon := a.Value("daemon")
		if a.IsNone("daemon") {
			daemon = false
			if cur := sc.current; cur != nil {
				daemon, _ = lang.GetAttr(cur.inst, "daemon")
			}
		}
		x.SetOwn("daemon", daemon)
		return lang.None, nil
	}),
	method("start(self)", "Starts the thread: its run() runs now, until it returns or waits (kael runs one thread at a time).", func(a *lang.Args) (lang.Value, error) {
		x, st, err := stateOf(a)
		if err != nil {
			return nil, err
		}
		if st.started {
			return nil, lang.Errorf(lang.RuntimeError, "threads can only be started once")
		}
		sc := schedOf(a.Session())
		st.started, st.alive = true, true
		sc.idents++
		st.ident = sc.idents
		x.SetOwn("ident", st.ident)
		x.SetOwn("native_id", st.ident)
		t := &thread{inst: x, state: st}
		st.run = t
		err = sc.start(a, t, func() error {
			run, err := lang.GetAttr(x, "run")
			if err != nil {
				return err
			}
			_, err = a.Call(run)
			return err
		})
		return lang.None, err
	}),
	method("run(self)", "What the thread does: calls target(*args, **kwargs). A subclass overrides it.", func(a *lang.Args) (lang.Value, error) {
		_, st, err := stateOf(a)
		if err != nil {
			return nil, err
		}
		if _, none := st.target.(lang.NoneType); none || st.target == nil {
			return lang.None, nil
		}
		var names []string
		var vals []lang.Value
		if st.kwargs != nil {
			for i, key := range st.kwargs.Keys() {
				k, ok := key.(string)
				if !ok {
					return nil, lang.Errorf(lang.TypeError, "keywords must be strings")
				}
				names, vals = append(names, k), append(vals, st.kwargs.Values()[i])
			}
		}
		_, err = a.CallKw(st.target, st.args, names, vals)
		st.target, st.args, st.kwargs = lang.None, nil, nil
		return lang.None, err
	}),
	method("join(self, timeout=None)", "Waits until the thread ends, running the threads that wait meanwhile; with a timeout (seconds), at most that long.", func(a *lang.Args) (lang.Value, error) {
		_, st, err := stateOf(a)
		if err != nil {
			return nil, err
		}
		if !st.started {
			return nil, lang.Errorf(lang.RuntimeError, "cannot join thread before it is started")
		}
		if cur := schedOf(a.Session()).current; st.main || (cur != nil && cur.state == st) {
			return nil, lang.Errorf(lang.RuntimeError, "cannot join current thread")
		}
		timeout := -1.0
		if !a.IsNone("timeout") {
			timeout = max(a.Float("timeout"), 0)
			if err := a.Err(); err != nil {
				return nil, err
			}
		}
		_, err = Wait(a, "join() of "+nameOf(a.Value("self").(*lang.Instance)), func() bool { return !st.alive }, timeout)
		return lang.None, err
	}),
	method("is_alive(self)", "Whether the thread has started and not yet ended.", func(a *lang.Args) (lang.Value, error) {
		_, st, err := stateOf(a)
		if err != nil {
			return nil, err
		}
		return st.alive, nil
	}),
	method("getName(self)", "The thread's name (deprecated: read .name).", func(a *lang.Args) (lang.Value, error) {
		x, _, err := stateOf(a)
		if err != nil {
			return nil, err
		}
		return nameOf(x), nil
	}),
	method("__repr__(self)", "<Thread(name, status)>.", func(a *lang.Args) (lang.Value, error) {
		x, st, err := stateOf(a)
		if err != nil {
			return nil, err
		}
		status := "initial"
		switch {
		case st.alive:
			status = "started"
		case st.started:
			status = "stopped"
		}
		if d, _ := lang.GetAttr(x, "daemon"); d == true {
			status += " daemon"
		}
		if st.started {
			status += fmt.Sprintf(" %d", st.ident)
		}
		cls := "Thread"
		if c := x.Class(); c != nil {
			cls = c.Name
		}
		return fmt.Sprintf("<%s(%s, %s)>", cls, nameOf(x), status), nil
	}),
)

// nameOf is the thread's name attribute, which a program may set.
func nameOf(x *lang.Instance) string {
	if n, err := lang.GetAttr(x, "name"); err == nil {
		return lang.Str(n)
	}
	return "?"
}

// mainThread is the session's MainThread object.
func mainThread(sc *sched) *lang.Instance {
	if sc.main == nil {
		x := lang.NewInstance(mainThreadClass, &threadState{started: true, alive: true, main: true, ident: 1})
		x.SetOwn("name", "MainThread")
		x.SetOwn("daemon", false)
		x.SetOwn("ident", int64(1))
		x.SetOwn("native_id", int64(1))
		sc.main = x
	}
	return sc.main
}

var mainThreadClass = func() *lang.UserClass {
	c, err := lang.NewClass("_MainThread", "threading", threadClass)
	if err != nil {
		panic(err)
	}
	return c
}()

// currentThread is current_thread().
func currentThread(a *lang.Args) lang.Value {
	sc := schedOf(a.Session())
	if sc.current != nil {
		return sc.current.inst
	}
	return mainThread(sc)
}

// Spawn starts a thread named name that runs run, as
// Thread(name=name).start() does with run as its target: it runs now
// until it ends or waits. Libraries built on threads (concurrent.futures)
// use it.
func Spawn(a *lang.Args, name string, run func() error) error {
	sc := schedOf(a.Session())
	st := &threadState{started: true, alive: true}
	x := lang.NewInstance(threadClass, st)
	x.SetOwn("name", name)
	x.SetOwn("daemon", false)
	sc.idents++
	st.ident = sc.idents
	x.SetOwn("ident", st.ident)
	x.SetOwn("native_id", st.ident)
	t := &thread{inst: x, state: st}
	st.run = t
	return sc.start(a, t, run)
}
