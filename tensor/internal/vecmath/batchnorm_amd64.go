package vecmath

//go:noescape
func bnAffineAVX(dst, x []float32, alpha, beta float32)

//go:noescape
func bnGradAVX(dst, g, x []float32, mean, k, gradMean, invstd, w float32)

// bnAffineArch writes the longest prefix of dst whose length is a
// multiple of 8 with the AVX kernel, unless the generic implementation
// is forced (SetImpl), and returns its length.
func bnAffineArch(dst, x []float32, alpha, beta float32) int {
	n := len(dst) &^ 7
	if n == 0 || !hasAVX || impls.Current() == genericImpl {
		return 0
	}
	bnAffineAVX(dst[:n], x[:n], alpha, beta)
	return n
}

// bnGradArch is bnAffineArch for BatchNormGradFloat32.
func bnGradArch(dst, g, x []float32, mean, k, gradMean, invstd, w float32) int {
	n := len(dst) &^ 7
	if n == 0 || !hasAVX || impls.Current() == genericImpl {
		return 0
	}
	bnGradAVX(dst[:n], g[:n], x[:n], mean, k, gradMean, invstd, w)
	return n
}
