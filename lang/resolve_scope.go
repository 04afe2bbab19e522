package lang

import "github.com/kael-dev/kael/lang/syntax"

// global and nonlocal declarations in the resolver. A scope's declarations
// are read before its names are bound: a name declared global is a slot
// of the global table in the whole scope, one declared nonlocal the
// variable of the nearest enclosing function that binds it (a free
// variable here, a cell there). As in CPython, using, assigning or
// annotating a name before declaring it, or declaring a parameter, is a
// SyntaxError, found before the cell runs.

// scope flags of a name, in source order before a declaration.
const (
	declParam uint8 = 1 << iota
	declAssigned
	declUsed
	declAnnotated
)

// declare binds, in bl (the block of fn, being opened inside the current
// block r.env), the names the global and nonlocal statements of stmts
// declare. It records the first SyntaxError in r.res.err.
func (r *resolver) declare(fn *funcInfo, bl *block, stmts []syntax.Stmt, ps []*syntax.Param) {
	if !hasDeclarations(stmts) {
		return
	}
	flags := map[string]uint8{}
	for _, p := range ps {
		flags[p.Name.Name] |= declParam
	}
	declared := map[string]*syntax.GlobalStmt{}
	targets := map[*syntax.Ident]bool{}
	markTargets := func(t syntax.Expr) {
		var walk func(t syntax.Expr)
		walk = func(t syntax.Expr) {
			switch t := t.(type) {
			case *syntax.Ident:
				targets[t] = true
				flags[t.Name] |= declAssigned
			case *syntax.ParenExpr:
				walk(t.X)
			case *syntax.StarredExpr:
				walk(t.X)
			case *syntax.TupleExpr:
				for _, e := range t.Elts {
					walk(e)
				}
			case *syntax.ListExpr:
				for _, e := range t.Elts {
					walk(e)
				}
			}
		}
		walk(t)
	}
	for _, st := range stmts {
		syntax.Inspect(st, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.GlobalStmt:
				r.declStmt(fn, bl, n, flags, declared)
				return false
			case *syntax.AssignStmt:
				for _, t := range n.Targets {
					markTargets(t)
				}
			case *syntax.AnnAssignStmt:
				if id, ok := n.Target.(*syntax.Ident); ok {
					targets[id] = true
					flags[id.Name] |= declAnnotated
					if d, ok := declared[id.Name]; ok {
						r.scopeError(Errorf(SyntaxError, "annotated name '%s' can't be %s", id.Name, d.Keyword()), n)
					}
				} else if n.Value != nil {
					// (x): T binds nothing; (x): T = v binds x (CPython's
					// compiler_annassign: a parenthesized name is not simple).
					markTargets(n.Target)
				}
			case *syntax.ForStmt:
				markTargets(n.Target)
			case *syntax.WithItem:
				if n.Target != nil {
					markTargets(n.Target)
				}
			case *syntax.DelStmt:
				for _, t := range n.Targets {
					markTargets(t)
				}
			case *syntax.MatchCase:
				for _, id := range syntax.PatternNames(n.Pattern) {
					targets[id] = true
					flags[id.Name] |= declAssigned
				}
			case *syntax.ExceptClause:
				if n.Name != nil {
					targets[n.Name] = true
					flags[n.Name.Name] |= declAssigned
				}
			case *syntax.ImportStmt, *syntax.FromImportStmt:
				// CPython 3.11 lets an import bind a name before its
				// global or nonlocal declaration; its names are no uses.
				return false
			case *syntax.DefStmt:
				flags[n.Name.Name] |= declAssigned
				return false
			case *syntax.ClassStmt:
				flags[n.Name.Name] |= declAssigned
				return false
			case *syntax.LambdaExpr, *syntax.ListComp, *syntax.DictComp, *syntax.SetComp:
				return false
			case *syntax.Ident:
				if !targets[n] {
					flags[n.Name] |= declUsed
				}
			}
			return true
		})
	}
}

// declStmt checks and applies one global or nonlocal statement of fn.
func (r *resolver) declStmt(fn *funcInfo, bl *block, st *syntax.GlobalStmt, flags map[string]uint8, declared map[string]*syntax.GlobalStmt) {
	kw := st.Keyword()
	if st.Nonlocal && fn.isTop() {
		r.scopeError(Errorf(SyntaxError, "nonlocal declaration not allowed at module level"), st)
		return
	}
	for _, id := range st.Names {
		name := id.Name
		d, again := declared[name]
		if again && d.Nonlocal != st.Nonlocal {
			r.scopeError(Errorf(SyntaxError, "name '%s' is nonlocal and global", name), d)
			continue
		}
		switch f := flags[name]; {
		case f&declParam != 0:
			r.scopeError(Errorf(SyntaxError, "name '%s' is parameter and %s", name, kw), st)
		case f&declUsed != 0:
			r.scopeError(Errorf(SyntaxError, "name '%s' is used prior to %s declaration", name, kw), st)
		case f&declAnnotated != 0:
			r.scopeError(Errorf(SyntaxError, "annotated name '%s' can't be %s", name, kw), st)
		case f&declAssigned != 0:
			r.scopeError(Errorf(SyntaxError, "name '%s' is assigned to before %s declaration", name, kw), st)
		}
		if again {
			continue
		}
		declared[name] = st
		if !st.Nonlocal {
			if !fn.isTop() {
				bl.names[name] = &nameBinding{kind: scopeGlobal, index: r.globals.slot(name), name: name}
			}
			continue
		}
		b, owner := r.enclosing(name)
		if b == nil {
			r.scopeError(Errorf(SyntaxError, "no binding for nonlocal '%s' found", name), st)
			continue
		}
		bl.names[name] = r.capture(fn, owner, b)
	}
}

// enclosing returns, as a free variable of the function being opened, the
// variable name, and its function, of the nearest enclosing function (not a class body, not
// the module) that binds it; nil if none does. r.env is the block the
// function is opened in.
func (r *resolver) enclosing(name string) (*nameBinding, *funcInfo) {
	for bl := r.env; bl != nil; bl = bl.parent {
		if bl.class || bl.fn.isTop() {
			continue
		}
		b, ok := bl.names[name]
		if !ok {
			continue
		}
		if b.kind == scopeGlobal {
			return nil, nil
		}
		return b, bl.fn
	}
	return nil, nil
}

// scopeError records err at n unless an error is recorded already.
func (r *resolver) scopeError(err *Error, n syntax.Node) {
	if r.res.err == nil {
		err.Span = n.Span()
		r.res.err = err
	}
}

// hasDeclarations reports whether stmts hold a global or nonlocal
// statement of their own scope.
func hasDeclarations(stmts []syntax.Stmt) bool {
	found := false
	for _, st := range stmts {
		syntax.Inspect(st, func(n syntax.Node) bool {
			switch n.(type) {
			case *syntax.GlobalStmt:
				found = true
			case *syntax.DefStmt, *syntax.ClassStmt, syntax.Expr:
				return false
			}
			return !found
		})
	}
	return found
}
