package vecmath

import "golang.org/x/sys/cpu"

// hasFMA: the axpy kernels use FMA3 on AVX registers.
var hasFMA = cpu.X86.HasAVX && cpu.X86.HasFMA

//go:noescape
func axpyF32FMA(o, b []float32, s float32)

//go:noescape
func axpyF64FMA(o, b []float64, s float64)

//go:noescape
func tanhGradF32FMA(dst, g, y []float32, one float32)

var (
	tanhGradF32Arch = tanhGradF32FMA
	axpyF32Arch     = axpyF32FMA
	axpyF64Arch     = axpyF64FMA
)
