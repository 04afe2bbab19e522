package enum_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/enum"
)

const prelude = "import enum\nfrom enum import Enum, IntEnum, Flag, IntFlag, StrEnum, auto, unique\n"

const color = "class Color(Enum):\n    RED = 1\n    GREEN = 2\n    BLUE = 3\n    CRIMSON = 1\n    def describe(self):\n        return f'{self.name}={self.value}'\n    @property\n    def warm(self):\n        return self is Color.RED\n"

const perm = "class Perm(Flag):\n    R = 4\n    W = 2\n    X = 1\n"

const iperm = "class IP(IntFlag):\n    R = 4\n    W = 2\n    X = 1\n"

const strMode = "class Mode(StrEnum):\n    TRAIN = 'train'\n    EVAL = auto()\n    Test = auto()\n"

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
	// Flag: composite members, CONFORM for unnamed bits.
	{perm + "Perm.R | Perm.W, str(Perm.R | Perm.W), (Perm.R | Perm.W).name, Perm(6), Perm(0), repr(Perm(0).name), bool(Perm(0)), bool(Perm.R)", "(<Perm.R|W: 6>, 'Perm.R|W', 'R|W', <Perm.R|W: 6>, <Perm: 0>, 'None', False, True)"},
	{perm + "~Perm.R, ~(Perm.R | Perm.W | Perm.X), list(Perm), list(Perm.R | Perm.X), len(Perm.R | Perm.X), Perm.R in (Perm.R | Perm.W), Perm.X in Perm.R", "(<Perm.W|X: 3>, <Perm: 0>, [<Perm.R: 4>, <Perm.W: 2>, <Perm.X: 1>], [<Perm.R: 4>, <Perm.X: 1>], 2, True, False)"},
	{perm + "Perm.R & Perm.W, Perm.R ^ (Perm.R | Perm.W), Perm(6) is Perm(6), Perm.R | Perm.W == Perm(6), Perm.R | Perm.R, Perm(9), Perm(-1), Perm.R == 4", "(<Perm: 0>, <Perm.W: 2>, True, True, <Perm.R: 4>, <Perm.X: 1>, <Perm.R|W|X: 7>, False)"},
	{perm + "str(Perm(0)), f'{Perm.R}', Perm.R in Perm, Perm(6) in Perm, len(Perm), Perm.R.__or__(1), Perm['W']", "('Perm(0)', 'Perm.R', True, False, 3, NotImplemented, <Perm.W: 2>)"},
	{perm + "Perm.R | 1", "TypeError: unsupported operand type(s) for |: 'Perm' and 'int'"},
	{perm + "Perm('a')", "ValueError: 'a' is not a valid Perm"},
	{perm + "1 in Perm.R", "TypeError: unsupported operand type(s) for 'in': 'int' and 'Perm'"},
	{"class Q(Flag):\n    NONE = 0\n    A = auto()\n    B = auto()\n    C = auto()\n    AB = 3\nlist(Q), Q.AB, Q.A | Q.B, Q(3) is Q.AB, list(Q.__members__), Q.A | Q.B | Q.C, ~Q.A, list(Q.AB), Q(0), Q.A & Q.B, Q._member_names_", "([<Q.A: 1>, <Q.B: 2>, <Q.C: 4>], <Q.AB: 3>, <Q.AB: 3>, True, ['NONE', 'A', 'B', 'C', 'AB'], <Q.A|B|C: 7>, <Q.B|C: 6>, [<Q.A: 1>, <Q.B: 2>], <Q.NONE: 0>, <Q.NONE: 0>, ['A', 'B', 'C'])"},
	// IntFlag: KEEP for unnamed bits, ints on either side, int arithmetic.
	{iperm + "IP.R | IP.W, str(IP.R | IP.W), f'{IP.R}', IP.R + 1, IP.R | 1, IP.R == 4, IP(8), str(IP(12)), IP.R | 8, ~IP.R, IP.R & 6, 3 | IP.R, list(IP)", "(<IP.R|W: 6>, '6', '4', 5, <IP.R|X: 5>, True, <IP: 8>, '12', <IP.R|8: 12>, <IP.W|X: 3>, <IP.R: 4>, <IP.R|W|X: 7>, [<IP.R: 4>, <IP.W: 2>, <IP.X: 1>])"},
	{iperm + "IP(-1), IP(16 | 4), ~IP(12), IP.R + IP.W, IP.R < 5, IP.R * 2, -IP.R, IP.R ^ 5, 5 ^ IP.R, 5 & IP.R, IP.R in IP(6), IP(0), str(IP(0)), hash(IP.R) == hash(4)", "(<IP.R|W|X: 7>, <IP.R|16: 20>, <IP.W|X: 3>, 6, True, 8, -4, <IP.X: 1>, <IP.X: 1>, <IP.R: 4>, True, <IP: 0>, '0', True)"},
	{iperm + "4 in IP(6)", "TypeError: unsupported operand type(s) for 'in': 'int' and 'IP'"},
	// StrEnum: the value stands for the member.
	{strMode + "list(Mode), str(Mode.TRAIN), f'{Mode.EVAL}', f'{Mode.EVAL:>6}', Mode.TRAIN == 'train', Mode.TRAIN != 'train', Mode.TRAIN + '/x', 'x/' + Mode.Test, Mode('eval'), hash(Mode.EVAL) == hash('eval')", "([<Mode.TRAIN: 'train'>, <Mode.EVAL: 'eval'>, <Mode.Test: 'test'>], 'train', 'eval', '  eval', True, False, 'train/x', 'x/test', <Mode.EVAL: 'eval'>, True)"},
	{strMode + "Mode.TRAIN.upper(), Mode.EVAL.startswith('e'), Mode.EVAL[0], len(Mode.TRAIN), 'ai' in Mode.TRAIN, list(Mode.Test), Mode.EVAL < Mode.TRAIN, Mode.EVAL < 'a', sorted([Mode.TRAIN, Mode.EVAL]), Mode.EVAL * 2, '%s!' % Mode.EVAL, Mode.TRAIN.name", "('TRAIN', True, 'e', 5, True, ['t', 'e', 's', 't'], True, False, [<Mode.EVAL: 'eval'>, <Mode.TRAIN: 'train'>], 'evaleval', 'eval!', 'TRAIN')"},
	{strMode + "Mode('x')", "ValueError: 'x' is not a valid Mode"},
	{"class Bad(StrEnum):\n    A = 1", "TypeError: 1 is not a string"},
	// EnumType's repr of the classes: <flag ...> for Flag and its subclasses.
	{color + perm + iperm + strMode + "repr(Color), str(Perm), repr(IP), repr(Mode), repr(Enum), repr(Flag), repr(IntEnum), repr(IntFlag), [Color]", "(\"<enum 'Color'>\", \"<flag 'Perm'>\", \"<flag 'IP'>\", \"<enum 'Mode'>\", \"<enum 'Enum'>\", \"<flag 'Flag'>\", \"<enum 'IntEnum'>\", \"<flag 'IntFlag'>\", [<enum 'Color'>])"},
}

func TestEnum(t *testing.T) { langtest.CheckCellCases(t, prelude, cases) }

func TestAgainstCPython(t *testing.T) { cpython.CheckCellCases(t, prelude, cases) }

const prelude2 = "import enum\nfrom enum import *\n"

// extraCases are extra.go's: the module's own enums, verify, member and
// nonmember, global_enum, the functional API, _missing_ and
// _generate_next_value_; CPython 3.11's outcomes.
var extraCases = []langtest.Case{
	{"repr(STRICT), str(STRICT), repr(UNIQUE), list(FlagBoundary), list(EnumCheck), KEEP is FlagBoundary.KEEP, FlagBoundary('eject')", "(\"<FlagBoundary.STRICT: 'strict'>\", 'strict', \"<EnumCheck.UNIQUE: 'one name per value'>\", [<FlagBoundary.STRICT: 'strict'>, <FlagBoundary.CONFORM: 'conform'>, <FlagBoundary.EJECT: 'eject'>, <FlagBoundary.KEEP: 'keep'>], [<EnumCheck.CONTINUOUS: 'no skipped integer values'>, <EnumCheck.NAMED_FLAGS: 'multi-flag aliases may not contain unnamed flags'>, <EnumCheck.UNIQUE: 'one name per value'>], True, <FlagBoundary.EJECT: 'eject'>)"},
	{"class C(Enum):\n    A = 1\nEnumMeta is EnumType, repr(EnumType), isinstance(C, EnumType), isinstance(Enum, EnumType), isinstance(C.A, EnumType), isinstance(int, EnumMeta), issubclass(IntEnum, ReprEnum), issubclass(StrEnum, ReprEnum), issubclass(IntFlag, ReprEnum), issubclass(IntFlag, Flag), issubclass(Flag, ReprEnum)", "(True, \"<class 'enum.EnumType'>\", True, True, False, False, True, True, True, True, False)"},
	{"class R(ReprEnum):\n    A = 1", "TypeError: ReprEnum subclasses must be mixed with a data type (i.e. int, str, float, etc.)"},
	{"@verify(UNIQUE)\nclass U(Enum):\n    A = 1\n    B = 1", "ValueError: aliases found in <enum 'U'>: B -> A"},
	{"@verify(CONTINUOUS)\nclass V(Enum):\n    A = 1\n    B = 4", "ValueError: invalid enum 'V': missing values 2, 3"},
	{"@verify(CONTINUOUS)\nclass V2(Flag):\n    A = 1\n    B = 8", "ValueError: invalid flag 'V2': missing values 2, 4"},
	{"@verify(NAMED_FLAGS)\nclass V3(Flag):\n    A = 1\n    B = 2\n    C = 11", "ValueError: invalid Flag 'V3': alias C is missing value 0x8 [use enum.show_flag_values(value) for details]"},
	{"@verify(NAMED_FLAGS)\nclass V4(Flag):\n    A = 1\n    C = 7\n    D = 9", "ValueError: invalid Flag 'V4': aliases C and D are missing combined values of 0xe [use enum.show_flag_values(value) for details]"},
	{"verify(UNIQUE)(int)", "TypeError: the 'verify' decorator only works with Enum and Flag"},
	{"@verify(UNIQUE, CONTINUOUS, NAMED_FLAGS)\nclass W(IntFlag):\n    A = 1\n    B = 2\n    AB = 3\nlist(W), W.AB", "([<W.A: 1>, <W.B: 2>], <W.AB: 3>)"},
	{"class O(Enum):\n    A = 1\n    f = member(lambda: 3)\n    g = nonmember(5)\n    @enum.property\n    def double(self):\n        return self.value * 2\n[m.name for m in O], O.g, O.A.double, O.f.value(), len(O)", "(['A', 'f'], 5, 2, 3, 2)"},
	{"@global_enum\nclass G(Enum):\n    X = 1\n    Y = 2\nrepr(G.X) == __name__ + '.X', str(G.X), X is G.X, G.Y is Y, f'{Y}'", "(True, 'X', True, True, 'Y')"},
	{"@global_enum\nclass GF(IntFlag):\n    P = 1\n    Q = 2\nm = __name__ + '.'\nrepr(GF.P) == m + 'P', str(GF.P), repr(P | Q) == m + 'P|' + m + 'Q', repr(GF(4)) == m + 'GF(4)', repr(GF(5)) == m + 'P|4'", "(True, '1', True, True, True)"},
	{"C = Enum('C', 'RED GREEN BLUE', module='colors', qualname='C')\nlist(C), C.__module__, C.__qualname__, C.GREEN.value, C(3)", "([<C.RED: 1>, <C.GREEN: 2>, <C.BLUE: 3>], 'colors', 'C', 2, <C.BLUE: 3>)"},
	{"list(Enum('D', [('A', 5), ('B', 7)])), list(Enum('E', {'X': 'x', 'Y': 'y'})), list(Enum('F', ['a', 'b'], start=10)), list(IntEnum('I', 'A B')), list(Enum('H', 'a,b')), list(Flag('P', 'R W X')), list(StrEnum('S', 'Ab Cd'))", "([<D.A: 5>, <D.B: 7>], [<E.X: 'x'>, <E.Y: 'y'>], [<F.a: 10>, <F.b: 11>], [<I.A: 1>, <I.B: 2>], [<H.a: 1>, <H.b: 2>], [<P.R: 1>, <P.W: 2>, <P.X: 4>], [<S.Ab: 'ab'>, <S.Cd: 'cd'>])"},
	{"Enum()", "TypeError: EnumType.__call__() missing 1 required positional argument: 'value'"},
	{"Enum('X', 'A', 'B')", "TypeError: EnumType.__call__() takes from 2 to 3 positional arguments but 4 were given"},
	{"class M(Enum):\n    A = 1\n    @classmethod\n    def _missing_(cls, v):\n        if isinstance(v, str):\n            return cls.A\nM('zz'), M(1)", "(<M.A: 1>, <M.A: 1>)"},
	{"class M(Enum):\n    A = 1\n    @classmethod\n    def _missing_(cls, v):\n        return None\nM(5)", "ValueError: 5 is not a valid M"},
	{"class N(Enum):\n    def _generate_next_value_(name, start, count, last_values):\n        return name.lower() + str(count)\n    A = auto()\n    B = auto()\nlist(N)", "[<N.A: 'a0'>, <N.B: 'b1'>]"},
}

func TestEnumExtra(t *testing.T) { langtest.CheckCellCases(t, prelude2, extraCases) }

func TestEnumExtraAgainstCPython(t *testing.T) { cpython.CheckCellCases(t, prelude2, extraCases) }
