package futures

import (
	"fmt"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/lib/threading"
)

// executor is a ThreadPoolExecutor's state.
type executor struct {
	prefix     string
	maxWorkers int
	submitted  int
	shutdown   bool
	futures    []*Future
}

// executors counts the executors made in a session, for their names.
type executorCount struct{ n int }

type countKey struct{}

func stateOf(a *lang.Args) (*executor, error) {
	x, ok := a.Value("self").(*lang.Instance)
	var e *executor
	if ok {
		e, ok = x.Native().(*executor)
	}
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "descriptor needs an executor, not '%s'", lang.TypeName(a.Value("self")))
	}
	return e, nil
}

func method(sig, doc string, fn func(a *lang.Args, e *executor) (lang.Value, error)) *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, sig, doc, func(a *lang.Args) (lang.Value, error) {
		e, err := stateOf(a)
		if err != nil {
			return nil, err
		}
		return fn(a, e)
	})
}

// submit runs fn(*args, **kwargs) on a thread of its own and returns its
// Future.
func (e *executor) submit(a *lang.Args, fn lang.Value, args []lang.Value, kwNames []string, kwVals []lang.Value) (*Future, error) {
	if e.shutdown {
		return nil, lang.Errorf(lang.RuntimeError, "cannot schedule new futures after shutdown")
	}
	f := &Future{}
	e.futures = append(e.futures, f)
	name := fmt.Sprintf("%s_%d", e.prefix, e.submitted%e.maxWorkers)
	e.submitted++
	err := threading.Spawn(a, name, func() error {
		v, err := a.CallKw(fn, args, kwNames, kwVals)
		if err != nil && lang.ToError(err).Kind == lang.KeyboardInterrupt {
			return err
		}
		return f.finish(a, v, err)
	})
	return f, err
}

// waitAll waits for every future submitted.
func (e *executor) waitAll(a *lang.Args) error {
	_, err := threading.Wait(a, "the executor's shutdown", func() bool {
		for _, f := range e.futures {
			if !f.done {
				return false
			}
		}
		return true
	}, -1)
	return err
}

func newExecutorClass(name string) *lang.UserClass {
	c, err := lang.NewClass(name, "concurrent.futures")
	if err != nil {
		panic(err)
	}
	for _, m := range []*lang.Builtin{
		lang.NewBuiltin(lang.AsValue, "__init__(self, max_workers=None, thread_name_prefix='', initializer=None, initargs=())", "An executor that runs each submitted call on a thread of its own (kael's threads take turns).", func(a *lang.Args) (lang.Value, error) {
			x := a.Value("self").(*lang.Instance)
			n := 5
			if !a.IsNone("max_workers") {
				n = a.Int("max_workers")
				if err := a.Err(); err != nil {
					return nil, err
				}
				if n <= 0 {
					return nil, lang.Errorf(lang.ValueError, "max_workers must be greater than 0")
				}
			}
			prefix := a.Str("thread_name_prefix")
			if err := a.Err(); err != nil {
				return nil, err
			}
			count := a.Session().LibraryState(countKey{}, func() any { return &executorCount{} }).(*executorCount)
			if prefix == "" {
				prefix = fmt.Sprintf("ThreadPoolExecutor-%d", count.n)
			}
			count.n++
			if !a.IsNone("initializer") {
				return nil, lang.Errorf("NotImplementedError", "kael's executors take no initializer")
			}
			x.SetNative(&executor{prefix: prefix, maxWorkers: n})
			x.SetOwn("_max_workers", int64(n))
			return lang.None, nil
		}),
		method("submit(self, fn, *args)", "Runs fn(*args, **kwargs) on a thread of its own; its Future.", func(a *lang.Args, e *executor) (lang.Value, error) {
			names, vals := a.Keywords()
			return e.submit(a, a.Value("fn"), a.Value("args").(lang.Tuple), names, vals)
		}).CollectKeywords(),
		method("map(self, fn, *iterables, timeout=None, chunksize=1)", "fn applied to the items of the iterables (in step, as map), each call on a thread; an iterator of the results in order, raising a call's exception where its result is reached.", func(a *lang.Args, e *executor) (lang.Value, error) {
			iterables := a.Value("iterables").(lang.Tuple)
			var cols [][]lang.Value
			n := -1
			for _, it := range iterables {
				elems, err := lang.Collect(it)
				if err != nil {
					return nil, err
				}
				cols = append(cols, elems)
				if n < 0 || len(elems) < n {
					n = len(elems)
				}
			}
			fs := make([]*Future, 0, max(n, 0))
			for i := 0; i < n; i++ {
				args := make([]lang.Value, len(cols))
				for j, c := range cols {
					args[j] = c[i]
				}
				f, err := e.submit(a, a.Value("fn"), args, nil, nil)
				if err != nil {
					return nil, err
				}
				fs = append(fs, f)
			}
			timeout, err := timeoutArg(a)
			if err != nil {
				return nil, err
			}
			for _, f := range fs {
				if err := f.wait(a, timeout); err != nil {
					return nil, err
				}
			}
			i := 0
			return lang.NewLazyIterator("generator", func() (lang.Value, bool, error) {
				if i >= len(fs) {
					return nil, false, nil
				}
				f := fs[i]
				i++
				if f.err != nil {
					i = len(fs) // Executor.map is a generator: its error ends it
					return nil, false, f.err
				}
				return f.value, true, nil
			}), nil
		}),
		method("shutdown(self, wait=True, *, cancel_futures=False)", "Refuses new calls; with wait, waits for those submitted.", func(a *lang.Args, e *executor) (lang.Value, error) {
			e.shutdown = true
			if a.Bool("wait") {
				return lang.None, e.waitAll(a)
			}
			return lang.None, a.Err()
		}),
		method("__enter__(self)", "The executor.", func(a *lang.Args, e *executor) (lang.Value, error) { return a.Value("self"), nil }),
		method("__exit__(self, *exc)", "shutdown(wait=True).", func(a *lang.Args, e *executor) (lang.Value, error) {
			e.shutdown = true
			return false, e.waitAll(a)
		}),
	} {
		_ = c.SetAttr(m.Name, m.BindingSelf())
	}
	return c
}

var (
	threadPoolClass  = newExecutorClass("ThreadPoolExecutor")
	processPoolClass = newExecutorClass("ProcessPoolExecutor")
)

var waitResultType = &lang.ReturnType{Name: "DoneAndNotDoneFutures", Qualified: "DoneAndNotDoneFutures", Fields: []string{"done", "not_done"}}

// futuresArg reads an iterable of futures.
func futuresArg(v lang.Value) ([]*Future, error) {
	elems, err := lang.Collect(v)
	if err != nil {
		return nil, err
	}
	fs := make([]*Future, len(elems))
	for i, e := range elems {
		f, ok := e.(*Future)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "expected futures, got %s", lang.TypeName(e))
		}
		fs[i] = f
	}
	return fs, nil
}

func init() {
	lang.RegisterModule("concurrent", "Python's concurrent package: concurrent.futures.", func() *lang.Module {
		return &lang.Module{Name: "concurrent", Attrs: map[string]lang.Value{}}
	})
	lang.RegisterModule("concurrent.futures", "Python's concurrent.futures on kael's threads: ThreadPoolExecutor, Future, as_completed, wait.", func() *lang.Module {
		return &lang.Module{Name: "concurrent.futures", Doc: "Python's concurrent.futures on kael's threads (docs/stdlib.md).", Attrs: map[string]lang.Value{
			"ThreadPoolExecutor":  threadPoolClass,
			"ProcessPoolExecutor": processPoolClass,
			"FIRST_COMPLETED":     "FIRST_COMPLETED",
			"FIRST_EXCEPTION":     "FIRST_EXCEPTION",
			"ALL_COMPLETED":       "ALL_COMPLETED",
			"as_completed": lang.NewBuiltin(lang.AsValue, "as_completed(fs, timeout=None)", "An iterator of the futures fs as they finish: the finished ones first, then each as it finishes.", func(a *lang.Args) (lang.Value, error) {
				fs, err := futuresArg(a.Value("fs"))
				if err != nil {
					return nil, err
				}
				timeout, err := timeoutArg(a)
				if err != nil {
					return nil, err
				}
				var order []lang.Value
				seen := map[*Future]bool{}
				take := func() {
					for _, f := range fs {
						if f.done && !seen[f] {
							seen[f] = true
							order = append(order, f)
						}
					}
				}
				take()
				for len(order) < len(uniq(fs)) {
					n := len(order)
					ok, err := threading.Wait(a, "as_completed()", func() bool { take(); return len(order) > n }, timeout)
					if err != nil {
						return nil, err
					}
					if !ok {
						return nil, lang.Errorf("TimeoutError", "%d (of %d) futures unfinished", len(uniq(fs))-len(order), len(uniq(fs)))
					}
				}
				return lang.NewLazyIterator("generator", listPuller(order)), nil
			}),
			"wait": lang.NewBuiltin(lang.AsValue, "wait(fs, timeout=None, return_when='ALL_COMPLETED')", "Waits for the futures fs (all of them, the first to finish, or the first to raise), at most timeout seconds: the named tuple (done, not_done) of sets.", func(a *lang.Args) (lang.Value, error) {
				fs, err := futuresArg(a.Value("fs"))
				if err != nil {
					return nil, err
				}
				timeout, err := timeoutArg(a)
				if err != nil {
					return nil, err
				}
				when := a.Str("return_when")
				if err := a.Err(); err != nil {
					return nil, err
				}
				ready := func() bool {
					all := true
					for _, f := range fs {
						switch {
						case f.done && when == "FIRST_COMPLETED", f.done && f.err != nil && when == "FIRST_EXCEPTION":
							return true
						case !f.done:
							all = false
						}
					}
					return all
				}
				if _, err := threading.Wait(a, "wait()", ready, timeout); err != nil {
					return nil, err
				}
				var done, notDone []lang.Value
				for _, f := range uniq(fs) {
					if f.done {
						done = append(done, f)
					} else {
						notDone = append(notDone, f)
					}
				}
				d, err := lang.NewSet(done, false)
				if err != nil {
					return nil, err
				}
				nd, err := lang.NewSet(notDone, false)
				if err != nil {
					return nil, err
				}
				return lang.NewNamedTuple(waitResultType, d, nd), nil
			}),
			"Future":         lang.NewBuiltin(lang.AsValue, "Future()", "A future (made by submit).", func(a *lang.Args) (lang.Value, error) { return &Future{}, nil }),
			"TimeoutError":   mustBuiltin("TimeoutError"),
			"CancelledError": lang.RegisterExceptionClass("concurrent.futures.CancelledError", "concurrent.futures._base", "CancelledError", "Exception"),
		}}
	})
}

func mustBuiltin(name string) lang.Value {
	v, ok := lang.BuiltinName(name)
	if !ok {
		panic("futures: no builtin " + name)
	}
	return v
}

func uniq(fs []*Future) []*Future {
	seen := map[*Future]bool{}
	var out []*Future
	for _, f := range fs {
		if !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	return out
}

func listPuller(vals []lang.Value) func() (lang.Value, bool, error) {
	i := 0
	return func() (lang.Value, bool, error) {
		if i >= len(vals) {
			return nil, false, nil
		}
		i++
		return vals[i-1], true, nil
	}
}
