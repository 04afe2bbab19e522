package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// npnamesPrelude gives W(f): f's value and the warnings it issued, as
// (category, message) pairs.
const npnamesPrelude = prelude + `import warnings
def W(f):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        r = f()
    return r, [(x.category.__name__, str(x.message)) for x in w]
`

// TestNpnamesFunctionsMatchNumPy covers np.fabs, np.float_power,
// np.divmod (ufuncs, their dtypes, warnings and errors), np.isnat,
// np.msort, np.asfarray, np.diagonal (a read-only view),
// np.fill_diagonal, np.packbits and np.unpackbits.
func TestNpnamesFunctionsMatchNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, npnamesPrelude, []string{
		"np.fabs(np.array([-1, 2])), np.fabs(np.int8([-3])), np.fabs(True), np.fabs(np.float32([-1.5])), np.fabs(-2), np.fabs(np.int16([-3])).dtype, np.fabs(np.uint8([3])).dtype",
		"np.fabs(-1j)", "np.fabs('a')", "np.fabs(np.array([-1.0, np.nan, -np.inf]), out=np.zeros(3))",
		"type(np.fabs), np.fabs.nin, np.fabs.nout, np.fabs.__name__, type(np.float_power), np.float_power.nin",
		"np.float_power(2, 3), np.float_power(np.float32([2]), 2), np.float_power([2], -1), np.float_power(np.int8([3]), np.int8([2]))",
		"W(lambda: np.float_power(-8, 1/3))", "W(lambda: np.float_power(0, -1))",
		"np.float_power(1j, 2), np.float_power(np.complex64(1j), 2)", "np.float_power('a', 2)",
		"np.float_power(np.arange(4).reshape(2, 2), [[1], [2]])", "o = np.zeros(2)\nnp.float_power([1, 2], 2, out=o) is o, o",
		"np.divmod(np.array([7, -7]), 2), np.divmod(7.5, 2), np.divmod(np.int8([7]), np.int8(3)), np.divmod(np.array([-7.5, 7.5]), [2, -2])",
		"W(lambda: np.divmod(np.array([1., 2]), 0))", "W(lambda: np.divmod(np.int8([7]), np.int8(0)))",
		"with np.errstate(divide='raise'):\n    np.divmod(np.array([1, 2]), 0)",
		"np.divmod(1j, 2)", "np.divmod([1], 'a')", "np.divmod.nin, np.divmod.nout, type(np.divmod)",
		"o, p = np.zeros(2, int), np.zeros(2, int)\nr = np.divmod([7, 8], 3, out=(o, p))\nr[0] is o, r[1] is p, o, p",
		"np.isnat(np.array([1.0]))", "np.isnat(1)", "np.isnat.nin",
		"W(lambda: (np.msort(np.array([3, 1, 2])), np.msort([[3, 1], [1, 2]])))",
		"np.asfarray([1, 2]), np.asfarray(np.int8([1])), np.asfarray(np.float32([1])), np.asfarray([1], dtype=np.int32), np.asfarray([1], dtype=np.float32), np.asfarray([1j], dtype=complex)",
		"W(lambda: np.asfarray(np.complex64([1 + 2j]))), W(lambda: np.asfarray([1j], dtype=np.complex64))",
		"W(lambda: (np.array([1 + 1j]).astype(float), np.array([1j]).astype(bool), np.array([2 + 1j]).astype(np.int8), np.array([1j]).astype(np.complex64)))",
		"with warnings.catch_warnings():\n    warnings.simplefilter('error')\n    np.array([1j]).astype(np.float32)",
		"np.diagonal(np.arange(3))", "np.diagonal(np.ones((2, 2)), axis1=0, axis2=0)", "np.diagonal(np.ones((2, 2)), axis1=2)",
		"np.diagonal(np.arange(24).reshape(2, 3, 4), 1, 2, 0), np.diagonal(np.arange(6).reshape(2, 3), 5), np.diagonal(np.arange(6).reshape(2, 3), -1), np.diagonal([[1, 2], [3, 4]])",
		"np.arange(12).reshape(3, 4).diagonal(1), np.arange(12).reshape(3, 4).diagonal(offset=-1), np.arange(8).reshape(2, 2, 2).diagonal(axis1=1, axis2=2)",
		"a = np.arange(9).reshape(3, 3)\nd = a.diagonal()\na[1, 1] = 40\n(d, d.flags.writeable, np.shares_memory(a, d))",
		"d = np.arange(9).reshape(3, 3).diagonal()\nd[0] = 1",
		"np.arange(9).reshape(3, 3)[::-1].diagonal(), np.arange(9).reshape(3, 3)[:, ::-2].diagonal()",
		"x = np.zeros((3, 3))\nnp.fill_diagonal(x, [1, 2])\nx", "x = np.zeros((5, 2))\nnp.fill_diagonal(x, 7, wrap=True)\nx",
		"x = np.zeros((5, 2))\nnp.fill_diagonal(x, 7)\nx", "x = np.zeros((2, 4), int)\nnp.fill_diagonal(x, 9)\nx",
		"x = np.zeros((2, 2, 2))\nnp.fill_diagonal(x, 1)\nx", "np.fill_diagonal(np.zeros((2, 3, 3)), 1)", "np.fill_diagonal(np.zeros(3), 1)",
		"np.packbits([1, 0, 1, 1, 0, 0, 0, 0, 1]), np.packbits(np.array([[1, 0, 1], [0, 1, 1]]), axis=1), np.packbits([1, 0, 1], bitorder='little'), np.packbits(np.array(1)), np.packbits(np.array([[True, False], [True, True]]), axis=0)",
		"np.packbits([1.0])", "np.packbits([1], bitorder='x')", "np.packbits([[1]], axis=2)", "np.packbits([])",
		"np.unpackbits(np.uint8([5, 255])), np.unpackbits(np.uint8([[5], [7]]), axis=1, count=3), np.unpackbits(np.uint8([5]), bitorder='little'), np.unpackbits(np.uint8(5))",
		"np.unpackbits(np.uint8([5]), count=-3), np.unpackbits(np.uint8([5]), count=10), np.unpackbits(np.uint8([[1, 2], [3, 4]]), axis=0)",
		"np.unpackbits(np.int8([5]))", "np.unpackbits(np.uint8([5]), count=-9)", "np.unpackbits(np.packbits(np.arange(10) % 3 == 0), count=10)",
	})
}

// TestNpnamesEmathMatchesNumPy covers np.emath: real input outside each
// function's domain in complex, NumPy's complex64 for float32 and small
// integers, and glibc's values of casin, cacos and catanh on the real
// axis. np.emath.power of a negative base and arcsin of a complex number
// off the real axis may differ from NumPy's in the last digit (kael's
// complex pow, and the logarithmic formula where NumPy calls glibc), so
// they are compared rounded.
func TestNpnamesEmathMatchesNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, npnamesPrelude, []string{
		"np.emath.sqrt(-1), np.emath.sqrt([-4, 4]), np.emath.sqrt(4), np.emath.sqrt(np.float32(-4)), np.emath.sqrt(np.float32([-4, 1]))",
		"np.emath.log(-1), np.emath.log2(-8), np.emath.log10([-10, 10])",
		"np.emath.logn(2, [-4, 8]), np.emath.logn(-2, 4)",
		"np.emath.power([2, -2], 2), np.emath.power(2, -2), np.emath.power([2, 4], [-1, 2])",
		"z = np.emath.power(-2, 0.5)\ntype(z), round(z.real, 15), round(z.imag, 14)",
		"np.emath.arccos(2), np.emath.arcsin([2, 0.5]), np.emath.arctanh(2), np.emath.arctanh(np.float32([0.5])), np.emath.arccos([0.5, 1])",
		"np.emath.sqrt(np.int8([-4])), np.emath.sqrt(np.int32([-4])).dtype, np.emath.sqrt(np.array([-1+0j]))",
		"np.emath.arcsin([2, -2, 0.5, -0.5, 1, -1, 0]).tolist()", "np.emath.arccos([2, -2, 0.5, -0.5, 1, -1, 0]).tolist()",
		"np.emath.arctanh([2, -2, 0.5, -0.5, 0, 3]).tolist()",
		"np.emath.arcsin(np.float32([2, 0.5])), np.emath.arccos(np.float32(3)), np.emath.arctanh(np.float32([-3]))",
		"np.emath.log2([-8, 2]).tolist(), np.emath.log10(-100), np.emath.log10(np.float32(-10)), np.emath.log2(np.float32([-1]))",
		"z = np.emath.arcsin(2j)\nround(z.real, 12), round(z.imag, 12)",
		"import numpy.lib.scimath as s\ns is np.emath, np.lib.scimath is np.emath, np.emath.__name__, np.emath.sqrt.__module__",
	})
}

// TestNpnamesMethodsMatchNumPy covers the ndarray methods diagonal,
// trace, compress, choose, itemset, byteswap, tostring, getfield,
// setfield and newbyteorder.
func TestNpnamesMethodsMatchNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, npnamesPrelude, []string{
		"np.arange(6).reshape(2, 3).trace(), np.arange(24).reshape(2, 3, 4).trace(1, 1, 2), np.eye(3).trace(dtype=int), np.arange(6).reshape(2, 3).trace(offset=-1)",
		"np.arange(4).compress([1, 0, 1]), np.arange(6).reshape(2, 3).compress([False, True], axis=0), np.arange(6).reshape(2, 3).compress([1, 0, 1], 1)",
		"np.array([0, 1, 0]).choose([[1, 2, 3], [4, 5, 6]]), np.array([2, 3]).choose([1, 2, 3], mode='clip'), np.array([2, 3]).choose([[1, 2], [4, 5], [7, 8]], mode='wrap')",
		"np.arange(6.).choose([0])",
		"a = np.arange(6).reshape(2, 3)\na.itemset((0, 1), 7)\na.itemset(2, 8)\na.itemset(1, 2, 9)\na.itemset(-1, 4)\na",
		"np.arange(6).itemset(10, 1)", "np.arange(6).itemset()", "np.arange(6).itemset(1)", "a = np.ones((1, 1))\na.itemset(5)\na",
		"np.arange(6).reshape(2, 3).itemset(6, 1)",
		"np.arange(3).byteswap(), np.arange(2.).byteswap(), np.complex64([1+2j]).byteswap(), np.float16([1]).byteswap(), np.array([True]).byteswap(), np.int8([5, -1]).byteswap(), np.uint16([1, 256]).byteswap()",
		"a = np.arange(3, dtype=np.int32)\nb = a.byteswap(inplace=True)\n(a, b is a)", "np.arange(6, dtype=np.int16).reshape(2, 3).T.byteswap()",
		"W(lambda: (np.ones((2, 2)).tostring(), np.arange(4, dtype=np.int8).reshape(2, 2).tostring('F')))",
		"np.float64([1.5]).getfield(np.int32, 4), np.int64([1, 258]).getfield(np.int8), np.int64([1, 258]).getfield(np.uint8, 1), np.complex128([1+2j]).getfield(np.float64, 8), np.arange(4, dtype=np.int32).reshape(2, 2).getfield(np.int16)",
		"np.float64([1.5]).getfield(np.int32, 6)", "np.float64([1.5]).getfield(np.int32, -1)",
		"a = np.zeros(2, dtype=np.int32)\na.setfield(1, np.int8, 1)\na", "a = np.zeros(2)\na.setfield([3.0, 4.0], np.float32, 4)\na",
		"a = np.zeros((2, 2), dtype=np.complex128)\na.setfield(5, np.float64, 8)\na", "np.zeros(2).setfield(1, np.float64, 4)",
		"np.arange(6).newbyteorder('x')", "np.arange(6).newbyteorder('<'), np.arange(3).newbyteorder('='), np.int8([1, 2]).newbyteorder()",
	})
}

// TestNpnamesKaelLimits covers what kael cannot be: a big-endian view,
// pickled arrays.
func TestNpnamesKaelLimits(t *testing.T) {
	langtest.CheckCellCases(t, prelude, []langtest.Case{
		{Src: "np.arange(3.0).newbyteorder()", Want: "NotImplementedError: kael's dtypes are little-endian only: a.newbyteorder('S') would be a view of float64 as big-endian, which kael cannot make; a.byteswap() gives the swapped values in a new little-endian array"},
		{Src: "np.arange(3).dumps()", Want: "NotImplementedError: kael cannot pickle NumPy arrays (ndarray.dumps, ndarray.dump, pickle.dumps(a)): np.save and np.load write and read NumPy's .npy format, and a.tobytes() with np.frombuffer keep the raw elements"},
		{Src: "np.arange(3).dump('x.pkl')", Want: "NotImplementedError: kael cannot pickle NumPy arrays (ndarray.dumps, ndarray.dump, pickle.dumps(a)): np.save and np.load write and read NumPy's .npy format, and a.tobytes() with np.frombuffer keep the raw elements"},
	})
}

// TestNpnamesLinalgMatchesNumPy covers np.linalg's cond (every order,
// stacks, singular matrices, NaN input, NumPy's errors), multi_dot (the
// order NumPy picks, 1-d ends, out=), tensorinv and tensorsolve. The
// orders None, 2 and -2 divide singular values, which kael's SVD (gonum's
// LAPACK) may give in other last bits than OpenBLAS's: compared rounded.
func TestNpnamesLinalgMatchesNumPy(t *testing.T) {
	const a = "a = np.array([[1., 2], [3, 4]])\n"
	langtest.CheckMatchesCPython(t, npnamesPrelude, []string{
		a + "[np.linalg.cond(a, p) for p in ('fro', 'nuc', np.inf, -np.inf, 1, -1)]",
		a + "[round(float(np.linalg.cond(a, p)), 12) for p in (None, 2, -2)], type(np.linalg.cond(a))",
		"[np.linalg.cond(np.array([[1., 0], [0, 0]]), p) for p in (None, 'fro', np.inf, 1, -1, 2, -2)]",
		"np.linalg.cond(np.ones((2, 3))) > 1e15", "np.linalg.cond(np.ones((2, 3)), 1)", a + "np.linalg.cond(a, 3)", a + "np.linalg.cond(a, 'x')",
		"np.linalg.cond(np.ones(3))", "np.linalg.cond(np.zeros((0, 0)))",
		"np.linalg.cond(np.array([[[1., 2], [3, 4]], [[2, 0], [0, 1]]])).round(8), np.linalg.cond(np.array([[[1., 2], [3, 4]], [[2, 0], [0, 0]]]), 1)",
		"np.linalg.cond(np.float32([[1, 2], [3, 4]])).dtype, np.linalg.cond(np.float32([[1, 2], [3, 4]]), 1).dtype",
		"np.linalg.cond(np.array([[1., np.nan], [3, 4]]), 1)", "round(float(np.linalg.cond([[2, 1], [1, 3]])), 12)",
		"np.linalg.multi_dot([np.ones(3), np.ones((3, 2)), np.ones(2)])", "np.linalg.multi_dot([np.ones(3)])",
		"np.linalg.multi_dot([np.arange(6).reshape(2, 3), np.arange(12).reshape(3, 4), np.arange(4).reshape(4, 1), np.arange(5).reshape(1, 5)])",
		"np.linalg.multi_dot([np.arange(3), np.arange(12).reshape(3, 4), np.arange(4)]), np.linalg.multi_dot([np.arange(3), np.arange(12).reshape(3, 4), np.ones((4, 2))])",
		"np.linalg.multi_dot([np.ones((2, 2, 2)), np.ones((2, 2))])", "np.linalg.multi_dot([np.ones((2, 2, 2)), np.ones((2, 2)), np.ones((2, 2))])",
		"o = np.zeros((2, 2))\nr = np.linalg.multi_dot([np.eye(2), np.eye(2) * 2, np.ones((2, 2)), np.eye(2)], out=o)\nr is o, o",
		"np.linalg.tensorinv(np.eye(4*6).reshape(4, 6, 8, 3), ind=2).shape", "np.linalg.tensorinv(np.eye(4).reshape(4, 2, 2), ind=1)",
		"np.linalg.tensorinv(np.eye(4).reshape(4, 2, 2), ind=0)",
		"np.linalg.tensorsolve(np.eye(6).reshape(6, 2, 3), np.ones(6))", "np.linalg.tensorsolve(np.ones((2, 3)), np.ones(3))",
		"a = np.eye(6).reshape(2, 3, 6) * 2\nnp.linalg.tensorsolve(a, np.arange(6.).reshape(2, 3))",
		"np.linalg.tensorsolve(np.eye(6).reshape(2, 3, 2, 3) * 3, np.ones((2, 3)), axes=(0, 1))",
	})
}

// TestNpnamesTypesAndModulesMatchNumPy covers the names of NumPy's types
// kael has no dtype for (their place in NumPy's hierarchy), the warning
// classes, numpy.version and np.source's text.
func TestNpnamesTypesAndModulesMatchNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, npnamesPrelude, []string{
		"np.longdouble, np.clongdouble, np.float128, np.complex256, np.longfloat, np.clongfloat, np.longcomplex, np.datetime64, np.timedelta64, np.void",
		"np.longdouble is np.float128, np.clongdouble is np.complex256, np.float128.__name__, np.void.__module__",
		"issubclass(np.longdouble, np.floating), issubclass(np.clongdouble, np.complexfloating), issubclass(np.timedelta64, np.signedinteger), issubclass(np.datetime64, np.generic), issubclass(np.datetime64, np.number), issubclass(np.void, np.flexible)",
		"np.issubdtype(np.float64, np.longdouble), isinstance(np.float64(1), np.longdouble), isinstance(1.0, np.float128), np.issubdtype(np.longdouble, np.floating)",
		"a = np.zeros(2, dtype=[('x', 'f4'), ('y', 'i8')])\nisinstance(a[0], np.void), isinstance(a[0], np.generic), isinstance(a[0], np.number)",
		"np.ComplexWarning.__mro__, np.RankWarning.__mro__, np.VisibleDeprecationWarning.__mro__, np.RankWarning.__module__",
		"W(lambda: warnings.warn('x', np.VisibleDeprecationWarning))",
		"try:\n    raise np.ComplexWarning('c')\nexcept RuntimeWarning as e:\n    r = repr(e)\nr",
		"np.version.version, np.version.short_version, np.version.full_version, np.version.release, np.version.__name__, np.version.version == np.__version__",
		"from numpy.version import version, git_revision\nversion, len(git_revision)",
		"import io\nf = io.StringIO()\nnp.source(np.add, output=f)\nf.getvalue()",
		"import io\nf = io.StringIO()\nnp.lookfor('qzxv nothing', output=f)\nf.getvalue()",
	})
}

// TestNpnamesKaelTypesAndHelp covers what kael says where NumPy has a
// dtype kael lacks, and its np.info, np.lookfor and np.test.
func TestNpnamesKaelTypesAndHelp(t *testing.T) {
	langtest.CheckCellCases(t, prelude, []langtest.Case{
		{Src: "np.longdouble(1)", Want: "NotImplementedError: kael's NumPy has no np.longdouble (np.float128, x86-64's 80-bit extended float): its widest float is np.float64"},
		{Src: "np.clongdouble(1)", Want: "NotImplementedError: kael's NumPy has no np.clongdouble (np.complex256, of two 80-bit extended floats): its widest complex is np.complex128"},
		{Src: "np.datetime64('2020-01-01')", Want: "NotImplementedError: kael's NumPy has no datetime64 dtype: np.datetime64 names the class only; Python's datetime module has dates and times"},
		{Src: "np.timedelta64(1, 'D')", Want: "NotImplementedError: kael's NumPy has no timedelta64 dtype: np.timedelta64 names the class only; Python's datetime.timedelta has durations"},
		{Src: "np.void(b'ab')", Want: "NotImplementedError: kael's NumPy makes no np.void scalars: its records (a[i] of a structured array) are np.void instances, made by indexing"},
		{Src: "np.zeros(2, dtype=np.longdouble)", Want: "TypeError: kael's NumPy has no dtype float128: its arrays are bool, uint8, int8, uint16, int16, uint32, int32, uint64, int64, float16, float32, float64, complex64 or complex128"},
		{Src: "np.finfo(np.clongdouble)", Want: "TypeError: kael's NumPy has no dtype complex256: its arrays are bool, uint8, int8, uint16, int16, uint32, int32, uint64, int64, float16, float32, float64, complex64 or complex128"},
		{Src: "np.dtype(np.datetime64)", Want: "TypeError: kael's NumPy has no dtype datetime64: its arrays are bool, uint8, int8, uint16, int16, uint32, int32, uint64, int64, float16, float32, float64, complex64 or complex128"},
		{Src: "np.linalg.cond(np.array([[1+1j, 2], [3, 4]]), 'fro')", Want: "TypeError: kael's np.linalg takes real arrays, not complex128 ones"},
		{Src: "import io\nf = io.StringIO()\nnp.info(np.zeros((2, 3), np.float32), output=f)\nf.getvalue()", Want: `"class:  ndarray\nshape:  (2, 3)\nstrides:  (12, 4)\nitemsize:  4\naligned:  True\ncontiguous:  True\nfortran:  False\ndata pointer: (kael's arrays give no address)\nbyteorder:  little\nbyteswap:  False\ntype: float32\n"`},
		{Src: "import io\nf = io.StringIO()\nnp.info('packbits', output=f)\nnp.info('nosuch', output=f)\nf.getvalue().splitlines()[0], f.getvalue().splitlines()[-1]", Want: `(" packbits(a, axis=None, bitorder='big')", 'Help for nosuch not found.')`},
		{Src: "import io\nf = io.StringIO()\nnp.lookfor('fill diagonal', output=f)\nf.getvalue().splitlines()[:3]", Want: `["Search results for 'fill diagonal'", '----------------------------------', 'numpy.fill_diagonal']`},
		{Src: "np.test()", Want: "NotImplementedError: kael's NumPy has no test suite to run: NumPy's tests are pytest files over NumPy's C core; kael's are Go tests that compare it with NumPy (go test ./lang/lib/numpy)"},
	})
}

// TestNpnamesCoreMatchesNumPy covers numpy.core and its modules numeric,
// multiarray, umath and fromnumeric (np's own names in kael) and the
// axis helpers libraries import from them.
func TestNpnamesCoreMatchesNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, npnamesPrelude, []string{
		"np.core.numeric.isclose is np.isclose, np.core.multiarray.array is np.array, np.core.umath.maximum is np.maximum, np.core.fromnumeric.sum is np.sum, np.core.float64 is np.float64",
		"from numpy.core.multiarray import normalize_axis_index\nnormalize_axis_index(-1, 3), normalize_axis_index(2, 3)",
		"np.core.multiarray.normalize_axis_index(3, 2)", "np.core.multiarray.normalize_axis_index(3, 2, 'axis1')",
		"from numpy.core.numeric import normalize_axis_tuple\nnormalize_axis_tuple(-1, 2), normalize_axis_tuple([0, -1], 3)",
		"np.core.numeric.normalize_axis_tuple((0, 0), 2)", "np.core.numeric.normalize_axis_tuple((0, -2), 2, 'axes')",
		"np.core.numeric.normalize_axis_tuple((0, -2), 2, allow_duplicate=True)",
		"import numpy.core.numeric as n\nn.__name__, np.core.__name__, np.core.numeric is n, hasattr(np, 'normalize_axis_index')",
	})
}
