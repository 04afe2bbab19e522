//go:build !amd64

package vecmath

func extremeF32(dst, a, b []float32, isMin bool) { extremeGeneric(dst, a, b, isMin) }

func extremeF64(dst, a, b []float64, isMin bool) { extremeGeneric(dst, a, b, isMin) }
