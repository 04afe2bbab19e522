package lang

import "github.com/kael-dev/kael/autograd"

// The methods of a context manager (no_grad(), enable_grad()) beyond the
// with statement: __enter__ and __exit__ called by hand (by
// contextlib.ExitStack.enter_context, or a program that enters no_grad
// for good), and as a decorator, @torch.no_grad() above a def runs each
// call of the function inside it.

// Attr gives a context manager's __enter__, __exit__ and __call__.
func (c *ContextManager) Attr(name string) (Value, bool) {
	switch name {
	case "__enter__":
		return NewBuiltin(AsValue, "__enter__()", "Enters the context manager, as a with statement does; returns None, as PyTorch's do.", func(a *Args) (Value, error) {
			return None, c.Enter()
		}), true
	case "__exit__":
		return NewBuiltin(AsValue, "__exit__(*exc_info)", "Leaves the context manager, as the end of a with statement does; returns None (an exception goes on).", func(a *Args) (Value, error) {
			c.Exit()
			return None, nil
		}), true
	case "__call__":
		return NewBuiltin(AsValue, "__call__(func)", "Wraps func so that each call runs inside the context manager.", func(a *Args) (Value, error) {
			return c.decorate(a.Value("func"))
		}), true
	}
	return nil, false
}

// AttrNames lists a context manager's attributes.
func (*ContextManager) AttrNames() []string { return []string{"__call__", "__enter__", "__exit__"} }

// decorate returns fn wrapped in c. Each call restores the grad mode it
// found, so that a decorated function calling itself ends where it began.
// Like the function it wraps, the wrapper binds self as a method.
func (c *ContextManager) decorate(fn Value) (Value, error) {
	name := c.Name
	if f, ok := fn.(*Function); ok {
		name = f.Name
	} else if !Callable(fn) {
		return nil, Errorf(TypeError, "%s() decorates a function, not %s", c.Name, TypeName(fn))
	}
	w := &Builtin{Name: name, Sig: name + "(*args, **kwargs)", Doc: "A function decorated with " + c.Name + "().",
		parsed: paramList(param{name: "args", variadic: true}), acceptsKeywords: true, binds: true}
	w.fn = func(a *Args) (Value, error) {
		was := autograd.IsGradEnabled()
		defer autograd.SetGradEnabled(was)
		if err := c.Enter(); err != nil {
			return nil, err
		}
		defer c.Exit()
		return a.in.call(fn, a.Value("args").(Tuple), a.kwNames, a.kwVals, a.in.stmtNode())
	}
	return w, nil
}

// goContextDunder is __enter__ or __exit__ of a Go value a with statement
// enters (a file, zipfile.ZipFile, warnings.catch_warnings(), ...), called
// by hand; ok is false for another name.
func goContextDunder(g goContextManager, name string) (Value, bool) {
	switch name {
	case "__enter__":
		return NewBuiltin(AsValue, "__enter__()", "Enters the context manager, as a with statement does; returns what the with statement binds.", func(*Args) (Value, error) {
			return g.Enter()
		}), true
	case "__exit__":
		return NewBuiltin(AsValue, "__exit__(*exc_info)", "Leaves the context manager, as the end of a with statement does; returns None (an exception goes on).", func(*Args) (Value, error) {
			g.Exit()
			return None, nil
		}), true
	}
	return nil, false
}
