package contextlib

import "github.com/kael-dev/kael/lang"

// ContextDecorator and AbstractContextManager, the base classes programs
// derive their context managers from. A ContextDecorator object is also a
// decorator: @cm() above a function runs each call of it inside
// "with cm._recreate_cm():", as CPython's does.

// selfMethod writes a method of a class user classes derive from.
func selfMethod(sig, doc string, fn func(a *lang.Args, self lang.Value) (lang.Value, error)) *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, sig, doc, func(a *lang.Args) (lang.Value, error) {
		return fn(a, a.Value("self"))
	})
}

// callInside calls fn with args inside the with statement of cm: it enters
// cm, calls fn, and leaves cm with the call's exception, which __exit__
// may suppress (the call then returns None).
func callInside(a *lang.Args, cm, fn lang.Value, pos []lang.Value, kwNames []string, kwVals []lang.Value) (lang.Value, error) {
	enter, err := lang.GetAttr(cm, "__enter__")
	if err != nil {
		return nil, err
	}
	exit, err := lang.GetAttr(cm, "__exit__")
	if err != nil {
		return nil, err
	}
	if _, err := a.Call(enter); err != nil {
		return nil, err
	}
	r, callErr := a.CallKw(fn, pos, kwNames, kwVals)
	if callErr == nil {
		if _, err := a.Call(exit, lang.None, lang.None, lang.None); err != nil {
			return nil, err
		}
		return r, nil
	}
	exc := lang.ExceptionOf(callErr)
	if exc == lang.None { // a crash of kael, not a Python exception
		return nil, callErr
	}
	tb, err := lang.GetAttr(exc, "__traceback__")
	if err != nil {
		tb = lang.None
	}
	suppress, err := a.Call(exit, lang.TypeOf(exc), exc, tb)
	if err != nil {
		return nil, err
	}
	if ok, err := lang.Truth(suppress); err != nil || !ok {
		if err != nil {
			return nil, err
		}
		return nil, callErr
	}
	return lang.None, nil
}

var contextDecoratorClass = lang.MustNewClass("ContextDecorator", "contextlib", nil,
	selfMethod("_recreate_cm(self)", "The context manager each call of a decorated function runs in: self.", func(a *lang.Args, self lang.Value) (lang.Value, error) {
		return self, nil
	}),
	selfMethod("__call__(self, func)", "func wrapped so that each call runs inside with self._recreate_cm().", func(a *lang.Args, self lang.Value) (lang.Value, error) {
		fn := a.Value("func")
		inner := lang.NewBuiltin(lang.AsValue, "inner(*args)", "A call inside the context manager.", func(c *lang.Args) (lang.Value, error) {
			recreate, err := lang.GetAttr(self, "_recreate_cm")
			if err != nil {
				return nil, err
			}
			cm, err := c.Call(recreate)
			if err != nil {
				return nil, err
			}
			kwNames, kwVals := c.Keywords()
			return callInside(c, cm, fn, c.Value("args").(lang.Tuple), kwNames, kwVals)
		}).CollectKeywords()
		return wrapped(inner, fn), nil
	}),
)

// wrapped gives inner, the wrapper of a decorated function fn, fn's name
// and doc, as functools.wraps does.
func wrapped(inner *lang.Builtin, fn lang.Value) *lang.Builtin {
	if name, err := lang.GetAttr(fn, "__name__"); err == nil {
		if s, ok := name.(string); ok {
			inner.Name = s
		}
	}
	inner.Doc = ""
	if doc, err := lang.GetAttr(fn, "__doc__"); err == nil {
		if s, ok := doc.(string); ok {
			inner.Doc = s
		}
	}
	return inner
}

var abstractContextManagerClass = lang.MustNewClass("AbstractContextManager", "contextlib", nil,
	selfMethod("__enter__(self)", "Return self upon entering the runtime context.", func(a *lang.Args, self lang.Value) (lang.Value, error) {
		return self, nil
	}),
	selfMethod("__exit__(self, exc_type, exc_value, traceback)", "Raise any exception triggered within the runtime context.", func(a *lang.Args, self lang.Value) (lang.Value, error) {
		return lang.None, nil
	}),
)

func init() {
	// a contextmanager's object decorates too: each call runs in a fresh
	// generator of the same function and arguments
	_ = generatorCMClass.SetAttr("__call__", method("__call__(self, func)", "func wrapped so that each call runs inside a fresh context manager of the same generator function and arguments.", func(a *lang.Args, st *generatorCM) (lang.Value, error) {
		fn := a.Value("func")
		return wrapped(lang.NewBuiltin(lang.AsValue, "inner(*args)", "A call inside the context manager.", func(c *lang.Args) (lang.Value, error) {
			gen, err := c.CallKw(st.fn, st.args, st.kwNames, st.kwVals)
			if err != nil {
				return nil, err
			}
			cm := lang.NewInstance(generatorCMClass, &generatorCM{gen: gen, fn: st.fn, args: st.args, kwNames: st.kwNames, kwVals: st.kwVals})
			kwNames, kwVals := c.Keywords()
			return callInside(c, cm, fn, c.Value("args").(lang.Tuple), kwNames, kwVals)
		}).CollectKeywords(), fn), nil
	}).BindingSelf())
	_ = contextDecoratorClass.SetAttr("__doc__", "A base class or mixin that enables context managers to work as decorators.")
	_ = abstractContextManagerClass.SetAttr("__doc__", "An abstract base class for context managers.")
	moduleAttrs["ContextDecorator"] = contextDecoratorClass
	moduleAttrs["AbstractContextManager"] = abstractContextManagerClass
}
