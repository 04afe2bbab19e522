package contextlib

import (
	"github.com/kael-dev/kael/lang"
)

// The asynchronous context managers: asynccontextmanager, whose object
// runs an async generator to its yield on entering an async with and
// resumes it on leaving, and aclosing, which awaits thing.aclose() on
// leaving. Their __aenter__ and __aexit__ return awaitables
// (lang.ThenAwaitable) of the generator's steps.

// asyncGeneratorCM is asynccontextmanager's object: the async generator
// of one call.
type asyncGeneratorCM struct{ gen lang.Value }

// isKind reports whether err raises an exception of the kind.
func isKind(err error, kind lang.ErrorKind) bool {
	return err != nil && lang.ToError(err).Kind == kind
}

var asyncGeneratorCMClass = newClass("_AsyncGeneratorContextManager",
	method("__aenter__(self)", "An awaitable that runs the generator to its yield and is what it yields.", func(a *lang.Args, st *asyncGeneratorCM) (lang.Value, error) {
		aw, err := lang.AwaitableOf(a, st.gen, "__anext__")
		if err != nil {
			return nil, err
		}
		return lang.ThenAwaitable(aw, func(v lang.Value, err error) (lang.Value, error) {
			if isKind(err, lang.StopAsyncIteration) {
				return nil, lang.Errorf(lang.RuntimeError, "generator didn't yield")
			}
			return v, err
		}), nil
	}),
	method("__aexit__(self, typ, value, traceback)", "An awaitable that resumes the generator, raising the body's exception at its yield; true when the generator suppressed it.", func(a *lang.Args, st *asyncGeneratorCM) (lang.Value, error) {
		typ, val := a.Value("typ"), a.Value("value")
		if typ == lang.None {
			aw, err := lang.AwaitableOf(a, st.gen, "__anext__")
			if err != nil {
				return nil, err
			}
			return lang.ThenAwaitable(aw, func(v lang.Value, err error) (lang.Value, error) {
				switch {
				case err == nil:
					return nil, lang.Errorf(lang.RuntimeError, "generator didn't stop")
				case isKind(err, lang.StopAsyncIteration):
					return false, nil
				}
				return nil, err
			}), nil
		}
		if val == lang.None {
			var err error
			if val, err = a.Call(typ); err != nil {
				return nil, err
			}
		}
		athrow, err := lang.GetAttr(st.gen, "athrow")
		if err != nil {
			return nil, err
		}
		aw, err := a.Call(athrow, val)
		if err != nil {
			return nil, err
		}
		return lang.ThenAwaitable(aw, func(v lang.Value, err error) (lang.Value, error) {
			if err == nil {
				return nil, lang.Errorf(lang.RuntimeError, "generator didn't stop after athrow()")
			}
			exc := lang.ExceptionOf(err)
			switch {
			case isKind(err, lang.StopAsyncIteration):
				return exc != val, nil
			case exc == val:
				return false, nil // the body's exception, not suppressed
			}
			if isKind(err, lang.RuntimeError) {
				// the body's StopIteration or StopAsyncIteration, which
				// the generator turned into a RuntimeError (PEP 479)
				if cause, cerr := lang.GetAttr(exc, "__cause__"); cerr == nil && cause == val {
					return false, nil
				}
			}
			return nil, err
		}), nil
	}),
)

// aclosingCM is aclosing's object.
type aclosingCM struct{ thing lang.Value }

var aclosingClass = newClass("aclosing",
	method("__aenter__(self)", "An awaitable of thing.", func(a *lang.Args, st *aclosingCM) (lang.Value, error) {
		return lang.ThenAwaitable(nil, func(lang.Value, error) (lang.Value, error) { return st.thing, nil }), nil
	}),
	method("__aexit__(self, *excinfo)", "An awaitable of thing.aclose().", func(a *lang.Args, st *aclosingCM) (lang.Value, error) {
		aw, err := lang.AwaitableOf(a, st.thing, "aclose")
		if err != nil {
			return nil, err
		}
		return lang.ThenAwaitable(aw, func(v lang.Value, err error) (lang.Value, error) { return lang.None, err }), nil
	}),
)

// asynccontextmanager is contextlib.asynccontextmanager(func).
func asynccontextmanager(a *lang.Args) (lang.Value, error) {
	fn := a.Value("func")
	if !lang.Callable(fn) {
		return nil, lang.Errorf(lang.TypeError, "'%s' object is not callable", lang.TypeName(fn))
	}
	name := "helper"
	if f, ok := fn.(*lang.Function); ok {
		name = f.Name
	}
	return lang.NewBuiltin(lang.AsValue, name+"(*args)", "An async context manager: each call's async generator runs to its yield on entering the async with and resumes on leaving it.",
		func(c *lang.Args) (lang.Value, error) {
			kwNames, kwVals := c.Keywords()
			gen, err := c.CallKw(fn, c.Value("args").(lang.Tuple), kwNames, kwVals)
			if err != nil {
				return nil, err
			}
			return lang.NewInstance(asyncGeneratorCMClass, &asyncGeneratorCM{gen: gen}), nil
		}).CollectKeywords().BindingSelf(), nil
}

func init() {
	moduleAttrs["asynccontextmanager"] = lang.NewBuiltin(lang.AsValue, "asynccontextmanager(func)",
		"Makes an async generator function an async context manager: the code before its yield runs on entering the async with (what it yields is bound by as), the code after on leaving it; an exception of the body is raised at the yield.",
		asynccontextmanager)
	moduleAttrs["aclosing"] = lang.NewBuiltin(lang.AsValue, "aclosing(thing)", "An async context manager that awaits thing.aclose() on leaving the async with.",
		func(a *lang.Args) (lang.Value, error) {
			return lang.NewInstance(aclosingClass, &aclosingCM{thing: a.Value("thing")}), nil
		})
}

var abstractAsyncContextManagerClass = lang.MustNewClass("AbstractAsyncContextManager", "contextlib", nil,
	selfMethod("__aenter__(self)", "An awaitable of self, upon entering the runtime context.", func(a *lang.Args, self lang.Value) (lang.Value, error) {
		return lang.ThenAwaitable(nil, func(lang.Value, error) (lang.Value, error) { return self, nil }), nil
	}),
	selfMethod("__aexit__(self, exc_type, exc_value, traceback)", "An awaitable of None: any exception triggered within the runtime context is raised.", func(a *lang.Args, self lang.Value) (lang.Value, error) {
		return lang.ThenAwaitable(nil, func(lang.Value, error) (lang.Value, error) { return lang.None, nil }), nil
	}),
)

func init() {
	_ = abstractAsyncContextManagerClass.SetAttr("__doc__", "An abstract base class for asynchronous context managers.")
	moduleAttrs["AbstractAsyncContextManager"] = abstractAsyncContextManagerClass
}
