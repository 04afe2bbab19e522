package tensor

import (
	"math"
	"math/big"
)

// AiryAiSpec is torch.special.airy_ai: the Airy function Ai. Integer and
// bool inputs compute in float32, as in PyTorch; float32 computes in
// float64 and rounds once.
var AiryAiSpec = floatUnary("airy_ai", airyAi)

// airySeriesLimit is the |x| below which Ai is summed from its Maclaurin
// series; beyond it the asymptotic expansions are accurate to about
// exp(-2ζ) < 1e-23 (ζ = 2/3 |x|^1.5).
const airySeriesLimit = 12

// airyAiZero is where PyTorch's Ai becomes 0 (its value there, about
// 1e-308, is at the end of float64's normal range).
const airyAiZero = 103.892

// airyAi is Ai(x): NaN at ±inf and NaN as in PyTorch, 0 beyond
// airyAiZero, the Maclaurin series (in 320-bit arithmetic, since the two
// series cancel to Ai's small value) for |x| < airySeriesLimit, and the
// asymptotic expansions (DLMF 9.7.5 and 9.7.9) beyond.
func airyAi(x float64) float64 {
	switch {
	case x != x || math.IsInf(x, 0):
		return math.NaN()
	case x > airyAiZero:
		return 0
	case math.Abs(x) < airySeriesLimit:
		return airyAiSeries(x)
	case x > 0:
		zeta := 2 * x * math.Sqrt(x) / 3
		sum, _ := airyAsymptotic(zeta, true)
		return math.Exp(-zeta) / (2 * math.Sqrt(math.Pi) * math.Sqrt(math.Sqrt(x))) * sum
	}
	// Ai(-z) = (sin(ζ + π/4) P(ζ) - cos(ζ + π/4) Q(ζ)) / (√π z^¼), with
	// ζ computed as -2x·√(-x)/3 so that its rounding, which decides the
	// phase for huge |x|, is PyTorch's.
	t := math.Sqrt(-x)
	zeta := -2 * x * t / 3
	p, q := airyAsymptotic(zeta, false)
	theta := zeta + 0.25*math.Pi
	return (math.Sin(theta)*p - math.Cos(theta)*q) / (math.Sqrt(math.Pi) * math.Sqrt(t))
}

// airyAsymptotic sums the asymptotic series of Ai in ζ with the
// coefficients u_k = (2k+1)(2k+3)···(6k-1) / (216^k k!): for positive x
// (alternating true) Σ (-1)^k u_k / ζ^k; for negative x the even and odd
// parts P = Σ (-1)^k u_2k / ζ^2k and Q = Σ (-1)^k u_2k+1 / ζ^2k+1. It
// stops where the terms stop shrinking or no longer change the sum.
func airyAsymptotic(zeta float64, alternating bool) (float64, float64) {
	sums := [2]float64{1, 0}
	term, prev := 1.0, math.Inf(1)
	for k := 1; k < 200; k++ {
		fk := float64(k)
		term *= (6*fk - 5) * (6*fk - 3) * (6*fk - 1) / (216 * fk * (2*fk - 1)) / zeta
		if math.Abs(term) >= prev || math.Abs(term) < 1e-20 {
			break
		}
		prev = math.Abs(term)
		if alternating {
			if k%2 == 1 {
				sums[0] -= term
			} else {
				sums[0] += term
			}
			continue
		}
		// P takes the even k, Q the odd, each with the sign (-1)^(k div 2)
		sign := 1.0
		if (k/2)%2 == 1 {
			sign = -1
		}
		sums[k%2] += sign * term
	}
	return sums[0], sums[1]
}

// airyConstants are Ai(0) = 1 / (3^(2/3) Γ(2/3)) and -Ai'(0) =
// 1 / (3^(1/3) Γ(1/3)), to 60 digits.
var airyConstants = [2]string{
	"0.355028053887817239260063186004183176397979174199177240583327",
	"0.258819403792806798405183560189203963479091138354934582210002",
}

// airyAiSeries is Ai(x) = Ai(0) f(x) + Ai'(0) g(x) from the Maclaurin
// series f = Σ a_k, a_k = a_(k-1) x³ / ((3k-1) 3k), a_0 = 1, and
// g = Σ b_k, b_k = b_(k-1) x³ / (3k (3k+1)), b_0 = x.
func airyAiSeries(x float64) float64 {
	const prec = 320
	newF := func(v float64) *big.Float { return new(big.Float).SetPrec(prec).SetFloat64(v) }
	x3 := newF(x)
	x3.Mul(x3, newF(x)).Mul(x3, newF(x))
	a, b := newF(1), newF(x)
	f, g := newF(1), newF(x)
	tiny := newF(1e-80)
	abs := new(big.Float).SetPrec(prec)
	for k := 1; k < 400; k++ {
		fk := float64(k)
		a.Mul(a, x3).Quo(a, newF((3*fk-1)*3*fk))
		b.Mul(b, x3).Quo(b, newF(3*fk*(3*fk+1)))
		f.Add(f, a)
		g.Add(g, b)
		if abs.Abs(a).Cmp(tiny) < 0 && abs.Abs(b).Cmp(tiny) < 0 {
			break
		}
	}
	c1, _, _ := big.ParseFloat(airyConstants[0], 10, prec, big.ToNearestEven)
	c2, _, _ := big.ParseFloat(airyConstants[1], 10, prec, big.ToNearestEven)
	f.Mul(f, c1)
	g.Mul(g, c2)
	out, _ := f.Sub(f, g).Float64()
	return out
}
