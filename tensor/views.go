package tensor

import (
	"slices"
)

// normDim turns a possibly negative dimension index into 0..ndim-1, with
// PyTorch's message when it is out of range. A 0-d tensor accepts -1 and 0.
func normDim(dim, ndim int) (int, error) {
	n := max(ndim, 1)
	if dim < -n || dim >= n {
		return 0, indexErrorf("Dimension out of range (expected to be in range of [%d, %d], but got %d)", -n, n-1, dim)
	}
	if dim < 0 {
		dim += n
	}
	return dim, nil
}

// inferShape resolves one -1 entry of shape so that it holds n elements.
func inferShape(shape []int, n int) ([]int, error) {
	out := append([]int{}, shape...)
	infer := -1
	known := 1
	for i, s := range out {
		switch {
		case s == -1 && infer >= 0:
			return nil, runtimeErrorf("only one dimension can be inferred")
		case s == -1:
			infer = i
		case s < 0:
			return nil, runtimeErrorf("invalid shape dimension %d", s)
		default:
			var ok bool
			if known, ok = checkedMul(known, s); !ok {
				return nil, storageOverflow(shape)
			}
		}
	}
	if infer >= 0 {
		if known == 0 || n%known != 0 {
			return nil, runtimeErrorf("shape '%v' is invalid for input of size %d", shape, n)
		}
		out[infer] = n / known
	} else if known != n {
		return nil, runtimeErrorf("shape '%v' is invalid for input of size %d", shape, n)
	}
	return out, nil
}

// viewStrides computes strides that let a tensor with oldShape/oldStrides be
// viewed as newShape without copying, or returns nil when no such strides
// exist (PyTorch's computeStride).
func viewStrides(oldShape, oldStrides, newShape []int) []int {
	if len(oldShape) == 0 || numel(oldShape) == 0 {
		return contiguousStrides(newShape)
	}
	newStrides := make([]int, len(newShape))
	viewD := len(newShape) - 1
	chunkBase := oldStrides[len(oldStrides)-1]
	tensorNumel, viewNumel := 1, 1
	for d := len(oldShape) - 1; d >= 0; d-- {
		tensorNumel *= oldShape[d]
		if d == 0 || (oldShape[d-1] != 1 && oldStrides[d-1] != tensorNumel*chunkBase) {
			for viewD >= 0 && (viewNumel < tensorNumel || newShape[viewD] == 1) {
				newStrides[viewD] = viewNumel * chunkBase
				viewNumel *= newShape[viewD]
				viewD--
			}
			if viewNumel != tensorNumel {
				return nil
			}
			if d > 0 {
				chunkBase = oldStrides[d-1]
				tensorNumel, viewNumel = 1, 1
			}
		}
	}
	if viewD != -1 {
		return nil
	}
	return newStrides
}

// View returns a tensor with the given shape sharing t's storage. One
// dimension may be -1 and is inferred. It fails when t's strides do not allow
// the new shape without a copy; Reshape copies in that case.
func (t *Tensor) View(shape ...int) (*Tensor, error) {
	newShape, err := inferShape(shape, t.Numel())
	if err != nil {
		return nil, err
	}
	strides := viewStrides(t.shape, t.strides, newShape)
	if strides == nil {
		return nil, Errorf(RuntimeError, "view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces)").
			WithHint("use .reshape(...) instead, which copies when it must")
	}
	return t.view(newShape, strides, t.offset), nil
}

// Reshape returns a view with the given shape when the strides allow it and
// a contiguous copy otherwise.
func (t *Tensor) Reshape(shape ...int) (*Tensor, error) {
	newShape, err := inferShape(shape, t.Numel())
	if err != nil {
		return nil, err
	}
	if strides := viewStrides(t.shape, t.strides, newShape); strides != nil {
		return t.view(newShape, strides, t.offset), nil
	}
	c, err := t.Contiguous()
	if err != nil {
		return nil, err
	}
	return c.view(newShape, contiguousStrides(newShape), c.offset), nil
}

// Flatten returns t reshaped to one dimension.
func (t *Tensor) Flatten() (*Tensor, error) { return t.Reshape(-1) }

// Transpose swaps dimensions d0 and d1.
func (t *Tensor) Transpose(d0, d1 int) (*Tensor, error) {
	a, err := normDim(d0, t.Dim())
	if err != nil {
		return nil, err
	}
	b, err := normDim(d1, t.Dim())
	if err != nil {
		return nil, err
	}
	if t.Dim() == 0 {
		return t.view(t.shape, t.strides, t.offset), nil
	}
	shape, strides := t.Shape(), t.Strides()
	shape[a], shape[b] = shape[b], shape[a]
	strides[a], strides[b] = strides[b], strides[a]
	return t.view(shape, strides, t.offset), nil
}

// Permute reorders the dimensions: dimension i of the result is dimension
// dims[i] of t.
func (t *Tensor) Permute(dims ...int) (*Tensor, error) {
	if len(dims) != t.Dim() {
		return nil, runtimeErrorf("permute(): the tensor has %d dimensions but %d were given", t.Dim(), len(dims)).
			WithHint("list every dimension once, e.g. x.permute(1, 0) for a matrix")
	}
	seen := make([]bool, t.Dim())
	shape := make([]int, len(dims))
	strides := make([]int, len(dims))
	for i, d := range dims {
		nd, err := normDim(d, t.Dim())
		if err != nil {
			return nil, err
		}
		if seen[nd] {
			return nil, runtimeErrorf("permute(): duplicate dims are not allowed")
		}
		seen[nd] = true
		shape[i], strides[i] = t.shape[nd], t.strides[nd]
	}
	return t.view(shape, strides, t.offset), nil
}

// T returns t with its dimensions reversed (a matrix transpose for 2-D).
func (t *Tensor) T() *Tensor {
	// The shape and strides in one allocation (linear transposes its
	// weight at every call), each capped so that an append copies.
	n := len(t.shape)
	geom := make([]int, 2*n)
	shape, strides := geom[:n:n], geom[n:]
	for i := range n {
		shape[i], strides[i] = t.shape[n-1-i], t.strides[n-1-i]
	}
	return t.view(shape, strides, t.offset)
}

// Narrow returns the slice start:start+length along dim.
func (t *Tensor) Narrow(dim, start, length int) (*Tensor, error) {
	d, err := normDim(dim, t.Dim())
	if err != nil {
		return nil, err
	}
	if t.Dim() == 0 {
		return nil, indexErrorf("narrow() cannot be applied to a 0-dim tensor")
	}
	size := t.shape[d]
	if start < 0 {
		start += size
	}
	if start < 0 || start > size || length < 0 || length > size-start {
		return nil, indexErrorf("start (%d) + length (%d) exceeds dimension size (%d)", start, length, size)
	}
	return t.Slice(d, start, start+length, 1)
}

// Select returns the sub-tensor at index along dim, removing that dimension.
// Negative indices count from the end.
func (t *Tensor) Select(dim, index int) (*Tensor, error) {
	if t.Dim() == 0 {
		return nil, indexErrorf("invalid index of a 0-dim tensor")
	}
	d, err := normDim(dim, t.Dim())
	if err != nil {
		return nil, err
	}
	size := t.shape[d]
	if index < -size || index >= size {
		return nil, indexErrorf("index %d is out of bounds for dimension %d with size %d", index, d, size)
	}
	if index < 0 {
		index += size
	}
	shape := slices.Delete(t.Shape(), d, d+1)
	strides := slices.Delete(t.Strides(), d, d+1)
	return t.view(shape, strides, t.offset+index*t.strides[d]), nil
}

// Slice returns the elements start:stop:step along dim with Python's rules
// for negative and out-of-range bounds. The step must be positive.
func (t *Tensor) Slice(dim, start, stop, step int) (*Tensor, error) {
	if t.Dim() == 0 {
		return nil, indexErrorf("slice() cannot be applied to a 0-dim tensor")
	}
	d, err := normDim(dim, t.Dim())
	if err != nil {
		return nil, err
	}
	if step == 0 {
		return nil, valueErrorf("slice step cannot be zero")
	}
	if step < 0 {
		return nil, valueErrorf("step must be greater than zero").
			WithHint("use .flip(%d) to reverse a dimension", dim)
	}
	start, stop = ClampSlice(start, stop, t.shape[d])
	n := 0
	if stop > start {
		n = (stop-start-1)/step + 1 // ceil((stop-start)/step) without overflow
	}
	shape, strides := t.Shape(), t.Strides()
	shape[d] = n
	strides[d] = t.strides[d] * step
	offset := t.offset
	if n > 0 {
		offset += start * t.strides[d]
	}
	return t.view(shape, strides, offset), nil
}

// ClampSlice resolves Python slice bounds for a dimension of the given size:
// negative bounds count from the end and out-of-range bounds are clamped.
func ClampSlice(start, stop, size int) (int, int) {
	clamp := func(i int) int {
		if i < 0 {
			i += size
		}
		return min(max(i, 0), size)
	}
	return clamp(start), clamp(stop)
}

// Expand returns a view of t broadcast to shape without copying: size-1
// dimensions get stride 0, and new leading dimensions are added. -1 keeps a
// dimension's size.
func (t *Tensor) Expand(shape ...int) (*Tensor, error) {
	if len(shape) < t.Dim() {
		return nil, runtimeErrorf("expand: the number of sizes provided (%d) must be greater or equal to the number of dimensions in the tensor (%d)", len(shape), t.Dim())
	}
	lead := len(shape) - t.Dim()
	newShape := make([]int, len(shape))
	strides := make([]int, len(shape))
	for i, s := range shape {
		if i < lead {
			if s < 0 {
				return nil, runtimeErrorf("expand: -1 is not allowed in a leading, non-existing dimension %d", i)
			}
			newShape[i] = s
			continue
		}
		old := t.shape[i-lead]
		switch {
		case s == -1 || s == old:
			newShape[i], strides[i] = old, t.strides[i-lead]
		case old == 1 && s >= 0:
			newShape[i] = s
		default:
			return nil, Errorf(RuntimeError, "The expanded size of the tensor (%d) must match the existing size (%d) at non-singleton dimension %d.  Target sizes: %s.  Tensor sizes: %s", s, old, i, FormatShape(shape), FormatShape(t.shape))
		}
	}
	if err := checkShape(newShape); err != nil {
		return nil, err
	}
	return t.view(newShape, strides, t.offset), nil
}

// BroadcastTo is Expand under NumPy's name.
func (t *Tensor) BroadcastTo(shape ...int) (*Tensor, error) { return t.Expand(shape...) }

// Squeeze removes the given size-1 dimensions, or every size-1 dimension when
// none are given. Named dimensions whose size is not 1 are left alone, as in
// PyTorch.
func (t *Tensor) Squeeze(dims ...int) (*Tensor, error) {
	if t.Dim() == 0 {
		for _, d := range dims {
			if _, err := normDim(d, 0); err != nil {
				return nil, err
			}
		}
		return t.view(t.shape, t.strides, t.offset), nil
	}
	drop := make([]bool, t.Dim())
	if len(dims) == 0 {
		for i, s := range t.shape {
			drop[i] = s == 1
		}
	}
	for _, d := range dims {
		nd, err := normDim(d, t.Dim())
		if err != nil {
			return nil, err
		}
		drop[nd] = t.Dim() > 0 && t.shape[nd] == 1
	}
	var shape, strides []int
	for i := range t.shape {
		if !drop[i] {
			shape = append(shape, t.shape[i])
			strides = append(strides, t.strides[i])
		}
	}
	return t.view(shape, strides, t.offset), nil
}

// Unsqueeze inserts a size-1 dimension at dim (which may be Dim(), or
// negative counting from Dim()+1).
func (t *Tensor) Unsqueeze(dim int) (*Tensor, error) {
	d, err := normDim(dim, t.Dim()+1)
	if err != nil {
		return nil, err
	}
	stride := 1
	if d < t.Dim() {
		stride = t.strides[d] * t.shape[d]
	}
	shape := slices.Insert(t.Shape(), d, 1)
	strides := slices.Insert(t.Strides(), d, stride)
	return t.view(shape, strides, t.offset), nil
}

// Contiguous returns t when it is contiguous and a row-major copy otherwise.
func (t *Tensor) Contiguous() (*Tensor, error) {
	if t.IsContiguous() {
		return t, nil
	}
	return t.Clone()
}

// Clone returns a contiguous copy of t with its own storage.
func (t *Tensor) Clone() (*Tensor, error) {
	out, err := emptyOutput(t.dtype, t.shape...)
	if err != nil {
		return nil, err
	}
	if err := copyInto(out, t); err != nil {
		return nil, err
	}
	return out, nil
}

// To returns t converted to dtype d. When t already has dtype d it returns t
// itself, without a copy.
func (t *Tensor) To(d DType) (*Tensor, error) {
	if t.dtype == d {
		return t, nil
	}
	src, err := t.Contiguous()
	if err != nil {
		return nil, err
	}
	out, err := emptyOutput(d, t.shape...)
	if err != nil {
		return nil, err
	}
	if err := castStorage(out, src, src.Numel()); err != nil {
		return nil, err
	}
	if d == BFloat16 && (t.dtype == Float32 || t.dtype == Float64) {
		markVectorNaNs(out, t.dtype, t.shape, t.strides) // the output keeps t's layout in PyTorch
	}
	out.wrapped = t.wrapped
	return out, nil
}

// castStorage converts the first n elements of the contiguous src, from its
// offset on, into the start of dst's storage.
func castStorage(dst, src *Tensor, n int) error {
	into, err := castKernels.Select("to", dst.dtype)
	if err != nil {
		return err
	}
	cast, err := into.Select("to", src.dtype)
	if err != nil {
		return err
	}
	if n <= GrainSize {
		cast(dst.storage.data, src.storage.data, 0, src.offset, n)
		return nil
	}
	// Chunks in parallel, stopping with a KeyboardInterrupt between them.
	return ParallelFor(n, GrainSize, func(begin, end int) {
		cast(dst.storage.data, src.storage.data, begin, src.offset+begin, end-begin)
	})
}

// castFunc converts n elements of src starting at off into dst starting at
// at; both are storage slices.
type castFunc func(dst, src any, at, off, n int)

// castKernels[to][from] converts between every pair of dtypes.
var castKernels = AllDTypes(ByDType[Kernels[castFunc]]{
	Float32: castInto[float32](), Float64: castInto[float64](), Int64: castInto[int64](), Bool: castInto[uint8](),
	Uint8: castInto[U8](), Int8: castInto[int8](), Int16: castInto[int16](), Int32: castInto[int32](),
	Float16: castInto[F16](), BFloat16: castInto[BF16](),
	Complex64: castIntoComplex[complex64](), Complex128: castIntoComplex[complex128](),
	Uint16: castInto[uint16](), Uint32: castInto[uint32](), Uint64: castInto[uint64]()})

func castInto[To Real]() Kernels[castFunc] {
	return AllDTypes(ByDType[castFunc]{
		Float32: castLoop[To, float32], Float64: castLoop[To, float64], Int64: castLoop[To, int64], Bool: castLoop[To, uint8],
		Uint8: castLoop[To, U8], Int8: castLoop[To, int8], Int16: castLoop[To, int16], Int32: castLoop[To, int32],
		Float16: castLoop[To, F16], BFloat16: castLoop[To, BF16],
		Complex64: castFromComplex[To, complex64], Complex128: castFromComplex[To, complex128],
		Uint16: castLoop[To, uint16], Uint32: castLoop[To, uint32], Uint64: castLoop[To, uint64]})
}

func castLoop[To, From Real](dst, src any, at, off, n int) {
	castSlice(dst.([]To)[at:at+n], src.([]From)[off:off+n])
}

// castSlice converts src into dst elementwise with Convert's rules, with
// a plain Go conversion where it gives the same result.
func castSlice[To, From Real](dst []To, src []From) {
	dst = dst[:len(src)]
	if plainConversion[To, From]() {
		for i, v := range src {
			dst[i] = To(v)
		}
		return
	}
	for i, v := range src {
		dst[i] = Convert[To](v)
	}
}

// plainConversion reports whether Go's conversion To(v) is Convert's for
// every value: between float32 and float64, and from an integer or bool
// to an integer of a width that wraps as Go does or to a float.
func plainConversion[To, From Real]() bool {
	from, to := DTypeOf[From](), DTypeOf[To]()
	switch {
	case to == Bool, to == Float16, to == BFloat16, from == Float16, from == BFloat16:
		return false
	case from.IsFloating():
		return to.IsFloating()
	}
	return true
}

// AsStrided returns a view of t's whole storage with the given shape,
// strides and storage offset (in elements), as PyTorch's as_strided and
// the tensors torch.load rebuilds over a shared storage. Every element
// the view reaches must lie inside the storage; strides must not be
// negative.
func (t *Tensor) AsStrided(shape, strides []int, offset int) (*Tensor, error) {
	if len(shape) != len(strides) {
		return nil, valueErrorf("as_strided: %d sizes but %d strides", len(shape), len(strides))
	}
	if err := checkShape(shape); err != nil {
		return nil, err
	}
	if offset < 0 {
		return nil, runtimeErrorf("as_strided: negative storage offset %d", offset)
	}
	last := offset
	for i, n := range shape {
		if strides[i] < 0 {
			return nil, runtimeErrorf("as_strided: negative stride %d", strides[i])
		}
		if n == 0 {
			last = -1
			break
		}
		reach, okMul := checkedMul(n-1, strides[i])
		var okAdd bool
		if last, okAdd = checkedAdd(last, reach); !okMul || !okAdd {
			return nil, valueErrorf("as_strided: the view reaches beyond any storage")
		}
	}
	if last >= t.storage.n || last < 0 && offset > t.storage.n {
		return nil, valueErrorf("as_strided: setStorage: sizes %v, strides %v, storage offset %d need a storage of %d elements, but it has %d", shape, strides, offset, last+1, t.storage.n)
	}
	return t.view(append([]int(nil), shape...), append([]int(nil), strides...), offset), nil
}
