package vecmath

// The element-wise passes of BatchNorm's training forward and backward
// in float32 (tensor.BatchNormTrain, tensor.BatchNormTrainGrads), each
// operation rounded in turn as ATen's CPU kernels do (no fused
// multiply-add): the vector kernels and the Go loops give the same bits
// (a NaN's payload aside).

// BatchNormAffineFloat32 sets dst[i] = x[i]·alpha + beta, the product
// rounded before the addition. dst must be at least as long as x and
// must not overlap it unless it is x itself.
func BatchNormAffineFloat32(dst, x []float32, alpha, beta float32) {
	dst = dst[:len(x)]
	n := bnAffineArch(dst, x, alpha, beta)
	for i := n; i < len(x); i++ {
		dst[i] = float32(x[i]*alpha) + beta
	}
}

// BatchNormGradFloat32 sets dst[i] to
// (((g[i] − gradMean) − (x[i] − mean)·k)·invstd)·w, each operation
// rounded in turn: BatchNorm's input gradient in training mode. g and x
// are at least as long as dst, which must not overlap them unless it is
// one of them itself.
func BatchNormGradFloat32(dst, g, x []float32, mean, k, gradMean, invstd, w float32) {
	g, x = g[:len(dst)], x[:len(dst)]
	n := bnGradArch(dst, g, x, mean, k, gradMean, invstd, w)
	for i := n; i < len(dst); i++ {
		d := float32((x[i] - mean) * k)
		dst[i] = float32(float32((g[i]-gradMean)-d)*invstd) * w
	}
}
