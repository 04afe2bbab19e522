package vecmath

//go:noescape
func roundF32AVX(dst, src []float32, mode int)

// roundF32Blocks runs roundF32AVX on the whole blocks of 32 elements and
// roundGeneric on the rest: the same results.
func roundF32Blocks(dst, src []float32, mode int) {
	n := len(src) &^ 31
	if n > 0 {
		roundF32AVX(dst[:n], src[:n], mode)
	}
	roundGeneric(dst[n:len(src)], src[n:], mode)
}
