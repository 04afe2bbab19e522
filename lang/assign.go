package lang

import (
	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

func (in *interp) execAssign(st *syntax.AssignStmt) error {
	if st.Op != syntax.ASSIGN {
		return in.augAssign(st)
	}
	v, err := in.eval(st.Value)
	if err != nil {
		return err
	}
	for _, t := range st.Targets {
		if err := in.assign(t, v); err != nil {
			return in.errorAt(err, t.Span())
		}
	}
	return nil
}

// assign stores v into a target. For unpacking it checks the length first,
// so a failing assignment binds nothing.
func (in *interp) assign(target syntax.Expr, v Value) error {
	switch t := target.(type) {
	case *syntax.Ident:
		in.scope.vars[t.Name] = v
		return nil
	case *syntax.ParenExpr:
		return in.assign(t.X, v)
	case *syntax.TupleExpr:
		return in.unpack(t.Elts, v)
	case *syntax.ListExpr:
		return in.unpack(t.Elts, v)
	case *syntax.AttrExpr:
		obj, err := in.eval(t.X)
		if err != nil {
			return err
		}
		return in.wrap(setAttr(obj, t.Name.Name, v), t.Span())
	case *syntax.IndexExpr:
		obj, subs, err := in.evalIndexed(t)
		if err != nil {
			return err
		}
		return in.wrap(setIndex(obj, subs, v), t.Span())
	}
	return in.errorAt(newErrorf(SyntaxError, "cannot assign to this expression"), target.Span())
}

func (in *interp) unpack(targets []syntax.Expr, v Value) error {
	elems, err := collect(v)
	if err != nil {
		return newErrorf(TypeError, "cannot unpack non-iterable %s object", TypeName(v))
	}
	if len(elems) != len(targets) {
		if len(elems) > len(targets) {
			return newErrorf(ValueError, "too many values to unpack (expected %d)", len(targets))
		}
		return newErrorf(ValueError, "not enough values to unpack (expected %d, got %d)", len(targets), len(elems))
	}
	for i, t := range targets {
		if err := in.assign(t, elems[i]); err != nil {
			return err
		}
	}
	return nil
}

// augAssign runs x op= v: in place on tensors, as in PyTorch, and as a
// rebinding for every other value.
func (in *interp) augAssign(st *syntax.AssignStmt) error {
	target := st.Targets[0]
	cur, err := in.eval(target)
	if err != nil {
		return err
	}
	v, err := in.eval(st.Value)
	if err != nil {
		return err
	}
	if t, ok := cur.(*tensor.Tensor); ok {
		y, err := toTensor(v)
		if err != nil {
			return in.errorAt(operandError(st.Op, cur, v), st.Span())
		}
		return in.wrap(in.inPlace(st.Op, t, y), st.Span())
	}
	r, err := in.binary(st.Op, cur, v, st)
	if err != nil {
		return in.errorAt(err, st.Span())
	}
	if l, ok := cur.(*List); ok && st.Op == syntax.PLUS {
		l.Elems = r.(*List).Elems // += extends a list in place
		return nil
	}
	return in.assign(target, r)
}

func (in *interp) del(target syntax.Expr) error {
	switch t := target.(type) {
	case *syntax.Ident:
		if _, ok := in.scope.vars[t.Name]; !ok {
			return newErrorf(NameError, "name '%s' is not defined", t.Name)
		}
		delete(in.scope.vars, t.Name)
		return nil
	case *syntax.ParenExpr:
		return in.del(t.X)
	case *syntax.TupleExpr:
		for _, e := range t.Elts {
			if err := in.del(e); err != nil {
				return err
			}
		}
		return nil
	case *syntax.IndexExpr:
		obj, subs, err := in.evalIndexed(t)
		if err != nil {
			return err
		}
		return delIndex(obj, subs)
	}
	return newErrorf(SyntaxError, "cannot delete this expression")
}
