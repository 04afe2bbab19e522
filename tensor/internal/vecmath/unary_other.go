//go:build !amd64

package vecmath

// Only amd64 has vector kernels for ExpFloat32, LogFloat32,
// SqrtFloat32 and RsqrtFloat32: these
// take none of the elements.

func expF32Arch(dst, src []float32) int   { return 0 }
func sqrtF32Arch(dst, src []float32) int  { return 0 }
func rsqrtF32Arch(dst, src []float32) int { return 0 }
func logF32Arch(dst, src []float32) int   { return 0 }
