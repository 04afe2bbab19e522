package numpy

import (
	"math"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// NumPy 1.24's rules for the dtype of a result.
//
// Two arrays promote by NumPy's table (np.promote_types): the first type,
// in NumPy's order, that both convert to safely (safeCasts). A Python
// number, a NumPy scalar or a 0-d array beside an array of at least one
// dimension is "weak" (value-based casting): when its kind (bool <
// integer < floating or complex) is not above the arrays', it counts as
// the smallest type that holds its value (np.min_scalar_type), so
// int8_array + 1000 is int16 and float32_array * 2.5 stays float32;
// otherwise it counts with its own dtype, so int64_array + 0.5 is float64.
//
// Every type of the table is a kael dtype (uint16, uint32 and uint64 are
// NumPy's only: PyTorch lacks them).

// npType is one of NumPy's numeric types, in the order promotion prefers
// them (smaller first, unsigned before signed of a size).
type npType uint8

const (
	nBool npType = iota
	nU1
	nI1
	nU2
	nI2
	nU4
	nI4
	nU8
	nI8
	nF2
	nF4
	nF8
	nC8
	nC16
	numNPTypes
)

// npTypeNames are NumPy's names of the types.
var npTypeNames = [numNPTypes]string{"bool", "uint8", "int8", "uint16", "int16", "uint32", "int32", "uint64", "int64", "float16", "float32", "float64", "complex64", "complex128"}

// safeCasts is NumPy's 'safe' casting table (np.can_cast(a, b)): the
// types each type converts to without losing values. It is the one
// table promotion and can_cast read.
var safeCasts = [numNPTypes][]npType{
	nBool: {nBool, nU1, nI1, nU2, nI2, nU4, nI4, nU8, nI8, nF2, nF4, nF8, nC8, nC16},
	nU1:   {nU1, nU2, nI2, nU4, nI4, nU8, nI8, nF2, nF4, nF8, nC8, nC16},
	nI1:   {nI1, nI2, nI4, nI8, nF2, nF4, nF8, nC8, nC16},
	nU2:   {nU2, nU4, nI4, nU8, nI8, nF4, nF8, nC8, nC16},
	nI2:   {nI2, nI4, nI8, nF4, nF8, nC8, nC16},
	nU4:   {nU4, nU8, nI8, nF8, nC16},
	nI4:   {nI4, nI8, nF8, nC16},
	nU8:   {nU8, nF8, nC16},
	nI8:   {nI8, nF8, nC16},
	nF2:   {nF2, nF4, nF8, nC8, nC16},
	nF4:   {nF4, nF8, nC8, nC16},
	nF8:   {nF8, nC16},
	nC8:   {nC8, nC16},
	nC16:  {nC16},
}

// npTypeOf maps kael's dtypes to NumPy's types (bfloat16, which NumPy
// lacks, to float32, which holds its values); tensorDType maps back.
var (
	npTypeOf    [256]npType
	tensorDType [numNPTypes]struct {
		dt tensor.DType
		ok bool
	}
)

// safe and promoted are safeCasts as a table, and np.promote_types of
// every pair, computed once: result_type runs on every operation.
var (
	safe     [numNPTypes][numNPTypes]bool
	promoted [numNPTypes][numNPTypes]npType
)

func init() {
	defineLater(func() {
		for i := range npTypeOf {
			npTypeOf[i] = nF4
		}
		for dt, n := range map[tensor.DType]npType{
			tensor.Bool: nBool, tensor.Uint8: nU1, tensor.Int8: nI1, tensor.Int16: nI2, tensor.Int32: nI4, tensor.Int64: nI8,
			tensor.Uint16: nU2, tensor.Uint32: nU4, tensor.Uint64: nU8,
			tensor.Float16: nF2, tensor.Float32: nF4, tensor.Float64: nF8, tensor.Complex64: nC8, tensor.Complex128: nC16,
		} {
			npTypeOf[dt] = n
			tensorDType[n].dt, tensorDType[n].ok = dt, true
		}
		for a, tos := range safeCasts {
			for _, b := range tos {
				safe[a][b] = true
			}
		}
		for a := range promoted {
			for b := range promoted[a] {
				promoted[a][b] = nC16
				for _, t := range safeCasts[a] { // the first type both cast to safely
					if safe[b][t] {
						promoted[a][b] = t
						break
					}
				}
			}
		}
	})
}

func canCastSafe(from, to npType) bool { return safe[from][to] }

// promoteNP is np.promote_types.
func promoteNP(a, b npType) npType { return promoted[a][b] }

// npKind orders NumPy's kinds for same_kind casting: bool, unsigned,
// signed, floating, complex.
func npKind(t npType) int {
	switch {
	case t == nBool:
		return 0
	case t >= nC8:
		return 4
	case t >= nF2:
		return 3
	case t%2 == 1: // nU1, nU2, nU4, nU8
		return 1
	}
	return 2
}

// asNP is kael's dtype as NumPy's type (bfloat16 counts as float32).
func asNP(dt tensor.DType) npType { return npTypeOf[dt] }

// fromNP is NumPy's type as kael's dtype, refused for the unsigned types
// kael lacks.
func fromNP(n npType) (tensor.DType, error) {
	if e := tensorDType[n]; e.ok {
		return e.dt, nil
	}
	return 0, unsupportedDType(npTypeNames[n])
}

// promote is np.promote_types on kael's dtypes (both NumPy's, so the
// result is one of kael's).
func promote(a, b tensor.DType) tensor.DType {
	dt, err := fromNP(promoteNP(asNP(a), asNP(b)))
	if err != nil {
		return tensor.PromoteTypes(a, b)
	}
	return dt
}

// canCast is np.can_cast(from, to, casting) on dtypes.
func canCast(from, to tensor.DType, casting string) (bool, error) {
	f, t := asNP(from), asNP(to)
	switch casting {
	case "safe":
		return canCastSafe(f, t), nil
	case "same_kind":
		return canCastSafe(f, t) || npKind(f) <= npKind(t), nil
	case "unsafe":
		return true, nil
	case "no", "equiv":
		return from == to, nil
	}
	return false, lang.Errorf(lang.ValueError, "casting must be one of 'no', 'equiv', 'safe', 'same_kind', or 'unsafe'")
}

// kindRank orders the kinds as value-based casting compares them: bool
// < integer < inexact (floating and complex count as one).
func kindRank(dt tensor.DType) int {
	switch {
	case dt == tensor.Bool:
		return 0
	case dt.IsFloating(), dt.IsComplex():
		return 2
	}
	return 1
}

// operand is one side of an operation: its tensor and whether it is weak
// (a scalar or 0-d array, whose value may decide its type).
type operand struct {
	t    *tensor.Tensor
	weak bool
}

// typed is a type on its way through result_type: small marks a
// non-negative value that also fits the signed type of its size.
type typed struct {
	n     npType
	small bool
}

// minScalarType is np.min_scalar_type of a weak operand's value.
func minScalarType(t *tensor.Tensor) typed {
	v, err := t.Item()
	if err != nil {
		return typed{n: asNP(t.DType())}
	}
	switch x := v.(type) {
	case int64:
		if x < 0 && t.DType() == tensor.Uint64 { // from 2^63 up, read as int64
			return typed{n: nU8}
		}
		if x >= 0 {
			for _, c := range []struct {
				n     npType
				limit int64
			}{{nU1, math.MaxUint8}, {nU2, math.MaxUint16}, {nU4, math.MaxUint32}} {
				if x <= c.limit {
					return typed{n: c.n, small: x <= c.limit>>1}
				}
			}
			return typed{n: nU8, small: true}
		}
		switch {
		case x >= math.MinInt8:
			return typed{n: nI1}
		case x >= math.MinInt16:
			return typed{n: nI2}
		case x >= math.MinInt32:
			return typed{n: nI4}
		}
		return typed{n: nI8}
	case float64:
		return typed{n: minFloat(x, nF2, nF4, nF8)}
	case complex128:
		if minFloat(real(x), nF4, nF4, nC16) == nF4 && minFloat(imag(x), nF4, nF4, nC16) == nF4 {
			return typed{n: nC8}
		}
		return typed{n: nC16}
	}
	return typed{n: asNP(t.DType())}
}

// minFloat is the smallest floating type of a value: half within
// ±65000 (and for nan and inf), single within ±3.4e38, else double.
func minFloat(x float64, half, single, double npType) npType {
	switch {
	case math.IsNaN(x) || math.IsInf(x, 0) || math.Abs(x) < 65000:
		return half
	case math.Abs(x) < 3.4e38:
		return single
	}
	return double
}

// signedOf is the signed integer type of an unsigned one's size.
func signedOf(n npType) npType {
	if npKind(n) == 1 {
		return n + 1
	}
	return n
}

// promoteTyped is NumPy's promote_types with small unsigned values: one
// beside a type that is not bool or unsigned counts as signed.
func promoteTyped(a, b typed) typed {
	if a.small && npKind(b.n) > 1 {
		a.n = signedOf(a.n)
	} else if b.small && npKind(a.n) > 1 {
		b.n = signedOf(b.n)
	}
	return typed{n: promoteNP(a.n, b.n), small: a.small && b.small}
}

// resultTypeOf is np.result_type of operands, in NumPy's order.
func resultTypeOf(ops ...operand) (tensor.DType, error) {
	maxWeak, maxStrong := -1, -1
	for _, o := range ops {
		if o.weak {
			maxWeak = max(maxWeak, kindRank(o.t.DType()))
		} else {
			maxStrong = max(maxStrong, kindRank(o.t.DType()))
		}
	}
	byValue := maxStrong >= 0 && maxStrong >= maxWeak
	var acc typed
	for i, o := range ops {
		t := typed{n: asNP(o.t.DType())}
		if byValue && o.weak {
			t = minScalarType(o.t)
		}
		if i == 0 {
			acc = t
			continue
		}
		acc = promoteTyped(t, acc)
	}
	return fromNP(acc.n)
}

// resultType is the dtype NumPy gives a binary operation on a and b.
func resultType(a, b operand) (tensor.DType, error) { return resultTypeOf(a, b) }

// castOperands converts both operands to the dtype of their result.
func castOperands(x, y operand) (*tensor.Tensor, *tensor.Tensor, error) {
	dt, err := resultType(x, y)
	if err != nil {
		return nil, nil, err
	}
	return castBoth(x.t, y.t, dt)
}

// pyScalar is the 0-d array of a Python number, of NumPy's dtype for it:
// bool, int64, float64 or complex128.
func pyScalar(v lang.Value) (*tensor.Tensor, error) {
	var t *tensor.Tensor
	var err error
	switch x := v.(type) {
	case lang.Complex:
		t, err = tensor.Scalar(complex128(x))
		if err == nil && t.DType() != tensor.Complex128 {
			t, err = t.To(tensor.Complex128)
		}
	default:
		t, err = tensor.Scalar(x)
	}
	if err != nil {
		return nil, err
	}
	// a plain 0-d array: PyTorch's wrapped-number promotion must not
	// reach the kernels (np.where(c, 1, 2.5) is float64)
	return t.Detach(), nil
}
