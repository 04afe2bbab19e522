package vecmath

import (
	"golang.org/x/sys/cpu"

	"github.com/kael-dev/kael/tensor/internal/isa"
)

// The assembly kernels, in vecmath_amd64.s. The wrappers in vecmath.go
// make dst at least as long as src.

//go:noescape
func maxAVX512(x []float32) float32

//go:noescape
func expSumAVX512(dst, src []float32, shift float32) float64

//go:noescape
func scaleAVX512(x []float32, s float32)

//go:noescape
func sub2AVX512(dst, src []float32, a, b float32)

//go:noescape
func sumAVX512(x []float32) float32

//go:noescape
func maxAVX2(x []float32) float32

//go:noescape
func addF64AVX512(dst, a, b []float64)

//go:noescape
func addF64AVX2(dst, a, b []float64)

//go:noescape
func addF64AVX512NT(dst, a, b []float64)

//go:noescape
func addF64AVX2NT(dst, a, b []float64)

//go:noescape
func addRowsAtF32AVX2(dst []float32, dim, cols int, src []float32, idx []int64, offs []int)

//go:noescape
func addRowsAtF32AVX512(dst []float32, dim, cols int, src []float32, idx []int64, offs []int)

//go:noescape
func addRows8F64AVX512(acc []float64, rows *[8][]float64, load bool)

//go:noescape
func addRows8F64AVX2(acc []float64, rows *[8][]float64, load bool)

//go:noescape
func expSumAVX2(dst, src []float32, shift float32) float64

//go:noescape
func scaleAVX2(x []float32, s float32)

//go:noescape
func sub2AVX2(dst, src []float32, a, b float32)

//go:noescape
func sumAVX2(x []float32) float32

//go:noescape
func geluTanhAVX2(dst, src []float32)

//go:noescape
func geluErfAVX2(dst, src []float32)

//go:noescape
func geluErfGradAVX2(dst, g, x []float32)

//go:noescape
func geluErfAVX512(dst, src []float32)

//go:noescape
func geluErfGradAVX512(dst, g, x []float32)

//go:noescape
func sigmoidAVX2(dst, src []float32)

//go:noescape
func tanhAVX2(dst, src []float32)

// tanhBlocksAVX2 runs tanhAVX2, which takes whole vectors, on any length.
func tanhBlocksAVX2(dst, src []float32) { blocks8(tanhAVX2, dst, src) }

//go:noescape
func leakyReLUAVX2(dst, src []float32, slope float32)

//go:noescape
func leakyReLUGradAVX2(dst, g, x []float32, slope float32)

// sumAVX512Impl returns the sum of the AVX-512 implementation: the AVX2
// kernel on the CPUs where it streams better (AMD's AVX-512 processors,
// isa.CPU.StreamsAVX2). A long sum is bound by memory; on the Zen 4 EPYC
// the AVX2 loop took 2-25% less CPU time than the AVX-512 one over 64 MiB
// (BenchmarkSumKernels; docs/performance.md, issue 34).
func sumAVX512Impl() func([]float32) float32 {
	if isa.Host().StreamsAVX2() {
		return sumAVX2
	}
	return sumAVX512
}

// archImpls returns the assembly implementations this CPU supports.
func archImpls() []*impl {
	var list []*impl
	if cpu.X86.HasAVX512F {
		list = append(list, &impl{
			name:   "avx512",
			max:    maxAVX512,
			expSum: expSumAVX512,
			scale:  scaleAVX512,
			sub2:   sub2AVX512,
			sum:    sumAVX512Impl(),
			// The tanh form of GELU has no AVX-512 kernel yet.
			geluTanh:    geluTanhAVX2,
			geluErf:     geluErfAVX512,
			geluErfGrad: geluErfGradAVX512,
			sigmoid:     sigmoidAVX2,
			tanh:        tanhBlocksAVX2,

			leakyReLU:     leakyReLUAVX2,
			leakyReLUGrad: leakyReLUGradAVX2,
			clampF32:      clampF32Blocks,
			clampF64:      clampF64Blocks,
			roundF32:      roundF32Blocks,
			addF64:        addF64AVX512,
			addF64Stream:  addF64AVX512NT,
			addRows8F64:   addRows8F64AVX512,
			sumRowsF64:    sumRowsF64AVX512,
			sumRowsF32:    sumRowsF32AVX512,
			sumRows8F64:   sumRows8F64AVX512,
			sumRows8F32:   sumRows8F32AVX512,
			pairwiseF64:   pairwiseF64AVX512,
			pairwiseF32:   pairwiseF32AVX,
			addRowsAtF32:  addRowsAtF32AVX512,
		})
	}
	if cpu.X86.HasAVX2 && cpu.X86.HasFMA {
		list = append(list, &impl{
			name:        "avx2",
			max:         maxAVX2,
			expSum:      expSumAVX2,
			scale:       scaleAVX2,
			sub2:        sub2AVX2,
			sum:         sumAVX2,
			geluTanh:    geluTanhAVX2,
			geluErf:     geluErfAVX2,
			geluErfGrad: geluErfGradAVX2,
			sigmoid:     sigmoidAVX2,
			tanh:        tanhBlocksAVX2,

			leakyReLU:     leakyReLUAVX2,
			leakyReLUGrad: leakyReLUGradAVX2,
			clampF32:      clampF32Blocks,
			clampF64:      clampF64Blocks,
			roundF32:      roundF32Blocks,
			addF64:        addF64AVX2,
			addF64Stream:  addF64AVX2NT,
			addRows8F64:   addRows8F64AVX2,
			sumRowsF64:    sumRowsF64AVX2,
			sumRowsF32:    sumRowsF32AVX2,
			sumRows8F64:   sumRows8F64AVX2,
			sumRows8F32:   sumRows8F32AVX2,
			pairwiseF64:   pairwiseF64AVX2,
			pairwiseF32:   pairwiseF32AVX,
			addRowsAtF32:  addRowsAtF32AVX2,
		})
	}
	return list
}
