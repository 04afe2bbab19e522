//go:build !amd64

package vecmath

// gatherRowsArch does nothing: only amd64 has vector kernels.
func gatherRowsArch(dst []float32, ld int, src []float32, idx []int32, rows, n int) bool {
	return false
}

// scatterAddRowsArch does nothing: only amd64 has vector kernels.
func scatterAddRowsArch(dst []float32, src []float32, ld int, idx []int32, rows, n int) bool {
	return false
}

// gathersArch reports false: only amd64 has vector kernels.
func gathersArch() bool { return false }
