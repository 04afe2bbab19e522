//go:build !amd64

package vecmath

// gruBackwardRowArch does nothing without the amd64 kernel.
func gruBackwardRowArch(dgi, dgh, dh, ghy, act, hx []float32) int { return 0 }
