//go:build !amd64

package vecmath

// adamArch updates nothing: only amd64 has a vector kernel.
func adamArch(p, g, m, v []float32, a AdamParams) int { return 0 }
