package numpy

import (
	_ "embed" // npnames.py
	"strings"

	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/warnings" // npnames.py imports warnings
	"github.com/kael-dev/kael/tensor"
)

// The npnames group: NumPy 1.24's names that programs use and kael's
// other groups did not have, in Python (npnames.py) over kael's NumPy as
// NumPy writes them: the ufuncs np.fabs, np.float_power, np.divmod and
// np.isnat (ufunc objects through ufuncTable, their floating-point
// warnings from Go), np.msort, np.asfarray, np.diagonal (a read-only
// view), np.fill_diagonal, np.packbits and np.unpackbits, the module
// np.emath, the ndarray methods diagonal, trace, compress, choose,
// itemset, byteswap, tostring, getfield, setfield, newbyteorder, dump
// and dumps, and np.linalg's cond, multi_dot, tensorinv and tensorsolve.

//go:embed npnames.py
var npnamesSource string

const npnamesModule = "_numpy_npnames"

func init() {
	defineLater(func() {
		lang.RegisterSourceModule(npnamesModule, "NumPy's remaining everyday functions, ndarray methods, np.emath and np.linalg's cond, multi_dot, tensorinv and tensorsolve, written in Python over kael's NumPy (kael's own code, behaving as NumPy 1.24's).", npnamesSource)
		methods := map[string]lang.Value{}
		defSourceFuncs(methods, npnamesModule, npnamesMethods)
		for name, m := range methods {
			arrayMethods[name] = m.(*lang.Builtin)
		}
		defSourceFuncs(linalgModule.Attrs, npnamesModule, npnamesLinalg)
		libModule.Attrs["scimath"] = emathModule
		for _, name := range append([]string{""}, coreModuleNames...) {
			full := strings.TrimSuffix("numpy.core."+name, ".")
			lang.RegisterModule(full, "NumPy's core package (np's own names in kael's NumPy).", func() *lang.Module {
				if numpyModule == nil {
					numpyModule = buildModule()
				}
				return coreModules[name]
			})
		}
		lang.RegisterModule("numpy.version", "The version of NumPy that kael's NumPy follows.", func() *lang.Module { return versionModule })
		lang.RegisterModule("numpy.lib.scimath", "NumPy's math with complex results outside the real domain (np.emath).", func() *lang.Module { return emathModule })
	})
}

// npnamesFuncs are the np functions npnames.py defines.
var npnamesFuncs = []sourceFunc{
	{"fabs(x, out=None)", "The absolute value of each element, as a float (integers and bools in NumPy's float loop: 1-byte ones in float16, 2-byte in float32, the others in float64); complex input is NumPy's TypeError."},
	{"float_power(x1, x2, out=None)", "x1 ** x2 element by element with broadcasting, computed in float64 (complex128 when either is complex) whatever the inputs' dtypes."},
	{"divmod(x1, x2, out=None)", "(np.floor_divide(x1, x2), np.remainder(x1, x2)) element by element; out= a tuple of two arrays (or None)."},
	{"isnat(x, out=None)", "Whether each datetime64/timedelta64 element is NaT; kael has neither dtype, so every input is NumPy's TypeError for non-datetime input."},
	{"msort(a)", "A copy of a sorted along its first axis (np.sort(a, axis=0)); deprecated in NumPy 1.24, with its DeprecationWarning."},
	{"asfarray(a, dtype=None)", "a as a float array: dtype when it is a float or complex type, else (None too) float64."},
	{"diagonal(a, offset=0, axis1=0, axis2=1)", "The diagonal at offset of the matrices over axis1 and axis2 of a, along a last axis: a read-only view of a, as NumPy 1.24's."},
	{"fill_diagonal(a, val, wrap=False)", "Writes val (repeated as needed) on the main diagonal of a, in place: a 2-d array (wrap=True starts again below a tall one's diagonal) or one whose dimensions are all equal."},
	{"packbits(a, axis=None, bitorder='big')", "The elements of the integer or bool array a, each as one bit (nonzero or not), packed into uint8 along axis (the flattened a when None), the last byte padded with zeros; bitorder 'big' or 'little'."},
	{"info(object=None, maxwidth=76, output=None, toplevel='numpy')", "Prints kael's documentation of object (a function's signature and doc; an array's class, shape, strides, flags and dtype; a name of np); info() describes itself."},
	{"source(object, output=None)", "NumPy prints a function's Python source; kael's NumPy is Go and its own Python, so it prints 'Not available for this object.', as NumPy does for compiled functions."},
	{"lookfor(what, module=None, import_modules=True, regenerate=False, output=None)", "Prints the functions of np, np.linalg, np.fft and np.random whose name or doc holds every word of what, with the last line of each doc (kael's docs, in name order, where NumPy ranks its docstrings)."},
	{"test(label='fast', verbose=1, extra_argv=None, doctests=False, coverage=False, durations=-1, tests=None)", "NumPy runs its pytest suite; kael's NumPy has none to run: a NotImplementedError."},
	{"unpackbits(a, axis=None, count=None, bitorder='big')", "The bits of the uint8 array a along axis (the flattened a when None) as a uint8 array of 0s and 1s; count keeps that many (negative: drops that many from the end; more pads with zeros)."},
}

// npnamesEmath is np.emath (numpy.lib.scimath): real input outside a
// function's real domain computed in complex.
var npnamesEmath = []sourceFunc{
	{"sqrt(x)", "The square root of x, complex for negative real elements."},
	{"log(x)", "The natural logarithm of x, complex for negative real elements."},
	{"log2(x)", "The base-2 logarithm of x, complex for negative real elements."},
	{"log10(x)", "The base-10 logarithm of x, complex for negative real elements."},
	{"logn(n, x)", "The logarithm of x to the base n, complex for negative real elements of either."},
	{"power(x, p)", "x ** p, complex for negative real elements of x; a negative integer p computes in float."},
	{"arccos(x)", "The inverse cosine of x, complex for real elements of magnitude above 1."},
	{"arcsin(x)", "The inverse sine of x, complex for real elements of magnitude above 1."},
	{"arctanh(x)", "The inverse hyperbolic tangent of x, complex for real elements of magnitude above 1."},
}

// npnamesMethods are the ndarray methods npnames.py defines.
var npnamesMethods = []sourceFunc{
	{"diagonal(self, offset=0, axis1=0, axis2=1)", "np.diagonal(a, offset, axis1, axis2): a read-only view of the diagonal."},
	{"trace(self, offset=0, axis1=0, axis2=1, dtype=None, out=None)", "np.trace(a, offset, axis1, axis2, dtype, out): the sum along the diagonal."},
	{"compress(self, condition, axis=None, out=None)", "np.compress(condition, a, axis, out): the slices along axis where condition is true."},
	{"choose(self, choices, out=None, mode='raise')", "np.choose(a, choices, out, mode): each element picked from the choice its value indexes."},
	{"itemset(self, *args)", "a.itemset(index, value) sets one element (a flat index, or one per dimension); a.itemset(value) sets the element of a one-element array."},
	{"byteswap(self, inplace=False)", "The elements with their bytes reversed (each part of a complex number apart), as a new array, or written into a with inplace=True."},
	{"tostring(self, order='C')", "a.tobytes(order), with NumPy 1.24's DeprecationWarning."},
	{"getfield(self, dtype, offset=0)", "The elements' bytes at offset read as dtype: a new array (NumPy's is a view)."},
	{"setfield(self, val, dtype, offset=0)", "Writes val, as dtype, into the elements' bytes at offset, in place."},
	{"newbyteorder(self, new_order='S')", "A view of a with its dtype's byte order set: kael's dtypes are little-endian only, so a native or little order gives a view and a swap or big order (of a dtype wider than a byte) is a NotImplementedError."},
	{"dumps(self)", "NumPy's pickle of the array: kael cannot pickle arrays, a NotImplementedError pointing to np.save and tobytes."},
	{"dump(self, file)", "Pickles the array to file: kael cannot pickle arrays, a NotImplementedError pointing to np.save."},
}

// npnamesLinalg are np.linalg's functions npnames.py defines.
var npnamesLinalg = []sourceFunc{
	{"cond(x, p=None)", "The condition number of x (of each matrix of a stack): p None or 2 (the ratio of the largest singular value to the smallest), -2, 'fro', 'nuc', inf, -inf, 1 or -1 (norm(x, p) * norm(inv(x), p)); inf for a singular matrix."},
	{"multi_dot(arrays, *, out=None)", "The product of the arrays (the first and last may be 1-d), computed in the order of fewest multiplications, as NumPy chooses it."},
	{"tensorinv(a, ind=2)", "The inverse of a for np.tensordot with ind axes: of shape a.shape[ind:] + a.shape[:ind]."},
	{"tensorsolve(a, b, axes=None)", "x with np.tensordot(a, x, x.ndim) == b; axes moves those axes of a to the end first."},
}

// NumPy's warning classes: np.ComplexWarning (a RuntimeWarning), and
// np.VisibleDeprecationWarning and np.RankWarning (UserWarnings).
var (
	complexWarningClass            = lang.RegisterExceptionClass("ComplexWarning", "numpy", "ComplexWarning", "RuntimeWarning")
	visibleDeprecationWarningClass = lang.RegisterExceptionClass("VisibleDeprecationWarning", "numpy", "VisibleDeprecationWarning", "UserWarning")
	rankWarningClass               = lang.RegisterExceptionClass("RankWarning", "numpy", "RankWarning", "UserWarning")
)

// warnComplexCast issues NumPy's ComplexWarning for a cast of complex
// values to a real dtype (other than bool); under an 'error' filter it
// is the error.
func warnComplexCast(a *lang.Args) error {
	w, err := a.Import("warnings")
	if err != nil {
		return err
	}
	_, err = a.Call(w.Attrs["warn"], "Casting complex values to real discards the imaginary part", complexWarningClass)
	return err
}

// versionModule is numpy.version: the NumPy release kael's NumPy
// follows (np.__version__) and that release's git revision.
var versionModule = &lang.Module{Name: "numpy.version", Doc: "The version of NumPy that kael's NumPy follows.", Attrs: map[string]lang.Value{
	"version": "1.24.2", "short_version": "1.24.2", "full_version": "1.24.2",
	"git_revision": "85f38ab180ece5290f64e8ddbd9cf06ad8fa4a5e", "release": true,
}}

// npnamesCore are np.core's helpers npnames.py defines.
var npnamesCore = []sourceFunc{
	{"normalize_axis_index(axis, ndim, msg_prefix=None)", "axis (an int from -ndim to ndim - 1) as a non-negative axis, else NumPy's AxisError (its message after msg_prefix)."},
	{"normalize_axis_tuple(axis, ndim, argname=None, allow_duplicate=False)", "axis (an int or a sequence of ints) as a tuple of non-negative axes, with NumPy's AxisError and its ValueError for a repeated axis."},
}

// numpy.core and its modules numeric, multiarray, umath and fromnumeric:
// kael's NumPy is one module, so each is np's namespace under NumPy's
// name (as numpy/core re-exports what np has), with the two axis
// helpers libraries import from NumPy's private layout. Made from np's
// finished names (defCore, at the end of buildModule).
var (
	coreModuleNames = []string{"numeric", "multiarray", "umath", "fromnumeric"}
	coreModules     = map[string]*lang.Module{}
)

// defCore makes np.core from np's names m.
func defCore(m map[string]lang.Value) {
	base := map[string]lang.Value{}
	for k, v := range m {
		base[k] = v
	}
	defSourceFuncs(base, npnamesModule, npnamesCore)
	core := map[string]lang.Value{}
	for k, v := range base {
		core[k] = v
	}
	for _, name := range coreModuleNames {
		sub := &lang.Module{Name: "numpy.core." + name, Attrs: base, Doc: "numpy.core." + name + ": in kael's NumPy, np's own names (kael's NumPy is one module), with normalize_axis_index and normalize_axis_tuple."}
		coreModules[name] = sub
		core[name] = sub
	}
	coreModules[""] = &lang.Module{Name: "numpy.core", Attrs: core, Doc: "numpy.core: in kael's NumPy, np's own names and the modules numeric, multiarray, umath and fromnumeric, which hold them too (kael's NumPy is one module)."}
	m["core"] = coreModules[""]
}

// emathModule is np.emath.
var emathModule = func() *lang.Module {
	m := map[string]lang.Value{}
	defSourceFuncsAs(m, npnamesModule, "emath_", npnamesEmath)
	for _, v := range m {
		v.(*lang.Builtin).SetModule("numpy.lib.scimath")
	}
	return &lang.Module{Name: "numpy.lib.scimath", Attrs: m, Doc: "NumPy's math functions that give complex results outside their real domain (np.emath): sqrt, log, log2, log10, logn, power, arccos, arcsin, arctanh."}
}()

// defNpnames adds the npnames group to np.
func defNpnames(m map[string]lang.Value) {
	defSourceFuncs(m, npnamesModule, npnamesFuncs)
	m["emath"] = emathModule
	m["version"] = versionModule
	m["ComplexWarning"] = complexWarningClass
	m["VisibleDeprecationWarning"] = visibleDeprecationWarningClass
	m["RankWarning"] = rankWarningClass
	if base, ok := m["float_power"].(*lang.Builtin); ok {
		m["float_power"] = base.WithFn(func(a *lang.Args) (lang.Value, error) {
			v, err := a.Call(base, a.Values()...)
			if err != nil {
				return nil, err
			}
			return reportWarned(a, v, fpReport(v, "float_power", npnamesFlags(a, v, "float_power")))
		})
	}
	if base, ok := m["divmod"].(*lang.Builtin); ok {
		m["divmod"] = base.WithFn(func(a *lang.Args) (lang.Value, error) {
			v, err := a.Call(base, a.Values()...)
			if err != nil {
				return nil, err
			}
			return reportWarned(a, v, fpReport(v, "divmod", npnamesFlags(a, v, "divmod")))
		})
	}
}

// npnamesFlags are the floating-point flags of float_power or divmod
// computing v from the arguments x1 and x2: float_power's inputs in its
// float64 or complex128 loop, divmod's as np.floor_divide's and
// np.remainder's.
func npnamesFlags(a *lang.Args, v lang.Value, ufunc string) map[string]bool {
	x, err := arrayFrom(a.Value("x1"), 0, false)
	if err != nil {
		return nil
	}
	y, err := arrayFrom(a.Value("x2"), 0, false)
	if err != nil {
		return nil
	}
	if ufunc == "float_power" {
		r, err := arrayFrom(v, 0, false)
		if err != nil {
			return nil
		}
		dt := tensor.Float64
		if r.DType().IsComplex() {
			dt = tensor.Complex128
		}
		if x, err = x.To(dt); err != nil {
			return nil
		}
		if y, err = y.To(dt); err != nil {
			return nil
		}
		return ufuncFlags("power", []*tensor.Tensor{x, y}, r)
	}
	t, ok := v.(lang.Tuple)
	if !ok || len(t) != 2 {
		return nil
	}
	kinds := map[string]bool{}
	for i, name := range []string{"floor_divide", "remainder"} {
		r, err := arrayFrom(t[i], 0, false)
		if err != nil {
			return nil
		}
		for k := range ufuncFlags(name, []*tensor.Tensor{x, y}, r) {
			kinds[k] = true
		}
	}
	return kinds
}
