package gemv

import (
	"math"
	"math/rand/v2"
	"testing"
)

// randHalf returns n random finite values of format h as bits: normal
// numbers of moderate size, and some subnormals and zeros.
func randHalf(r *rand.Rand, h Half, n int) []uint16 {
	s := make([]uint16, n)
	for i := range s {
		sign := uint16(r.IntN(2)) << 15
		switch {
		case i%17 == 5: // subnormal or zero
			if h == BFloat16 {
				s[i] = sign | uint16(r.IntN(0x80))
			} else {
				s[i] = sign | uint16(r.IntN(0x400))
			}
		case h == BFloat16:
			s[i] = sign | uint16(120+r.IntN(12))<<7 | uint16(r.IntN(0x80))
		default:
			s[i] = sign | uint16(10+r.IntN(10))<<10 | uint16(r.IntN(0x400))
		}
	}
	return s
}

// TestHalfKernelsEqualFloat32OnWidenedWeights checks VecMat16 and
// MatVec16 against VecMat and MatVec on the same weights widened to
// float32: the 16-bit kernels run the float32 kernels' operations in the
// same order, so every implementation gives the same bits.
func TestHalfKernelsEqualFloat32OnWidenedWeights(t *testing.T) {
	sizes := [][2]int{{1, 1}, {3, 5}, {4, 8}, {5, 9}, {7, 31}, {64, 33}, {130, 257}, {768, 2304}, {1000, 7}}
	forEachImpl(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(3, 4))
		for _, h := range []Half{BFloat16, Float16} {
			for _, sz := range sizes {
				for _, threads := range []int{1, 2, 3} {
					rows, cols := sz[0], sz[1]
					ld := cols + 5
					w16 := randHalf(r, h, (rows-1)*ld+cols)
					w := make([]float32, len(w16))
					for i, v := range w16 {
						w[i] = h.widen(v)
					}
					x := randSlice(r, rows)
					got, want := randSlice(r, cols+1), make([]float32, cols+1)
					want[cols] = got[cols]
					VecMat16(got, x, w16, h, rows, cols, ld, threads)
					VecMat(want, x, w, rows, cols, ld, threads)
					for j := range want {
						if math.Float32bits(got[j]) != math.Float32bits(want[j]) {
							t.Fatalf("%v VecMat16 %v threads %d: y[%d] = %v, float32 kernel %v", h, sz, threads, j, got[j], want[j])
						}
					}
					xv := randSlice(r, cols)
					got, want = randSlice(r, rows+1), make([]float32, rows+1)
					want[rows] = got[rows]
					MatVec16(got, w16, xv, h, rows, cols, ld, threads)
					MatVec(want, w, xv, rows, cols, ld, threads)
					for i := range want {
						if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
							t.Fatalf("%v MatVec16 %v threads %d: y[%d] = %v, float32 kernel %v", h, sz, threads, i, got[i], want[i])
						}
					}
				}
			}
		}
	})
}

// TestHalfWidening checks the widening of edge values: the kernels' and
// the portable path's.
func TestHalfWidening(t *testing.T) {
	cases := []struct {
		h    Half
		bits uint16
		want float32
	}{
		{Float16, 0x3c00, 1}, {Float16, 0xc000, -2}, {Float16, 0x0001, 1.0 / (1 << 24)}, {Float16, 0x7bff, 65504},
		{Float16, 0x7c00, float32(math.Inf(1))}, {Float16, 0x8000, float32(math.Copysign(0, -1))},
		{BFloat16, 0x3f80, 1}, {BFloat16, 0xc040, -3}, {BFloat16, 0x0001, math.Float32frombits(0x00010000)},
		{BFloat16, 0xff80, float32(math.Inf(-1))},
	}
	forEachImpl(t, func(t *testing.T) {
		for _, c := range cases {
			w := make([]uint16, 8)
			for i := range w {
				w[i] = c.bits
			}
			x := []float32{1, 0, 0, 0, 0, 0, 0, 0}
			y := make([]float32, 8)
			VecMat16(y, x[:1], w, c.h, 1, 8, 8, 1)
			for _, v := range y {
				if math.Float32bits(v) != math.Float32bits(c.want) && !(v == 0 && c.want == 0) {
					t.Errorf("%v %#04x widened to %v, want %v", c.h, c.bits, v, c.want)
				}
			}
		}
	})
}
