package lang

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/kael-dev/kael/lang/syntax"
)

// The SyntaxWarnings of CPython 3.11's compiler (Python/compile.c): code
// that runs but is almost certainly a mistake. They are found when a cell,
// a program or compile()'s source is compiled, and issued before it runs,
// through the warnings module's filters when it is linked in
// (SetSyntaxWarner), else printed as CPython's default filters print
// them. A warning the filters turn into an error ("error" action) is a
// SyntaxError at its place, as in CPython:
//
//   - "is" or "is not" with a literal operand (check_compare): x is 1,
//     x is "a", x is () (None, True, False and ... are no literals here);
//   - assert on a non-empty tuple: assert (x, "msg") (compiler_assert);
//   - a literal called or subscripted where a comma was surely missed,
//     [(1, 2) (3, 4)], [[1, 2] [i, j]] (check_caller, check_subscripter,
//     check_index);
//   - a number literal followed at once by a keyword, 1if x else y
//     (the tokenizer's verify_end_of_number; scannerWarnings).

// syntaxWarning is one warning: its message and the node it is about.
type syntaxWarning struct {
	msg string
	at  syntax.Node
}

// syntaxWarner is the warnings module's function that issues a
// compile-time warning: called with (category, message, filename,
// lineno, None for the line), it returns None or raises what the filters
// say.
var syntaxWarner *Builtin

// SetSyntaxWarner makes fn the function that issues the compiler's
// warnings (the warnings module sets it): fn(category, message,
// filename, lineno, line).
func SetSyntaxWarner(fn *Builtin) { syntaxWarner = fn }

// scannerWarnings are the scanner's warnings (a number literal followed
// at once by a keyword: 1if x else y) as the compiler's.
func scannerWarnings(ws []syntax.Warning) []syntaxWarning {
	out := make([]syntaxWarning, len(ws))
	for i, w := range ws {
		out[i] = syntaxWarning{msg: w.Msg, at: w}
	}
	return out
}

// findSyntaxWarnings lists the SyntaxWarnings of stmts in source order.
// Expressions go through a worklist (inspectWithWorklist), so that a deep
// chain of operators cannot overflow Go's stack.
func findSyntaxWarnings(nodes ...syntax.Node) []syntaxWarning {
	var out []syntaxWarning
	stores := map[*syntax.IndexExpr]bool{} // x[i] = v: no subscript warning
	var markStore func(t syntax.Expr)
	markStore = func(t syntax.Expr) {
		switch t := t.(type) {
		case *syntax.IndexExpr:
			stores[t] = true
		case *syntax.ParenExpr:
			markStore(t.X)
		case *syntax.StarredExpr:
			markStore(t.X)
		case *syntax.TupleExpr:
			for _, e := range t.Elts {
				markStore(e)
			}
		case *syntax.ListExpr:
			for _, e := range t.Elts {
				markStore(e)
			}
		}
	}
	inspectWithWorklist(nodes, func(n syntax.Node, _ func(syntax.Node)) bool {
		switch n := n.(type) {
		case *syntax.AssignStmt:
			for _, t := range n.Targets {
				markStore(t)
			}
		case *syntax.AnnAssignStmt:
			markStore(n.Target)
		case *syntax.DelStmt:
			for _, t := range n.Targets {
				markStore(t)
			}
		case *syntax.ForStmt:
			markStore(n.Target)
		case *syntax.WithItem:
			if n.Target != nil {
				markStore(n.Target)
			}
		case *syntax.CompFor:
			markStore(n.Target)
		case *syntax.AssertStmt:
			if t, ok := n.Cond.(*syntax.TupleExpr); ok && len(t.Elts) > 0 {
				out = append(out, syntaxWarning{"assertion is always true, perhaps remove parentheses?", n})
			}
		case *syntax.CompareExpr:
			if msg := isLiteralWarning(n); msg != "" {
				out = append(out, syntaxWarning{msg, n})
			}
		case *syntax.CallExpr:
			if t := calleeLiteralType(unparen(n.Fn)); t != "" {
				out = append(out, syntaxWarning{fmt.Sprintf("'%s' object is not callable; perhaps you missed a comma?", t), n})
			}
		case *syntax.IndexExpr:
			if !stores[n] {
				if msg := subscriptWarning(n); msg != "" {
					out = append(out, syntaxWarning{msg, n})
				}
			}
		}
		return true
	})
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i].at.Span().Start, out[j].at.Span().Start
		return a.Line < b.Line || a.Line == b.Line && a.Col < b.Col
	})
	return out
}

// constantType is the type name of x when CPython's tree has a constant
// there (a literal, a signed number, a tuple of constants, after its
// folding), else "".
func constantType(x syntax.Expr) string {
	switch x := unparen(x).(type) {
	case *syntax.IntLit:
		return "int"
	case *syntax.FloatLit:
		if x.Imag {
			return "complex"
		}
		return "float"
	case *syntax.StringLit:
		if x.Bytes {
			return "bytes"
		}
		return "str"
	case *syntax.BoolLit:
		return "bool"
	case *syntax.NoneLit:
		return "NoneType"
	case *syntax.EllipsisLit:
		return "ellipsis"
	case *syntax.UnaryExpr:
		t := constantType(x.X)
		switch {
		case t == "":
			return ""
		case x.Op == syntax.NOT:
			return "bool"
		case t == "bool" || t == "int" || t == "float" || t == "complex":
			if t == "bool" {
				return "int"
			}
			return t
		}
	case *syntax.TupleExpr:
		for _, e := range x.Elts {
			if constantType(e) == "" {
				return ""
			}
		}
		return "tuple"
	}
	return ""
}

// inferType is CPython's infer_type: the type name of what x makes when
// its kind tells it, else "".
func inferType(x syntax.Expr) string {
	if t := constantType(x); t != "" {
		return t
	}
	switch x := unparen(x).(type) {
	case *syntax.TupleExpr:
		return "tuple"
	case *syntax.ListExpr:
		return "list"
	case *syntax.ListComp:
		if x.Gen {
			return "generator"
		}
		return "list"
	case *syntax.DictExpr, *syntax.DictComp:
		return "dict"
	case *syntax.SetExpr, *syntax.SetComp:
		return "set"
	case *syntax.LambdaExpr:
		return "function"
	case *syntax.FStringExpr:
		return "str"
	case *syntax.SliceExpr:
		return "slice"
	}
	return ""
}

// isLiteralWarning is check_compare's warning for an is or is not with a
// literal operand, or "".
func isLiteralWarning(c *syntax.CompareExpr) string {
	isArg := func(x syntax.Expr) bool {
		switch constantType(x) {
		case "", "NoneType", "ellipsis", "bool":
			return true
		}
		return false
	}
	left := isArg(c.X)
	for _, op := range c.Ops {
		right := isArg(op.Y)
		if (op.Op == syntax.IS || op.Op == syntax.ISNOT) && !(left && right) {
			if op.Op == syntax.IS {
				return `"is" with a literal. Did you mean "=="?`
			}
			return `"is not" with a literal. Did you mean "!="?`
		}
		left = right
	}
	return ""
}

// calleeLiteralType is check_caller's: the type name of a callee that is
// a literal or a display, which cannot be callable, else "".
func calleeLiteralType(fn syntax.Expr) string {
	switch fn.(type) {
	case *syntax.TupleExpr, *syntax.ListExpr, *syntax.ListComp, *syntax.DictExpr, *syntax.DictComp,
		*syntax.SetExpr, *syntax.SetComp, *syntax.FStringExpr:
		return inferType(fn)
	}
	return constantType(fn)
}

// subscriptWarning is check_subscripter's and check_index's warning for
// x[i] read, or "".
func subscriptWarning(n *syntax.IndexExpr) string {
	x := unparen(n.X)
	t := inferType(x)
	switch x.(type) {
	case *syntax.SetExpr, *syntax.SetComp, *syntax.LambdaExpr:
		return fmt.Sprintf("'%s' object is not subscriptable; perhaps you missed a comma?", t)
	case *syntax.ListComp:
		if x.(*syntax.ListComp).Gen {
			return fmt.Sprintf("'%s' object is not subscriptable; perhaps you missed a comma?", t)
		}
	}
	if c := constantType(x); c != "" && c != "str" && c != "bytes" && c != "tuple" {
		return fmt.Sprintf("'%s' object is not subscriptable; perhaps you missed a comma?", c)
	}
	index := "tuple"
	if len(n.Subs) == 1 {
		index = inferType(n.Subs[0])
	}
	if index == "" || index == "int" || index == "bool" || index == "slice" {
		return ""
	}
	switch x.(type) {
	case *syntax.TupleExpr, *syntax.ListExpr, *syntax.ListComp, *syntax.FStringExpr, *syntax.StringLit:
		return fmt.Sprintf("%s indices must be integers or slices, not %s; perhaps you missed a comma?", t, index)
	}
	return ""
}

// issueSyntaxWarnings issues the warnings of code compiled from src
// (named filename), in order. A warning the filters raise as an error is
// a SyntaxError at its place; another error (a warning's filter that
// fails) is returned as it is.
func (in *interp) issueSyntaxWarnings(ws []syntaxWarning, filename, src string) error {
	if len(ws) == 0 {
		return nil
	}
	cat, _ := ExceptionClass("SyntaxWarning")
	lines := strings.Split(src, "\n")
	for _, w := range ws {
		line := w.at.Span().Start.Line
		var err error
		if syntaxWarner != nil {
			// no source line: as CPython's, the warning shows the file's
			// line, and none for <string> or <stdin>
			_, err = in.call(syntaxWarner, []Value{cat, w.msg, filename, int64(line), None}, nil, nil, w.at)
		} else {
			file, text := filename, ""
			if file == "" {
				file = "<stdin>"
			}
			if !strings.HasPrefix(file, "<") && line >= 1 && line <= len(lines) {
				text = "  " + strings.TrimSpace(lines[line-1]) + "\n"
			}
			_, err = fmt.Fprintf(in.s.Stderr(), "%s:%d: SyntaxWarning: %s\n%s", file, line, w.msg, text)
		}
		if err != nil {
			e := ToError(err)
			if e.Kind != ErrorKind("SyntaxWarning") {
				return err
			}
			se := Errorf(SyntaxError, "%s", w.msg)
			se.Span, se.Src, se.Filename = w.at.Span(), src, filename
			return se
		}
	}
	return nil
}

// scriptPath is the name a program's file goes by in its warnings: an
// absolute path, as CPython 3.11 makes a script's; a cell's name in <>
// and "" stay as they are.
func scriptPath(filename string) string {
	if filename == "" || strings.HasPrefix(filename, "<") {
		return filename
	}
	if abs, err := filepath.Abs(filename); err == nil {
		return abs
	}
	return filename
}
