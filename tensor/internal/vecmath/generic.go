package vecmath

import "math"

// exp of arguments below expLo rounds to float32 zero and above expHi
// overflows; all implementations clamp their arguments to [expLo, expHi].
const (
	expLo = -104
	expHi = 89
)

// expTableBits sets the size of the table of expSumGeneric: exp(x) =
// 2**(k/N)·exp(r) with N = 1<<expTableBits.
const expTableBits = 8

// expTable holds the bits of 2**(j/N) less j<<(52-expTableBits), so that
// adding k<<(52-expTableBits) for k = j + m·N gives the bits of 2**(k/N):
// the low bits of k select the entry and the high bits land in the
// exponent.
var expTable = func() (t [1 << expTableBits]uint64) {
	for j := range t {
		t[j] = math.Float64bits(math.Exp2(float64(j)/(1<<expTableBits))) - uint64(j)<<(52-expTableBits)
	}
	return t
}()

// expSumGeneric is ExpSumFloat32 in Go. After the float32 subtraction it
// computes in float64 with a table, two elements at a time, which is
// faster in scalar code than the polynomial of the assembly kernels:
// x·N/ln2 is rounded to an integer k by adding 1.5·2**52, 2**(k/N) comes
// from the table with k's high bits added to its exponent, and exp of the
// remainder r (|r| ≤ ln2/2N) is 1 + r + r²/2, off by less than r³/6 <
// 5e-10. The float64 result is rounded to float32 once, subnormals
// included.
func expSumGeneric(dst, src []float32, shift float32) float64 {
	const (
		n     = 1 << expTableBits
		a     = n / math.Ln2
		l     = math.Ln2 / n
		magic = 0x1.8p52
	)
	dst = dst[:len(src)]
	var s0, s1 float64
	i := 0
	for ; i+2 <= len(src); i += 2 {
		v, d := src[i:i+2:i+2], dst[i:i+2:i+2]
		x0, x1 := float64(v[0]-shift), float64(v[1]-shift)
		if x0 < expLo {
			x0 = expLo
		}
		if x1 < expLo {
			x1 = expLo
		}
		if x0 > expHi {
			x0 = expHi
		}
		if x1 > expHi {
			x1 = expHi
		}
		y0, y1 := x0*a, x1*a
		t0, t1 := y0+magic, y1+magic
		b0, b1 := math.Float64bits(t0), math.Float64bits(t1)
		r0, r1 := (y0-(t0-magic))*l, (y1-(t1-magic))*l
		p0 := math.Float64frombits(expTable[b0&(n-1)] + b0<<(52-expTableBits))
		p1 := math.Float64frombits(expTable[b1&(n-1)] + b1<<(52-expTableBits))
		e0 := float32(p0 + p0*(r0+r0*r0*0.5))
		e1 := float32(p1 + p1*(r1+r1*r1*0.5))
		d[0], d[1] = e0, e1
		s0 += float64(e0)
		s1 += float64(e1)
	}
	if i < len(src) { // the odd last element, computed as a pair
		var pair [2]float32
		s0 += expSumGeneric(pair[:], []float32{src[i], src[i]}, shift) / 2
		dst[i] = pair[0]
	}
	return s0 + s1
}

// maxGeneric is MaxFloat32 in Go.
func maxGeneric(x []float32) float32 {
	m := float32(math.Inf(-1))
	for _, v := range x {
		if v > m {
			m = v
		} else if v != v {
			return v
		}
	}
	return m
}

// scaleGeneric is ScaleFloat32 in Go.
func scaleGeneric(x []float32, s float32) {
	for i := range x {
		x[i] *= s
	}
}

// sub2Generic is Sub2Float32 in Go.
func sub2Generic(dst, src []float32, a, b float32) {
	dst = dst[:len(src)]
	for i, v := range src {
		dst[i] = v - a - b
	}
}

// sumGeneric is SumFloat32 in Go, with eight accumulators so that the
// additions pipeline.
func sumGeneric(x []float32) float32 {
	var a0, a1, a2, a3, a4, a5, a6, a7 float64
	for len(x) >= 8 {
		v := x[:8:8]
		a0 += float64(v[0])
		a1 += float64(v[1])
		a2 += float64(v[2])
		a3 += float64(v[3])
		a4 += float64(v[4])
		a5 += float64(v[5])
		a6 += float64(v[6])
		a7 += float64(v[7])
		x = x[8:]
	}
	for _, v := range x {
		a0 += float64(v)
	}
	return float32(((a0 + a1) + (a2 + a3)) + ((a4 + a5) + (a6 + a7)))
}

// geluTanhGeneric is GeluTanhFloat32 in Go, in float32 in PyTorch's order
// of operations, with tanh computed in float64 and rounded once.
func geluTanhGeneric(dst, src []float32) {
	const (
		beta  float32 = 0.7978845608028654 // sqrt(2/π)
		kappa float32 = 0.044715
	)
	dst = dst[:len(src)]
	for i, x := range src {
		// The conversions keep each product rounded, unfused.
		x3 := float32(float32(x*x) * x)
		u := float32(beta * float32(x+float32(kappa*x3)))
		t := float32(math.Tanh(float64(u)))
		dst[i] = float32(0.5*x) * float32(1+t)
	}
}

// The constants of the erf form of GELU, as float32 (see GeluErfFloat32).
const (
	erfAlpha float32 = 0.70710678118654752440 // 1/sqrt(2)
	erfP     float32 = 0.3275911
	erfP1    float32 = 0.254829592
	erfP2    float32 = -0.284496736
	erfP3    float32 = 1.421413741
	erfP4    float32 = -1.453152027
	erfP5    float32 = 1.061405429
	erfBeta  float32 = 0.3989422804014327 // 1/sqrt(2π)
)

// erfGeneric is erf(x·erfAlpha) in the steps of the vector kernels, with
// exp computed in float64 and rounded once.
func erfGeneric(x float32) float32 {
	a := x * erfAlpha
	abs := float32(math.Abs(float64(a)))
	t := 1 / FMA32(erfP, abs, 1)
	r := FMA32(FMA32(FMA32(FMA32(erfP5, t, erfP4), t, erfP3), t, erfP2), t, erfP1)
	e := float32(math.Exp(float64(-(abs * abs))))
	return float32(math.Copysign(float64(FMA32(-e*t, r, 1)), float64(a)))
}

// geluErfGeneric is GeluErfFloat32 in Go.
func geluErfGeneric(dst, src []float32) {
	dst = dst[:len(src)]
	for i, x := range src {
		dst[i] = float32(x*0.5) * float32(1+erfGeneric(x))
	}
}

// geluErfGradGeneric is GeluErfGradFloat32 in Go.
func geluErfGradGeneric(dst, g, x []float32) {
	dst, g = dst[:len(x)], g[:len(x)]
	for i, v := range x {
		cdf := 0.5 * float32(1+erfGeneric(v))
		pdf := erfBeta * float32(math.Exp(float64(float32(v*v)*-0.5)))
		dst[i] = g[i] * float32(cdf+float32(v*pdf))
	}
}

// sigmoidGeneric is SigmoidFloat32 in Go, exp in float64 rounded once.
func sigmoidGeneric(dst, src []float32) {
	dst = dst[:len(src)]
	for i, x := range src {
		e := float32(math.Exp(float64(0 - x)))
		dst[i] = 1 / (e + 1)
	}
}

// leakyReLUGeneric is LeakyReLUFloat32 in Go.
func leakyReLUGeneric(dst, src []float32, slope float32) {
	dst = dst[:len(src)]
	for i, x := range src {
		if x > 0 {
			dst[i] = x
		} else {
			dst[i] = x * slope
		}
	}
}

// leakyReLUGradGeneric is LeakyReLUGradFloat32 in Go.
func leakyReLUGradGeneric(dst, g, x []float32, slope float32) {
	dst, g = dst[:len(x)], g[:len(x)]
	for i, v := range x {
		if v > 0 {
			dst[i] = g[i]
		} else {
			dst[i] = g[i] * slope
		}
	}
}
