package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// fpPrelude defines caught(f): f's result, its type and the warnings it
// issued, each as "Category: message".
const fpPrelude = prelude + `import warnings
def caught(f):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        try:
            r = f()
            out = (repr(r), type(r).__name__)
        except Exception as e:
            out = (type(e).__name__, str(e))
    return out, [f'{x.category.__name__}: {x.message}' for x in w]
`

// TestScalarHashMatchesNumPy covers hash() of NumPy's scalars: the hash
// of the Python number each equals, so that dict keys and sets mix them.
func TestScalarHashMatchesNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude, []string{
		"[hash(v) == hash(v.item()) for v in (np.int16(5), np.int64(-1), np.int8(-1), np.uint64(2**64 - 1), np.bool_(True), np.bool_(False))]",
		"[hash(v) for v in (np.int16(5), np.int64(-1), np.uint64(2**64 - 1), np.uint32(7), np.bool_(True))]",
		"[hash(v) for v in (np.float32(1.5), np.float64(0.1), np.float32(0.1), np.float16(0.5), np.float64(1e300), np.float64(2.0**70), np.float64('inf'))]",
		"hash(np.complex64(1+2j)), hash(np.complex128(3)), hash(np.complex128(0.5-1j)) == hash(0.5-1j)",
		"d = {np.int16(5): 'a', 5: 'b', 2.0: 'c'}\nd, d[np.int64(2)], d[np.float32(5)], len(d)",
		"{1: 'x'}[np.int64(1)], {np.uint64(2**64 - 1): 1}[2**64 - 1], {np.float64(0.5), 0.5, np.float32(0.5)}",
		"len({np.int8(3), 3, 3.0, np.uint16(3), np.float16(3)}), np.int32(7) in {7}",
		"hash((np.int16(1), np.float64(2.5))) == hash((1, 2.5))",
	})
}

// TestScalarErrorsMatchNumPy covers NumPy 1.24's scalar arithmetic
// errors: the RuntimeWarning of an overflow, a division by zero or an
// invalid value, and np.seterr/np.errstate turning them off or into
// FloatingPointError.
func TestScalarErrorsMatchNumPy(t *testing.T) {
	cases := []string{
		"np.int16(32767) + np.int16(1)", "np.int16(-32768) - np.int16(1)", "np.int64(2**62) * np.int64(4)",
		"np.int8(-128) // np.int8(-1)", "np.int64(1) // np.int64(0)", "np.int64(1) % np.int64(0)",
		"np.int64(1) / np.int64(0)", "np.int64(0) / np.int64(0)", "-np.int8(-128)", "abs(np.int8(-128))",
		"-np.uint8(1)", "-np.uint8(0)", "abs(np.uint8(200))", "-np.int64(-2**63)", "np.int8(2) ** np.int8(10)",
		"np.uint8(0) - np.uint8(1)", "np.uint64(0) - np.uint64(1)", "np.uint64(2**64 - 1) + np.uint64(1)",
		"np.int32(2**31 - 1) + 1", "np.int8(100) + 100", "np.int16(32767) + np.array(1, dtype=np.int16)",
		"np.float32(3e38) * np.float32(10)", "np.float64(1e308) * 10", "10 * np.float64(1e308)",
		"np.float64(1e308) + np.float64(1e308)", "np.float64(10.0) ** 400", "np.float64(-1) ** 0.5",
		"np.float64(1) / np.float64(0)", "np.float64(0) / np.float64(0)", "np.float64(-1) / np.float64(0)",
		"np.float64('inf') - np.float64('inf')", "np.float64(1) // np.float64(0)", "np.float64(1) % np.float64(0)",
		"np.float64('inf') // 1", "np.float64(0) * np.float64('inf')", "np.float32(1e-45) / np.float32(10)",
		"np.float16(60000) * np.float16(2)", "np.float64(1.5) + 1", "np.int64(5) - np.int64(3)",
		"np.float64('nan') + 1", "np.complex128(1) / np.complex128(0)", "np.float64(1e308) * np.float32(10)",
		"np.int8(-128) % np.int8(-1)", "np.int16(300) * np.int16(300) > 0",
		"divmod(np.int64(7), np.int64(2))", "divmod(np.float64(7.5), 2)", "divmod(7, np.int8(-2))", "np.int8(-7) // np.int8(2)", "np.int8(-7) // np.int8(-2)", "np.int8(7) // np.int8(-2)", "np.int8(-128) // np.int8(3)", "divmod(np.array([7, 8]), 3)",
	}
	srcs := make([]string, 0, len(cases)+8)
	for _, c := range cases {
		srcs = append(srcs, "caught(lambda: "+c+")")
	}
	srcs = append(srcs,
		"np.geterr()",
		// each case that sets the modes puts them back: they are the process's, in NumPy as in kael
		"old = np.seterr(all='ignore')\nres = old, np.geterr(), caught(lambda: np.int16(32767) + np.int16(1)), caught(lambda: np.float64(1) / 0)\nnp.seterr(**old)\nres",
		"old = np.seterr(over='raise', divide='ignore')\nres = caught(lambda: np.int16(32767) + np.int16(1)), caught(lambda: np.float64(1) / 0), caught(lambda: np.float64(0) / 0), np.geterr()\nnp.seterr(**old)\nres",
		"old = np.seterr(divide='raise')\nres = caught(lambda: np.complex128(1) / np.complex128(0))\nnp.seterr(**old)\nres",
		"old = np.seterr(invalid='raise')\nres = caught(lambda: np.complex128(1) / np.complex128(0))\nnp.seterr(**old)\nres, np.geterr()",
		"with np.errstate(over='ignore'):\n    a = caught(lambda: np.int16(32767) + np.int16(1))\na, caught(lambda: np.int16(32767) + np.int16(1)), np.geterr()",
		"with np.errstate(all='raise'):\n    a = caught(lambda: np.float64(0) / np.float64(0))\na, np.geterr()",
		"with np.errstate(divide='ignore', invalid='ignore'):\n    a = caught(lambda: np.float64(0) / np.float64(0)), caught(lambda: np.float64(1) / np.float64(0))\na",
		"caught(lambda: np.seterr(over='sometimes')), np.geterr()",
		"x = np.int16(32000)\nwith warnings.catch_warnings(record=True) as w:\n    warnings.simplefilter('error')\n    try:\n        x += np.int16(1000)\n    except RuntimeWarning as e:\n        got = repr(e)\nx, got",
	)
	langtest.CheckMatchesCPython(t, fpPrelude, srcs)
}

// TestArrayErrorsMatchNumPy covers NumPy 1.24's floating-point errors of
// arrays and of the floating ufuncs: which of divide-by-zero, overflow
// and invalid each raises, the ufunc its message names (divide, square
// for ** 2, reciprocal for ** -1, ...), and np.seterr/np.errstate's modes.
func TestArrayErrorsMatchNumPy(t *testing.T) {
	cases := []string{
		"np.log(0)", "np.log(np.array([0., 1.]))", "np.array([1., 0.]) / 0", "np.array([0., 1.]) / 0", "np.sqrt(-1)",
		"np.sqrt(np.array([-1.]))", "np.exp(1000)", "np.exp(np.array([1000.]))", "np.array([1e38], dtype=np.float32) * 10",
		"np.array([np.inf]) - np.inf", "np.log(-1)", "np.array([1, 2]) // 0", "np.array([1, 2]) % 0", "np.array([1, 2]) / 0",
		"np.array([0, 2]) / 0", "np.floor_divide([1], [0])", "np.array([1.]) // 0", "np.array([1.]) % 0", "np.array([1e-300]) * 1e-300",
		"np.divide(1., 0)", "np.divide([1., 0.], 0)", "np.true_divide(np.float64(1), 0)", "np.array([np.nan]) + 1", "np.array([np.nan]) / 0",
		"np.array([np.inf]) * 0", "np.power(np.array([10.]), 400)", "np.arcsin(np.array([2.]))", "np.log10(0.)", "np.log2(np.array([0]))",
		"np.log1p(-1)", "np.log1p(-2)", "np.arctanh(1.)", "np.arccosh(0.)", "np.cosh(1000.)", "np.sinh(1000.)", "np.expm1(1000)",
		"np.exp(np.float32(100))", "np.array([1, 2], dtype=np.int8) * 100", "np.array([2**62]) * 4", "np.array([-128], dtype=np.int8) // -1",
		"np.array([-128], dtype=np.int8) % -1", "np.array([5], dtype=np.uint8) // np.array([0], dtype=np.uint8)",
		"np.abs(np.array([-128], dtype=np.int8))", "-np.array([-128], dtype=np.int8)", "np.array([1+0j]) / 0", "np.array([0j]) / 0",
		"np.sin(np.inf)", "np.cos(np.array([np.inf]))", "np.array([1e308]) + 1e308", "np.float64(1e308) * np.array([10.])",
		"np.maximum(np.array([np.nan]), 1)", "np.array([np.nan]) < 1", "np.hypot(1e308, 1e308)", "np.hypot(np.array([1e308]), 1e308)",
		"np.arctan2(0., 0.)", "np.arctan2(np.inf, np.inf)", "np.array([0.]) ** -1", "np.array([0., 1.]) ** -1", "np.array([-1.]) ** 0.5",
		"np.array([1e200]) ** 2", "np.array([1e200]) ** np.array(2.)", "np.power(np.array([1e200]), 2)", "np.power(0., -1.)",
		"np.float16(60000) * np.array([2], dtype=np.float16)", "np.array([1., 2.]) @ np.array([1e308, 1e308])",
		"np.matmul(np.array([[1e308]]), np.array([[10.]]))", "np.array([np.inf]) - np.array([np.inf])", "np.floor(np.array([np.inf]))",
		"np.array([2, 0]) // np.array([0, 0])", "np.array([1], dtype=np.uint8) - 2", "np.remainder(np.array([1.]), 0.)",
		"np.array([5.]) % np.inf", "np.add(1e308, 1e308)", "np.multiply([1e308], 10)", "np.float64(1e308) * np.array(10.)",
		"np.array(1e308) * 10", "np.exp(np.array([1000.], dtype=np.float16))", "np.exp(np.array([100], dtype=np.int8))",
		"np.log(np.array([0j, 1j]))", "np.sqrt(np.array([-1+0j]))", "np.array([1.0, np.nan]) / np.array([0.0, 0.0])",
		"np.array([-np.inf]) + np.array([np.inf])", "np.exp(np.array([np.inf, -np.inf, np.nan]))",
		"np.ones(5) * 1e308 + np.ones(5) * 1e308", "(np.ones(5) * 1e308) * 2", "np.ones(5) + np.ones(5)",
	}
	srcs := make([]string, 0, len(cases)+8)
	for _, c := range cases {
		srcs = append(srcs, "caught(lambda: "+c+")")
	}
	srcs = append(srcs,
		"with np.errstate(divide='raise'):\n    r = caught(lambda: np.log(np.array([0., 1.]))), caught(lambda: np.array([1., 0.]) / 0), caught(lambda: np.array([1, 2]) // 0)\nr",
		"with np.errstate(all='ignore'):\n    r = caught(lambda: np.log(np.array([0., -1.]))), caught(lambda: np.array([1., 0.]) / 0)\nr",
		"old = np.seterr(invalid='raise')\nr = caught(lambda: np.sqrt(np.array([-1., 4.]))), caught(lambda: np.array([1., 0.]) / 0)\nnp.seterr(**old)\nr",
		// in place: the array is written, then the warning or the error comes
		"a = np.array([1., 2.])\ndef f():\n    global a\n    a /= 0\n    return a\ncaught(f), a",
		"b = np.array([1., 2.])\nwith np.errstate(divide='raise'):\n    try:\n        b /= 0\n    except FloatingPointError as e:\n        r = repr(e)\nr, b",
		// the default filter warns once per location
		"with warnings.catch_warnings(record=True) as w:\n    warnings.simplefilter('default')\n    for i in range(3):\n        x = np.log(np.array([0.0]))\n[str(m.message) for m in w]",
		// the cached bounds of an array follow writes to it and to its views
		"y = np.ones(5) * 1e308\ny[0] = np.inf\ncaught(lambda: y - y), caught(lambda: y * 0)",
		"z = np.ones(4)\nv = z[1:3]\nr1 = caught(lambda: z * 10)\nv[0] = 1e308\nr1, caught(lambda: z * 10)",
		"b = np.array([1., 2., 0.5, 4.])\nr1 = caught(lambda: np.ones(4) / b)\nb[2] = 0\nr1, caught(lambda: np.ones(4) / b), caught(lambda: np.zeros(4) / b)",
		"caught(lambda: np.array([1e300, 1.]) / np.array([1e-10, 1.])), caught(lambda: np.array([]) / np.array([])), caught(lambda: np.ones(3) / np.float64(1e-310))",
		"x = np.ones(3) * 1e200\nx.shape = (3, 1)\ncaught(lambda: x * x), caught(lambda: x * 1e100)",
		"f = np.ones(3, np.float32) * 3e37\ncaught(lambda: f * 10), caught(lambda: f * 11.3), caught(lambda: f * 1.0), caught(lambda: f + f + f + f), caught(lambda: f / 1e-50), caught(lambda: f / 0.05), caught(lambda: f * 1e39), caught(lambda: (f * 0) * 1e39)",
		"e = np.ones(3) * 700\nr1 = caught(lambda: np.exp(e)), caught(lambda: np.cosh(e)), caught(lambda: np.sin(e))\ne[0] = 800\nr1, caught(lambda: np.exp(e).tolist()), caught(lambda: np.sinh(-e).tolist()), caught(lambda: np.expm1(e).tolist())",
		"h = np.ones(3, np.float32) * 80\nr1 = caught(lambda: np.exp(h))\nh[1] = 90\nr1, caught(lambda: np.exp(h).tolist()), caught(lambda: np.cos(np.array([1., np.inf]))), caught(lambda: np.floor(np.array([np.nan])))",
		"g = np.ones(3, np.float32) * 3.4e38\ncaught(lambda: g + g), caught(lambda: g * 1.0000001), caught(lambda: g - g), caught(lambda: g / 0.99999)",
	)
	langtest.CheckMatchesCPython(t, fpPrelude, srcs)
}

// TestSquareReciprocalMatchNumPy covers np.square and np.reciprocal:
// values, dtypes (a bool squares as int8) and their warnings.
func TestSquareReciprocalMatchNumPy(t *testing.T) {
	cases := []string{
		"np.square(True)", "np.square(np.array([True, False]))", "np.square(np.int8(100))", "np.square([1, 2])",
		"np.square(np.array([1.5], np.float16))", "np.square(1+2j)", "np.square(3)", "np.square(np.array([1e200, 2.0]))",
		"np.square(np.array([3e38], np.float32))", "np.square(np.array([[1., 2.], [3., 4.]]))",
		"np.reciprocal(np.array([2.0, 0.5]))", "np.reciprocal(np.array([1+1j]))", "np.reciprocal(np.array([0., -0.]))",
		"np.reciprocal(2.0)", "np.reciprocal(np.float32(4))", "np.reciprocal(np.array([1e-320]))",
		// integers: 1 / x truncated, and at 0 NumPy's cast of inf with divide and invalid
		"np.reciprocal(np.array([2, 1, -1, 0, -3]))", "np.reciprocal(np.array([0, 1, 2, -1], dtype=np.int8))",
		"np.reciprocal(np.array([0, 1, -1], dtype=np.int16))", "np.reciprocal(np.array([0, 1, -1, 7], dtype=np.int32))",
		"np.reciprocal(np.array([0, 1, 255], dtype=np.uint8))", "np.reciprocal(np.array([0, 1, 2**64 - 1], dtype=np.uint64))",
		"np.reciprocal(np.array([0, 1], dtype=np.uint16))", "np.reciprocal(np.array([0, 1], dtype=np.uint32))",
		"np.reciprocal(np.array([True, False]))", "np.reciprocal(True)", "np.reciprocal(5)", "np.reciprocal(1)",
		"np.reciprocal(np.int32(0))", "np.reciprocal(np.int8(-1))", "np.reciprocal([0, 1])", "np.reciprocal(np.array([[2, 1], [-1, 4]])[:, 0])",
		"np.reciprocal(np.array([1, 2, 3]))",
	}
	srcs := []string{"o = np.zeros(2)\nnp.square(np.array([1., 3.]), out=o), o",
		"o = np.zeros(2, dtype=np.int64)\nr = caught(lambda: np.reciprocal(np.array([1, 0]), out=o))\nr, o",
		"with np.errstate(divide='raise'):\n    r = caught(lambda: np.reciprocal(np.array([0])))\nr",
		"with np.errstate(divide='ignore'):\n    r = caught(lambda: np.reciprocal(np.array([0, 1])))\nr",
		"with np.errstate(divide='ignore', invalid='raise'):\n    r = caught(lambda: np.reciprocal(np.int64(0)))\nr",
	}
	for _, c := range cases {
		srcs = append(srcs, "caught(lambda: "+c+")")
	}
	langtest.CheckMatchesCPython(t, fpPrelude, srcs)
}

// TestReduceCastErrorsMatchNumPy covers NumPy 1.24's floating-point
// errors of reductions ("overflow encountered in reduce", "invalid value
// encountered in reduce" for inf - inf), of cumsum and cumprod ("...
// in accumulate") and of astype ("overflow encountered in cast" to a
// narrower float, "invalid value encountered in cast" for a float out of
// an integer conversion's range), with np.errstate's modes.
func TestReduceCastErrorsMatchNumPy(t *testing.T) {
	cases := []string{
		"np.array([3e38, 3e38], dtype=np.float32).sum()", "np.array([np.inf, -np.inf]).sum()", "np.array([1e300, 1e300]).prod()",
		"np.array([3e38, 3e38], dtype=np.float32).mean()", "np.array([3e38, 3e38], dtype=np.float32).cumsum()",
		"np.array([3e38, 3e38], dtype=np.float32).sum(axis=0)", "np.array([[3e38, 3e38]], dtype=np.float32).sum(axis=1)",
		"np.array([np.inf, -np.inf]).mean()", "np.cumprod(np.array([1e300, 1e300]))", "np.sum(np.array([1e308, 1e308]))",
		"np.array([1e308, 1e308]).max()", "np.array([np.inf, np.nan]).sum()", "np.array([3e38, 3e38], dtype=np.float32).sum(dtype=np.float64)",
		"np.array([1e308, 1e308]).std()", "np.array([1e308, 1e308]).var()", "np.array([1e-300, 1e-300]).prod()",
		"np.array([127, 1], dtype=np.int8).sum()", "np.array([1e308, 1e308]).sum(keepdims=True)", "np.array([np.inf, -np.inf]).cumsum()",
		"np.ones((3, 4), np.float32).sum(axis=1)", "np.array([[1e308, 1.0], [1e308, 1.0]]).sum(axis=0)",
		"np.array([1e308, 1e308]).mean(axis=0, keepdims=True)", "np.array([1e308, 1e308], dtype=np.complex128).sum()",
		"np.array([1e300]).astype(np.float32)", "np.array([np.inf]).astype(np.float32)", "np.array([np.nan]).astype(np.int64)",
		"np.array([1e300]).astype(np.int64)", "np.array([70000.0]).astype(np.float16)", "np.array([300.0]).astype(np.int8)",
		"np.array([3e9]).astype(np.int32)", "np.array([-1.0]).astype(np.uint8)", "np.array([1e20]).astype(np.uint64)",
		"np.array([-1.0]).astype(np.uint64)", "np.array([np.nan]).astype(np.bool_)", "np.array([np.nan]).astype(np.float32)",
		"np.array([1e300+0j]).astype(np.complex64)", "np.array([np.inf]).astype(np.int8)", "np.array([1e-50]).astype(np.float32)",
		"np.array([70000], dtype=np.int64).astype(np.float16)", "np.array([1.5, -2.5]).astype(np.int32)",
		"np.array([-2.0**63]).astype(np.int64)", "np.array([2.0**63]).astype(np.int64)", "np.array([2.0**31]).astype(np.int32)",
		"np.array([-2.0**31]).astype(np.int32)", "np.array([4e9]).astype(np.uint32)", "np.array([1e300, 1.0]).astype(np.float32).astype(np.float64)",
		"np.array([1e300, 1e300]).cumprod()", "np.array([[1, 2], [3, 4]]).cumprod(axis=1)", "np.array([[1., 2.], [3., 4.]]).cumprod()",
		"np.array([2, 3], dtype=np.uint8).cumprod()", "np.array([1+1j, 2]).cumprod()",
		// var and std name the step of NumPy's _var that overflowed
		"np.array([1e200, -1e200]).std()", "np.array([1e200, -1e200]).var()", "np.array([1e308, -1e308]).var()",
		"np.array([[1e200, -1e200], [1., 2.]]).var(axis=1)", "np.array([[1e200, -1e200], [1., 2.]]).std(axis=0)",
		"np.array([3e20, -3e20], dtype=np.float32).var()", "np.array([np.inf, 1.]).var()", "np.array([1., 2.]).var()",
		"np.var(np.array([1e200, -1e200]), ddof=1)", "np.array([1e200, -1e200]).std(keepdims=True)",
	}
	srcs := make([]string, 0, len(cases)+4)
	for _, c := range cases {
		srcs = append(srcs, "caught(lambda: "+c+")")
	}
	srcs = append(srcs,
		"with np.errstate(over='raise'):\n    r = caught(lambda: np.array([3e38, 3e38], dtype=np.float32).sum()), caught(lambda: np.array([1e300]).astype(np.float32)), caught(lambda: np.array([3e38, 3e38], dtype=np.float32).cumsum())\nr",
		"with np.errstate(invalid='ignore'):\n    r = caught(lambda: np.array([np.nan]).astype(np.int64)), caught(lambda: np.array([np.inf, -np.inf]).sum())\nr",
		"with np.errstate(over='raise'):\n    r = caught(lambda: np.array([1e200, -1e200]).std())\nr",
		// the remembered bounds of an array follow writes to it
		"c = np.ones(3) * 1e9\nr1 = caught(lambda: c.astype(np.int32))\nc[1] = 3e9\nr1, caught(lambda: c.astype(np.int32)), caught(lambda: c.astype(np.int64))",
	)
	langtest.CheckMatchesCPython(t, fpPrelude, srcs)
}
