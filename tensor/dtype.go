package tensor

import (
	"github.com/kael-dev/kael/tensor/internal/half"
	"math"
	"slices"
)

// DType is the element type of a tensor, carried as a runtime value.
type DType uint8

// The dtypes kael supports. The seed's four come first; the ones added
// later follow Float64 in the order they were added (DTypes lists them in
// promotion order).
const (
	Bool DType = iota
	Int64
	Float32
	Float64
	Uint8      // stored as U8
	Int8       // stored as int8
	Int16      // stored as int16
	Int32      // stored as int32
	Float16    // IEEE binary16, stored as F16 bits, computes in float32
	BFloat16   // bfloat16, stored as BF16 bits, computes in float32
	Complex64  // two float32s, stored as Go's complex64
	Complex128 // two float64s, stored as Go's complex128
	Uint16     // NumPy's uint16, stored as Go's uint16 (no torch dtype)
	Uint32     // NumPy's uint32, stored as Go's uint32 (no torch dtype)
	Uint64     // NumPy's uint64, stored as Go's uint64 (no torch dtype)
)

// DTypes lists every dtype in promotion order.
var DTypes = dtypesByRank()

// DefaultFloat is the dtype a Python float becomes and the dtype integer
// inputs are promoted to by true division and floating-only functions.
const DefaultFloat = Float32

// DefaultComplex is the dtype a Python complex becomes: the complex dtype
// of DefaultFloat's precision.
const DefaultComplex = Complex64

// dtypeTraits are the facts about one dtype that do not depend on its
// storage type: the first place a new dtype is added.
type dtypeTraits struct {
	name     string   // what users write: float32
	size     int      // bytes per element in storage
	category Category // bool < integer < floating, for promotion
	rank     int      // promotion order within a category (see PromoteTypes)
	signed   bool     // holds negative values (is_signed)
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
	case Uint8:
		return dtypeTraits{name: "uint8", size: 1, category: IntegerCategory, rank: 1, computeIn: Int64}, true
	case Int8:
		return dtypeTraits{name: "int8", size: 1, category: IntegerCategory, rank: 2, signed: true, computeIn: Int64}, true
	case Uint16:
		return dtypeTraits{name: "uint16", size: 2, category: IntegerCategory, rank: 3, computeIn: Int64}, true
	case Int16:
		return dtypeTraits{name: "int16", size: 2, category: IntegerCategory, rank: 4, signed: true, computeIn: Int64}, true
	case Uint32:
		return dtypeTraits{name: "uint32", size: 4, category: IntegerCategory, rank: 5, computeIn: Int64}, true
	case Int32:
		return dtypeTraits{name: "int32", size: 4, category: IntegerCategory, rank: 6, signed: true, computeIn: Int64}, true
	case Uint64:
		// Computes in int64: add, sub, mul, neg, the bitwise operations
		// and left shifts are the same modulo 2^64; the operations that
		// order or divide read values from 2^63 up as negative
		// (unsignedCompute says which, and the NumPy layer refuses them).
		return dtypeTraits{name: "uint64", size: 8, category: IntegerCategory, rank: 7, computeIn: Int64}, true
	case Int64:
		return dtypeTraits{name: "int64", size: 8, category: IntegerCategory, rank: 8, signed: true, computeIn: Int64}, true
	case Float16:
		return dtypeTraits{name: "float16", size: 2, category: FloatingCategory, rank: 9, signed: true, computeIn: Float32}, true
	case BFloat16:
		return dtypeTraits{name: "bfloat16", size: 2, category: FloatingCategory, rank: 10, signed: true, computeIn: Float32}, true
	case Float32:
		return dtypeTraits{name: "float32", size: 4, category: FloatingCategory, rank: 11, signed: true, computeIn: Float32}, true
	case Float64:
		return dtypeTraits{name: "float64", size: 8, category: FloatingCategory, rank: 12, signed: true, computeIn: Float64}, true
	case Complex64:
		return dtypeTraits{name: "complex64", size: 8, category: ComplexCategory, rank: 13, signed: true, computeIn: Complex64}, true
	case Complex128:
		return dtypeTraits{name: "complex128", size: 16, category: ComplexCategory, rank: 14, signed: true, computeIn: Complex128}, true
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

// String returns the name users write: float32, int8, bool...
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

// ComputeIn returns the dtype whose kernels compute d's arithmetic: float32
// for float16 and bfloat16 (rounded once on store, as PyTorch's CPU kernels
// do), int64 for the narrower integers (whose results, wrapped to their
// width on store, are those of arithmetic in the narrow type), d itself
// for the rest.
func (d DType) ComputeIn() DType {
	if !d.valid() {
		return d
	}
	return traits[d].computeIn
}

// Category orders dtypes into bool < integer < floating < complex, the
// unit in which 0-d tensors and scalars take part in promotion.
type Category uint8

// The categories of dtypes.
const (
	BoolCategory Category = iota
	IntegerCategory
	FloatingCategory
	ComplexCategory
)

// Category returns the category of d.
func (d DType) Category() Category {
	if !d.valid() {
		return BoolCategory
	}
	return traits[d].category
}

// IsFloating reports whether d is a real floating point dtype
// (torch's is_floating_point: false for complex dtypes).
func (d DType) IsFloating() bool { return d.Category() == FloatingCategory }

// IsComplex reports whether d is complex64 or complex128 (is_complex).
func (d DType) IsComplex() bool { return d.Category() == ComplexCategory }

// ToComplex returns the complex dtype whose parts have d's precision, as
// PyTorch's toComplexType: complex128 for float64, complex64 for the
// other floats (PyTorch gives float16 its complex32, which kael lacks),
// d itself for a complex d; ok is false for bool and integer dtypes.
func (d DType) ToComplex() (DType, bool) {
	switch d {
	case Float64, Complex128:
		return Complex128, true
	case Float16, BFloat16, Float32, Complex64:
		return Complex64, true
	case Bool, Uint8, Int8, Int16, Int32, Int64, Uint16, Uint32, Uint64:
	}
	return d, false
}

// ToReal returns the dtype of the real and imaginary parts of the complex
// dtype d (float32 for complex64), and d itself for a real dtype.
func (d DType) ToReal() DType {
	switch d {
	case Complex64:
		return Float32
	case Complex128:
		return Float64
	case Bool, Uint8, Int8, Int16, Int32, Int64, Uint16, Uint32, Uint64, Float16, BFloat16, Float32, Float64:
	}
	return d
}

// IsSigned reports whether d holds negative values (torch's is_signed):
// every dtype but bool and uint8.
func (d DType) IsSigned() bool { return d.valid() && traits[d].signed }

// PromoteTypes returns the dtype that can represent values of both a and b,
// as PyTorch's promote_types: bool gives way to everything, an integer to
// a floating dtype, a float to a complex one; within a category the wider
// wins, except that uint8 and int8 meet in int16 and float16 and bfloat16
// in float32. A complex dtype keeps a float's precision: float64 and
// complex64 give complex128.
func PromoteTypes(a, b DType) DType {
	if !a.valid() || !b.valid() {
		return max(a, b)
	}
	ta, tb := traits[a], traits[b]
	switch {
	case a == b:
		return a
	case ta.category == ComplexCategory && tb.category == FloatingCategory:
		return PromoteTypes(a, Complex64.withPrecisionOf(b))
	case tb.category == ComplexCategory && ta.category == FloatingCategory:
		return PromoteTypes(Complex64.withPrecisionOf(a), b)
	case ta.category != tb.category:
		if tb.category > ta.category {
			return b
		}
		return a
	case ta.category == IntegerCategory && ta.signed != tb.signed:
		return promoteMixedSign(a, b)
	case ta.size == tb.size && ta.category == FloatingCategory: // float16 and bfloat16
		return Float32
	case tb.size > ta.size:
		return b
	}
	return a
}

// promoteMixedSign promotes a signed and an unsigned integer: the signed
// one when it is wider, else the signed integer twice the unsigned one's
// width (uint8 and int8 give int16, uint32 and int32 int64, as NumPy),
// and float64 for uint64, which no integer holds with int64 (NumPy's rule).
func promoteMixedSign(a, b DType) DType {
	if traits[a].signed {
		a, b = b, a
	}
	if traits[b].size > traits[a].size {
		return b
	}
	for _, s := range []DType{Int16, Int32, Int64} {
		if traits[s].size > traits[a].size {
			return s
		}
	}
	return Float64
}

// withPrecisionOf returns the complex dtype for the float f (ToComplex),
// or c when f has none.
func (c DType) withPrecisionOf(f DType) DType {
	if z, ok := f.ToComplex(); ok {
		return z
	}
	return c
}

// CanCast reports whether a result of dtype from may be written into a
// tensor of dtype to by an in-place operation (PyTorch's canCast): complex
// values never narrow to real dtypes, floating values never to integers,
// and non-bool values never to bool.
func CanCast(from, to DType) bool {
	switch {
	case from.IsComplex() && !to.IsComplex():
		return false
	case from.IsFloating() && to.Category() < FloatingCategory:
		return false
	}
	return !(from != Bool && to == Bool)
}

// U8 is the storage type of uint8 tensors (bool tensors store plain uint8
// holding 0 or 1, so the two dtypes need two Go types).
type U8 uint8

// F16 is the storage type of float16 tensors: the bits of an IEEE 754
// binary16 number. Kernels compute in float32 (Float32, F16FromFloat32).
type F16 uint16

// BF16 is the storage type of bfloat16 tensors: the upper 16 bits of a
// float32. Kernels compute in float32 (Float32, BF16FromFloat32).
type BF16 uint16

// Element is the set of Go types that back tensor storage. Bool tensors
// store uint8 holding 0 or 1. Kernels that only move elements take any
// Element; kernels that convert take a Real one, kernels that compute a
// Native or a Complex one.
type Element interface {
	Real | Complex
}

// Real is Element without the complex types: the storage types whose
// values convert into each other with Go's conversions (Convert).
type Real interface {
	float32 | float64 | int64 | uint8 | U8 | int8 | int16 | int32 | F16 | BF16 | uint16 | uint32 | uint64
}

// Complex is the set of complex storage types. Go converts and computes
// with them, but not into or with the real types, so their kernels are
// written apart (complex.go).
type Complex interface {
	complex64 | complex128
}

// Arithmetic is the set of element types with + - * and / (Number and
// Complex), for kernels that add and multiply and never compare.
type Arithmetic interface {
	Number | Complex
}

// Computable is the set of element types kernels compute with: Native
// and Complex. Kernels over it use no ordering; those that compare take
// Native.
type Computable interface {
	Native | Complex
}

// Native is Real without the 16-bit floats, whose bits Go cannot
// compute with: the element types of kernels that compare or compute.
type Native interface {
	float32 | float64 | int64 | uint8 | U8 | int8 | int16 | int32
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
	case U8:
		return Uint8
	case int8:
		return Int8
	case int16:
		return Int16
	case int32:
		return Int32
	case F16:
		return Float16
	case BF16:
		return BFloat16
	case complex64:
		return Complex64
	case complex128:
		return Complex128
	case uint16:
		return Uint16
	case uint32:
		return Uint32
	case uint64:
		return Uint64
	}
	return DType(numDTypes) // a storage type without a case here is no dtype
}

func boolByte(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// Convert converts one value between element types with kael's rules: any
// non-zero value (NaN included) becomes true for bool; floats truncate
// into int64 as x86's cvttsd2si does, out-of-range values and NaN giving
// math.MinInt64, as PyTorch's CPU casts; floats convert to the narrower
// integers as PyTorch's CPU casts do (truncating through int64 for uint8,
// through int32 for int8, int16 and int32, then wrapping to the width);
// integers narrow by wrapping; float16 and bfloat16 go through float32,
// rounding to nearest even; everything else converts as Go does.
func Convert[To, From Real](v From) To {
	switch x := any(v).(type) {
	case F16:
		return Convert[To](x.Float32())
	case BF16:
		return Convert[To](x.Float32())
	}
	var out To
	switch p := any(&out).(type) {
	case *uint8:
		*p = boolByte(v != 0)
	case *F16:
		*p = F16FromFloat32(float32(v))
	case *BF16:
		*p = BF16FromFloat32(float32(v))
	case *int64:
		if f, ok := floatValue(v); ok {
			*p = floatToInt64(f)
		} else {
			*p = int64(v)
		}
	case *int32:
		*p = narrowInt[int32](v, floatToInt32)
	case *int16:
		*p = narrowInt[int16](v, floatToInt32)
	case *int8:
		*p = narrowInt[int8](v, floatToInt32)
	case *U8:
		*p = narrowInt[U8](v, floatToInt64)
	case *uint16:
		*p = narrowInt[uint16](v, floatToInt32)
	case *uint32:
		*p = narrowInt[uint32](v, floatToInt64)
	case *uint64:
		if f, ok := floatValue(v); ok {
			*p = floatToUint64(f)
		} else {
			*p = uint64(v)
		}
	default:
		out = To(v)
	}
	return out
}

// floatValue returns v as a float64 when From is a floating type.
func floatValue[From Real](v From) (float64, bool) {
	switch x := any(v).(type) {
	case float32:
		return float64(x), true
	case float64:
		return x, true
	}
	return 0, false
}

// narrowInt converts v to a narrower integer type: a float through the wide
// integer toWide gives (as the C++ casts of PyTorch do), then by wrapping.
func narrowInt[To int32 | int16 | int8 | U8 | uint16 | uint32, From Real, W int32 | int64](v From, toWide func(float64) W) To {
	if f, ok := floatValue(v); ok {
		return To(toWide(f))
	}
	return To(v)
}

// floatToInt32 truncates f toward zero as x86's cvttsd2si does into 32
// bits: NaN and values out of range give math.MinInt32.
func floatToInt32(f float64) int32 {
	if !(f > math.MinInt32-1 && f < math.MaxInt32+1) {
		return math.MinInt32
	}
	return int32(f)
}

// floatToInt64 truncates f toward zero as x86's cvttsd2si does into 64
// bits: NaN and values out of range give math.MinInt64.
func floatToInt64(f float64) int64 {
	if !(f >= math.MinInt64 && f < math.MaxInt64) {
		return math.MinInt64
	}
	return int64(f)
}

// floatToUint64 converts f to uint64 as NumPy's scalar cast loop on x86-64
// does (its SIMD loops give other values out of range, where NumPy warns
// of an invalid value; uint16 goes through int32 and uint32 through int64
// there, as Convert does): values
// from 2^63 up are truncated after subtracting 2^63, whose bit is then
// flipped back, the rest as cvttsd2si does, so -1.0 wraps to 2^64-1, NaN
// gives 2^63 and values from 2^64 up give 0.
func floatToUint64(f float64) uint64 {
	if f >= 0x1p63 {
		return uint64(floatToInt64(f-0x1p63)) ^ 1<<63
	}
	return uint64(floatToInt64(f))
}

// Float32 returns the float32 that h encodes (exactly): inf, NaN quieted
// with its payload kept (as PyTorch does), subnormals.
func (h F16) Float32() float32 { return half.Float16ToFloat32(uint16(h)) }

// F16FromFloat32 rounds f to the nearest binary16, ties to even: values
// from 65520 up overflow to infinity, those below 2^-25 flush to a signed
// zero, and NaN becomes the quiet NaN 0x7e00 with its sign, as PyTorch's
// c10::Half does (the payload is dropped).
func F16FromFloat32(f float32) F16 {
	b := math.Float32bits(f)
	sign := uint16(b>>16) & 0x8000
	exp := int(b>>23) & 0xff
	mant := b & 0x7fffff
	if exp == 0xff {
		if mant != 0 {
			return F16(sign | 0x7e00)
		}
		return F16(sign | 0x7c00)
	}
	e := exp - 127 + 15 // the binary16 exponent field
	switch {
	case e >= 0x1f:
		return F16(sign | 0x7c00)
	case e <= 0: // a subnormal binary16, or zero
		if e < -10 {
			return F16(sign)
		}
		return F16(sign | uint16(roundShift(mant|0x800000, uint(14-e))))
	}
	// A carry out of the mantissa moves to the next exponent, or to inf.
	return F16(sign | uint16(roundShift(uint32(e)<<23|mant, 13)))
}

// roundShift returns v >> s rounded to nearest, ties to even.
func roundShift(v uint32, s uint) uint32 {
	q, rem, half := v>>s, v&(1<<s-1), uint32(1)<<(s-1)
	if rem > half || rem == half && q&1 == 1 {
		q++
	}
	return q
}

// Float32 returns the float32 that h encodes (exactly).
func (h BF16) Float32() float32 { return half.BFloat16ToFloat32(uint16(h)) }

// BF16FromFloat32 rounds f to the nearest bfloat16, ties to even, as
// PyTorch's c10::BFloat16 does; NaN becomes the quiet NaN 0x7fc0, as in
// PyTorch's arithmetic (its vectorized float32 to bfloat16 copy writes
// 0xffff instead, also a NaN, which To and CopyFrom follow: bf16_nan.go).
func BF16FromFloat32(f float32) BF16 {
	if f != f {
		return 0x7fc0
	}
	return BF16(roundShift(math.Float32bits(f), 16))
}

// ScalarTypeName is the name PyTorch's C++ core gives the dtype in its
// errors ("not implemented for 'Long'"): c10's ScalarType names.
func (d DType) ScalarTypeName() string {
	names := map[string]string{"bool": "Bool", "uint8": "Byte", "int8": "Char", "int16": "Short", "int32": "Int",
		"int64": "Long", "float16": "Half", "bfloat16": "BFloat16", "float32": "Float", "float64": "Double",
		"complex64": "ComplexFloat", "complex128": "ComplexDouble", "uint16": "UInt16", "uint32": "UInt32", "uint64": "UInt64"}
	if n, ok := names[d.String()]; ok {
		return n
	}
	return d.String()
}

// FloatInfo describes a floating dtype as torch.finfo does.
type FloatInfo struct {
	Bits       int
	Eps        float64 // the gap between 1 and the next value
	Max        float64 // the largest finite value (min is -Max)
	Tiny       float64 // the smallest positive normal value (smallest_normal)
	Resolution float64 // 10^-digits, the decimal precision
}

// FloatInfoOf returns the facts torch.finfo gives for the floating dtype d
// (for a complex dtype, those of its parts' float), and the zero
// FloatInfo for any other dtype.
func FloatInfoOf(d DType) FloatInfo {
	switch d {
	case Float16:
		return FloatInfo{Bits: 16, Eps: 0x1p-10, Max: 65504, Tiny: 0x1p-14, Resolution: 0.001}
	case BFloat16:
		return FloatInfo{Bits: 16, Eps: 0x1p-7, Max: float64(BF16(0x7f7f).Float32()), Tiny: 0x1p-126, Resolution: 0.01}
	case Float32:
		return FloatInfo{Bits: 32, Eps: 0x1p-23, Max: math.MaxFloat32, Tiny: 0x1p-126, Resolution: 1e-06}
	case Float64:
		return FloatInfo{Bits: 64, Eps: 0x1p-52, Max: math.MaxFloat64, Tiny: 0x1p-1022, Resolution: 1e-15}
	case Complex64:
		return FloatInfoOf(Float32)
	case Complex128:
		return FloatInfoOf(Float64)
	case Bool, Uint8, Int8, Int16, Int32, Int64, Uint16, Uint32, Uint64:
	}
	return FloatInfo{}
}

// IntRange returns the smallest and largest values of the integer or bool
// dtype d (torch.iinfo's min and max), and ok false for floating dtypes.
func IntRange(d DType) (lo, hi int64, ok bool) {
	switch d {
	case Bool:
		return 0, 1, true
	case Uint8:
		return 0, math.MaxUint8, true
	case Int8:
		return math.MinInt8, math.MaxInt8, true
	case Int16:
		return math.MinInt16, math.MaxInt16, true
	case Int32:
		return math.MinInt32, math.MaxInt32, true
	case Int64:
		return math.MinInt64, math.MaxInt64, true
	case Uint16:
		return 0, math.MaxUint16, true
	case Uint32:
		return 0, math.MaxUint32, true
	case Uint64: // its top, 2^64-1, is above int64: hi is int64's top
		return 0, math.MaxInt64, true
	case Float16, BFloat16, Float32, Float64, Complex64, Complex128:
	}
	return 0, 0, false
}
