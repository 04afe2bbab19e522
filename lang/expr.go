package lang

import (
	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// eval evaluates an expression. Errors carry the span of the innermost
// sub-expression that failed.
func (in *interp) eval(x syntax.Expr) (Value, error) {
	switch x := x.(type) {
	case *syntax.Ident:
		return in.lookup(x)
	case *syntax.IntLit:
		return x.Value, nil
	case *syntax.FloatLit:
		return x.Value, nil
	case *syntax.StringLit:
		return x.Value, nil
	case *syntax.BoolLit:
		return x.Value, nil
	case *syntax.NoneLit:
		return None, nil
	case *syntax.EllipsisLit:
		return EllipsisType{}, nil
	case *syntax.ParenExpr:
		return in.eval(x.X)
	case *syntax.UnaryExpr:
		v, err := in.eval(x.X)
		if err != nil {
			return nil, err
		}
		r, err := in.unary(x.Op, v, x)
		return r, in.wrapNode(err, x)
	case *syntax.BinaryExpr:
		a, err := in.eval(x.X)
		if err != nil {
			return nil, err
		}
		b, err := in.eval(x.Y)
		if err != nil {
			return nil, err
		}
		r, err := in.binary(x.Op, a, b, x)
		return r, in.wrapNode(err, x)
	case *syntax.BoolOpExpr:
		a, err := in.eval(x.X)
		if err != nil {
			return nil, err
		}
		t, err := Truth(a)
		if err != nil {
			return nil, in.errorAt(err, x.X.Span())
		}
		if (x.Op == syntax.AND) != t {
			return a, nil // and: a false; or: a true
		}
		return in.eval(x.Y)
	case *syntax.CompareExpr:
		return in.compareChain(x)
	case *syntax.CondExpr:
		ok, err := in.truth(x.Cond)
		if err != nil {
			return nil, err
		}
		if ok {
			return in.eval(x.Then)
		}
		return in.eval(x.Else)
	case *syntax.CallExpr:
		return in.evalCall(x)
	case *syntax.AttrExpr:
		v, err := in.eval(x.X)
		if err != nil {
			return nil, err
		}
		r, err := getAttr(v, x.Name.Name)
		return r, in.wrapNode(err, x.Name)
	case *syntax.IndexExpr:
		v, subs, err := in.evalIndexed(x)
		if err != nil {
			return nil, err
		}
		r, err := index(v, subs)
		return r, in.wrapNode(err, x)
	case *syntax.TupleExpr:
		vals, err := in.evalList(x.Elts)
		return Tuple(vals), err
	case *syntax.ListExpr:
		vals, err := in.evalList(x.Elts)
		return &List{Elems: vals}, err
	case *syntax.ListComp:
		return in.listComp(x)
	case *syntax.DictExpr:
		d := NewDict()
		for _, e := range x.Entries {
			k, err := in.eval(e.Key)
			if err != nil {
				return nil, err
			}
			v, err := in.eval(e.Value)
			if err != nil {
				return nil, err
			}
			if err := d.Set(k, v); err != nil {
				return nil, in.errorAt(err, e.Key.Span())
			}
		}
		return d, nil
	case *syntax.LambdaExpr:
		return in.makeFunction("<lambda>", x.Params, nil, x.Body)
	case *syntax.FStringExpr:
		return in.evalFString(x)
	case *syntax.SetExpr:
		return in.evalSet(x)
	case *syntax.DictComp:
		return in.evalDictComp(x)
	case *syntax.SetComp:
		return in.evalSetComp(x)
	case *syntax.SliceExpr:
		return nil, in.errorAt(newErrorf(SyntaxError, "a slice is only allowed inside []"), x.Span())
	}
	return nil, in.errorAt(newErrorf(SyntaxError, "unsupported expression"), x.Span())
}

func (in *interp) evalList(xs []syntax.Expr) ([]Value, error) {
	vals := make([]Value, len(xs))
	for i, e := range xs {
		v, err := in.eval(e)
		if err != nil {
			return nil, err
		}
		vals[i] = v
	}
	return vals, nil
}

func (in *interp) lookup(id *syntax.Ident) (Value, error) {
	if v, ok := in.scope.lookup(id.Name); ok {
		return v, nil
	}
	if v, ok := in.s.globals.vars[id.Name]; ok {
		return v, nil
	}
	if v, ok := globalValue(id.Name); ok {
		return v, nil
	}
	err := newErrorf(NameError, "name '%s' is not defined", id.Name)
	if s := syntax.Suggest(id.Name, in.visibleNames()); s != "" {
		err.withHint("did you mean `%s`?", s)
	}
	return nil, in.errorAt(err, id.Span())
}

// visibleNames lists every name a lookup could find.
func (in *interp) visibleNames() []string {
	var names []string
	for s := in.scope; s != nil; s = s.parent {
		for k := range s.vars {
			names = append(names, k)
		}
	}
	for k := range in.s.globals.vars {
		names = append(names, k)
	}
	return append(names, globalNames()...)
}

func (in *interp) compareChain(x *syntax.CompareExpr) (Value, error) {
	left, err := in.eval(x.X)
	if err != nil {
		return nil, err
	}
	var result Value
	for i, c := range x.Ops {
		right, err := in.eval(c.Y)
		if err != nil {
			return nil, err
		}
		at := chainLink{x, i}
		r, err := in.compare(c.Op, left, right, at)
		if err != nil {
			return nil, in.errorAt(err, at.Span())
		}
		if i == len(x.Ops)-1 {
			return r, nil
		}
		t, err := Truth(r)
		if err != nil {
			return nil, in.errorAt(err, at.Span())
		}
		if !t {
			return r, nil
		}
		result, left = r, right
	}
	return result, nil
}

func (in *interp) listComp(x *syntax.ListComp) (Value, error) {
	saved := in.scope
	in.scope = newScope(in.scope)
	defer func() { in.scope = saved }()
	var out []Value
	var run func(i int) error
	run = func(i int) error {
		if i == len(x.Fors) {
			v, err := in.eval(x.Elt)
			if err != nil {
				return err
			}
			out = append(out, v)
			return nil
		}
		f := x.Fors[i]
		seq, err := in.eval(f.Iter)
		if err != nil {
			return err
		}
		var bodyErr error
		err = iterate(seq, func(item Value) bool {
			if bodyErr = in.checkInterrupt(); bodyErr != nil {
				return false
			}
			if bodyErr = in.assign(f.Target, item); bodyErr != nil {
				bodyErr = in.errorAt(bodyErr, f.Target.Span())
				return false
			}
			for _, cond := range f.Ifs {
				ok, err := in.truth(cond)
				if err != nil {
					bodyErr = err
					return false
				}
				if !ok {
					return true
				}
			}
			bodyErr = run(i + 1)
			return bodyErr == nil
		})
		if err != nil {
			return in.errorAt(err, f.Iter.Span())
		}
		return bodyErr
	}
	if err := run(0); err != nil {
		return nil, err
	}
	return &List{Elems: out}, nil
}

// subscript is one evaluated index: a value or a slice.
type subscript struct {
	value        Value
	isSlice      bool
	lo, hi, step Value // None when omitted
	span         syntax.Span
}

// evalIndexed evaluates the object and the subscripts of x[...].
func (in *interp) evalIndexed(x *syntax.IndexExpr) (Value, []subscript, error) {
	obj, err := in.eval(x.X)
	if err != nil {
		return nil, nil, err
	}
	subs, err := in.evalSubscripts(x.Subs)
	return obj, subs, err
}

func (in *interp) evalSubscripts(subs []syntax.Expr) ([]subscript, error) {
	out := make([]subscript, len(subs))
	for i, s := range subs {
		out[i].span = s.Span()
		if sl, ok := s.(*syntax.SliceExpr); ok {
			out[i].isSlice = true
			parts := []*Value{&out[i].lo, &out[i].hi, &out[i].step}
			for j, e := range []syntax.Expr{sl.Lo, sl.Hi, sl.Step} {
				*parts[j] = None
				if e == nil {
					continue
				}
				v, err := in.eval(e)
				if err != nil {
					return nil, err
				}
				*parts[j] = v
			}
			continue
		}
		v, err := in.eval(s)
		if err != nil {
			return nil, err
		}
		out[i].value = v
	}
	return out, nil
}

func (in *interp) evalCall(x *syntax.CallExpr) (Value, error) {
	fn, err := in.eval(x.Fn)
	if err != nil {
		return nil, err
	}
	var pos []Value
	var kwNames []string
	var kwVals []Value
	for _, a := range x.Args {
		v, err := in.eval(a.Value)
		if err != nil {
			return nil, err
		}
		switch {
		case a.Star == syntax.STAR:
			elems, err := collect(v)
			if err != nil {
				return nil, in.errorAt(err, a.Span())
			}
			pos = append(pos, elems...)
		case a.Star == syntax.STARSTAR:
			d, ok := v.(*Dict)
			if !ok {
				return nil, in.errorAt(newErrorf(TypeError, "argument after ** must be a dict, not %s", TypeName(v)), a.Span())
			}
			for i, k := range d.keys {
				name, ok := k.(string)
				if !ok {
					return nil, in.errorAt(newErrorf(TypeError, "keywords must be strings"), a.Span())
				}
				kwNames, kwVals = append(kwNames, name), append(kwVals, d.vals[i])
			}
		case a.Name != nil:
			kwNames, kwVals = append(kwNames, a.Name.Name), append(kwVals, v)
		default:
			pos = append(pos, v)
		}
	}
	r, err := in.call(fn, pos, kwNames, kwVals, x)
	return r, in.wrapNode(err, x)
}

// call calls any callable value.
func (in *interp) call(fn Value, pos []Value, kwNames []string, kwVals []Value, at syntax.Node) (Value, error) {
	switch f := fn.(type) {
	case *Builtin:
		a, err := f.bind(in, pos, kwNames, kwVals)
		if err != nil {
			return nil, err
		}
		return f.fn(a)
	case *BoundMethod:
		return in.call(f.Method, append([]Value{f.Recv}, pos...), kwNames, kwVals, at)
	case *Function:
		return in.callFunction(f, pos, kwNames, kwVals, at)
	case tensor.DType:
		return nil, newErrorf(TypeError, "'dtype' object is not callable").withHint("convert with x.to(%s)", f)
	}
	if target, ok := callTarget(fn); ok {
		return in.call(target, pos, kwNames, kwVals, at)
	}
	return nil, newErrorf(TypeError, "'%s' object is not callable", TypeName(fn))
}

func (in *interp) callFunction(f *Function, pos []Value, kwNames []string, kwVals []Value, at syntax.Node) (Value, error) {
	if in.depth >= MaxDepth {
		return nil, newErrorf(RecursionError, "maximum recursion depth exceeded (%d calls)", MaxDepth).
			withHint("a recursive function needs a base case that stops it")
	}
	parent := f.env
	if parent == nil {
		parent = in.s.globals
	}
	locals := newScope(parent)
	if err := bindParams(f, locals, pos, kwNames, kwVals); err != nil {
		return nil, err
	}
	callee := &interp{s: in.s, ctx: in.ctx, scope: locals, src: f.src, filename: f.filename,
		depth: in.depth + 1, fnName: f.Name}
	var result Value = None
	var err error
	if f.Expr != nil {
		result, err = callee.eval(f.Expr)
		if err != nil {
			err = callee.errorAt(err, f.Expr.Span())
		}
	} else {
		var c ctrl
		var v Value
		c, v, err = callee.execBlock(f.Body)
		if c == ctrlReturn {
			result = v
		}
	}
	in.notes = append(in.notes, callee.notes...)
	if err != nil {
		e := toError(err)
		if e.Kind != KeyboardInterrupt {
			e.Trace = append([]Frame{{Function: in.fnName, Span: at.Span(), Src: in.src, Filename: in.filename}}, e.Trace...)
		}
		return nil, e
	}
	return result, nil
}

// bindParams binds call arguments to a user function's parameters, as
// variables of locals, with Python's rules.
func bindParams(f *Function, locals *scope, pos []Value, kwNames []string, kwVals []Value) error {
	sig := signature{name: f.Name, params: f.params, keywords: f.kwargs != "", of: f}
	vals, extra, err := sig.bind(pos, kwNames, kwVals)
	if err != nil {
		return err
	}
	for i, p := range f.params {
		locals.vars[p.name] = vals[i]
	}
	if f.kwargs != "" {
		d := NewDict()
		for _, kw := range extra {
			_ = d.Set(kw.name, kw.value) // string keys always hash
		}
		locals.vars[f.kwargs] = d
	}
	return nil
}

// spanNode is a syntax.Node for a span computed elsewhere.
type spanNode syntax.Span

func (s spanNode) Span() syntax.Span { return syntax.Span(s) }

// chainLink is the i-th comparison of a chain such as a < b < c. Its span
// is computed only when asked for: spans of deep nodes cost time
// proportional to their depth.
type chainLink struct {
	x *syntax.CompareExpr
	i int
}

func (l chainLink) Span() syntax.Span {
	start := l.x.X
	if l.i > 0 {
		start = l.x.Ops[l.i-1].Y
	}
	return syntax.Span{Start: start.Span().Start, End: l.x.Ops[l.i].Y.Span().End}
}
