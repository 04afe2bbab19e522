//go:build !amd64

package vecmath

// gradSumsArch adds nothing: only amd64 has a vector kernel.
func gradSumsArch(g, x []float32, mean float32, s, d *[8]float32) int { return 0 }
