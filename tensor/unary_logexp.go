package tensor

// floatUnaryVec is floatUnary with a float32 kernel of whole runs
// (vecmath's Log2Float32 and the like), which gives the bits of
// float32(f(float64(x))).
func floatUnaryVec(name string, f func(float64) float64, f32 func(dst, src []float32)) *UnarySpec {
	return defUnary(&UnarySpec{Name: name, dtypes: floatResult,
		kernels: FloatingDTypes(ByDType[unaryKernel]{Float32: sliceLoop(f32), Float64: mapLoop(f)})})
}
