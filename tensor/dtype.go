package tensor

import (
	"math"
	"slices"
)

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
var DTypes = dtypesByRank()

// DefaultFloat is the dtype a Python float becomes and the dtype integer
// inputs are promoted to by true division and floating-only functions.
const DefaultFloat = Float32

// dtypeTraits are the facts about one dtype that do not depend on its
// storage type: the first place a new dtype is added.
type dtypeTraits struct {
	name     string   // what users write: float32
	size     int      // bytes per element in storage
	category Category // bool < integer < floating, for promotion
	rank     int      // promotion order: the higher rank wins
	// computeIn is the dtype whose kernels compute this dtype's arithmetic:
	// the dtype itself when Go has its type, a wider one otherwise (a
	// float16 would compute in float32, as PyTorch does on CPU).
	computeIn DType
}

// traitsOf holds the one switch that describes each dtype. The exhaustive
// analyzer (make lint) fails when a dtype has no case here.
func traitsOf(d DType) (dtypeTraits, bool) {
	switch d {
	case Bool:
		return dtypeTraits{name: "bool", size: 1, category: BoolCategory, rank: 0, computeIn: Bool}, true
	case Int64:
		return dtypeTraits{name: "int64", size: 8, category: IntegerCategory, rank: 1, computeIn: Int64}, true
	case Float32:
		return dtypeTraits{name: "float32", size: 4, category: FloatingCategory, rank: 3, computeIn: Float32}, true
	case Float64:
		return dtypeTraits{name: "float64", size: 8, category: FloatingCategory, rank: 4, computeIn: Float64}, true
	}
	return dtypeTraits{}, false
}

// traits caches traitsOf for every dtype, so reading a trait is an index.
var traits = func() (t [numDTypes]dtypeTraits) {
	for d := range DType(numDTypes) {
		t[d], _ = traitsOf(d)
	}
	return t
}()

// valid reports whether d is a declared dtype that traitsOf describes.
func (d DType) valid() bool { return int(d) < numDTypes && traits[d].size > 0 }

func dtypesByRank() []DType {
	ds := make([]DType, 0, numDTypes)
	for d := range DType(numDTypes) {
		ds = append(ds, d)
	}
	slices.SortStableFunc(ds, func(a, b DType) int { return traits[a].rank - traits[b].rank })
	return ds
}

// String returns the name users write: float32, float64, int64 or bool.
func (d DType) String() string {
	if !d.valid() {
		return "invalid"
	}
	return traits[d].name
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
	if !d.valid() {
		return 0
	}
	return traits[d].size
}

// ComputeIn returns the dtype whose kernels compute d's arithmetic: d
// itself for every dtype Go has a type for.
func (d DType) ComputeIn() DType {
	if !d.valid() {
		return d
	}
	return traits[d].computeIn
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
	if !d.valid() {
		return BoolCategory
	}
	return traits[d].category
}

// IsFloating reports whether d is float32 or float64.
func (d DType) IsFloating() bool { return d.Category() == FloatingCategory }

// PromoteTypes returns the dtype that can represent values of both a and b:
// the higher of the two in the order Bool < Int64 < Float32 < Float64.
func PromoteTypes(a, b DType) DType {
	if !a.valid() || !b.valid() {
		return max(a, b)
	}
	if traits[b].rank > traits[a].rank {
		return b
	}
	return a
}

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
	case uint8:
		return Bool
	}
	return DType(numDTypes) // a storage type without a case here is no dtype
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

// ScalarTypeName is the name PyTorch's C++ core gives the dtype in its
// errors ("not implemented for 'Long'"): c10's ScalarType names.
func (d DType) ScalarTypeName() string {
	names := map[string]string{"bool": "Bool", "uint8": "Byte", "int8": "Char", "int16": "Short", "int32": "Int",
		"int64": "Long", "float16": "Half", "bfloat16": "BFloat16", "float32": "Float", "float64": "Double",
		"complex64": "ComplexFloat", "complex128": "ComplexDouble"}
	if n, ok := names[d.String()]; ok {
		return n
	}
	return d.String()
}
