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

// TestConversionsMatchNumPy covers np.asanyarray (an ndarray subclass
// passes through), np.asfortranarray (a column-major copy unless the array
// is one already, at least 1-d), np.ascontiguousarray and np.require with
// its requirement letters and names, their identity (a itself when
// nothing needs changing), flags, dtypes and errors.
func TestConversionsMatchNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+"m = np.arange(6.).reshape(2, 3)\nclass A(np.ndarray): pass\nv = m.view(A)\n", []string{
		"np.asanyarray(m) is m, np.asanyarray(v) is v, type(np.asanyarray(v)).__name__, np.asanyarray([1, 2]), np.asanyarray((1.5, 2)), np.asanyarray(3)",
		"np.asanyarray(m, dtype=np.float64) is m, np.asanyarray(m, dtype=np.float32), type(np.asanyarray(v, dtype=np.int32)).__name__, np.asanyarray(m, order='C') is m",
		"f = np.asanyarray(m, order='F')\n(f.flags.f_contiguous, f.flags.c_contiguous, f.strides, (f == m).all(), np.asanyarray(m.T, order='F') is not None)",
		"np.asanyarray([1, 2], order='X')",
		"f = np.asfortranarray(m)\n(f.flags.f_contiguous, f.flags.c_contiguous, f.flags.owndata, f.strides, f, f is m, np.asfortranarray(f) is f)",
		"np.asfortranarray(m.T) is not m, np.asfortranarray(m.T).base is m, np.asfortranarray(5), np.asfortranarray(5).flags.f_contiguous, np.asfortranarray([[1, 2], [3, 4]], dtype=np.float32).strides",
		"type(np.asfortranarray(v)).__name__, np.asfortranarray(np.arange(4)).flags.c_contiguous, np.asfortranarray(np.zeros((2, 3, 4))).strides",
		"c = np.ascontiguousarray(m.T)\n(c.flags.c_contiguous, c.strides, c, np.ascontiguousarray(m) is m, np.ascontiguousarray(5))",
		"r = np.require(m, requirements='F')\n(r.flags.f_contiguous, r.strides, r is m, np.require(m, requirements=['C', 'W']) is m, np.require(m) is m)",
		"r = np.require(v, dtype=np.float32, requirements=['A', 'O', 'W'])\n(type(r).__name__, r.dtype, r.flags.owndata)",
		"type(np.require(v, requirements='E')).__name__, type(np.require(v, requirements=['C'])).__name__, np.require(v, requirements='E') is v",
		"r = np.require(m[:, ::2], requirements=['c_contiguous', 'aligned'])\n(r.flags.c_contiguous, r)",
		"r = np.require(m[:, 1:], requirements='O')\n(r.flags.owndata, r.flags.c_contiguous)",
		"r = np.require(m.T, requirements='O')\n(r.flags.owndata, r.flags.f_contiguous, r.flags.c_contiguous)",
		"np.require(np.arange(4).reshape(2, 2), requirements=['F', 'C'])", "np.require([1, 2], requirements='X')", "np.require([1, 2], requirements=['fortran', 'contiguous'])",
	})
}

// TestTypeTablesMatchNumPy covers np.min_scalar_type, np.sctypeDict (the
// entries of kael's dtypes), np.typecodes and np.ScalarType.
func TestTypeTablesMatchNumPy(t *testing.T) {
	const kaelTypes = "names = {'bool_', 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64', 'float16', 'float32', 'float64', 'complex64', 'complex128'}\n"
	langtest.CheckMatchesCPython(t, prelude+kaelTypes, []string{
		"[np.min_scalar_type(x) for x in (10, -260, 0, 255, 256, -128, -129, 2**32, -2**31 - 1, 2**64 - 1, -2**63, True, False)]",
		"[np.min_scalar_type(x) for x in (3.1, 1e50, 70000.0, 65000.0, -64999.0, 65504.0, 1e38, 3.5e38, -3.5e38, np.inf, -np.inf, np.nan, 1e-10, 0.0)]",
		"[np.min_scalar_type(x) for x in (1 + 2j, 1e50 + 2j, 1 + 1e50j, complex(np.inf, 0), np.complex64(1e30j))]",
		"[np.min_scalar_type(x) for x in (np.arange(4), np.array(7), np.float64(3), np.float32(1e30), np.float32(3), np.float16(2), np.int64(-3), np.uint64(3), np.array(300.0), np.array([1.5]), np.bool_(True))]",
		"np.min_scalar_type([1, 2]), np.min_scalar_type([[1.5]]), np.min_scalar_type(np.array(-1, dtype=np.int8)), np.min_scalar_type(np.uint16(70))",
		// NumPy's longlong and ulonglong are classes of their own; kael's are int64 and uint64
		"sorted((str(k), v.__name__) for k, v in np.sctypeDict.items() if v.__name__ in names and k not in (9, 10, 'q', 'Q', 'longlong', 'ulonglong'))",
		"[k for k in np.sctypeDict if type(k) is int and k not in (13, 16, 17, 18, 19, 20, 21, 22)]",
		"np.sctypeDict['q'] is np.longlong, np.sctypeDict[10] is np.ulonglong, np.sctypeDict['longlong'] is np.longlong",
		"np.sctypeDict['f4'], np.sctypeDict['float'], np.sctypeDict['d'], np.sctypeDict['int_'], np.sctypeDict[7], np.sctypeDict['uint'], type(np.sctypeDict).__name__",
		"np.typecodes, np.typecodes['AllFloat'], np.typecodes['AllInteger']",
		"np.ScalarType[:7], [t.__name__ for t in np.ScalarType if t.__name__ in names]",
		"int in np.ScalarType, np.float32 in np.ScalarType, type(np.ScalarType).__name__, isinstance(3.5, np.ScalarType), isinstance(np.int8(1), np.ScalarType), isinstance([1], np.ScalarType)",
	})
}

// TestFromstringMatchesNumPy covers np.fromstring's text mode (sep=, the
// numbers of a dtype, count=, NumPy's DeprecationWarning where the text
// stops matching) and its deprecated binary mode.
func TestFromstringMatchesNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+"import warnings\n", []string{
		"np.fromstring('1 2 3', sep=' '), np.fromstring('1, 2,3', sep=','), np.fromstring('1,2,3', dtype=int, sep=','), np.fromstring('  1  2\\n3 ', sep=' ')",
		"np.fromstring('1 2 3', sep=' ', count=2), np.fromstring('', sep=' '), np.fromstring('1e3 -inf nan +2.5 .5 7.', sep=' '), np.fromstring('1;2', sep=';', dtype=np.float32)",
		"np.fromstring('1 2', sep=' ', dtype=complex), np.fromstring('1,2,', sep=','), np.fromstring('1 0 2', sep=' ', dtype=bool), np.fromstring('-3 4', sep=' ', dtype=np.int8), np.fromstring('1 , 2 ,3', sep=',')",
		"np.fromstring('1 :: 2::3', sep='::'), np.fromstring('1x 2x', sep='x '), np.fromstring('5', sep=','), np.fromstring('1\\t2\\n3', sep=' ', dtype=np.uint16)",
		"with warnings.catch_warnings(record=True) as w:\n    warnings.simplefilter('always')\n    r = (np.fromstring('1 2 x 3', sep=' '), np.fromstring('1,2,,3', sep=','), np.fromstring('1.5 2', dtype=int, sep=' '), np.fromstring('True', sep=' ', dtype=bool))\n(r, [(x.category.__name__, str(x.message)) for x in w])",
		"with warnings.catch_warnings(record=True) as w:\n    warnings.simplefilter('always')\n    r = (np.fromstring(b'\\x01\\x02', dtype=np.uint8), np.fromstring('ab', dtype=np.uint8), np.fromstring(b'\\x00\\x00\\x80\\x3f', dtype=np.float32), np.fromstring(b'\\x01\\x00\\x02\\x00', dtype=np.int16, count=1))\n(r, [(x.category.__name__, str(x.message)) for x in w])",
		"warnings.simplefilter('ignore')\nnp.fromstring(b'abc', dtype=np.int16)", "warnings.simplefilter('ignore')\nnp.fromstring(b'ab', dtype=np.int16, count=2)",
		"warnings.simplefilter('error')\nnp.fromstring(b'ab', dtype=np.uint8)", "warnings.simplefilter('error')\nnp.fromstring('1 x', sep=' ')",
	})
}

// TestShowConfigAndFrompyfunc checks that np.show_config prints kael's
// own build in NumPy's layout (no BLAS or LAPACK library) and that
// np.frompyfunc gives a ufunc of object arrays (objarr_test.go compares
// it with NumPy).
func TestShowConfigAndFrompyfunc(t *testing.T) {
	langtest.RunCells(t, []langtest.Case{
		{Src: "import numpy as np\nnp.show_config()", Want: "~blas_opt_info:\n  NOT AVAILABLE\nlapack_opt_info:\n  NOT AVAILABLE\nkael_info:\n    language = go\n"},
		{Src: "import numpy as np\nnp.show_config() is None", Want: "~True"},
		{Src: "import numpy as np\nnp.frompyfunc(lambda x: x + 1, 1, 1)(np.arange(2))", Want: "array([1, 2], dtype=object)"},
	})
}
