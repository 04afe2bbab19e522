package numpy

import (
	_ "embed" // npshape.py

	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/math"     // npshape.py imports math
	_ "github.com/kael-dev/kael/lang/lib/warnings" // and warnings
)

// The creation and shape functions (np.logspace, np.geomspace, np.diag,
// np.tril, np.trace, np.append, np.insert, np.delete, np.block, ...) are
// Python (npshape.py), as NumPy's are: the private source module
// _numpy_shape, run once per session the first time one of them is
// called. Each np function is a builtin with NumPy's signature that hands
// its arguments to the module's function of the same name.

//go:embed npshape.py
var npshapeSource string

func init() {
	defineLater(func() {
		lang.RegisterSourceModule("_numpy_shape", "NumPy's creation and shape functions (np.logspace, np.diag, np.tril, np.append, np.insert, np.delete, np.block, ...), written in Python over kael's NumPy (kael's own code, behaving as NumPy 1.24's numpy/lib).", npshapeSource)
	})
}

// npshapeFuncs lists each function's signature and doc.
var npshapeFuncs = []sourceFunc{
	{"logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0)", "num numbers spaced evenly on a log scale: base**linspace(start, stop, num, endpoint)."},
	{"geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0)", "num numbers from start to stop spaced evenly on a log scale (a geometric progression); negative and imaginary ends keep their sign."},
	{"diag(v, k=0)", "The k-th diagonal of the 2-d v, or the 2-d array with the 1-d v on its k-th diagonal."},
	{"diagflat(v, k=0)", "The 2-d array with the flattened v on its k-th diagonal."},
	{"tri(N, M=None, k=0, dtype=float)", "The N x M array with ones at and below the k-th diagonal and zeros elsewhere."},
	{"tril(m, k=0)", "m with the elements above the k-th diagonal set to zero (of its last two axes)."},
	{"triu(m, k=0)", "m with the elements below the k-th diagonal set to zero (of its last two axes)."},
	{"trace(a, offset=0, axis1=0, axis2=1, dtype=None, out=None)", "The sum along the offset diagonal of a's axes axis1 and axis2."},
	{"vander(x, N=None, increasing=False)", "The Vandermonde matrix of the 1-d x: columns x**(N-1), ..., x**0 (reversed when increasing)."},
	{"atleast_1d(*arys)", "Each input as an array of at least one dimension (one array, or a list of them)."},
	{"atleast_2d(*arys)", "Each input as an array of at least two dimensions (one array, or a list of them)."},
	{"atleast_3d(*arys)", "Each input as an array of at least three dimensions: (N,) becomes (1, N, 1), (M, N) becomes (M, N, 1)."},
	{"column_stack(tup)", "1-d arrays as the columns of a 2-d array; 2-d ones stacked as they are (np.hstack's)."},
	{"dstack(tup)", "The arrays stacked along the third axis (after np.atleast_3d)."},
	{"moveaxis(a, source, destination)", "a with axes source (an int or a sequence) moved to destination, the others kept in order."},
	{"rot90(m, k=1, axes=(0, 1))", "m rotated by 90 degrees k times in the plane of axes, from the first toward the second."},
	{"resize(a, new_shape)", "A new array of new_shape filled with a's elements repeated in order."},
	{"append(arr, values, axis=None)", "arr with values appended: both flattened when axis is None, else concatenated along axis."},
	{"insert(arr, obj, values, axis=None)", "arr with values inserted before the index or indices obj (along axis; flattened when None)."},
	{"delete(arr, obj, axis=None)", "arr without the sub-arrays obj (an index, a slice, indices or a boolean mask) names along axis (flattened when None)."},
	{"trim_zeros(filt, trim='fb')", "The 1-d filt without its leading ('f') and/or trailing ('b') zeros."},
	{"indices(dimensions, dtype=int, sparse=False)", "An array (or, sparse, a tuple of arrays) of the indices of a grid of shape dimensions."},
	{"ix_(*args)", "Open mesh index arrays from 1-d sequences (booleans become their nonzero indices), for a[np.ix_(rows, cols)]."},
	{"fromfunction(function, shape, *, dtype=float, like=None, **kwargs)", "function called with one coordinate array per dimension of shape."},
	{"block(arrays)", "One array assembled from nested lists of blocks: the innermost lists join along the last axis, outer ones along earlier axes."},
}

// defNpshape adds np's creation and shape functions.
func defNpshape(m map[string]lang.Value) { defSourceFuncs(m, "_numpy_shape", npshapeFuncs) }
