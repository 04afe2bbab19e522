// Package contextlib is Python's contextlib module: contextmanager (a
// generator function made a context manager, the exception of the with
// body thrown in at its yield), nullcontext, suppress, closing,
// ExitStack, redirect_stdout, redirect_stderr and chdir. Each context manager is an object of a class made in Go
// whose __enter__ and __exit__ are builtins, so the with statement treats
// it as any class's. Those are the Go part, _contextlib; module.py, the
// module's Python text, takes them all and adds AsyncExitStack, whose
// unwinding awaits.
package contextlib

import (
	_ "embed" // module.py

	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/sys" // redirect_stdout sets sys.stdout; module.py imports sys
)

// goContextManager is a context manager implemented in Go by a library
// (torch.no_grad()): the with statement's protocol for them.
type goContextManager interface {
	Enter() (lang.Value, error)
	Exit()
}

// newClass makes one of the module's classes with its methods.
func newClass(name string, methods ...*lang.Builtin) *lang.UserClass {
	return lang.MustNewClass(name, "contextlib", nil, methods...)
}

// method writes a method whose fn gets the object's Go state.
func method[T any](sig, doc string, fn func(a *lang.Args, st T) (lang.Value, error)) *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, sig, doc, func(a *lang.Args) (lang.Value, error) {
		x, ok := a.Value("self").(*lang.Instance)
		st, isT := lang.Value(nil), false
		if ok {
			st, isT = x.Native().(T)
		}
		if !isT {
			return nil, lang.Errorf(lang.TypeError, "descriptor needs a contextlib object, not %s", lang.TypeName(a.Value("self")))
		}
		return fn(a, st.(T))
	})
}

// generatorCM is contextmanager's object: the generator of one call, and
// the generator function and arguments that made it, which make a fresh
// one for each call of a function it decorates.
type generatorCM struct {
	gen     lang.Value
	fn      lang.Value
	args    lang.Tuple
	kwNames []string
	kwVals  []lang.Value
}

var generatorCMClass = newClass("_GeneratorContextManager",
	method("__enter__(self)", "Runs the generator to its yield and returns what it yields.", func(a *lang.Args, st *generatorCM) (lang.Value, error) {
		v, err := next(a, st.gen)
		if err != nil && lang.ToError(err).Kind == lang.StopIteration {
			return nil, lang.Errorf(lang.RuntimeError, "generator didn't yield")
		}
		return v, err
	}),
	method("__exit__(self, typ, value, traceback)", "Resumes the generator after the with body, raising the body's exception at its yield.", func(a *lang.Args, st *generatorCM) (lang.Value, error) {
		g, ok := st.gen.(interface {
			Throw(lang.Value) (lang.Value, error)
		})
		if a.IsNone("typ") || !ok {
			_, err := next(a, st.gen)
			if err == nil {
				return nil, lang.Errorf(lang.RuntimeError, "generator didn't stop")
			}
			if lang.ToError(err).Kind == lang.StopIteration {
				return false, nil
			}
			return nil, err
		}
		value := a.Value("value")
		_, err := g.Throw(value)
		if err == nil {
			return nil, lang.Errorf(lang.RuntimeError, "generator didn't stop after throw()")
		}
		if lang.ToError(err).Kind == lang.StopIteration {
			return true, nil // the generator caught the exception
		}
		if lang.ExceptionOf(err) == value {
			return false, nil // the same exception goes on, from the with statement
		}
		return nil, err
	}),
)

// next is next(gen).
func next(a *lang.Args, gen lang.Value) (lang.Value, error) {
	b, _ := lang.LookupBuiltin("next")
	return a.Call(b, gen)
}

// contextmanager is contextlib.contextmanager(func).
func contextmanager(a *lang.Args) (lang.Value, error) {
	fn := a.Value("func")
	if !lang.Callable(fn) {
		return nil, lang.Errorf(lang.TypeError, "'%s' object is not callable", lang.TypeName(fn))
	}
	name := "helper"
	if f, ok := fn.(*lang.Function); ok {
		name = f.Name
	}
	return lang.NewBuiltin(lang.AsValue, name+"(*args)", "A context manager: each call's generator runs to its yield on entering the with and resumes on leaving it.",
		func(c *lang.Args) (lang.Value, error) {
			kwNames, kwVals := c.Keywords()
			st := &generatorCM{fn: fn, args: c.Value("args").(lang.Tuple), kwNames: append([]string(nil), kwNames...), kwVals: append([]lang.Value(nil), kwVals...)}
			gen, err := c.CallKw(fn, st.args, st.kwNames, st.kwVals)
			if err != nil {
				return nil, err
			}
			st.gen = gen
			return lang.NewInstance(generatorCMClass, st), nil
		}).CollectKeywords().BindingSelf(), nil
}

// nullCM is nullcontext's object.
type nullCM struct{ result lang.Value }

var nullClass = newClass("nullcontext",
	method("__enter__(self)", "enter_result.", func(a *lang.Args, st *nullCM) (lang.Value, error) { return st.result, nil }),
	method("__exit__(self, *excinfo)", "Nothing.", func(a *lang.Args, st *nullCM) (lang.Value, error) { return lang.None, nil }),
)

// suppressCM is suppress's object.
type suppressCM struct{ kinds lang.Tuple }

var suppressClass = newClass("suppress",
	method("__enter__(self)", "None.", func(a *lang.Args, st *suppressCM) (lang.Value, error) { return lang.None, nil }),
	method("__exit__(self, typ, value, traceback)", "True (the exception suppressed) when the with body raised one of the exceptions.", func(a *lang.Args, st *suppressCM) (lang.Value, error) {
		if a.IsNone("typ") {
			return false, nil
		}
		for _, k := range st.kinds {
			if ok, err := lang.IsSubclass(a.Value("typ"), k); ok || err != nil {
				return ok, err
			}
		}
		return false, nil
	}),
)

// closingCM is closing's object.
type closingCM struct{ thing lang.Value }

var closingClass = newClass("closing",
	method("__enter__(self)", "thing.", func(a *lang.Args, st *closingCM) (lang.Value, error) { return st.thing, nil }),
	method("__exit__(self, *excinfo)", "Calls thing.close().", func(a *lang.Args, st *closingCM) (lang.Value, error) {
		getattr, _ := lang.LookupBuiltin("getattr")
		closeFn, err := a.Call(getattr, st.thing, "close")
		if err != nil {
			return nil, err
		}
		_, err = a.Call(closeFn)
		return lang.None, err
	}),
)

// redirectCM is redirect_stdout's and redirect_stderr's object: it sets
// sys.<stream> to target on entering, and back on leaving, reentrantly.
type redirectCM struct {
	stream string
	target lang.Value
	old    []lang.Value
}

var redirectClass = newClass("_RedirectStream",
	method("__enter__(self)", "Sets the sys stream to the target and returns the target.", func(a *lang.Args, st *redirectCM) (lang.Value, error) {
		sys, err := a.Import("sys")
		if err != nil {
			return nil, err
		}
		old, err := lang.GetAttr(sys, st.stream)
		if err != nil {
			return nil, err
		}
		if err := sys.SetAttr(st.stream, st.target); err != nil {
			return nil, err
		}
		st.old = append(st.old, old)
		return st.target, nil
	}),
	method("__exit__(self, *excinfo)", "Sets the sys stream back to the one before.", func(a *lang.Args, st *redirectCM) (lang.Value, error) {
		sys, err := a.Import("sys")
		if err != nil || len(st.old) == 0 {
			return nil, err
		}
		old := st.old[len(st.old)-1]
		st.old = st.old[:len(st.old)-1]
		return lang.None, sys.SetAttr(st.stream, old)
	}),
)

// redirect is the maker of redirect_stdout or redirect_stderr.
func redirect(stream string) *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, "redirect_"+stream+"(new_target)", "A context manager that makes new_target sys."+stream+" in its with body (print writes there"+map[bool]string{true: "", false: "; so do sys.excepthook and the traceback module"}[stream == "stdout"]+"), and sets it back after.",
		func(a *lang.Args) (lang.Value, error) {
			return lang.NewInstance(redirectClass, &redirectCM{stream: stream, target: a.Value("new_target")}), nil
		})
}

var moduleAttrs = map[string]lang.Value{
	"redirect_stdout": redirect("stdout"),
	"redirect_stderr": redirect("stderr"),
	"contextmanager": lang.NewBuiltin(lang.AsValue, "contextmanager(func)",
		"Makes a generator function a context manager: the code before its yield runs on entering the with (what it yields is bound by as), the code after on leaving it; an exception of the body is raised at the yield.",
		contextmanager),
	"nullcontext": lang.NewBuiltin(lang.AsValue, "nullcontext(enter_result=None)", "A context manager that does nothing; with binds enter_result.",
		func(a *lang.Args) (lang.Value, error) {
			return lang.NewInstance(nullClass, &nullCM{result: a.Value("enter_result")}), nil
		}),
	"suppress": lang.NewBuiltin(lang.AsValue, "suppress(*exceptions)", "A context manager that swallows the given exceptions raised in its body.",
		func(a *lang.Args) (lang.Value, error) {
			return lang.NewInstance(suppressClass, &suppressCM{kinds: a.Value("exceptions").(lang.Tuple)}), nil
		}),
	"closing": lang.NewBuiltin(lang.AsValue, "closing(thing)", "A context manager that calls thing.close() on leaving the with.",
		func(a *lang.Args) (lang.Value, error) {
			return lang.NewInstance(closingClass, &closingCM{thing: a.Value("thing")}), nil
		}),
	"ExitStack": lang.NewBuiltin(lang.AsValue, "ExitStack()", "A context manager that leaves, last first, the context managers entered with enter_context and runs the callbacks registered with callback.",
		func(a *lang.Args) (lang.Value, error) {
			return lang.NewInstance(exitStackClass, &exitStack{}), nil
		}),
}

//go:embed module.py
var source string

func init() {
	lang.RegisterSourceModule("contextlib", "Python's contextlib: contextmanager, nullcontext, suppress, closing, ExitStack, AsyncExitStack, redirect_stdout, redirect_stderr and chdir.", source)
	lang.RegisterModule("_contextlib", "The part of contextlib written in Go: every name of contextlib but AsyncExitStack.",
		func() *lang.Module { return &lang.Module{Name: "_contextlib", Attrs: moduleAttrs} })
}
