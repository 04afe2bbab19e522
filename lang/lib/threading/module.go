package threading

import (
	"math"
	"time"

	"github.com/kael-dev/kael/lang"
)

func nowSeconds() float64 { return float64(time.Now().UnixNano()) / 1e9 }

// newObject makes an object of class c with its Go state.
func newObject(c *lang.UserClass, st any) *lang.Instance { return lang.NewInstance(c, st) }

func fn(sig, doc string, f func(a *lang.Args) (lang.Value, error)) *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, sig, doc, f)
}

func buildModule() *lang.Module {
	m := map[string]lang.Value{
		"Thread":      threadClass,
		"TIMEOUT_MAX": float64(math.MaxInt32),
		"_shutdown":   shutdown,
		"current_thread": fn("current_thread()", "The Thread object of the thread running now (MainThread outside any started thread).", func(a *lang.Args) (lang.Value, error) {
			return currentThread(a), nil
		}),
		"main_thread": fn("main_thread()", "The main thread's Thread object.", func(a *lang.Args) (lang.Value, error) {
			return mainThread(schedOf(a.Session())), nil
		}),
		"active_count": fn("active_count()", "How many threads are alive: the main thread and the started threads that have not ended.", func(a *lang.Args) (lang.Value, error) {
			return int64(1 + len(schedOf(a.Session()).live)), nil
		}),
		"enumerate": fn("enumerate()", "The threads alive: the main thread, then the started threads that have not ended.", func(a *lang.Args) (lang.Value, error) {
			sc := schedOf(a.Session())
			out := []lang.Value{mainThread(sc)}
			for _, t := range sc.live {
				out = append(out, t.inst)
			}
			return &lang.List{Elems: out}, nil
		}),
		"get_ident": fn("get_ident()", "The running thread's ident: 1 for the main thread, then 2, 3, ... for threads in the order they started.", func(a *lang.Args) (lang.Value, error) {
			return identOf(a), nil
		}),
		"get_native_id": fn("get_native_id()", "get_ident() (kael's threads are not the system's).", func(a *lang.Args) (lang.Value, error) {
			return identOf(a), nil
		}),
		"Lock": fn("Lock()", "A lock: acquire() takes it, waiting while another thread holds it; release() gives it back; a context manager.", func(a *lang.Args) (lang.Value, error) {
			return newObject(lockClass, &lockState{}), nil
		}),
		"RLock": fn("RLock()", "A lock the thread holding it may take again (and must release as many times).", func(a *lang.Args) (lang.Value, error) {
			return newObject(rlockClass, &rlockState{}), nil
		}),
		"Event": fn("Event()", "A flag threads wait for: set(), clear(), is_set(), wait(timeout=None).", func(a *lang.Args) (lang.Value, error) {
			return newObject(eventClass, &eventState{}), nil
		}),
		"Condition": fn("Condition(lock=None)", "A condition variable over lock (a new RLock by default): wait, wait_for, notify, notify_all; a context manager taking the lock.", func(a *lang.Args) (lang.Value, error) {
			lock, ok := a.Value("lock").(*lang.Instance)
			if a.IsNone("lock") {
				lock, ok = newObject(rlockClass, &rlockState{}), true
			}
			if ok {
				switch lock.Native().(type) {
				case *lockState, *rlockState:
				default:
					ok = false
				}
			}
			if !ok {
				return nil, lang.Errorf(lang.TypeError, "kael's Condition takes a threading.Lock or RLock, not %s", lang.TypeName(a.Value("lock")))
			}
			return newObject(conditionClass, &condState{lock: lock}), nil
		}),
		"Semaphore": fn("Semaphore(value=1)", "A counter threads take from (acquire, waiting at 0) and give back to (release).", func(a *lang.Args) (lang.Value, error) {
			return newSemaphore(a, semaphoreClass, false)
		}),
		"BoundedSemaphore": fn("BoundedSemaphore(value=1)", "A Semaphore that refuses to be released above its initial value.", func(a *lang.Args) (lang.Value, error) {
			return newSemaphore(a, boundedSemaphoreClass, true)
		}),
		"local": localClass,
	}
	m["currentThread"] = fn("currentThread()", "current_thread(), by its old name.", func(a *lang.Args) (lang.Value, error) {
		return currentThread(a), nil
	})
	m["activeCount"] = fn("activeCount()", "active_count(), by its old name.", func(a *lang.Args) (lang.Value, error) {
		return int64(1 + len(schedOf(a.Session()).live)), nil
	})
	return &lang.Module{Name: "threading", Attrs: m, Doc: "Python's threading module: threads take turns, each running until it ends or waits (docs/stdlib.md)."}
}

func newSemaphore(a *lang.Args, c *lang.UserClass, bounded bool) (lang.Value, error) {
	n := a.Int("value")
	if err := a.Err(); err != nil {
		return nil, err
	}
	if n < 0 {
		return nil, lang.Errorf(lang.ValueError, "semaphore initial value must be >= 0")
	}
	return newObject(c, &semState{value: n, initial: n, bounded: bounded}), nil
}

// identOf is get_ident().
func identOf(a *lang.Args) int64 {
	if cur := schedOf(a.Session()).current; cur != nil {
		return cur.state.ident
	}
	return 1
}

var module *lang.Module

func init() {
	lang.RegisterModule("threading", "Python's threading module: Thread, Lock, RLock, Event, Condition, Semaphore, local; threads take turns, each running until it ends or waits.", func() *lang.Module {
		if module == nil {
			module = buildModule()
		}
		return module
	})
}
