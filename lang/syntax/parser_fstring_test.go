package syntax

import (
	"strings"
	"testing"
)

// f-strings split as CPython 3.11 splits them (ast.parse of the same
// source gives the same JoinedStr values and FormattedValue fields).
var fstringTests = []struct{ src, want string }{
	{`f"abc"`, `(f "abc")`},
	{`f""`, `(f)`},
	{`f"{x}"`, `(f {x})`},
	{`F"a{x}b"`, `(f "a" {x} "b")`},
	{`f"{x!r}"`, `(f {x!r})`},
	{`f"{x:.4f}"`, `(f {x:".4f"})`},
	{`f"{x!s:>8}"`, `(f {x!s:">8"})`},
	{`f"{x:{w}.{p}f}"`, `(f {x:{w} "." {p} "f"})`},
	{`f"{x = }"`, `(f {x = x})`},
	{`f"{x=:.2f}"`, `(f {x=x:".2f"})`},
	{`f"{x=!r}"`, `(f {x=x!r})`},
	{`f"{a == b}"`, `(f {(cmp a == b)})`},
	{`f"{a != b}"`, `(f {(cmp a != b)})`},
	{`f"{a <= b}"`, `(f {(cmp a <= b)})`},
	{`f"{d['k']}"`, `(f {(index d "k")})`},
	{`f"{f(a=1)}"`, `(f {(call f a=1)})`},
	{`f"{x[1:2]}"`, `(f {(index x (slice 1 2 _))})`},
	{`f"{ {'a': 1}['a'] }"`, `(f {(index {"a":1} "a")})`},
	{`f"{{}}{{x}}"`, `(f "{}{x}")`},
	{`f"\n{x}\t"`, `(f "\n" {x} "\t")`},
	{`rf"\n{x}"`, `(f "\\n" {x})`},
	{`fr"\d{x}"`, `(f "\\d" {x})`},
	{`"a" f"{x}" "b"`, `(f "a" {x} "b")`},
	{`f"{x}" "{y}"`, `(f {x} "{y}")`},
	{`f"{a, b}"`, `(f {(tuple a b)})`},
	{`f"{x:}"`, `(f {x:})`},
	{`f"{x:%}"`, `(f {x:"%"})`},
	{"f'''{\nx\n}'''", `(f {x})`},
	{`f"{'nested'}"`, `(f {"nested"})`},
	{`f"{lambda_x}"`, `(f {lambda_x})`},
}

func TestParseFStrings(t *testing.T) {
	for _, tt := range fstringTests {
		x, err := ParseExpr(tt.src)
		if err != nil {
			t.Errorf("ParseExpr(%s): %v", tt.src, err)
			continue
		}
		if got := sexpr(x); got != tt.want {
			t.Errorf("ParseExpr(%s) = %s, want %s", tt.src, got, tt.want)
		}
	}
}

// fstringErrorTests are refusals, with CPython 3.11's messages.
var fstringErrorTests = []struct{ src, want string }{
	{`f"{}"`, "1:3: f-string: empty expression not allowed"},
	{`f"{ }"`, "1:3: f-string: empty expression not allowed"},
	{`f"}"`, "1:3: f-string: single '}' is not allowed"},
	{`f"{x"`, "1:3: f-string: expecting '}'"},
	{`f"{x!z}"`, "1:5: f-string: invalid conversion character: expected 's', 'r', or 'a'"},
	{`f"{x!r x}"`, "1:5: f-string: expecting '}'"},
	{`f"{'\n'}"`, "1:5: f-string: expression part cannot include a backslash"},
	{`f"{x # c}"`, "1:6: f-string: expression part cannot include '#'"},
	{`f"{x)}"`, "1:5: f-string: unmatched ')'"},
	{`f"{x:{y:{z}}}"`, "1:9: f-string: expressions nested too deeply"},
	{`f"{1 +}"`, "1:7: unexpected end of input"},
	{`f"{a b}"`, "1:6: f-string: expecting '}'"},
	{`f"{x}" = 1`, "1:1: cannot assign to f-string expression"},
	{`b"x" f"y"`, "1:6: cannot mix bytes and nonbytes literals"},
}

func TestParseFStringErrors(t *testing.T) {
	for _, tt := range fstringErrorTests {
		_, err := Parse("", tt.src)
		if err == nil || err.Error() != tt.want {
			t.Errorf("Parse(%s): got %v, want %s", tt.src, err, tt.want)
		}
	}
}

// The spans of the fields' expressions point into the cell, so that an
// error inside a field is shown under it.
func TestFStringSpans(t *testing.T) {
	src := "x = 1\ny = f\"a {x + 1:>{w}} b\""
	f, err := Parse("", src)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	Inspect(f, func(n Node) bool {
		switch n.(type) {
		case *BinaryExpr, *Ident:
			sp := n.Span()
			got = append(got, src[sp.Start.Offset:sp.End.Offset]+"@"+sp.String())
		}
		return true
	})
	want := "x@1:1-1:2 y@2:1-2:2 x + 1@2:10-2:15 x@2:10-2:11 w@2:18-2:19"
	if strings.Join(got, " ") != want {
		t.Errorf("spans %s\nwant %s", strings.Join(got, " "), want)
	}
	if err := checkSpans(src, f); err != nil {
		t.Error(err)
	}
}
