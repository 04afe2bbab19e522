package dataclasses_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/copy"
	_ "github.com/kael-dev/kael/lang/lib/dataclasses"
	_ "github.com/kael-dev/kael/lang/lib/typing"
)

// future starts every case, so that CPython keeps annotations as text,
// as kael does.
const future = "from __future__ import annotations\n"

const prelude = "from dataclasses import dataclass, field, fields, asdict, astuple, replace, is_dataclass, FrozenInstanceError, InitVar, KW_ONLY\nimport dataclasses\n"

// nanoGPT's configuration class.
const gptConfig = "@dataclass\nclass GPTConfig:\n    block_size: int = 1024\n    vocab_size: int = 50304\n    n_layer: int = 12\n    dropout: float = 0.0\n    bias: bool = True\n"

const point = "@dataclass(order=True)\nclass P:\n    x: int\n    y: int = 0\n    tags: list = field(default_factory=list, compare=False, repr=False)\n"

const frozen = "@dataclass(frozen=True)\nclass F:\n    a: int\n    b: str = 'b'\n"

// cases hold CPython 3.11's outcomes; TestAgainstCPython checks them there.
var cases = []langtest.Case{
	// make_dataclass
	{"import dataclasses\nP = dataclasses.make_dataclass('P', ['x', ('y', int), ('z', list, dataclasses.field(default_factory=list))], namespace={'norm': lambda self: self.x + self.y}, frozen=True)\nP(1, 2), P(1, 2).norm(), P.__name__, [f.name for f in dataclasses.fields(P)], P.__annotations__, P(1, 2) == P(1, 2), P.__module__", "(P(x=1, y=2, z=[]), 3, 'P', ['x', 'y', 'z'], {'x': 'typing.Any', 'y': <class 'int'>, 'z': <class 'list'>}, True, 'types')"},
	{"import dataclasses\nP = dataclasses.make_dataclass('P', ['x', ('y', int), ('z', list, dataclasses.field(default_factory=list))], namespace={'norm': lambda self: self.x + self.y}, frozen=True)\nhash(P(1, 2))", "TypeError: unhashable type: 'list'"},
	{"import dataclasses\nclass Base:\n    def hi(self):\n        return 'hi'\nQ = dataclasses.make_dataclass('Q', [('a', int, 0)], bases=(Base,), order=True)\nQ(), Q(1) < Q(2), Q().hi(), Q.__mro__[1].__name__", "(Q(a=0), True, 'hi', 'Base')"},
	{"import dataclasses\ndataclasses.make_dataclass('R', ['a', 'a'])", "TypeError: Field name duplicated: 'a'"},
	{"import dataclasses\ndataclasses.make_dataclass('R', ['class'])", "TypeError: Field names must not be keywords: 'class'"},
	{"import dataclasses\ndataclasses.make_dataclass('R', ['1a'])", "TypeError: Field names must be valid identifiers: '1a'"},
	{"import dataclasses\ndataclasses.make_dataclass('R', [('a',)])", "TypeError: Invalid field: ('a',)"},
	{"import dataclasses\ndataclasses.make_dataclass('R', [('a', int, 1), 'b'])", "TypeError: non-default argument 'b' follows default argument"},

	{gptConfig + "c = GPTConfig(n_layer=4)\nc, c.block_size, c == GPTConfig(n_layer=4), c == GPTConfig()", "(GPTConfig(block_size=1024, vocab_size=50304, n_layer=4, dropout=0.0, bias=True), 1024, True, False)"},
	{gptConfig + "GPTConfig(256, 65, 6, 0.2, False)", "GPTConfig(block_size=256, vocab_size=65, n_layer=6, dropout=0.2, bias=False)"},
	{gptConfig + "GPTConfig(**dict(block_size=8)).block_size, GPTConfig.block_size, GPTConfig.__annotations__", "(8, 1024, {'block_size': 'int', 'vocab_size': 'int', 'n_layer': 'int', 'dropout': 'float', 'bias': 'bool'})"},
	{gptConfig + "GPTConfig(1, 2, 3, 4, 5, 6)", "TypeError: GPTConfig.__init__() takes from 1 to 6 positional arguments but 7 were given"},
	{gptConfig + "GPTConfig(n_head=4)", "TypeError: GPTConfig.__init__() got an unexpected keyword argument 'n_head'"},
	{gptConfig + "GPTConfig(8, block_size=4)", "TypeError: GPTConfig.__init__() got multiple values for argument 'block_size'"},
	{point + "P()", "TypeError: P.__init__() missing 1 required positional argument: 'x'"},
	{"@dataclass\nclass T:\n    a: int\n    b: int\n    c: int\nT()", "TypeError: T.__init__() missing 3 required positional arguments: 'a', 'b', and 'c'"},
	{"@dataclass\nclass T:\n    a: int\n    b: int\nT()", "TypeError: T.__init__() missing 2 required positional arguments: 'a' and 'b'"},
	{"@dataclass\nclass T:\n    pass\nT(), T() == T(), T(1)", "TypeError: T.__init__() takes 1 positional argument but 2 were given"},
	{point + "p = P(1, 2)\np, p.tags, p < P(1, 3), p >= P(0, 9), p == P(1, 2, ['x']), sorted([P(2), P(1, 5), P(1, 2)])", "(P(x=1, y=2), [], True, True, True, [P(x=1, y=2), P(x=1, y=5), P(x=2, y=0)])"},
	{point + "P(1).tags is P(1).tags", "False"},
	{point + "P(1) < 3", "TypeError: '<' not supported between instances of 'P' and 'int'"},
	{point + "P(1) == 1, P(1) != P(2)", "(False, True)"},
	{point + "hash(P(1))", "TypeError: unhashable type: 'P'"},
	{frozen + "f = F(1)\nhash(f) == hash(F(1, 'b')), f, {f: 1}[F(1)]", "(True, F(a=1, b='b'), 1)"},
	{frozen + "f = F(1)\ntry:\n    f.a = 2\nexcept AttributeError as e:\n    r = (type(e).__name__, str(e), isinstance(e, FrozenInstanceError))\nr, f.a", "(('FrozenInstanceError', \"cannot assign to field 'a'\", True), 1)"},
	{frozen + "f = F(1)\ntry:\n    f.z = 2\nexcept FrozenInstanceError as e:\n    r = str(e)\nr", "\"cannot assign to field 'z'\""},
	{frozen + "f = F(1)\ntry:\n    del f.a\nexcept FrozenInstanceError as e:\n    r = str(e)\nr", "\"cannot delete field 'a'\""},
	{frozen + "replace(F(1), b='c'), F(1)", "(F(a=1, b='c'), F(a=1, b='b'))"},
	{"@dataclass(unsafe_hash=True)\nclass U:\n    a: int\n    b: list = field(default_factory=list, hash=False)\nhash(U(1)) == hash(U(1, [2])), U(1) == U(1, [2])", "(True, False)"},
	{"@dataclass(eq=False)\nclass E:\n    a: int\nE(1) == E(1), hash(E(1)) != 0", "(False, True)"},
	{"@dataclass(repr=False)\nclass N:\n    a: int\nrepr(N(1)).startswith('<')", "True"},
	{"@dataclass\nclass R:\n    a: int\n    def __repr__(self):\n        return 'mine'\nR(1)", "mine"},
	{"@dataclass\nclass R:\n    a: int\n    b: int = field(init=False)\n    def __post_init__(self):\n        self.b = self.a * 2\nR(3), R(3).b", "(R(a=3, b=6), 6)"},
	{"@dataclass(kw_only=True)\nclass K:\n    a: int = 0\n    b: int\nK(b=1), K(1)", "TypeError: K.__init__() takes 1 positional argument but 2 were given"},
	{"@dataclass\nclass K:\n    a: int = field(default=1, kw_only=True)\n    b: int\nK(2), K(2, a=5)", "(K(a=1, b=2), K(a=5, b=2))"},
	{"@dataclass\nclass B:\n    a: int\n    b: int = 2\n@dataclass\nclass D(B):\n    c: int = 3\n    a: int = 9\nD(), D(1, 2, 3), [f.name for f in fields(D)]", "(D(a=9, b=2, c=3), D(a=1, b=2, c=3), ['a', 'b', 'c'])"},
	{"@dataclass\nclass B:\n    a: int = 1\n@dataclass\nclass D(B):\n    c: int\n", "TypeError: non-default argument 'c' follows default argument"},
	{"@dataclass\nclass Q:\n    a: list = []", "ValueError: mutable default <class 'list'> for field a is not allowed: use default_factory"},
	{"@dataclass\nclass Q:\n    a: dict = {}", "ValueError: mutable default <class 'dict'> for field a is not allowed: use default_factory"},
	{"@dataclass\nclass Q:\n    a: int = field(default=1, default_factory=int)", "ValueError: cannot specify both default and default_factory"},
	{"@dataclass(order=True, eq=False)\nclass Q:\n    a: int", "ValueError: eq must be true if order is true"},
	{"@dataclass(order=True)\nclass Q:\n    a: int\n    def __lt__(self, o):\n        return True", "TypeError: Cannot overwrite attribute __lt__ in class Q. Consider using functools.total_ordering"},
	{frozen + "@dataclass\nclass G(F):\n    c: int = 0", "TypeError: cannot inherit non-frozen dataclass from a frozen one"},
	{"@dataclass\nclass In:\n    v: list\n@dataclass\nclass Out:\n    name: str\n    inner: In\n    items: list\n    m: dict\no = Out('o', In([1, 2]), [In([3])], {'k': In([])})\nd = asdict(o)\nd, astuple(o), d['inner']['v'] is o.inner.v", "({'name': 'o', 'inner': {'v': [1, 2]}, 'items': [{'v': [3]}], 'm': {'k': {'v': []}}}, ('o', ([1, 2],), [([3],)], {'k': ([],)}), False)"},
	{point + "asdict(P(1), dict_factory=list), astuple(P(1, 2), tuple_factory=list)", "([('x', 1), ('y', 0), ('tags', [])], [1, 2, []])"},
	{"asdict(3)", "TypeError: asdict() should be called on dataclass instances"},
	{point + "asdict(P)", "TypeError: asdict() should be called on dataclass instances"},
	{point + "replace(P(1, 2), y=7), replace(P(1, 2))", "(P(x=1, y=7), P(x=1, y=2))"},
	{point + "replace(P(1), z=1)", "TypeError: P.__init__() got an unexpected keyword argument 'z'"},
	{"@dataclass\nclass R:\n    a: int\n    b: int = field(init=False, default=0)\nreplace(R(1), b=2)", "ValueError: field b is declared with init=False, it cannot be specified with replace()"},
	{point + "[(f.name, f.type, f.default is dataclasses.MISSING, f.init, f.repr, f.compare, f.hash) for f in fields(P)]", "[('x', 'int', True, True, True, True, None), ('y', 'int', False, True, True, True, None), ('tags', 'list', True, True, False, False, None)]"},
	{point + "fields(P)[2].default_factory is list, fields(P(1))[0].default is dataclasses.MISSING, isinstance(fields(P)[0], dataclasses.Field)", "(True, True, True)"},
	{"fields(3)", "TypeError: must be called with a dataclass type or instance"},
	{point + "is_dataclass(P), is_dataclass(P(1)), is_dataclass(3), is_dataclass(int)", "(True, True, False, False)"},
	{point + "P.__match_args__, hasattr(P, 'tags'), P.y", "(('x', 'y', 'tags'), False, 0)"},
}

// evaluated are cases whose annotations CPython must evaluate to see
// ClassVar, InitVar and KW_ONLY (as a string, it looks them up in the
// globals of the class's module, which its test harness does not have).
var evaluated = []langtest.Case{
	{"@dataclass\nclass R:\n    a: int\n    scale: InitVar[int] = 2\n    def __post_init__(self, scale):\n        self.a *= scale\nR(3), R(3, 10), [f.name for f in fields(R)]", "(R(a=6), R(a=30), ['a'])"},
	{"import typing\n@dataclass\nclass C:\n    a: int\n    count: typing.ClassVar[int] = 0\nC(1), C.count, len(fields(C))", "(C(a=1), 0, 1)"},
	{"@dataclass\nclass K:\n    a: int\n    _: KW_ONLY\n    b: int = 1\n    c: int\nK(1, c=3), K(c=2, a=0)", "(K(a=1, b=1, c=3), K(a=0, b=1, c=2))"},
	{"@dataclass\nclass K:\n    a: int\n    _: KW_ONLY\n    c: int\nK(1)", "TypeError: K.__init__() missing 1 required keyword-only argument: 'c'"},
	{gptConfig + "GPTConfig.__annotations__, [f.type for f in fields(GPTConfig)][:2]", "({'block_size': <class 'int'>, 'vocab_size': <class 'int'>, 'n_layer': <class 'int'>, 'dropout': <class 'float'>, 'bias': <class 'bool'>}, [<class 'int'>, <class 'int'>])"},
	{gptConfig + "InitVar[int], InitVar[list[int]], InitVar[GPTConfig], InitVar[int].type", "(dataclasses.InitVar[int], dataclasses.InitVar[list[int]], dataclasses.InitVar[GPTConfig], <class 'int'>)"},
	{"from typing import ClassVar\n@dataclass\nclass C:\n    a: int\n    n: ClassVar = 1\n    m: ClassVar[list[int]] = []\n    s: InitVar = 0\n    def __post_init__(self, s):\n        self.a += s\nC(1, 2), [f.name for f in fields(C)], C.m", "(C(a=3), ['a'], [])"},
}

// kaelOnly are cases whose outcome depends on an address or on kael's
// refusals.
var kaelOnly = []langtest.Case{
	{"@dataclass(slots=True)\nclass S:\n    a: int", "NotImplementedError: kael's dataclass does not make __slots__"},
	{"dataclass(3)", "TypeError: dataclass() should be called on a class, not int"},
}

// withFuture returns cs with future before each source.
func withFuture(cs []langtest.Case) []langtest.Case {
	out := make([]langtest.Case, len(cs))
	for i, c := range cs {
		out[i] = langtest.Case{Src: future + c.Src, Want: c.Want}
	}
	return out
}

func TestDataclasses(t *testing.T) {
	langtest.CheckCellCases(t, prelude, withFuture(cases))
	langtest.CheckCellCases(t, prelude, evaluated)
	langtest.CheckCellCases(t, prelude, kaelOnly)
}

func TestAgainstCPython(t *testing.T) {
	cpython.CheckCellCases(t, prelude, withFuture(cases))
	cpython.CheckCellCases(t, prelude, evaluated)
}
