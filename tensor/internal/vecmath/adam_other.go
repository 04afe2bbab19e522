//go:build !amd64

package vecmath

// adamArch updates nothing: only amd64 has a vector kernel.
func adamArch(p, g, m, v []float32, a AdamParams) int { return 0 }

// hasAVX is false: only amd64 has the vector kernels.
const hasAVX = false
