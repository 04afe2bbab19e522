//go:build !amd64

package vecmath

// Only amd64 has vector kernels for Log2Float32, Log10Float32,
// Log1pFloat32, Exp2Float32 and Expm1Float32: these take none of the
// elements.

func logScaledF32Arch(dst, src []float32, tab *logScaledTab) int { return 0 }
func log1pF32Arch(dst, src []float32) int                        { return 0 }
func exp2F32Arch(dst, src []float32) int                         { return 0 }
func expm1F32Arch(dst, src []float32) int                        { return 0 }
