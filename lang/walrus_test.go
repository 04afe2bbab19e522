package lang

import "testing"

// walrusCases are assignment expressions (PEP 572) that kael and CPython
// must run alike: where they may stand, the value they give, and the
// scope they bind in.
var walrusCases = []string{
	"if (n := 10) > 5:\n    r = n\nr, n",
	"if n := 3:\n    pass\nn",
	"i = 0\nout = []\nwhile (i := i + 1) < 4:\n    out.append(i)\nout, i",
	"data = [1, 2, 3]\nwhile chunk := data[:1]:\n    data = data[1:]\nchunk, data",
	"[y for x in range(5) if (y := x * 2) > 4], y",
	"[last := x for x in 'abc'], last",
	"def f():\n    r = [z := i for i in range(3)]\n    return z, r\nf()",
	"def f():\n    total = 0\n    [total := total + x for x in [1, 2, 3]]\n    return total\nf()",
	"def f():\n    any((hit := x) > 2 for x in [1, 5, 7])\n    return hit\nf()",
	"any((m := w).startswith('b') for w in ['ab', 'bc', 'bd']), m",
	"def f():\n    g = lambda: (q := 4) + q\n    return g()\nf()",
	"def outer():\n    def inner():\n        return [v := 1 for _ in 'a'] and v\n    return inner()\nouter()",
	"x = 1\ndef f():\n    [x := 5 for _ in 'a']\n    return x\nf(), x",
	"def f():\n    global gx\n    [gx := 7 for _ in 'a']\nf()\ngx",
	"def f():\n    k = 0\n    def g():\n        nonlocal k\n        [k := k + 1 for _ in 'ab']\n    g()\n    return k\nf()",
	"str((a := 1)) + str(a)",
	"d = {}\nd[(k := 'key')] = k\nd",
	"xs = [1, 2]\nxs[j := 1], j",
	"{(a := 'x'): (b := a * 2)}, a, b",
	"{c := 3}, (c, (c := 4))",
	"(t := (1, 2)), t",
	"f'{(w := 6)}', w",
	"def f(x):\n    return [y := x + 1, y ** 2]\nf(2)",
	"[[w := i * j for j in range(2)] for i in range(3)], w",
	"class C:\n    if (v := 3) > 1:\n        big = v * 2\nC.v, C.big",
	"def f():\n    if (n := len('ab')) > 1:\n        return n\nf()",
	"def f():\n    [u := 1 for _ in []]\n    return u\nf()",
	"list((s := x) for x in range(3)), s",
	"(z := 1 / 0)",
	"(undefined_y := missing + 1)",
	"f'{x:=^5}'.replace(' ', '.') if (x := 'ab') else 0",
}

func TestWalrusMatchesCPython(t *testing.T) {
	checkMatchesCPython(t, "", walrusCases)
}

// walrusSyntaxCases are CPython's SyntaxErrors for assignment expressions
// where they are not allowed.
var walrusSyntaxCases = []struct{ src, want string }{
	{"(a.b := 1)", "1:2-5: cannot use assignment expressions with attribute"},
	{"(a[0] := 1)", "1:2-6: cannot use assignment expressions with subscript"},
	{"(1 := 2)", "1:2-3: cannot use assignment expressions with literal"},
	{"(f() := 2)", "1:2-5: cannot use assignment expressions with function call"},
	{"[i := 0 for i in range(3)]", "1:2-3: assignment expression cannot rebind comprehension iteration variable 'i'"},
	{"[x for x in (y := [1])]", "1:14-22: assignment expression cannot be used in a comprehension iterable expression"},
	{"class C:\n    r = [(q := i) for i in range(2)]", "2:11-12: assignment expression within a comprehension cannot be used in a class body"},
	{"x := 1", "1:3-5: invalid syntax"},
	{"def f(a := 1): pass", "1:9-11: invalid syntax"},
	{"y = (x := 1)\ny", "ok"},
}

func TestWalrusSyntaxErrorsMatchCPython(t *testing.T) {
	srcs := caseSources(walrusSyntaxCases)
	checkCasesAgainst(t, "CPython", walrusSyntaxCases, cpythonSyntaxErrors(t, srcs))
	for _, tt := range walrusSyntaxCases {
		if tt.want == "ok" {
			continue
		}
		if got := syntaxErrorOutcome(tt.src); got != tt.want {
			t.Errorf("%q\n kael %s\n want %s", tt.src, got, tt.want)
		}
	}
}
