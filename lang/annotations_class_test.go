package lang

import "testing"

// classAnnotationCases are the annotations of class bodies and of a
// module's top level, evaluated when the annotated statement runs (after
// its value), or source text under from __future__ import annotations,
// as CPython 3.11 does; TestClassAnnotationsAgainstCPython checks them
// there.
var classAnnotationCases = []struct{ src, want string }{
	{"class C:\n    a: int\n    b: list[int] | None = None\n    c: 'str' = 'x'\n    (d): int\n    e.f if False else 0\nC.__annotations__, C.b, hasattr(C, 'a')", "({'a': <class 'int'>, 'b': list[int] | None, 'c': 'str'}, None, False)"},
	{"order = []\ndef t(name):\n    order.append(name)\n    return name\nclass C:\n    x: t('ann') = t('value')\norder, C.__annotations__", "(['value', 'ann'], {'x': 'ann'})"},
	{"class C:\n    x: Undefined = 1", "NameError: name 'Undefined' is not defined"},
	{"class C:\n    if True:\n        y: float\n    for i in range(1):\n        z: int = i\nC.__annotations__", "{'y': <class 'float'>, 'z': <class 'int'>}"},
	{"class C:\n    __annotations__ = {'k': 1}\n    x: int\nC.__annotations__", "{'k': 1, 'x': <class 'int'>}"},
	{"class C:\n    pass\nclass D(C):\n    pass\nC.__annotations__, D.__annotations__", "({}, {})"},
	{"class B:\n    x: int\nclass D(B):\n    y: str\nD.__annotations__", "{'y': <class 'str'>}"},
	{"class C:\n    __x: int = 3\n    def m(self, __p: int) -> None:\n        pass\nC.__annotations__, C.m.__annotations__", "({'_C__x': <class 'int'>}, {'_C__p': <class 'int'>, 'return': None})"},
	{"from __future__ import annotations\nclass C:\n    a: Undefined[int]\n    b: list[int] | None = None\nC.__annotations__", "{'a': 'Undefined[int]', 'b': 'list[int] | None'}"},
	{"x: int = 1\ny: 'float'\nz: list[str] = []\n__annotations__", "{'x': <class 'int'>, 'y': 'float', 'z': list[str]}"},
	{"order = []\ndef t(name):\n    order.append(name)\n    return name\nx: t('ann') = t('value')\norder, __annotations__", "(['value', 'ann'], {'x': 'ann'})"},
	{"class C:\n    self_x: int\n    def __init__(self):\n        self.y: list[int] = []\n        z: Undefined = 1\nC().y, C.__annotations__", "([], {'self_x': <class 'int'>})"},
	{"class C:\n    x: int\n    del __annotations__\nC.__annotations__", "{}"},
	{"import typing\nclass A:\n    x: None\n    y: list[int] | None = None\n    z: typing.ClassVar[int] = 3\ntyping.get_type_hints(A)", "{'x': <class 'NoneType'>, 'y': list[int] | None, 'z': typing.ClassVar[int]}"},
	{"class M(type):\n    pass\nclass C(metaclass=M):\n    x: int\nC.__annotations__", "{'x': <class 'int'>}"},
}

func TestClassAnnotations(t *testing.T) {
	for _, c := range classAnnotationCases {
		if got := cellOutcome(NewSession(IO{}), c.src); got != c.want {
			t.Errorf("%s\n got %s\nwant %s", c.src, got, c.want)
		}
	}
}

func TestClassAnnotationsAgainstCPython(t *testing.T) {
	checkCellCasesAgainstCPython(t, "", classAnnotationCases)
}
