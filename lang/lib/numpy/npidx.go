package numpy

import (
	_ "embed" // npidx.py
	"math"

	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/operator" // npidx.py imports operator
	"github.com/kael-dev/kael/tensor"
)

// The npidx group: indexing helpers (np.take, np.put, np.tril_indices,
// np.diag_indices, ...), windows (np.hanning, np.kaiser, ...),
// np.unwrap, np.real_if_close, np.histogram2d, np.histogramdd,
// np.dsplit, np.rollaxis and np.apply_over_axes in Python (npidx.py), as
// NumPy writes them over its primitives; the integer ufuncs np.gcd and
// np.lcm, the float ufuncs np.nextafter and np.spacing, and the index
// expressions np.s_ and np.index_exp in Go. np.take, np.put and their
// methods answer the common calls in Go (take.go, put.go) before
// npidx.py.

//go:embed npidx.py
var npidxSource string

func init() {
	defineLater(func() {
		lang.RegisterSourceModule("_numpy_npidx", "NumPy's indexing helpers, windows and histograms (np.take, np.put, np.tril_indices, np.hanning, np.histogram2d, ...), written in Python over kael's NumPy (kael's own code, behaving as NumPy 1.24's numpy/lib).", npidxSource)
		methods := map[string]lang.Value{}
		defSourceFuncs(methods, "_numpy_npidx", []sourceFunc{
			takeMethod,
			putMethod,
		})
		methods["take"] = takeWithGoPath(takeMethod.sig, takeMethod.doc, methods["take"].(*lang.Builtin))
		methods["put"] = putWithGoPath(putMethod.sig, putMethod.doc, methods["put"].(*lang.Builtin))
		for name, m := range methods {
			arrayMethods[name] = m.(*lang.Builtin)
		}
	})
}

// takeMethod is ndarray.take, npidx.py's take behind the Go path of
// take.go.
var takeMethod = sourceFunc{"take(self, indices, axis=None, out=None, mode='raise')", "The elements at indices (along axis; of the flattened array when None); mode 'raise', 'wrap' or 'clip' treats indices out of range."}

// putMethod is ndarray.put, npidx.py's put behind the Go path of put.go.
var putMethod = sourceFunc{"put(self, indices, values, mode='raise')", "Sets the elements at the flat indices to values (repeated as needed), in place; mode 'raise', 'wrap' or 'clip'."}

// npidxFuncs are the functions npidx.py defines, by their signature and
// doc.
var npidxFuncs = []sourceFunc{
	{"take(a, indices, axis=None, out=None, mode='raise')", "The elements of a at indices (along axis; of the flattened a when None); mode 'raise', 'wrap' or 'clip' treats indices out of range."},
	{"put(a, ind, v, mode='raise')", "Sets the elements of the array a at the flat indices ind to v (repeated as needed), in place; mode 'raise', 'wrap' or 'clip'."},
	{"tril_indices(n, k=0, m=None)", "The (rows, columns) indices of the lower triangle of an n x m array, at and below the k-th diagonal."},
	{"triu_indices(n, k=0, m=None)", "The (rows, columns) indices of the upper triangle of an n x m array, at and above the k-th diagonal."},
	{"tril_indices_from(arr, k=0)", "np.tril_indices of the 2-d arr's shape."},
	{"triu_indices_from(arr, k=0)", "np.triu_indices of the 2-d arr's shape."},
	{"diag_indices(n, ndim=2)", "ndim copies of arange(n): the indices of the main diagonal of an n x ... x n array."},
	{"diag_indices_from(arr)", "np.diag_indices of arr, whose dimensions (at least 2) are all equal."},
	{"real_if_close(a, tol=100)", "a as a real array when it is complex with every imaginary part below tol machine epsilons (tol itself when at most 1); else a."},
	{"unwrap(p, discont=None, axis=-1, *, period=6.283185307179586)", "p with the jumps along axis larger than discont (period/2 when None) replaced by their complement modulo period."},
	{"hanning(M)", "The Hann window of M points."},
	{"hamming(M)", "The Hamming window of M points."},
	{"blackman(M)", "The Blackman window of M points."},
	{"bartlett(M)", "The Bartlett (triangular) window of M points."},
	{"kaiser(M, beta)", "The Kaiser window of M points and shape beta (through np.i0)."},
	{"histogram2d(x, y, bins=10, range=None, density=None, weights=None)", "The 2-d histogram of the points (x, y) and its edges: bins an int, a pair of ints or of edge arrays, or an edge array; range [[xmin, xmax], [ymin, ymax]]."},
	{"histogramdd(sample, bins=10, range=None, density=None, weights=None)", "The d-dimensional histogram of sample (N points of D coordinates, or D arrays) and the list of its edges."},
	{"dsplit(ary, indices_or_sections)", "np.split along the third axis (arrays of 3 or more dimensions)."},
	{"rollaxis(a, axis, start=0)", "a with axis rolled back to before the axis start, the others kept in order (a view)."},
	{"apply_over_axes(func, a, axes)", "func(a, axis) applied for each of axes in turn, each result (of the same dimensions, or one less) keeping a's dimensions."},
}

// defNpidx adds the npidx group to np.
func defNpidx(m map[string]lang.Value) {
	defSourceFuncs(m, "_numpy_npidx", npidxFuncs)
	m["take"] = takeWithGoPath(npidxFuncs[0].sig, npidxFuncs[0].doc, m["take"].(*lang.Builtin))
	m["put"] = putWithGoPath(npidxFuncs[1].sig, npidxFuncs[1].doc, m["put"].(*lang.Builtin))
	m["s_"], m["index_exp"] = &indexExpression{}, &indexExpression{tuple: true}
	m["CLIP"], m["WRAP"], m["RAISE"] = int64(0), int64(1), int64(2) // NumPy's clip-mode constants, for take and put
	for _, name := range []string{"gcd", "lcm"} {
		doc := "The greatest common divisor of |x1| and |x2|, element by element with broadcasting (integers)."
		if name == "lcm" {
			doc = "The least common multiple of |x1| and |x2|, element by element with broadcasting (integers)."
		}
		m[name] = lang.NewBuiltin(lang.AsValue, name+"(x1, x2, out=None)", doc, func(a *lang.Args) (lang.Value, error) {
			return gcdLcm(a, name)
		})
	}
	m["nextafter"] = lang.NewBuiltin(lang.AsValue, "nextafter(x1, x2, out=None)", "The next floating-point value after x1 toward x2, element by element with broadcasting (integers in NumPy's float loop).", nextafter)
	m["spacing"] = lang.NewBuiltin(lang.AsValue, "spacing(x, out=None)", "The distance from x to its nearest neighbour of larger magnitude (float16: to the next larger value), element by element.", spacing)
}

// indexExpression is np.s_ (the subscript as it is) and np.index_exp
// (always a tuple), NumPy's IndexExpression.
type indexExpression struct{ tuple bool }

var (
	_ lang.SubscriptGetter = (*indexExpression)(nil)
	_ lang.TypeNamer       = (*indexExpression)(nil)
)

// TypeName is NumPy's class.
func (*indexExpression) TypeName() string { return "IndexExpression" }

// PyRepr is NumPy's default object repr, without the address.
func (*indexExpression) PyRepr() string { return "<numpy.lib.index_tricks.IndexExpression object>" }

// GetSubscript is the key of x[subs]: a slice object for a:b:c, a tuple
// for several; np.index_exp makes one subscript a tuple.
func (x *indexExpression) GetSubscript(subs []lang.Subscript) (lang.Value, error) {
	key := make(lang.Tuple, len(subs))
	for i, s := range subs {
		key[i] = s.Value
		if s.IsSlice {
			key[i] = &lang.Slice{Start: s.Lo, Stop: s.Hi, Step: s.Step}
		}
	}
	if len(key) == 1 {
		if _, isTuple := key[0].(lang.Tuple); isTuple || !x.tuple {
			return key[0], nil
		}
	}
	return key, nil
}

// npTypeRepr is the repr of the class of NumPy's dtype dt, as its ufunc
// errors print it: <class 'numpy.dtype[int64]'>.
func npTypeRepr(dt tensor.DType) string {
	name := dt.String()
	if info, ok := npDTypes[dt]; ok {
		name = info.class
	}
	return "<class 'numpy.dtype[" + name + "]'>"
}

// gcdLcm is np.gcd or np.lcm: integers only (NumPy has no bool or float
// loop), in the operands' result dtype; lcm wraps as NumPy's C loop does.
func gcdLcm(a *lang.Args, name string) (lang.Value, error) {
	x, _, err := asOperand(a.Value("x1"))
	if err != nil {
		return nil, err
	}
	y, _, err := asOperand(a.Value("x2"))
	if err != nil {
		return nil, err
	}
	if x.t == nil || y.t == nil {
		return nil, lang.Errorf(lang.TypeError, "ufunc '%s' did not contain a loop with signature matching types", name)
	}
	dt, err := resultType(x, y)
	if err != nil {
		return nil, err
	}
	if dt.Category() != tensor.IntegerCategory {
		xd, yd, out := npTypeRepr(x.t.DType()), npTypeRepr(y.t.DType()), "None"
		strong, weak := x, y
		if x.weak {
			strong, weak = y, x
		}
		if x.weak != y.weak && kindRank(strong.t.DType()) >= kindRank(weak.t.DType()) {
			xd, yd, out = npTypeRepr(dt), npTypeRepr(dt), npTypeRepr(dt) // value-based casting gave both the result's dtype
		}
		return nil, lang.Errorf(UFuncTypeError, "ufunc '%s' did not contain a loop with signature matching types (%s, %s) -> %s", name, xd, yd, out)
	}
	if err := broadcastError(x.t.Shape(), y.t.Shape()); err != nil {
		return nil, err
	}
	xs, ys, err := castBoth(x.t, y.t, dt)
	if err != nil {
		return nil, err
	}
	shape, err := tensor.BroadcastShapes(xs.Shape(), ys.Shape())
	if err != nil {
		return nil, err
	}
	if xs, err = xs.BroadcastTo(shape...); err != nil {
		return nil, err
	}
	if ys, err = ys.BroadcastTo(shape...); err != nil {
		return nil, err
	}
	var r *tensor.Tensor
	if dt == tensor.Uint64 {
		r, err = gcdLcmOf[uint64](xs, ys, name, shape, func(v uint64) uint64 { return v })
	} else {
		r, err = gcdLcmOf[int64](xs, ys, name, shape, func(v int64) uint64 {
			if v < 0 {
				return uint64(-v)
			}
			return uint64(v)
		})
	}
	if err == nil {
		r, err = r.To(dt)
	}
	if err != nil {
		return nil, err
	}
	return withOut(a, r)
}

// gcdLcmOf computes gcd or lcm of the broadcast x and y read as T, the
// magnitudes by abs; the result is T's bits of the uint64 answer.
func gcdLcmOf[T int64 | uint64](x, y *tensor.Tensor, name string, shape []int, abs func(T) uint64) (*tensor.Tensor, error) {
	xt, err := x.To(tensor.DTypeOf[T]())
	if err != nil {
		return nil, err
	}
	yt, err := y.To(tensor.DTypeOf[T]())
	if err != nil {
		return nil, err
	}
	xv, err := tensor.Values[T](xt)
	if err != nil {
		return nil, err
	}
	yv, err := tensor.Values[T](yt)
	if err != nil {
		return nil, err
	}
	out := make([]T, len(xv))
	for i := range xv {
		p, q := abs(xv[i]), abs(yv[i])
		g := p
		for r := q; r != 0; {
			g, r = r, g%r
		}
		if name == "gcd" {
			out[i] = T(g)
		} else if g != 0 {
			out[i] = T(p / g * q)
		}
	}
	return tensor.FromSlice(out, shape...)
}

// floatLoopDType is the dtype of NumPy's float loop for dt (int8 in
// float16, ...), complex being the ufunc's TypeError.
func floatLoopDType(dt tensor.DType, name string) (tensor.DType, error) {
	if dt.IsComplex() || !dt.IsFloating() && dt.Category() != tensor.IntegerCategory && dt != tensor.Bool {
		return dt, lang.Errorf(lang.TypeError, "ufunc '%s' not supported for the input types, and the inputs could not be safely coerced to any supported types according to the casting rule ''safe''", name)
	}
	return loopFloat(dt)
}

// nextafter is np.nextafter: the next value of the float loop's dtype
// after x1 toward x2; overflowing to inf from a finite x1 is NumPy's
// overflow.
func nextafter(a *lang.Args) (lang.Value, error) {
	x, _, err := asOperand(a.Value("x1"))
	if err != nil {
		return nil, err
	}
	y, _, err := asOperand(a.Value("x2"))
	if err != nil {
		return nil, err
	}
	if x.t == nil || y.t == nil {
		return nil, lang.Errorf(lang.TypeError, "ufunc 'nextafter' did not contain a loop with signature matching types")
	}
	dt, err := resultType(x, y)
	if err != nil {
		return nil, err
	}
	if dt, err = floatLoopDType(dt, "nextafter"); err != nil {
		return nil, err
	}
	if err := broadcastError(x.t.Shape(), y.t.Shape()); err != nil {
		return nil, err
	}
	shape, err := tensor.BroadcastShapes(x.t.Shape(), y.t.Shape())
	if err != nil {
		return nil, err
	}
	xs, err := floatElements(x.t, dt, shape)
	if err != nil {
		return nil, err
	}
	ys, err := floatElements(y.t, dt, shape)
	if err != nil {
		return nil, err
	}
	over := false
	for i, v := range xs {
		var n float64
		if dt == tensor.Float16 {
			n = nextHalf(v, ys[i])
		} else if v == ys[i] {
			n = ys[i] // C's nextafter gives y (-0.0 after 0.0 toward -0.0)
		} else if dt == tensor.Float32 {
			n = float64(math.Nextafter32(float32(v), float32(ys[i])))
		} else {
			n = math.Nextafter(v, ys[i])
		}
		over = over || math.IsInf(n, 0) && !math.IsInf(v, 0)
		xs[i] = n
	}
	return floatUfuncResult(a, "nextafter", xs, dt, shape, map[string]bool{"over": over})
}

// spacing is np.spacing: for float32 and float64 the distance from x to
// the next value of larger magnitude (with x's sign; the smallest
// subnormal at ±0), for float16 to the next larger value, as NumPy's
// npy_half_spacing; nan for inf and nan.
func spacing(a *lang.Args) (lang.Value, error) {
	t, err := arrayFrom(a.Value("x"), 0, false)
	if err != nil {
		return nil, err
	}
	dt, err := floatLoopDType(t.DType(), "spacing")
	if err != nil {
		return nil, err
	}
	xs, err := floatElements(t, dt, t.Shape())
	if err != nil {
		return nil, err
	}
	over, invalid := false, false
	for i, v := range xs {
		var s float64
		switch {
		case math.IsInf(v, 0) || math.IsNaN(v):
			s = math.NaN()
			invalid = invalid || dt == tensor.Float16 // npy_half_spacing raises the flag; the float and double ones do not
		case dt == tensor.Float16:
			s = nextHalf(v, math.Inf(1)) - v
		case v == 0 && dt == tensor.Float32:
			s = float64(math.SmallestNonzeroFloat32)
		case v == 0:
			s = math.SmallestNonzeroFloat64
		case dt == tensor.Float32:
			s = float64(math.Nextafter32(float32(v), float32(math.Copysign(math.Inf(1), v))) - float32(v))
		default:
			s = math.Nextafter(v, math.Copysign(math.Inf(1), v)) - v
		}
		over = over || math.IsInf(s, 0)
		xs[i] = s
	}
	return floatUfuncResult(a, "spacing", xs, dt, t.Shape(), map[string]bool{"over": over, "invalid": invalid})
}

// floatElements is t cast to dt and broadcast to shape, as float64s.
func floatElements(t *tensor.Tensor, dt tensor.DType, shape []int) ([]float64, error) {
	c, err := castTensor(t, dt)
	if err != nil {
		return nil, err
	}
	if c, err = c.BroadcastTo(shape...); err != nil {
		return nil, err
	}
	return c.Float64s()
}

// floatUfuncResult is the array of vals in dt (written to out= when
// given), with NumPy's warnings of the kinds of floating-point error set
// in kinds.
func floatUfuncResult(a *lang.Args, name string, vals []float64, dt tensor.DType, shape []int, kinds map[string]bool) (lang.Value, error) {
	r, err := tensor.FromSlice(vals)
	if err == nil {
		r, err = r.Reshape(shape...) // 0-d too
	}
	if err == nil {
		r, err = r.To(dt)
	}
	if err != nil {
		return nil, err
	}
	v, err := withOut(a, r)
	if err != nil {
		return v, err
	}
	return reportWarned(a, v, fpReport(v, name, kinds))
}

// nextHalf is the float16 after x toward y (both float16 values), as
// NumPy's npy_half_nextafter: x itself when they are equal.
func nextHalf(x, y float64) float64 {
	switch {
	case math.IsNaN(x) || math.IsNaN(y):
		return math.NaN()
	case x == y:
		return x // npy_half_nextafter keeps x (C's nextafter gives y)
	case x == 0:
		return math.Copysign(float64(tensor.F16(1).Float32()), y-x)
	}
	h := uint16(tensor.F16FromFloat32(float32(x)))
	if (x < y) == (x > 0) {
		h++ // away from zero
	} else {
		h--
	}
	return float64(tensor.F16(h).Float32())
}
