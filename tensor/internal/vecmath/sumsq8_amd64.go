package vecmath

// sumSqLanesF32AVX2 is SumSqLanesFloat32's kernel (sumsq8_amd64.s).
//
//go:noescape
func sumSqLanesF32AVX2(acc *[8]float32, s []float32)

func sumSqLanesArch(acc *[8]float32, s []float32) int {
	n := len(s) &^ 7
	if n == 0 || !hasAVX2 || impls.Current() == genericImpl {
		return 0
	}
	sumSqLanesF32AVX2(acc, s[:n])
	return n
}
