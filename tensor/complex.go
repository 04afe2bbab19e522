package tensor

import "math"

// Complex numbers: complex64 and complex128 are Go's own types, so they
// are stored as they are and compute as they are. Go converts neither
// into nor out of the real types, and generic code over a type set that
// mixes the two may not convert at all, so conversions that cross between
// real and complex go through the helpers here, one case per storage type.

// ConvertElement converts one value between any two element types: as
// Convert between real types; a real value becomes the complex value with
// imaginary part 0; a complex value becomes a real one by dropping its
// imaginary part, as PyTorch's casts do (PyTorch warns when it does).
func ConvertElement[To, From Element](v From) To {
	switch x := any(v).(type) {
	case complex64:
		return fromComplex[To](complex128(x))
	case complex128:
		return fromComplex[To](x)
	case float32:
		return fromReal[To](x)
	case float64:
		return fromReal[To](x)
	case int64:
		return fromReal[To](x)
	case uint8:
		return fromReal[To](x)
	case U8:
		return fromReal[To](x)
	case int8:
		return fromReal[To](x)
	case int16:
		return fromReal[To](x)
	case int32:
		return fromReal[To](x)
	case F16:
		return fromReal[To](x)
	case BF16:
		return fromReal[To](x)
	}
	var zero To
	return zero
}

// fromComplex converts a complex value to To: the real part, for a real To.
func fromComplex[To Element](c complex128) To {
	var out To
	switch p := any(&out).(type) {
	case *complex64:
		*p = complex64(c)
	case *complex128:
		*p = c
	case *uint8: // bool: true when either part is non-zero
		*p = boolByte(c != 0)
	default:
		return fromReal[To](real(c))
	}
	return out
}

// fromReal converts a real value to To with Convert's rules: to a complex
// To, the value with imaginary part 0.
func fromReal[To Element, From Real](v From) To {
	var out To
	switch p := any(&out).(type) {
	case *complex64:
		*p = complex(Convert[float32](v), 0)
	case *complex128:
		*p = complex(Convert[float64](v), 0)
	case *float32:
		*p = Convert[float32](v)
	case *float64:
		*p = Convert[float64](v)
	case *int64:
		*p = Convert[int64](v)
	case *uint8:
		*p = Convert[uint8](v)
	case *U8:
		*p = Convert[U8](v)
	case *int8:
		*p = Convert[int8](v)
	case *int16:
		*p = Convert[int16](v)
	case *int32:
		*p = Convert[int32](v)
	case *F16:
		*p = Convert[F16](v)
	case *BF16:
		*p = Convert[BF16](v)
	}
	return out
}

// castFromComplex converts complex elements to a real type: their real
// parts, as PyTorch's copy_ does (the language warns, as PyTorch does).
func castFromComplex[To Real, C Complex](dst, src any, at, off, n int) {
	d, s := dst.([]To)[at:at+n], src.([]C)[off:off+n]
	for i, v := range s {
		c := complex128(v)
		if DTypeOf[To]() == Bool {
			d[i] = Convert[To](boolByte(c != 0))
			continue
		}
		d[i] = Convert[To](real(c))
	}
}

// castToComplex converts real elements to a complex type, imaginary part 0.
func castToComplex[C Complex, From Real](dst, src any, at, off, n int) {
	d, s := dst.([]C)[at:at+n], src.([]From)[off:off+n]
	for i, v := range s {
		d[i] = C(complex(Convert[float64](v), 0))
	}
}

// castComplex converts between the complex types.
func castComplex[To, From Complex](dst, src any, at, off, n int) {
	d, s := dst.([]To)[at:at+n], src.([]From)[off:off+n]
	for i, v := range s {
		d[i] = To(v)
	}
}

// castIntoComplex is the row of castKernels for a complex destination.
func castIntoComplex[C Complex]() Kernels[castFunc] {
	return AllDTypes(ByDType[castFunc]{
		Float32: castToComplex[C, float32], Float64: castToComplex[C, float64], Int64: castToComplex[C, int64], Bool: castToComplex[C, uint8],
		Uint8: castToComplex[C, U8], Int8: castToComplex[C, int8], Int16: castToComplex[C, int16], Int32: castToComplex[C, int32],
		Float16: castToComplex[C, F16], BFloat16: castToComplex[C, BF16],
		Complex64: castComplex[C, complex64], Complex128: castComplex[C, complex128]})
}

// complexAbs is |c| without overflow, as std::abs of a complex.
func complexAbs(c complex128) float64 { return math.Hypot(real(c), imag(c)) }

// complexArith is the kernel of + - * / on complex operands. Go's complex
// division is C99's (Annex G: infinities and NaNs as C's), which is what
// PyTorch's CPU kernels compute for finite operands.
func complexArith[C Complex](op arithOp) binaryKernel {
	var f func(a, b C) C
	switch op {
	case opAdd:
		f = func(a, b C) C { return a + b }
	case opSub:
		f = func(a, b C) C { return a - b }
	case opMul:
		f = func(a, b C) C { return a * b }
	case opDiv:
		f = func(a, b C) C { return a / b }
	}
	return func(it *Iter) error { return runBinary[C, C](it, f, nil) }
}

// complexEqual is the kernel of == (equal true) and != (equal false).
func complexEqual[C Complex](equal bool) binaryKernel {
	return func(it *Iter) error {
		return runBinary(it, func(a, b C) uint8 { return boolByte((a == b) == equal) }, nil)
	}
}

// complexToReal builds a unary kernel from complex C to the real F of its
// parts (abs, angle).
func complexToReal[C Complex, F Float](f func(complex128) F) unaryKernel {
	return func(it *Iter) error { return runUnary(it, func(x C) F { return f(complex128(x)) }) }
}
