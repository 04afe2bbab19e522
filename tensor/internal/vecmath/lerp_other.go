//go:build !amd64

package vecmath

// Only amd64 has vector kernels for LerpFloat32 and LerpFloat64: these
// take none of the elements.
func lerpF32Arch(dst, a, b, w []float32, ws int) int { return 0 }
func lerpF64Arch(dst, a, b, w []float64, ws int) int { return 0 }
