package fractions_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/fractions"
)

const fractionsPrelude = "from fractions import Fraction as F\nimport math, numbers\n"

// fractionsCases are compared with CPython 3.11's outcomes.
var fractionsCases = []string{
	"F(3, 4), F(-6, 8), F(6, -8), F(0, 5), F(7), F(), F(F(1, 3)), F(F(1, 2), F(3, 4))",
	"str(F(3, 4)), str(F(4, 2)), repr(F(-1, 3)), F(2**70, 6)",
	"[F(s) for s in ('3/4', ' -3/4 ', '1.5', '-0.125', '1e-3', '2.5E2', '+7', '.5', '1_000/3', '3 / 4')]",
	"F('abc')",
	"F('1/0')",
	"F('3/')",
	"F(1, 0)",
	"F(1.5, 2)",
	"F([])",
	"F(0.1), F(1.5), F(-2.0), F(1e300).denominator",
	"F(float('nan'))",
	"F(float('inf'))",
	"F.from_float(0.1), F.from_float(3), F.from_float(-0.5)",
	"F.from_float('1')",
	"F.from_decimal(3)",
	"F.from_decimal(1.5)",
	"F('3.141592653589793').limit_denominator(10), F('3.141592653589793').limit_denominator(100), F('3.141592653589793').limit_denominator()",
	"F(1, 3).limit_denominator(3), F(2, 7).limit_denominator(1), F(-23, 7).limit_denominator(2), F(0.1).limit_denominator(1000)",
	"F(1, 3).limit_denominator(0)",
	"a, b = F(1, 3), F(1, 6)\na + b, a - b, a * b, a / b, a // b, a % b, divmod(a, b), -a, +a, abs(-a)",
	"a = F(7, 3)\na + 1, 1 + a, a - 2, 2 - a, a * 3, 3 * a, a / 2, 2 / a, a // 1, 10 // a, a % 2, 5 % a, divmod(7, a)",
	"a = F(1, 4)\na + 0.5, 0.5 + a, a * 2.0, a / 0.5, a + 1j, 1j * a, a // 0.1",
	"F(1, 2) / 0",
	"F(1, 2) / F(0)",
	"5 / F(0, 3)",
	"F(2, 3) ** 2, F(2, 3) ** -2, F(-2, 3) ** -3, F(4) ** F(1, 2), F(2, 3) ** 0.5, 2 ** F(3), 2 ** F(1, 2), F(1, 2) ** F(2)",
	"F(0) ** -1",
	"int(F(7, 2)), int(F(-7, 2)), float(F(1, 3)), complex(F(1, 2)), math.floor(F(-7, 2)), math.ceil(F(-7, 2)), math.trunc(F(-7, 2))",
	"round(F(5, 2)), round(F(7, 2)), round(F(-5, 2)), round(F(1, 3), 2), round(F(12345, 1), -2), round(F(1, 3), 0)",
	"F(1, 2) == 0.5, F(1, 2) == F(2, 4), F(2) == 2, F(1, 3) == 1/3, F(1, 2) != 1, F(1, 2) == 0.5 + 0j, F(1) == 'a'",
	"F(1, 2) < 1, F(1, 2) > 0.4, F(1, 3) <= F(2, 6), 2 >= F(5, 2), F(1) < float('inf'), F(1) > float('nan'), sorted([F(1, 2), 0.3, 1, F(-1)])",
	"F(1, 2) < 'a'",
	"hash(F(1, 2)) == hash(0.5), hash(F(4, 2)) == hash(2), hash(F(1, 3)), hash(F(-1)), hash(F(2**70, 3)), len({F(1, 2), F(2, 4)}), {F(1, 2): 'a'}[F(2, 4)]",
	"bool(F(0)), bool(F(1, 9)), F(3, 4).numerator, F(3, 4).denominator, F(-3, 4).as_integer_ratio()",
	"isinstance(F(1, 2), numbers.Rational), isinstance(F(1), numbers.Integral), isinstance(F(1), numbers.Number)",
	"import copy, pickle\nf = F(2, 3)\ncopy.copy(f) is f, copy.deepcopy(f) == f, pickle.loads(pickle.dumps(f))",
	"sum([F(1, 2), F(1, 3), F(1, 6)]), max(F(1, 2), F(2, 3)), F(1, 2) + True",
	"class G(F):\n    pass\ng = G(1, 2)\ng, type(g + 1).__name__, repr(g)",
	"F(1, 3) + F(1, 3) + F(1, 3), F(10**20, 3) * F(3, 10**20), F(-1, 2) // F(1, 3), F(-1, 2) % F(1, 3)",
}

func TestFractionsMatchesCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, fractionsPrelude, fractionsCases)
}
