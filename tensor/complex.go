package tensor

import (
	"math"
	"math/cmplx"
	"slices"
	"unsafe"
)

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
	case uint16:
		return fromReal[To](x)
	case uint32:
		return fromReal[To](x)
	case uint64:
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
	default: // bool too: PyTorch's cast tests the real part only

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
	case *uint16:
		*p = Convert[uint16](v)
	case *uint32:
		*p = Convert[uint32](v)
	case *uint64:
		*p = Convert[uint64](v)
	}
	return out
}

// castFromComplex converts complex elements to a real type: their real
// parts, as PyTorch's copy_ does (the language warns, as PyTorch does);
// to bool too, so 0-0.5j is False, as in PyTorch 1.13.
func castFromComplex[To Real, C Complex](dst, src any, at, off, n int) {
	d, s := dst.([]To)[at:at+n], src.([]C)[off:off+n]
	for i, v := range s {
		d[i] = Convert[To](real(complex128(v)))
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
		Complex64: castComplex[C, complex64], Complex128: castComplex[C, complex128],
		Uint16: castToComplex[C, uint16], Uint32: castToComplex[C, uint32], Uint64: castToComplex[C, uint64]})
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

// complexPow is the kernel of ** on complex operands: std::pow's
// exp(b·log a) (Go's cmplx.Pow), except for the exponents PyTorch's kernel
// computes by multiplication and roots (0, 1, 2, 3, 0.5, -0.5, -1, -2), whose
// results it rounds as those do.
func complexPow[C Complex](it *Iter) error {
	return runBinary(it, func(a, b C) C {
		x, y := complex128(a), complex128(b)
		var r complex128
		switch y {
		case 0:
			r = 1
		case 1:
			r = x
		case 2:
			r = x * x
		case 3:
			r = x * x * x
		case 0.5:
			r = cmplx.Sqrt(x)
		case -0.5:
			r = 1 / cmplx.Sqrt(x)
		case -1:
			r = 1 / x
		case -2:
			r = 1 / (x * x)
		default:
			r = cmplx.Pow(x, y)
		}
		return C(r)
	}, nil)
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

// reinterpret returns a storage over the same memory as s, whose elements
// are of dtype to; from is s's dtype. The slice it holds points into s's,
// so the memory lives as long as either does.
func reinterpret(s *Storage, from, to DType) (*Storage, error) {
	bytesOfStorage, err := storageMemoryViews.Select("view", from)
	if err != nil {
		return nil, err
	}
	view, err := byteViews.Select("view", to)
	if err != nil {
		return nil, err
	}
	b := bytesOfStorage(s.data)
	n := len(b) / to.Size()
	p := unsafe.Pointer(&[16]byte{})
	if len(b) > 0 {
		p = unsafe.Pointer(unsafe.SliceData(b))
	}
	return &Storage{data: view(p, n), n: n, device: s.device}, nil
}

// ViewAsReal returns a view of the complex tensor t as real numbers: its
// shape with a last dimension of 2 (the real and imaginary parts), as
// torch.view_as_real. Writes through the view change t.
func ViewAsReal(t *Tensor) (*Tensor, error) {
	if !t.dtype.IsComplex() {
		return nil, Errorf(RuntimeError, "view_as_real is only supported for complex tensors")
	}
	part := t.dtype.ToReal()
	s, err := reinterpret(t.storage, t.dtype, part)
	if err != nil {
		return nil, err
	}
	shape := append(slices.Clone(t.shape), 2)
	strides := make([]int, 0, len(shape))
	for _, st := range t.strides {
		strides = append(strides, 2*st)
	}
	strides = append(strides, 1)
	return &Tensor{storage: s, dtype: part, shape: shape, strides: strides, offset: 2 * t.offset}, nil
}

// ViewAsComplex returns a view of the float32 or float64 tensor t, whose
// last dimension is 2 with stride 1, as complex numbers, as
// torch.view_as_complex.
func ViewAsComplex(t *Tensor) (*Tensor, error) {
	c, ok := t.dtype.ToComplex()
	if !ok || (t.dtype != Float32 && t.dtype != Float64) {
		return nil, Errorf(RuntimeError, "view_as_complex is only supported for float and double tensors, but got a tensor of scalar type: %s", t.dtype.ScalarTypeName())
	}
	n := t.Dim()
	switch {
	case n == 0 || t.shape[n-1] != 2:
		return nil, Errorf(RuntimeError, "Tensor must have a last dimension of size 2")
	case t.strides[n-1] != 1:
		return nil, Errorf(RuntimeError, "Tensor must have a last dimension with stride 1")
	case t.offset%2 != 0:
		return nil, Errorf(RuntimeError, "Tensor must have a storage_offset divisible by 2")
	}
	for _, st := range t.strides[:n-1] {
		if st%2 != 0 {
			return nil, Errorf(RuntimeError, "Tensor must have a stride divisible by 2 for all but last dimension")
		}
	}
	s, err := reinterpret(t.storage, t.dtype, c)
	if err != nil {
		return nil, err
	}
	strides := make([]int, n-1)
	for i, st := range t.strides[:n-1] {
		strides[i] = st / 2
	}
	return &Tensor{storage: s, dtype: c, shape: slices.Clone(t.shape[:n-1]), strides: strides, offset: t.offset / 2}, nil
}

// RealPart returns the real parts of t as a view (torch's x.real): t
// itself for a real tensor.
func (t *Tensor) RealPart() (*Tensor, error) {
	if !t.dtype.IsComplex() {
		return t, nil
	}
	return complexPart(t, 0)
}

// ImagPart returns the imaginary parts of the complex t as a view
// (torch's x.imag); a real tensor has none (PyTorch's RuntimeError).
func (t *Tensor) ImagPart() (*Tensor, error) {
	if !t.dtype.IsComplex() {
		return nil, Errorf(RuntimeError, "imag is not implemented for tensors with non-complex dtypes.")
	}
	return complexPart(t, 1)
}

func complexPart(t *Tensor, k int) (*Tensor, error) {
	v, err := ViewAsReal(t)
	if err != nil {
		return nil, err
	}
	return v.Select(v.Dim()-1, k)
}

// ComplexFrom returns the complex tensor with real parts re and imaginary
// parts im, broadcast together, as torch.complex: both float32 (complex64)
// or both float64 (complex128).
func ComplexFrom(re, im *Tensor) (*Tensor, error) {
	if re.dtype != im.dtype {
		return nil, Errorf(RuntimeError, "Expected object of scalar type %s but got scalar type %s for second argument", re.dtype.ScalarTypeName(), im.dtype.ScalarTypeName())
	}
	if re.dtype != Float32 && re.dtype != Float64 {
		return nil, Errorf(RuntimeError, "Expected both inputs to be Half, Float or Double tensors but got %s and %s", re.dtype.ScalarTypeName(), im.dtype.ScalarTypeName())
	}
	shape, err := BroadcastShapes(re.shape, im.shape)
	if err != nil {
		return nil, err
	}
	c, _ := re.dtype.ToComplex()
	out, err := Zeros(c, shape...)
	if err != nil {
		return nil, err
	}
	v, err := ViewAsReal(out)
	if err != nil {
		return nil, err
	}
	for k, part := range []*Tensor{re, im} {
		dst, err := v.Select(v.Dim()-1, k)
		if err != nil {
			return nil, err
		}
		if err := dst.CopyFrom(part); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// ConjSpec is the complex conjugate, a copy (PyTorch's conj_physical; its
// conj is a lazy view with the same values); a real tensor keeps its
// values.
var ConjSpec = defUnary(&UnarySpec{Name: "conj", dtypes: keepDType,
	kernels: AllDTypes(ByDType[unaryKernel]{Float32: mapLoop(func(x float32) float32 { return x }), Float64: mapLoop(func(x float64) float64 { return x }),
		Int64: mapLoop(func(x int64) int64 { return x }), Bool: mapLoop(func(x uint8) uint8 { return x }),
		Complex64: mapLoop(func(x complex64) complex64 { return complex(real(x), -imag(x)) }), Complex128: mapLoop(cmplx.Conj)})})

// AngleSpec is the argument of each element, as torch.angle: atan2(imag,
// real) for a complex number, 0 or pi for a real one (NaN stays NaN);
// integers and bools compute in the default float.
var AngleSpec = defUnary(&UnarySpec{Name: "angle", dtypes: angleDTypes,
	kernels: InexactDTypes(ByDType[unaryKernel]{Float32: mapLoop(realAngle[float32]), Float64: mapLoop(realAngle[float64]),
		Complex64: complexToReal[complex64](func(c complex128) float32 { return float32(cmplx.Phase(c)) }), Complex128: complexToReal[complex128](cmplx.Phase)})})

func angleDTypes(d DType) (DType, DType, error) {
	if d.IsComplex() {
		return d, d.ToReal(), nil
	}
	return floatResult(d)
}

func realAngle[F Float](x F) F {
	switch {
	case x != x:
		return x
	case x < 0:
		return F(math.Pi)
	}
	return 0
}

// complexNegKernel is PyTorch 1.13's negation of a complex128, chosen
// once per call: its vectorized loop computes 0 - c, so a zero part stays
// +0, while its scalar loop (ATEN_CPU_CAPABILITY=default, which kael
// mirrors under KAEL_ISA=generic) computes -c, giving -0. Its complex64
// negation flips the sign bits either way, and kael's does the same
// (TestComplexMatchesPyTorch).
func complexNegKernel(it *Iter) error {
	if scalarKernels() {
		return runUnary(it, func(c complex128) complex128 { return -c })
	}
	return runUnary(it, func(c complex128) complex128 { return 0 - c })
}
