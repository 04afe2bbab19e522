package vecmath

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestAddRowsAtFloat32 checks every implementation against a plain Go
// loop bit for bit (any NaN for a NaN): row widths around the vector
// widths and the tail, repeated indices (whose rows must be added in
// order), rows of src at any offset, and values whose sums depend on the
// order of the additions. Elements of dst outside the picked rows' first
// dim elements must stay as they were.
func TestAddRowsAtFloat32(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	specials := []float32{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), 0, float32(math.Copysign(0, -1)), math.SmallestNonzeroFloat32, math.MaxFloat32}
	value := func() float32 {
		if r.IntN(8) == 0 {
			return specials[r.IntN(len(specials))]
		}
		return float32(r.NormFloat64() * math.Pow(2, float64(r.IntN(40)-20)))
	}
	cases := []struct {
		dim, rows, picks int
	}{
		{1, 3, 5}, {7, 4, 9}, {8, 2, 7}, {9, 5, 11}, {15, 3, 6}, {16, 28, 40},
		{17, 3, 8}, {24, 6, 13}, {31, 2, 4}, {64, 28, 512}, {72, 5, 20}, {100, 7, 30},
		{5, 1, 0},
	}
	forEachImpl(t, func(t *testing.T) {
		for _, c := range cases {
			src := make([]float32, c.picks*(c.dim+3)+c.dim)
			for i := range src {
				src[i] = value()
			}
			idx := make([]int64, c.picks)
			offs := make([]int, c.picks)
			for i := range idx {
				idx[i] = int64(r.IntN(c.rows))
				offs[i] = r.IntN(len(src) - c.dim + 1)
			}
			dst := make([]float32, c.rows*c.dim)
			for i := range dst {
				dst[i] = value()
			}
			want := append([]float32(nil), dst...)
			for i, k := range idx {
				for j := range c.dim {
					want[int(k)*c.dim+j] += src[offs[i]+j]
				}
			}
			AddRowsAtFloat32(dst, c.dim, src, idx, offs)
			for j := range want {
				if math.Float32bits(dst[j]) != math.Float32bits(want[j]) && !(dst[j] != dst[j] && want[j] != want[j]) {
					t.Fatalf("dim %d, %d picks of %d rows: dst[%d] = %x, want %x", c.dim, c.picks, c.rows, j, math.Float32bits(dst[j]), math.Float32bits(want[j]))
				}
			}
		}
	})
}

// TestAddRowsAtFloat32Checks checks that a row outside dst or src, or
// idx and offs of different lengths, panic before anything is written.
func TestAddRowsAtFloat32Checks(t *testing.T) {
	cases := []struct {
		name string
		idx  []int64
		offs []int
	}{
		{"index past dst", []int64{0, 3}, []int{0, 0}},
		{"negative index", []int64{-1}, []int{0}},
		{"row past src", []int64{0}, []int{9}},
		{"negative offset", []int64{0}, []int{-1}},
		{"lengths differ", []int64{0, 1}, []int{0}},
	}
	for _, c := range cases {
		dst := make([]float32, 3*8)
		src := make([]float32, 16)
		for i := range src {
			src[i] = 1
		}
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", c.name)
				}
			}()
			AddRowsAtFloat32(dst, 8, src, c.idx, c.offs)
		}()
		for i, v := range dst {
			if v != 0 {
				t.Fatalf("%s: dst[%d] written", c.name, i)
			}
		}
	}
}
