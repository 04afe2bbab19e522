package lang

import (
	"context"
	"strconv"
	"strings"
	"testing"
)

// builtinCallPrelude defines what builtinCallCases use.
const builtinCallPrelude = "import math"

// builtinCallCases are calls of the common builtins that take the fast
// paths of issue 34 (overloadedFast, numberDivmod, isInstanceBasic, the
// arguments on the stack and a *args Tuple made only when asked for)
// beside the calls those paths leave to the generic code: errors, other
// types, keywords, more arguments than fit on the stack, and builtins
// given *args (zip, map, slice, functools.partial), among them one
// that keeps the Tuple itself (BaseException.__init__ as e.args). want is
// CPython 3.11's outcome.
var builtinCallCases = []struct{ src, want string }{
	{"abs(-1), abs(5), abs(-2.5), abs(-0.0), abs(-9223372036854775807 - 1), abs(True), abs(-2**70), abs(-300)", "(1, 5, 2.5, 0.0, 9223372036854775808, 1, 1180591620717411303424, 300)"},
	{"abs(float('nan')), abs(-math.inf)", "(nan, inf)"},
	{"abs('a')", "TypeError: bad operand type for abs(): 'str'"},
	{"abs(1, 2)", "TypeError: abs() takes exactly one argument (2 given)"},
	{"round(3.7), round(2.5), round(-2.5), round(7), round(True), round(2.675, 2), round(1e300) > 0, round(-0.4), round(-9.3e18), round(2.5, None)", "(4, 2, -2, 7, 1, 2.67, True, 0, -9300000000000000000, 2)"},
	{"round(math.nan)", "ValueError: cannot convert float NaN to integer"},
	{"round(-math.inf)", "OverflowError: cannot convert float infinity to integer"},
	{"max(6, 4), min(3, 4), max(1, 1.0), max(1.0, 1), min(-0.0, 0.0), max(0.0, -0.0), max(math.nan, 1.0), max(1.0, math.nan), min(math.nan, 1.0), min(2.0, math.nan)", "(6, 3, 1, 1.0, -0.0, 0.0, nan, 1.0, nan, 2.0)"},
	{"max([3, 1, 2]), min((3, 1, 2)), max([2.5, 1.5]), max([1, 2.5]), min([True, 0]), max(3, 1, 2, 9, 4, 5), min(3, 1, 2, 9), max(9223372036854775807, -9223372036854775807 - 1)", "(3, 1, 2.5, 2.5, 0, 9, 1, 9223372036854775807)"},
	{"max([])", "ValueError: max() arg is an empty sequence"},
	{"min(1, 'a')", "TypeError: '<' not supported between instances of 'str' and 'int'"},
	{"max(1)", "TypeError: 'int' object is not iterable"},
	{"max(1, 2.5, 'x')", "TypeError: '>' not supported between instances of 'str' and 'float'"},
	{"max([1, 2], key=lambda v: -v), max([], default=7), min(3, 1, key=None)", "(1, 7, 1)"},
	{"max(1, 2, default=0)", "TypeError: Cannot specify a default for max() with multiple positional arguments"},
	{"divmod(7, 2), divmod(-7, 2), divmod(7, -2), divmod(7.5, 2), divmod(-7.5, 2.0), divmod(7, 0.5), divmod(-9223372036854775807 - 1, -1), divmod(5, True), divmod(0.0, -1.0), divmod(-0.0, 1), divmod(-5, 0.5)", "((3, 1), (-4, 1), (-4, -1), (3.0, 1.5), (-4.0, 0.5), (14.0, 0.0), (9223372036854775808, 0), (5, 0), (-0.0, -0.0), (-0.0, 0.0), (-10.0, 0.0))"},
	{"divmod(1, 0)", "ZeroDivisionError: integer division or modulo by zero"},
	{"divmod(1.0, 0)", "ZeroDivisionError: float divmod()"},
	{"divmod(1, 0.0)", "ZeroDivisionError: float divmod()"},
	{"isinstance(1, int), isinstance(True, int), isinstance(True, bool), isinstance(1, bool), isinstance(1.0, int), isinstance(1.0, float), isinstance(1, float), isinstance('a', str), isinstance(2**70, int), isinstance(None, int), isinstance([], list), isinstance(1, (str, int)), isinstance(1, int | None), isinstance('a', bool)", "(True, True, True, False, False, True, False, True, True, False, True, True, True, False)"},
	{"class MyInt(int): pass\nisinstance(MyInt(3), int), isinstance(MyInt(3), float), isinstance(3, MyInt), abs(MyInt(-3)), max(MyInt(2), 1)", "(True, False, False, 3, 2)"},
	{"isinstance(1, 1)", "TypeError: isinstance() arg 2 must be a type, a tuple of types, or a union"},
	{"int(3.7), int(-3.7), int(True), int('12'), float(3), float(True), float('1.5'), int(), float(), int(9.3e18)", "(3, -3, 1, 12, 3.0, 1.0, 1.5, 0, 0.0, 9300000000000000000)"},
	{"math.sqrt(4.0), math.sqrt(2), math.exp(1.0), math.gcd(6, 4), math.hypot(3.0, 4.0), math.hypot(3, 4, 12), math.hypot(), math.hypot(-2), math.hypot(1e308, 1e308), math.hypot(5e-324, 5e-324), math.hypot(0.1, 0.2, 0.3, 0.4), math.hypot(1, 2, 3, 4, 5), math.hypot(1e-300, 3e-300), math.hypot(True, 2**70)", "(2.0, 1.4142135623730951, 2.718281828459045, 2, 5.0, 13.0, 0.0, 2.0, 1.4142135623730951e+308, 5e-324, 0.5477225575051661, 7.416198487095663, 3.16227766016838e-300, 1.1805916207174113e+21)"},
	{"math.hypot('a')", "TypeError: must be real number, not str"},
	{"math.hypot(1, None)", "TypeError: must be real number, not NoneType"},
	{"math.sqrt(-1)", "ValueError: math domain error"},
	{"z1 = zip([1, 2], 'ab')\nz2 = zip([3], 'c')\nlist(z1), list(z2)", "([(1, 'a'), (2, 'b')], [(3, 'c')])"},
	{"m1 = map(lambda a, b: a + b, [1], [2])\nm2 = map(lambda a, b: a * b, [3], [4])\nlist(m1), list(m2)", "([3], [12])"},
	{"s1 = slice(1, 2)\ns2 = slice(3, 4, 5)\ns1, s2", "(slice(1, 2, None), slice(3, 4, 5))"},
	{"it = iter([1])\nnext(it), next(it, 'done'), getattr(1, 'real'), getattr(1, 'nope', 'dflt')", "(1, 'done', 1, 'dflt')"},
	{"def f():\n    out = []\n    for i in range(3):\n        out.append(zip([i], [i], [i, i]))\n    return [list(z) for z in out]\nf()", "[[(0, 0, 0)], [(1, 1, 1)], [(2, 2, 2)]]"},
	{"class E(Exception):\n    def __init__(self, a, b):\n        super().__init__(a, b)\nx = E(1, 2)\ny = E(3, 4)\nx.args, y.args", "((1, 2), (3, 4))"},
	{"e = ValueError()\ne.__init__(5, 6)\nf = ValueError()\nf.__init__(7, 8)\ne.args, f.args", "((5, 6), (7, 8))"},
	{"def g():\n    es = []\n    for i in range(3):\n        e = KeyError()\n        e.__init__(i, -i)\n        es.append(e)\n    return [e.args for e in es]\ng()", "[(0, 0), (1, -1), (2, -2)]"},
	{"import functools\np = functools.partial(max, 5)\nq = functools.partial(min, 1)\np(3), q(3), p(7, 9)", "(5, 1, 9)"},
	{"def f():\n    s = 0\n    L = [1, 2, 3]\n    for i in range(1000):\n        s = s + abs(i - 500) + min(i, 7) + max(i, 3) + len(L)\n        y = math.sqrt(float(i))\n        z = isinstance(i, int)\n    return s, y, z\nf()", "(759478, 31.606961258558215, True)"},
	{"def f():\n    return [(abs(x), round(x), divmod(x, 3), max(x, 0), min(0, x)) for x in (-2.5, -1, 0, 1.5, 7)]\nf()", "[(2.5, -2, (-1.0, 0.5), 0, -2.5), (1, -1, (-1, 2), 0, -1), (0, 0, (0, 0), 0, 0), (1.5, 2, (0.0, 1.5), 1.5, 0), (7, 7, (2, 1), 7, 0)]"},
}

func TestBuiltinCallFastPaths(t *testing.T) {
	for _, tt := range builtinCallCases {
		s := NewSession(IO{})
		if r := s.Exec(context.Background(), "", builtinCallPrelude); r.Err != nil {
			t.Fatal(r.Err)
		}
		if got := outcome(s.Exec(context.Background(), "", tt.src)); got != tt.want {
			t.Errorf("%s\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

func TestBuiltinCallFastPathsAgainstCPython(t *testing.T) {
	checkCellCasesAgainstCPython(t, builtinCallPrelude, builtinCallCases)
}

// TestKeptVarArgs checks that the Tuple a builtin's *args parameter hands
// out is the builtin's to keep: bindPositional keeps the arguments in the
// pooled Args until asked, and the next call reuses that room. The
// builtins return or keep their Tuple (as BaseException.__init__ keeps
// e.args); the calls are repeated in a loop, where the Args are reused at
// once, and with more arguments than the room holds.
func TestKeptVarArgs(t *testing.T) {
	keep := NewBuiltin(AsValue, "keep(first, *rest)", "Returns its *rest.", func(a *Args) (Value, error) {
		return a.Value("rest"), nil
	})
	both := NewBuiltin(AsValue, "both(*rest)", "Returns its *rest twice, and the call's slice read through VarArgs.", func(a *Args) (Value, error) {
		seen := Tuple(append([]Value(nil), a.VarArgs("rest")...))
		return Tuple{a.Value("rest"), a.Values()[0], seen}, nil
	})
	for _, c := range []struct{ src, want string }{
		{"a = keep(0, 1, 2)\nb = keep(0, 3, 4)\na, b", "((1, 2), (3, 4))"},
		{"def f():\n    return [keep(i, i, -i) for i in range(3)]\nf()", "[(0, 0), (1, -1), (2, -2)]"},
		{"def f():\n    return [keep(i, 1, 2, 3, 4, 5, i) for i in range(2)]\nf()", "[(1, 2, 3, 4, 5, 0), (1, 2, 3, 4, 5, 1)]"},
		{"keep(0), keep(1, *[]), keep(*[1, 2, 3, 4, 5])", "((), (), (2, 3, 4, 5))"},
		{"def f():\n    return [both(i, 'x') for i in range(2)]\nf()", "[((0, 'x'), (0, 'x'), (0, 'x')), ((1, 'x'), (1, 'x'), (1, 'x'))]"},
	} {
		s := NewSession(IO{})
		s.Set("keep", keep)
		s.Set("both", both)
		if got := outcome(s.Exec(context.Background(), "", c.src)); got != c.want {
			t.Errorf("%s\n got %s\nwant %s", c.src, got, c.want)
		}
	}
}

// BenchmarkBuiltinCall times one call of a common builtin in a function's
// loop, the lead's micro-loops of issue 34, with its allocations per call
// (-benchmem): go test ./lang -run '^$' -bench BuiltinCall -benchmem.
func BenchmarkBuiltinCall(b *testing.B) {
	for _, c := range []struct{ name, call string }{
		{"abs", "abs(-1)"}, {"min", "min(3, 4)"}, {"max", "max(6, 4)"}, {"round", "round(3.7)"},
		{"int", "int(3.7)"}, {"float", "float(3)"}, {"isinstance", "isinstance(i, int)"},
		{"divmod", "divmod(i, 7)"}, {"sqrt", "math.sqrt(4.0)"}, {"exp", "math.exp(1.0)"},
		{"gcd", "math.gcd(6, 4)"}, {"hypot", "math.hypot(3.0, 4.0)"}, {"len", "len(L)"},
	} {
		b.Run(c.name, func(b *testing.B) {
			src := "import math\nL = [1, 2, 3]\ndef f(n):\n    for i in range(n):\n        x = CALL\nf(N)"
			src = strings.NewReplacer("CALL", c.call, "N", strconv.Itoa(b.N)).Replace(src)
			s := NewSession(IO{})
			b.ReportAllocs()
			b.ResetTimer()
			if r := s.Exec(context.Background(), "", src); r.Err != nil {
				b.Fatal(r.Err.Render())
			}
		})
	}
}
