package tensor

import "slices"

// isLegacyEmpty reports whether t is a 1-D tensor with no elements, which
// torch.cat skips whatever the shapes of the other tensors.
func isLegacyEmpty(t *Tensor) bool { return t.Dim() == 1 && t.shape[0] == 0 }

// Cat concatenates ts along dim, as torch.cat. The result has the promoted
// dtype of all of them; the tensors must have the same number of dimensions
// and sizes except along dim. 1-D empty tensors are skipped, as in PyTorch.
func Cat(ts []*Tensor, dim int) (*Tensor, error) {
	if len(ts) == 0 {
		return nil, runtimeErrorf("torch.cat(): expected a non-empty list of Tensors")
	}
	d := ts[0].dtype
	ref := -1
	for i, t := range ts {
		if t.Dim() == 0 {
			return nil, runtimeErrorf("zero-dimensional tensor (at position %d) cannot be concatenated", i)
		}
		d = PromoteTypes(d, t.dtype)
		if ref < 0 && !isLegacyEmpty(t) {
			ref = i
		}
	}
	if ref < 0 {
		if _, err := normDim(dim, 1); err != nil {
			return nil, err
		}
		return Empty(d, 0)
	}
	nd := ts[ref].Dim()
	cd, err := normDim(dim, nd)
	if err != nil {
		return nil, err
	}
	shape := ts[ref].Shape()
	shape[cd] = 0
	for i, t := range ts {
		if isLegacyEmpty(t) {
			continue
		}
		if t.Dim() != nd {
			return nil, runtimeErrorf("Tensors must have same number of dimensions: got %d and %d", nd, t.Dim())
		}
		for j, s := range t.shape {
			if j != cd && s != ts[ref].shape[j] {
				return nil, runtimeErrorf("Sizes of tensors must match except in dimension %d. Expected size %d but got size %d for tensor number %d in the list.",
					cd, ts[ref].shape[j], s, i)
			}
		}
		var ok bool
		if shape[cd], ok = checkedAdd(shape[cd], t.shape[cd]); !ok {
			return nil, Errorf(RuntimeError, "Storage size calculation overflowed: the sizes in dimension %d add up to more than an int64 holds", cd)
		}
	}
	out, err := emptyOutput(d, shape...)
	if err != nil {
		return nil, err
	}
	if catBlocks(out, ts, cd) {
		return out, nil
	}
	pos := 0
	for _, t := range ts {
		if isLegacyEmpty(t) {
			continue
		}
		part, err := out.Narrow(cd, pos, t.shape[cd])
		if err != nil {
			return nil, err
		}
		if err := copyInto(part, t); err != nil {
			return nil, err
		}
		pos += t.shape[cd]
	}
	return out, nil
}

// Stack joins tensors of one shape along a new dimension dim, as
// torch.stack; dtypes are promoted as in Cat.
func Stack(ts []*Tensor, dim int) (*Tensor, error) {
	if len(ts) == 0 {
		return nil, runtimeErrorf("stack expects a non-empty TensorList")
	}
	sd, err := normDim(dim, ts[0].Dim()+1)
	if err != nil {
		return nil, err
	}
	parts := make([]*Tensor, len(ts))
	for i, t := range ts {
		if !slices.Equal(t.shape, ts[0].shape) {
			return nil, runtimeErrorf("stack expects each tensor to be equal size, but got %s at entry 0 and %s at entry %d",
				FormatShape(ts[0].shape), FormatShape(t.shape), i)
		}
		if parts[i], err = t.Unsqueeze(sd); err != nil {
			return nil, err
		}
	}
	return Cat(parts, sd)
}

// splitDim normalizes dim for the split functions, which need a dimension.
func splitDim(op string, x *Tensor, dim int) (int, error) {
	if x.Dim() == 0 {
		return 0, runtimeErrorf("%s expects at least a 1-dimensional tensor", op)
	}
	return normDim(dim, x.Dim())
}

// Split splits x along dim into views of size elements each (the last one
// smaller when size does not divide the length), as torch.split.
func Split(x *Tensor, size int, dim int) ([]*Tensor, error) {
	d, err := splitDim("split", x, dim)
	if err != nil {
		return nil, err
	}
	if size < 0 {
		return nil, runtimeErrorf("split expects split_size be non-negative, but got split_size=%d", size)
	}
	length := x.shape[d]
	if size == 0 && length != 0 {
		return nil, runtimeErrorf("split_size can only be 0 if dimension size is 0, but got dimension size of %d", length)
	}
	n := 1
	if size > 0 {
		n = max((length+size-1)/size, 1)
	}
	sizes := make([]int, n)
	for i := range sizes {
		sizes[i] = min(size, length-i*size)
	}
	return narrowParts(x, d, sizes)
}

// SplitSizes splits x along dim into views of the given sizes, which must
// add up to the length of dim, as torch.split with a list.
func SplitSizes(x *Tensor, sizes []int, dim int) ([]*Tensor, error) {
	d, err := splitDim("split_with_sizes", x, dim)
	if err != nil {
		return nil, err
	}
	total := 0
	for _, s := range sizes {
		if s < 0 {
			return nil, runtimeErrorf("split_with_sizes expects split_sizes have only non-negative entries, but got split_sizes=%s", FormatShape(sizes))
		}
		total += s
	}
	if total != x.shape[d] {
		return nil, runtimeErrorf("split_with_sizes expects split_sizes to sum exactly to %d (input tensor's size at dimension %d), but got split_sizes=%s",
			x.shape[d], d, FormatShape(sizes))
	}
	return narrowParts(x, d, sizes)
}

// narrowParts returns consecutive views of x along d with the given sizes.
func narrowParts(x *Tensor, d int, sizes []int) ([]*Tensor, error) {
	parts := make([]*Tensor, len(sizes))
	pos := 0
	for i, s := range sizes {
		p, err := x.Narrow(d, pos, s)
		if err != nil {
			return nil, err
		}
		parts[i] = p
		pos += s
	}
	return parts, nil
}

// Chunk splits x along dim into at most chunks views of equal size (the
// last one smaller), as torch.chunk: fewer chunks come back when the length
// does not need them all.
func Chunk(x *Tensor, chunks, dim int) ([]*Tensor, error) {
	d, err := splitDim("chunk", x, dim)
	if err != nil {
		return nil, err
	}
	if chunks <= 0 {
		return nil, runtimeErrorf("chunk expects `chunks` to be greater than 0, got: %d", chunks)
	}
	length := x.shape[d]
	if length == 0 {
		return SplitSizes(x, make([]int, chunks), d)
	}
	return Split(x, (length-1)/chunks+1, d) // ceil(length/chunks) without overflow
}

// Flip returns a copy of x with the order of elements reversed along dims,
// as torch.flip.
func Flip(x *Tensor, dims ...int) (*Tensor, error) {
	shape, strides := x.Shape(), x.Strides()
	offset := x.offset
	seen := make([]bool, max(x.Dim(), 1))
	for _, dim := range dims {
		d, err := normDim(dim, x.Dim())
		if err != nil {
			return nil, err
		}
		if seen[d] {
			return nil, runtimeErrorf("dim %d appears multiple times in the list of dims", d)
		}
		seen[d] = true
		if x.Dim() == 0 || shape[d] == 0 {
			continue
		}
		// A view with a negative stride reads the dimension backwards; it
		// never leaves this function.
		offset += (shape[d] - 1) * strides[d]
		strides[d] = -strides[d]
	}
	return x.view(shape, strides, offset).Clone()
}

// clearRange zeroes storage elements [begin, end) of t.
type clearRange func(t *Tensor, begin, end int)

var clearKernels = AllDTypes(ByDType[clearRange]{Float32: clearElems[float32], Float64: clearElems[float64], Int64: clearElems[int64], Bool: clearElems[uint8], Uint8: clearElems[U8], Int8: clearElems[int8], Int16: clearElems[int16], Int32: clearElems[int32], Float16: clearElems[F16], BFloat16: clearElems[BF16], Complex64: clearElems[complex64], Complex128: clearElems[complex128], Uint16: clearElems[uint16], Uint32: clearElems[uint32], Uint64: clearElems[uint64]})

func clearElems[T Element](t *Tensor, begin, end int) { clear(t.storage.data.([]T)[begin:end]) }

// triangle copies x and zeroes, in every matrix of its last two
// dimensions, the elements above (lower) or below (upper) the diagonal.
func triangle(op string, x *Tensor, diagonal int, lower bool) (*Tensor, error) {
	if x.Dim() < 2 {
		return nil, valueErrorf("%s: input tensor must have at least 2 dimensions", op)
	}
	zero, err := clearKernels.Select(op, x.dtype)
	if err != nil {
		return nil, err
	}
	out, err := x.Clone()
	if err != nil {
		return nil, err
	}
	rows, cols := x.shape[x.Dim()-2], x.shape[x.Dim()-1]
	if rows == 0 || cols == 0 {
		return out, nil
	}
	// Diagonals beyond the matrix act as its edges; clamping them keeps
	// i+diagonal from overflowing.
	diagonal = min(max(diagonal, -rows), cols)
	// Row i of every matrix is kept in columns [lo, hi).
	err = ParallelFor(out.Numel()/cols, max(1, GrainSize/cols), func(b, e int) {
		for r := b; r < e; r++ {
			i := r % rows
			lo, hi := 0, cols
			if lower {
				hi = min(max(i+diagonal+1, 0), cols)
			} else {
				lo = min(max(i+diagonal, 0), cols)
			}
			zero(out, r*cols, r*cols+lo)
			zero(out, r*cols+hi, (r+1)*cols)
		}
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Tril returns a copy of x keeping the elements on and below the given
// diagonal of each matrix (0 the main diagonal, positive above), as
// torch.tril.
func Tril(x *Tensor, diagonal int) (*Tensor, error) { return triangle("tril", x, diagonal, true) }

// Triu returns a copy of x keeping the elements on and above the given
// diagonal of each matrix, as torch.triu.
func Triu(x *Tensor, diagonal int) (*Tensor, error) { return triangle("triu", x, diagonal, false) }

// catBlockKernels copies contiguous parts of the output's dtype into the
// contiguous output of Cat, block by block.
var catBlockKernels = AllDTypes(ByDType[func(out *Tensor, ts []*Tensor, outer, inner int)]{Float32: catBlockKernel[float32], Float64: catBlockKernel[float64], Int64: catBlockKernel[int64], Bool: catBlockKernel[uint8], Uint8: catBlockKernel[U8], Int8: catBlockKernel[int8], Int16: catBlockKernel[int16], Int32: catBlockKernel[int32], Float16: catBlockKernel[F16], BFloat16: catBlockKernel[BF16], Complex64: catBlockKernel[complex64], Complex128: catBlockKernel[complex128], Uint16: catBlockKernel[uint16], Uint32: catBlockKernel[uint32], Uint64: catBlockKernel[uint64]})

// catBlocks writes Cat's parts into out along dimension cd when every
// part is contiguous and of out's dtype (makemore's 16 embeddings joined
// along the last dimension): each part is outer blocks of
// part.shape[cd]·inner elements, and each block one copy into its place
// in out's row of shape[cd]·inner, where an element-wise copy through the
// iterator called its loop once a row of the part. It reports false, and
// writes nothing, when some part does not fit.
func catBlocks(out *Tensor, ts []*Tensor, cd int) bool {
	for _, t := range ts {
		if !isLegacyEmpty(t) && (t.dtype != out.dtype || !t.IsContiguous()) {
			return false
		}
	}
	kernel, err := catBlockKernels.Select("cat", out.dtype)
	if err != nil || out.Numel() == 0 {
		return false
	}
	kernel(out, ts, numel(out.shape[:cd]), numel(out.shape[cd+1:]))
	return true
}

func catBlockKernel[T Element](out *Tensor, ts []*Tensor, outer, inner int) {
	dst := out.storage.data.([]T)[out.offset : out.offset+out.Numel()]
	row := len(dst) / outer
	srcs := make([][]T, 0, len(ts))
	for _, t := range ts {
		if !isLegacyEmpty(t) {
			srcs = append(srcs, t.storage.data.([]T)[t.offset:t.offset+t.Numel()])
		}
	}
	// Each output row in turn, its blocks from every part, as ATen's
	// cat_serial_kernel: the output is written front to back, so a fresh
	// output streams through the caches rather than being visited once a
	// part at a stride of a whole row. Rows in parallel when large.
	_ = ParallelFor(outer, max(1, GrainSize/max(row, 1)), func(begin, end int) {
		for o := begin; o < end; o++ {
			d := dst[o*row : (o+1)*row]
			for _, src := range srcs {
				n := len(src) / outer
				copy(d[:n], src[o*n:(o+1)*n])
				d = d[n:]
			}
		}
	})
}
