package numpy

import (
	_ "embed" // matrix.py

	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/warnings" // matrix.py imports warnings
)

// np.matrix, np.asmatrix, np.mat and np.bmat are Python (matrix.py), as
// NumPy's numpy/matrixlib/defmatrix.py is: matrix derives from
// np.ndarray through kael's ndarray subclasses (subclass.go), its
// __array_finalize__ keeping every result 2-d, its * the matrix product
// and ** the matrix power, its reductions matrices (a scalar over all
// axes), and its creation NumPy's PendingDeprecationWarning. The private
// source module _numpy_matrix runs once per session the first time one of
// them is called.

//go:embed matrix.py
var matrixSource string

func init() {
	defineLater(func() {
		lang.RegisterSourceModule("_numpy_matrix", "np.matrix, np.asmatrix, np.mat and np.bmat, written in Python over kael's ndarray subclasses (kael's own code, behaving as NumPy 1.24's numpy/matrixlib).", matrixSource)
	})
}

// matrixFuncs are the functions of matrix.py: NumPy's signature and what
// each does.
var matrixFuncs = []sourceFunc{
	{"asmatrix(data, dtype=None)", "Interpret the input as a matrix, without a copy when it is already a matrix or an ndarray (matrix(data, copy=False))."},
	{"bmat(obj, ldict=None, gdict=None)", "Build a matrix from a nested sequence of blocks ([[A, B], [C, D]]), or from a string of names ('A, B; C, D') looked up in ldict and gdict (kael needs gdict=: it cannot read the caller's variables)."},
}

// defMatrix adds np.matrix, np.asmatrix, np.mat and np.bmat.
func defMatrix(m map[string]lang.Value) {
	matrix := newSourceClass("matrix", "_numpy_matrix", "matrix(data, dtype=None, copy=True)",
		"A 2-d array that stays 2-d through operations (m[0] is a 1xN matrix, reductions over an axis are matrices): * is the matrix product, ** the matrix power, .I the inverse, .H the conjugate transpose, .T, .A (the ndarray), .A1 (flattened); from an array-like object or a string ('1 2; 3 4'). NumPy no longer recommends it (a PendingDeprecationWarning).")
	matrix.base = ndarrayClass
	m["matrix"] = matrix
	defSourceFuncs(m, "_numpy_matrix", matrixFuncs)
	m["mat"] = m["asmatrix"]
}
