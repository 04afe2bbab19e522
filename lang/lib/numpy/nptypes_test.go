package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestScalarTypeHierarchyMatchesNumPy covers NumPy's abstract scalar
// types (np.generic, np.number, np.integer, np.floating, ...) in
// isinstance and issubclass, np.issubdtype and the constant aliases.
func TestScalarTypeHierarchyMatchesNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude, []string{
		"isinstance(np.float32(1), np.floating), isinstance(np.float64(1), np.floating), isinstance(np.int8(1), np.floating), isinstance(1.0, np.floating)",
		"[isinstance(np.array([1], dtype=d)[0], c) for d in ['bool', 'uint8', 'int16', 'int64', 'uint64', 'float16', 'float32', 'complex64', 'complex128'] for c in [np.generic, np.number, np.integer, np.signedinteger, np.unsignedinteger, np.inexact, np.floating, np.complexfloating]]",
		"issubclass(np.float32, np.floating), issubclass(np.int32, np.signedinteger), issubclass(np.uint8, np.signedinteger), issubclass(np.floating, np.number), issubclass(np.number, np.floating), issubclass(np.bool_, np.number), issubclass(np.bool_, np.generic)",
		"np.issubdtype(np.int32, np.integer), np.issubdtype(np.float32, np.floating), np.issubdtype(np.arange(3).dtype, np.floating), np.issubdtype(np.ones(2).dtype, np.floating), np.issubdtype(np.ones(2).dtype, np.number)",
		"np.issubdtype('float32', np.floating), np.issubdtype(np.float32, np.float64), np.issubdtype(np.float64, float), np.issubdtype(np.int64, int), np.issubdtype(np.complex64, np.complexfloating), np.issubdtype(np.uint16, np.unsignedinteger)",
		"np.issubdtype(np.floating, np.inexact), np.issubdtype(np.bool_, np.integer), np.issubdtype(np.dtype('i4'), 'i4'), np.issubdtype(np.float32, 'float')",
		"np.floating, np.generic, np.number, np.integer, np.signedinteger, np.unsignedinteger, np.inexact, np.complexfloating, np.floating.__name__",
		"np.NAN, np.NZERO, np.PZERO, np.infty, np.little_endian, {np.floating: 1}[np.floating]",
		"isinstance(np.int64(3), (int, np.integer)), isinstance(3, (int, np.integer)), isinstance(np.arange(3)[0], np.integer), isinstance(np.float32(1), (np.integer, np.floating)), np.issubdtype(np.bool_, np.number)",
		"np.issubdtype(np.float32, 'nope')", "np.floating()", "np.generic(1)",
		"isinstance(np.float64(1), np.generic), np.array([1.5]).dtype.type, issubclass(np.array([1.5]).dtype.type, np.floating), np.issubdtype(np.float64, np.generic)",
		// np.object_ is there as a class (the dtype of object arrays)
		"np.object_, np.object_.__name__, issubclass(np.object_, np.generic), issubclass(np.float64, np.object_), isinstance(np.float64(1), np.object_), np.issubdtype(np.float64, np.object_)",
	})
}

// TestCommonTypeMatchesNumPy covers np.common_type: the widest precision
// of the arrays (integers as float64), complex when one is, float16 for
// none, and NumPy's TypeError for bools.
func TestCommonTypeMatchesNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude, []string{
		"np.common_type(np.array([1]), np.array([1.0], np.float32)), np.common_type(np.array([1], np.int8)), np.common_type(np.array([1], np.uint64))",
		"np.common_type(np.array([1], np.float16)), np.common_type(np.array([1], np.float32)), np.common_type(np.array([1], np.float16), np.array([1], np.float32))",
		"np.common_type(np.array([1], np.float32), np.array([1j], np.complex64)), np.common_type(np.array([1], np.float64), np.array([1j], np.complex64))",
		"np.common_type(np.array([1], np.float16), np.array([1j], np.complex64)), np.common_type(np.array([1j])), np.common_type(), np.common_type(np.float32(1))",
		"np.common_type(np.array([True]))", "np.common_type(np.array([1.0]), np.array([False]))", "np.common_type(1.0)",
	})
}

// TestArrayTextMatchesNumPy covers np.array2string, np.array_repr and
// np.array_str with their options.
func TestArrayTextMatchesNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+"a = np.array([[1.123456789, 2.5], [-3.25, 1e-9]])\n", []string{
		"np.array2string(a), np.array2string(a, separator=', '), np.array2string(a, precision=3), np.array2string(a, suppress_small=True)",
		"np.array2string(np.arange(30), max_line_width=40), np.array2string(np.arange(5), prefix='xxxxx(', separator=','), np.array2string(np.array([]))",
		"np.array2string(np.arange(2000), threshold=10, edgeitems=2), np.array2string(np.array(1.5)), np.array2string(np.array([True, False]))",
		"np.array2string(np.array([1e10, 1]), separator=', '), np.array2string(np.array([[1, 2], [3, 4]]), prefix='  ')",
		"np.array2string([1, 2, 3]), np.array2string(np.float32([0.1, 1.5]), separator=', ')",
		"np.array_repr(a), np.array_repr(a, precision=2), np.array_repr(np.float32([1, 2])), np.array_repr(np.arange(30), max_line_width=30), np.array_repr(a, suppress_small=True)",
		"np.array_str(a), np.array_str(a, precision=2), np.array_str(np.arange(30), 40), np.array_str(np.array(2.5)), np.array_str([1, 2])",
		"np.array_repr([1, 2])",
	})
}

// TestTextIOMatchesNumPy covers np.loadtxt, np.savetxt, np.genfromtxt and
// np.fromiter on lists of lines, io.StringIO files and paths.
func TestTextIOMatchesNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+"import io, os, tempfile\nd = tempfile.mkdtemp()\n", []string{
		"np.loadtxt(['1 2 3', '4 5 6']), np.loadtxt(['1,2', '3,4'], delimiter=','), np.loadtxt(['# head', '1 2', '3 4 # note'], dtype=int)",
		"np.loadtxt(['x y', '1 2', '3 4'], skiprows=1), np.loadtxt(['1 2 3', '4 5 6'], usecols=(0, 2)), np.loadtxt(['1 2 3', '4 5 6'], usecols=1)",
		"np.loadtxt(['1 2', '3 4'], unpack=True), np.loadtxt(['5']), np.loadtxt(['5'], ndmin=2), np.loadtxt(['1 2 3']), np.loadtxt(['1', '2'], ndmin=2)",
		"np.loadtxt(['1 2', '3 4', '5 6'], max_rows=2), np.loadtxt(['% c', '1;2'], comments='%', delimiter=';'), np.loadtxt(['1 2'], dtype=np.float32)",
		"np.loadtxt(io.StringIO('1 2\\n3 4\\n')), np.loadtxt(['1+2j 3'], dtype=complex)",
		"np.loadtxt(['1 2 3', '4 5'])", "np.loadtxt(['1 a 3'])", "np.loadtxt(['1 2'], ndmin=3)",
		"f = io.StringIO()\nnp.savetxt(f, np.array([[1.5, 2], [3, 4]]))\nf.getvalue()",
		"f = io.StringIO()\nnp.savetxt(f, np.arange(3), fmt='%d')\nf.getvalue()",
		"f = io.StringIO()\nnp.savetxt(f, np.array([[1.5, 2], [3, 4]]), fmt='%.2f', delimiter=',', header='a,b\\nmore', footer='end', comments='// ')\nf.getvalue()",
		"f = io.StringIO()\nnp.savetxt(f, np.array([[1, 2], [3, 4]]), fmt=['%d', '%.1f'])\nnp.savetxt(f, np.array([[1, 2]]), fmt='%d|%x')\nf.getvalue()",
		"p = os.path.join(d, 'a.csv')\nnp.savetxt(p, np.array([[1, 2.5], [3, 4]]), delimiter=',', fmt='%g', header='x,y', comments='')\nopen(p).read(), np.loadtxt(p, delimiter=',', skiprows=1)",
		"np.savetxt(io.StringIO(), np.ones((2, 2, 2)))", "np.savetxt(io.StringIO(), np.ones((2, 2)), fmt='%d %d %d')",
		"np.genfromtxt(['1,2,3', '4,,6'], delimiter=','), np.genfromtxt(['a,b', '1,2'], delimiter=',', skip_header=1), np.genfromtxt(['1 2', '3 4', '5 6'], skip_footer=1)",
		"np.genfromtxt(['1,2,3'], delimiter=','), np.genfromtxt(['1,,3'], delimiter=',', filling_values=0), np.genfromtxt(io.StringIO('1 2\\n3 4'), usecols=1)",
		"np.genfromtxt(['1,,3'], delimiter=',', dtype=int), np.genfromtxt(['1,x,3'], delimiter=','), np.genfromtxt(['1 2', '3 4'], unpack=True)",
		"np.genfromtxt(['1,2,3', '4,6'], delimiter=',')",
		"np.fromiter(range(5), int), np.fromiter((x * x for x in range(4)), dtype=np.float32), np.fromiter(iter([1, 2, 3]), float, count=2), np.fromiter([], int)",
		"np.fromiter(range(2), int, count=5)", "np.loadtxt(3)", "np.savetxt(3, [1])",
		"np.loadtxt(['1 2', '', '3 4']), np.loadtxt(['1, 2', '3 ,4'], delimiter=','), np.loadtxt(['1 2', '3 4'], dtype=int, usecols=[0])",
	})
}
