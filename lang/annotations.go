package lang

import (
	"strings"

	"github.com/kael-dev/kael/lang/syntax"
)

// Annotations of functions, as CPython 3.11 keeps them: a def's
// __annotations__ maps each annotated parameter (by name, *args and
// **kwargs included) and 'return' to its annotation, evaluated in the
// enclosing scope when the def runs, after the defaults; under from
// __future__ import annotations each is the annotation's source text
// instead, never evaluated.

// defAnnotations compiles the annotations of the def st: nil when it has
// none, else what makes its __annotations__ when the def runs.
func (c *compiler) defAnnotations(st *syntax.DefStmt) func(in *interp) (*Dict, error) {
	type annotation struct {
		name string
		x    syntax.Expr
		eval evalFn // nil under from __future__ import annotations
	}
	var anns []annotation
	add := func(name string, x syntax.Expr) {
		a := annotation{name: name, x: x}
		if !c.res.futureAnnotations {
			a.eval = c.expr(x)
		}
		anns = append(anns, a)
	}
	for _, p := range st.Params {
		if p.Annotation != nil {
			add(p.Name.Name, p.Annotation)
		}
	}
	if st.Result != nil {
		add("return", st.Result)
	}
	if len(anns) == 0 {
		return nil
	}
	return func(in *interp) (*Dict, error) {
		d := NewDict()
		for _, a := range anns {
			if a.eval == nil {
				_ = d.Set(a.name, exprText(a.x, in.src)) // str keys
				continue
			}
			v, err := a.eval(in)
			if err != nil {
				// kael's modules lack some of CPython's names
				// (typing.TextIO, os.PathLike, ...): an annotation naming
				// one keeps its source text, as under from __future__
				// import annotations, rather than stop a def CPython
				// runs. Any other error is raised, as CPython's.
				if e := ToError(err); e.Kind != AttributeError || !strings.HasPrefix(e.Msg, "module '") {
					return nil, in.errorAt(err, a.x.Span())
				}
				v = exprText(a.x, in.src)
			}
			_ = d.Set(a.name, v) // str keys
		}
		return d, nil
	}
}

// exprText is the source text of x in src, "" when its span is not in
// src.
func exprText(x syntax.Expr, src string) string {
	if sp := x.Span(); sp.Start.Offset >= 0 && sp.End.Offset <= len(src) && sp.Start.Offset <= sp.End.Offset {
		return src[sp.Start.Offset:sp.End.Offset]
	}
	return ""
}

// importsFutureAnnotations reports whether stmts, a module's, begin with
// from __future__ import annotations (after a docstring and other
// __future__ imports, where Python allows it).
func importsFutureAnnotations(stmts []syntax.Stmt) bool {
	for i, st := range stmts {
		switch st := st.(type) {
		case *syntax.ExprStmt:
			if _, doc := st.X.(*syntax.StringLit); doc && i == 0 {
				continue
			}
			return false
		case *syntax.FromImportStmt:
			if st.Level != 0 || st.Module == nil || st.Module.String() != "__future__" {
				return false
			}
			for _, n := range st.Names {
				if n.Name.String() == "annotations" {
					return true
				}
			}
		default:
			return false
		}
	}
	return false
}
