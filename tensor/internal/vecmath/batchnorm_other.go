//go:build !amd64

package vecmath

// bnAffineArch writes nothing: only amd64 has a vector kernel.
func bnAffineArch(dst, x []float32, alpha, beta float32) int { return 0 }

// bnGradArch writes nothing: only amd64 has a vector kernel.
func bnGradArch(dst, g, x []float32, mean, k, gradMean, invstd, w float32) int { return 0 }
