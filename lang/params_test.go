package lang

import "testing"

// paramKindCases are positional-only ('/') and keyword-only (bare '*')
// parameters of def, lambda and methods that kael and CPython must run
// alike, CPython's TypeErrors for calls that break them included.
var paramKindCases = []string{
	"def f(a, b, /, c, *, d):\n    return a, b, c, d\nf(1, 2, 3, d=4), f(1, 2, c=3, d=4)",
	"def f(a, b, /, c, *, d):\n    return a\nf(1, b=2, c=3, d=4)",
	"def f(a, b, /, c, *, d):\n    return a\nf(a=1, b=2, c=3, d=4)",
	"def f(a, b, /, c, *, d):\n    return a\nf(1, 2, 3, 4)",
	"def f(a, b, /, c, *, d):\n    return a\nf(1, 2, 3)",
	"def f(a, b, /, c, *, d, e):\n    return a\nf(1, 2, 3)",
	"def f(a, /, **kw):\n    return a, kw\nf(1, a=2)",
	"def f(a, /, b, **kw):\n    return a, b, kw\nf(1, 2, a=3)",
	"def f(a, /):\n    return a\nf(1, z=2)",
	"def f(a, /):\n    return a\nf(z=2, a=1)",
	"def f(a, b=5, /):\n    return a, b\nf(1), f(1, 2)",
	"def f(a, b=5, /):\n    return a, b\nf(1, 2, 3)",
	"def f(a=1, /, b=2, *, c=3):\n    return a, b, c\nf(), f(9, b=8, c=7)",
	"def f(*, k):\n    return k\nf(k=1)",
	"def f(*, k):\n    return k\nf(1)",
	"def f(*, k):\n    return k\nf()",
	"def f(*, k=2, j):\n    return k, j\nf(j=1)",
	"def f(x, *, k=2):\n    return x, k\nf(1, 2)",
	"def f(x, *, k=2):\n    return x, k\nf(1, k=3, z=4)",
	"def f(x, *args, k):\n    return x, args, k\nf(1, 2, 3, k=4)",
	"def f(a, /, *args, k=0, **kw):\n    return a, args, k, kw\nf(1, 2, a=3, k=4, z=5)",
	"g = lambda x, /, *, y: x + y\ng(1, y=2)",
	"g = lambda x, /, *, y: x + y\ng(x=1, y=2)",
	"g = lambda *, y=3: y\ng(), g(y=4)",
	"class A:\n    def m(self, x, /, *, k=3):\n        return x + k\nA().m(1, k=5)",
	"class A:\n    def m(self, x, /, *, k=3):\n        return x + k\nA().m(x=1)",
	"class A:\n    def m(self, /, x):\n        return x\nA().m(x=2), A.m(A(), 3)",
	"class A:\n    def __init__(self, a, /, *, b):\n        self.v = (a, b)\nA(1, b=2).v",
	"class A:\n    def __init__(self, a, /, *, b):\n        self.v = (a, b)\nA(1, 2)",
	"class A:\n    @staticmethod\n    def s(a, /, *, b):\n        return a, b\nA.s(1, b=2)",
	"class A:\n    @classmethod\n    def c(cls, a, /):\n        return a\nA.c(a=1)",
	"def f(a, b, c, /, d):\n    pass\nf(a=1, b=2, c=3, d=4)",
	"def f(a, /):\n    pass\nf()",
	"def f(a, /, *, b):\n    pass\nf(1, 2)",
	"def f(*, a, b):\n    pass\nf(b=1)",
	"def f(*, a, b):\n    pass\nf(1, 2)",
	"def f(*, a):\n    pass\nf(a=1, a2=2)",
	"def f(p, /, q):\n    return p, q\nf(*[1], **{'q': 2})",
}

func TestParamKindsMatchCPython(t *testing.T) {
	checkMatchesCPython(t, "", paramKindCases)
}

// paramSyntaxCases are CPython's SyntaxErrors for misplaced '/' and '*'.
var paramSyntaxCases = []struct{ src, want string }{
	{"def f(a, /, /): pass", "1:13-14: / may appear only once"},
	{"def f(*, a, /): pass", "1:13-14: / must be ahead of *"},
	{"def f(*a, /): pass", "1:11-12: / must be ahead of *"},
	{"def f(*): pass", "1:7-8: named arguments must follow bare *"},
	{"def f(*, **k): pass", "1:7-8: named arguments must follow bare *"},
	{"lambda *: 0", "1:9-10: named arguments must follow bare *"},
	{"def f(a, *, b, *c): pass", "1:16-17: * argument may appear only once"},
	{"lambda *, **k: 0", "1:11-13: named arguments must follow bare *"},
	{"def f(a, *): pass", "1:10-11: named arguments must follow bare *"},
	{"def f(**k, /): pass", "1:12-13: arguments cannot follow var-keyword argument"},
	{"def f(a, /, b=1, *, c): pass", "ok"},
	{"f = lambda a, /, b, *, c: (a, b, c)\nf(1, 2, c=3)", "ok"},
}

func TestParamSyntaxErrorsMatchCPython(t *testing.T) {
	srcs := caseSources(paramSyntaxCases)
	checkCasesAgainst(t, "CPython", paramSyntaxCases, cpythonSyntaxErrors(t, srcs))
	for _, tt := range paramSyntaxCases {
		if tt.want == "ok" {
			continue
		}
		if got := syntaxErrorOutcome(tt.src); got != tt.want {
			t.Errorf("%q\n kael %s\n want %s", tt.src, got, tt.want)
		}
	}
}
