package numpy

import (
	"math"

	"github.com/kael-dev/kael/internal/libm"
)

// The distributions of np.random.Generator as NumPy 1.24's
// numpy/random/src/distributions/distributions.c draws them from PCG64
// (and those RandomState shares with it, from the Mersenne Twister):
// the ziggurats on NumPy's own tables (ziggurat_tables.go), the C
// library's exp, log, log1p and pow (internal/libm), and each product
// that C rounds before an addition converted explicitly, so that Go does
// not fuse it; a seed gives NumPy's numbers bit for bit.

// The ziggurats' outermost edges (ziggurat_constants.h).
const (
	zigNorR    = 3.6541528853610087963519472518
	zigNorInvR = 0.27366123732975827203338247596
	zigExpR    = 7.6971174701310497140446280481
)

var zigNorRF, zigNorInvRF, zigExpRF float32 = zigNorR, zigNorInvR, zigExpR

// standardNormal is random_standard_normal.
func (p *bitGen) standardNormal() float64 {
	for {
		r := p.uint64()
		idx := r & 0xff
		r >>= 8
		sign := r & 1
		rabs := (r >> 1) & 0x000fffffffffffff
		x := float64(rabs) * zigWiDouble[idx]
		if sign != 0 {
			x = -x
		}
		if rabs < zigKiDouble[idx] {
			return x
		}
		if idx == 0 {
			for {
				xx := -zigNorInvR * libm.Log1p(-p.double())
				yy := -libm.Log1p(-p.double())
				if yy+yy > xx*xx {
					if (rabs>>8)&1 != 0 {
						return -(zigNorR + xx)
					}
					return zigNorR + xx
				}
			}
		}
		if float64((zigFiDouble[idx-1]-zigFiDouble[idx])*p.double())+zigFiDouble[idx] < libm.Exp(-0.5*x*x) {
			return x
		}
	}
}

// normalFloat is random_standard_normal_f: the ziggurat on a 32-bit draw
// in float32, its last test against a double exp as C promotes it.
func (p *bitGen) normalFloat() float32 {
	for {
		r := p.uint32()
		idx := r & 0xff
		sign := (r >> 8) & 1
		rabs := (r >> 9) & 0x7fffff
		x := float32(rabs) * zigWiFloat[idx]
		if sign != 0 {
			x = -x
		}
		if rabs < zigKiFloat[idx] {
			return x
		}
		if idx == 0 {
			for {
				xx := -zigNorInvRF * libm.Log1pf(-p.float())
				yy := -libm.Log1pf(-p.float())
				if yy+yy > float32(xx*xx) {
					if (rabs>>8)&1 != 0 {
						return -(zigNorRF + xx)
					}
					return zigNorRF + xx
				}
			}
		}
		if float64(float32((zigFiFloat[idx-1]-zigFiFloat[idx])*p.float())+zigFiFloat[idx]) < libm.Exp(-0.5*float64(x)*float64(x)) {
			return x
		}
	}
}

// standardExponential is random_standard_exponential.
func (p *bitGen) standardExponential() float64 {
	for {
		ri := p.uint64() >> 3
		idx := ri & 0xff
		ri >>= 8
		x := float64(ri) * zigWeDouble[idx]
		if ri < zigKeDouble[idx] {
			return x
		}
		if idx == 0 {
			return zigExpR - libm.Log1p(-p.double())
		}
		if float64((zigFeDouble[idx-1]-zigFeDouble[idx])*p.double())+zigFeDouble[idx] < libm.Exp(-x) {
			return x
		}
	}
}

// exponentialFloat is random_standard_exponential_f.
func (p *bitGen) exponentialFloat() float32 {
	for {
		ri := p.uint32() >> 1
		idx := ri & 0xff
		ri >>= 8
		x := float32(ri) * zigWeFloat[idx]
		if ri < zigKeFloat[idx] {
			return x
		}
		if idx == 0 {
			return zigExpRF - libm.Log1pf(-p.float())
		}
		if float32((zigFeFloat[idx-1]-zigFeFloat[idx])*p.float())+zigFeFloat[idx] < libm.Expf(-x) {
			return x
		}
	}
}

// distSource is what the distributions shared by Generator and
// RandomState draw from: the bit generator's next_double, and the
// standard normal and exponential each pairs with it (Generator's
// ziggurats; RandomState's polar method and -log(1 - U)).
type distSource interface {
	double() float64
	standardNormal() float64
	standardExponential() float64
}

// standardGamma is random_standard_gamma (and legacy_standard_gamma, the
// same on RandomState's normal and exponential): Marsaglia and Tsang's
// method for shape > 1, rejection from the exponential below.
func standardGamma(p distSource, shape float64) float64 {
	switch {
	case shape == 1:
		return p.standardExponential()
	case shape == 0:
		return 0
	case shape < 1:
		for {
			u := p.double()
			v := p.standardExponential()
			if u <= 1-shape {
				if x := libm.Pow(u, 1/shape); x <= v {
					return x
				}
				continue
			}
			y := -libm.Log((1 - u) / shape)
			if x := libm.Pow(1-shape+float64(shape*y), 1/shape); x <= v+y {
				return x
			}
		}
	}
	b := shape - 1.0/3.0
	c := 1 / math.Sqrt(9*b)
	for {
		var x, v float64
		for {
			x = p.standardNormal()
			if v = 1 + float64(c*x); !(v <= 0) { // NumPy's do-while: NaN leaves too
				break
			}
		}
		v = v * v * v
		u := p.double()
		if u < 1-float64(0.0331*(x*x)*(x*x)) {
			return b * v
		}
		if libm.Log(u) < float64(0.5*x*x)+float64(b*(1-v+libm.Log(v))) {
			return b * v
		}
	}
}

// standardGammaFloat is random_standard_gamma_f, in float32 throughout.
func (p *bitGen) standardGammaFloat(shape float32) float32 {
	switch {
	case shape == 1:
		return p.exponentialFloat()
	case shape == 0:
		return 0
	case shape < 1:
		for {
			u := p.float()
			v := p.exponentialFloat()
			if u <= 1-shape {
				if x := libm.Powf(u, 1/shape); x <= v {
					return x
				}
				continue
			}
			y := -libm.Logf((1 - u) / shape)
			if x := libm.Powf(1-shape+float32(shape*y), 1/shape); x <= v+y {
				return x
			}
		}
	}
	one := float32(1)
	b := shape - one/3
	c := 1 / float32(math.Sqrt(float64(9*b)))
	for {
		var x, v float32
		for {
			x = p.normalFloat()
			if v = 1 + float32(c*x); !(v <= 0) { // NumPy's do-while: NaN leaves too
				break
			}
		}
		v = v * v * v
		u := p.float()
		if u < 1-float32(0.0331*(x*x)*(x*x)) {
			return b * v
		}
		if libm.Logf(u) < float32(0.5*x*x)+float32(b*(1-v+libm.Logf(v))) {
			return b * v
		}
	}
}

// beta is random_beta: Johnk's algorithm when both a and b are at most
// 1, else the ratio of two gammas. legacy_beta, RandomState's, differs in
// one case: where x + y is 0 it takes logarithms, not a new draw.
func beta(p distSource, a, b float64, legacy bool) float64 {
	if a > 1 || b > 1 {
		ga := standardGamma(p, a)
		gb := standardGamma(p, b)
		return ga / (ga + gb)
	}
	for {
		u, v := p.double(), p.double()
		x, y := libm.Pow(u, 1/a), libm.Pow(v, 1/b)
		xpy := x + y
		if xpy > 1 || (xpy <= 0 && !legacy) {
			continue
		}
		if x+y > 0 {
			return x / xpy
		}
		logX, logY := libm.Log(u)/a, libm.Log(v)/b
		logM := math.Max(logX, logY)
		logX -= logM
		logY -= logM
		return libm.Exp(logX - libm.Log(libm.Exp(logX)+libm.Exp(logY)))
	}
}

// loggam is random_loggam: log Γ(x) by Stirling's series.
func loggam(x float64) float64 {
	a := [10]float64{8.333333333333333e-02, -2.777777777777778e-03,
		7.936507936507937e-04, -5.952380952380952e-04,
		8.417508417508418e-04, -1.917526917526918e-03,
		6.410256410256410e-03, -2.955065359477124e-02,
		1.796443723688307e-01, -1.39243221690590e+00}
	if x == 1 || x == 2 {
		return 0
	}
	n := int64(0)
	if x < 7 {
		n = int64(7 - x)
	}
	x0 := x + float64(n)
	x2 := (1 / x0) * (1 / x0)
	const lg2pi = 1.8378770664093453e+00
	gl0 := a[9]
	for k := 8; k >= 0; k-- {
		gl0 *= x2
		gl0 += a[k]
	}
	gl := gl0/x0 + float64(0.5*lg2pi) + float64((x0-0.5)*libm.Log(x0)) - x0
	if x < 7 {
		for k := int64(1); k <= n; k++ {
			gl -= libm.Log(x0 - 1)
			x0--
		}
	}
	return gl
}

// poisson is random_poisson: multiplication of uniforms below lam 10,
// Hörmann's transformed rejection (PTRS) from 10.
func poisson(p distSource, lam float64) int64 {
	switch {
	case lam >= 10:
	case lam == 0:
		return 0
	default: // a NaN lam too, as C's if-chain: one draw, then 0
		enlam := libm.Exp(-lam)
		x, prod := int64(0), 1.0
		for {
			prod *= p.double()
			if !(prod > enlam) {
				return x
			}
			x++
		}
	}
	slam := math.Sqrt(lam)
	loglam := libm.Log(lam)
	b := 0.931 + float64(2.53*slam)
	a := -0.059 + float64(0.02483*b)
	invalpha := 1.1239 + 1.1328/(b-3.4)
	vr := 0.9277 - 3.6224/(b-2)
	for {
		u := p.double() - 0.5
		v := p.double()
		us := 0.5 - math.Abs(u)
		k := int64(math.Floor(float64((2*a/us+b)*u) + lam + 0.43))
		if us >= 0.07 && v <= vr {
			return k
		}
		if k < 0 || (us < 0.013 && v > us) {
			continue
		}
		if libm.Log(v)+libm.Log(invalpha)-libm.Log(float64(a/(us*us))+b) <= -lam+float64(float64(k)*loglam)-loggam(float64(k+1)) {
			return k
		}
	}
}

// binomial is random_binomial: no draw for n or p 0, else
// binomialOriginal.
func binomial(p distSource, prob float64, n int64) int64 {
	if n == 0 || prob == 0 {
		return 0
	}
	return binomialOriginal(p, prob, n)
}

// binomialOriginal is legacy_random_binomial_original, RandomState's
// binomial: inversion while n·min(p, 1-p) is at most 30, else BTPE, on
// the smaller of p and 1-p.
func binomialOriginal(p distSource, prob float64, n int64) int64 {
	if prob <= 0.5 {
		if prob*float64(n) <= 30 {
			return binomialInversion(p, n, prob)
		}
		return binomialBTPE(p, n, prob)
	}
	q := 1 - prob
	if q*float64(n) <= 30 {
		return n - binomialInversion(p, n, q)
	}
	return n - binomialBTPE(p, n, q)
}

// binomialInversion is random_binomial_inversion.
func binomialInversion(p distSource, n int64, prob float64) int64 {
	q := 1 - prob
	qn := libm.Exp(float64(n) * libm.Log(q))
	np := float64(n) * prob
	bound := int64(math.Min(float64(n), np+float64(10*math.Sqrt(float64(np*q)+1))))
	x := int64(0)
	px := qn
	u := p.double()
	for u > px {
		x++
		if x > bound {
			x, px = 0, qn
			u = p.double()
			continue
		}
		u -= px
		px = (float64(n-x+1) * prob * px) / (float64(x) * q)
	}
	return x
}

// binomialBTPE is random_binomial_btpe (Kachitvichyanukul and Schmeiser),
// its steps as NumPy's labels.
func binomialBTPE(p distSource, n int64, prob float64) int64 {
	var u, v, x, s, F, rho, t, A, x1, x2, f1, f2, z, z2, w, w2, a float64
	var y, k int64
	r := math.Min(prob, 1-prob)
	q := 1 - r
	fm := float64(n)*r + r
	m := int64(math.Floor(fm))
	p1 := math.Floor(float64(2.195*math.Sqrt(float64(n)*r*q))-float64(4.6*q)) + 0.5
	xm := float64(m) + 0.5
	xl := xm - p1
	xr := xm + p1
	c := 0.134 + 20.5/(15.3+float64(m))
	a = (fm - xl) / (fm - xl*r)
	laml := a * (1 + a/2)
	a = (xr - fm) / (xr * q)
	lamr := a * (1 + a/2)
	p2 := p1 * (1 + 2*c)
	p3 := p2 + c/laml
	p4 := p3 + c/lamr
	nrq := float64(n) * r * q

step10:
	u = p.double() * p4
	v = p.double()
	if u > p1 {
		goto step20
	}
	y = int64(math.Floor(xm - float64(p1*v) + u))
	goto step60

step20:
	if u > p2 {
		goto step30
	}
	x = xl + (u-p1)/c
	v = float64(v*c) + 1 - math.Abs(float64(m)-x+0.5)/p1
	if v > 1 {
		goto step10
	}
	y = int64(math.Floor(x))
	goto step50

step30:
	if u > p3 {
		goto step40
	}
	y = int64(math.Floor(xl + libm.Log(v)/laml))
	if y < 0 || v == 0 {
		goto step10
	}
	v = v * (u - p2) * laml
	goto step50

step40:
	y = int64(math.Floor(xr - libm.Log(v)/lamr))
	if y > n || v == 0 {
		goto step10
	}
	v = v * (u - p3) * lamr

step50:
	k = y - m
	if k < 0 {
		k = -k
	}
	if k > 20 && float64(k) < nrq/2-1 {
		goto step52
	}
	s = r / q
	a = s * float64(n+1)
	F = 1
	if m < y {
		for i := m + 1; i <= y; i++ {
			F *= a/float64(i) - s
		}
	} else if m > y {
		for i := y + 1; i <= m; i++ {
			F /= a/float64(i) - s
		}
	}
	if v > F {
		goto step10
	}
	goto step60

step52:
	rho = (float64(k) / nrq) * ((float64(float64(k)*(float64(k)/3+0.625))+0.16666666666666666)/nrq + 0.5)
	t = float64(-k*k) / (2 * nrq)
	A = libm.Log(v)
	if A < t-rho {
		goto step60
	}
	if A > t+rho {
		goto step10
	}
	x1 = float64(y + 1)
	f1 = float64(m + 1)
	z = float64(n + 1 - m)
	w = float64(n - y + 1)
	x2, f2, z2, w2 = x1*x1, f1*f1, z*z, w*w
	if A > float64(xm*libm.Log(f1/x1))+
		float64((float64(n-m)+0.5)*libm.Log(z/w))+
		float64(float64(y-m)*libm.Log(w*r/(x1*q)))+
		stirlingTail(f2, f1)+stirlingTail(z2, z)+stirlingTail(x2, x1)+stirlingTail(w2, w) {
		goto step10
	}

step60:
	if prob > 0.5 {
		y = n - y
	}
	return y
}

// stirlingTail is one of BTPE's four correction terms, for v and v².
func stirlingTail(v2, v float64) float64 {
	return (13680. - (462.-(132.-(99.-140./v2)/v2)/v2)/v2) / v / 166320.
}
