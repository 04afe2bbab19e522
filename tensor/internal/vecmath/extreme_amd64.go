package vecmath

import "golang.org/x/sys/cpu"

// The maximum and minimum kernels, in extreme_amd64.s: whole blocks of
// two vectors only (16 float32s, 8 float64s).

//go:noescape
func maxF32AVX2(dst, a, b []float32)

//go:noescape
func minF32AVX2(dst, a, b []float32)

//go:noescape
func maxF64AVX2(dst, a, b []float64)

//go:noescape
func minF64AVX2(dst, a, b []float64)

var hasExtremeAVX2 = cpu.X86.HasAVX2

func extremeF32(dst, a, b []float32, isMin bool) {
	n := 0
	if hasExtremeAVX2 {
		n = len(dst) &^ 15
		if n > 0 {
			if isMin {
				minF32AVX2(dst[:n], a, b)
			} else {
				maxF32AVX2(dst[:n], a, b)
			}
		}
	}
	extremeGeneric(dst[n:], a[n:], b[n:], isMin)
}

func extremeF64(dst, a, b []float64, isMin bool) {
	n := 0
	if hasExtremeAVX2 {
		n = len(dst) &^ 7
		if n > 0 {
			if isMin {
				minF64AVX2(dst[:n], a, b)
			} else {
				maxF64AVX2(dst[:n], a, b)
			}
		}
	}
	extremeGeneric(dst[n:], a[n:], b[n:], isMin)
}
