package vecmath

// The AVX2 kernels of logexp.go (logexp_amd64.s) take whole groups of
// four (logs) or eight (exps) elements; the ...Arch functions run them on
// the longest prefix of whole groups of eight, unless the generic
// implementation is forced (SetImpl), and return its length.

//go:noescape
func logScaledF32AVX2(dst, src []float32, tab *logScaledTab)

//go:noescape
func log1pF32AVX2(dst, src []float32, tab *logTab)

//go:noescape
func exp2F32AVX2(dst, src []float32, tab *expTab)

//go:noescape
func expm1F32AVX2(dst, src []float32, tab *expTab)

func logScaledF32Arch(dst, src []float32, tab *logScaledTab) int {
	n := unaryVector(len(src))
	if n > 0 {
		logScaledF32AVX2(dst[:n], src[:n], tab)
	}
	return n
}

func log1pF32Arch(dst, src []float32) int {
	n := unaryVector(len(src))
	if n > 0 {
		log1pF32AVX2(dst[:n], src[:n], logF32Table)
	}
	return n
}

func exp2F32Arch(dst, src []float32) int {
	n := unaryVector(len(src))
	if n > 0 {
		exp2F32AVX2(dst[:n], src[:n], expF32Table)
	}
	return n
}

func expm1F32Arch(dst, src []float32) int {
	n := unaryVector(len(src))
	if n > 0 {
		expm1F32AVX2(dst[:n], src[:n], expF32Table)
	}
	return n
}
