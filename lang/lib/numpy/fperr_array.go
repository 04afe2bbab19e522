package numpy

import (
	"math"
	"math/cmplx"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// The floating-point errors of array operations, as NumPy 1.24 reports
// them: its loops raise the processor's IEEE flags and the ufunc machinery
// reads them after the loop ("divide by zero encountered in log", "invalid
// value encountered in divide", "overflow encountered in multiply"), then
// warns or raises as np.seterr says (fperr.go holds the modes and the
// report). Go cannot read those flags safely (the kernels run on several
// threads), so kael reads the result instead: an element that is inf
// where no input element was inf or nan raised divide-by-zero (at the
// operation's pole: x/0, log(0), arctanh(1), ...) or overflow (anywhere
// else); one that is nan where no input was nan raised invalid (0/0,
// sqrt(-1), inf - inf, inf * 0). Underflow, which NumPy ignores by
// default, is not detected. Integer // and % by zero raise divide (NumPy
// gives 0), and the smallest signed integer // -1 overflow.
//
// The check costs one pass over a result that has no non-finite element;
// + - * / of float64 and float32 arrays skip even that where bounds of the operands'
// magnitudes (cached on each array until its storage is written) show the
// result finite.

// fpBound caches the smallest and the largest magnitude of a float64
// array's elements, valid while its storage's version is ver - 1 (0: none
// known). Code that points an Array at another store clears it.
type fpBound struct {
	ver      uint64
	min, max float64
}

// magnitudes are the bounds of an operand's magnitudes: lo <= |x| <= hi
// for each element x; hi is +Inf when one is inf or nan.
type magnitudes struct{ lo, hi float64 }

// boundOf is the bounds of the magnitudes of the float64 array a's
// elements, computed once per write of its storage; ok false where they
// are not known cheaply (another dtype, a strided view).
func (a *Array) boundOf() (magnitudes, bool) {
	t := a.store
	if dt := t.DType(); dt != tensor.Float64 && dt != tensor.Float32 {
		return magnitudes{}, false
	}
	ver := t.Version() + 1
	if a.bound.ver == ver {
		return magnitudes{a.bound.min, a.bound.max}, true
	}
	var m magnitudes
	if xs, ok := float64Span(t); ok {
		m = magnitudesOf(xs)
	} else if xs, ok := float32Span(t); ok {
		m = magnitudesOf32(xs)
	} else {
		return magnitudes{}, false
	}
	a.bound = fpBound{ver: ver, min: m.lo, max: m.hi}
	return m, true
}

// setBound records m as the bounds of r's magnitudes, when r is a
// float64 or float32 array.
func setBound(r lang.Value, m magnitudes) {
	if arr, ok := r.(*Array); ok {
		if dt := arr.store.DType(); dt == tensor.Float64 || dt == tensor.Float32 {
			arr.bound = fpBound{ver: arr.store.Version() + 1, min: m.lo, max: m.hi}
		}
	}
}

// float32Span is the elements of a contiguous float32 t, without a copy.
func float32Span(t *tensor.Tensor) ([]float32, bool) {
	if t.DType() != tensor.Float32 || !t.IsContiguous() {
		return nil, false
	}
	d, err := tensor.Data[float32](t)
	if err != nil {
		return nil, false
	}
	off := t.Offset()
	return d[off : off+t.Numel()], true
}

// magnitudesOf32 is magnitudesOf for float32.
func magnitudesOf32(xs []float32) magnitudes {
	if len(xs) == 0 {
		return magnitudes{}
	}
	lo, hi := float32(math.Inf(1)), float32(0)
	for _, v := range xs {
		a := float32(math.Abs(float64(v)))
		if !(a <= hi) {
			if a > math.MaxFloat32 || a != a {
				return magnitudes{0, math.Inf(1)}
			}
			hi = a
		}
		if a < lo {
			lo = a
		}
	}
	return magnitudes{float64(lo), float64(hi)}
}

// operandBound is the bounds of the magnitudes of an operand of a float64
// operation: a Python number, a float64 scalar or array; ok false for
// anything else.
func operandBound(v lang.Value) (magnitudes, bool) {
	switch x := v.(type) {
	case float64:
		return magnitudes{math.Abs(x), notFinite(math.Abs(x))}, true
	case int64:
		f := math.Abs(float64(x))
		return magnitudes{f, f}, true
	case *Scalar:
		if x.t.DType() == tensor.Float64 {
			if f, ok := x.item().(float64); ok {
				return magnitudes{math.Abs(f), notFinite(math.Abs(f))}, true
			}
		}
	case *Array:
		return x.boundOf()
	}
	return magnitudes{}, false
}

// notFinite is a magnitude a, or +Inf for a nan, as hi bounds hold them.
func notFinite(a float64) float64 {
	if a != a {
		return math.Inf(1)
	}
	return a
}

// magnitudesOf is the bounds of the magnitudes in xs.
func magnitudesOf(xs []float64) magnitudes {
	if len(xs) == 0 {
		return magnitudes{}
	}
	lo, hi := math.Inf(1), 0.0
	for _, v := range xs {
		a := math.Abs(v)
		if !(a <= hi) { // a larger one, or a nan
			if a > math.MaxFloat64 || a != a {
				return magnitudes{0, math.Inf(1)}
			}
			hi = a
		}
		if a < lo {
			lo = a
		}
	}
	return magnitudes{lo, hi}
}

// boundedResult is the bounds of the magnitudes of a op b computed in dt
// (float64 or float32) for operands within x and y, when they show the
// result finite, not a division by zero and not invalid. Rounding to
// float64 is monotone, so no float64 element passes them; a float32 one
// rounds its operands and its result, each by a factor within 1 ± 2**-24,
// which the bounds widen by 2**-22 to cover.
func boundedResult(op syntax.Token, x, y magnitudes, dt tensor.DType) (magnitudes, bool) {
	limit := math.MaxFloat64
	if dt == tensor.Float32 {
		limit = math.MaxFloat32
		if y.lo < 0x1p-120 { // a divisor that may round to zero
			y.lo = 0
		}
	}
	if x.hi > limit || y.hi > limit {
		return magnitudes{}, false
	}
	var r magnitudes
	switch op {
	case syntax.PLUS, syntax.MINUS:
		r = magnitudes{0, x.hi + y.hi}
	case syntax.STAR:
		r = magnitudes{x.lo * y.lo, x.hi * y.hi}
	case syntax.SLASH:
		if y.lo == 0 {
			return magnitudes{}, false
		}
		r = magnitudes{x.lo / y.hi, x.hi / y.lo}
	default:
		return magnitudes{}, false
	}
	if dt == tensor.Float32 {
		r = magnitudes{r.lo * (1 - 0x1p-22), r.hi * (1 + 0x1p-22)}
	}
	return r, r.hi <= limit
}

// float64Span is the elements of a contiguous float64 t, without a copy.
func float64Span(t *tensor.Tensor) ([]float64, bool) {
	if t.DType() != tensor.Float64 || !t.IsContiguous() {
		return nil, false
	}
	d, err := tensor.Data[float64](t)
	if err != nil {
		return nil, false
	}
	off := t.Offset()
	return d[off : off+t.Numel()], true
}

// hasNonFinite reports whether t has an inf or nan element (in either
// part of a complex one).
func hasNonFinite(t *tensor.Tensor) bool {
	if t.IsContiguous() {
		off, n := t.Offset(), t.Numel()
		if d, err := tensor.Data[float64](t); err == nil {
			return nonFinite64(d[off : off+n])
		}
		if d, err := tensor.Data[float32](t); err == nil {
			return nonFinite32(d[off : off+n])
		}
	}
	vals, err := complexValues(t)
	if err != nil {
		return false
	}
	for _, z := range vals {
		if !finiteC(z) {
			return true
		}
	}
	return false
}

// nonFinite64 reports whether xs holds an inf or nan: an exponent of all
// ones, which adding one to it carries into the sign bit. The words are
// or-ed without a branch, four at a time.
func nonFinite64(xs []float64) bool {
	const exp, one = 0x7ff0000000000000, 1 << 52
	var acc uint64
	i := 0
	for ; i+4 <= len(xs); i += 4 {
		v := xs[i : i+4 : i+4]
		acc |= (math.Float64bits(v[0])&exp + one) | (math.Float64bits(v[1])&exp + one) |
			(math.Float64bits(v[2])&exp + one) | (math.Float64bits(v[3])&exp + one)
	}
	for ; i < len(xs); i++ {
		acc |= math.Float64bits(xs[i])&exp + one
	}
	return acc>>63 != 0
}

// nonFinite32 is nonFinite64 for float32.
func nonFinite32(xs []float32) bool {
	const exp, one = 0x7f800000, 1 << 23
	var acc uint32
	i := 0
	for ; i+4 <= len(xs); i += 4 {
		v := xs[i : i+4 : i+4]
		acc |= (math.Float32bits(v[0])&exp + one) | (math.Float32bits(v[1])&exp + one) |
			(math.Float32bits(v[2])&exp + one) | (math.Float32bits(v[3])&exp + one)
	}
	for ; i < len(xs); i++ {
		acc |= math.Float32bits(xs[i])&exp + one
	}
	return acc>>31 != 0
}

func finiteC(z complex128) bool {
	return !math.IsInf(real(z), 0) && !math.IsInf(imag(z), 0) && !math.IsNaN(real(z)) && !math.IsNaN(imag(z))
}

// fpPoles says, for the ufuncs whose results have poles, whether the
// inputs of one element are at one: there an infinite result is a
// division by zero, elsewhere an overflow.
var fpPoles = map[string]func(x []complex128) bool{
	"divide":       func(x []complex128) bool { return x[1] == 0 },
	"floor_divide": func(x []complex128) bool { return x[1] == 0 },
	"remainder":    func(x []complex128) bool { return x[1] == 0 },
	"power":        func(x []complex128) bool { return x[0] == 0 },
	"reciprocal":   func(x []complex128) bool { return x[0] == 0 },
	"log":          func(x []complex128) bool { return x[0] == 0 },
	"log2":         func(x []complex128) bool { return x[0] == 0 },
	"log10":        func(x []complex128) bool { return x[0] == 0 },
	"log1p":        func(x []complex128) bool { return x[0] == -1 },
	"arctanh":      func(x []complex128) bool { return x[0] == 1 || x[0] == -1 },
}

// floatFlags are the flags a floating ufunc raised computing r from ins
// (broadcast to r's shape; for matmul, whose inputs do not, the inputs
// as wholes): nil when r has no inf or nan.
func floatFlags(ufunc string, ins []*tensor.Tensor, r *tensor.Tensor) map[string]bool {
	if !hasNonFinite(r) {
		return nil
	}
	zs, err := complexValues(r)
	if err != nil {
		return nil
	}
	kinds := map[string]bool{}
	if ufunc == "matmul" {
		var nan, inf bool
		for _, t := range ins {
			vals, err := complexValues(t)
			if err != nil {
				return nil
			}
			for _, v := range vals {
				nan = nan || cmplx.IsNaN(v)
				inf = inf || cmplx.IsInf(v)
			}
		}
		for _, z := range zs {
			if cmplx.IsNaN(z) && !nan {
				kinds["invalid"] = true
			}
			if cmplx.IsInf(z) && !nan && !inf {
				kinds["over"] = true
			}
		}
		return kinds
	}
	xs := make([][]complex128, len(ins))
	for i, t := range ins {
		e, err := t.Expand(r.Shape()...)
		if err != nil {
			return nil
		}
		if xs[i], err = complexValues(e); err != nil {
			return nil
		}
	}
	pole := fpPoles[ufunc]
	at := make([]complex128, len(ins))
	for i, z := range zs {
		if finiteC(z) {
			continue
		}
		nan, inf := false, false
		for j := range xs {
			at[j] = xs[j][i]
			nan = nan || isNaNC(at[j])
			inf = inf || isInfC(at[j])
		}
		if isNaNC(z) && !nan {
			kinds["invalid"] = true
		}
		if isInfC(z) && !nan && !inf {
			if pole != nil && pole(at) {
				kinds["divide"] = true
			} else {
				kinds["over"] = true
			}
		}
	}
	return kinds
}

func isNaNC(z complex128) bool { return math.IsNaN(real(z)) || math.IsNaN(imag(z)) }
func isInfC(z complex128) bool { return math.IsInf(real(z), 0) || math.IsInf(imag(z), 0) }

// intFlags are the flags of an integer floor_divide or remainder of x by
// y (of the result's dtype dt): a zero divisor, and for floor_divide the
// smallest signed integer divided by -1.
func intFlags(ufunc string, x, y *tensor.Tensor, dt tensor.DType) map[string]bool {
	if ufunc != "floor_divide" && ufunc != "remainder" {
		return nil
	}
	x, y, err := castBoth(x, y, tensor.Int64)
	if err != nil {
		return nil
	}
	shape, err := tensor.BroadcastShapes(x.Shape(), y.Shape())
	if err != nil {
		return nil
	}
	xs, err := broadcastValues[int64](x, shape)
	if err != nil {
		return nil
	}
	ys, err := broadcastValues[int64](y, shape)
	if err != nil {
		return nil
	}
	lowest := int64(0)
	if dt.IsSigned() && dt.Size() <= 8 {
		lowest = -1 << (dt.Size()*8 - 1)
	}
	kinds := map[string]bool{}
	for i, d := range ys {
		if d == 0 {
			kinds["divide"] = true
		} else if d == -1 && lowest != 0 && xs[i] == lowest && ufunc == "floor_divide" {
			kinds["over"] = true
		}
	}
	return kinds
}

// ufuncFlags are the flags of ufunc computing r from the inputs ins.
func ufuncFlags(ufunc string, ins []*tensor.Tensor, r *tensor.Tensor) map[string]bool {
	dt := r.DType()
	if dt.IsFloating() || dt.IsComplex() {
		return floatFlags(ufunc, ins, r)
	}
	if dt.Category() == tensor.IntegerCategory && len(ins) == 2 {
		return intFlags(ufunc, ins[0], ins[1], dt)
	}
	return nil
}

// fpChecked reports whether kael checks the results of op: comparisons,
// bitwise operators and shifts raise no flags.
func fpChecked(op syntax.Token) bool {
	switch op {
	case syntax.PLUS, syntax.MINUS, syntax.STAR, syntax.SLASH, syntax.SLASHSLASH, syntax.PERCENT, syntax.STARSTAR, syntax.AT:
		return true
	}
	return false
}

// operatorUfunc is the ufunc NumPy names in the warnings of a op b: true
// division is divide, and the operator ** of a floating array and the
// number 2, 0.5 or -1 is square, sqrt or reciprocal (NumPy's fast scalar
// power).
func operatorUfunc(op syntax.Token, a, b *tensor.Tensor, operator bool) string {
	switch op {
	case syntax.SLASH:
		return "divide"
	case syntax.AT:
		return "matmul"
	case syntax.STARSTAR:
		if !operator || b.Dim() != 0 || !(a.DType().IsFloating() || a.DType().IsComplex()) {
			break
		}
		if v, ok := complexOf(b); ok {
			if name, fast := map[complex128]string{2: "square", 0.5: "sqrt", -1: "reciprocal"}[v]; fast {
				return name
			}
		}
	}
	return scalarUfuncNames[op]
}

// arrayOpErrors is the report of the array operation a op b (an operator
// when operator is set, else the ufunc's function) whose result is r.
func arrayOpErrors(op syntax.Token, a, b lang.Value, r lang.Value, operator bool) error {
	if !fpChecked(op) {
		return nil
	}
	var rt *tensor.Tensor
	switch x := r.(type) {
	case *Array:
		rt = x.store // a fresh result: no flipped dimensions
	case *Scalar:
		rt = x.t
	default:
		return nil
	}
	dt := rt.DType()
	if !dt.IsFloating() && !dt.IsComplex() && !(dt.Category() == tensor.IntegerCategory && (op == syntax.SLASHSLASH || op == syntax.PERCENT)) {
		return nil // integer + - * ** wrap silently, as NumPy's loops do; comparisons raise nothing
	}
	if dt == tensor.Float64 || dt == tensor.Float32 {
		if ma, okA := operandBound(a); okA {
			if mb, okB := operandBound(b); okB {
				if m, safe := boundedResult(op, ma, mb, dt); safe {
					setBound(r, m)
					return nil
				}
			}
		}
	}
	if xs, ok := float64Span(rt); ok {
		if m := magnitudesOf(xs); m.hi <= math.MaxFloat64 {
			setBound(r, m)
			return nil
		}
	} else if xs, ok := float32Span(rt); ok {
		if m := magnitudesOf32(xs); m.hi <= math.MaxFloat32 {
			setBound(r, m)
			return nil
		}
	}
	x, okA, errA := asOperand(a)
	y, okB, errB := asOperand(b)
	if !okA || !okB || errA != nil || errB != nil {
		return nil
	}
	name := operatorUfunc(op, x.t, y.t, operator)
	ins := []*tensor.Tensor{x.t, y.t}
	if (dt.IsFloating() || dt.IsComplex()) && op != syntax.AT {
		// the loop's inputs: 1e-50 beside a float32 array is 0
		for i, t := range ins {
			if c, err := castTensor(t, dt); err == nil {
				ins[i] = c
			}
		}
	}
	if name == "square" || name == "sqrt" || name == "reciprocal" {
		ins = ins[:1]
	}
	return fpReport(r, name, ufuncFlags(name, ins, rt))
}

// reportWarned issues the warnings a *lang.Warned err carries (from a
// function: operators issue theirs in the engine) and gives its value or
// its error; other results pass through.
func reportWarned(a *lang.Args, v lang.Value, err error) (lang.Value, error) {
	w, ok := err.(*lang.Warned)
	if !ok {
		return v, err
	}
	for _, msg := range w.Messages {
		if err := warnCategory(a, msg, w.Category); err != nil {
			return nil, err
		}
	}
	if w.Err != nil {
		return nil, w.Err
	}
	return w.Value, nil
}

// withValue is the report err carrying v as its result instead (an
// in-place operator's or an out= array's); other errors pass through.
func withValue(err error, v lang.Value) error {
	if w, ok := err.(*lang.Warned); ok {
		c := *w
		c.Value = v
		return &c
	}
	return err
}

// unaryLimits are the floating ufuncs of one argument that raise no flag
// for finite inputs below a magnitude: of float64 and of float32 inputs
// (exp(709.7) is float64's largest, exp(88.7) float32's); the others of
// finite inputs may (sqrt and log of negatives, arcsin past 1, ...).
var unaryLimits = map[string][2]float64{
	"exp": {709, 88}, "expm1": {709, 88}, "sinh": {709, 88}, "cosh": {709, 88},
	"sin": {math.MaxFloat64, math.MaxFloat32}, "cos": {math.MaxFloat64, math.MaxFloat32},
	"tanh": {math.MaxFloat64, math.MaxFloat32}, "arctan": {math.MaxFloat64, math.MaxFloat32},
	"floor": {math.MaxFloat64, math.MaxFloat32}, "ceil": {math.MaxFloat64, math.MaxFloat32},
	"trunc": {math.MaxFloat64, math.MaxFloat32}, "rint": {math.MaxFloat64, math.MaxFloat32},
}

// unaryCannotFlag reports whether the cached bounds of the array x show
// that the ufunc name raises no flag on it, so its result needs no scan.
func unaryCannotFlag(name string, x lang.Value) bool {
	arr, ok := x.(*Array)
	if !ok {
		return false
	}
	lim, ok := unaryLimits[name]
	if !ok {
		return false
	}
	m, ok := arr.boundOf()
	if !ok {
		return false
	}
	if arr.store.DType() == tensor.Float32 {
		return m.hi < lim[1]
	}
	return m.hi < lim[0]
}

// intReciprocal is np.reciprocal of an integer or bool array (bools as
// int8): NumPy's loop computes 1.0 / x in float64 and casts it back, so 1
// and -1 are their own reciprocals, the other nonzero values give 0, and
// 0 gives inf cast by the processor's conversion (the smallest int32 or
// int64; 0 in the narrower types, whose conversion goes through int32,
// and in the unsigned ones), raising divide and invalid.
func intReciprocal(t *tensor.Tensor) (*tensor.Tensor, map[string]bool, error) {
	dt := t.DType()
	if dt == tensor.Bool {
		dt = tensor.Int8
	}
	x, err := t.To(tensor.Int64)
	if err != nil {
		return nil, nil, err
	}
	if x, err = x.Contiguous(); err != nil {
		return nil, nil, err
	}
	d, err := tensor.Data[int64](x)
	if err != nil {
		return nil, nil, err
	}
	d = d[x.Offset() : x.Offset()+x.Numel()]
	var atZero int64
	if dt == tensor.Int32 {
		atZero = math.MinInt32
	} else if dt == tensor.Int64 {
		atZero = math.MinInt64
	}
	signed := dt.IsSigned()
	out := make([]int64, len(d))
	zero := false
	for i, v := range d {
		switch {
		case v == 0:
			out[i], zero = atZero, true
		case v == 1, v == -1 && signed: // uint64's largest reads as -1
			out[i] = v
		}
	}
	r, err := tensor.FromSlice(out, append([]int{}, t.Shape()...)...) // [] for a 0-d t
	if err != nil {
		return nil, nil, err
	}
	if r, err = castTensor(r, dt); err != nil {
		return nil, nil, err
	}
	if !zero {
		return r, nil, nil
	}
	return r, map[string]bool{"divide": true, "invalid": true}, nil
}
