package tensor

import "math"

// The element-wise functions of two operands from C's math library and
// number theory: copysign, fmod, fmax, fmin, logaddexp, logaddexp2,
// xlogy, nextafter, heaviside, gcd and lcm, with PyTorch's dtype rules.
var (
	// CopysignSpec is |input| with other's sign bit; integers give float32.
	CopysignSpec = defBinary(&BinarySpec{Name: "copysign", dtypes: toFloat,
		kernels: FloatingDTypes(ByDType[binaryKernel]{Float32: floatLoop(func(a, b float32) float32 { return float32(math.Copysign(float64(a), float64(b))) }), Float64: floatLoop(math.Copysign)})})
	// FmodSpec is C's fmod: the remainder with the dividend's sign; an
	// integer division by zero is an error.
	FmodSpec = defBinary(&BinarySpec{Name: "fmod", dtypes: sameDType, intRefuses: true,
		kernels: NoBoolRealDTypes(ByDType[binaryKernel]{Float32: fmod32Kernel, Float64: floatLoop(math.Mod), Int64: intDivLoop(func(a, b int64) int64 { return a % b })})})
	// FmaxSpec and FminSpec are maximum and minimum that ignore a NaN
	// operand (NaN only when both are).
	FmaxSpec = defBinary(&BinarySpec{Name: "fmax", dtypes: sameDType,
		kernels: RealDTypes(ByDType[binaryKernel]{Float32: floatLoop(fmax[float32]), Float64: floatLoop(fmax[float64]), Int64: sameLoop(maxOf[int64]), Bool: sameLoop(maxOf[uint8])})})
	FminSpec = defBinary(&BinarySpec{Name: "fmin", dtypes: sameDType,
		kernels: RealDTypes(ByDType[binaryKernel]{Float32: floatLoop(fmin[float32]), Float64: floatLoop(fmin[float64]), Int64: sameLoop(minOf[int64]), Bool: sameLoop(minOf[uint8])})})
	// LogaddexpSpec is log(exp(input) + exp(other)) without overflow;
	// LogaddexpSpec2 the same in base 2. Floating tensors only.
	LogaddexpSpec = defBinary(&BinarySpec{Name: "logaddexp", dtypes: sameDType,
		kernels: FloatingDTypes(ByDType[binaryKernel]{Float32: floatLoop(logaddexp[float32]), Float64: floatLoop(logaddexp[float64])})})
	Logaddexp2Spec = defBinary(&BinarySpec{Name: "logaddexp2", dtypes: sameDType,
		kernels: FloatingDTypes(ByDType[binaryKernel]{Float32: floatLoop(logaddexp2[float32]), Float64: floatLoop(logaddexp2[float64])})})
	// XlogySpec is input * log(other), 0 where input is 0 (unless other is
	// NaN); integers give float32.
	XlogySpec = defBinary(&BinarySpec{Name: "xlogy", dtypes: toFloat,
		kernels: FloatingDTypes(ByDType[binaryKernel]{Float32: floatLoop(xlogy[float32]), Float64: floatLoop(xlogy[float64])})})
	// NextafterSpec is the next representable float after input toward
	// other. Floating tensors only.
	NextafterSpec = defBinary(&BinarySpec{Name: "nextafter", dtypes: sameDType,
		kernels: FloatingDTypes(ByDType[binaryKernel]{Float32: floatLoop(math.Nextafter32), Float64: floatLoop(math.Nextafter)})})
	// HeavisideSpec is 0 where input < 0, values where input == 0 and 1
	// where input > 0; both must have one dtype, as in PyTorch.
	HeavisideSpec = defBinary(&BinarySpec{Name: "heaviside", dtypes: heavisideDTypes,
		kernels: RealDTypes(ByDType[binaryKernel]{Float32: floatLoop(heaviside[float32]), Float64: floatLoop(heaviside[float64]), Int64: sameLoop(heaviside[int64]),
			Bool: sameLoop(func(a, b uint8) uint8 { return a | b&^a })})})
	// GcdSpec and LcmSpec are the greatest common divisor and the least
	// common multiple, non-negative, of integers only.
	GcdSpec = defBinary(&BinarySpec{Name: "gcd", dtypes: sameDType,
		kernels: IntegerDTypes(ByDType[binaryKernel]{Int64: sameLoop(gcd)})})
	LcmSpec = defBinary(&BinarySpec{Name: "lcm", dtypes: sameDType,
		kernels: IntegerDTypes(ByDType[binaryKernel]{Int64: sameLoop(lcm)})})
)

func fmax[T Float](a, b T) T {
	if a != a || b > a {
		return b
	}
	return a
}

func fmin[T Float](a, b T) T {
	if a != a || b < a {
		return b
	}
	return a
}

// logaddexp is PyTorch's formula: equal infinities give themselves.
func logaddexp[T Float](a, b T) T {
	x, y := float64(a), float64(b)
	if math.IsInf(x, 0) && x == y {
		return a
	}
	m := math.Max(x, y)
	return T(m + math.Log1p(math.Exp(-math.Abs(x-y))))
}

func logaddexp2[T Float](a, b T) T {
	x, y := float64(a), float64(b)
	if math.IsInf(x, 0) && x == y {
		return a
	}
	m := math.Max(x, y)
	return T(m + math.Log1p(math.Exp2(-math.Abs(x-y)))/math.Ln2)
}

func xlogy[T Float](a, b T) T {
	if b != b {
		return b
	}
	if a == 0 {
		return 0
	}
	return T(float64(a) * math.Log(float64(b)))
}

func heaviside[T Native](a, b T) T {
	switch {
	case a == 0:
		return b
	case a > 0:
		return 1
	}
	return 0 // negative, or NaN: PyTorch's (x == 0 ? v : x > 0) gives 0
}

func heavisideDTypes(a, b *Tensor, common DType) (DType, DType, error) {
	if a.dtype != b.dtype {
		return 0, 0, Errorf(RuntimeError, "heaviside is not yet implemented for tensors with different dtypes.")
	}
	return common, common, nil
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	if a < 0 {
		return -a
	}
	return a
}

func lcm(a, b int64) int64 {
	g := gcd(a, b)
	if g == 0 {
		return 0
	}
	l := a / g * b
	if l < 0 {
		return -l
	}
	return l
}
