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

// shiftNarrow are the integer element types C++ widens to a 32-bit int
// before it shifts.
type shiftNarrow interface {
	int32 | int16 | int8 | U8
}

func shiftLeft64(a, b int64) int64  { return a << (uint64(b) & 63) }
func shiftRight64(a, b int64) int64 { return a >> (uint64(b) & 63) }

func shiftLeftNarrow[T shiftNarrow](a, b T) T  { return T(int32(a) << (uint32(b) & 31)) }
func shiftRightNarrow[T shiftNarrow](a, b T) T { return T(int32(a) >> (uint32(b) & 31)) }

func shiftKernels(left bool) Kernels[binaryKernel] {
	if left {
		return IntegerDTypes(ByDType[binaryKernel]{Int64: sameLoop(shiftLeft64), Int32: sameLoop(shiftLeftNarrow[int32]), Int16: sameLoop(shiftLeftNarrow[int16]), Int8: sameLoop(shiftLeftNarrow[int8]), Uint8: sameLoop(shiftLeftNarrow[U8])})
	}
	return IntegerDTypes(ByDType[binaryKernel]{Int64: sameLoop(shiftRight64), Int32: sameLoop(shiftRightNarrow[int32]), Int16: sameLoop(shiftRightNarrow[int16]), Int8: sameLoop(shiftRightNarrow[int8]), Uint8: sameLoop(shiftRightNarrow[U8])})
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
