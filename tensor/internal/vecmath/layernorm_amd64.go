package vecmath

// The AVX kernels of layer_norm's rows (layernorm_amd64.s) take whole
// groups of eight elements; the ...Arch functions run them on the longest
// such prefix, unless the generic implementation is forced (SetImpl), and
// return its length.

//go:noescape
func lnSumAVX(x []float32, s *[8]float64)

//go:noescape
func lnSqDevAVX(x []float32, mean float64, s *[8]float64)

//go:noescape
func lnAffineAVX(dst, x, w, b []float32, mean, rstd float64)

//go:noescape
func lnGradSumsAVX(g, x, w []float32, mean, rstd float64, sg, sgx *[8]float64)

//go:noescape
func lnGradInputAVX(dx, g, x, w []float32, mean, rstd, mg, mgx float64)

//go:noescape
func lnGradWBAVX(sw, sb []float64, g, x []float32, mean, rstd float64)

// lnVector is the length of the prefix of an n-element row the kernels
// take: 0 where they do not run.
func lnVector(n int) int {
	if !hasAVX || impls.Current() == genericImpl {
		return 0
	}
	return n &^ 7
}

func lnSumArch(x []float32, s *[8]float64) int {
	n := lnVector(len(x))
	if n > 0 {
		lnSumAVX(x[:n], s)
	}
	return n
}

func lnSqDevArch(x []float32, mean float64, s *[8]float64) int {
	n := lnVector(len(x))
	if n > 0 {
		lnSqDevAVX(x[:n], mean, s)
	}
	return n
}

func lnAffineArch(dst, x, w, b []float32, mean, rstd float64) int {
	n := lnVector(len(dst))
	if n > 0 {
		lnAffineAVX(dst[:n], x[:n], w[:n], b[:n], mean, rstd)
	}
	return n
}

func lnGradSumsArch(g, x, w []float32, mean, rstd float64, sg, sgx *[8]float64) int {
	n := lnVector(len(g))
	if n > 0 {
		lnGradSumsAVX(g[:n], x[:n], w[:n], mean, rstd, sg, sgx)
	}
	return n
}

func lnGradInputArch(dx, g, x, w []float32, mean, rstd, mg, mgx float64) int {
	n := lnVector(len(dx))
	if n > 0 {
		lnGradInputAVX(dx[:n], g[:n], x[:n], w[:n], mean, rstd, mg, mgx)
	}
	return n
}

func lnGradWBArch(sw, sb []float64, g, x []float32, mean, rstd float64) int {
	n := lnVector(len(sw))
	if n > 0 {
		lnGradWBAVX(sw[:n], sb[:n], g[:n], x[:n], mean, rstd)
	}
	return n
}
