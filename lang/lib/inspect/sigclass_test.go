package inspect_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"
)

const sigPrelude = "import inspect\nfrom inspect import Parameter, Signature, signature\nimport typing\ndef f(a: int, b: 'str' = 'x', /, c=[1, 2], *args: float, d: typing.Optional[int] = None, **kw) -> list:\n    pass\nclass K:\n    def __init__(self, x: int, y=2.5) -> None:\n        pass\n    def m(self, z: bool = True):\n        pass\nclass D:\n    pass\n"

// sigCases hold CPython 3.11's outcomes for signatures of Python
// functions, Parameter and Signature objects.
var sigCases = []langtest.Case{
	{"str(signature(f)), str(signature(K)), str(signature(K(1).m)), str(signature(lambda q, *, r=3: q)), str(signature(D))", "(\"(a: int, b: 'str' = 'x', /, c=[1, 2], *args: float, d: Optional[int] = None, **kw) -> list\", '(x: int, y=2.5) -> None', '(z: bool = True)', '(q, *, r=3)', '()')"},
	{"ps = signature(f).parameters\n[(p.name, p.kind, str(p.kind), p.kind.description) for p in ps.values()][:3], ps['c'].default, ps['a'].annotation, ps['c'].annotation is Parameter.empty, ps['args'].default is Parameter.empty, signature(f).return_annotation", "([('a', <_ParameterKind.POSITIONAL_ONLY: 0>, 'POSITIONAL_ONLY', 'positional-only'), ('b', <_ParameterKind.POSITIONAL_ONLY: 0>, 'POSITIONAL_ONLY', 'positional-only'), ('c', <_ParameterKind.POSITIONAL_OR_KEYWORD: 1>, 'POSITIONAL_OR_KEYWORD', 'positional or keyword')], [1, 2], <class 'int'>, True, True, <class 'list'>)"},
	{"ps = signature(f).parameters\nps['d'].kind == Parameter.KEYWORD_ONLY, ps['d'].kind > Parameter.VAR_POSITIONAL, ps['kw'].kind == 4, sorted([Parameter.VAR_KEYWORD, Parameter.POSITIONAL_ONLY]), Parameter.KEYWORD_ONLY.name, Parameter.KEYWORD_ONLY.value, {Parameter.VAR_POSITIONAL: 'v'}[Parameter.VAR_POSITIONAL]", "(True, True, True, [<_ParameterKind.POSITIONAL_ONLY: 0>, <_ParameterKind.VAR_KEYWORD: 4>], 'KEYWORD_ONLY', 3, 'v')"},
	{"p = Parameter('x', Parameter.KEYWORD_ONLY, default=1, annotation=int)\nstr(p), repr(p), p.name, p.default, isinstance(p, Parameter), isinstance(3, Parameter), str(Parameter('y', Parameter.VAR_POSITIONAL)), str(Parameter('z', 1, default=None))", "('x: int = 1', '<Parameter \"x: int = 1\">', 'x', 1, True, False, '*y', 'z=None')"},
	{"p = Parameter('x', Parameter.POSITIONAL_OR_KEYWORD, default=1)\nstr(p.replace(name='w')), str(p.replace(default=Parameter.empty)), str(p.replace(annotation=str, kind=Parameter.KEYWORD_ONLY)), p == Parameter('x', 1, default=1), p == p.replace(default=2), str(p)", "('w=1', 'x', 'x: str = 1', True, False, 'x=1')"},
	{"s = Signature([Parameter('a', 0), Parameter('b', 1, default=2), Parameter('c', 3)], return_annotation=int)\nstr(s), repr(s), isinstance(s, Signature), s.return_annotation, list(s.parameters), str(s.replace(return_annotation=Signature.empty)), str(s.replace(parameters=[])), str(Signature()), s == Signature([Parameter('a', 0), Parameter('b', 1, default=2), Parameter('c', 3)], return_annotation=int)", "('(a, /, b=2, *, c) -> int', '<Signature (a, /, b=2, *, c) -> int>', True, <class 'int'>, ['a', 'b', 'c'], '(a, /, b=2, *, c)', '() -> int', '()', True)"},
	{"str(Signature.from_callable(f)) == str(signature(f)), signature(f) == signature(f), signature(f) == signature(K)", "(True, True, False)"},
	{"Parameter('x', 7)", "ValueError: value 7 is not a valid Parameter.kind"},
	{"Parameter('x', Parameter.VAR_KEYWORD, default=1)", "ValueError: variadic keyword parameters cannot have default values"},
	{"Parameter(3, 1)", "TypeError: name must be a str, not a int"},
	{"Parameter('1x', 1)", "ValueError: '1x' is not a valid parameter name"},
	{"Signature([Parameter('a', 1), Parameter('b', 0)])", "ValueError: wrong parameter order: positional or keyword parameter before positional-only parameter"},
	{"Signature([Parameter('a', 1, default=1), Parameter('b', 1)])", "ValueError: non-default argument follows default argument"},
	{"Signature([Parameter('a', 1), Parameter('a', 3)])", "ValueError: duplicate parameter name: 'a'"},
	{"ba = signature(f).bind(1, 2, 3, 4, d=5, e=6)\nba.arguments, isinstance(ba, inspect.BoundArguments)", "({'a': 1, 'b': 2, 'c': 3, 'args': (4,), 'd': 5, 'kw': {'e': 6}}, True)"},
}

func TestSignatureClasses(t *testing.T) { langtest.CheckCellCases(t, sigPrelude, sigCases) }

func TestSignatureClassesAgainstCPython(t *testing.T) {
	cpython.CheckCellCases(t, sigPrelude, sigCases)
}

const callPrelude = "import inspect\ndef f(a, b=1, *args, c, d=2, **kw):\n    pass\nclass A:\n    def m(self, x, y=3):\n        pass\n"

var callCases = []langtest.Case{
	{"sorted(inspect.getcallargs(f, 1, c=3).items()), sorted(inspect.getcallargs(f, 1, 2, 3, c=4, e=5).items()), inspect.getcallargs(A().m, 1)['y'], sorted(inspect.getcallargs(A().m, 1))", "([('a', 1), ('args', ()), ('b', 1), ('c', 3), ('d', 2), ('kw', {})], [('a', 1), ('args', (3,)), ('b', 2), ('c', 4), ('d', 2), ('kw', {'e': 5})], 3, ['self', 'x', 'y'])"},
	{"inspect.getcallargs(f)", "TypeError: f() missing 1 required positional argument: 'a'"},
	{"inspect.getcallargs(f, 1)", "TypeError: f() missing 1 required keyword-only argument: 'c'"},
	{"def g(p, q, r, *, s, t):\n    pass\ninspect.getcallargs(g, t=1)", "TypeError: g() missing 3 required positional arguments: 'p', 'q' and 'r'"},
}

func TestGetcallargs(t *testing.T) {
	langtest.CheckCellCases(t, callPrelude, callCases)
	cpython.CheckCellCases(t, callPrelude, callCases)
}
