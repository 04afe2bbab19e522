package lang_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestBuiltinFastPathsMatchCPython compares the builtins' fast paths
// (fastPath) and the calls they leave to the Go functions, edges and
// errors included, with CPython: each value's repr and type, or the
// error's class and message.
func TestBuiltinFastPathsMatchCPython(t *testing.T) {
	prelude := `import math
def out(f, *args):
    try:
        r = f(*args)
    except Exception as e:
        return type(e).__name__ + ': ' + str(e)
    return repr(r) + ' ' + type(r).__name__
big = 2**63
nan, inf = float('nan'), float('inf')
`
	langtest.CheckMatchesCPython(t, prelude, []string{
		"[out(abs, x) for x in [-3, 0, -2.5, -0.0, -big, True, nan, 'a']]",
		"[out(round, x) for x in [2.5, -0.5, 7, 1e300, inf, nan, True]]",
		"[out(round, x, n) for x in [2.675, 7, 1234, -0.5, nan] for n in [2, 0, -2, None]]",
		// A negative ndigits in exact arithmetic, halves to even, and the
		// overflow of a result beyond the floats.
		"[out(round, x, n) for x, n in [(1.5e300, -300), (1.2345e200, -198), (25.4, -1), (25.0, -1), (15.0, -1), (-4.0, -1), (-0.0, -1), (5.0, -1), (5.5, -1), (-123456.0, -3), (1e22, -21), (2.5e15, -15), (7e-5, -2), (1.7e308, -308), (9.9e307, -307), (-1.7e308, -308), (12.5, -400)]]",
		"[out(min, x, y) for x, y in [(3, 1), (2.0, nan), (nan, 2.0), (1, 1.0), ('a', 'b'), (1, 'a')]] + [out(max, [1, 5, 2]), out(max, []), out(min, 3, 1, 2)]",
		"[out(pow, x, y) for x, y in [(2, 10), (2, -1), (2.0, 0.5), (0, -1), (0.0, -1.0), (3, 100), (-2, 63), (10, 20), (2, 'a')]] + [out(pow, 2, 3, 5)]",
		// A negative float to a power that is not an integer is complex;
		// a finite power that overflows is OverflowError.
		"[out(pow, x, y) for x, y in [(-8.0, 1/3), (-8, 0.5), (-8.0, -0.5), (-2.5, 1.5), (10.0, 400.0), (1.5, 5000), (-10.0, 401.0), (10.0, -400.0), (-0.0, 0.5), (-inf, 0.5), (nan, 0.5), (-2.0, nan), (-8.0, inf), (-8.0, 2.0), (2, 2000.0), (1j, 0.5), (-1 + 2j, 0.3 - 1j)]]",
		"[(-8.0) ** (1/3), (-2) ** 0.5, 2.0 ** -1074.5]",
		"[out(sum, x) for x in [[1, 2, 3], [1.5, 2, 3], [1, 2.5], [], (), [-0.0], [big - 1, 1], [0.1] * 10, [1e308, 1e308], [True, 2], ['a']]]",
		"[out(len, x) for x in [[1, 2], (1,), 'héllo', {1: 2}, range(5), b'ab', 5]]",
		"[out(float, x) for x in [3, 2.5, True, '1.5', 10**20, -big, 'x', None]]",
		"[out(int, x) for x in [3.9, -3.9, 5, '42', '-17', ' 12 ', '1_000', '+5', '', '-', '0x10', '12a', '9' * 19, '9' * 30, 1.5e300, inf, nan, True]]",
		"[out(str, x) for x in [5, -12, 1.5, 1e22, 0.1 + 0.2, 'x', True, 10**30, -0.0, nan]]",
		"[out(divmod, x, y) for x, y in [(7, 2), (-7, 2), (7, -2), (-big, -1), (-big, 3), (7.5, 2), (-7.5, 2), (7, 2.0), (1, 0), (1.0, 0.0), ('a', 1)]]",
		"[out(sorted, x) for x in [[3, 1, 2], [2.0, -0.0, 0.0, 1.5], ['b', 'a', 'é', 'Z'], (), [1, 2.5, 0], [1, 'a'], (3, 2)]]",
		"L = [5, 3, 4]\nL.sort()\nM = [0.0, -0.0, -1.0]\nM.sort()\nL, M",
		// q, r = divmod(x, y) unpacks without the tuple where it can
		"def f():\n    out = []\n    for x, y in [(7, 2), (-7, 2), (7, -2), (-big, -1), (-big, 3), (7, 0), (7.5, 2), (7, True), (2**70, 3)]:\n        try:\n            q, r = divmod(x, y)\n            out.append((q, r, type(q).__name__))\n        except ZeroDivisionError as e:\n            out.append(str(e))\n    return out\nf()",
		"x, y = 17, 5\nq, r = divmod(x, y)\nq2, q2 = divmod(x, 3)\n(a, b) = divmod(-17, 5)\nq, r, q2, a, b",
		"def divmod(a, b):\n    return b, a\nq, r = divmod(1, 2)\nq, r",
		"q, r = divmod(zz_undefined, 2)",
		"q, r, s = divmod(7, 2)",
		// sorted's short lists share an allocation with their elements:
		// each length up to past the largest, grown and shrunk after
		"out = []\nfor n in range(11):\n    v = sorted(list(range(n, 0, -1)))\n    w = sorted([str(k) for k in range(n)], reverse=True)\n    v.append(-1)\n    v.extend(range(3))\n    v.pop(0)\n    out.append((v, w, sorted(tuple(v)), len(v)))\nout",
		"[out(f, x) for f in (math.sqrt, math.exp, math.log, math.sin) for x in [4, 2.0, True, -1.0, inf, nan, 0.0, 1000.0, 10**400]]",
		"import builtins\ndef f():\n    return builtins.zz_fast_value\nbuiltins.zz_fast_value = 1\na = f()\nbuiltins.zz_fast_value = 2\na, f()",
	})
}
