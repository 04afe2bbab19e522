package numpy

import (
	_ "embed" // npfunc.py

	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/itertools" // npfunc.py imports itertools
)

// NumPy's functional and indexing helpers (np.take_along_axis,
// np.apply_along_axis, np.vectorize, np.select, np.choose, np.place, ...)
// are Python (npfunc.py) over kael's NumPy primitives, as NumPy writes
// them over its own: the private source module _numpy_npfunc, run once
// per session the first time one of them is called. Each np name is a
// builtin with NumPy's signature that calls the module's function with
// the arguments it was given.

//go:embed npfunc.py
var npfuncSource string

func init() {
	defineLater(func() {
		lang.RegisterSourceModule("_numpy_npfunc", "NumPy's functional and indexing helpers (np.take_along_axis, np.vectorize, np.select, ...), written in Python over kael's NumPy (kael's own code, behaving as NumPy 1.24's).", npfuncSource)
	})
}

// npfuncs are the helpers: NumPy's signature and what it does.
var npfuncs = []sourceFunc{
	{"take_along_axis(arr, indices, axis)", "The elements of arr at indices along axis (the others by position), as argsort's or argmax's (keepdims) indices give them; axis=None takes from the flattened arr."},
	{"put_along_axis(arr, indices, values, axis)", "Writes values into arr at indices along axis, in place (take_along_axis's inverse)."},
	{"apply_along_axis(func1d, axis, arr, *args, **kwargs)", "func1d applied to each 1-d slice of arr along axis; its result's axes take axis's place."},
	{"vectorize(pyfunc, otypes=None, doc=None, excluded=None, cache=False, signature=None)", "A callable that applies pyfunc to each element of its broadcast array arguments; the result's dtype is otypes' (or that of the first result). Works as a decorator. signature= is not in kael."},
	{"select(condlist, choicelist, default=0)", "An array with, at each position, the element of the first choice whose condition holds there (default where none does)."},
	{"piecewise(x, condlist, funclist, *args, **kw)", "x with funclist[i] applied (or its value put) where condlist[i] holds; one extra function covers where no condition holds."},
	{"choose(a, choices, out=None, mode='raise')", "At each position, the element of choices[a] there (mode 'raise', 'wrap' or 'clip' for out-of-range indices)."},
	{"compress(condition, a, axis=None, out=None)", "The slices of a along axis (the flattened a when None) where the 1-d condition is true."},
	{"extract(condition, arr)", "The elements of arr (flattened) where condition is true."},
	{"place(arr, mask, vals)", "Puts vals, in order and repeated as needed, into arr where mask is true, in place."},
	{"putmask(a, mask, values)", "Sets a.flat[n] = values[n % len(values)] where mask.flat[n] is true, in place."},
	{"copyto(dst, src, casting='same_kind', where=True)", "Copies src (broadcast) into dst where where is true, checking the casting rule."},
	{"ndindex(*shape)", "An iterator over the index tuples of an array of shape, in C order."},
	{"ndenumerate(arr)", "An iterator over (index, element) pairs of arr, in C order."},
}

// defNpfunc adds the helpers (defSourceFuncs forwards their arguments).
func defNpfunc(m map[string]lang.Value) {
	defSourceFuncs(m, "_numpy_npfunc", npfuncs)
}
