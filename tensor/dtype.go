package tensor

import "math"

// DType is the element type of a tensor, carried as a runtime value.
type DType uint8

// The dtypes kael supports, in promotion order.
const (
	Bool DType = iota
	Int64
	Float32
	Float64
)

// DTypes lists every dtype in promotion order.
var DTypes = []DType{Bool, Int64, Float32, Float64}

// DefaultFloat is the dtype a Python float becomes and the dtype integer
// inputs are promoted to by true division and floating-only functions.
const DefaultFloat = Float32

// String returns the name users write: float32, float64, int64 or bool.
func (d DType) String() string {
	switch d {
	case Bool:
		return "bool"
	case Int64:
		return "int64"
	case Float32:
		return "float32"
	case Float64:
		return "float64"
	}
	return "invalid"
}

// ParseDType returns the dtype with the given name.
func ParseDType(name string) (DType, bool) {
	for _, d := range DTypes {
		if d.String() == name {
			return d, true
		}
	}
	return 0, false
}

// Size is the number of bytes one element occupies in storage.
func (d DType) Size() int {
	switch d {
	case Bool:
		return 1
	case Int64:
		return 8
	case Float32:
		return 4
	case Float64:
		return 8
	}
	return 0
}

// Category orders dtypes into bool < integer < floating, the unit in which
// 0-d tensors and scalars take part in promotion.
type Category uint8

// The categories of dtypes.
const (
	BoolCategory Category = iota
	IntegerCategory
	FloatingCategory
)

// Category returns the category of d.
func (d DType) Category() Category {
	switch d {
	case Bool:
		return BoolCategory
	case Int64:
		return IntegerCategory
	case Float32, Float64:
		return FloatingCategory
	}
	return BoolCategory
}

// IsFloating reports whether d is float32 or float64.
func (d DType) IsFloating() bool { return d.Category() == FloatingCategory }

// PromoteTypes returns the dtype that can represent values of both a and b:
// the higher of the two in the order Bool < Int64 < Float32 < Float64.
func PromoteTypes(a, b DType) DType { return max(a, b) }

// CanCast reports whether a result of dtype from may be written into a
// tensor of dtype to by an in-place operation (PyTorch's canCast): floating
// values never narrow to integers, and non-bool values never narrow to bool.
func CanCast(from, to DType) bool {
	if from.IsFloating() && !to.IsFloating() {
		return false
	}
	return !(from != Bool && to == Bool)
}

// Element is the set of Go types that back tensor storage. Bool tensors
// store uint8 holding 0 or 1.
type Element interface {
	float32 | float64 | int64 | uint8
}

// Number is Element without the bool storage type.
type Number interface {
	float32 | float64 | int64
}

// Float is the set of floating element types.
type Float interface {
	float32 | float64
}

// DTypeOf returns the dtype whose storage type is T.
func DTypeOf[T Element]() DType {
	var zero T
	switch any(zero).(type) {
	case float32:
		return Float32
	case float64:
		return Float64
	case int64:
		return Int64
	default:
		return Bool
	}
}

// saturate converts a float to int64, clamping out-of-range values to the
// nearest representable integer and mapping NaN to 0, so the result is the
// same on every platform.
func saturate[F Float](v F) int64 {
	f := float64(v)
	switch {
	case f != f:
		return 0
	case f >= math.MaxInt64:
		return math.MaxInt64
	case f <= math.MinInt64:
		return math.MinInt64
	}
	return int64(f)
}

func boolByte(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// Convert converts one value between element types with kael's rules: any
// non-zero value (NaN included) becomes true for bool, floats saturate when
// converted to int64 and NaN becomes 0, everything else converts as Go does.
func Convert[To, From Element](v From) To {
	var out To
	switch p := any(&out).(type) {
	case *uint8:
		*p = boolByte(v != 0)
	case *int64:
		switch x := any(v).(type) {
		case float32:
			*p = saturate(x)
		case float64:
			*p = saturate(x)
		default:
			*p = int64(v)
		}
	default:
		out = To(v)
	}
	return out
}
