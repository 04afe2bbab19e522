//go:build !amd64

package vecmath

// addRows8F32Arch does nothing without the amd64 kernel.
func addRows8F32Arch(acc []float32, rows *[8][]float32, load bool) int { return 0 }
