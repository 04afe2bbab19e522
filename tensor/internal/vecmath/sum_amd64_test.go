package vecmath

import (
	"math"
	"math/rand/v2"
	"testing"

	"golang.org/x/sys/cpu"
)

// TestSumKernels runs every float32 sum kernel this CPU has against
// float64 sums, whichever one the implementations picked: on AMD's AVX-512
// CPUs both of them use the AVX2 kernel (isa.CPU.StreamsAVX2), which
// leaves the AVX-512 one to this test.
func TestSumKernels(t *testing.T) {
	if !cpu.X86.HasAVX2 || !cpu.X86.HasFMA {
		t.Skip("no AVX2")
	}
	kernels := []struct {
		name string
		f    func([]float32) float32
	}{{"sumAVX2", sumAVX2}}
	if cpu.X86.HasAVX512F {
		kernels = append(kernels, struct {
			name string
			f    func([]float32) float32
		}{"sumAVX512", sumAVX512})
	}
	rng := rand.New(rand.NewPCG(9, 10))
	for _, n := range append(lengths, 1<<16, 100003, 1<<20+7) {
		for name, x := range inputs(rng, n) {
			var want, mag float64
			for _, v := range x {
				want += float64(v)
				mag += math.Abs(float64(v))
			}
			for _, k := range kernels {
				got := k.f(x)
				if math.IsNaN(want) || math.IsInf(want, 0) {
					if ulps(got, float32(want)) != 0 {
						t.Errorf("%s n=%d %s: sum %v, want %v", k.name, n, name, got, want)
					}
					continue
				}
				tol := 0x1p-24*math.Abs(want) + 1e-12*mag
				if !(math.Abs(float64(got)-want) <= tol) {
					t.Errorf("%s n=%d %s: sum %v, want %v (error %g > %g)", k.name, n, name, got, want, math.Abs(float64(got)-want), tol)
				}
			}
		}
	}
}
