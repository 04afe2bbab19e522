package gemv

import (
	"math"
	"math/rand/v2"
	"testing"
	"unsafe"

	"golang.org/x/sys/cpu"
)

// TestDot4NoPrefetch checks that the AVX2 dot products without prefetches
// (Zen 4's, isa.CPU.PrefetchesStreams) give dot4AVX2's bits, whichever of
// the two this CPU uses, on lengths with and without a tail of 8 and on
// rows long enough for the prefetches to run ahead of the data.
func TestDot4NoPrefetch(t *testing.T) {
	if !cpu.X86.HasAVX2 || !cpu.X86.HasFMA {
		t.Skip("no AVX2 and FMA")
	}
	r := rand.New(rand.NewPCG(21, 22))
	for _, k := range []int{8, 16, 24, 760, 768, 3072, 4104} {
		w, x := randSlice(r, 4*k), randSlice(r, k)
		var with, without [4]float32
		p := func(i int) *float32 { return unsafe.SliceData(w[i*k:]) }
		dot4AVX2(p(0), p(1), p(2), p(3), unsafe.SliceData(x), k, &with)
		dot4NoPrefetchAVX2(p(0), p(1), p(2), p(3), unsafe.SliceData(x), k, &without)
		for i := range 4 {
			if math.Float32bits(with[i]) != math.Float32bits(without[i]) {
				t.Fatalf("k=%d: row %d: %v without prefetches, %v with", k, i, without[i], with[i])
			}
		}
		var want float64
		for j := range k {
			want += float64(w[j]) * float64(x[j])
		}
		if math.Abs(float64(without[0])-want) > 1e-4*math.Sqrt(float64(k)) {
			t.Fatalf("k=%d: %v, want about %v", k, without[0], want)
		}
	}
}
