package numpy

import (
	_ "embed" // nditer.py

	"github.com/kael-dev/kael/lang"
)

// np.nditer is a Python class (nditer.py) over kael's array views: each
// step is a 0-d view of every operand (a 1-d one with external_loop),
// so x[...] = v writes through to a writable operand. It follows NumPy
// 1.24's iterator: the operands' memory order for order='K' (axes sorted
// by stride, those walked backwards flipped), C and F order, broadcasting,
// multi_index, c_index and f_index, external_loop (NumPy's coalesced
// inner dimension, or buffersize chunks when buffered), buffered casts to
// op_dtypes under casting=, allocated outputs, op_axes= and reduce_ok
// reductions, and the context manager's write-back. The private source module _numpy_nditer runs once per
// session the first time np.nditer is called.

//go:embed nditer.py
var nditerSource string

func init() {
	defineLater(func() {
		lang.RegisterSourceModule("_numpy_nditer", "np.nditer, written in Python over kael's NumPy views (kael's own code, behaving as NumPy 1.24's iterator).", nditerSource)
	})
}

// defNditer adds np.nditer.
func defNditer(m map[string]lang.Value) {
	m["nditer"] = newSourceClass("nditer", "_numpy_nditer",
		"nditer(op, flags=None, op_flags=None, op_dtypes=None, order='K', casting='safe', op_axes=None, itershape=None, buffersize=0)",
		"Efficient multi-dimensional iterator over one array or several broadcast together (a list of operands, None for an output it allocates): each step gives 0-d views (a tuple of them for several operands) in memory order (order='K'; 'C', 'F', 'A'); flags 'multi_index', 'c_index', 'f_index', 'external_loop' (1-d chunks), 'buffered' (with op_dtypes= and casting=), 'zerosize_ok'; op_flags 'readonly', 'readwrite', 'writeonly', 'allocate', 'copy', 'updateifcopy', per operand; attributes value, operands, dtypes, multi_index, index, iterindex, itersize, ndim, shape, finished; op_axes= (-1 for an axis an operand lacks) and flags=['reduce_ok'] reductions; methods iternext, reset, close; a context manager writing back on exit. itershape= is not supported.")
}
