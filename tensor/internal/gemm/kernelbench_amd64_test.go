package gemm

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"testing"

	"golang.org/x/sys/cpu"
)

// BenchmarkKernelAVX2 times the AVX2 float32 micro-kernel and its tail
// kernels alone on slivers that stay in L1, reporting GFLOP/s of CPU
// time and CPU time a call, and the clock
// by a chain of dependent float64 additions (3 cycles each on Zen 3 and
// most x86 cores): the kernel's share of the core's peak is its GFLOP/s
// over 32 flops (two 8-lane FMAs) a cycle.
func BenchmarkKernelAVX2(b *testing.B) {
	if !cpu.X86.HasAVX2 || !cpu.X86.HasFMA {
		b.Skip("no AVX2")
	}
	kernels := []struct {
		name string
		rows int
		fn   kernelFunc[float32]
	}{{"6x16", 6, kernF32AVX2}, {"4x16", 4, kernF32AVX2x4}, {"2x16", 2, kernF32AVX2x2}}
	for _, kn := range kernels {
		for _, k := range []int{256, 512} {
			b.Run(fmt.Sprintf("%s/%d", kn.name, k), func(b *testing.B) {
				a := make([]float32, 6*k)
				bb := make([]float32, 16*k)
				c := make([]float32, 6*16)
				for i := range a {
					a[i] = float32(i%7) * 0.25
				}
				for i := range bb {
					bb[i] = float32(i%5) * 0.5
				}
				cpu0, _ := processCPU()
				for b.Loop() {
					for range 100 {
						kn.fn(k, &a[0], &bb[0], &c[0], 16, true)
					}
				}
				cpu1, _ := processCPU()
				b.ReportMetric(2*float64(kn.rows)*16*float64(k)*100*float64(b.N)/(cpu1-cpu0).Seconds()/1e9, "GFLOP/s-cpu")
				b.ReportMetric(float64(cpu1-cpu0)/float64(100*b.N), "cpu-ns/call")
			})
		}
	}
	b.Run("clock", func(b *testing.B) {
		const n = 1 << 24
		cpu0, _ := processCPU()
		for b.Loop() {
			addChainSink = addChain(n, 1e-9)
		}
		cpu1, _ := processCPU()
		b.ReportMetric(3*n*float64(b.N)/(cpu1-cpu0).Seconds()/1e9, "GHz-cpu")
	})
}

var addChainSink float64

// addChain adds d to zero n times, one dependent addition after another.
//
//go:noinline
func addChain(n int, d float64) float64 {
	x := 0.0
	for i := 0; i < n; i++ {
		x += d
	}
	return x
}

// BenchmarkPrefillProducts times one thread's products of a GPT-2 124M
// prefill of 128 tokens (four a layer, float32), each layer's weights
// its own, as many layers as -prefill-layers, so that the weights come
// from memory as in the model (12 layers are 340 MB): CPU ms a prefill,
// and wall ms a prefill, on -gemm-prefill-threads goroutines.
func BenchmarkPrefillProducts(b *testing.B) {
	prefill := stepShapes[len(stepShapes)-4:]
	rng := rand.New(rand.NewPCG(7, 11))
	row := layoutByName("row")
	weights := make([][]Matrix[float32], *prefillLayers)
	for l := range weights {
		for _, s := range prefill {
			weights[l] = append(weights[l], newView[float32](rng, row, s.k, s.n))
		}
	}
	as := make([]Matrix[float32], len(prefill))
	cs := make([]Matrix[float32], len(prefill))
	for i, s := range prefill {
		as[i] = newView[float32](rng, row, s.m, s.k)
		cs[i] = newView[float32](rng, row, s.m, s.n)
	}
	cpu0, _ := processCPU()
	for b.Loop() {
		for _, w := range weights {
			for i, s := range prefill {
				Mul(s.m, s.n, s.k, as[i], w[i], cs[i], Options{Threads: *prefillThreads})
			}
		}
	}
	cpu1, _ := processCPU()
	b.ReportMetric(float64(cpu1-cpu0)/1e6/float64(b.N)*12/float64(len(weights)), "cpu-ms/prefill")
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1e3/float64(b.N)*12/float64(len(weights)), "ms/prefill")
}

var (
	prefillLayers  = flag.Int("gemm-prefill-layers", 12, "BenchmarkPrefillProducts: layers of distinct weights")
	prefillThreads = flag.Int("gemm-prefill-threads", 1, "BenchmarkPrefillProducts: goroutines a product")
)
