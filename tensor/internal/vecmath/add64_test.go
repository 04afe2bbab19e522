package vecmath

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestAddFloat64 checks every implementation against the scalar sum bit
// for bit, at lengths around the vector widths and the unrolled blocks,
// at offsets that misalign the slices, with dst aliasing a and b, and with
// the special values (NaN, infinities of both signs, signed zeros,
// subnormals), checking that nothing beyond dst is written.
func TestAddFloat64(t *testing.T) {
	specials := []float64{math.NaN(), math.Inf(1), math.Inf(-1), 0, math.Copysign(0, -1), 5e-324, -5e-324, math.MaxFloat64, 1, -1}
	r := rand.New(rand.NewPCG(1, 2))
	value := func() float64 {
		if r.IntN(4) == 0 {
			return specials[r.IntN(len(specials))]
		}
		return r.NormFloat64() * math.Pow(10, float64(r.IntN(40)-20))
	}
	forEachImpl(t, func(t *testing.T) {
		for n := range 140 {
			for _, off := range []int{0, 1, 3} {
				a, b := make([]float64, n+off), make([]float64, n+off)
				for i := range a {
					a[i], b[i] = value(), value()
				}
				a, b = a[off:], b[off:]
				dst := make([]float64, n+off+1)
				const guard = 12345.5
				dst[off+n] = guard
				out := dst[off : off+n]
				AddFloat64(out, a, b)
				for i := range out {
					if want := a[i] + b[i]; math.Float64bits(out[i]) != math.Float64bits(want) && !(math.IsNaN(want) && math.IsNaN(out[i])) {
						t.Fatalf("n=%d off=%d: dst[%d] = %v, want %v + %v = %v", n, off, i, out[i], a[i], b[i], want)
					}
				}
				if dst[off+n] != guard {
					t.Fatalf("n=%d off=%d: wrote past dst", n, off)
				}
				// In place: a += b.
				want := make([]float64, n)
				for i := range want {
					want[i] = a[i] + b[i]
				}
				AddFloat64(a, a, b)
				for i := range a {
					if math.Float64bits(a[i]) != math.Float64bits(want[i]) && !(math.IsNaN(want[i]) && math.IsNaN(a[i])) {
						t.Fatalf("n=%d off=%d in place: a[%d] = %v, want %v", n, off, i, a[i], want[i])
					}
				}
			}
		}
	})
}

func BenchmarkAddFloat64(b *testing.B) {
	for _, name := range Impls() {
		b.Run(name, func(b *testing.B) {
			defer SetImpl(Impl())
			if err := SetImpl(name); err != nil {
				b.Fatal(err)
			}
			const n = 1000
			x, y, z := make([]float64, n), make([]float64, n), make([]float64, n)
			b.SetBytes(3 * 8 * n)
			for b.Loop() {
				AddFloat64(z, x, y)
			}
		})
	}
}
