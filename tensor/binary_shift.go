package tensor

// The bit shifts, bitwise_left_shift (<<) and bitwise_right_shift (>>),
// with PyTorch 1.13's CPU semantics: C++'s a << b and a >> b on x86. An
// int64 shifts by its count modulo 64; a narrower integer is widened to a
// 32-bit int first, shifts by its count modulo 32, and is cut back to its
// width. So 1 << 64 is 1, 1 << -1 is 1 << 63, an int8 1 << 8 is 0 and an
// int32 1 << 32 is 1. >> is arithmetic for signed dtypes. Floats and bool
// are refused ("lshift_cpu" not implemented for 'Float'). The narrow
// dtypes have kernels of their own, which BinarySpec.run uses without
// widening them to int64.

// shiftable are the integer element types.
type shiftable interface {
	int64 | int32 | int16 | int8 | U8
}

func shiftLeft[T shiftable](a, b T) T {
	if DTypeOf[T]() == Int64 {
		return T(int64(a) << (uint64(b) & 63))
	}
	return T(int32(a) << (uint32(b) & 31))
}

func shiftRight[T shiftable](a, b T) T {
	if DTypeOf[T]() == Int64 {
		return T(int64(a) >> (uint64(b) & 63))
	}
	return T(int32(a) >> (uint32(b) & 31))
}

func shiftKernels(left bool) Kernels[binaryKernel] {
	if left {
		return IntegerDTypes(ByDType[binaryKernel]{Int64: sameLoop(shiftLeft[int64]), Int32: sameLoop(shiftLeft[int32]), Int16: sameLoop(shiftLeft[int16]), Int8: sameLoop(shiftLeft[int8]), Uint8: sameLoop(shiftLeft[U8])})
	}
	return IntegerDTypes(ByDType[binaryKernel]{Int64: sameLoop(shiftRight[int64]), Int32: sameLoop(shiftRight[int32]), Int16: sameLoop(shiftRight[int16]), Int8: sameLoop(shiftRight[int8]), Uint8: sameLoop(shiftRight[U8])})
}

// The shift operations.
var (
	BitwiseLeftShiftSpec  = defBinary(&BinarySpec{Name: "bitwise_left_shift", Symbol: "<<", dtypes: sameDType, kernels: shiftKernels(true)})
	BitwiseRightShiftSpec = defBinary(&BinarySpec{Name: "bitwise_right_shift", Symbol: ">>", dtypes: sameDType, kernels: shiftKernels(false)})
)

// BitwiseLeftShift returns a << b for integer tensors.
func BitwiseLeftShift(a, b *Tensor) (*Tensor, error) { return BitwiseLeftShiftSpec.Apply(a, b) }

// BitwiseRightShift returns a >> b for integer tensors (arithmetic for
// signed dtypes).
func BitwiseRightShift(a, b *Tensor) (*Tensor, error) { return BitwiseRightShiftSpec.Apply(a, b) }
