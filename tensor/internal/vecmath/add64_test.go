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
// subnormals), checking that nothing beyond dst is written; then again
// with every length streamed (addF64StreamMin), so that the non-temporal
// kernels' heads, aligned blocks and tails are all checked.
func TestAddFloat64(t *testing.T) {
	t.Run("cached", testAddFloat64)
	t.Run("streamed", func(t *testing.T) {
		defer func(n int) { addF64StreamMin = n }(addF64StreamMin)
		addF64StreamMin = addF64Small
		testAddFloat64(t)
	})
}

func testAddFloat64(t *testing.T) {
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
			for _, off := range []int{0, 1, 3, 5, 7} {
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

// TestAddFloat64Large checks the lengths that stream by default, at every
// alignment of dst to a cache line, against the scalar sum bit for bit,
// with dst aliasing a, and that nothing beyond dst is written.
func TestAddFloat64Large(t *testing.T) {
	n := addF64StreamMin + 37
	r := rand.New(rand.NewPCG(3, 4))
	a, b := make([]float64, n+8), make([]float64, n+8)
	for i := range a {
		a[i], b[i] = r.NormFloat64()*1e3, r.NormFloat64()
	}
	forEachImpl(t, func(t *testing.T) {
		for off := range 8 {
			x, y := a[off:off+n], b[off:off+n]
			dst := make([]float64, n+9)
			const guard = -0.25
			dst[off+n] = guard
			out := dst[off : off+n]
			AddFloat64(out, x, y)
			for i := range out {
				if want := x[i] + y[i]; math.Float64bits(out[i]) != math.Float64bits(want) {
					t.Fatalf("off=%d: dst[%d] = %v, want %v", off, i, out[i], want)
				}
			}
			if dst[off+n] != guard {
				t.Fatalf("off=%d: wrote past dst", off)
			}
			in := append([]float64(nil), x...)
			AddFloat64(in, in, y)
			for i := range in {
				if math.Float64bits(in[i]) != math.Float64bits(out[i]) {
					t.Fatalf("off=%d in place: a[%d] = %v, want %v", off, i, in[i], out[i])
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
