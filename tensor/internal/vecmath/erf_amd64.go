package vecmath

// erfF32AVX2 (erf_amd64.s) computes groups of four elements of
// ErfFloat32 until n is reached or a group has a lane for the fix-up,
// and returns how many it stored.
//
//go:noescape
func erfF32AVX2(dst, src *float32, n int, tab *erfTab) int

// erfF32Arch runs erfF32AVX2 over dst and returns how many elements it
// stored: 0 where the generic implementation is forced (SetImpl) or
// fewer than four remain.
func erfF32Arch(dst, src []float32) int {
	n := unaryVector(len(src)) &^ 3
	if n == 0 || !hasFMA {
		return 0
	}
	_ = dst[n-1]
	return erfF32AVX2(&dst[0], &src[0], n, erfF32Table)
}

// erfcF32AVX2 (erf_amd64.s) is erfF32AVX2 for ErfcFloat32.
//
//go:noescape
func erfcF32AVX2(dst, src *float32, n int, tab *erfTab) int

// erfcF32Arch is erfF32Arch for ErfcFloat32.
func erfcF32Arch(dst, src []float32) int {
	n := unaryVector(len(src)) &^ 3
	if n == 0 || !hasFMA {
		return 0
	}
	_ = dst[n-1]
	return erfcF32AVX2(&dst[0], &src[0], n, erfF32Table)
}
