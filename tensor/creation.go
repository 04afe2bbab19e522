package tensor

import (
	"math"
	"reflect"
)

var tensorPtrType = reflect.TypeFor[*Tensor]()

// FromValue builds a tensor from nested Go values, as torch.tensor: slices
// or arrays of any element type, []any, and scalars (bool, any integer or
// float type, or a one-element tensor) as elements. Without a dtype the
// result's is inferred: bool when every element is a bool, int64 when every
// element is an integer or bool, float32 when one is a float; a tensor
// element contributes its own dtype. An empty sequence gives float32. A
// tensor argument is copied. Nested sequences must be rectangular.
func FromValue(v any, dtype ...DType) (*Tensor, error) {
	if len(dtype) > 1 {
		return nil, typeErrorf("FromValue takes at most one dtype, got %d", len(dtype))
	}
	if t, ok := v.(*Tensor); ok && t != nil {
		c, err := t.Clone()
		if err != nil || len(dtype) == 0 {
			return c, err
		}
		return c.To(dtype[0])
	}
	root := reflect.ValueOf(v)
	shape := []int{}
	for cur := root; ; {
		u, err := unwrapValue(cur)
		if err != nil {
			return nil, err
		}
		if !isSequence(u) || u.Len() == 0 {
			if isSequence(u) {
				shape = append(shape, 0)
			}
			break
		}
		shape = append(shape, u.Len())
		cur = u.Index(0)
	}
	scan := valueScan{shape: shape}
	if err := scan.walk(root, 0); err != nil {
		return nil, err
	}
	d := DefaultFloat
	if scan.seen {
		d = scan.dtype
	}
	if len(dtype) == 1 {
		if scan.seen && scan.dtype.IsComplex() && !dtype[0].IsComplex() {
			// PyTorch refuses to drop a Python complex's imaginary part.
			return nil, typeErrorf("must be real number, not complex")
		}
		d = dtype[0]
	}
	fill, err := valueFills.Select("tensor", d)
	if err != nil {
		return nil, err
	}
	t, err := emptyOutput(d, shape...) // walk checked that the leaves fill it
	if err != nil {
		return nil, err
	}
	fill(t, root)
	return t, nil
}

// unwrapValue looks through interfaces to the value inside, refusing nil.
func unwrapValue(v reflect.Value) (reflect.Value, error) {
	for v.IsValid() && v.Kind() == reflect.Interface && !v.IsNil() {
		v = v.Elem()
	}
	if !v.IsValid() || v.Kind() == reflect.Interface || (v.Kind() == reflect.Pointer && v.IsNil()) {
		return v, typeErrorf("Could not infer dtype of NoneType")
	}
	return v, nil
}

// isSequence reports whether v is a slice or an array.
func isSequence(v reflect.Value) bool {
	return v.Kind() == reflect.Slice || v.Kind() == reflect.Array
}

// valueScan checks nested values against the shape inferred from their
// first elements and infers the dtype of the leaves.
type valueScan struct {
	shape []int
	dtype DType
	seen  bool // some leaf was found
}

// walk checks v, found at dimension dim, and the leaves below it.
func (s *valueScan) walk(v reflect.Value, dim int) error {
	v, err := unwrapValue(v)
	if err != nil {
		return err
	}
	if dim < len(s.shape) {
		if !isSequence(v) {
			return valueErrorf("expected sequence of length %d at dim %d (got a scalar of type %s)", s.shape[dim], dim, v.Type())
		}
		if v.Len() != s.shape[dim] {
			return valueErrorf("expected sequence of length %d at dim %d (got %d)", s.shape[dim], dim, v.Len())
		}
		for i := range v.Len() {
			if err := s.walk(v.Index(i), dim+1); err != nil {
				return err
			}
		}
		return nil
	}
	var d DType
	switch v.Kind() {
	case reflect.Bool:
		d = Bool
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		d = Int64
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if v.Uint() > math.MaxInt64 {
			return Errorf(RuntimeError, "Overflow when unpacking long")
		}
		d = Int64
	case reflect.Float32, reflect.Float64:
		d = DefaultFloat
	case reflect.Complex64, reflect.Complex128:
		d = DefaultComplex
	case reflect.Slice, reflect.Array:
		return valueErrorf("expected a number at dim %d (got a sequence of length %d)", dim, v.Len())
	default:
		if v.Type() != tensorPtrType {
			return typeErrorf("new(): invalid data type '%s'", v.Type())
		}
		t := v.Interface().(*Tensor)
		if t.Numel() != 1 {
			return valueErrorf("only one element tensors can be converted to Python scalars")
		}
		d = t.dtype
	}
	if s.seen {
		d = PromoteTypes(s.dtype, d)
	}
	s.dtype, s.seen = d, true
	return nil
}

// valueFill writes the leaves of a checked nested value into the contiguous
// tensor t in row-major order.
type valueFill func(t *Tensor, v reflect.Value)

var valueFills = AllDTypes(ByDType[valueFill]{Float32: fillValues[float32], Float64: fillValues[float64], Int64: fillValues[int64], Bool: fillValues[uint8], Uint8: fillValues[U8], Int8: fillValues[int8], Int16: fillValues[int16], Int32: fillValues[int32], Float16: fillValues[F16], BFloat16: fillValues[BF16], Complex64: fillValues[complex64], Complex128: fillValues[complex128], Uint16: fillValues[uint16], Uint32: fillValues[uint32], Uint64: fillValues[uint64]})

func fillValues[T Element](t *Tensor, v reflect.Value) {
	fillLeaves(t.storage.data.([]T), v)
}

// fillLeaves writes the leaves of v to the start of dst and returns the rest.
func fillLeaves[T Element](dst []T, v reflect.Value) []T {
	v, _ = unwrapValue(v) // walk has refused nil already
	if isSequence(v) {
		for i := range v.Len() {
			dst = fillLeaves(dst, v.Index(i))
		}
		return dst
	}
	switch v.Kind() {
	case reflect.Bool:
		dst[0] = ConvertElement[T](boolByte(v.Bool()))
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		dst[0] = ConvertElement[T](v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		dst[0] = ConvertElement[T](int64(v.Uint()))
	case reflect.Float32, reflect.Float64:
		dst[0] = ConvertElement[T](v.Float())
	case reflect.Complex64, reflect.Complex128:
		dst[0] = ConvertElement[T](v.Complex())
	default:
		item, _ := v.Interface().(*Tensor).Item()
		switch x := item.(type) {
		case float64:
			dst[0] = ConvertElement[T](x)
		case int64:
			dst[0] = ConvertElement[T](x)
		case bool:
			dst[0] = ConvertElement[T](boolByte(x))
		case complex128:
			dst[0] = ConvertElement[T](x)
		}
	}
	return dst[1:]
}

// rangeFill writes start + i*step, converted to the tensor's dtype, into
// every element i of the contiguous tensor t. From element half on it
// counts back from end instead: end - (n-1-i)*step. It works in parallel
// chunks and stops with a KeyboardInterrupt between them.
type rangeFill func(t *Tensor, start, end, step float64, half int) error

var rangeFills = computed(NoBoolRealDTypes(ByDType[rangeFill]{Float32: fillRange[float32], Float64: fillRange[float64], Int64: fillRange[int64]}))

func fillRange[T Number](t *Tensor, start, end, step float64, half int) error {
	d := t.storage.data.([]T)
	n := len(d)
	return ParallelFor(n, GrainSize, func(begin, stop int) {
		for i := begin; i < min(stop, half); i++ {
			d[i] = Convert[T](start + float64(i)*step)
		}
		for i := max(begin, half); i < stop; i++ {
			d[i] = Convert[T](end - float64(n-1-i)*step)
		}
	})
}

// Arange returns the values start, start+step, ... up to but excluding end,
// as torch.arange: ceil((end-start)/step) elements, computed in float64 and
// converted to d.
func Arange(start, end, step float64, d DType) (*Tensor, error) {
	if rangeFills.convertsIn(d) {
		r, err := Arange(start, end, step, d.ComputeIn())
		return fromComputeIn(r, d, err)
	}
	fill, err := rangeFills.Select("arange", d)
	if err != nil {
		return nil, err
	}
	for _, v := range []float64{start, end, step} {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, runtimeErrorf("unsupported range: %g -> %g", start, end)
		}
	}
	if step == 0 {
		return nil, runtimeErrorf("step must be nonzero")
	}
	if (end-start)/step < 0 {
		return nil, runtimeErrorf("upper bound and larger bound inconsistent with step sign")
	}
	size := math.Ceil((end - start) / step)
	if size >= 1<<62 {
		return nil, valueErrorf("arange of %g elements is too large", size)
	}
	t, err := emptyOutput(d, int(size))
	if err != nil {
		return nil, err
	}
	if err := fill(t, start, 0, step, int(size)); err != nil {
		return nil, err
	}
	return t, nil
}

// Linspace returns steps values evenly spaced from start to end inclusive,
// as torch.linspace. The first half is computed from start and the second
// from end, so both ends are exact.
func Linspace(start, end float64, steps int, d DType) (*Tensor, error) {
	if rangeFills.convertsIn(d) {
		r, err := Linspace(start, end, steps, d.ComputeIn())
		return fromComputeIn(r, d, err)
	}
	fill, err := rangeFills.Select("linspace", d)
	if err != nil {
		return nil, err
	}
	if steps < 0 {
		return nil, runtimeErrorf("number of steps must be non-negative")
	}
	t, err := emptyOutput(d, steps)
	if err != nil {
		return nil, err
	}
	step, half := 0.0, 1
	if steps > 1 {
		step, half = (end-start)/float64(steps-1), steps/2
	}
	if err := fill(t, start, end, step, half); err != nil {
		return nil, err
	}
	return t, nil
}

// Eye returns the n×m matrix with ones on the diagonal, as torch.eye(n, m).
func Eye(n, m int, d DType) (*Tensor, error) {
	if n < 0 {
		return nil, runtimeErrorf("n must be greater or equal to 0, got %d", n)
	}
	if m < 0 {
		return nil, runtimeErrorf("m must be greater or equal to 0, got %d", m)
	}
	t, err := Zeros(d, n, m)
	if err != nil {
		return nil, err
	}
	one, err := Ones(d)
	if err != nil {
		return nil, err
	}
	diag := t.view([]int{min(n, m)}, []int{m + 1}, 0)
	if err := copyInto(diag, one); err != nil {
		return nil, err
	}
	return t, nil
}

// EmptyLike returns a contiguous tensor with x's dtype and shape. Its
// elements are zero.
func EmptyLike(x *Tensor) (*Tensor, error) { return Empty(x.dtype, x.shape...) }

// ZerosLike returns a tensor of zeros with x's dtype and shape.
func ZerosLike(x *Tensor) (*Tensor, error) { return Zeros(x.dtype, x.shape...) }

// OnesLike returns a tensor of ones with x's dtype and shape.
func OnesLike(x *Tensor) (*Tensor, error) { return Ones(x.dtype, x.shape...) }

// FullLike returns a tensor with x's dtype and shape filled with v converted
// to that dtype.
func FullLike(x *Tensor, v float64) (*Tensor, error) { return Full(v, x.dtype, x.shape...) }
