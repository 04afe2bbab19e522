package lang

import "github.com/kael-dev/kael/lang/syntax"

// Assignment expressions (name := value) in the resolver. As in Python
// (PEP 572) the name is a variable of the scope the expression is in,
// except in a comprehension, whose targets are its own: there it binds
// in the function (or cell) around the comprehension. CPython's
// SyntaxErrors are found here: rebinding a comprehension's target,
// an assignment expression in a comprehension's iterable, and one in a
// comprehension in a class body.

// namedTargets appends the names the assignment expressions under root
// bind in root's scope: those of nested comprehensions included, those of
// nested functions and classes not (but those of their decorators,
// default values and bases, which run in root's scope).
func namedTargets(root syntax.Node, names []string) []string {
	// An explicit stack rather than recursion: a chain of a million
	// operators must not overflow Go's stack (the compiler refuses it
	// later, with a SyntaxError).
	stack := []syntax.Node{root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch n := n.(type) {
		case *syntax.NamedExpr:
			names = append(names, n.Target.Name)
		case *syntax.DefStmt:
			for _, d := range n.Decorators {
				stack = append(stack, d.X)
			}
			stack = appendDefaults(stack, n.Params)
			continue
		case *syntax.LambdaExpr:
			stack = appendDefaults(stack, n.Params)
			continue
		case *syntax.ClassStmt:
			for _, d := range n.Decorators {
				stack = append(stack, d.X)
			}
			for _, b := range n.Bases {
				stack = append(stack, b)
			}
			for _, kw := range n.Keywords {
				stack = append(stack, kw.Value)
			}
			continue
		}
		syntax.Inspect(n, func(child syntax.Node) bool {
			if child != n {
				stack = append(stack, child)
				return false
			}
			return true
		})
	}
	return names
}

// appendDefaults appends the default values of ps to stack.
func appendDefaults(stack []syntax.Node, ps []*syntax.Param) []syntax.Node {
	for _, p := range ps {
		if p.Default != nil {
			stack = append(stack, p.Default)
		}
	}
	return stack
}

// scopeTargets lists the names the assignment expressions of a function's
// body (stmts, or a lambda's body expression) bind in it.
func scopeTargets(stmts []syntax.Stmt, body syntax.Expr) []string {
	var names []string
	for _, st := range stmts {
		names = namedTargets(st, names)
	}
	if body != nil {
		names = namedTargets(body, names)
	}
	return names
}

// namedExpr resolves name := value: the value, then the name as a store
// into the variable of the enclosing scope that is not a comprehension.
func (r *resolver) namedExpr(x *syntax.NamedExpr) {
	r.expr(x.Value)
	name := x.Target.Name
	if r.compIter > 0 {
		r.scopeError(Errorf(SyntaxError, "assignment expression cannot be used in a comprehension iterable expression"), x)
	}
	lazy := false
	for bl := r.env; bl != nil && bl.comp != nil; bl = bl.parent {
		if _, ok := bl.names[name]; ok {
			r.scopeError(Errorf(SyntaxError, "assignment expression cannot rebind comprehension iteration variable '%s'", name), x.Target)
			return
		}
		lazy = lazy || bl.comp.Gen
		if bl.parent != nil && bl.parent.class && bl.parent.comp == nil {
			r.scopeError(Errorf(SyntaxError, "assignment expression within a comprehension cannot be used in a class body"), x.Target)
			return
		}
	}
	r.use(x.Target)
	if b := r.res.uses[x.Target]; lazy && b.kind == scopeLocal {
		// A generator expression runs on a copy of the frame's slots:
		// a cell is what the copy shares with the frame.
		b.kind = scopeCell
	}
}
