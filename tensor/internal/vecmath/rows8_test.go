package vecmath

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestAddRows8Float64 checks every implementation against the Go loop
// bit for bit (any NaN for a NaN: the payload two NaNs leave depends on
// the operands' order, which Go's compiler may swap), with and without load, at lengths
// around the vector widths, misaligned rows of different offsets, and
// values whose sums depend on the order of the additions.
func TestAddRows8Float64(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	specials := []float64{math.NaN(), math.Float64frombits(0x7ff8000000000abc), math.Inf(1), math.Inf(-1), 0, math.Copysign(0, -1), 5e-324}
	value := func() float64 {
		if r.IntN(6) == 0 {
			return specials[r.IntN(len(specials))]
		}
		return r.NormFloat64() * math.Pow(2, float64(r.IntN(120)-60))
	}
	forEachImpl(t, func(t *testing.T) {
		for n := range 75 {
			for _, load := range []bool{false, true} {
				var rows [8][]float64
				for k := range rows {
					off := r.IntN(3)
					row := make([]float64, n+off+r.IntN(2))
					for i := range row {
						row[i] = value()
					}
					rows[k] = row[off:]
				}
				acc := make([]float64, n+1)
				for i := range acc {
					acc[i] = value()
				}
				want := make([]float64, n)
				copy(want, acc)
				wantRows := rows
				addRows8F64Generic(want, &wantRows, load)
				const guard = 0.25
				acc[n] = guard
				AddRows8Float64(acc[:n], &rows, load)
				for j := range want {
					if math.Float64bits(acc[j]) != math.Float64bits(want[j]) && !(math.IsNaN(acc[j]) && math.IsNaN(want[j])) {
						t.Fatalf("n=%d load=%v: acc[%d] = %x, want %x", n, load, j, math.Float64bits(acc[j]), math.Float64bits(want[j]))
					}
				}
				if acc[n] != guard {
					t.Fatalf("n=%d: wrote past acc", n)
				}
			}
		}
	})
}
