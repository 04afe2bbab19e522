package tensor

import "math"

// The element-wise functions beyond the basic ones of unary.go: inverse
// trigonometric and hyperbolic functions, logarithms and exponentials with
// other bases, the error function, reciprocals, truncation and the
// floating-point class tests. Integer and bool inputs compute in float32
// unless the row of docs/operations.md says otherwise, as in PyTorch.
var (
	TanSpec        = floatUnary("tan", math.Tan)
	AsinSpec       = floatUnary("asin", math.Asin)
	AcosSpec       = floatUnary("acos", math.Acos)
	AtanSpec       = floatUnary("atan", math.Atan)
	SinhSpec       = floatUnary("sinh", math.Sinh)
	CoshSpec       = floatUnary("cosh", math.Cosh)
	AsinhSpec      = floatUnary("asinh", math.Asinh)
	AcoshSpec      = floatUnary("acosh", math.Acosh)
	AtanhSpec      = floatUnary("atanh", math.Atanh)
	Log2Spec       = floatUnary("log2", math.Log2)
	Log10Spec      = floatUnary("log10", math.Log10)
	Log1pSpec      = floatUnary("log1p", math.Log1p)
	Expm1Spec      = floatUnary("expm1", math.Expm1)
	ErfSpec        = floatUnary("erf", math.Erf)
	ErfcSpec       = floatUnary("erfc", math.Erfc)
	RsqrtSpec      = floatUnary("rsqrt", func(x float64) float64 { return 1 / math.Sqrt(x) })
	ReciprocalSpec = floatUnary("reciprocal", func(x float64) float64 { return 1 / x })
	// TruncSpec rounds toward zero; integers keep their values, bool is
	// refused ("trunc" not implemented for 'Bool' in PyTorch).
	TruncSpec = roundingUnary("trunc", math.Trunc)
	// FracSpec is x - trunc(x), for floating tensors only.
	FracSpec = defUnary(&UnarySpec{Name: "frac", dtypes: keepDType,
		kernels: FloatingDTypes(mapLoop(frac[float32]), mapLoop(frac[float64]))})
	IsnanSpec    = classTest("isnan", func(x float64) bool { return x != x }, false)
	IsinfSpec    = classTest("isinf", func(x float64) bool { return math.IsInf(x, 0) }, false)
	IsposinfSpec = classTest("isposinf", func(x float64) bool { return math.IsInf(x, 1) }, false)
	IsneginfSpec = classTest("isneginf", func(x float64) bool { return math.IsInf(x, -1) }, false)
	IsfiniteSpec = classTest("isfinite", func(x float64) bool { return !math.IsInf(x, 0) && x == x }, true)
)

func frac[T Float](x T) T { return x - T(math.Trunc(float64(x))) }

// classTest builds a test of a float's class (NaN, infinite, finite) that
// returns bool. Integers and bools are always finite, so their answer is
// integers for every element.
func classTest(name string, f func(float64) bool, integers bool) *UnarySpec {
	constant := func(x uint8) uint8 { return boolByte(integers) }
	return defUnary(&UnarySpec{Name: name, dtypes: func(d DType) (DType, DType, error) { return d, Bool, nil },
		kernels: AllDTypes(predLoop(func(x float32) bool { return f(float64(x)) }), predLoop(f),
			predLoop(func(int64) bool { return integers }), unaryKernel(func(it *Iter) error { return runUnary(it, constant) }))})
}

// predLoop builds a kernel writing a bool for each element.
func predLoop[T Element](f func(T) bool) unaryKernel {
	return func(it *Iter) error { return runUnary(it, func(x T) uint8 { return boolByte(f(x)) }) }
}

// NanToNum replaces NaN by nan, +inf by posinf and -inf by neginf in a new
// tensor, as torch.nan_to_num. A nil posinf or neginf means the largest or
// the lowest finite value of x's dtype. Integer and bool tensors have no
// such values and come back as a copy.
func NanToNum(x *Tensor, nan float64, posinf, neginf *float64) (*Tensor, error) {
	spec := nanToNumSpec(x.dtype, nan, posinf, neginf)
	return spec.Apply(x)
}

// nanToNumSpec returns an unregistered spec for one call of nan_to_num.
func nanToNumSpec(d DType, nan float64, posinf, neginf *float64) *UnarySpec {
	hi, lo := math.MaxFloat64, -math.MaxFloat64
	if d == Float32 {
		hi, lo = math.MaxFloat32, -math.MaxFloat32
	}
	if posinf != nil {
		hi = *posinf
	}
	if neginf != nil {
		lo = *neginf
	}
	replace := func(x float64) float64 {
		switch {
		case x != x:
			return nan
		case math.IsInf(x, 1):
			return hi
		case math.IsInf(x, -1):
			return lo
		}
		return x
	}
	return &UnarySpec{Name: "nan_to_num", dtypes: keepDType,
		kernels: AllDTypes(mapLoop(func(x float32) float32 { return float32(replace(float64(x))) }), mapLoop(replace),
			mapLoop(func(x int64) int64 { return x }), mapLoop(func(x uint8) uint8 { return x }))}
}

// Tan returns the tangent of x.
func Tan(x *Tensor) (*Tensor, error) { return TanSpec.Apply(x) }

// Isnan reports, as a bool tensor, which elements of x are NaN.
func Isnan(x *Tensor) (*Tensor, error) { return IsnanSpec.Apply(x) }

// Isinf reports which elements of x are +inf or -inf.
func Isinf(x *Tensor) (*Tensor, error) { return IsinfSpec.Apply(x) }

// Isfinite reports which elements of x are neither infinite nor NaN.
func Isfinite(x *Tensor) (*Tensor, error) { return IsfiniteSpec.Apply(x) }
