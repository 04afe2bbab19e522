package vecmath

// The kernels of AtanFloat32 (atan_amd64.s) take whole groups of four
// (AVX2) or eight (AVX-512) elements; atanF32Arch runs the one of the
// implementation in use on the longest such prefix and returns its
// length (0 for the generic implementation).

//go:noescape
func atanF32AVX2(dst, src []float32, tab *atanTab)

//go:noescape
func atanF32AVX512(dst, src []float32, tab *atanTab)

func atanF32Arch(dst, src []float32) int {
	switch impls.Current().name {
	case "avx512":
		n := len(src) &^ 7
		if n > 0 {
			atanF32AVX512(dst[:n], src[:n], atanF32Table)
		}
		return n
	case "avx2":
		n := len(src) &^ 3
		if n > 0 {
			atanF32AVX2(dst[:n], src[:n], atanF32Table)
		}
		return n
	}
	return 0
}
