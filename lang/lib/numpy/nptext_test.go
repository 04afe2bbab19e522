package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestFormatFloatMatchesNumPy covers np.format_float_positional and
// np.format_float_scientific: Dragon4's unique and exact digits of
// float64, float32 and float16 values, rounding at precision (half to
// even on the exact value), min_digits, the four trim modes, sign, the
// paddings, exp_digits, and NumPy's errors. The text is compared exactly.
func TestFormatFloatMatchesNumPy(t *testing.T) {
	const pre = prelude + "fp, fs = np.format_float_positional, np.format_float_scientific\n" +
		"vals = [0.1, 1 / 3, 2 / 3, 1e-5, 123.456, 9.995, 0.5, 1.5, 2.5, 0.125, 0.375, 1e16, 1e22, 1.7976931348623157e308, 5e-324, 2.2250738585072014e-308, 1234567.0, 0.000123456, 99.99, 0.0096]\n" +
		"more = [(k * 0.7373) ** 3 / 10 ** (k % 9) - (k % 4) * 1.1 for k in range(60)]\n"
	langtest.CheckMatchesCPython(t, pre, []string{
		"fp(1.5), fp(0.1), fp(100.0), fp(-0.0), fp(0.0, sign=True), fp(1.5, sign=True), fp(1e20), fp(1), fp(np.int64(3)), fp(True), fp(np.array(1.5)), fp(np.array([2.5]))",
		"fp(np.float32(0.1)), fp(np.float16(0.1)), fp(np.float16(np.pi)), fp(np.float16(0.3), unique=False, precision=10), fp(np.float32(0.1), unique=False, precision=12), fp(np.float16(2049)), fp(np.float32(16777217.0))",
		"fp(1.5, precision=5), fp(1.5, unique=False, precision=5), fp(1.5, unique=False, precision=5, trim='.'), fp(0.1, unique=False, precision=20), fp(0.3, unique=False, precision=17)",
		"fp(100.0, trim='-'), fp(100.0, trim='0'), fp(100.0, trim='.'), fp(1.96, precision=1), fp(1.96, precision=1, unique=False), fp(1.96, precision=1, trim='0'), fp(9.99, precision=1)",
		"fp(1e-10, precision=3), fp(0.0006, precision=3), fp(1e-10, precision=3, trim='.'), fp(1e-10, precision=3, trim='0'), fp(1e-10, precision=3, trim='-'), fp(1e-10, precision=3, unique=False), fp(0.004, precision=2), fp(0.006, precision=2)",
		"fp(0.125, precision=2), fp(0.375, precision=2), fp(0.5, precision=0), fp(1.5, precision=0), fp(2.5, precision=0), fp(1.05, precision=1), fp(1.15, precision=1), fp(1.25, precision=1), fp(2.675, precision=2), fp(0.95, precision=1)",
		"fp(12345.678, precision=2, fractional=False), fp(12345.678, precision=7, fractional=False), fp(12345.678, precision=7, fractional=False, unique=False), fp(123.0, precision=2, fractional=False), fp(0.00123, precision=2, fractional=False, unique=False), fp(123456789.0, precision=3, fractional=False)",
		"fp(1.5, min_digits=5), fp(1.5, precision=5, min_digits=5), fp(1.5, min_digits=5, trim='.'), fp(1.5, min_digits=3, precision=5, trim='k'), fp(0.0, min_digits=3), fp(0.0, min_digits=3, trim='0'), fp(0.1, min_digits=25), fp(np.float16(0.3), min_digits=10), fp(1e22, min_digits=2)",
		"fp(123.0, min_digits=5, fractional=False), fp(0.0, min_digits=2, fractional=False), fp(0.0, unique=False, precision=3), fp(0.0, precision=3), fp(0.0, unique=False, precision=3, fractional=False), fp(100.0, unique=False, precision=5, fractional=False)",
		"fp(1.5, pad_left=5, pad_right=5), fp(-1.5, pad_left=5, pad_right=5), fp(100., pad_right=3, trim='-'), fp(5.0, pad_right=0, trim='-'), fp(-5.0, pad_left=2), fp(-5.0, pad_left=3), fp(1.5, pad_right=0)",
		"fp(np.nan), fp(-np.inf, pad_left=6), fp(np.inf, sign=True, pad_right=3), fp(np.nan, sign=True), fp(np.float32('inf'))",
		"fs(1.5), fs(0.1), fs(123456.0), fs(1.5, precision=3), fs(1.5, precision=3, unique=False), fs(1.5, precision=3, min_digits=3), fs(1.5, exp_digits=4), fs(1e300, exp_digits=1), fs(1.5, exp_digits=7), fs(1.5, exp_digits=0)",
		"fs(1e-300), fs(0.0), fs(-0.0, sign=True), fs(1.5, sign=True, pad_left=4), fs(-1.5, pad_left=4), fs(1.5, pad_left=2), fs(np.nan, pad_left=5), fs(np.inf, sign=True), fs(-np.inf)",
		"fs(np.float32(3.1415927), unique=False, precision=15), fs(np.float16(65504)), fs(np.float16(6e-8), unique=False, precision=10), fs(np.float32(1e-45)), fs(5e-324), fs(np.float16(0.3), min_digits=10)",
		"fs(100.0, trim='-'), fs(100.0, trim='0'), fs(100.0, trim='.'), fs(100.0, unique=False, precision=3, trim='.'), fs(9.99, precision=1), fs(123.456, precision=0), fs(153.456, precision=0), fs(1.5, precision=0, trim='-'), fs(0.0, min_digits=3, trim='-')",
		"fs(0.0, min_digits=3), fs(0.0, unique=False, precision=3), fs(0.1, min_digits=20), fs(1.5, min_digits=3, unique=False, precision=4), fs(1, precision=2)",
		"[fp(v, precision=p, unique=u, trim=t) for v in vals for p in (None, 0, 1, 3, 8) for u in (True, False) if u or p is not None for t in 'k.0-']",
		"[fp(v, precision=p, unique=u, fractional=False, trim=t) for v in vals for p in (1, 2, 5, 17) for u in (True, False) for t in 'k-']",
		"[fs(v, precision=p, unique=u, trim=t) for v in vals for p in (None, 0, 1, 3, 8, 20) for u in (True, False) if u or p is not None for t in 'k.0-']",
		"[(fp(v), fs(v), fp(v, precision=4), fs(v, precision=4), fp(-v, min_digits=6), fs(v, min_digits=9)) for v in more]",
		"[(fp(np.float32(v)), fs(np.float32(v)), fp(np.float32(v), precision=3), fs(np.float32(v), unique=False, precision=10), fp(np.float16(v)), fs(np.float16(v), precision=2)) for v in more[:40]]",
		"fp(1.5, precision=-1)", "fp(1.5, precision=0, fractional=False)", "fp(1.5, unique=False)", "fs(1.5, unique=False)", "fp(1.5, precision=2, min_digits=3)",
		"fp(1.5, trim='x')", "fp(1.5, trim=None)", "fp('a')", "fp(None)", "fp([1.5])", "fp(1 + 0j)", "fs(1.5, exp_digits=-2)", "fp(1.5, pad_left=-1)", "fp(1.5, min_digits=-1)",
		"fp(1.5, precision=2.5)", "fp(1.5, pad_left=2.0)", "fp(1.5, precision='2')",
	})
}

// TestIntegerTextMatchesNumPy covers np.binary_repr (two's complement
// with width=, NumPy's DeprecationWarning for too narrow a width) and
// np.base_repr.
func TestIntegerTextMatchesNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+"import warnings\nwarnings.simplefilter('error')\n", []string{
		"np.binary_repr(3), np.binary_repr(-3), np.binary_repr(-3, width=3), np.binary_repr(3, width=4), np.binary_repr(-3, width=5), np.binary_repr(0), np.binary_repr(0, width=3)",
		"np.binary_repr(-8, width=4), np.binary_repr(-1), np.binary_repr(-1, width=8), np.binary_repr(np.int8(-5), width=8), np.binary_repr(2**70), np.binary_repr(-2**63, width=64), np.binary_repr(np.uint8(200))",
		"[np.binary_repr(n, width=w) for n in range(-8, 8) for w in (None, 4, 8)]",
		"np.binary_repr(-3, width=1)", "np.binary_repr(5, width=1)", "np.binary_repr(2.5)", "np.binary_repr('3')",
		"np.base_repr(5), np.base_repr(6, 5), np.base_repr(7, base=5, padding=3), np.base_repr(10, base=16), np.base_repr(32, base=36), np.base_repr(-10, 16), np.base_repr(0, 7), np.base_repr(0, 7, 2), np.base_repr(-5, 2, 3)",
		"[np.base_repr(n, b) for n in (0, 1, 35, 36, 1000, -1000, 2**64) for b in (2, 3, 8, 16, 36)], np.base_repr(np.int32(255), 16)",
		"np.base_repr(3, 37)", "np.base_repr(3, 1)",
	})
}
