//go:build !amd64

package gemm

// col2imS2K4Arch runs Col2imS2K4Float32 in a vector kernel: none outside
// amd64.
func col2imS2K4Arch(p, cols []float32, ld, ow int, rows []int32) bool { return false }

// im2colS2K4Arch runs Im2colS2K4Float32 in a vector kernel: none outside
// amd64.
func im2colS2K4Arch(dst []float32, ld int, p []float32, oh, ow, y0, ny int) bool { return false }
