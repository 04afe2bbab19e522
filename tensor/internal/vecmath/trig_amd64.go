package vecmath

// The kernels of SinFloat32, CosFloat32 and TanFloat32 (trig_amd64.s) take whole
// groups of eight (AVX2) or sixteen (AVX-512) elements from the start
// and stop before the first group holding an element beyond trigBound,
// ±Inf or NaN, or when fewer than a group are left; they return how many
// they took.

//go:noescape
func trigF32AVX2(dst, src []float32, tab *trigTab) int

//go:noescape
func trigF32AVX512(dst, src []float32, tab *trigTab) int

//go:noescape
func tanF32AVX2(dst, src []float32, tab *trigTab) int

//go:noescape
func tanF32AVX512(dst, src []float32, tab *trigTab) int

// trigF32Arch runs the kernel of the implementation in use (tan's, or
// sin's and cos's) and returns
// how many elements it took and its group: the generic loop is to do the
// next group (or what is left). group is 0 for the generic
// implementation, which takes none.
func trigF32Arch(dst, src []float32, tab *trigTab, tan bool) (n, group int) {
	switch impls.Current().name {
	case "avx512":
		if tan {
			return tanF32AVX512(dst, src, tab), 16
		}
		return trigF32AVX512(dst, src, tab), 16
	case "avx2":
		if tan {
			return tanF32AVX2(dst, src, tab), 8
		}
		return trigF32AVX2(dst, src, tab), 8
	}
	return 0, 0
}
