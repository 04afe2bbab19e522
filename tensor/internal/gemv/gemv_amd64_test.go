package gemv

import (
	"math"
	"math/rand/v2"
	"testing"
	"unsafe"

	"golang.org/x/sys/cpu"
)

// TestNoPrefetchKernels checks that the AVX2 kernels without prefetches
// (Zen 4's, isa.CPU.HardwarePrefetchesStreams) give the bits of the ones with
// them, whichever of the two this CPU uses, on lengths with and without a
// tail of 8 and on rows long enough for the prefetches to run ahead of the
// data: float32 dot products, and both kernels over bfloat16 and float16.
func TestNoPrefetchKernels(t *testing.T) {
	if !cpu.X86.HasAVX2 || !cpu.X86.HasFMA || !cpu.X86.HasF16C {
		t.Skip("no AVX2, FMA and F16C")
	}
	same := func(t *testing.T, what string, k int, a, b []float32) {
		for i := range a {
			if math.Float32bits(a[i]) != math.Float32bits(b[i]) {
				t.Fatalf("%s k=%d: [%d] = %v without prefetches, %v with", what, k, i, b[i], a[i])
			}
		}
	}
	type half struct {
		h           Half
		axpy, axpyN func(*float32, *uint16, *uint16, *uint16, *uint16, *[4]float32, int)
		dot, dotN   func(*uint16, *uint16, *uint16, *uint16, *float32, int, *[4]float32)
	}
	halves := []half{
		{BFloat16, axpy4BF16AVX2, axpy4BF16NoPrefetchAVX2, dot4BF16AVX2, dot4BF16NoPrefetchAVX2},
		{Float16, axpy4F16AVX2, axpy4F16NoPrefetchAVX2, dot4F16AVX2, dot4F16NoPrefetchAVX2},
	}
	r := rand.New(rand.NewPCG(21, 22))
	for _, k := range []int{8, 16, 24, 40, 760, 768, 3072, 4104} {
		w, x := randSlice(r, 4*k), randSlice(r, k)
		var with, without [4]float32
		p := func(i int) *float32 { return unsafe.SliceData(w[i*k:]) }
		dot4AVX2(p(0), p(1), p(2), p(3), unsafe.SliceData(x), k, &with)
		dot4NoPrefetchAVX2(p(0), p(1), p(2), p(3), unsafe.SliceData(x), k, &without)
		same(t, "float32 dot4", k, with[:], without[:])
		var want float64
		for j := range k {
			want += float64(w[j]) * float64(x[j])
		}
		if math.Abs(float64(without[0])-want) > 1e-4*math.Sqrt(float64(k)) {
			t.Fatalf("k=%d: %v, want about %v", k, without[0], want)
		}
		for _, h := range halves {
			w16 := randHalf(r, h.h, 4*k)
			q := func(i int) *uint16 { return unsafe.SliceData(w16[i*k:]) }
			h.dot(q(0), q(1), q(2), q(3), unsafe.SliceData(x), k, &with)
			h.dotN(q(0), q(1), q(2), q(3), unsafe.SliceData(x), k, &without)
			same(t, h.h.String()+" dot4", k, with[:], without[:])
			xs := [4]float32{0.5, -1.25, 3, 0.1}
			y0, y1 := randSlice(r, k), make([]float32, k)
			copy(y1, y0)
			h.axpy(unsafe.SliceData(y0), q(0), q(1), q(2), q(3), &xs, k)
			h.axpyN(unsafe.SliceData(y1), q(0), q(1), q(2), q(3), &xs, k)
			same(t, h.h.String()+" axpy4", k, y0, y1)
		}
	}
}
