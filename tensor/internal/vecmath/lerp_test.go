package vecmath

import (
	"math"
	"math/rand"
	"testing"
)

// lerpInputs are start, end and weight values: specials (zeros, ±Inf,
// NaN, the weights 0.5 and its neighbours, 1, -1) crossed, then random.
func lerpInputs() (a, b, w []float64) {
	inf := math.Inf(1)
	spec := []float64{0, math.Copysign(0, -1), 1, -1, 0.5, float64(math.Nextafter32(0.5, 0)), float64(math.Nextafter32(0.5, 1)),
		-0.5, 2, 1e30, -1e30, inf, -inf, math.NaN(), 1e-40}
	for _, x := range spec {
		for _, y := range spec {
			for _, z := range spec {
				a, b, w = append(a, x), append(b, y), append(w, z)
			}
		}
	}
	r := rand.New(rand.NewSource(34))
	for range 1 << 16 {
		a, b, w = append(a, r.NormFloat64()), append(b, r.NormFloat64()*3), append(w, r.Float64()*3-1)
		a, b, w = append(a, r.NormFloat64()*1e4), append(b, r.NormFloat64()*1e-3), append(w, r.Float64())
	}
	return a, b, w
}

// TestLerpMatchesGeneric runs every implementation of LerpFloat32,
// LerpFloat32S, LerpFloat64 and LerpFloat64S on lerpInputs and on every
// length up to 40; each gives the element functions' bits (LerpF32 and
// LerpF64); LerpF32 is the fused form (FMA32, tested against big.Float
// in TestFMA32) on the branch of w < 0.5.
func TestLerpMatchesGeneric(t *testing.T) {
	a64, b64, w64 := lerpInputs()
	a32, b32, w32 := make([]float32, len(a64)), make([]float32, len(a64)), make([]float32, len(a64))
	for i := range a64 {
		a32[i], b32[i], w32[i] = float32(a64[i]), float32(b64[i]), float32(w64[i])
	}
	same32 := func(x, y float32) bool { return math.Float32bits(x) == math.Float32bits(y) || (x != x && y != y) }
	same64 := func(x, y float64) bool { return math.Float64bits(x) == math.Float64bits(y) || (x != x && y != y) }
	// the element functions against the formula
	for i := range a32 {
		d := b32[i] - a32[i]
		c, base := -(1 - w32[i]), b32[i]
		if w32[i] < 0.5 {
			c, base = w32[i], a32[i]
		}
		if got, want := LerpF32(a32[i], b32[i], w32[i]), FMA32(c, d, base); !same32(got, want) {
			t.Fatalf("LerpF32(%g, %g, %g) = %g, want %g", a32[i], b32[i], w32[i], got, want)
		}
	}
	defer SetImpl(Impl())
	for _, impl := range Impls() {
		if err := SetImpl(impl); err != nil {
			t.Fatal(err)
		}
		for n := 0; n <= 40; n++ {
			for _, off := range []int{0, len(a32) - n} {
				x, y, w := a32[off:off+n], b32[off:off+n], w32[off:off+n]
				got := make([]float32, n)
				LerpFloat32(got, x, y, w)
				for i := range got {
					if want := LerpF32(x[i], y[i], w[i]); !same32(got[i], want) {
						t.Fatalf("%s n=%d: lerp32(%g, %g, %g) = %g, want %g", impl, n, x[i], y[i], w[i], got[i], want)
					}
				}
				x6, y6, w6 := a64[off:off+n], b64[off:off+n], w64[off:off+n]
				got6 := make([]float64, n)
				LerpFloat64(got6, x6, y6, w6)
				for i := range got6 {
					if want := LerpF64(x6[i], y6[i], w6[i]); !same64(got6[i], want) {
						t.Fatalf("%s n=%d: lerp64(%g, %g, %g) = %g, want %g", impl, n, x6[i], y6[i], w6[i], got6[i], want)
					}
				}
			}
		}
		got := make([]float32, len(a32))
		LerpFloat32(got, a32, b32, w32)
		for i := range got {
			if want := LerpF32(a32[i], b32[i], w32[i]); !same32(got[i], want) {
				t.Fatalf("%s: lerp32(%g, %g, %g) = %g, want %g", impl, a32[i], b32[i], w32[i], got[i], want)
			}
		}
		got6 := make([]float64, len(a64))
		LerpFloat64(got6, a64, b64, w64)
		for i := range got6 {
			if want := LerpF64(a64[i], b64[i], w64[i]); !same64(got6[i], want) {
				t.Fatalf("%s: lerp64(%g, %g, %g) = %g, want %g", impl, a64[i], b64[i], w64[i], got6[i], want)
			}
		}
		for _, ws := range []float64{0.3, 0.5, 0.7, -0.7, 1, 0, math.NaN()} {
			LerpFloat32S(got, a32, b32, float32(ws))
			for i := range got {
				if want := LerpF32(a32[i], b32[i], float32(ws)); !same32(got[i], want) {
					t.Fatalf("%s: lerp32(%g, %g, %g) = %g, want %g", impl, a32[i], b32[i], ws, got[i], want)
				}
			}
			LerpFloat64S(got6[:37], a64[:37], b64[:37], ws)
			LerpFloat64S(got6, a64, b64, ws)
			for i := range got6 {
				if want := LerpF64(a64[i], b64[i], ws); !same64(got6[i], want) {
					t.Fatalf("%s: lerp64(%g, %g, %g) = %g, want %g", impl, a64[i], b64[i], ws, got6[i], want)
				}
			}
		}
	}
}

func BenchmarkLerpFloat32(b *testing.B) {
	r := rand.New(rand.NewSource(1))
	x, y, w, dst := make([]float32, 1<<20), make([]float32, 1<<20), make([]float32, 1<<20), make([]float32, 1<<20)
	for i := range x {
		x[i], y[i], w[i] = float32(r.Float64()), float32(r.Float64()), float32(r.Float64())
	}
	b.Run("vv", func(b *testing.B) {
		for b.Loop() {
			LerpFloat32(dst, x, y, w)
		}
	})
	b.Run("vs", func(b *testing.B) {
		for b.Loop() {
			LerpFloat32S(dst, x, y, 0.3)
		}
	})
}
