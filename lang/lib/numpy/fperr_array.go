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
// + - * of float64 arrays skip even that where bounds of the operands
// (the largest magnitude, cached on each array until its storage is
// written) show the result cannot overflow.

// fpBound caches the largest magnitude of a float64 array's elements,
// valid while its storage's version is ver.
type fpBound struct {
	t     *tensor.Tensor // the store it holds for
	ver   uint64
	max   float64
	known bool
}

// boundOf is the largest magnitude of the elements of the float64 array
// a, computed once per write of its storage: +Inf when one is not finite;
// ok false where it is not known cheaply (another dtype, a strided view).
func (a *Array) boundOf() (float64, bool) {
	t := a.store
	if t.DType() != tensor.Float64 {
		return 0, false
	}
	ver := t.Version()
	if a.bound.known && a.bound.t == t && a.bound.ver == ver {
		return a.bound.max, true
	}
	xs, ok := float64Span(t)
	if !ok {
		return 0, false
	}
	m := maxAbs(xs)
	a.bound = fpBound{t: t, ver: ver, max: m, known: true}
	return m, true
}

// setBound records m as the largest magnitude of r's elements, when r is
// a float64 array.
func setBound(r lang.Value, m float64) {
	if arr, ok := r.(*Array); ok && arr.store.DType() == tensor.Float64 {
		arr.bound = fpBound{t: arr.store, ver: arr.store.Version(), max: m, known: true}
	}
}

// operandBound is the largest magnitude of an operand of a float64
// operation: a Python number, a float64 scalar or array; ok false for
// anything else.
func operandBound(v lang.Value) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return math.Abs(x), true
	case int64:
		return math.Abs(float64(x)), true
	case *Scalar:
		if x.t.DType() == tensor.Float64 {
			if f, ok := x.item().(float64); ok {
				return math.Abs(f), true
			}
		}
	case *Array:
		return x.boundOf()
	}
	return 0, false
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

// maxAbs is the largest magnitude in xs, +Inf when one is inf or nan.
func maxAbs(xs []float64) float64 {
	m := 0.0
	for _, v := range xs {
		if a := math.Abs(v); !(a <= m) { // a larger one, or a nan
			if a > math.MaxFloat64 || a != a {
				return math.Inf(1)
			}
			m = a
		}
	}
	return m
}

// hasNonFinite reports whether t has an inf or nan element (in either
// part of a complex one).
func hasNonFinite(t *tensor.Tensor) bool {
	if xs, ok := float64Span(t); ok {
		return maxAbs(xs) > math.MaxFloat64
	}
	if dt := t.DType(); dt == tensor.Float32 && t.IsContiguous() {
		if d, err := tensor.Data[float32](t); err == nil {
			for _, v := range d[t.Offset() : t.Offset()+t.Numel()] {
				if math.Float32bits(v)&0x7f800000 == 0x7f800000 {
					return true
				}
			}
			return false
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

// fpChecked are the operators whose results kael checks: comparisons,
// bitwise operators and shifts raise no flags.
var fpChecked = map[syntax.Token]bool{
	syntax.PLUS: true, syntax.MINUS: true, syntax.STAR: true, syntax.SLASH: true,
	syntax.SLASHSLASH: true, syntax.PERCENT: true, syntax.STARSTAR: true, syntax.AT: true,
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
	if !fpChecked[op] {
		return nil
	}
	rp, ok := r.(lang.ArrayProvider)
	if !ok {
		return nil
	}
	rt := rp.ArrayTensor()
	dt := rt.DType()
	if !dt.IsFloating() && !dt.IsComplex() && !(dt.Category() == tensor.IntegerCategory && (op == syntax.SLASHSLASH || op == syntax.PERCENT)) {
		return nil // integer + - * ** wrap silently, as NumPy's loops do; comparisons raise nothing
	}
	if dt == tensor.Float64 && (op == syntax.PLUS || op == syntax.MINUS || op == syntax.STAR) {
		if ba, okA := operandBound(a); okA {
			if bb, okB := operandBound(b); okB && ba <= math.MaxFloat64 && bb <= math.MaxFloat64 {
				m := ba + bb
				if op == syntax.STAR {
					m = ba * bb
				}
				if m <= math.MaxFloat64 { // rounding is monotone: no element can exceed m
					setBound(r, m)
					return nil
				}
			}
		}
	}
	if xs, ok := float64Span(rt); ok {
		if m := maxAbs(xs); m <= math.MaxFloat64 {
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
