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
	return in.assignAll(st.Targets, v)
}

// store is one resolved assignment: a name, an element or an attribute.
type store struct {
	target syntax.Expr // for the error's span
	obj    Value       // nil for a name
	subs   []subscript // for an element
	attr   string      // for an attribute
	value  Value
}

// assign stores v into a target, as a for loop or a with statement does.
func (in *interp) assign(target syntax.Expr, v Value) error {
	return in.assignAll([]syntax.Expr{target}, v)
}

// assignAll stores v into each target (a = b[0] = v) so that a failing
// assignment changes no variable: it first evaluates every target's object
// and subscripts and unpacks every tuple, with the names bound so far
// visible (i, l[i] = 1, 2 indexes with the new i), then stores elements
// and attributes, undoing those already stored when one fails, and binds
// the names last.
func (in *interp) assignAll(targets []syntax.Expr, v Value) error {
	saved := in.scope
	pending := &scope{vars: map[string]Value{}, parent: saved}
	in.scope = pending
	var stores []store
	var err error
	for _, t := range targets {
		if err = in.resolve(t, v, &stores); err != nil {
			err = in.errorAt(err, t.Span())
			break
		}
	}
	in.scope = saved
	if err != nil {
		return err
	}
	// Each store but the last that can fail keeps what undoes it (a copy of
	// what it overwrites); a failing store changed nothing itself.
	last := -1
	for k, s := range stores {
		if s.obj != nil {
			last = k
		}
	}
	var undo []func()
	for k, s := range stores {
		if s.obj == nil {
			continue
		}
		var restore func()
		if k < last {
			restore = s.undo()
		}
		if err := s.apply(); err != nil {
			for i := len(undo) - 1; i >= 0; i-- {
				undo[i]()
			}
			return in.errorAt(err, s.target.Span())
		}
		if restore != nil {
			undo = append(undo, restore)
		}
	}
	for name, val := range pending.vars {
		saved.vars[name] = val
	}
	return nil
}

// resolve evaluates what target needs to receive v and appends its stores.
// Names go into in.scope, the pending scope of assignAll.
func (in *interp) resolve(target syntax.Expr, v Value, stores *[]store) error {
	switch t := target.(type) {
	case *syntax.Ident:
		in.scope.vars[t.Name] = v
		return nil
	case *syntax.ParenExpr:
		return in.resolve(t.X, v, stores)
	case *syntax.TupleExpr:
		return in.resolveUnpack(t.Elts, v, stores)
	case *syntax.ListExpr:
		return in.resolveUnpack(t.Elts, v, stores)
	case *syntax.AttrExpr:
		obj, err := in.eval(t.X)
		if err != nil {
			return err
		}
		*stores = append(*stores, store{target: t, obj: obj, attr: t.Name.Name, value: v})
		return nil
	case *syntax.IndexExpr:
		obj, subs, err := in.evalIndexed(t)
		if err != nil {
			return err
		}
		*stores = append(*stores, store{target: t, obj: obj, subs: subs, value: v})
		return nil
	}
	return in.errorAt(newErrorf(SyntaxError, "cannot assign to this expression"), target.Span())
}

func (in *interp) resolveUnpack(targets []syntax.Expr, v Value, stores *[]store) error {
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
		if err := in.resolve(t, elems[i], stores); err != nil {
			return in.errorAt(err, t.Span())
		}
	}
	return nil
}

func (s store) apply() error {
	if s.subs == nil {
		return setAttr(s.obj, s.attr, s.value)
	}
	return setIndex(s.obj, s.subs, s.value)
}

// undo returns what restores the state before s is applied: the old
// element of a list or dict, the old elements (and autograd history) of a
// tensor, or the old attribute.
func (s store) undo() func() {
	nothing := func() {}
	if s.subs == nil {
		old, err := getAttr(s.obj, s.attr)
		if err != nil {
			return nothing
		}
		return func() { _ = setAttr(s.obj, s.attr, old) }
	}
	switch x := s.obj.(type) {
	case *tensor.Tensor:
		idx, err := tensorIndices(s.subs)
		if err != nil {
			return nothing
		}
		old, err := x.Index(idx...)
		if err == nil {
			old, err = old.Clone() // Index may give a view of x
		}
		if err != nil {
			return nothing // the store fails the same way
		}
		meta := x.Autograd()
		return func() { _ = x.IndexPut(idx, old); x.SetAutograd(meta) }
	case *List:
		if len(s.subs) == 1 && !s.subs[0].isSlice {
			if i, err := seqIndex(s.subs[0].value, len(x.Elems), "list assignment"); err == nil {
				old := x.Elems[i]
				return func() { x.Elems[i] = old }
			}
			return nothing
		}
		elems := x.Elems // slice assignment makes a new array
		return func() { x.Elems = elems }
	case *Dict:
		key, err := subsKey(s.subs)
		if err != nil {
			return nothing
		}
		old, found, err := x.Get(key)
		if err != nil {
			return nothing
		}
		if !found {
			return func() { _, _ = x.Delete(key) }
		}
		return func() { _ = x.Set(key, old) }
	}
	return nothing
}

// augAssign runs x op= v: in place on tensors, as in PyTorch, and as a
// rebinding for every other value. The target's object and subscripts are
// evaluated once.
func (in *interp) augAssign(st *syntax.AssignStmt) error {
	target := st.Targets[0]
	for {
		p, ok := target.(*syntax.ParenExpr)
		if !ok {
			break
		}
		target = p.X
	}
	var cur Value
	var err error
	var s store
	switch t := target.(type) {
	case *syntax.Ident:
		cur, err = in.lookup(t)
	case *syntax.AttrExpr:
		s.target, s.attr = t, t.Name.Name
		if s.obj, err = in.eval(t.X); err == nil {
			cur, err = getAttr(s.obj, s.attr)
			err = in.wrapNode(err, t.Name)
		}
	case *syntax.IndexExpr:
		s.target = t
		if s.obj, s.subs, err = in.evalIndexed(t); err == nil {
			cur, err = index(s.obj, s.subs)
			err = in.wrapNode(err, t)
		}
	default:
		return in.errorAt(newErrorf(SyntaxError, "illegal expression for augmented assignment"), target.Span())
	}
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
	if id, ok := target.(*syntax.Ident); ok {
		in.scope.vars[id.Name] = r
		return nil
	}
	s.value = r
	return in.wrapNode(s.apply(), target)
}

// del deletes every target, checking first that each exists so that a
// failing del deletes nothing.
func (in *interp) del(targets []syntax.Expr) error {
	type deletion struct {
		name   string
		remove func() error
		span   syntax.Span
	}
	var plan []deletion
	gone := map[string]bool{}
	var add func(t syntax.Expr) error
	add = func(target syntax.Expr) error {
		switch t := target.(type) {
		case *syntax.Ident:
			if _, ok := in.scope.vars[t.Name]; !ok || gone[t.Name] {
				return newErrorf(NameError, "name '%s' is not defined", t.Name)
			}
			gone[t.Name] = true
			plan = append(plan, deletion{name: t.Name})
			return nil
		case *syntax.ParenExpr:
			return add(t.X)
		case *syntax.TupleExpr:
			for _, e := range t.Elts {
				if err := add(e); err != nil {
					return in.wrap(err, e.Span())
				}
			}
			return nil
		case *syntax.IndexExpr:
			obj, subs, err := in.evalIndexed(t)
			if err != nil {
				return err
			}
			remove, err := delIndex(obj, subs)
			if err != nil {
				return err
			}
			plan = append(plan, deletion{remove: remove, span: t.Span()})
			return nil
		}
		return newErrorf(SyntaxError, "cannot delete this expression")
	}
	for _, t := range targets {
		if err := add(t); err != nil {
			return in.wrap(err, t.Span())
		}
	}
	// Every target was checked against the values as they were; a list
	// that an earlier target shortened can still fail, as in Python.
	for _, d := range plan {
		if d.remove == nil {
			delete(in.scope.vars, d.name)
		} else if err := d.remove(); err != nil {
			return in.errorAt(err, d.span)
		}
	}
	return nil
}
