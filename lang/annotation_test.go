package lang

import (
	"context"
	"testing"
)

// annotationFuture starts each annotation case, so that CPython, like kael,
// leaves annotations unevaluated.
const annotationFuture = "from __future__ import annotations\n"

// annotationCases hold CPython's answers for annotated code: annotations
// are parsed but not evaluated, so unknown names in them are harmless.
var annotationCases = []struct{ src, want string }{
	{"def f(n: int = 3, *args: int, key: str = 'k', **kw: float) -> List[int]:\n    return [n, len(args), key, len(kw)]\nf(1, 2, 3, key='z', a=1.0)", "[1, 2, 'z', 1]"},
	{"def f(x: Undefined) -> Missing:\n    return x\nf(4)", "4"},
	{"x: int = 5\nx", "5"},
	{"x: Tuple[int, int] = 1, 2\nx", "(1, 2)"},
	{"y: Undefined\ny", "NameError: name 'y' is not defined"},
	{"def g():\n    z: int\n    return z\ng()", "UnboundLocalError: cannot access local variable 'z' where it is not associated with a value"},
	{"class P:\n    n: int\n    m: int = 2\n    def __init__(self, v: float) -> None:\n        self.v: float = v\n        self.w: Unknown\np = P(1.5)\n(P.m, p.v, hasattr(p, 'w'), hasattr(P, 'n'))", "(2, 1.5, False, False)"},
	{"class P:\n    n: int\n    m: Dict[str, int] = 2\n    k = 1\nP.__annotations__", "{'n': 'int', 'm': 'Dict[str, int]'}"},
	{"class P:\n    n: int\nclass Q(P):\n    pass\n(Q.__annotations__, P.__annotations__, Q().__annotations__)", "({}, {'n': 'int'}, {})"},
	{"class P:\n    pass\nP.__annotations__", "{}"},
	{"d = {}\nd['k']: int\nd", "{}"},
	{"d = {}\nd['k']: int = 3\nd", "{'k': 3}"},
	{"q.attr: int", "NameError: name 'q' is not defined"},
	{"f = lambda x, y=2: x + y\nf(1)", "3"},
	{"__annotations__[1] = 2\nx: int = 5; y: List[str]; z = 3\n(p): bool = True\n(__annotations__, x, p)", "({1: 2, 'x': 'int', 'y': 'List[str]'}, 5, True)"},
	{"def g():\n    w: int = 1\n    return w\ng()\n__annotations__", "NameError: name '__annotations__' is not defined"},
	{"if True:\n    v: float = 1.0\n__annotations__", "{'v': 'float'}"},
	{"class K:\n    a: int\n    (b): int = 2\nK.__annotations__", "{'a': 'int'}"},
}

func TestAnnotations(t *testing.T) {
	srcs := make([]string, len(annotationCases))
	for i, tt := range annotationCases {
		srcs[i] = annotationFuture + tt.src
		got := outcome(NewSession(IO{}).Exec(context.Background(), "", srcs[i]))
		if got != tt.want {
			t.Errorf("%s\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
	for i, got := range cpythonCellOutcomes(t, "", srcs) {
		if want := annotationCases[i].want; got != want {
			t.Errorf("%s: CPython gives %s, the table says %s", annotationCases[i].src, got, want)
		}
	}
}
