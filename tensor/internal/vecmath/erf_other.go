//go:build !amd64

package vecmath

// Only amd64 has a vector kernel for ErfFloat32: this takes none of the
// elements.
func erfF32Arch(dst, src []float32) int { return 0 }

// erfcF32Arch is erfF32Arch for ErfcFloat32.
func erfcF32Arch(dst, src []float32) int { return 0 }
