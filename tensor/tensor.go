package tensor

import (
	"math"
	"math/bits"
)

// Tensor is an n-dimensional view of typed storage: element (i0, i1, ...) is
// storage[offset + i0*strides[0] + i1*strides[1] + ...]. Many tensors may
// view one storage; operations that return views (Transpose, Select, ...)
// share it, so writes through one are seen by the others.
type Tensor struct {
	storage *Storage
	shape   []int
	strides []int
	offset  int
	grad    *AutogradMeta
	// viewOf is what a view knows of its base (MarkView); nil for a tensor
	// that is no view, which so costs one word.
	viewOf *viewInfo
	dtype  DType
	// wrapped marks a tensor made from a plain number by Scalar. It takes part
	// in promotion as a weak operand, like PyTorch's wrapped numbers.
	wrapped bool
}

// viewInfo is what a view knows of its base.
type viewInfo struct {
	// base is the tensor the view is a view of (PyTorch's t._base: never
	// itself a view).
	base *Tensor
	// version is the storage version the view's autograd state was last
	// brought up to date at (PyTorch's attr_version).
	version uint64
	// how is package autograd's record of how the view was made.
	how int
}

// GradFn is a node of an autograd graph that produced a tensor. Package
// autograd implements it; package tensor only stores it.
type GradFn interface {
	Name() string
}

// AutogradMeta is the autograd state a tensor carries. It lives here so that
// tensors can hold it, while everything that reads or writes it lives in
// package autograd (docs/adr/0002-tensor-metadata.md).
type AutogradMeta struct {
	RequiresGrad bool
	Grad         *Tensor
	GradFn       GradFn
	// OutputNr is which output of GradFn the tensor is, for operations
	// with several outputs (PyTorch's output_nr); 0 for the others.
	OutputNr int
	// Parameter marks a tensor that a module registers as a learnable
	// parameter (PyTorch's nn.Parameter, a Tensor subclass). Neither this
	// package nor autograd reads it; package nn and the language do.
	Parameter bool
	// Hooks are package autograd's hooks on the gradient of a leaf
	// (x.register_hook); this package does not read them.
	Hooks []any
}

// Autograd returns the tensor's autograd state, or nil when it has none.
// For a view whose storage was written since its state was last read,
// the view hook (SetViewHook) first brings the state up to date.
func (t *Tensor) Autograd() *AutogradMeta {
	if t.viewOf != nil {
		t.syncView()
	}
	return t.grad
}

// viewHook is package autograd's function that gives a view the history
// of its base after the storage they share was written in place, as
// PyTorch's autograd regenerates a view's grad_fn on access.
var viewHook func(*Tensor)

// SetViewHook installs f as the function Autograd calls on a view whose
// storage version moved since its last call. Package autograd installs
// it; this package knows nothing of what it does (as PyTorch's c10 keeps
// only a pointer to autograd's VariableHooks).
func SetViewHook(f func(*Tensor)) { viewHook = f }

// syncView calls the view hook when t's storage was written since the
// last call.
func (t *Tensor) syncView() {
	if v := t.storage.version.Load(); v != t.viewOf.version {
		t.viewOf.version = v
		if viewHook != nil {
			viewHook(t)
		}
	}
}

// MarkView records that t, which shares x's storage, is a view of x: its
// base is x's base, or x when x is no view. how is kept for package
// autograd (ViewHow). The view's autograd state counts as up to date at
// the storage's current version.
func (t *Tensor) MarkView(x *Tensor, how int) {
	base := x
	if x.viewOf != nil {
		base = x.viewOf.base
	}
	t.viewOf = &viewInfo{base: base, version: t.storage.version.Load(), how: how}
}

// Base returns the tensor t is a view of (see MarkView), or nil.
func (t *Tensor) Base() *Tensor {
	if t.viewOf == nil {
		return nil
	}
	return t.viewOf.base
}

// ViewHow returns the how given to MarkView (0 for a tensor that is no
// view).
func (t *Tensor) ViewHow() int {
	if t.viewOf == nil {
		return 0
	}
	return t.viewOf.how
}

// SetAutograd replaces the tensor's autograd state.
func (t *Tensor) SetAutograd(m *AutogradMeta) { t.grad = m }

// RequiresGrad reports whether gradients flow to or through t.
func (t *Tensor) RequiresGrad() bool { m := t.Autograd(); return m != nil && m.RequiresGrad }

// DType returns the element type.
func (t *Tensor) DType() DType { return t.dtype }

// Device returns where the storage lives.
func (t *Tensor) Device() Device { return t.storage.device }

// Shape returns a copy of the shape.
func (t *Tensor) Shape() []int { return append([]int(nil), t.shape...) }

// Strides returns a copy of the strides, counted in elements.
func (t *Tensor) Strides() []int { return append([]int(nil), t.strides...) }

// Offset returns the storage index of the first element.
func (t *Tensor) Offset() int { return t.offset }

// Dim returns the number of dimensions.
func (t *Tensor) Dim() int { return len(t.shape) }

// Numel returns the number of elements.
func (t *Tensor) Numel() int { return numel(t.shape) }

// Nbytes returns the bytes the elements of t occupy when contiguous.
func (t *Tensor) Nbytes() int { return t.Numel() * t.dtype.Size() }

// IsWrappedNumber reports whether t was made from a plain number by Scalar.
func (t *Tensor) IsWrappedNumber() bool { return t.wrapped }

// Storage returns the storage t views.
func (t *Tensor) Storage() *Storage { return t.storage }

// Version returns the number of in-place writes made to t's storage.
func (t *Tensor) Version() uint64 { return t.storage.version.Load() }

// MarkModified records an in-place write to t's storage. Operations in this
// package call it; code outside that writes through Data must too.
func (t *Tensor) MarkModified() { t.storage.version.Add(1) }

// SharesStorage reports whether t and u view the same storage.
func (t *Tensor) SharesStorage(u *Tensor) bool { return t.storage == u.storage }

// Size returns the length of dimension dim; negative dims count from the end.
func (t *Tensor) Size(dim int) (int, error) {
	if t.Dim() == 0 {
		return 0, indexErrorf("Dimension specified as %d but tensor has no dimensions", dim)
	}
	d, err := normDim(dim, t.Dim())
	if err != nil {
		return 0, err
	}
	return t.shape[d], nil
}

func numel(shape []int) int {
	n := 1
	for _, s := range shape {
		n *= s
	}
	return n
}

// Size arithmetic is checked: a number of elements, a byte count, a stride
// or an offset that does not fit in an int is an error, never a wrapped
// value (a tensor whose byte size wrapped would claim more elements than
// its buffer holds). checkedMul and checkedAdd are the one place that
// checks it; every size computation that can overflow goes through them.

// checkedMul returns a*b for non-negative a and b, and ok false when the
// product does not fit in an int.
func checkedMul(a, b int) (int, bool) {
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	if a < 0 || b < 0 || hi != 0 || lo > math.MaxInt {
		return 0, false
	}
	return int(lo), true
}

// checkedAdd returns a+b for non-negative a and b, and ok false when the
// sum does not fit in an int.
func checkedAdd(a, b int) (int, bool) {
	if a < 0 || b < 0 || a > math.MaxInt-b {
		return 0, false
	}
	return a + b, true
}

// storageOverflow is PyTorch's error for a shape whose storage size does
// not fit in an int64.
func storageOverflow(shape []int) *Error {
	return Errorf(RuntimeError, "Storage size calculation overflowed with sizes=%s", FormatShape(shape)).
		WithHint("the tensor would have more bytes than a 64-bit size can count")
}

// storageBytes validates a shape for allocation (no negative sizes) and
// returns its bytes for elements of size bytes, or PyTorch's overflow
// error when they do not fit in an int.
func storageBytes(shape []int, size int) (int, error) {
	n := 1
	for _, s := range shape {
		if s < 0 {
			return 0, runtimeErrorf("negative dimension %d in shape %v", s, shape)
		}
	}
	for _, s := range shape {
		var ok bool
		if n, ok = checkedMul(n, s); !ok {
			return 0, storageOverflow(shape)
		}
	}
	bytes, ok := checkedMul(n, size)
	if !ok {
		return 0, storageOverflow(shape)
	}
	return bytes, nil
}

// checkShape validates a shape for allocation: no negative sizes, and a
// product that fits in an int.
func checkShape(shape []int) error {
	_, err := storageBytes(shape, 1)
	return err
}

// contiguousStrides returns row-major strides for shape.
func contiguousStrides(shape []int) []int {
	strides := make([]int, len(shape))
	setContiguousStrides(strides, shape)
	return strides
}

// setContiguousStrides writes row-major strides for shape into strides.
func setContiguousStrides(strides, shape []int) {
	s := 1
	for i := len(shape) - 1; i >= 0; i-- {
		strides[i] = s
		s *= max(shape[i], 1)
	}
}

// Empty returns a contiguous tensor of the given dtype and shape. Its
// elements are zero, since Go memory always is.
func Empty(d DType, shape ...int) (*Tensor, error) { return newTensor(d, shape, true) }

// emptyOutput is Empty for an output that the caller writes whole before
// anyone reads it: it skips clearing the memory, which for large outputs is
// a full extra pass (see package rawmem).
func emptyOutput(d DType, shape ...int) (*Tensor, error) { return newTensor(d, shape, false) }

func newTensor(d DType, shape []int, zero bool) (*Tensor, error) {
	bytes, err := storageBytes(shape, d.Size())
	if err != nil {
		return nil, err
	}
	if t, ok := newSmallTensor(d, shape, bytes, zero); ok {
		return t, nil
	}
	// One allocation holds the tensor, its storage header and, for up to
	// inlineDims dimensions, its shape and strides: for small tensors the
	// allocations are a large part of an operation's cost.
	b := new(tensorBlock)
	if err := initStorage(&b.storage, d, numel(shape), zero); err != nil {
		return nil, err
	}
	return b.init(d, shape), nil
}

// init sets the tensor of a block whose storage is set: contiguous, of
// dtype d and the given shape.
func (b *tensorBlock) init(d DType, shape []int) *Tensor {
	n := len(shape)
	dims := b.dims[:]
	if n > inlineDims {
		dims = make([]int, 2*n)
	}
	copy(dims, shape)
	setContiguousStrides(dims[n:2*n], shape)
	b.tensor = Tensor{storage: &b.storage, dtype: d, shape: dims[:n:n], strides: dims[n : 2*n : 2*n]}
	return &b.tensor
}

// inlineDims is the number of dimensions whose shape and strides a
// tensorBlock holds.
const inlineDims = 4

// tensorBlock is a new tensor with its storage header and dims, allocated
// together. Views of the tensor keep the whole block alive, a few dozen
// bytes more than the storage alone.
type tensorBlock struct {
	tensor  Tensor
	storage Storage
	dims    [2 * inlineDims]int
}

// Zeros returns a tensor of zeros.
func Zeros(d DType, shape ...int) (*Tensor, error) { return Empty(d, shape...) }

// Ones returns a tensor of ones.
func Ones(d DType, shape ...int) (*Tensor, error) { return Full(1, d, shape...) }

// Full returns a tensor whose every element is value converted to d.
func Full(value float64, d DType, shape ...int) (*Tensor, error) {
	if value == 0 && !math.Signbit(value) {
		return Empty(d, shape...)
	}
	t, err := emptyOutput(d, shape...)
	if err != nil {
		return nil, err
	}
	if err := fillStorage(t, value); err != nil {
		return nil, err
	}
	return t, nil
}

// fillStorage sets every element of t's storage to v converted to t's dtype.
func fillStorage(t *Tensor, v float64) error {
	return fillElements(t.storage, 0, t.storage.Len(), t.dtype, v)
}

// fillElements sets the elements [lo, hi) of s, a storage of dtype d, to v
// converted to d.
func fillElements(s *Storage, lo, hi int, d DType, v float64) error {
	fill, err := fillKernels.Select("fill", d)
	if err != nil {
		return err
	}
	return fill(s, lo, hi, v)
}

// fillKernels set the elements [lo, hi) of a storage to a value converted
// to its dtype, in parallel chunks; they stop with a KeyboardInterrupt
// between chunks.
var fillKernels = AllDTypes(ByDType[func(s *Storage, lo, hi int, v float64) error]{
	Float32: fillWith[float32], Float64: fillWith[float64], Int64: fillWith[int64], Bool: fillWith[uint8], Uint8: fillWith[U8], Int8: fillWith[int8], Int16: fillWith[int16], Int32: fillWith[int32], Float16: fillWith[F16], BFloat16: fillWith[BF16], Complex64: fillWith[complex64], Complex128: fillWith[complex128], Uint16: fillWith[uint16], Uint32: fillWith[uint32], Uint64: fillWith[uint64]})

// fillWith is fillKernels' kernel for elements of type T. Positive zero is
// all zero bits in every dtype, so that it clears the memory (the
// runtime's vector memclr) instead of storing element by element.
func fillWith[T Element](s *Storage, lo, hi int, v float64) error {
	d, x := s.data.([]T)[lo:hi], ConvertElement[T](v)
	zero := v == 0 && !math.Signbit(v)
	fill := func(c []T) {
		if zero {
			clear(c)
		} else {
			fillSlice(c, x)
		}
	}
	if len(d) <= GrainSize {
		fill(d)
		return nil
	}
	return ParallelFor(len(d), GrainSize, func(begin, end int) { fill(d[begin:end]) })
}

func fillSlice[T Element](s []T, v T) {
	for i := range s {
		s[i] = v
	}
}

// FromSlice returns a contiguous tensor holding a copy of data with the given
// shape (a 1-D tensor when shape is omitted). For bool tensors pass []uint8;
// non-zero bytes become 1.
func FromSlice[T Element](data []T, shape ...int) (*Tensor, error) {
	if shape == nil {
		shape = []int{len(data)}
	}
	if err := checkShape(shape); err != nil {
		return nil, err
	}
	if n := numel(shape); n != len(data) {
		return nil, valueErrorf("shape %v needs %d elements, got %d", shape, n, len(data))
	}
	t, err := emptyOutput(DTypeOf[T](), shape...)
	if err != nil {
		return nil, err
	}
	dst := t.storage.data.([]T)
	if t.dtype == Bool {
		for i, v := range data {
			dst[i] = ConvertElement[T](boolByte(v != 0))
		}
	} else {
		copy(dst, data)
	}
	return t, nil
}

// FromBools returns a bool tensor holding data with the given shape.
func FromBools(data []bool, shape ...int) (*Tensor, error) {
	b := make([]uint8, len(data))
	for i, v := range data {
		b[i] = boolByte(v)
	}
	return FromSlice(b, shape...)
}

// Scalar returns a 0-d tensor made from a plain Go number: float64 (or
// float32) gives float64 storage, any integer gives int64, bool gives bool,
// a complex gives complex128.
// The result is a wrapped number: in promotion it is a weak operand, so
// float32 tensor + Scalar(2.5) stays float32 (PyTorch's rule for Python
// numbers).
func Scalar(v any) (*Tensor, error) {
	var t *Tensor
	var err error
	switch x := v.(type) {
	case float64:
		t, err = FromSlice([]float64{x}, []int{}...)
	case float32:
		t, err = FromSlice([]float64{float64(x)}, []int{}...)
	case int:
		t, err = FromSlice([]int64{int64(x)}, []int{}...)
	case int64:
		t, err = FromSlice([]int64{x}, []int{}...)
	case bool:
		t, err = FromSlice([]uint8{boolByte(x)}, []int{}...)
	case complex128:
		t, err = FromSlice([]complex128{x}, []int{}...)
	case complex64:
		t, err = FromSlice([]complex128{complex128(x)}, []int{}...)
	default:
		return nil, typeErrorf("cannot make a tensor scalar from %T", v)
	}
	if err != nil {
		return nil, err
	}
	t.wrapped = true
	return t, nil
}

// MustScalar is Scalar for values known to be numbers; it panics otherwise.
func MustScalar(v any) *Tensor {
	t, err := Scalar(v)
	if err != nil {
		panic(err)
	}
	return t
}

// Data returns the storage slice behind t, typed. It is the whole storage:
// index it with Offset and Strides. Asking for a type other than the one the
// tensor holds is a TypeError.
func Data[T Element](t *Tensor) ([]T, error) {
	want := DTypeOf[T]()
	if t.dtype != want {
		return nil, typeErrorf("expected dtype %s but tensor has %s", want, t.dtype)
	}
	return t.storage.data.([]T), nil
}

// Values returns the elements of t in row-major order as a new slice.
func Values[T Element](t *Tensor) ([]T, error) {
	c, err := t.Contiguous()
	if err != nil {
		return nil, err
	}
	d, err := Data[T](c)
	if err != nil {
		return nil, err
	}
	if c == t {
		return append([]T(nil), d[c.offset:c.offset+c.Numel()]...), nil
	}
	return d[:c.Numel()], nil
}

// Float64s returns the elements of t in row-major order converted to float64.
func (t *Tensor) Float64s() ([]float64, error) {
	c, err := t.To(Float64)
	if err != nil {
		return nil, err
	}
	return Values[float64](c)
}

// Item returns the value of a one-element tensor as a Go value: float64 for
// floating dtypes, int64 or bool.
func (t *Tensor) Item() (any, error) {
	if t.Numel() != 1 {
		return nil, valueErrorf("only one element tensors can be converted to Python scalars")
	}
	// Every dimension has size 1, so the offset is the element.
	return elementValue(t, t.offset)
}

// elementValue returns the element at storage index i of t as a Go value:
// float64 for floating dtypes, int64 for integers, bool for bool.
func elementValue(t *Tensor, i int) (any, error) {
	read, err := valueKernels.Select("item", t.dtype)
	if err != nil {
		return nil, err
	}
	return read(t.storage, i), nil
}

// valueKernels read one stored element as a Go value.
var valueKernels = AllDTypes(ByDType[func(s *Storage, i int) any]{
	Float32: storedValue[float32], Float64: storedValue[float64], Int64: storedValue[int64], Bool: storedValue[uint8], Uint8: storedValue[U8], Int8: storedValue[int8], Int16: storedValue[int16], Int32: storedValue[int32], Float16: storedValue[F16], BFloat16: storedValue[BF16], Complex64: storedValue[complex64], Complex128: storedValue[complex128], Uint16: storedValue[uint16], Uint32: storedValue[uint32], Uint64: storedValue[uint64]})

func storedValue[T Element](s *Storage, i int) any { return goValue(s.data.([]T)[i]) }

// goValue converts one element to the Go value that stands for it:
// float64 for floating dtypes, int64 for integers, bool for bool,
// complex128 for complex dtypes.
func goValue[T Element](v T) any {
	switch DTypeOf[T]().Category() {
	case ComplexCategory:
		return ConvertElement[complex128](v)
	case FloatingCategory:
		return ConvertElement[float64](v)
	case IntegerCategory:
		return ConvertElement[int64](v)
	case BoolCategory:
	}
	return v != 0
}

// IsContiguous reports whether t's elements are laid out in row-major order
// without gaps. As in PyTorch, a tensor without elements is contiguous
// whatever its strides, and dimensions of size 1 may have any stride.
func (t *Tensor) IsContiguous() bool {
	if t.Numel() == 0 {
		return true
	}
	expected := 1
	for i := len(t.shape) - 1; i >= 0; i-- {
		if t.shape[i] == 1 {
			continue
		}
		if t.strides[i] != expected {
			return false
		}
		expected *= t.shape[i]
	}
	return true
}

// view returns a tensor sharing t's storage with new geometry.
func (t *Tensor) view(shape, strides []int, offset int) *Tensor {
	return &Tensor{storage: t.storage, dtype: t.dtype, shape: shape, strides: strides, offset: offset}
}

// Detach returns a view of t's storage without autograd state.
func (t *Tensor) Detach() *Tensor { return t.view(t.shape, t.strides, t.offset) }

// String formats t like PyTorch's repr, always naming the dtype.
func (t *Tensor) String() string { return Format(t, CurrentPrintOptions()) }
