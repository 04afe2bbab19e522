package vecmath

import (
	"math"
	"math/rand"
	"testing"
)

// lnRows is what the layer_norm kernels give for one row: the moments,
// the affine output, the input's gradient and the weight's and bias's
// sums after two rows.
type lnRows struct {
	mean, rstd float64
	mg, mgx    float64 // the input gradient's means, before rounding
	y, dx      []float32
	sw, sb     []float64
}

// lnRun runs every layer_norm kernel on x, g, w and b under the named
// implementation.
func lnRun(t *testing.T, impl string, x, g, w, b []float32) lnRows {
	t.Helper()
	defer SetImpl(Impl())
	if err := SetImpl(impl); err != nil {
		t.Fatal(err)
	}
	var r lnRows
	r.mean, r.rstd = LayerNormMomentsFloat32(x, 1e-5)
	r.y = make([]float32, len(x))
	LayerNormAffineFloat32(r.y, x, w, b, r.mean, r.rstd)
	r.mg, r.mgx = lnGradMeans(g, x, w, r.mean, r.rstd)
	r.dx = make([]float32, len(x))
	LayerNormGradRowFloat32(r.dx, g, x, w, r.mean, r.rstd)
	r.sw, r.sb = make([]float64, len(x)), make([]float64, len(x))
	for range 2 {
		LayerNormGradWBFloat32(r.sw, r.sb, g, x, r.mean, r.rstd)
	}
	return r
}

// sameBits64 reports whether a and b are the same float64 (any NaN equal to
// any other).
func sameBits64(a, b float64) bool {
	return math.Float64bits(a) == math.Float64bits(b) || a != a && b != b
}

// TestLayerNormFloat32MatchesGeneric checks every implementation's
// layer_norm kernels bit for bit against the Go loops at every length up
// to 70 and at nanoGPT's 128 and GPT-2's 768, with zeros, subnormals,
// large values and infinities among the elements.
func TestLayerNormFloat32MatchesGeneric(t *testing.T) {
	r := rand.New(rand.NewSource(12))
	special := []float32{0, float32(math.Copysign(0, -1)), math.SmallestNonzeroFloat32, 1e-30, -3e30, 3e38,
		float32(math.Inf(1)), float32(math.Inf(-1))}
	// wide spreads the magnitudes over 16 decades, so that float64 sums of
	// widened float32 elements round and their order shows.
	draw := func(n int, specials, wide bool) []float32 {
		s := make([]float32, n)
		off, decades := float32(r.NormFloat64()*10), 5
		if wide {
			off, decades = 0, 17
		}
		for i := range s {
			s[i] = off + float32(r.NormFloat64())*float32(math.Pow(10, float64(r.Intn(decades)-decades/2)))
			if specials && r.Intn(12) == 0 {
				s[i] = special[r.Intn(len(special))]
			}
		}
		return s
	}
	lengths := []int{128, 768}
	for n := 0; n <= 70; n++ {
		lengths = append(lengths, n)
	}
	for _, impl := range Impls() {
		for _, n := range lengths {
			for round := range 12 {
				specials, wide := round%3 == 2, round%2 == 1
				x, g, w, b := draw(n, specials, wide), draw(n, specials, wide), draw(n, specials, wide), draw(n, specials, wide)
				got, want := lnRun(t, impl, x, g, w, b), lnRun(t, "generic", x, g, w, b)
				if !sameBits64(got.mean, want.mean) || !sameBits64(got.rstd, want.rstd) || !sameBits64(got.mg, want.mg) || !sameBits64(got.mgx, want.mgx) {
					t.Fatalf("%s n %d: moments %v %v, means %v %v; the Go loops %v %v, %v %v", impl, n,
						got.mean, got.rstd, got.mg, got.mgx, want.mean, want.rstd, want.mg, want.mgx)
				}
				for i := range n {
					if !sameBits64(float64(got.y[i]), float64(want.y[i])) || !sameBits64(float64(got.dx[i]), float64(want.dx[i])) ||
						!sameBits64(got.sw[i], want.sw[i]) || !sameBits64(got.sb[i], want.sb[i]) {
						t.Fatalf("%s n %d element %d: y %v dx %v sw %v sb %v, the Go loops %v %v %v %v", impl, n, i,
							got.y[i], got.dx[i], got.sw[i], got.sb[i], want.y[i], want.dx[i], want.sw[i], want.sb[i])
					}
				}
			}
		}
	}
}

// TestLayerNormFloat32Formulas checks the Go loops against the formulas
// written out in float64 in element order, to float64's accuracy (the
// lanes only change the order of the sums).
func TestLayerNormFloat32Formulas(t *testing.T) {
	r := rand.New(rand.NewSource(13))
	for _, n := range []int{1, 7, 9, 33, 128} {
		x, g, w, b := make([]float32, n), make([]float32, n), make([]float32, n), make([]float32, n)
		for i := range x {
			x[i], g[i] = float32(3+r.NormFloat64()), float32(r.NormFloat64())
			w[i], b[i] = float32(1+r.NormFloat64()/4), float32(r.NormFloat64())
		}
		got := lnRun(t, "generic", x, g, w, b)
		var mean, v, mg, mgx float64
		for _, e := range x {
			mean += float64(e)
		}
		mean /= float64(n)
		for _, e := range x {
			v += (float64(e) - mean) * (float64(e) - mean)
		}
		rstd := 1 / math.Sqrt(v/float64(n)+1e-5)
		xhat := func(i int) float64 { return (float64(x[i]) - mean) * rstd }
		for i := range x {
			mg += float64(g[i]) * float64(w[i]) / float64(n)
			mgx += float64(g[i]) * float64(w[i]) * xhat(i) / float64(n)
		}
		close := func(what string, got, want float64) {
			if math.Abs(got-want) > 1e-6*max(1, math.Abs(want)) {
				t.Fatalf("n %d: %s %v, want %v", n, what, got, want)
			}
		}
		close("mean", got.mean, mean)
		close("rstd", got.rstd, rstd)
		for i := range x {
			close("y", float64(got.y[i]), xhat(i)*float64(w[i])+float64(b[i]))
			close("dx", float64(got.dx[i]), rstd*(float64(g[i])*float64(w[i])-mg-xhat(i)*mgx))
			close("sw", got.sw[i], 2*float64(g[i])*xhat(i))
			close("sb", got.sb[i], 2*float64(g[i]))
		}
	}
}
