package vecmath

// The AVX2 kernels of ExpFloat32, LogFloat32, SqrtFloat32 and RsqrtFloat32
// (unary_amd64.s) take
// whole groups of eight elements; the ...Arch functions run them on the
// longest such prefix, unless the generic implementation is forced
// (SetImpl), and return its length.

//go:noescape
func expF32AVX2(dst, src []float32, tab *expTab)

//go:noescape
func sqrtF32AVX(dst, src []float32)

//go:noescape
func logF32AVX2(dst, src []float32, tab *logTab)

//go:noescape
func rsqrtF32AVX(dst, src []float32, one float32)

// unaryVector is the length of the prefix of n elements the kernels
// take: 0 where they do not run.
func unaryVector(n int) int {
	if impls.Current() == genericImpl {
		return 0
	}
	return n &^ 7
}

func expF32Arch(dst, src []float32) int {
	n := unaryVector(len(src))
	if n > 0 {
		expF32AVX2(dst[:n], src[:n], expF32Table)
	}
	return n
}

func sqrtF32Arch(dst, src []float32) int {
	n := unaryVector(len(src))
	if n > 0 && hasAVX {
		sqrtF32AVX(dst[:n], src[:n])
		return n
	}
	return 0
}

func rsqrtF32Arch(dst, src []float32) int {
	n := unaryVector(len(src))
	if n > 0 && hasAVX {
		rsqrtF32AVX(dst[:n], src[:n], 1)
		return n
	}
	return 0
}

func logF32Arch(dst, src []float32) int {
	n := unaryVector(len(src))
	if n > 0 {
		logF32AVX2(dst[:n], src[:n], logF32Table)
	}
	return n
}
