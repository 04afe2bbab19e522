package numpy

import (
	_ "embed" // testing.py

	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/contextlib" // testing.py imports contextlib
	_ "github.com/kael-dev/kael/lang/lib/difflib"    // testing.py imports difflib
	_ "github.com/kael-dev/kael/lang/lib/operator"   // testing.py imports operator
	_ "github.com/kael-dev/kael/lang/lib/os"         // testing.py imports os
	_ "github.com/kael-dev/kael/lang/lib/pprint"     // testing.py imports pprint
	_ "github.com/kael-dev/kael/lang/lib/re"         // testing.py imports re
	_ "github.com/kael-dev/kael/lang/lib/shutil"     // testing.py imports shutil
	_ "github.com/kael-dev/kael/lang/lib/tempfile"   // testing.py imports tempfile
	_ "github.com/kael-dev/kael/lang/lib/traceback"  // testing.py imports traceback
	_ "github.com/kael-dev/kael/lang/lib/unittest"   // testing.py imports unittest
	_ "github.com/kael-dev/kael/lang/lib/warnings"   // testing.py imports warnings
)

// numpy.testing: NumPy's assertions (assert_allclose, assert_array_equal,
// assert_equal, ...), written in Python (testing.py) over kael's NumPy as
// NumPy writes them over its own, with NumPy 1.24's failure messages. The
// code is the private source module _numpy_testing, run once per session
// the first time one of its functions is called; numpy.testing is a
// module of builtins with NumPy's signatures that forward to it, so that
// import numpy.testing, from numpy.testing import ... and np.testing.x
// all reach it (np.testing as NumPy's lazy attribute does).

//go:embed testing.py
var testingSource string

// testingFuncs are numpy.testing's functions: NumPy's signature and what
// each does.
var testingFuncs = []sourceFunc{
	{"assert_allclose(actual, desired, rtol=1e-07, atol=0, equal_nan=True, err_msg='', verbose=True)", "Raise AssertionError unless actual and desired have one shape (or one is a scalar) and abs(actual - desired) <= atol + rtol * abs(desired) everywhere (np.isclose); NaNs compare equal with equal_nan. The message shows the mismatched elements, the largest differences and both arrays."},
	{"assert_array_equal(x, y, err_msg='', verbose=True, *, strict=False)", "Raise AssertionError unless x and y have one shape (or one is a scalar) and equal elements, NaNs at the same places; strict=True also requires equal shapes and dtypes."},
	{"assert_equal(actual, desired, err_msg='', verbose=True)", "Raise AssertionError unless actual and desired are equal: dicts, lists and tuples item by item, arrays element by element, NaN equal to NaN, 0.0 not equal to -0.0."},
	{"assert_almost_equal(actual, desired, decimal=7, err_msg='', verbose=True)", "Raise AssertionError unless abs(desired - actual) < 1.5 * 10**-decimal (arrays, lists and tuples element by element)."},
	{"assert_array_almost_equal(x, y, decimal=6, err_msg='', verbose=True)", "Raise AssertionError unless x and y have one shape and abs(y - x) < 1.5 * 10**-decimal everywhere, NaNs and infinities at the same places."},
	{"assert_array_less(x, y, err_msg='', verbose=True)", "Raise AssertionError unless x < y everywhere (shapes as assert_array_equal's), NaNs at the same places."},
	{"assert_approx_equal(actual, desired, significant=7, err_msg='', verbose=True)", "Raise AssertionError unless the numbers actual and desired agree to significant digits."},
	{"assert_array_compare(comparison, x, y, err_msg='', verbose=True, header='', precision=6, equal_nan=True, equal_inf=True, *, strict=False)", "The comparison under the array assertions: raise AssertionError with header unless comparison(x, y) is true wherever x and y are not both NaN (or the same infinity)."},
	{"assert_array_almost_equal_nulp(x, y, nulp=1)", "Raise AssertionError unless abs(x - y) <= nulp * spacing(max(abs(x), abs(y))) everywhere."},
	{"assert_array_max_ulp(a, b, maxulp=1, dtype=None)", "Raise AssertionError unless a and b are at most maxulp floats apart everywhere; return the distances."},
	{"assert_raises(*args, **kwargs)", "assert_raises(exception_class, callable, *args, **kwargs) fails unless the call raises exception_class; assert_raises(exception_class) is a context manager that fails unless its block does (unittest's assertRaises)."},
	{"assert_raises_regex(exception_class, expected_regexp, *args, **kwargs)", "assert_raises whose exception's message must also match expected_regexp (unittest's assertRaisesRegex)."},
	{"assert_warns(warning_class, *args, **kwargs)", "assert_warns(warning_class, func, *args, **kwargs) calls func and fails unless it warned warning_class, returning its result; assert_warns(warning_class) is a context manager that fails unless its block does."},
	{"assert_no_warnings(*args, **kwargs)", "assert_no_warnings(func, *args, **kwargs) calls func and fails if it warned, returning its result; assert_no_warnings() is a context manager that fails if its block warns."},
	{"assert_(val, msg='')", "Raise AssertionError(msg) when val is false (a callable msg gives the text), even under python -O."},
	{"assert_string_equal(actual, desired)", "Raise AssertionError, with difflib's lines that differ, unless the strings actual and desired are equal."},
	{"build_err_msg(arrays, err_msg, header='Items are not equal:', verbose=True, names=('ACTUAL', 'DESIRED'), precision=8)", "The text of a failed assertion: header, err_msg and the repr of each array under its name."},
	{"print_assert_equal(test_string, actual, desired)", "Raise AssertionError, with test_string and both objects pretty-printed, unless actual == desired."},
	{"tempdir(*args, **kwargs)", "A context manager giving a new temporary directory (tempfile.mkdtemp's arguments: suffix, prefix, dir), removed with its contents at the end."},
	{"temppath(*args, **kwargs)", "A context manager giving the path of a new, closed temporary file (tempfile.mkstemp's arguments: suffix, prefix, dir, text), removed at the end."},
	{"suppress_warnings(forwarding_rule='always')", "A context manager (and decorator) whose filter(category, message) hides matching warnings and whose record(category, message) hides and collects them in the list it returns (filled when the block ends); other warnings pass on per forwarding_rule: always, once, module or location."},
}

var testingModule = func() *lang.Module {
	m := map[string]lang.Value{}
	defSourceFuncs(m, "_numpy_testing", testingFuncs)
	m["IS_PYPY"] = false
	return &lang.Module{Name: "numpy.testing", Attrs: m, Doc: "NumPy's test assertions, with NumPy 1.24's messages: assert_allclose, assert_array_equal, assert_equal, assert_almost_equal, assert_array_less, assert_raises, assert_warns, ..."}
}()

func init() {
	defineLater(func() {
		lang.RegisterSourceModule("_numpy_testing", "numpy.testing's assertions, written in Python over kael's NumPy (kael's own code, behaving as NumPy 1.24's numpy/testing/_private/utils.py).", testingSource)
		lang.RegisterModule("numpy.testing", "NumPy's test assertions: assert_allclose, assert_array_equal, assert_equal, assert_raises, assert_warns, ...", func() *lang.Module { return testingModule })
	})
}
