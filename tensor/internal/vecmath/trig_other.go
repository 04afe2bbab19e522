//go:build !amd64

package vecmath

// Only amd64 has vector kernels for SinFloat32 and CosFloat32: the
// generic loop takes every element.
func trigF32Arch(dst, src []float32, tab *trigTab) (n, group int) { return 0, 0 }
