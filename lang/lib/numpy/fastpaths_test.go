package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// rowsSetup makes arrays whose sums depend on the order of the additions:
// normal values scaled by powers of two over twenty decades (exact scales:
// kael's 10.0 ** -k can differ from glibc's pow in the last bit), so that
// a pairwise tree and a running sum round differently.
const rowsSetup = "rng = np.random.default_rng(7)\n" +
	"def mk(*shape, dt=np.float64):\n" +
	"    return (rng.standard_normal(shape) * 2.0 ** rng.integers(-33, 33, shape)).astype(dt)\n" +
	"def bits(s):\n" +
	"    return s.dtype, s.shape, [float(v).hex() for v in s.ravel().tolist()]\n"

// TestSumLeadingAxesMatchesNumPyBits compares sums over leading axes with
// NumPy's bit for bit (float.hex of every element): NumPy adds the rows of
// a C-contiguous array one after the other, kael's SumLeadingRows too;
// the rows that keep one element, and the reductions over other axes, go
// through the pairwise path, which NumPy follows there as well. (Strided
// views reduced over leading axes, which NumPy also adds row by row, still
// go through the pairwise path: their last bits can differ.)
func TestSumLeadingAxesMatchesNumPyBits(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+rowsSetup, []string{
		"bits(mk(1000, 37).sum(axis=0))",
		"bits(np.sum(mk(300, 5), axis=0))",
		"bits(mk(3, 5, 40).sum(axis=(0, 1)))",
		"bits(mk(3, 5, 40).sum(axis=(1, 0)))",
		"bits(mk(20, 5, 4).sum(axis=0, keepdims=True))",
		"bits(mk(64, 9000).sum(axis=0))[2][-3:]",
		"bits(mk(513, 16, dt=np.float32).sum(axis=0))",
		"bits(mk(50, 6).sum(axis=0, dtype=np.float32))",
		"bits(mk(1, 5).sum(axis=0)), bits(mk(2, 3).sum(axis=-2))",
		"bits(mk(1000, 1).sum(axis=0)), bits(mk(700, 2).sum(axis=0))",
		"bits(mk(0, 4).sum(axis=0)), bits(mk(4, 0).sum(axis=0))",
		"bits(mk(40, 30)[5:].sum(axis=0))",
		"a = mk(100, 8)\nbits(a.sum(axis=1)), bits(a.sum())",
		"bits(np.arange(12).reshape(4, 3).sum(axis=0)), bits(np.ones((5, 3), dtype=np.float16).sum(axis=0))",
		// -0.0 rows sum to +0.0 (the first row is added to +0.0, not copied).
		"z = np.zeros((9, 37)) * -1\nbits(z.sum(axis=0)), bits(z[:1].sum(axis=0)), bits(z.astype(np.float32).sum(axis=0)), bits(z.astype(np.float16).sum(axis=0))",
		// The float64 mean divides its own sum in place: the input stays.
		"a = mk(1, 5)\nm = a.mean(axis=0)\nbits(a), bits(m), bits(mk(4, 1).mean(axis=0)), bits(mk(6, 3, 1).mean(axis=(0, 2), keepdims=True))",
		"a = mk(8, 100)\nbits(a.mean(axis=0)), bits(a), bits(a.var(axis=0)), bits(np.mean(a, axis=1, keepdims=True))",
	})
}

// TestFloat64ScalarOpsMatchNumPy covers the short way of a float64 array
// and a Python number under + - * / (both orders): dtypes, values bit for
// bit (float.hex), ints that float64 rounds, division by zero, signed
// zeros, and what stays on the general path (0-d arrays, float32 arrays,
// whose dtype depends on the number's value, complex numbers, bools).
func TestFloat64ScalarOpsMatchNumPy(t *testing.T) {
	setup := "a = np.array([1.5, -0.0, 3e-310, -2.25, np.inf, np.nan, 7.0])\n" +
		"def hx(r):\n    return r.dtype, [float(v).hex() for v in np.ravel(r).tolist()]\n"
	langtest.CheckMatchesCPython(t, prelude+setup, []string{
		"hx(a * 2 + 1), hx(2 * a - 1), hx(1 - a), hx(a / 3), hx(3 / a)",
		"hx(a + 0.1), hx(0.1 * a), hx(a - 1e308), hx(a * 1e308)",
		"hx(a + (2**53 + 1)), hx(a * (2**63 - 1)), hx(a - (-2**63))",
		"hx(a / 0), hx(a / 0.0), hx(a / -0.0), hx(0 / a), hx(a * -0.0)",
		"hx(a + True), hx(a * 1j), hx(np.float64(2.5) * 2), hx(np.array(2.5) * 2)",
		"b = np.ones((2, 3))\nhx(b[:, 1] * 3 + 0.5), (b.T * 2).shape, (b[::-1] - 1).shape",
		"f = np.array([1.5, 2.5], dtype=np.float32)\nhx(f * 2), hx(f + 1e300), hx(f + 2**62)",
		"a @ 2",
	})
}

// TestFancyIndex1DMatchesNumPy covers the gather of a 1-d array by an
// integer array: contiguous sources and views (offset, strided, reversed),
// negative indices, empty and 2-d index arrays, and NumPy's IndexError for
// the first index out of bounds.
func TestFancyIndex1DMatchesNumPy(t *testing.T) {
	setup := "a = np.arange(20.0) * 1.5\nidx = np.array([3, -1, 0, 19, -20, 7])\n"
	langtest.CheckMatchesCPython(t, prelude+setup, []string{
		"a[idx], a[idx].dtype, a[idx].shape",
		"a[5:][idx[:3]], a[::3][np.array([0, -1, 2])], a[::-1][idx]",
		"a[np.array([], dtype=np.int64)], a[np.array([[1, 2], [-3, 4]])]",
		"np.arange(10)[np.array([9, 0, -10])], np.array([True, False])[np.array([1, 1, 0])]",
		"a[np.array([1, 20])]", "a[np.array([-21, 0])]", "a[5:][np.array([0, 15])]",
		"a[np.array([0, 99, 100])]",
	})
}
