//go:build !amd64

package vecmath

// Only amd64 has vector kernels for AtanFloat32: the generic loop takes
// every element.
func atanF32Arch(dst, src []float32) int { return 0 }
