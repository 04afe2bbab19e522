package contextlib

import (
	"github.com/kael-dev/kael/lang"
)

// ExitStack: context managers and callbacks unwound last first when the
// with statement (or close()) ends, the exception of the body passed to
// each exit in turn until one suppresses it.

// exitFn is one entry of the stack: called with the exception's type,
// value and traceback (None, None, None when there is none), it reports
// whether it suppressed it.
type exitFn func(a *lang.Args, typ, val, tb lang.Value) (bool, error)

type exitStack struct{ exits []exitFn }

// enter enters cm and returns what its __enter__ gives, pushing its exit.
func (s *exitStack) enter(a *lang.Args, cm lang.Value) (lang.Value, error) {
	if g, ok := cm.(goContextManager); ok {
		v, err := g.Enter()
		if err != nil {
			return nil, err
		}
		s.exits = append(s.exits, func(*lang.Args, lang.Value, lang.Value, lang.Value) (bool, error) { g.Exit(); return false, nil })
		return v, nil
	}
	if g, ok := cm.(*lang.ContextManager); ok { // no_grad()
		if err := g.Enter(); err != nil {
			return nil, err
		}
		s.exits = append(s.exits, func(*lang.Args, lang.Value, lang.Value, lang.Value) (bool, error) { g.Exit(); return false, nil })
		return lang.None, nil
	}
	getattr, _ := lang.LookupBuiltin("getattr")
	enterFn, err := a.Call(getattr, cm, "__enter__")
	if err != nil {
		return nil, lang.Errorf(lang.TypeError, "'%s' object does not support the context manager protocol", qualifiedType(cm))
	}
	exitMethod, err := a.Call(getattr, cm, "__exit__")
	if err != nil {
		return nil, lang.Errorf(lang.TypeError, "'%s' object does not support the context manager protocol (missed __exit__ method)", qualifiedType(cm))
	}
	v, err := a.Call(enterFn)
	if err != nil {
		return nil, err
	}
	s.exits = append(s.exits, callExit(exitMethod))
	return v, nil
}

// qualifiedType is module.qualname of v's class, as ExitStack's errors
// name it.
func qualifiedType(v lang.Value) string {
	if x, ok := v.(*lang.Instance); ok {
		m, _ := x.Class().Attr("__module__")
		q, _ := x.Class().Attr("__qualname__")
		return lang.Str(m) + "." + lang.Str(q)
	}
	return "builtins." + lang.TypeName(v)
}

// callExit is the entry of an __exit__ method.
func callExit(exit lang.Value) exitFn {
	return func(a *lang.Args, typ, val, tb lang.Value) (bool, error) {
		r, err := a.Call(exit, typ, val, tb)
		if err != nil {
			return false, err
		}
		return lang.Truth(r)
	}
}

// unwind runs the entries last first; it reports whether the exception
// (typ not None) was suppressed. An entry's error replaces the exception
// for the entries after it, as in CPython, and is returned at the end.
func (s *exitStack) unwind(a *lang.Args, typ, val, tb lang.Value) (bool, error) {
	suppressed := false
	var pending error
	for len(s.exits) > 0 {
		e := s.exits[len(s.exits)-1]
		s.exits = s.exits[:len(s.exits)-1]
		ok, err := e(a, typ, val, tb)
		if err != nil {
			pending = err
			exc := lang.ExceptionOf(err)
			typ, val = lang.TypeOf(exc), exc
			suppressed = false
			continue
		}
		if ok && typ != lang.None {
			suppressed, pending = true, nil
			typ, val, tb = lang.None, lang.None, lang.None
		}
	}
	return suppressed, pending
}

var exitStackClass = newClass("ExitStack",
	method("__enter__(self)", "The stack itself.", func(a *lang.Args, s *exitStack) (lang.Value, error) {
		return a.Value("self"), nil
	}),
	method("__exit__(self, typ, value, traceback)", "Unwinds the stack, last entered first.", func(a *lang.Args, s *exitStack) (lang.Value, error) {
		return s.unwind(a, a.Value("typ"), a.Value("value"), a.Value("traceback"))
	}),
	method("enter_context(self, cm)", "Enters the context manager cm and returns what its __enter__ gives; the stack leaves it.", func(a *lang.Args, s *exitStack) (lang.Value, error) {
		return s.enter(a, a.Value("cm"))
	}),
	method("callback(self, callback, *args)", "Registers callback(*args, **kwds) to run when the stack unwinds; returns callback.", func(a *lang.Args, s *exitStack) (lang.Value, error) {
		fn, args := a.Value("callback"), a.Value("args").(lang.Tuple)
		kwNames, kwVals := a.Keywords()
		kwNames, kwVals = append([]string(nil), kwNames...), append([]lang.Value(nil), kwVals...)
		s.exits = append(s.exits, func(a *lang.Args, _, _, _ lang.Value) (bool, error) {
			_, err := a.CallKw(fn, args, kwNames, kwVals)
			return false, err
		})
		return fn, nil
	}).CollectKeywords(),
	method("push(self, exit)", "Registers exit, an __exit__-like callable (or an object with __exit__), to run when the stack unwinds.", func(a *lang.Args, s *exitStack) (lang.Value, error) {
		exit := a.Value("exit")
		getattr, _ := lang.LookupBuiltin("getattr")
		if m, err := a.Call(getattr, exit, "__exit__"); err == nil {
			s.exits = append(s.exits, callExit(m))
		} else {
			s.exits = append(s.exits, callExit(exit))
		}
		return exit, nil
	}),
	method("close(self)", "Unwinds the stack now.", func(a *lang.Args, s *exitStack) (lang.Value, error) {
		_, err := s.unwind(a, lang.None, lang.None, lang.None)
		return lang.None, err
	}),
)

func init() {
	// pop_all makes an ExitStack: set here, after exitStackClass is made.
	_ = exitStackClass.SetAttr("pop_all", method("pop_all(self)", "A new ExitStack holding this one's entries; this one is left empty.", func(a *lang.Args, s *exitStack) (lang.Value, error) {
		moved := &exitStack{exits: s.exits}
		s.exits = nil
		return lang.NewInstance(exitStackClass, moved), nil
	}).BindingSelf())
}
