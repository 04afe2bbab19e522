//go:build !amd64

package vecmath

// No vector kernels: hasFMA is false, so these are never called.
const hasFMA = false

var (
	tanhGradF32Arch func(dst, g, y []float32, one float32)
	axpyF32Arch     func(o, b []float32, s float32)
	axpyF64Arch     func(o, b []float64, s float64)
)
