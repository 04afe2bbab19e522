// Package half converts 16-bit floating-point values to float32 exactly:
// the one definition shared by the tensor core's float16 dtype and the
// matrix-vector kernels that read 16-bit weights (package gemv).
package half

import "math"

// Float16ToFloat32 returns the float32 that the IEEE binary16 bits h
// encode, exactly: infinities, NaN quieted with its payload kept (as
// PyTorch's c10::Half does), subnormals.
func Float16ToFloat32(h uint16) float32 {
	sign := uint32(h&0x8000) << 16
	exp := uint32(h>>10) & 0x1f
	mant := uint32(h & 0x3ff)
	switch exp {
	case 0x1f: // inf, and NaN quieted with its payload kept, as PyTorch does
		if mant != 0 {
			return math.Float32frombits(sign | 0x7fc00000 | mant<<13)
		}
		return math.Float32frombits(sign | 0x7f800000)
	case 0: // zero and subnormals: mant * 2^-24
		v := float32(mant) * (1.0 / (1 << 24))
		if sign != 0 {
			return -v
		}
		return v
	}
	return math.Float32frombits(sign | (exp+127-15)<<23 | mant<<13)
}

// BFloat16ToFloat32 returns the float32 that the bfloat16 bits h encode:
// the upper half of a float32, exactly.
func BFloat16ToFloat32(h uint16) float32 { return math.Float32frombits(uint32(h) << 16) }
