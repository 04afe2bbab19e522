package lang

import "github.com/kael-dev/kael/autograd"

// The methods of a context manager (no_grad(), enable_grad()) beyond the
// with statement: as a decorator, @torch.no_grad() above a def runs each
// call of the function inside it.

// Attr gives a context manager's __call__: @torch.no_grad() above a def
// runs each call of the function inside the context manager.
func (c *ContextManager) Attr(name string) (Value, bool) {
	if name != "__call__" {
		return nil, false
	}
	return NewBuiltin(AsValue, "__call__(func)", "Wraps func so that each call runs inside the context manager.", func(a *Args) (Value, error) {
		return c.decorate(a.Value("func"))
	}), true
}

// AttrNames lists a context manager's attributes.
func (*ContextManager) AttrNames() []string { return []string{"__call__"} }

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
