package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestNpidxIndexingMatchesNumPy covers np.take and ndarray.take (axis,
// modes, out=), np.put and ndarray.put, the triangle and diagonal index
// helpers and np.s_ / np.index_exp: values, dtypes and NumPy's errors.
func TestNpidxIndexingMatchesNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+"a = np.arange(6).reshape(2, 3)\n", []string{
		"np.take(a, [0, 5]), np.take(a, [[0, 1], [1, 0]], axis=1), np.take(a, 1, axis=1), np.take(a, [-1]), np.take(a, 4)",
		"np.take([1, 2, 3], 1), np.take([1.5, 2.5], [1.7, 0]), np.take(a, np.array([True, False])), np.take(a, [], axis=0), np.take(a, [1], axis=-1)",
		"np.take(a, 8, mode='wrap'), np.take(a, [-1, 9], mode='clip'), np.take(a, [-8, 13], mode='wrap'), np.take(a, [[5, -9]], axis=1, mode='clip')",
		"np.take(np.float32([[1, 2], [3, 4]]), [1, 0], axis=0), np.take(np.zeros((0,)), [], mode='wrap'), np.take(np.zeros((2, 0)), [1], axis=0)",
		"o = np.zeros(3, dtype=np.int64)\nr = np.take(a, 1, axis=0, out=o)\n(o, r is o)",
		"o = np.zeros((2, 2))\nnp.take(np.float32([[1, 2], [3, 4]]).astype(float), [1, 0], axis=1, out=o)\no",
		"a.take([0, 4]), a.take(2, axis=1), a.take([[1]], axis=0, mode='clip'), np.arange(4.0).take([-1])",
		"a[np.array(True)], a[np.array(False)], a[np.array(True), 0], a[np.array(False), 1:], np.arange(3)[np.array(True)], np.arange(3)[np.array(False)].shape",
		"class M(np.ndarray): pass\nm = np.arange(4).view(M)\nnp.put(m, 0, 9)\nm.put(1, 8)\ntype(m.take([0, 1])).__name__, type(np.take(m, [1])).__name__, m",
		"x = np.arange(5)\nb = x[::-1]\nnp.put(b, [0, 4], [9, 8])\nx, b.take([0, 1]), np.take(b, 2)",
		"t = np.arange(12).reshape(3, 4).T\nt.put([0, 1], [-1, -2])\nt, t.take([1, 2]), np.take(t, [0], axis=1)",
		"np.take(a, [7])", "np.take(a, [3], axis=1)", "np.take(a, [-7])", "np.take(a, 1, axis=2)",
		"np.take(a, 8, mode=np.WRAP), np.take(a, 8, mode=np.CLIP), np.take(a, 8, mode='W'), np.take(a, 8, mode=b'clip'), np.take(a, 8, mode='cl'), np.take(a, 2, mode=None), np.take(a, 8, mode=np.int64(1)), (np.CLIP, np.WRAP, np.RAISE)",
		"np.take(a, 8, mode=np.RAISE)", "np.take(a, 8, mode=7)", "np.take(a, 8, mode=True)", "np.take(a, 8, mode=1.5)", "np.take(a, [1 + 1j])", "np.take(a, 1, out=[0])",
		"np.take(np.arange(3.0), [1, 2], out=np.zeros(2, np.int32))",
		"np.take(a, 1, mode='foo')", "np.take(np.zeros((0,)), [0])", "np.take(np.zeros((0,)), [1], mode='wrap')",
		"np.take(a, 1, axis=0, out=np.zeros(3))", "np.take(a, 1, axis=0, out=np.zeros(2, dtype=np.int64))",
		"b = np.arange(5)\nnp.put(b, [0, 2], [-44, -55])\nb",
		"b = np.arange(5)\nr = np.put(b, 22, -5, mode='clip')\nnp.put(b, -9, 7, mode='wrap')\n(b, r)",
		"b = np.arange(5)\nnp.put(b, [0, 1, 2], [])\nnp.put(b, [], [1])\nb",
		"b = np.arange(5)\nnp.put(b, [0, 0, 1], [7, 8, 9])\nb",
		"b = np.arange(5)\nnp.put(b, [0, 1, 2, 3], [1.7, 2])\nb",
		"b = np.zeros((2, 3))\nnp.put(b, [[1], [5]], 2.5)\nb.put(-1, 9)\nb.put([7, 0], [3, 4], mode='clip')\nb",
		"b = np.arange(10)\nv = b[::2]\nnp.put(v, [0, 1, 0], [-1, -2, -3])\nv.put([-1], 5.5)\nb",
		"r = np.arange(3)\nr.setflags(write=False)\nr.put(0, 1)",
		"b = np.arange(3)\nnp.put(b, [1.5], 7)\nc = np.zeros(2, bool)\nc.put(0, 1j)\nd = np.zeros(2, complex)\nd.put(1, 2 - 1j)\nb, c, d",
		"b = np.arange(3.0)\nb.put([0, 2], 1 + 2j)", "b = np.arange(3)\nb.put([0, 2], 1j)",
		"np.put([1, 2], 0, 5)", "b = np.arange(5)\nnp.put(b, 22, -5)", "b = np.arange(5)\nnp.put(b, -6, 1)",
		"b = np.arange(5)\nnp.put(b, 1, 1, mode='bad')", "np.put(np.zeros(0), [0], 1)", "b = np.zeros(0)\nnp.put(b, [], 1)\nb",
		"np.tril_indices(3), np.tril_indices(3, 1), np.triu_indices(3, -1, 4), np.tril_indices(0), np.triu_indices(4, k=2)",
		"np.tril_indices(2, m=4), np.triu_indices(3, m=2), np.tril_indices(3, -5)",
		"x = np.arange(16).reshape(4, 4)\nx[np.triu_indices(4, 1)], x[np.tril_indices_from(x)], np.triu_indices_from(x, k=-1), np.tril_indices_from(np.zeros((2, 3)), 1)",
		"np.diag_indices(3), np.diag_indices(2, 3), np.diag_indices(0)",
		"x = np.zeros((3, 3), dtype=int)\nx[np.diag_indices_from(x)] = 7\nx, np.diag_indices_from(np.zeros((2, 2, 2)))",
		"np.tril_indices_from(np.zeros(3))", "np.triu_indices_from(np.zeros((2, 2, 2)))",
		"np.diag_indices_from(np.zeros((2, 3)))", "np.diag_indices_from(np.zeros(2))",
		"np.s_[1:2, ::3, ...], np.index_exp[2], np.s_[2], np.index_exp[1:], np.s_[:, None, 1], np.index_exp[1, 2]",
		"np.s_[()], np.index_exp[()], np.s_[(1, 2)], np.s_['a'], np.index_exp[[1, 2]]",
		"np.s_[1:2,], np.index_exp[:,], np.s_[1,], a[1:,], a[:, 1:,][0], np.arange(4)[::2,]",
		"a[np.s_[:, 1:]], a[np.index_exp[1]], type(np.s_).__name__",
	})
}

// TestNpidxMathMatchesNumPy covers the ufuncs np.gcd, np.lcm,
// np.nextafter and np.spacing (dtypes by NumPy 1.24's value-based
// casting, the float16 loops, overflow warnings, the loop errors), and
// np.real_if_close, np.unwrap, np.product and np.cumproduct.
func TestNpidxMathMatchesNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+"import warnings\nwarnings.simplefilter('error')\n", []string{
		"np.gcd(12, 20), np.gcd([-12, 0, 7], 8), np.lcm(np.int8([4]), 6), np.lcm(-4, 6), np.lcm(0, 0), np.gcd(0, 0)",
		"np.gcd(np.uint8([200]), np.int8(3)), np.lcm(np.int8([100]), np.int8([3])), np.gcd(np.int16(12), np.int8(8)), np.gcd(np.uint64([12]), 8)",
		"np.gcd([[4], [6]], [8, 9, 12]), np.lcm(np.arange(1, 6), 4), np.gcd(np.array([True]), 2), np.gcd(np.int32([-15]), np.int32([-10]))",
		"np.gcd(np.array([2**40 * 3]), 2**41), np.lcm(np.uint32([2**31]), np.uint32([3])), np.lcm(np.int64(-7), np.int64(3))",
		"o = np.zeros(2, dtype=np.int64)\nr = np.gcd([12, 18], 6, out=o)\n(o, r is o)",
		"np.gcd([1, 2], [1, 2, 3])", "np.nextafter([1.0, 2], [1.0, 2, 3])", "np.spacing([1, 2]), np.nextafter([1, 2], 3), np.lcm(np.int8([-100, 50]), np.int8([3, -7])), np.gcd(np.int8(-128), np.int8(2))",
		"np.gcd(True, True)", "np.gcd(1.0, 2)", "np.gcd(np.array([1.5]), 2)", "np.gcd(np.array([1]), 2.5)",
		"np.gcd(np.uint64([12]), np.int64([8]))", "np.lcm(np.float32([1.5]), 2)", "np.gcd(np.array([1.5]), np.array([2]))", "np.lcm(1j, 2)",
		"np.nextafter(1, 2), np.nextafter(np.float16(1), 2), np.nextafter(np.float32([1, 2]), 0), np.nextafter(np.int8([1]), 2), np.nextafter(np.float16([1, -1]), np.float16(0))",
		"np.nextafter(0.0, -1), np.nextafter(np.float16(0), np.float16(-1)), np.nextafter(np.float16(-0.0), np.float16(0)), np.nextafter(0.0, -0.0), np.nextafter(np.nan, 1), np.nextafter(np.inf, 0)",
		"np.nextafter(np.float32(0), np.float32(1)), np.nextafter([1.0, 2.0], [[3.0], [0.0]]), np.nextafter(np.float16(65504), np.float16(0)), np.nextafter(-np.inf, 0)",
		"np.spacing(np.float16(1)), np.spacing([1, -1, 0, np.inf, np.nan, -0.0]), np.spacing(np.float32(1e30)), np.spacing(np.int16(3)), np.spacing(True), np.spacing(np.int8([1]))",
		"np.spacing(-0.0), np.spacing(np.float32(-0.0)), np.spacing(-5e-324), np.spacing(np.float32(-1)), np.spacing(-2.0), np.spacing(2.0), np.spacing(np.float16(-2)), np.spacing(np.float16(-1.999))",
		"np.spacing(np.float16([-1, -0.0, 6e-8, -6e-8, 1e-5, -np.inf])), np.spacing(np.float32([-1.4e-45, 3.4e38]))",
		"h = np.concatenate([np.arange(-3000, 3000) * 0.0371, np.arange(-40, 40) * 6e-8, [65504, -65504, 0.0, -0.0, 1e-5, 2**-14]]).astype(np.float16)\n" +
			"s, u, d = np.spacing(h), np.nextafter(h, np.float16(1)), np.nextafter(h, np.float16(-np.inf))\n" +
			"[(float(v.astype(np.float64).sum()), float((v.astype(np.float64) * np.arange(v.size)).sum()), v.dtype) for v in (s, u, d)]",
		"f = np.concatenate([np.arange(-3000, 3000) * 0.0371, np.arange(-40, 40) * 1e-45, [0.0, -0.0, 1e-38, 3e38]]).astype(np.float32)\n" +
			"s, u, d = np.spacing(f), np.nextafter(f, np.float32(1)), np.nextafter(f, np.float32(-np.inf))\n" +
			"[(float(v.astype(np.float64).sum()), float((v.astype(np.float64) * np.arange(v.size)).sum()), v.dtype) for v in (s, u, d)]",
		"with np.errstate(over='ignore'):\n    r = np.nextafter(np.float16([65504]), np.inf), np.spacing(np.float16(65504)), np.spacing(np.finfo(np.float64).max)\nr",
		"np.nextafter(np.float16([65504]), np.inf)", "np.spacing(np.finfo(np.float32).max)", "np.spacing(np.float16([np.nan]))", "np.spacing(np.float16(-np.inf))",
		"np.spacing(np.array(1.0)), np.nextafter(np.array(1.0), 2), np.nextafter(np.float16(np.inf), 0), np.spacing(np.float16(-65504)), np.spacing(-np.inf), np.spacing(np.float32(np.nan))",
		"o = np.zeros(2)\nr = np.nextafter([1.0, 2.0], 0, out=o)\nr is o, np.spacing(np.ones(2), out=o), o",
		"np.nextafter(1j, 2)", "np.spacing(1j)",
		"np.real_if_close([2.1 + 4e-14j, 5.2 + 3e-15j]), np.real_if_close([2.1 + 4e-13j]), np.real_if_close(1 + 0j), np.real_if_close([1.0]), np.real_if_close(np.complex64([1 + 1e-7j]))",
		"np.real_if_close([1 + 1e-3j], tol=1e-2), np.real_if_close([1 + 1e-3j], tol=1e-4), np.real_if_close(np.array([1, 2])), np.real_if_close(2.5), np.real_if_close(np.complex64([1 + 1e-5j]), tol=1000)",
		"np.unwrap([0, 1, 2, 3, 9, 10]), np.unwrap(np.array([0.0, 3.5, 7.0, 0.5])), np.unwrap([1, 2, 3, 4, 5, 6, 1, 2, 3], period=6), np.unwrap([2, 3, 4, 5, 2, 3, 4, 5], period=4)",
		"phase = np.linspace(0, np.pi, num=5)\nphase[3:] += np.pi\nnp.unwrap(phase), np.unwrap(phase, discont=4.0), np.unwrap(np.float32(phase))",
		"np.unwrap(np.array([[0, 4, 8], [1, 5, 9.5]]), axis=0), np.unwrap(np.array([[0, 4, 8], [1, 5, 9.5]])), np.unwrap([0, 720, 1080, 10], period=360), np.unwrap([0.0, 180, 360], period=360)",
		"np.unwrap([0, 3, 6, 9], period=6), np.unwrap([0, 5], period=5), np.unwrap([5]), np.unwrap([])",
		"np.unwrap(np.linspace(0, 20, 15) % (2 * np.pi))",
		"np.unwrap(np.zeros((2, 2)), axis=2)",
		"np.product([1, 2, 3]), np.cumproduct([1, 2, 3]), np.product(np.arange(1, 7).reshape(2, 3), axis=1), np.cumproduct(np.float32([[1, 2], [3, 4]]), axis=0), np.product([], dtype=np.int8)",
	})
}

// TestNpidxWindowsMatchNumPy covers the windows np.hanning, np.hamming,
// np.blackman, np.bartlett and np.kaiser: lengths 0, 1, even and odd,
// float lengths. The cosines are libm's in both, so
// the printed digits agree; kaiser is rounded to 12 decimals, as np.i0
// sums its series in another order.
func TestNpidxWindowsMatchNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude, []string{
		"np.hanning(0), np.hanning(1), np.hanning(5), np.hanning(6), np.hanning(-2), np.hanning(3.5)",
		"np.hamming(0), np.hamming(1), np.hamming(5), np.hamming(8)",
		"np.blackman(0), np.blackman(1), np.blackman(5), np.blackman(8)",
		"np.bartlett(0), np.bartlett(1), np.bartlett(5), np.bartlett(8), np.bartlett(True)",
		"np.round(np.kaiser(12, 14), 12), np.kaiser(1, 5), np.kaiser(0, 5), np.round(np.kaiser(5, 0), 12), np.round(np.kaiser(4, 2.5), 12)",
		"np.hanning(51), np.hamming(64), np.blackman(33), np.bartlett(17)",
		"round(np.hanning(12).sum(), 12), np.hamming(51).dtype, np.blackman(3)[1], np.bartlett(4).shape",
	})
}

// TestNpidxHistogramsAndShapesMatchNumPy covers np.histogram2d and
// np.histogramdd (int, pair and array bins, range=, density=,
// weights=, NumPy's errors), np.dsplit, np.rollaxis and
// np.apply_over_axes.
func TestNpidxHistogramsAndShapesMatchNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+"x = np.array([0.1, 0.4, 0.5, 0.9, 1.0, 0.3])\ny = np.array([1.0, 2.0, 2.5, 3.0, 4.0, 1.5])\n", []string{
		"np.histogram2d(x, y, bins=2)",
		"np.histogram2d(x, y, bins=(3, 2))",
		"np.histogram2d(x, y, bins=[[0, 0.5, 1], [1, 2, 3, 4]])",
		"np.histogram2d(x, y, bins=[0, 0.5, 1, 4])",
		"np.histogram2d(x, y, bins=2, range=[[0, 1], [0, 5]], density=True)",
		"np.histogram2d(x, y, bins=[2, np.array([1, 2.5, 4])], weights=[1, 2, 3, 4, 5, 6])",
		"np.histogram2d([1, 2], [1, 2], bins=3), np.histogram2d([], [], bins=2), np.histogram2d([3, 3], [1, 1], bins=1)",
		"np.histogram2d(x, y, density=True)[0].sum(), np.histogram2d(x, y)[0].shape",
		"np.histogramdd(np.array([[0, 0, 0], [1, 1, 1], [0.5, 0.2, 0.9], [0.1, 0.9, 0.4]]), bins=2)",
		"np.histogramdd([x, y], bins=(2, 3), range=[(0, 1), (1, 4)], weights=np.ones(6) / 2)",
		"np.histogramdd(np.array([[1.0], [2], [2], [3]]), bins=[[0, 1.5, 2.5, 4]], density=True)",
		"np.histogram2d([1, 2, 3], [1, 2, 3], bins=2, weights=[1, 2, 3], density=True), np.histogram2d([1, 2, 3], [3, 2, 1], bins=[2, 3], range=[(0, 4), None])",
		"np.histogramdd([[1, 2], [3, 4]], bins=2), np.histogramdd(np.array([1.0, 2, 3]), bins=3)",
		"np.histogram2d([1, 2, 3], [1, 2, 3], weights=[1, 2])",
		"np.histogram2d([1, 2], [1])", "np.histogram2d(x, y, bins=[1, 2, 3])", "np.histogram2d(x, y, bins=0)",
		"np.histogram2d(x, y, bins=[[1, 0], [1, 2]])", "np.histogram2d(x, y, range=[[1, 0], [0, 1]])",
		"np.histogram2d([np.nan, 1], [1, 2])", "np.histogramdd(np.zeros((3, 2)), bins=[1, 2, 3])",
		"np.histogramdd(np.zeros((3, 2)), range=[(0, 1)])", "np.histogram2d(x, y, bins=2.5)",
		"np.dsplit(np.arange(16.0).reshape(2, 2, 4), 2)", "np.dsplit(np.arange(16.0).reshape(2, 2, 4), [1, 3])",
		"np.dsplit(np.arange(4).reshape(2, 2), 2)", "np.dsplit(np.arange(8).reshape(1, 2, 4), 3)",
		"b = np.ones((3, 4, 5, 6))\nnp.rollaxis(b, 3, 1).shape, np.rollaxis(b, 2).shape, np.rollaxis(b, 1, 4).shape, np.rollaxis(b, -1, -2).shape, np.rollaxis(b, 0, 0).shape",
		"c = np.arange(6).reshape(2, 3)\nr = np.rollaxis(c, 1)\nr, np.shares_memory(r, c)",
		"np.rollaxis(np.ones((2, 3)), 2)", "np.rollaxis(np.ones((2, 3)), 0, 3).shape", "np.rollaxis(np.ones((2, 3)), 0, 4)", "np.rollaxis(np.ones((2, 3)), 0, -3)",
		"a = np.arange(24).reshape(2, 3, 4)\nnp.apply_over_axes(np.sum, a, [0, 2]), np.apply_over_axes(np.sum, a, 1), np.apply_over_axes(np.mean, a, (-1,))",
		"a = np.arange(24).reshape(2, 3, 4)\nnp.apply_over_axes(np.sum, a, [])",
		"np.apply_over_axes(lambda a, ax: a.sum(), np.ones((2, 2)), 0)",
		"np.apply_over_axes(np.sum, [[1, 2]], 0)",
	})
}

// TestTakeGoPathMatchesNumPy covers the calls take.go answers in Go
// (integer-array and int indices, every axis, the three modes by name and
// constant, out= contiguous, strided and overlapping a) and those next to
// them that it leaves to npidx.py, over the dtypes: values, dtypes, the
// scalar of a 0-d result, and NumPy's errors.
func TestTakeGoPathMatchesNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+"a = np.arange(24).reshape(2, 3, 4)\ni = np.array([[3, -1], [0, 5]])\n", []string{
		"np.take(a, i, mode='wrap'), np.take(a, i, axis=2, mode='clip'), np.take(a, i, axis=-2, mode='w'), np.take(a, i[0], axis=2)",
		"np.take(a, 7), type(np.take(a, 7)).__name__, np.take(a, -30, mode='wrap'), np.take(a, 99, mode=np.CLIP), np.take(a, 2, axis=1), a.take(-1, axis=0)",
		"[np.take(a, i.astype(d), axis=2, mode='wrap').tolist() for d in ('i1', 'i2', 'i4', 'u1', 'u2', 'u4')]",
		"[(r.dtype, r) for r in [np.take(a.astype(d), np.array([5, 0, -2]), mode='clip') for d in ('f8', 'f4', 'f2', 'c16', 'c8', '?', 'i1', 'u2', 'u8')]]",
		"np.take(a, np.array([], dtype=np.int64), axis=1).shape, np.take(np.zeros((2, 0)), np.array([], dtype=np.int64), axis=1).shape",
		"b = np.arange(10.0)\no = np.zeros(4)\nr = np.take(b, np.array([1, 12, -3, 25]), out=o, mode='wrap')\n(r is o, o)",
		"b = np.arange(10)\nr = np.take(b, np.array([9, 0, 1]), out=b[:3])\nb, r",
		"b = np.arange(12).reshape(3, 4)\no = np.zeros((6, 4), dtype=np.int64)[::2]\nb.take(np.array([2, 0, 1]), axis=0, out=o, mode='raise')\no",
		"b = np.arange(6)[::-1]\nb.take(np.array([0, 1])), np.take(b, np.array([-1])[::-1]), np.take(a, np.array([1, 0])[::-1], axis=0).shape",
		"np.take(a, np.array([24]))", "np.take(a, np.array([[0], [-25]]))", "np.take(a, 3, axis=1)", "np.take(a, np.array([1]), axis=3)",
		"np.take(a, np.array([1]), mode='x')", "np.take(np.zeros(0), np.array([0]), mode='clip')",
		"np.take(a, np.array([1]), out=np.zeros(1, np.int32))", "np.take(a, np.array([1, 2]), out=np.zeros(1, np.int64))",
		"o = np.zeros(2, np.int64)\no.setflags(write=False)\nnp.take(a, np.array([1, 2]), out=o)",
		"o = np.zeros(3, np.int64)\no.setflags(write=False)\nnp.take(a, np.array([1, 2]), out=o)",
		"np.take(a, np.array([1.0]))", "np.take(a, np.array(2.0))", "np.take(a, np.array([1], dtype=np.uint64))",
		"np.take(a, np.float64(1)), np.take(a, [[1], [2]], mode='wrap'), np.take(a, np.array([True, False, True]))",
		"np.take(a, [5, -1, 30], mode='clip'), np.take(a, (1, 0), axis=1), a.take([2, -3], axis=2, mode='wrap'), np.take(a, [1, True]), np.take(a, [1, 2.0]), np.take(a, [])",
		"np.take(a, [1, 24])", "np.take(a, (1, 'x'))",
	})
}

// TestPutGoPathMatchesNumPy covers the calls put.go answers in Go (values
// an array of a's dtype or a Python number, repeated, the last value for
// a position winning, the three modes, values sharing a's memory) and
// those next to them that it leaves to npidx.py.
func TestPutGoPathMatchesNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude, []string{
		"b = np.arange(10.0)\nr = np.put(b, np.array([1, 12, -3, 1]), np.array([5.0, 6.0, 7.0]), mode='wrap')\nr, b",
		"b = np.arange(12).reshape(3, 4)\nb.put(np.array([[0, 30], [-40, 5]]), np.array([-1, -2]), mode='clip')\nb.put(7, 70)\nb.put([1, -1], 2)\nb",
		"b = np.arange(6.0)\nnp.put(b, [0, 1, 2], b[::-1])\nnp.put(b, np.array([5], dtype=np.int8), 9)\nnp.put(b, (4,), 2.5)\nb",
		"[(d, b) for d in ('f4', 'f2', 'c16', '?', 'i1', 'u2', 'u8') for b in [np.zeros(4, d)] if np.put(b, np.array([3, 0, 3]), np.array([1, 2, 3]).astype(d)) is None]",
		"b = np.arange(5)\nnp.put(b, np.array([0, 9]), np.array([7, 7]))", "b = np.arange(5)\nnp.put(b, np.array([1, 9]), 7)\nb",
		"b = np.arange(5)\nnp.put(b, np.array([1, 2]), np.array([], dtype=np.int64))\nnp.put(b, np.array([], dtype=np.int64), 7)\nb",
		"b = np.arange(5)\nnp.put(b, np.array([1, 2]), 2.5)\nnp.put(b, [3], np.array([1.5]))\nc = np.arange(5.0)\nnp.put(c, -1, np.float32(0.1))\nb, c",
		"b = np.arange(10)\nv = b[::2]\nnp.put(v, np.array([0, 1]), np.array([-1, -2]))\nw = b[::-1]\nw.put(np.array([0]), np.array([-9]))\nb",
		"b = np.arange(3)\nb.setflags(write=False)\nnp.put(b, np.array([0]), 1)",
		"np.put(np.zeros(0), np.array([0]), 1.0, mode='raise')",
	})
}
