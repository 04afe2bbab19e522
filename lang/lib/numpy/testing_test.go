package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// testingPrelude defines fails(f, *args, **kwargs): 'passed' when the
// assertion holds, else the class and text of the error it raised, so
// that each case compares NumPy's failure message text for text.
const testingPrelude = prelude + `import warnings
def fails(f, *args, **kwargs):
    try:
        r = f(*args, **kwargs)
    except Exception as e:
        return type(e).__name__ + ':' + str(e)
    return 'passed' if r is None else r
`

// TestTestingAssertionsMatchNumPy covers the array assertions of
// numpy.testing (assert_allclose, assert_array_equal,
// assert_array_almost_equal, assert_array_less): when they pass, and the
// text of their AssertionError when they fail (the mismatch statistics,
// shape and NaN/inf location mismatches, err_msg, verbose=False, scalars,
// 0-d, integer, unsigned, bool, float32 and complex arrays, and reprs cut
// to three lines).
func TestTestingAssertionsMatchNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, testingPrelude, []string{
		// assert_allclose
		"fails(np.testing.assert_allclose, np.array([1., 2., 3.1]), [1, 2, 3])",
		"fails(np.testing.assert_allclose, [1., 2., 3.], [1., 2., 3. + 1e-8]), fails(np.testing.assert_allclose, [1., 2.], [1.1, 2.], rtol=0.1), fails(np.testing.assert_allclose, [0., 1.], [1e-9, 1.], atol=1e-8)",
		"fails(np.testing.assert_allclose, [1., 2.], [1., 2., 3.])",
		"fails(np.testing.assert_allclose, [1., np.nan], [1., 2.])",
		"fails(np.testing.assert_allclose, [1., np.nan], [1., np.nan]), fails(np.testing.assert_allclose, [1., np.nan], [1., np.nan], equal_nan=False)",
		"fails(np.testing.assert_allclose, [1., np.inf], [1., 5.]), fails(np.testing.assert_allclose, [1., -np.inf], [1., np.inf]), fails(np.testing.assert_allclose, [np.inf], [np.inf])",
		"fails(np.testing.assert_allclose, [1., 2.], [1., 2.5], err_msg='oops')",
		"fails(np.testing.assert_allclose, [1., 2.], [1., 2.5], err_msg='a long message ' * 6)",
		"fails(np.testing.assert_allclose, [1., 2.], [1., 2.5], err_msg='two\\nlines')",
		"fails(np.testing.assert_allclose, [1., 2.], [1., 2.5], verbose=False), fails(np.testing.assert_allclose, [1., 2.], [1., 2.5, 3], verbose=False)",
		"fails(np.testing.assert_allclose, 1.0, 1.1), fails(np.testing.assert_allclose, np.array(2.0), np.array(2.5)), fails(np.testing.assert_allclose, [1., 2.], 1.0)",
		"fails(np.testing.assert_allclose, 3, [3, 3, 4]), fails(np.testing.assert_allclose, [0., 1.], [0., 0.]), fails(np.testing.assert_allclose, [1., 1.], [0., 0.])",
		"fails(np.testing.assert_allclose, np.arange(6).reshape(2, 3), np.arange(6).reshape(2, 3) + 1, rtol=1e-5, atol=1e-3)",
		"fails(np.testing.assert_allclose, np.float32([0.1, 0.2]), np.array([0.1, 0.2])), fails(np.testing.assert_allclose, np.float32([0.1, 0.2]), np.array([0.1, 0.2]), rtol=1e-6)",
		"fails(np.testing.assert_allclose, np.linspace(0, 1, 200), np.linspace(0, 1, 200) ** 2)",
		"fails(np.testing.assert_allclose, np.arange(100.).reshape(10, 10), np.zeros((10, 10)))",
		"fails(np.testing.assert_allclose, [1 + 1j, 2], [1 + 1j, 2 + 1e-3j]), fails(np.testing.assert_allclose, [1 + 1j, np.nan], [1 + 1j, complex(np.nan, 1)]), fails(np.testing.assert_allclose, [1j, 2], [1j, 2 + 1e-9j]), fails(np.testing.assert_allclose, [[1., 2.], [3., 4.]], [[1., 2.], [3., 4.]])",
		"fails(np.testing.assert_allclose, np.uint8([3, 250]), np.uint8([5, 1])), fails(np.testing.assert_allclose, np.int8([3, -100]), np.int8([5, 100]))",
		"fails(np.testing.assert_allclose, [1.0], [1.1], rtol=0.5e-2, atol=1.5e-12), fails(np.testing.assert_allclose, [], []), fails(np.testing.assert_allclose, np.zeros((2, 0)), np.zeros((2, 0)))",
		"fails(np.testing.assert_allclose, np.arange(1000.), np.arange(1000.) + 1), fails(np.testing.assert_allclose, np.arange(24.).reshape(2, 3, 4), np.arange(24.).reshape(2, 3, 4) * 1.01)",
		"fails(np.testing.assert_allclose, np.float16([1, 2]), np.float16([1, 2.5])), fails(np.testing.assert_allclose, [1e-20, 1], [2e-20, 1]), fails(np.testing.assert_allclose, [0.1, 0.2, 0.1 + 0.2], [0.1, 0.2, 0.3], rtol=0)",
		"fails(np.testing.assert_allclose, np.array([1.0, 2.0]), np.array([1, 3]), atol=0.5, rtol=0.01), fails(np.testing.assert_allclose, 1e-3, 2e-3, rtol=1.5e-3, atol=2.5e-9), fails(np.testing.assert_allclose, [1.0], [1.0], err_msg=5)",
		"fails(np.testing.assert_allclose, [True, False], [True, True]), fails(np.testing.assert_allclose, np.uint8([1, 2]), np.uint8([1, 200]), rtol=0.5), fails(np.testing.assert_allclose, np.int32([1, 2]), [True, True])",
		"fails(np.testing.assert_allclose, np.float32(1.0), np.float32(1.0000001)), fails(np.testing.assert_allclose, np.array([np.nan, 1.0]), np.nan), fails(np.testing.assert_allclose, [[np.inf, 1.0]], [[np.inf, 2.0]])",
		"fails(np.testing.assert_allclose, [1.0, 2.0], [1.0, 2.1], rtol=np.float32(0.01)), fails(np.testing.assert_allclose, [1.0, 2.0], [1.0, 2.1], atol=np.array(0.01)), fails(np.testing.assert_allclose, [1.0], [2.0], atol=np.array([0.01]))",
		// assert_array_equal
		"fails(np.testing.assert_array_equal, np.complex64([1 + 1j]), [1 + 2j]), fails(np.testing.assert_array_less, [1 + 1j], [2 + 0j]), fails(np.testing.assert_array_almost_equal, [True], [False])",
		"fails(np.testing.assert_array_equal, [], [1]), fails(np.testing.assert_array_equal, np.zeros((0, 3)), np.zeros((3, 0)))",
		"fails(np.testing.assert_array_equal, np.arange(50).reshape(5, 10), np.arange(50).reshape(5, 10) * 2), fails(np.testing.assert_array_equal, np.array(1.5), np.array(2.5))",
		"fails(np.testing.assert_array_equal, np.array([[1., np.nan], [np.nan, 2]]), np.array([[1., np.nan], [2, np.nan]])), fails(np.testing.assert_array_equal, [1e-300, 1e300], [0, 1e-300])",
		"fails(np.testing.assert_array_equal, np.int64([2**62, -2**62]), np.int64([-2**62, 2**62])), fails(np.testing.assert_array_almost_equal, np.int64([2**63 - 1]), np.int64([-2**63]))",
		"fails(np.testing.assert_array_equal, np.zeros(3), np.zeros(3, dtype=bool)), fails(np.testing.assert_array_less, np.uint8([3, 200]), np.uint8([2, 250])), fails(np.testing.assert_array_less, [True, False], [True, True])",
		"fails(np.testing.assert_array_equal, [1, 2, 3], [1, 2, 4]), fails(np.testing.assert_array_equal, np.arange(3), [0, 1, 2])",
		"fails(np.testing.assert_array_equal, [True, False], [True, True]), fails(np.testing.assert_array_equal, [True, False], [True, False])",
		"fails(np.testing.assert_array_equal, np.float32([1.5, 2.25]), np.array([1.5, 2.2])), fails(np.testing.assert_array_equal, [1.0, np.pi, np.nan], [1, np.sqrt(np.pi) ** 2, np.nan])",
		"fails(np.testing.assert_array_equal, np.full((2, 5), 3), 3), fails(np.testing.assert_array_equal, np.full((2, 5), 3), 3, strict=True)",
		"fails(np.testing.assert_array_equal, np.array([2, 2, 2]), np.float32([2, 2, 2]), strict=True), fails(np.testing.assert_array_equal, np.array([2, 2, 2]), np.float32([2, 2, 2]))",
		"fails(np.testing.assert_array_equal, [[1, 2], [3, 4]], [[1, 2], [4, 3]], err_msg='swapped')",
		"fails(np.testing.assert_array_equal, [1, np.nan], [np.nan, 1]), fails(np.testing.assert_array_equal, np.nan, [np.nan, np.nan]), fails(np.testing.assert_array_equal, np.nan, [np.nan, 1.])",
		"fails(np.testing.assert_array_equal, [1, 2], [1, 2, 3]), fails(np.testing.assert_array_equal, np.zeros((2, 3)), np.zeros((3, 2)))",
		"fails(np.testing.assert_array_equal, [5, 0], [0, 0]), fails(np.testing.assert_array_equal, 0, [0, 1]), fails(np.testing.assert_array_equal, np.int64(4), 5)",
		"fails(np.testing.assert_array_equal, np.uint8([1, 200]), np.uint8([2, 100]))",
		// assert_array_almost_equal and assert_array_less
		"fails(np.testing.assert_array_almost_equal, [1.0, 2.33333, np.nan], [1.0, 2.33339, np.nan], decimal=5), fails(np.testing.assert_array_almost_equal, [1.0, 2.333, np.nan], [1.0, 2.333, np.nan])",
		"fails(np.testing.assert_array_almost_equal, [1.0, 2.33333, np.nan], [1.0, 2.33333, 5], decimal=5)",
		"fails(np.testing.assert_array_almost_equal, [1.0, np.inf], [1.0, np.inf]), fails(np.testing.assert_array_almost_equal, [1.0, np.inf], [1.0, -np.inf]), fails(np.testing.assert_array_almost_equal, np.inf, np.inf)",
		"fails(np.testing.assert_array_almost_equal, [1, 2], [1, 2.0000001]), fails(np.testing.assert_array_almost_equal, [1, 2], [1, 2.001], decimal=2), fails(np.testing.assert_array_almost_equal, [1, 2], [1, 2.001], decimal=3)",
		"fails(np.testing.assert_array_almost_equal, np.float32([1.25, 3.5]), [1.25, 3.5001], decimal=5), fails(np.testing.assert_array_almost_equal, [[1.5]], [1.5, 2])",
		"fails(np.testing.assert_array_less, [1.0, 1.0, np.nan], [1.1, 2.0, np.nan]), fails(np.testing.assert_array_less, [1.0, 1.0, np.nan], [1, 2.0, np.nan])",
		"fails(np.testing.assert_array_less, [1.0, 4.0], 3), fails(np.testing.assert_array_less, [1.0, 2.0, 3.0], [4])",
		"fails(np.testing.assert_array_less, [1.0, np.inf], [2.0, np.inf]), fails(np.testing.assert_array_less, [-np.inf, 1], [0, 2]), fails(np.testing.assert_array_less, [1, 2], [2, 3], err_msg='x', verbose=False)",
		"fails(np.testing.assert_array_compare, np.less_equal, [1, 2], [1, 1], header='not <='), fails(np.testing.assert_array_compare, np.less_equal, [1, 2], [1, 3])",
		"def cmp(x, y):\n    raise ValueError('bad compare')\nr = fails(np.testing.assert_array_compare, cmp, [1, 2], [1, 3], header='H')\nr.split('\\n')[:4], r.split('\\n')[-5:]",
		// bad input
		"fails(np.testing.assert_allclose, [1, 2], [1, 2], rtol='x')",
	})
}

// TestTestingEqualityMatchesNumPy covers numpy.testing's assert_equal
// (containers item by item, NaN, signed zeros, complex numbers, arrays
// against lists and scalars), assert_almost_equal, assert_approx_equal,
// assert_, assert_string_equal, build_err_msg, print_assert_equal and the
// ULP assertions.
func TestTestingEqualityMatchesNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, testingPrelude, []string{
		"fails(np.testing.assert_equal, [4, 5], [4, 6]), fails(np.testing.assert_equal, (1, [2, 3]), [1, [2, 3]]), fails(np.testing.assert_equal, [1, 2], [1, 2, 3])",
		"fails(np.testing.assert_equal, {'a': 1, 'b': [1, 2]}, {'a': 1, 'b': [1, 3]}), fails(np.testing.assert_equal, {'a': 1}, {'b': 1}), fails(np.testing.assert_equal, [1], {'a': 1})",
		"fails(np.testing.assert_equal, np.nan, np.nan), fails(np.testing.assert_equal, np.nan, 1.0), fails(np.testing.assert_equal, 0.0, -0.0), fails(np.testing.assert_equal, -0.0, -0.0)",
		"fails(np.testing.assert_equal, [np.nan], np.nan), fails(np.testing.assert_equal, np.array([1.0, 2.0, np.nan]), [1, 2, np.nan]), fails(np.testing.assert_equal, np.arange(3), [0, 1, 3])",
		"fails(np.testing.assert_equal, 1 + 2j, 1 + 2j), fails(np.testing.assert_equal, 1 + 2j, 1 + 3j), fails(np.testing.assert_equal, complex(np.nan, 1), complex(np.nan, 1)), fails(np.testing.assert_equal, 2, 2 + 0j)",
		"fails(np.testing.assert_equal, 'abc', 'abd'), fails(np.testing.assert_equal, 'abc', 'abc'), fails(np.testing.assert_equal, None, None), fails(np.testing.assert_equal, None, 0)",
		"fails(np.testing.assert_equal, 1, 2, err_msg='numbers'), fails(np.testing.assert_equal, 1, 2, verbose=False), fails(np.testing.assert_equal, np.float32(0.5), 0.5), fails(np.testing.assert_equal, np.int64(3), 4)",
		"fails(np.testing.assert_equal, [[1, 2], (3, np.array([4, 5]))], [[1, 2], (3, np.array([4, 6]))])",
		"fails(np.testing.assert_equal, {'w': np.arange(3.)}, {'w': np.arange(3.) + 1e-9}), fails(np.testing.assert_equal, np.float64(1.5), np.float32(1.5)), fails(np.testing.assert_equal, [np.float64(np.nan)], [np.nan])",
		"fails(np.testing.assert_equal, [1, 2], np.array([1, 2])), fails(np.testing.assert_equal, 1, [1]), fails(np.testing.assert_almost_equal, np.float32(1.0000001), 1.0), fails(np.testing.assert_array_almost_equal, 1.0, [1.0, 1.5])",
		"fails(np.testing.assert_equal, [], ()), fails(np.testing.assert_equal, np.array([]), []), fails(np.testing.assert_equal, np.int8(-1), np.uint8(255)), fails(np.testing.assert_almost_equal, True, False)",
		"fails(np.testing.assert_approx_equal, 1.0, 1.0000001, significant=8), fails(np.testing.assert_approx_equal, [1.0], 1.0), fails(np.testing.assert_approx_equal, 'a', 1.0)",
		"fails(np.testing.assert_almost_equal, 2.3333333333333, 2.33333334), fails(np.testing.assert_almost_equal, 2.3333333333333, 2.33333334, decimal=10)",
		"fails(np.testing.assert_almost_equal, np.array([1.0, 2.3333333333333]), np.array([1.0, 2.33333334]), decimal=9)",
		"fails(np.testing.assert_almost_equal, [1.0, 2.0], (1.0, 2.0001), decimal=3), fails(np.testing.assert_almost_equal, [1.0, 2.0], (1.0, 2.0001), decimal=4)",
		"fails(np.testing.assert_almost_equal, np.nan, np.nan), fails(np.testing.assert_almost_equal, np.nan, 1.0), fails(np.testing.assert_almost_equal, np.inf, np.inf), fails(np.testing.assert_almost_equal, np.inf, -np.inf)",
		"fails(np.testing.assert_almost_equal, 1 + 1j, 1 + 1.0000001j), fails(np.testing.assert_almost_equal, 1 + 1j, 1 + 1.01j, decimal=3), fails(np.testing.assert_almost_equal, 1.5, 1.6, err_msg='e', verbose=False)",
		"fails(np.testing.assert_approx_equal, 0.12345670e-20, 0.12345672e-20, significant=8), fails(np.testing.assert_approx_equal, 0.12345670e-20, 0.12345672e-20, significant=7)",
		"fails(np.testing.assert_approx_equal, 1234.5, 1234.6, significant=5), fails(np.testing.assert_approx_equal, 1234.5, 1234.6, significant=6, err_msg='digits'), fails(np.testing.assert_approx_equal, 0, 0)",
		"fails(np.testing.assert_approx_equal, np.nan, np.nan), fails(np.testing.assert_approx_equal, np.nan, 1), fails(np.testing.assert_approx_equal, np.inf, np.inf), fails(np.testing.assert_approx_equal, -np.inf, np.inf)",
		"fails(np.testing.assert_, 1), fails(np.testing.assert_, 0, 'boom'), fails(np.testing.assert_, [], lambda: 'late'), fails(np.testing.assert_, False)",
		"fails(np.testing.assert_string_equal, 'abc', 'abcd'), fails(np.testing.assert_string_equal, 'abc', 'abc'), fails(np.testing.assert_string_equal, 'a\\nb\\nc\\n', 'a\\nB\\nc\\n')",
		"fails(np.testing.assert_string_equal, 1, 'a'), fails(np.testing.assert_string_equal, 'a', b'a'), fails(np.testing.assert_string_equal, 'one\\ntwo', 'one\\ntwo\\nthree')",
		"np.testing.build_err_msg([1, np.arange(3)], 'note'), np.testing.build_err_msg([1.5, 2.5], '', header='H', names=('p', 'q')), np.testing.build_err_msg([np.arange(3.) / 3], 'x', precision=3)",
		"fails(np.testing.print_assert_equal, 'Test XYZ of func xyz', [0, 1], [0, 1]), fails(np.testing.print_assert_equal, 'Test XYZ of func xyz', [0, 1], [0, 2])",
		"fails(np.testing.assert_array_max_ulp, np.float32([1, 2]), np.float32([1, 2.001])), fails(np.testing.assert_array_max_ulp, [1.0, 2.0], [1.0, 2.0000000000000004])",
		"np.testing.assert_array_max_ulp(np.float32([1, -2, 0]), np.float32([1, -2.0000002, -0.0]), maxulp=2), np.testing.assert_array_max_ulp([1.0, -1.0], [1.0 + 2 ** -52, -1.0 - 2 ** -51], 2), np.testing.assert_array_max_ulp(np.float16([1, 2]), np.float16([1.5, 2]), 600)",
		"fails(np.testing.assert_array_almost_equal_nulp, np.array([1., 2.]), np.array([1., 2.0000001])), fails(np.testing.assert_array_almost_equal_nulp, np.array([1., 2.]), np.array([1., 2. + 2 ** -51]))",
		"fails(np.testing.assert_array_almost_equal_nulp, np.array([1., 2.]), np.array([1., 2. + 2 ** -51]), nulp=2), fails(np.testing.assert_array_almost_equal_nulp, np.float32([1e-3, 5]), np.float32([1e-3, 5.0000005]))",
		"np.testing.assert_array_max_ulp([1.0, np.nan], [1.0, np.nan]), np.testing.assert_array_max_ulp([np.inf], [np.finfo(np.float64).max]), np.testing.assert_array_max_ulp(np.float32(0), np.float32(-0.0)), np.testing.assert_array_max_ulp([np.nan, 1.0], [-np.nan, 1.0]), fails(np.testing.assert_array_max_ulp, 1.0, 1.0 + 2**-51)",
		"fails(np.testing.assert_array_almost_equal_nulp, np.float32([1.0, np.nan]), np.float32([1.0, 2.0])), fails(np.testing.assert_array_almost_equal_nulp, 1.0, 1.0 + 2**-52), fails(np.testing.assert_string_equal, 'a\\nb', 'a\\nc')",
		"fails(np.testing.assert_array_almost_equal_nulp, [1, 2], [1, 2]), fails(np.testing.assert_array_max_ulp, [1j], [1j]), fails(np.testing.assert_array_max_ulp, [1.0, 2.0], [1.0]), fails(np.testing.assert_array_max_ulp, [1, 2], [1, 3])",
	})
}

// TestTestingRaisesAndWarnsMatchNumPy covers assert_raises,
// assert_raises_regex, assert_warns, assert_no_warnings and
// suppress_warnings, as calls and as context managers, and how
// numpy.testing is reached (import numpy.testing, from numpy.testing
// import, np.testing).
func TestTestingRaisesAndWarnsMatchNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, testingPrelude, []string{
		"fails(np.testing.assert_raises, ValueError, int, 'x'), fails(np.testing.assert_raises, ValueError, len, [1]), fails(np.testing.assert_raises, (KeyError, ValueError), {}.__getitem__, 1)",
		"fails(np.testing.assert_raises, ValueError, lambda: 1 / 0)",
		"with np.testing.assert_raises(ZeroDivisionError) as cm:\n    1 / 0\ntype(cm.exception).__name__, str(cm.exception)",
		"def f():\n    with np.testing.assert_raises(ValueError):\n        pass\nfails(f)",
		"def f(x, *, k=0):\n    if x + k > 2:\n        raise IndexError('big %d' % (x + k))\nfails(np.testing.assert_raises, IndexError, f, 3), fails(np.testing.assert_raises, IndexError, f, 1, k=1), fails(np.testing.assert_raises, IndexError, f, 1, k=5)",
		"fails(np.testing.assert_raises_regex, ValueError, 'invalid literal', int, 'x'), fails(np.testing.assert_raises_regex, ValueError, 'foo', int, 'x'), fails(np.testing.assert_raises_regex, ValueError, 'foo', int, '1')",
		"with np.testing.assert_raises_regex(KeyError, 'miss'):\n    {}['missing']\ndef f():\n    with np.testing.assert_raises_regex(KeyError, 'other'):\n        {}['missing']\nfails(f)",
		"fails(np.testing.assert_warns, UserWarning, warnings.warn, 'x'), fails(np.testing.assert_warns, UserWarning, len, [1]), fails(np.testing.assert_warns, DeprecationWarning, warnings.warn, 'u')",
		"def f(x):\n    warnings.warn('careful', RuntimeWarning)\n    return x * 2\nnp.testing.assert_warns(RuntimeWarning, f, 21), np.testing.assert_warns(Warning, f, x=1)",
		"with np.testing.assert_warns(DeprecationWarning):\n    warnings.warn('d', DeprecationWarning)\ndef g():\n    with np.testing.assert_warns(DeprecationWarning):\n        pass\nfails(g)",
		"with warnings.catch_warnings(record=True) as w:\n    warnings.simplefilter('always')\n    with np.testing.assert_warns(UserWarning):\n        warnings.warn('kept', RuntimeWarning)\n        warnings.warn('taken')\n[(str(x.message), x.category.__name__) for x in w]",
		"def f():\n    with np.testing.assert_warns(UserWarning):\n        warnings.warn('w')\n        raise KeyError('k')\nfails(f)",
		"def f():\n    warnings.warn('x')\n    return 1\ndef g():\n    warnings.warn('dep', DeprecationWarning)\nwith warnings.catch_warnings(record=True):\n    f()\nfails(np.testing.assert_warns, UserWarning, f), fails(np.testing.assert_warns, UserWarning, f), fails(np.testing.assert_warns, DeprecationWarning, g), fails(np.testing.assert_warns, DeprecationWarning, g)",
		"def f():\n    warnings.warn('x')\n    return 1\nwith warnings.catch_warnings():\n    warnings.simplefilter('error')\n    r = fails(np.testing.assert_warns, UserWarning, f), fails(np.testing.assert_no_warnings, f)[:45], fails(f)\nr",
		"fails(np.testing.assert_no_warnings, len, [1, 2]), fails(np.testing.assert_no_warnings, lambda: 5)",
		"def f():\n    warnings.warn('w')\nr = fails(np.testing.assert_no_warnings, f)\nr[:40]",
		"def f():\n    with np.testing.assert_no_warnings():\n        warnings.warn('w')\nr = fails(f)\nr[:30]",
		"with np.testing.suppress_warnings() as sup:\n    l = sup.record(RuntimeWarning)\n    sup.filter(UserWarning)\n    warnings.warn('r', RuntimeWarning)\n    warnings.warn('u')\n    warnings.warn('r2', RuntimeWarning)\n[str(x.message) for x in l], len(sup.log)",
		"with warnings.catch_warnings(record=True) as w:\n    warnings.simplefilter('always')\n    with np.testing.suppress_warnings() as sup:\n        sup.filter(UserWarning, 'hide')\n        warnings.warn('hide me')\n        warnings.warn('show me')\n        warnings.warn('Hide too')\n[str(x.message) for x in w]",
		"with warnings.catch_warnings(record=True) as w:\n    warnings.simplefilter('always')\n    with np.testing.suppress_warnings('once') as sup:\n        for i in range(3):\n            warnings.warn('again')\n[str(x.message) for x in w]",
		"sup = np.testing.suppress_warnings()\nl = sup.record(DeprecationWarning)\n@sup\ndef f(x):\n    warnings.warn('old', DeprecationWarning)\n    return x + 1\nf(1), f(2), len(l), f.__name__",
		"fails(np.testing.suppress_warnings, 'sometimes')",
		"with np.testing.suppress_warnings() as sup:\n    w = sup.record(RuntimeWarning, 'count')\n    warnings.warn('counted', RuntimeWarning)\n    first = len(w), bool(w), [str(x.message) for x in w]\n    warnings.warn('Count again', RuntimeWarning)\n    second = len(w), str(w[1].message), len(sup.log)\nfirst, second, len(w)",
		"sup = np.testing.suppress_warnings()\nw = sup.record(UserWarning)\nwith sup:\n    warnings.warn('a')\n    n1 = len(w)\nwith sup:\n    n2 = len(w)\n    warnings.warn('b')\nn1, n2, [str(x.message) for x in w]",
		"import os\nwith np.testing.tempdir(prefix='npt') as d:\n    p = os.path.join(d, 'f.txt')\n    with open(p, 'w') as f:\n        f.write('x')\n    inside = os.path.exists(p), os.path.basename(d)[:3]\ninside, os.path.exists(d), np.testing.IS_PYPY",
		"import os\nwith np.testing.temppath(suffix='.npy') as p:\n    np.save(p, np.arange(3))\n    back = np.load(p)\nback, p.endswith('.npy'), os.path.exists(p)",
		"import numpy.testing\nfrom numpy.testing import assert_allclose, assert_array_equal as aae\nassert_allclose is np.testing.assert_allclose, numpy.testing.assert_allclose([1.0], [1.0]), aae([1], [1]), np.testing.__name__",
	})
}

// TestTestingTensorsMatchTorch covers the common check of a model's
// output against a reference: torch tensors (and their .numpy()) passed
// to numpy.testing, compared with PyTorch 1.13 and NumPy 1.24.
func TestTestingTensorsMatchTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, "import torch\n"+testingPrelude+"w = torch.ones(2, requires_grad=True)\n", []string{
		"fails(np.testing.assert_allclose, w.detach().numpy(), [1., 1.5], rtol=1e-5), fails(np.testing.assert_allclose, w, [1., 1.])",
		"fails(np.testing.assert_array_equal, torch.tensor([1, 2]), torch.tensor([1, 3])), fails(np.testing.assert_allclose, torch.tensor([1., 2.], dtype=torch.float64), np.array([1., 2.]))",
	})
}
