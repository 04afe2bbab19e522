package vecmath

// The assembly kernels of rowsum.go, in rowsum_amd64.s.

//go:noescape
func sumRowsF64AVX512(acc, x []float64, stride, k int, zero bool)

//go:noescape
func sumRowsF64AVX2(acc, x []float64, stride, k int, zero bool)

//go:noescape
func sumRowsF32AVX512(acc, x []float32, stride, k int, zero bool)

//go:noescape
func sumRowsF32AVX2(acc, x []float32, stride, k int, zero bool)

//go:noescape
func pairwiseF64AVX512(x []float64) float64

//go:noescape
func pairwiseF64AVX2(x []float64) float64

//go:noescape
func pairwiseF32AVX(x []float32) float32

//go:noescape
func sumRows8F64AVX512(acc, x []float64, stride int, zero bool)

//go:noescape
func sumRows8F64AVX2(acc, x []float64, stride int, zero bool)

//go:noescape
func sumRows8F32AVX512(acc, x []float32, stride int, zero bool)

//go:noescape
func sumRows8F32AVX2(acc, x []float32, stride int, zero bool)
