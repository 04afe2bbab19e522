package vecmath

//go:noescape
func gradSumsAVX(g, x []float32, mean float32, s, d *[8]float32)

// gradSumsArch adds the longest prefix of g whose length is a multiple of
// 8 into the lanes with the AVX kernel, unless the generic implementation
// is forced (SetImpl), and returns its length.
func gradSumsArch(g, x []float32, mean float32, s, d *[8]float32) int {
	n := len(g) &^ 7
	if n == 0 || !hasAVX || impls.Current() == genericImpl {
		return 0
	}
	gradSumsAVX(g[:n], x[:n], mean, s, d)
	return n
}
