package vecmath

import "golang.org/x/sys/cpu"

// hasFMA: the axpy kernels use FMA3 on AVX registers.
var hasFMA = cpu.X86.HasAVX && cpu.X86.HasFMA

//go:noescape
func axpyF32FMA(o, b []float32, s float32)

//go:noescape
func axpyF64FMA(o, b []float64, s float64)

var (
	axpyF32Arch = axpyF32FMA
	axpyF64Arch = axpyF64FMA
)
