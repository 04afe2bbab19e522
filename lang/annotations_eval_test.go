package lang

import "testing"

// evaluatedAnnotationCases are functions' __annotations__ (evaluated when the def
// runs, or source text under from __future__ import annotations) and the
// values annotations are made of: list[int] and int | None. CPython
// 3.11's outcomes; TestEvaluatedAnnotationsAgainstCPython checks them there.
var evaluatedAnnotationCases = []struct{ src, want string }{
	{"def f(a: int, b: 'str' = 'x', *args: float, c: list = None, **kw: dict) -> bool:\n    pass\nf.__annotations__", "{'a': <class 'int'>, 'b': 'str', 'args': <class 'float'>, 'c': <class 'list'>, 'kw': <class 'dict'>, 'return': <class 'bool'>}"},
	{"def g(x, y=1):\n    pass\ng.__annotations__, (lambda z: z).__annotations__", "({}, {})"},
	{"def g(x):\n    pass\ng.__annotations__['x'] = int\ng.__annotations__", "{'x': <class 'int'>}"},
	{"order = []\ndef t(name):\n    order.append(name)\n    return name\ndef f(a: t('a'), b: t('b') = t('default')) -> t('r'):\n    pass\norder, f.__annotations__", "(['default', 'a', 'b', 'r'], {'a': 'a', 'b': 'b', 'return': 'r'})"},
	{"def f(a: Undefined):\n    pass", "NameError: name 'Undefined' is not defined"},
	{"def outer():\n    T = list\n    def inner(x: T) -> T:\n        pass\n    return inner\nouter().__annotations__", "{'x': <class 'list'>, 'return': <class 'list'>}"},
	{"class C:\n    def m(self, other: 'C') -> int:\n        return 1\nC.m.__annotations__", "{'other': 'C', 'return': <class 'int'>}"},
	{"from __future__ import annotations\ndef f(a: Undefined[int], *, b: list[int] | None = None) -> tuple[int, ...]:\n    pass\nf.__annotations__", "{'a': 'Undefined[int]', 'b': 'list[int] | None', 'return': 'tuple[int, ...]'}"},
	// PEP 585 and PEP 604
	{"list[int], dict[str, list[int]], tuple[int, ...], set[str], frozenset[int], type[int], tuple[()]", "(list[int], dict[str, list[int]], tuple[int, ...], set[str], frozenset[int], type[int], tuple[()])"},
	{"list[int].__origin__, dict[str, int].__args__, list[int] == list[int], list[int] == list[str]", "(<class 'list'>, (<class 'str'>, <class 'int'>), True, False)"},
	{"int | None, int | str | None, (int | str).__args__, int | str == str | int, int | int, None | int", "(int | None, int | str | None, (<class 'int'>, <class 'str'>), True, <class 'int'>, None | int)"},
	{"class Foo:\n    pass\nlist[Foo].__args__[0] is Foo, (Foo | None).__args__ == (Foo, type(None)), list[int] | None", "(True, True, list[int] | None)"},
	{"def f(x: list[int] | None = None) -> dict[str, float]:\n    pass\nf.__annotations__", "{'x': list[int] | None, 'return': dict[str, float]}"},
	{"None | None", "TypeError: unsupported operand type(s) for |: 'NoneType' and 'NoneType'"},
	{"isinstance(3, int | None), isinstance(None, int | None), isinstance('a', int | float), issubclass(bool, int | str), isinstance(3, (str, int | None))", "(True, True, False, True, True)"},
	{"xs = [1]\nxs[0, 1]", "TypeError: list indices must be integers or slices, not tuple"},
	// hashable as in CPython
	{"hash(list[int]) == hash(list[int]), {list[int]: 1}[list[int]], len({int | str, str | int, list[int], list[int], dict[str, int]}), hash(int | str) == hash(str | int)", "(True, 1, 3, True)"},
	{"class Foo:\n    pass\nlist[int] in {list[int]}, list[str] in {list[int]}, {tuple[Foo, ...]: 2}[tuple[Foo, ...]], (Foo | None) in {None | Foo}", "(True, False, 2, True)"},
}

func TestEvaluatedAnnotations(t *testing.T) {
	for _, c := range evaluatedAnnotationCases {
		if got := cellOutcome(NewSession(IO{}), c.src); got != c.want {
			t.Errorf("%s\n got %s\nwant %s", c.src, got, c.want)
		}
	}
}

func TestEvaluatedAnnotationsAgainstCPython(t *testing.T) {
	checkCellCasesAgainstCPython(t, "", evaluatedAnnotationCases)
}

// TestAnnotationOfMissingModuleName: an annotation naming an attribute a
// module lacks keeps its source text, so that a def naming one of
// CPython's names kael's modules lack (typing.TextIO, os.PathLike) still
// runs. This is kael's own rule: CPython raises AttributeError for a name
// no module has, as kael does for every other error in an annotation.
func TestAnnotationOfMissingModuleName(t *testing.T) {
	checkCellCases(t, "", []struct{ src, want string }{
		{"import math\ndef f(a: math.nothing_here, b: int) -> math.pi_typo:\n    pass\nf.__annotations__", "{'a': 'math.nothing_here', 'b': <class 'int'>, 'return': 'math.pi_typo'}"},
		{"class C:\n    pass\ndef f(a: C.nothing_here):\n    pass", "AttributeError: type object 'C' has no attribute 'nothing_here'"},
		{"import math\nclass C:\n    a: math.nothing_here\n    b: int\nC.__annotations__", "{'a': 'math.nothing_here', 'b': <class 'int'>}"},
		{"import math\nx: math.nothing_here = 1\n__annotations__", "{'x': 'math.nothing_here'}"},
	})
}
