package lang

import (
	"github.com/kael-dev/kael/lang/syntax"
)

// The with statement. Each item's value is a context manager: one of
// kael's (no_grad(), enable_grad(): a *ContextManager, entered and left
// in Go), or an object whose class defines __enter__ and __exit__. As in
// CPython, with A() as a, B() as b: body is with A() as a: with B() as b:
// body; __enter__'s result is bound to the target, and __exit__(exc_type,
// exc, tb) runs however the body ends (normally, by break, continue or
// return, or by an error, which it receives); a true result from
// __exit__ suppresses the error, and the statement after the with runs.

func init() { supportedDunders["__enter__"], supportedDunders["__exit__"] = true, true }

// goContextManager is a value of a Go type that a with statement enters
// and leaves (a file); Exit runs however the block ends and suppresses
// nothing.
type goContextManager interface {
	Enter() (Value, error)
	Exit()
}

func (c *compiler) withStmt(st *syntax.WithStmt) execFn {
	if st.AsyncPos.IsValid() {
		return c.asyncWithStmt(st)
	}
	items := make([]evalFn, len(st.Items))
	targets := make([]storeFn, len(st.Items))
	for i, it := range st.Items {
		items[i] = c.expr(it.X)
		if it.Target != nil {
			targets[i] = c.target(it.Target)
		}
	}
	body := c.block(st.Body)
	var enter func(in *interp, i int) (ctrl, error)
	enter = func(in *interp, i int) (ctrl, error) {
		if i == len(items) {
			return body.exec(in)
		}
		item := st.Items[i]
		v, err := items[i](in)
		if err != nil {
			return ctrlNext, in.errorAt(err, item.X.Span())
		}
		if x, ok := v.(*Instance); ok {
			return in.withUser(x, item, targets[i], func() (ctrl, error) { return enter(in, i+1) })
		}
		if g, ok := v.(goContextManager); ok { // a file
			r, err := g.Enter()
			if err != nil {
				return ctrlNext, in.errorAt(err, item.X.Span())
			}
			defer g.Exit()
			if targets[i] != nil {
				if err := targets[i](in, r); err != nil {
					return ctrlNext, in.errorAt(err, item.Target.Span())
				}
			}
			return enter(in, i+1)
		}
		cm, ok := v.(*ContextManager)
		if !ok {
			return ctrlNext, in.errorAt(Errorf(TypeError, "'%s' object does not support the context manager protocol", TypeName(v)).
				WithHint("a context manager is no_grad(), enable_grad() or an object whose class defines __enter__ and __exit__"), item.X.Span())
		}
		if err := cm.Enter(); err != nil {
			return ctrlNext, in.errorAt(err, item.X.Span())
		}
		defer cm.Exit()
		if targets[i] != nil { // PyTorch's __enter__ (no_grad, set_grad_enabled, ...) returns None
			if err := targets[i](in, None); err != nil {
				return ctrlNext, in.errorAt(err, item.Target.Span())
			}
		}
		return enter(in, i+1)
	}
	return func(in *interp) (ctrl, error) { return enter(in, 0) }
}

// withUser runs rest (the inner items and the body) inside the context
// manager x, an instance of a user class, bound to target (nil for none).
func (in *interp) withUser(x *Instance, item *syntax.WithItem, target storeFn, rest func() (ctrl, error)) (ctrl, error) {
	enterFn, _, ok := x.cls.lookup("__enter__")
	if !ok {
		return ctrlNext, in.errorAt(Errorf(TypeError, "'%s' object does not support the context manager protocol", TypeName(x)), item.X.Span())
	}
	exitFn, _, ok := x.cls.lookup("__exit__")
	if !ok {
		return ctrlNext, in.errorAt(Errorf(TypeError, "'%s' object does not support the context manager protocol (missed __exit__ method)", TypeName(x)), item.X.Span())
	}
	v, err := in.callMethod(enterFn, x, x.cls, nil, nil, nil, item)
	if err != nil {
		return ctrlNext, in.errorAt(err, item.X.Span())
	}
	k, err := ctrlNext, error(nil)
	if target != nil {
		if err = target(in, v); err != nil {
			err = in.errorAt(err, item.Target.Span())
		}
	}
	if err == nil {
		k, err = rest()
	}
	ret := in.ret // the body's return value, kept through __exit__'s call
	if err == nil {
		if _, xerr := in.callMethod(exitFn, x, x.cls, []Value{None, None, None}, nil, nil, item); xerr != nil {
			return ctrlNext, in.errorAt(xerr, item.X.Span())
		}
		in.ret = ret
		return k, nil
	}
	typ, exc, e, catchable := excInfo(err)
	if !catchable {
		return ctrlNext, err
	}
	r, xerr := in.callMethod(exitFn, x, x.cls, []Value{typ, exc, None}, nil, nil, item)
	if xerr != nil { // raised while handling e: e is its context
		return ctrlNext, in.chain(in.errorAt(xerr, item.X.Span()), e)
	}
	suppress, terr := Truth(r)
	if terr != nil {
		return ctrlNext, in.errorAt(terr, item.X.Span())
	}
	if suppress {
		return ctrlNext, nil
	}
	return ctrlNext, e
}
