package enum_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/enum"
)

const prelude = "import enum\nfrom enum import Enum, IntEnum, auto, unique\n"

const color = "class Color(Enum):\n    RED = 1\n    GREEN = 2\n    BLUE = 3\n    CRIMSON = 1\n    def describe(self):\n        return f'{self.name}={self.value}'\n    @property\n    def warm(self):\n        return self is Color.RED\n"

// cases hold CPython 3.11's outcomes; TestAgainstCPython checks them there.
var cases = []langtest.Case{
	{color + "Color.RED, Color(2), Color['BLUE'], Color.CRIMSON is Color.RED, list(Color), len(Color)", "(<Color.RED: 1>, <Color.GREEN: 2>, <Color.BLUE: 3>, True, [<Color.RED: 1>, <Color.GREEN: 2>, <Color.BLUE: 3>], 3)"},
	{color + "str(Color.RED), f'{Color.BLUE}', Color.RED.name, Color.RED.value, Color.RED.describe(), Color.RED.warm, Color.BLUE.warm", "('Color.RED', 'Color.BLUE', 'RED', 1, 'RED=1', True, False)"},
	{color + "isinstance(Color.RED, Color), type(Color.RED) is Color, Color.RED == Color.RED, Color.RED == 1, Color.RED != Color.GREEN, Color(Color.RED)", "(True, True, True, False, True, <Color.RED: 1>)"},
	{color + "[c.name for c in Color], Color.RED in Color, {Color.RED: 'r'}[Color.CRIMSON], list(Color.__members__), Color._member_names_", "(['RED', 'GREEN', 'BLUE'], True, 'r', ['RED', 'GREEN', 'BLUE', 'CRIMSON'], ['RED', 'GREEN', 'BLUE'])"},
	{color + "Color(7)", "ValueError: 7 is not a valid Color"},
	{color + "Color['X']", "KeyError: 'X'"},
	{color + "1 in Color", "TypeError: unsupported operand type(s) for 'in': 'int' and 'EnumType'"},
	{color + "class More(Color):\n    PINK = 4", "TypeError: <enum 'More'> cannot extend <enum 'Color'>"},
	{"class Mode(Enum):\n    TRAIN = auto()\n    EVAL = auto()\n    TEST = 'test'\nlist(Mode), Mode('test'), Mode.EVAL.value", "([<Mode.TRAIN: 1>, <Mode.EVAL: 2>, <Mode.TEST: 'test'>], <Mode.TEST: 'test'>, 2)"},
	{"class Mode(Enum):\n    A = 'a'\n    B = (1, 2)\nMode.A, Mode((1, 2)), Mode.B.value", "(<Mode.A: 'a'>, <Mode.B: (1, 2)>, (1, 2))"},
	{"class P(IntEnum):\n    A = 1\n    B = 2\nP.A == 1, P.B + 1, 1 + P.B, P.A < P.B, P.B > 1, str(P.A), repr(P.B), sorted([P.B, P.A]), P(2), hash(P.A) == hash(1)", "(True, 3, 3, True, True, '1', '<P.B: 2>', [<P.A: 1>, <P.B: 2>], <P.B: 2>, True)"},
	{"@unique\nclass U(Enum):\n    A = 1\n    B = 1\n    C = 2\n    D = 2", "ValueError: duplicate values found in <enum 'U'>: B -> A, D -> C"},
	{"@unique\nclass U(Enum):\n    A = 1\n    B = 2\nlist(U)", "[<U.A: 1>, <U.B: 2>]"},
	{"class Planet(Enum):\n    EARTH = (5.97e24, 6.37e6)\n    MARS = (6.42e23, 3.39e6)\n    def __init__(self, mass, radius):\n        self.mass, self.radius = mass, radius\n    @property\n    def density(self):\n        return self.mass / self.radius ** 3\nPlanet.MARS.mass, Planet.EARTH.value, round(Planet.EARTH.density / 1e4, 3)", "(6.42e+23, (5.97e+24, 6370000.0), 2.31)"},
	{"class Base(Enum):\n    def label(self):\n        return self.name.lower()\nclass Kind(Base):\n    A = 1\nKind.A.label(), list(Base)", "('a', [])"},
	{"class E(Enum):\n    X = 1\n    _ignored = 5\n    __private = 6\nlist(E), E._ignored", "([<E.X: 1>, <E._ignored: 5>], <E._ignored: 5>)"},
	{"class S(Enum):\n    A = 1\n    @staticmethod\n    def make():\n        return S.A\n    @classmethod\n    def first(cls):\n        return list(cls)[0]\nS.make(), S.first(), len(S)", "(<S.A: 1>, <S.A: 1>, 1)"},
}

func TestEnum(t *testing.T) { langtest.CheckCellCases(t, prelude, cases) }

func TestAgainstCPython(t *testing.T) { cpython.CheckCellCases(t, prelude, cases) }
