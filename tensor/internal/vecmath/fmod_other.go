//go:build !amd64

package vecmath

// Only amd64 has a vector kernel for FmodFloat32: this takes none of
// the elements.
func fmodF32Arch(dst, x, y []float32, xs, ys int, rem bool) int { return 0 }
