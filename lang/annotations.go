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
			v, err := in.annotationValue(a.eval, a.x)
			if err != nil {
				return nil, err
			}
			_ = d.Set(a.name, v) // str keys
		}
		return d, nil
	}
}

// annotationValue evaluates the annotation x with eval. kael's modules
// lack some of CPython's names (typing.TextIO, os.PathLike, ...): an
// annotation naming one keeps its source text, as under from __future__
// import annotations, rather than stop code CPython runs. Any other error
// is raised, as CPython's.
func (in *interp) annotationValue(eval evalFn, x syntax.Expr) (Value, error) {
	v, err := eval(in)
	if err != nil {
		if e := ToError(err); e.Kind != AttributeError || !strings.HasPrefix(e.Msg, "module '") {
			return nil, in.errorAt(err, x.Span())
		}
		v = exprText(x, in.src)
	}
	return v, nil
}

// annAssignStmt compiles x: T and x: T = v. The value is assigned first;
// then, at a module's top level and in a class body, T is evaluated (its
// source text under from __future__ import annotations) and, for a bare
// name, stored in the scope's __annotations__ under the name (mangled in
// a class body); the annotation of an attribute or subscript target is
// evaluated and dropped. In a function T is never evaluated. CPython
// 3.11's order and rules (compiler_annassign).
func (c *compiler) annAssignStmt(st *syntax.AnnAssignStmt) execFn {
	assign := c.annAssignValue(st)
	top, class := c.fn == c.res.top, c.fn.annotations != nil
	if !top && !class {
		return assign
	}
	var eval evalFn
	if !c.res.futureAnnotations {
		eval = c.expr(st.Annotation)
	}
	name, simple := st.Target.(*syntax.Ident)
	if !simple {
		if eval == nil {
			return assign
		}
		return func(in *interp) (ctrl, error) {
			if ctl, err := assign(in); err != nil {
				return ctl, err
			}
			_, err := in.annotationValue(eval, st.Annotation)
			return ctrlNext, err
		}
	}
	var dict func(in *interp) (Value, error)
	if top {
		dict = func(in *interp) (Value, error) { return moduleAnnotations(in.glob) }
	} else {
		load := c.slotLoad(c.fn.annotations)
		dict = func(in *interp) (Value, error) {
			if d := load(in); d != nil {
				return d, nil
			}
			return nil, Errorf(NameError, "name '__annotations__' is not defined")
		}
	}
	return func(in *interp) (ctrl, error) {
		if ctl, err := assign(in); err != nil {
			return ctl, err
		}
		var v Value
		if eval == nil {
			v = exprText(st.Annotation, in.src)
		} else {
			var err error
			if v, err = in.annotationValue(eval, st.Annotation); err != nil {
				return ctrlNext, err
			}
		}
		d, err := dict(in)
		if err == nil {
			err = SetItem(d, name.Name, v)
		}
		if err != nil {
			return ctrlNext, in.errorAt(err, st.Span())
		}
		return ctrlNext, nil
	}
}

// hasAnnotation reports whether stmts, a module's or a class body's,
// hold an annotated assignment, in them or in their compound statements
// (not in defs and classes): CPython then makes the scope's
// __annotations__ before the first line runs (find_ann).
func hasAnnotation(stmts []syntax.Stmt) bool {
	for _, s := range stmts {
		found := false
		switch s := s.(type) {
		case *syntax.AnnAssignStmt:
			found = true
		case *syntax.IfStmt:
			found = hasAnnotation(s.Body) || hasAnnotation(s.Else)
		case *syntax.ForStmt:
			found = hasAnnotation(s.Body) || hasAnnotation(s.Else)
		case *syntax.WhileStmt:
			found = hasAnnotation(s.Body) || hasAnnotation(s.Else)
		case *syntax.WithStmt:
			found = hasAnnotation(s.Body)
		case *syntax.TryStmt:
			found = hasAnnotation(s.Body) || hasAnnotation(s.Else) || hasAnnotation(s.Finally)
			for _, h := range s.Handlers {
				found = found || hasAnnotation(h.Body)
			}
		case *syntax.MatchStmt:
			for _, mc := range s.Cases {
				found = found || hasAnnotation(mc.Body)
			}
		}
		if found {
			return true
		}
	}
	return false
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
