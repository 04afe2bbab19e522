package tensor

import (
	"math"

	"github.com/kael-dev/kael/tensor/internal/vecmath"
)

// The special functions of one tensor: exp2, erfinv, lgamma, digamma
// (and trigamma, its derivative, which the op table does not list), sinc,
// the modified Bessel function i0 (and i1, its derivative), the sign-bit
// test signbit, and frexp. Integer and bool inputs compute in
// float32, as in PyTorch.
var (
	Exp2Spec    = floatUnaryVec("exp2", math.Exp2, vecmath.Exp2Float32)
	ErfinvSpec  = floatUnary("erfinv", math.Erfinv)
	LgammaSpec  = floatUnary("lgamma", lgamma)
	DigammaSpec = floatUnary("digamma", Digamma)
	SincSpec    = floatUnary("sinc", sinc)
	I0Spec      = floatUnary("i0", I0)
	// SignbitSpec is true where the sign bit is set: negative numbers,
	// -0.0 and NaNs with the bit set; integers below zero; never a bool.
	SignbitSpec = defUnary(&UnarySpec{Name: "signbit", dtypes: func(d DType) (DType, DType, error) { return d, Bool, nil },
		kernels: RealDTypes(ByDType[unaryKernel]{
			Float32: predLoop(func(x float32) bool { return math.Signbit(float64(x)) }), Float64: predLoop(math.Signbit),
			Int64: predLoop(func(x int64) bool { return x < 0 }), Bool: predLoop(func(uint8) bool { return false })})})
	// TrigammaSpec is the derivative of digamma; the op table does not
	// list it (PyTorch offers it as polygamma(1, x)).
	TrigammaSpec = newUnary(floatSpec("trigamma", trigamma))
	// I1Spec is the modified Bessel function of order 1, the derivative
	// of i0 (torch.special.i1).
	I1Spec = floatUnary("i1", i1)
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

// I0 is the modified Bessel function of the first kind of order 0: up to
// |x| = 30 by its power series Σ ((x/2)^k / k!)², whose terms are all
// positive (no cancellation), summed until they no longer change the sum;
// beyond, by the asymptotic series (besselAsymptotic), which needs some
// 20 terms where the power series needs more than |x|. ±inf gives NaN, as
// PyTorch's Chebyshev form (exp(x)·0) does.
func I0(x float64) float64 {
	if math.IsInf(x, 0) {
		return math.NaN()
	}
	if math.Abs(x) > besselLarge {
		return besselAsymptotic(0, x)
	}
	q := x * x / 4
	sum, term := 1.0, 1.0
	for k := 1.0; ; k++ {
		term *= q / (k * k)
		if sum+term == sum || math.IsInf(sum, 0) || term != term {
			return sum + term
		}
		sum += term
	}
}

// i1 is the modified Bessel function of order 1, Σ (x/2)^(2k+1) / (k!(k+1)!),
// and the asymptotic series beyond |x| = 30, as I0.
func i1(x float64) float64 {
	if math.IsInf(x, 0) {
		return math.NaN()
	}
	if math.Abs(x) > besselLarge {
		return math.Copysign(besselAsymptotic(1, x), x)
	}
	q := x * x / 4
	term := x / 2
	sum := term
	for k := 1.0; ; k++ {
		term *= q / (k * (k + 1))
		if sum+term == sum || math.IsInf(sum, 0) || term != term {
			return sum + term
		}
		sum += term
	}
}

// besselLarge is the |x| beyond which I0 and i1 take the asymptotic series.
const besselLarge = 30

// besselAsymptotic is I_ν(|x|) for ν 0 or 1 and a large |x|: e^|x| / √(2π|x|)
// times Σ t_k, t_0 = 1, t_k = t_(k-1)·((2k-1)² - 4ν²) / (8k|x|), summed
// while the terms shrink and change the sum. Where e^|x| overflows, the
// result is +inf, as PyTorch's exp(x)·chbevl(...)/√x; just below, e^|x|
// is taken as e^(|x|/2) twice, as the product would overflow.
func besselAsymptotic(nu, x float64) float64 {
	x = math.Abs(x)
	if x > expOverflow {
		return math.Inf(1)
	}
	h := math.Exp(x / 2)
	return h * besselAsymptoticScaled(nu, x) * h
}

// besselAsymptoticScaled is e^-|x|·I_ν(|x|) by the series of
// besselAsymptotic: Σ t_k / √(2π|x|); 0 at ±inf.
func besselAsymptoticScaled(nu, x float64) float64 {
	x = math.Abs(x)
	sum, term := 1.0, 1.0
	for k := 1.0; ; k++ {
		next := term * ((2*k-1)*(2*k-1) - 4*nu*nu) / (8 * k * x)
		if math.Abs(next) >= math.Abs(term) || sum+next == sum {
			break
		}
		term = next
		sum += term
	}
	return sum / math.Sqrt(2*math.Pi*x)
}

// Frexp splits each element of a floating x into a mantissa of x's dtype,
// with magnitude in [0.5, 1) (or 0), and an int32 exponent, x = m·2^e, as
// C's frexp and torch.frexp. Non-finite elements keep their value with
// exponent 0.
func Frexp(x *Tensor) (mantissa, exponent *Tensor, err error) {
	if !x.dtype.IsFloating() {
		return nil, nil, Errorf(RuntimeError, "torch.frexp() only supports floating-point dtypes")
	}
	vals, err := x.Float64s()
	if err != nil {
		return nil, nil, err
	}
	ms := make([]float64, len(vals))
	es := make([]int64, len(vals))
	for i, v := range vals {
		m, e := math.Frexp(v)
		ms[i], es[i] = m, int64(e)
	}
	if mantissa, err = FromSlice(ms, x.shape...); err != nil {
		return nil, nil, err
	}
	if mantissa, err = mantissa.To(x.dtype); err != nil {
		return nil, nil, err
	}
	if exponent, err = FromSlice(es, x.shape...); err != nil {
		return nil, nil, err
	}
	exponent, err = exponent.To(Int32)
	return mantissa, exponent, err
}
