package tensor

import "math"

// The functions of two operands of torch.special: xlog1py, the Hurwitz
// zeta function and the orthogonal polynomials of degree n (the second
// operand, truncated to an integer as PyTorch's kernels do). Integers
// give float32; float32 computes in float64 and rounds once.
var (
	// Xlog1pySpec is input * log1p(other), 0 where input is 0 (unless
	// other is NaN).
	Xlog1pySpec = floatBinary("xlog1py", xlog1py)
	// ZetaSpec is the Hurwitz zeta function Σ_k (other + k)^-input.
	ZetaSpec = floatBinary("zeta", Zeta)

	ChebyshevTSpec        = polynomial("chebyshev_polynomial_t", chebyshevT)
	ChebyshevUSpec        = polynomial("chebyshev_polynomial_u", chebyshevU)
	ChebyshevVSpec        = polynomial("chebyshev_polynomial_v", chebyshevV)
	ChebyshevWSpec        = polynomial("chebyshev_polynomial_w", chebyshevW)
	ShiftedChebyshevTSpec = polynomial("shifted_chebyshev_polynomial_t", shifted(chebyshevT))
	ShiftedChebyshevUSpec = polynomial("shifted_chebyshev_polynomial_u", shifted(chebyshevU))
	ShiftedChebyshevVSpec = polynomial("shifted_chebyshev_polynomial_v", shifted(chebyshevV))
	ShiftedChebyshevWSpec = polynomial("shifted_chebyshev_polynomial_w", shifted(chebyshevW))
	HermiteHSpec          = polynomial("hermite_polynomial_h", hermiteH)
	HermiteHeSpec         = polynomial("hermite_polynomial_he", hermiteHe)
	LaguerreLSpec         = polynomial("laguerre_polynomial_l", laguerreL)
	LegendrePSpec         = polynomial("legendre_polynomial_p", legendreP)
)

// floatBinary is an operation of two operands on floats: integers and
// bools give float32, float32 computes in float64.
func floatBinary(name string, f func(a, b float64) float64) *BinarySpec {
	return defBinary(&BinarySpec{Name: name, dtypes: toFloat,
		kernels: FloatingDTypes(ByDType[binaryKernel]{
			Float32: floatLoop(func(a, b float32) float32 { return float32(f(float64(a), float64(b))) }),
			Float64: floatLoop(f)})})
}

// polynomial is floatBinary for a polynomial p(x, n) of integer degree n:
// n is truncated toward zero; a NaN n, which has no degree, gives NaN.
func polynomial(name string, p func(x float64, n int64) float64) *BinarySpec {
	return floatBinary(name, func(x, n float64) float64 {
		if n != n {
			return n
		}
		return p(x, int64(n))
	})
}

func xlog1py(a, b float64) float64 {
	if b != b {
		return b
	}
	if a == 0 {
		return 0
	}
	return a * math.Log1p(b)
}

// zetaEulerMaclaurin are the denominators of the Euler-Maclaurin
// correction of Zeta, (2k)!/B_2k (Cephes).
var zetaEulerMaclaurin = [...]float64{
	12.0, -720.0, 30240.0, -1209600.0, 47900160.0, -1.8924375803183791606e9, 7.47242496e10,
	-2.950130727918164224e12, 1.1646782814350067249e14, -4.5979787224074726105e15,
	1.8152105401943546773e17, -7.1661652561756670113e18,
}

// Zeta is the Hurwitz zeta function ζ(x, q) = Σ_k (q + k)^-x, as Cephes
// and PyTorch compute it: +inf at x = 1, NaN below, +inf at q a
// non-positive integer, NaN for a negative q with x not an integer; the
// sum up to q + 9 and the Euler-Maclaurin correction beyond.
func Zeta(x, q float64) float64 {
	const machep = 1.11022302462515654042e-16
	switch {
	case x == 1:
		return math.Inf(1)
	case x < 1:
		return math.NaN()
	case q <= 0:
		if q == math.Floor(q) {
			return math.Inf(1)
		}
		if x != math.Floor(x) {
			return math.NaN()
		}
	}
	s := math.Pow(q, -x)
	a, b := q, 0.0
	for i := 0; i < 9 || a <= 9; {
		i++
		a++
		b = math.Pow(a, -x)
		s += b
		if math.Abs(b/s) < machep {
			return s
		}
	}
	w := a
	s += b * w / (x - 1)
	s -= 0.5 * b
	a, k := 1.0, 0.0
	for _, d := range zetaEulerMaclaurin {
		a *= x + k
		b /= w
		t := a * b / d
		s += t
		if math.Abs(t/s) < machep {
			return s
		}
		k++
		a *= x + k
		b /= w
		k++
	}
	return s
}

// recurrence runs p_(k+1) = next(k, p_k, p_(k-1)) from p_0 and p_1 up to
// p_n (n >= 1).
func recurrence(n int64, p0, p1 float64, next func(k int64, p, q float64) float64) float64 {
	p, q := p0, p1
	for k := int64(1); k < n; k++ {
		p, q = q, next(k, q, p)
	}
	return q
}

// chebyshev runs the Chebyshev recurrence p_(k+1) = 2x p_k - p_(k-1).
func chebyshev(x float64, n int64, p1 float64) float64 {
	switch n {
	case 0:
		return 1
	case 1:
		return p1
	}
	return recurrence(n, 1, p1, func(_ int64, q, p float64) float64 { return (x+x)*q - p })
}

// chebyshevT is the Chebyshev polynomial of the first kind, as PyTorch
// computes it: cos(n acos x) for n > 6 inside (-1, 1), the recurrence
// elsewhere, ±1 at ±1, 0 for a negative n.
func chebyshevT(x float64, n int64) float64 {
	switch {
	case n < 0:
		return 0
	case math.Abs(x) == 1:
		if x > 0 || n%2 == 0 {
			return 1
		}
		return -1
	case n > 6 && math.Abs(x) < 1:
		return math.Cos(float64(n) * math.Acos(x))
	}
	return chebyshev(x, n, x)
}

// chebyshevU is the Chebyshev polynomial of the second kind:
// sin((n+1)θ)/sin θ with θ = acos x for n > 8 inside (-1, 1).
func chebyshevU(x float64, n int64) float64 {
	m := float64(n + 1)
	switch {
	case n < 0:
		return 0
	case math.Abs(x) == 1:
		if x > 0 || n%2 == 0 {
			return m
		}
		return -m
	case n > 8 && math.Abs(x) < 1:
		th := math.Acos(x)
		if math.Sin(th) != 0 {
			return math.Sin(m*th) / math.Sin(th)
		}
		return m * math.Cos(m*th) / x
	}
	return chebyshev(x, n, x+x)
}

// chebyshevV is the Chebyshev polynomial of the third kind:
// cos((n+½)θ)/cos(θ/2) for n > 8 inside (-1, 1).
func chebyshevV(x float64, n int64) float64 {
	odd := float64(n + n + 1)
	switch {
	case n < 0:
		return 0
	case math.Abs(x) == 1:
		if x > 0 {
			return 1
		}
		if n%2 == 0 {
			return odd
		}
		return -odd
	case n > 8 && math.Abs(x) < 1:
		th := math.Acos(x)
		if math.Sin(th/2) != 1 {
			return math.Cos((float64(n)+0.5)*th) / math.Cos(th/2)
		}
		if n%2 == 0 {
			return odd
		}
		return -odd
	}
	return chebyshev(x, n, x+x-1)
}

// chebyshevW is the Chebyshev polynomial of the fourth kind:
// sin((n+½)θ)/sin(θ/2) for n > 8 inside (-1, 1).
func chebyshevW(x float64, n int64) float64 {
	odd := float64(n + n + 1)
	switch {
	case n < 0:
		return 0
	case math.Abs(x) == 1:
		if x > 0 {
			return odd
		}
		if n%2 == 0 {
			return 1
		}
		return -1
	case n > 8 && math.Abs(x) < 1:
		th := math.Acos(x)
		if math.Cos(th/2) != 1 {
			return math.Sin((float64(n)+0.5)*th) / math.Sin(th/2)
		}
		if x > 0 {
			return odd
		}
		if n%2 == 0 {
			return 1
		}
		return -1
	}
	return chebyshev(x, n, x+x+1)
}

// shifted is the shifted form p*(x) = p(2x - 1) of a Chebyshev polynomial.
func shifted(p func(x float64, n int64) float64) func(x float64, n int64) float64 {
	return func(x float64, n int64) float64 { return p(x+x-1, n) }
}

// hermiteH is the physicists' Hermite polynomial: H_(k+1) = 2x H_k - 2k H_(k-1).
func hermiteH(x float64, n int64) float64 {
	switch {
	case n < 0:
		return 0
	case n == 0:
		return 1
	case n == 1:
		return x + x
	}
	return recurrence(n, 1, x+x, func(k int64, q, p float64) float64 { return (x+x)*q - float64(k+k)*p })
}

// hermiteHe is the probabilists' Hermite polynomial: He_(k+1) = x He_k - k He_(k-1).
func hermiteHe(x float64, n int64) float64 {
	switch {
	case n < 0:
		return 0
	case n == 0:
		return 1
	case n == 1:
		return x
	}
	return recurrence(n, 1, x, func(k int64, q, p float64) float64 { return x*q - float64(k)*p })
}

// laguerreL is the Laguerre polynomial: 1 at x = 0;
// L_(k+1) = ((2k + 1 - x) L_k - k L_(k-1)) / (k + 1).
func laguerreL(x float64, n int64) float64 {
	switch {
	case n < 0:
		return 0
	case x == 0 || n == 0:
		return 1
	case n == 1:
		return 1 - x
	}
	return recurrence(n, 1, 1-x, func(k int64, q, p float64) float64 {
		kf := float64(k)
		return ((kf+kf+(1-x))*q - kf*p) / (kf + 1)
	})
}

// legendreP is the Legendre polynomial: ±1 at ±1;
// P_(k+1) = ((2k + 1) x P_k - k P_(k-1)) / (k + 1).
func legendreP(x float64, n int64) float64 {
	switch {
	case n < 0:
		return 0
	case math.Abs(x) == 1:
		if x > 0 || n%2 == 0 {
			return 1
		}
		return -1
	case n == 0:
		return 1
	case n == 1:
		return x
	}
	return recurrence(n, 1, x, func(k int64, q, p float64) float64 {
		kf := float64(k)
		return ((kf+kf+1)*x*q - kf*p) / (kf + 1)
	})
}
