package syntax

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// posAt returns the Pos of byte offset off in src, computed independently of
// the scanner.
func posAt(src string, off int) Pos {
	p := Pos{Offset: off, Line: 1, Col: 1}
	i := 0
	if strings.HasPrefix(src, "\uFEFF") {
		i = len("\uFEFF")
	}
	for i < off {
		switch r, n := utf8.DecodeRuneInString(src[i:]); {
		case r == '\r' && strings.HasPrefix(src[i:], "\r\n"):
			p.Line, p.Col = p.Line+1, 1
			i += 2
		case r == '\n' || r == '\r':
			p.Line, p.Col = p.Line+1, 1
			i++
		default:
			p.Col++
			i += n
		}
	}
	return p
}

// checkSpans checks every span in the tree rooted at root: each lies within
// src, its lines and columns agree with its offsets, and it lies within the
// span of every node that contains it.
func checkSpans(src string, root Node) error {
	var err error
	Inspect(root, func(n Node) bool {
		if err != nil {
			return false
		}
		s := n.Span()
		if _, ok := n.(*File); ok && !s.Start.IsValid() {
			return true
		}
		switch {
		case s.Start.Offset < 0 || s.Start.Offset > s.End.Offset || s.End.Offset > len(src):
			err = fmt.Errorf("%T has span %s with offsets %d-%d outside the source", n, s, s.Start.Offset, s.End.Offset)
		case s.Start != posAt(src, s.Start.Offset) || s.End != posAt(src, s.End.Offset):
			err = fmt.Errorf("%T has span %s (offsets %d-%d), want %s-%s", n, s, s.Start.Offset, s.End.Offset,
				posAt(src, s.Start.Offset), posAt(src, s.End.Offset))
		}
		// Each node's children lie inside it, so every descendant lies
		// inside every ancestor; checking the children alone keeps this
		// linear in the tree's size (a 1,000-long chain took 15 s).
		Inspect(n, func(c Node) bool {
			if c == n {
				return true
			}
			if cs := c.Span(); err == nil && (cs.Start.Offset < s.Start.Offset || cs.End.Offset > s.End.Offset) {
				err = fmt.Errorf("%T %s lies outside its parent %T %s", c, cs, n, s)
			}
			return false
		})
		return err == nil
	})
	return err
}

// text returns the source text a node covers.
func text(src string, n Node) string {
	s := n.Span()
	return src[s.Start.Offset:s.End.Offset]
}

// TestSpans lists, for each program, every node in Inspect order with the
// source text its span covers.
func TestSpans(t *testing.T) {
	tests := []struct {
		src   string
		nodes []string // "Type text"
	}{
		{"y = x + tensr(1)", []string{
			"File y = x + tensr(1)", "AssignStmt y = x + tensr(1)", "Ident y", "BinaryExpr x + tensr(1)",
			"Ident x", "CallExpr tensr(1)", "Ident tensr", "Arg 1", "IntLit 1",
		}},
		{"f(a, dim = 0, *xs, **kw)", []string{
			"File f(a, dim = 0, *xs, **kw)", "ExprStmt f(a, dim = 0, *xs, **kw)", "CallExpr f(a, dim = 0, *xs, **kw)",
			"Ident f", "Arg a", "Ident a", "Arg dim = 0", "Ident dim", "IntLit 0", "Arg *xs", "Ident xs",
			"Arg **kw", "Ident kw",
		}},
		{"x[1:2, ::3, :, 4:, ...]", []string{
			"File x[1:2, ::3, :, 4:, ...]", "ExprStmt x[1:2, ::3, :, 4:, ...]", "IndexExpr x[1:2, ::3, :, 4:, ...]",
			"Ident x", "SliceExpr 1:2", "IntLit 1", "IntLit 2", "SliceExpr ::3", "IntLit 3", "SliceExpr :",
			"SliceExpr 4:", "IntLit 4", "EllipsisLit ...",
		}},
		{"x[a::]", []string{"File x[a::]", "ExprStmt x[a::]", "IndexExpr x[a::]", "Ident x", "SliceExpr a::", "Ident a"}},
		{"a, b = (1,), ()", []string{
			"File a, b = (1,), ()", "AssignStmt a, b = (1,), ()", "TupleExpr a, b", "Ident a", "Ident b",
			"TupleExpr (1,), ()", "TupleExpr (1,)", "IntLit 1", "TupleExpr ()",
		}},
		{"not a < b is not c", []string{
			"File not a < b is not c", "ExprStmt not a < b is not c", "UnaryExpr not a < b is not c",
			"CompareExpr a < b is not c", "Ident a", "Comparison < b", "Ident b", "Comparison is not c", "Ident c",
		}},
		{"z = (a or b) if c else -d.e", []string{
			"File z = (a or b) if c else -d.e", "AssignStmt z = (a or b) if c else -d.e", "Ident z",
			"CondExpr (a or b) if c else -d.e", "ParenExpr (a or b)", "BoolOpExpr a or b", "Ident a", "Ident b",
			"Ident c", "UnaryExpr -d.e", "AttrExpr d.e", "Ident d", "Ident e",
		}},
		{"{'k': [v for v in w if v], 2: lambda q=1: q}", []string{
			"File {'k': [v for v in w if v], 2: lambda q=1: q}", "ExprStmt {'k': [v for v in w if v], 2: lambda q=1: q}",
			"DictExpr {'k': [v for v in w if v], 2: lambda q=1: q}", "DictEntry 'k': [v for v in w if v]",
			"StringLit 'k'", "ListComp [v for v in w if v]", "Ident v", "CompFor for v in w if v", "Ident v",
			"Ident w", "Ident v", "DictEntry 2: lambda q=1: q", "IntLit 2", "LambdaExpr lambda q=1: q",
			"Param q=1", "Ident q", "IntLit 1", "Ident q",
		}},
		{"s = 'a' \"b\"\nt = '''x\ny'''  # c\nu = True, False, None, 1.5", []string{
			"File s = 'a' \"b\"\nt = '''x\ny'''  # c\nu = True, False, None, 1.5",
			"AssignStmt s = 'a' \"b\"", "Ident s", "StringLit 'a' \"b\"",
			"AssignStmt t = '''x\ny'''", "Ident t", "StringLit '''x\ny'''",
			"AssignStmt u = True, False, None, 1.5", "Ident u", "TupleExpr True, False, None, 1.5",
			"BoolLit True", "BoolLit False", "NoneLit None", "FloatLit 1.5",
		}},
		{"def f(a, *b, **c):\n    if a:\n        return\n    elif b: pass\n    else:\n        del a, b\n    return c\n", []string{
			"File def f(a, *b, **c):\n    if a:\n        return\n    elif b: pass\n    else:\n        del a, b\n    return c",
			"DefStmt def f(a, *b, **c):\n    if a:\n        return\n    elif b: pass\n    else:\n        del a, b\n    return c",
			"Ident f", "Param a", "Ident a", "Param *b", "Ident b", "Param **c", "Ident c",
			"IfStmt if a:\n        return\n    elif b: pass\n    else:\n        del a, b", "Ident a", "ReturnStmt return",
			"IfStmt elif b: pass\n    else:\n        del a, b", "Ident b", "PassStmt pass",
			"DelStmt del a, b", "Ident a", "Ident b", "ReturnStmt return c", "Ident c",
		}},
		{"for i in r:\n\tbreak\nwhile 1: continue\nwith m() as n, o: x += 1", []string{
			"File for i in r:\n\tbreak\nwhile 1: continue\nwith m() as n, o: x += 1",
			"ForStmt for i in r:\n\tbreak", "Ident i", "Ident r", "BreakStmt break",
			"WhileStmt while 1: continue", "IntLit 1", "ContinueStmt continue",
			"WithStmt with m() as n, o: x += 1", "WithItem m() as n", "CallExpr m()", "Ident m", "Ident n",
			"WithItem o", "Ident o", "AssignStmt x += 1", "Ident x", "IntLit 1",
		}},
		{"def f(x: T = 1, *a: A) -> R[int]:\n    y: int = x\n    z: B\n", []string{
			"File def f(x: T = 1, *a: A) -> R[int]:\n    y: int = x\n    z: B",
			"DefStmt def f(x: T = 1, *a: A) -> R[int]:\n    y: int = x\n    z: B",
			"Ident f", "Param x: T = 1", "Ident x", "Ident T", "IntLit 1", "Param *a: A", "Ident a", "Ident A",
			"IndexExpr R[int]", "Ident R", "Ident int",
			"AnnAssignStmt y: int = x", "Ident y", "Ident int", "Ident x", "AnnAssignStmt z: B", "Ident z", "Ident B",
		}},
		{"é = 'ü' + ñ", []string{"File é = 'ü' + ñ", "AssignStmt é = 'ü' + ñ", "Ident é", "BinaryExpr 'ü' + ñ", "StringLit 'ü'", "Ident ñ"}},
	}
	for _, tt := range tests {
		f, err := Parse("", tt.src)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.src, err)
			continue
		}
		if err := checkSpans(tt.src, f); err != nil {
			t.Errorf("Parse(%q): %v", tt.src, err)
		}
		var got []string
		Inspect(f, func(n Node) bool {
			got = append(got, reflect.TypeOf(n).Elem().Name()+" "+text(tt.src, n))
			return true
		})
		if !reflect.DeepEqual(got, tt.nodes) {
			t.Errorf("Parse(%q) nodes:\n got %q\nwant %q", tt.src, got, tt.nodes)
		}
	}
}

func TestSpanColumns(t *testing.T) {
	// Columns count code points; offsets count bytes.
	x, err := ParseExpr("'ü' + ñ")
	if err != nil {
		t.Fatal(err)
	}
	y := x.(*BinaryExpr).Y
	if got, want := y.Span(), (Span{Pos{7, 1, 7}, Pos{9, 1, 8}}); got != want {
		t.Errorf("span of ñ = %+v, want %+v", got, want)
	}
}

// TestSpansOfParsedInputs checks the spans of every input of the parser
// tests.
func TestSpansOfParsedInputs(t *testing.T) {
	for _, tt := range stmtTests {
		f, err := Parse("", tt.src)
		if err != nil {
			continue // reported by TestParseStmts
		}
		if err := checkSpans(tt.src, f); err != nil {
			t.Errorf("Parse(%q): %v", tt.src, err)
		}
	}
	for _, tt := range exprTests {
		x, err := ParseExpr(tt.src)
		if err != nil {
			continue // reported by TestParseExpr
		}
		if err := checkSpans(tt.src, x); err != nil {
			t.Errorf("ParseExpr(%q): %v", tt.src, err)
		}
	}
}
