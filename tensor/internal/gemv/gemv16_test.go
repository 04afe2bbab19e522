package gemv

import (
	"math"
	"math/rand/v2"
	"runtime"
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

// TestAssemblyKernelsAgree checks that the assembly implementations this
// CPU has (AVX-512 and AVX2 on amd64) give the same bits, for float32 and
// 16-bit weights, every length through the wide loops and both tails: the
// AVX-512 kernels follow the AVX2 kernels' order of operations
// (_asm/gen.go), so a model's results do not depend on the machine's
// vector width.
func TestAssemblyKernelsAgree(t *testing.T) {
	var names []string
	for _, name := range Impls() {
		if name != "generic" {
			names = append(names, name)
		}
	}
	if len(names) < 2 {
		t.Skipf("one assembly implementation here (%v)", names)
	}
	defer SetImpl(Impl())
	r := rand.New(rand.NewPCG(5, 6))
	// run returns VecMat's and MatVec's results under implementation name.
	run := func(name string, h Half, rows, cols, ld int, w []float32, w16 []uint16, x, xv []float32) (y, yv []float32) {
		if err := SetImpl(name); err != nil {
			t.Fatal(err)
		}
		y, yv = make([]float32, cols), make([]float32, rows)
		if h == 0 {
			VecMat(y, x, w, rows, cols, ld, 1)
			MatVec(yv, w, xv, rows, cols, ld, 1)
		} else {
			VecMat16(y, x, w16, h, rows, cols, ld, 1)
			MatVec16(yv, w16, xv, h, rows, cols, ld, 1)
		}
		return y, yv
	}
	same := func(a, b []float32) int {
		for i := range a {
			if math.Float32bits(a[i]) != math.Float32bits(b[i]) {
				return i
			}
		}
		return -1
	}
	for _, h := range []Half{0, BFloat16, Float16} {
		for _, rows := range []int{1, 4, 7, 64} {
			for cols := 8; cols <= 200; cols += 8 {
				ld := cols + 8
				var w []float32
				var w16 []uint16
				if h == 0 {
					w = randSlice(r, (rows-1)*ld+cols)
				} else {
					w16 = randHalf(r, h, (rows-1)*ld+cols)
				}
				x, xv := randSlice(r, rows), randSlice(r, cols)
				y0, yv0 := run(names[len(names)-1], h, rows, cols, ld, w, w16, x, xv)
				for _, name := range names[:len(names)-1] {
					y, yv := run(name, h, rows, cols, ld, w, w16, x, xv)
					if i := same(y, y0); i >= 0 {
						t.Fatalf("%s %v VecMat %d×%d: y[%d] = %v, %s gives %v", name, h, rows, cols, i, y[i], names[len(names)-1], y0[i])
					}
					if i := same(yv, yv0); i >= 0 {
						t.Fatalf("%s %v MatVec %d×%d: y[%d] = %v, %s gives %v", name, h, rows, cols, i, yv[i], names[len(names)-1], yv0[i])
					}
				}
			}
		}
	}
}

// BenchmarkStream times one thread streaming GPT-2 124M's MLP matrices
// from memory, as a decoded token does: sixteen different 768×3072
// matrices (151 MB of float32, 75 MB of 16-bit weights, more than a
// processor's caches), VecMat over each in turn, for every implementation
// and kind of weight. It reports the weights' bytes per second of wall
// time and, where the system gives a thread's CPU time, per CPU second
// (cpu-GB/s), the figure a loaded machine leaves comparable.
func BenchmarkStream(b *testing.B) {
	const k, n, mats = 768, 3072, 16
	r := rand.New(rand.NewPCG(7, 8))
	x, y := randSlice(r, k), make([]float32, n)
	w32 := make([][]float32, mats)
	w16 := make([][]uint16, mats)
	for i := range mats {
		w32[i] = randSlice(r, k*n)
		w16[i] = randHalf(r, BFloat16, k*n)
	}
	defer SetImpl(Impl())
	for _, name := range Impls() {
		for _, h := range []Half{0, BFloat16, Float16} {
			label := "float32"
			if h != 0 {
				label = h.String()
			}
			b.Run(name+"/"+label, func(b *testing.B) {
				if err := SetImpl(name); err != nil {
					b.Fatal(err)
				}
				size := 4
				if h != 0 {
					size = 2
				}
				b.SetBytes(int64(size * k * n * mats))
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				cpu0, ok := threadCPU()
				for b.Loop() {
					for i := range mats {
						if h == 0 {
							VecMat(y, x, w32[i], k, n, n, 1)
						} else {
							VecMat16(y, x, w16[i], h, k, n, n, 1)
						}
					}
				}
				if cpu1, _ := threadCPU(); ok && cpu1 > cpu0 {
					b.ReportMetric(float64(b.N)*float64(size*k*n*mats)/float64(cpu1-cpu0), "cpu-GB/s")
				}
			})
		}
	}
}
