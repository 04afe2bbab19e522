package enum_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

const mixins = "class Color(str, Enum):\n    RED = 'red'\n    BLUE = 'blue'\nclass N(int, Enum):\n    ONE = 1\n    TWO = 2\n"

// TestMixinsMatchCPython: enums mixed with str and int, whose members are
// strs and ints.
func TestMixinsMatchCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+mixins, []string{
		"c = Color.RED\nc, str(c), repr(c), f'{c}', c == 'red', isinstance(c, str), c.upper(), c + '!', Color('red') is c, c.value, len(c), {c: 1}.get('red'), sorted([Color.BLUE, Color.RED])",
		"n = N.TWO\nn, str(n), repr(n), f'{n}', n == 2, n + 1, isinstance(n, int), [0, 1, 2][n], N(1), int(n), {n: 'x'}.get(2), N.ONE < N.TWO",
		"Color.RED.name, list(Color), 'blue' in Color.__members__",
		"class P(tuple, Enum):\n    A = (1, 2)\nP.A, P.A[0], len(P.A), isinstance(P.A, tuple)",
		"class Bad(int, Enum):\n    X = 'x'",
	})
}
