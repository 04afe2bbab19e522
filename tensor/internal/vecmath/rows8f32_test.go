package vecmath

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestAddRows8Float32 checks every implementation against the Go loop
// bit for bit (any NaN for a NaN), with and without load, at lengths
// around the vector widths, misaligned rows of different offsets, and
// values whose sums depend on the order of the additions.
func TestAddRows8Float32(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	specials := []float32{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), 0, float32(math.Copysign(0, -1)), math.SmallestNonzeroFloat32, math.MaxFloat32}
	value := func() float32 {
		if r.IntN(6) == 0 {
			return specials[r.IntN(len(specials))]
		}
		return float32(r.NormFloat64() * math.Pow(2, float64(r.IntN(60)-30)))
	}
	isNaN := func(v float32) bool { return v != v }
	forEachImpl(t, func(t *testing.T) {
		for _, n := range []int{0, 1, 7, 8, 9, 15, 16, 17, 31, 33, 64, 200, 203, 800} {
			for _, load := range []bool{false, true} {
				var rows [8][]float32
				for k := range rows {
					off := r.IntN(3)
					row := make([]float32, n+off+r.IntN(2))
					for i := range row {
						row[i] = value()
					}
					rows[k] = row[off:]
				}
				acc := make([]float32, n+1)
				for i := range acc {
					acc[i] = value()
				}
				want := make([]float32, n)
				copy(want, acc)
				wantRows := rows
				addRows8F32Generic(want, &wantRows, load)
				const guard = 0.25
				acc[n] = guard
				AddRows8Float32(acc[:n], &rows, load)
				for j := range want {
					if math.Float32bits(acc[j]) != math.Float32bits(want[j]) && !(isNaN(acc[j]) && isNaN(want[j])) {
						t.Fatalf("n=%d load=%v: acc[%d] = %x, want %x", n, load, j, math.Float32bits(acc[j]), math.Float32bits(want[j]))
					}
				}
				if acc[n] != guard {
					t.Fatalf("n=%d: wrote past acc", n)
				}
			}
		}
	})
}

// BenchmarkAddRows8Float32 adds eight rows of 800 (an LSTM's gates'
// bias gradient, eight batch rows at a time).
func BenchmarkAddRows8Float32(b *testing.B) {
	var rows [8][]float32
	for k := range rows {
		rows[k] = benchRow(800)
	}
	acc := make([]float32, 800)
	benchImpls(b, func(b *testing.B) {
		for b.Loop() {
			AddRows8Float32(acc, &rows, false)
		}
	})
}
