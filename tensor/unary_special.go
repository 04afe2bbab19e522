package tensor

import "math"

// The special functions of one tensor: exp2, erfinv, lgamma, digamma
// (and trigamma, its derivative, which the op table does not list), sinc
// and the sign-bit test signbit. Integer and bool inputs compute in
// float32, as in PyTorch.
var (
	Exp2Spec    = floatUnary("exp2", math.Exp2)
	ErfinvSpec  = floatUnary("erfinv", math.Erfinv)
	LgammaSpec  = floatUnary("lgamma", lgamma)
	DigammaSpec = floatUnary("digamma", Digamma)
	SincSpec    = floatUnary("sinc", sinc)
	// SignbitSpec is true where the sign bit is set: negative numbers,
	// -0.0 and NaNs with the bit set; integers below zero; never a bool.
	SignbitSpec = defUnary(&UnarySpec{Name: "signbit", dtypes: func(d DType) (DType, DType, error) { return d, Bool, nil },
		kernels: RealDTypes(ByDType[unaryKernel]{
			Float32: predLoop(func(x float32) bool { return math.Signbit(float64(x)) }), Float64: predLoop(math.Signbit),
			Int64: predLoop(func(x int64) bool { return x < 0 }), Bool: predLoop(func(uint8) bool { return false })})})
	// TrigammaSpec is the derivative of digamma; the op table does not
	// list it (PyTorch offers it as polygamma(1, x)).
	TrigammaSpec = newUnary(&UnarySpec{Name: "trigamma", dtypes: floatResult,
		kernels: FloatingDTypes(ByDType[unaryKernel]{Float32: mapLoop(func(x float32) float32 { return float32(trigamma(float64(x))) }), Float64: mapLoop(trigamma)})})
)

// lgamma is ln |Γ(x)|; +inf at -inf as in PyTorch (Go's Lgamma gives -inf).
func lgamma(x float64) float64 {
	if math.IsInf(x, -1) {
		return x * -1
	}
	y, _ := math.Lgamma(x)
	return y
}

// sinc is sin(πx)/(πx), 1 at 0, as PyTorch computes it.
func sinc(x float64) float64 {
	if x == 0 {
		return 1
	}
	p := math.Pi * x
	return math.Sin(p) / p
}

// digammaAsymptotic are the coefficients of the asymptotic series of
// digamma (Cephes, as PyTorch's calc_digamma).
var digammaAsymptotic = [...]float64{
	8.33333333333333333333e-2, -2.10927960927960927961e-2, 7.57575757575757575758e-3,
	-4.16666666666666666667e-3, 3.96825396825396825397e-3, -8.33333333333333333333e-3,
	8.33333333333333333333e-2,
}

// Digamma is ψ(x), the derivative of ln Γ(x), computed as PyTorch's
// calc_digamma: ∓inf at ±0, NaN at the negative integers, the reflection
// formula below zero, the recurrence up to 10 and an asymptotic series.
func Digamma(x float64) float64 {
	const psi10 = 2.25175258906672110764
	if x == 0 {
		return math.Copysign(math.Inf(1), -x)
	}
	if x < 0 {
		if x == math.Trunc(x) {
			return math.NaN()
		}
		_, r := math.Modf(x)
		return Digamma(1-x) - math.Pi/math.Tan(math.Pi*r)
	}
	result := 0.0
	for x < 10 {
		result -= 1 / x
		x++
	}
	if x == 10 {
		return result + psi10
	}
	y := 0.0
	if x < 1e17 {
		z := 1 / (x * x)
		p := 0.0
		for _, c := range digammaAsymptotic {
			p = p*z + c
		}
		y = z * p
	}
	return result + math.Log(x) - 0.5/x - y
}

// trigamma is ψ'(x), computed as PyTorch's calc_trigamma.
func trigamma(x float64) float64 {
	sign, result := 1.0, 0.0
	if x < 0.5 {
		sign = -1
		s := math.Sin(math.Pi * x)
		result -= math.Pi * math.Pi / (s * s)
		x = 1 - x
	}
	for range 6 {
		result += 1 / (x * x)
		x++
	}
	ixx := 1 / (x * x)
	result += (1 + 1/(2*x) + ixx*(1.0/6-ixx*(1.0/30-ixx*(1.0/42)))) / x
	return sign * result
}
