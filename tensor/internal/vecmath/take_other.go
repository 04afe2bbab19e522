//go:build !amd64

package vecmath

// take64Arch writes nothing: only amd64 has vector kernels.
func take64Arch(dst, src []uint64, idx []int64) int { return 0 }

// take32Arch writes nothing: only amd64 has vector kernels.
func take32Arch(dst, src []uint32, idx []int64) int { return 0 }

// takeScalarOnAVX512 has no effect here (take_amd64.go); the tests set it.
var takeScalarOnAVX512 = false

// takeStreamMinBytes has no effect here (take_amd64.go); the tests set it.
var takeStreamMinBytes = 1 << 20

// takeStreamable reports false: no kernel streams here.
func takeStreamable() bool { return false }
