package lang

import "github.com/kael-dev/kael/lang/syntax"

// Class statements in the resolver. A class body is resolved as a function
// run once when the statement runs: the names it assigns are its locals,
// which become the class's attributes. As in Python, the methods nested in
// it do not see those names (lookup skips class blocks), and a method that
// calls super() with no arguments captures the class body's __class__ cell.

// classStmt resolves class Name(Base): body, with its decorators and base
// in the enclosing block.
func (r *resolver) classStmt(st *syntax.ClassStmt) {
	r.decorators(st.Decorators)
	for _, b := range st.Bases {
		r.expr(b)
	}
	for _, kw := range st.Keywords {
		r.expr(kw.Value)
	}
	r.function(st, st.Name.Written(), nil, func() { r.stmts(st.Body) }, st.Body)
	r.use(st.Name)
}

// decorators resolves the expressions of @ lines, in the enclosing block.
func (r *resolver) decorators(ds []*syntax.Decorator) {
	for _, d := range ds {
		r.expr(d.X)
	}
}

// superCall records a super() call without arguments made directly in a
// method (a function of a class body with at least one parameter): it
// reads the class from the __class__ cell and self from the first slot.
func (r *resolver) superCall(x *syntax.CallExpr) {
	id, ok := x.Fn.(*syntax.Ident)
	if !ok || id.Name != "super" || len(x.Args) != 0 {
		return
	}
	if r.env.fn.nparams == 0 {
		return
	}
	if b := r.classCell(); b != nil {
		if r.res.supers == nil {
			r.res.supers = map[*syntax.CallExpr]*nameBinding{}
		}
		r.res.supers[x] = b
	}
}

// classCell returns, in a function defined directly in a class body, its
// free variable for the class's __class__ cell; nil elsewhere.
func (r *resolver) classCell() *nameBinding {
	fn := r.env.fn
	if fn.parent == nil || fn.parent.classCell == nil {
		return nil
	}
	return r.capture(fn, fn.parent, fn.parent.classCell)
}

// pattern resolves a case pattern: the names it binds and the values,
// classes and keys it reads.
func (r *resolver) pattern(pat syntax.Pattern) {
	syntax.Inspect(pat, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Ident:
			r.use(n) // a capture: a store into the variable
		case *syntax.ValuePattern:
			r.expr(n.Value)
			return false
		case *syntax.MappingPattern:
			for _, k := range n.Keys {
				r.expr(k)
			}
			for _, v := range n.Values {
				r.pattern(v)
			}
			if n.Rest != nil {
				r.use(n.Rest)
			}
			return false
		case *syntax.ClassPattern:
			r.expr(n.Class)
			for _, a := range n.Args {
				r.pattern(a)
			}
			for _, v := range n.KwValues {
				r.pattern(v)
			}
			return false
		}
		return true
	})
}
