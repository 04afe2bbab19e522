package vecmath

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
)

// TestLeakyReLUFloat32AgainstTorch checks leaky_relu and its gradient bit
// for bit against PyTorch's float32 kernels on the GELU sweep (±0, the
// infinities, NaN, subnormals) with a positive and a negative slope.
func TestLeakyReLUFloat32AgainstTorch(t *testing.T) {
	xs := geluSweep()
	gs := make([]float32, len(xs))
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range gs {
		gs[i] = float32(rng.NormFloat64())
	}
	for _, slope := range []float32{0.2, -1.5} {
		s := strconv.FormatFloat(float64(slope), 'g', -1, 32)
		want := torchFloat32(t, "torch.nn.functional.leaky_relu(x, "+s+")", xs, nil)
		wantGrad := torchFloat32(t, "torch.ops.aten.leaky_relu_backward(g, x, "+s+", False)", xs, gs)
		forEachImpl(t, func(t *testing.T) {
			got := make([]float32, len(xs))
			LeakyReLUFloat32(got, xs, slope)
			grad := make([]float32, len(xs))
			LeakyReLUGradFloat32(grad, gs, xs, slope)
			for i, x := range xs {
				if !sameBits(got[i], want[i]) {
					t.Fatalf("slope %v: leaky_relu(%v) = %v, PyTorch %v", slope, x, got[i], want[i])
				}
				if !sameBits(grad[i], wantGrad[i]) {
					t.Fatalf("slope %v: leaky_relu_backward(%v, %v) = %v, PyTorch %v", slope, gs[i], x, grad[i], wantGrad[i])
				}
			}
		})
	}
}

// TestLeakyReLUFloat32 checks every tail length, in place and not, against
// the generic implementation, bit for bit; and the gradient likewise.
func TestLeakyReLUFloat32(t *testing.T) {
	exact := func(_ int, _, got, want float32) bool { return sameBits(got, want) }
	checkTails(t, "leaky_relu",
		func(dst, src []float32) { LeakyReLUFloat32(dst, src, 0.01) },
		func(dst, src []float32) { leakyReLUGeneric(dst, src, 0.01) }, exact)
	forEachImpl(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(9, 10))
		for _, n := range lengths {
			for input, x := range inputs(rng, n) {
				g := make([]float32, n)
				for i := range g {
					g[i] = float32(rng.NormFloat64())
				}
				want := make([]float32, n)
				leakyReLUGradGeneric(want, g, x, 0.2)
				dst, check := guarded(t, n)
				LeakyReLUGradFloat32(dst, slices.Clone(g), slices.Clone(x), 0.2)
				check()
				for i := range want {
					if !sameBits(dst[i], want[i]) {
						t.Fatalf("n=%d %s: gradient at %d (x %v, g %v) = %v, want %v", n, input, i, x[i], g[i], dst[i], want[i])
					}
				}
			}
		}
	})
}
