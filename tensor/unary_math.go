package tensor

import (
	"math"

	"github.com/kael-dev/kael/tensor/internal/vecmath"
)

// The element-wise functions beyond the basic ones of unary.go: inverse
// trigonometric and hyperbolic functions, logarithms and exponentials with
// other bases, the error function, reciprocals, truncation and the
// floating-point class tests. Integer and bool inputs compute in float32
// unless the row of docs/operations.md says otherwise, as in PyTorch.
var (
	TanSpec   = defUnary(&UnarySpec{Name: "tan", dtypes: floatResult, kernels: FloatingDTypes(ByDType[unaryKernel]{Float32: sliceLoop(vecmath.TanFloat32), Float64: mapLoop(math.Tan)})})
	AsinSpec  = floatUnary("asin", math.Asin)
	AcosSpec  = floatUnary("acos", math.Acos)
	AtanSpec  = defUnary(&UnarySpec{Name: "atan", dtypes: floatResult, kernels: FloatingDTypes(ByDType[unaryKernel]{Float32: sliceLoop(vecmath.AtanFloat32), Float64: mapLoop(math.Atan)})})
	SinhSpec  = floatUnary("sinh", math.Sinh)
	CoshSpec  = floatUnary("cosh", math.Cosh)
	AsinhSpec = floatUnary("asinh", math.Asinh)
	AcoshSpec = floatUnary("acosh", math.Acosh)
	AtanhSpec = floatUnary("atanh", math.Atanh)
	Log2Spec  = floatUnaryVec("log2", math.Log2, vecmath.Log2Float32)
	Log10Spec = floatUnaryVec("log10", math.Log10, vecmath.Log10Float32)
	Log1pSpec = floatUnaryVec("log1p", math.Log1p, vecmath.Log1pFloat32)
	Expm1Spec = floatUnaryVec("expm1", math.Expm1, vecmath.Expm1Float32)
	ErfSpec   = floatUnaryVec("erf", math.Erf, vecmath.ErfFloat32)
	ErfcSpec  = floatUnaryVec("erfc", math.Erfc, vecmath.ErfcFloat32)
	// RsqrtSpec: in float32 (and the 16-bit floats, which compute in it)
	// a float32 square root and a float32 division, two roundings, as
	// PyTorch's CPU kernel.
	RsqrtSpec = defUnary(&UnarySpec{Name: "rsqrt", dtypes: floatResult,
		kernels: FloatingDTypes(ByDType[unaryKernel]{Float32: sliceLoop(vecmath.RsqrtFloat32), Float64: mapLoop(func(x float64) float64 { return 1 / math.Sqrt(x) })})})
	ReciprocalSpec = reciprocalUnary()
	// TruncSpec rounds toward zero; integers keep their values, bool is
	// refused ("trunc" not implemented for 'Bool' in PyTorch).
	TruncSpec = roundingUnary("trunc", roundFloat32(vecmath.RoundTrunc), truncSlice[float64])
	// FracSpec is x - trunc(x), for floating tensors only.
	FracSpec = defUnary(&UnarySpec{Name: "frac", dtypes: keepDType,
		kernels: FloatingDTypes(ByDType[unaryKernel]{Float32: sliceLoop(fracSlice[float32]), Float64: sliceLoop(fracSlice[float64])})})
	IsnanSpec    = classTest("isnan", func(x float64) bool { return x != x }, false)
	IsinfSpec    = classTest("isinf", func(x float64) bool { return math.IsInf(x, 0) }, false)
	IsposinfSpec = classTest("isposinf", func(x float64) bool { return math.IsInf(x, 1) }, false)
	IsneginfSpec = classTest("isneginf", func(x float64) bool { return math.IsInf(x, -1) }, false)
	IsfiniteSpec = classTest("isfinite", func(x float64) bool { return !math.IsInf(x, 0) && x == x }, true)
)

// classTest builds a test of a float's class (NaN, infinite, finite) that
// returns bool. Integers and bools are always finite, so their answer is
// integers for every element.
func classTest(name string, f func(float64) bool, integers bool) *UnarySpec {
	constant := func(x uint8) uint8 { return boolByte(integers) }
	return defUnary(&UnarySpec{Name: name, dtypes: func(d DType) (DType, DType, error) { return d, Bool, nil },
		kernels: RealDTypes(ByDType[unaryKernel]{Float32: predLoop(func(x float32) bool { return f(float64(x)) }), Float64: predLoop(f),
			Int64: predLoop(func(int64) bool { return integers }), Bool: func(it *Iter) error { return runUnary(it, constant) }})})
}

// predLoop builds a kernel writing a bool for each element.
func predLoop[T Native](f func(T) bool) unaryKernel {
	return func(it *Iter) error { return runUnary(it, func(x T) uint8 { return boolByte(f(x)) }) }
}

// NanToNum replaces NaN by nan, +inf by posinf and -inf by neginf in a new
// tensor, as torch.nan_to_num. A nil posinf or neginf means the largest or
// the lowest finite value of x's dtype. Integer and bool tensors have no
// such values and come back as a copy.
func NanToNum(x *Tensor, nan float64, posinf, neginf *float64) (*Tensor, error) {
	if d := x.dtype; nanToNumKernels.convertsIn(d) {
		c, err := toComputeIn(x)
		if err != nil {
			return nil, err
		}
		if posinf == nil {
			hi := FloatInfoOf(d).Max
			posinf = &hi
		}
		if neginf == nil {
			lo := -FloatInfoOf(d).Max
			neginf = &lo
		}
		r, err := NanToNum(c, nan, posinf, neginf)
		return fromComputeIn(r, d, err)
	}
	hi, lo := math.MaxFloat64, -math.MaxFloat64
	if x.dtype == Float32 {
		hi, lo = math.MaxFloat32, -math.MaxFloat32
	}
	if posinf != nil {
		hi = *posinf
	}
	if neginf != nil {
		lo = *neginf
	}
	if !x.dtype.IsFloating() {
		return x.Clone()
	}
	kernel, err := nanToNumKernels.Select("nan_to_num", x.dtype)
	if err != nil {
		return nil, err
	}
	it, err := NewIter(IterConfig{OutDType: x.dtype, Inputs: []*Tensor{x}})
	if err != nil {
		return nil, err
	}
	if err := kernel(it, nanReplacement{nan, hi, lo}); err != nil {
		return nil, err
	}
	return it.Output(), nil
}

// nanReplacement holds what nan_to_num writes for NaN, +inf and -inf.
type nanReplacement struct{ nan, posinf, neginf float64 }

var nanToNumKernels = computed(FloatingDTypes(ByDType[func(*Iter, nanReplacement) error]{
	Float32: nanToNumLoop[float32], Float64: nanToNumLoop[float64]}))

func nanToNumLoop[T Float](it *Iter, r nanReplacement) error {
	nan, hi, lo := T(r.nan), T(r.posinf), T(r.neginf)
	return runUnary(it, func(x T) T {
		switch {
		case x != x:
			return nan
		case math.IsInf(float64(x), 1):
			return hi
		case math.IsInf(float64(x), -1):
			return lo
		}
		return x
	})
}

// Tan returns the tangent of x.
func Tan(x *Tensor) (*Tensor, error) { return TanSpec.Apply(x) }

// Isnan reports, as a bool tensor, which elements of x are NaN.
func Isnan(x *Tensor) (*Tensor, error) { return IsnanSpec.Apply(x) }

// Isinf reports which elements of x are +inf or -inf.
func Isinf(x *Tensor) (*Tensor, error) { return IsinfSpec.Apply(x) }

// Isfinite reports which elements of x are neither infinite nor NaN.
func Isfinite(x *Tensor) (*Tensor, error) { return IsfiniteSpec.Apply(x) }
