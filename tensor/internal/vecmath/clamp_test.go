package vecmath

import (
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
)

// clampBounds are the bound pairs the clamp tests use: both, one side
// open, signed zeros as bounds, and lo above hi (every element hi).
var clampBounds = []struct{ lo, hi float64 }{
	{-1, 1}, {0, math.Inf(1)}, {math.Inf(-1), 0.5}, {0, 0}, {math.Copysign(0, -1), math.Copysign(0, -1)},
	{2, -3}, {-1e-30, 1e-38}, {math.Inf(-1), math.Inf(1)},
}

// TestClampFloat32AgainstTorch checks ClampFloat32 bit for bit against
// torch.clamp with number bounds on the GELU sweep (±0, the infinities,
// NaN, subnormals).
func TestClampFloat32AgainstTorch(t *testing.T) {
	xs := geluSweep()
	for _, b := range clampBounds {
		lo, hi := float32(b.lo), float32(b.hi)
		expr := "torch.clamp(x, " + pyFloat(b.lo) + ", " + pyFloat(b.hi) + ")"
		want := torchFloat32(t, expr, xs, nil)
		forEachImpl(t, func(t *testing.T) {
			got := make([]float32, len(xs))
			ClampFloat32(got, xs, lo, hi)
			for i, x := range xs {
				if !sameBits(got[i], want[i]) {
					t.Fatalf("%s at %v = %v, PyTorch %v", expr, x, got[i], want[i])
				}
			}
		})
	}
}

// pyFloat writes v as a Python float expression.
func pyFloat(v float64) string {
	switch {
	case math.IsInf(v, 1):
		return "float('inf')"
	case math.IsInf(v, -1):
		return "float('-inf')"
	case v == 0 && math.Signbit(v):
		return "-0.0"
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// TestClampTails checks every tail length, in place and not, of both
// dtypes against the Go loop, bit for bit.
func TestClampTails(t *testing.T) {
	exact := func(_ int, _, got, want float32) bool { return sameBits(got, want) }
	for _, b := range clampBounds {
		lo, hi := float32(b.lo), float32(b.hi)
		checkTails(t, "clamp",
			func(dst, src []float32) { ClampFloat32(dst, src, lo, hi) },
			func(dst, src []float32) { clampGeneric(dst, src, lo, hi) }, exact)
	}
	forEachImpl(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(11, 12))
		for _, b := range clampBounds {
			for _, n := range lengths {
				for input, x32 := range inputs(rng, n) {
					x := make([]float64, n+3)[:n] // room to see a write past the end
					for i, v := range x32 {
						x[i] = float64(v)
						if i%7 == 3 {
							x[i] = math.Copysign(0, -1)
						}
					}
					want := make([]float64, n)
					clampGeneric(want, x, b.lo, b.hi)
					for _, inPlace := range []bool{false, true} {
						dst := make([]float64, n+3)
						for i := range dst {
							dst[i] = 12345
						}
						if inPlace {
							copy(dst, x)
							ClampFloat64(dst, dst[:n], b.lo, b.hi)
						} else {
							ClampFloat64(dst, slices.Clone(x), b.lo, b.hi)
						}
						for i, w := range want {
							g := dst[i]
							if math.Float64bits(g) != math.Float64bits(w) && !(g != g && w != w) {
								t.Fatalf("n=%d %s bounds %v in place %v: at %d clamp(%v) = %v, want %v", n, input, b, inPlace, i, x[i], g, w)
							}
						}
						for i, v := range dst[n:] {
							if v != 12345 {
								t.Fatalf("n=%d: wrote past the end at %d", n, n+i)
							}
						}
					}
				}
			}
		}
	})
}
