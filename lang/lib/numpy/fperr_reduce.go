package numpy

import (
	"math"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The floating-point errors of reductions and casts, as NumPy 1.24 reports
// them: sum, prod, mean, std and var of floating arrays warn "overflow
// encountered in reduce" (or "invalid value", for inf - inf), cumsum and
// cumprod "... in accumulate", and astype "overflow encountered in cast"
// (a finite float that the narrower float dtype cannot hold) or "invalid
// value encountered in cast" (a nan, an inf or a float out of the integer
// conversion's range); np.seterr and np.errstate decide as for the
// element-wise operations (fperr.go). As there (fperr_array.go), kael
// reads the result, not the processor's flags: a reduction's inf where
// the input has no inf or nan is an overflow, its nan where the input has
// no nan invalid. An input that has an inf hides an overflow in another
// row of an axis reduction, as one flag for the whole array cannot tell.
//
// The check scans only the result (one number for a full reduction) and
// reads the input only when the result holds an inf or a nan.

// checkedReduce returns a function that passes the result of a reduction
// of the floating or complex in (named where: "reduce" or "accumulate")
// through, with the warnings (or the FloatingPointError) of the errors it
// made.
func checkedReduce(a *lang.Args, where string, in *tensor.Tensor) func(lang.Value, error) (lang.Value, error) {
	return func(v lang.Value, err error) (lang.Value, error) {
		if err != nil {
			return v, err
		}
		p, ok := v.(lang.ArrayProvider)
		if !ok {
			return v, nil
		}
		kinds := reduceFlags(in, p.ArrayTensor())
		if len(kinds) == 0 {
			return v, nil
		}
		return reportWarned(a, v, fpReport(v, where, kinds))
	}
}

// reduceFlags are the flags a reduction of in raised making r: nil when r
// is not floating or has no inf or nan.
func reduceFlags(in, r *tensor.Tensor) map[string]bool {
	if dt := r.DType(); !dt.IsFloating() && !dt.IsComplex() || !hasNonFinite(r) {
		return nil
	}
	rInf, rNaN := nonFiniteKinds(r)
	inInf, inNaN := nonFiniteKinds(in)
	kinds := map[string]bool{}
	if rInf && !inInf && !inNaN {
		kinds["over"] = true
	}
	if rNaN && !inNaN {
		kinds["invalid"] = true
	}
	return kinds
}

// nonFiniteKinds reports whether t has an inf and whether it has a nan
// (in either part of a complex element); integers have neither.
func nonFiniteKinds(t *tensor.Tensor) (inf, nan bool) {
	if dt := t.DType(); !dt.IsFloating() && !dt.IsComplex() {
		return false, false
	}
	vals, err := complexValues(t)
	if err != nil {
		return false, false
	}
	for _, z := range vals {
		inf = inf || isInfC(z)
		nan = nan || isNaNC(z)
	}
	return inf, nan
}

// castFlags are the flags NumPy 1.24's cast of t to dt raises, r being
// the cast's result: overflow where a finite float becomes an inf of a
// narrower float (or an int becomes float16's inf); invalid where a
// float converted to an integer is a nan, an inf or out of the range of
// the conversion the C cast goes through (int32 for the integers up to 32
// bits but uint32, int64 for uint32 and int64, and for uint64 below 2**63
// and up to 2**64 above). Bools raise nothing.
func castFlags(self lang.Value, t, r *tensor.Tensor, dt tensor.DType) map[string]bool {
	from := t.DType()
	fromFloat := from.IsFloating() || from.IsComplex()
	switch {
	case dt.IsFloating() || dt.IsComplex():
		if !hasNonFinite(r) {
			return nil
		}
		if rInf, _ := nonFiniteKinds(r); !rInf {
			return nil
		}
		if inInf, inNaN := nonFiniteKinds(t); fromFloat && (inInf || inNaN) {
			return nil // an inf (or nan) given, not made: no flag kael can tell
		}
		return map[string]bool{"over": true}
	case dt == tensor.Bool || !fromFloat:
		return nil
	}
	lo, hi := castRange(dt)
	if m, ok := arrayBound(self, t); ok && m.hi < -lo && m.hi < hi {
		return nil // the remembered bounds show every element in range
	}
	vals, err := complexValues(t)
	if err != nil {
		return nil
	}
	for _, z := range vals {
		x := real(z) // a complex number casts its real part
		if !(x > lo && x < hi) {
			return map[string]bool{"invalid": true}
		}
	}
	return nil
}

// castRange is the open interval of the floats that the C conversion to
// the integer dtype dt goes through without an invalid flag.
func castRange(dt tensor.DType) (lo, hi float64) {
	below := math.Nextafter(-0x1p63, math.Inf(-1)) // -2**63 converts
	if dt == tensor.Int64 || dt == tensor.Uint32 {
		return below, 0x1p63
	}
	if dt == tensor.Uint64 {
		return below, 0x1p64
	}
	return math.MinInt32 - 1, 0x1p31
}

// arrayBound is the remembered bounds of the magnitudes of t, when t is
// the store of the float64 or float32 array self.
func arrayBound(self lang.Value, t *tensor.Tensor) (magnitudes, bool) {
	if arr, ok := self.(*Array); ok && arr.store == t {
		return arr.boundOf()
	}
	return magnitudes{}, false
}

// checkedCast is t cast to dt (r) as astype gives it, with the warnings
// of the cast's errors.
func checkedCast(a *lang.Args, t, r *tensor.Tensor, dt tensor.DType) (lang.Value, error) {
	v := lang.Value(wrapArray(r))
	kinds := castFlags(a.Value("self"), t, r, dt)
	if len(kinds) == 0 {
		return v, nil
	}
	return reportWarned(a, v, fpReport(v, "cast", kinds))
}

// fpStage is one ufunc call of a composite operation and the flags it
// raised.
type fpStage struct {
	where string
	kinds map[string]bool
}

// checkedVariance passes the result v of var or std of the floating x
// over dims through with NumPy's warnings. Where the result is finite, or
// x is complex, that is checkedReduce's; otherwise it replays NumPy's
// _var (the sum, arr - mean, the squares, their sum) to name the ufunc
// each flag came from: "overflow encountered in multiply" where the
// squares overflow, "... in reduce" where a sum does.
func checkedVariance(a *lang.Args, x *tensor.Tensor, dims []int, v lang.Value, err error) (lang.Value, error) {
	if err != nil {
		return v, err
	}
	p, ok := v.(lang.ArrayProvider)
	if !ok || !x.DType().IsFloating() || len(reduceFlags(x, p.ArrayTensor())) == 0 {
		return checkedReduce(a, "reduce", x)(v, nil)
	}
	stages, err := varianceStages(x, dims)
	if err != nil {
		return checkedReduce(a, "reduce", x)(v, nil)
	}
	for _, st := range stages {
		if len(st.kinds) == 0 {
			continue
		}
		if _, err := reportWarned(a, v, fpReport(v, st.where, st.kinds)); err != nil {
			return nil, err
		}
	}
	return v, nil
}

// varianceStages computes NumPy's _var of the real floating x over dims
// (all when nil) step by step, with the flags of each step.
func varianceStages(x *tensor.Tensor, dims []int) ([]fpStage, error) {
	if dims == nil {
		dims = allAxes(x.Dim())
	}
	sum, err := tensor.Sum(x, dims, true)
	if err != nil {
		return nil, err
	}
	count := 1
	for _, d := range dims {
		count *= x.Shape()[d]
	}
	n, err := castTensor(tensor.MustScalar(float64(count)), x.DType())
	if err != nil {
		return nil, err
	}
	mean, err := tensor.Div(sum, n)
	if err != nil {
		return nil, err
	}
	diff, err := tensor.Sub(x, mean)
	if err != nil {
		return nil, err
	}
	wide, err := mean.Expand(x.Shape()...)
	if err != nil {
		return nil, err
	}
	sq, err := tensor.Mul(diff, diff)
	if err != nil {
		return nil, err
	}
	total, err := tensor.Sum(sq, dims, false)
	if err != nil {
		return nil, err
	}
	return []fpStage{
		{"reduce", reduceFlags(x, sum)},
		{"subtract", floatFlags("subtract", []*tensor.Tensor{x, wide}, diff)},
		{"multiply", floatFlags("multiply", []*tensor.Tensor{diff, diff}, sq)},
		{"reduce", reduceFlags(sq, total)},
	}, nil
}

// checkedVarianceOf is checkedVariance as a function of the reduction's
// results, reading the dims the reduction chose from *dims.
func checkedVarianceOf(a *lang.Args, x *tensor.Tensor, dims *[]int) func(lang.Value, error) (lang.Value, error) {
	return func(v lang.Value, err error) (lang.Value, error) { return checkedVariance(a, x, *dims, v, err) }
}
