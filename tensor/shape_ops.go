package tensor

import "slices"

// Shape operations that copy: roll, repeat, repeat_interleave, diag,
// diag_embed, trace, cross; and diagonal, a view.

// Roll returns x with its elements shifted by shifts[i] along dims[i],
// wrapping around, as torch.roll. With no dims, x is flattened, rolled by
// the single shift and given its shape back.
func Roll(x *Tensor, shifts, dims []int) (*Tensor, error) {
	if len(dims) == 0 {
		if len(shifts) != 1 {
			return nil, Errorf(RuntimeError, "shifts and dimensions must align. shifts: %d, dims:0", len(shifts))
		}
		flat, err := x.Reshape(-1)
		if err != nil {
			return nil, err
		}
		out, err := Roll(flat, shifts, []int{0})
		if err != nil {
			return nil, err
		}
		return out.Reshape(x.shape...)
	}
	if len(shifts) != len(dims) {
		return nil, Errorf(RuntimeError, "shifts and dimensions must align. shifts: %d, dims:%d", len(shifts), len(dims))
	}
	out := x
	for i, dim := range dims {
		d, err := normDim(dim, x.Dim())
		if err != nil {
			return nil, err
		}
		if x.Dim() == 0 {
			continue
		}
		n := x.shape[d]
		if n == 0 {
			continue
		}
		idx := make([]int64, n)
		s := ((shifts[i] % n) + n) % n
		for j := range idx {
			idx[j] = int64((j - s + n) % n)
		}
		index, err := FromSlice(idx, n)
		if err != nil {
			return nil, err
		}
		if out, err = IndexSelect(out, d, index); err != nil {
			return nil, err
		}
	}
	if out == x {
		return x.Clone()
	}
	return out, nil
}

// Repeat returns x tiled sizes[i] times along each dimension, as
// x.repeat(*sizes): sizes may be longer than x's dims (x gets leading
// dimensions of size 1), not shorter.
func Repeat(x *Tensor, sizes ...int) (*Tensor, error) {
	if len(sizes) < x.Dim() {
		return nil, Errorf(RuntimeError, "Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor").
			WithHint("x has %d dims; give at least %d sizes", x.Dim(), x.Dim())
	}
	lead := len(sizes) - x.Dim()
	inShape := slices.Concat(make([]int, lead), x.shape)
	for i := range lead {
		inShape[i] = 1
	}
	// x viewed as [1, s0, 1, s1, ...], expanded to [r0, s0, r1, s1, ...].
	split, expanded, outShape := make([]int, 0, 2*len(sizes)), make([]int, 0, 2*len(sizes)), make([]int, len(sizes))
	for i, r := range sizes {
		if r < 0 {
			return nil, Errorf(RuntimeError, "Trying to create tensor with negative dimension %d: %v", r, sizes)
		}
		split = append(split, 1, inShape[i])
		expanded = append(expanded, r, inShape[i])
		var ok bool
		if outShape[i], ok = checkedMul(r, inShape[i]); !ok {
			return nil, storageOverflow(expanded)
		}
	}
	v, err := x.Reshape(split...)
	if err != nil {
		return nil, err
	}
	if v, err = v.Expand(expanded...); err != nil {
		return nil, err
	}
	if v, err = v.Contiguous(); err != nil {
		return nil, err
	}
	return v.Reshape(outShape...)
}

// RepeatInterleave repeats each element (each slice along dim) of x: all
// of them `repeats` times, or the i-th repeats[i] times when repeats is a
// vector, as torch.repeat_interleave. A nil dim flattens x first.
func RepeatInterleave(x *Tensor, repeats *Tensor, dim *int) (*Tensor, error) {
	if dim == nil {
		flat, err := x.Reshape(-1)
		if err != nil {
			return nil, err
		}
		zero := 0
		return RepeatInterleave(flat, repeats, &zero)
	}
	d, err := normDim(*dim, x.Dim())
	if err != nil {
		return nil, err
	}
	if x.Dim() == 0 {
		if x, err = x.Reshape(1); err != nil {
			return nil, err
		}
	}
	n := x.shape[d]
	counts, err := repeatCounts(repeats, n)
	if err != nil {
		return nil, err
	}
	index, err := RepeatIndex(counts)
	if err != nil {
		return nil, err
	}
	return IndexSelect(x, d, index)
}

// repeatCounts returns the repeat count of each of n slices.
func repeatCounts(repeats *Tensor, n int) (*Tensor, error) {
	if repeats.dtype != Int64 {
		return nil, Errorf(RuntimeError, "repeats has to be Long tensor, got %s", repeats.dtype)
	}
	switch {
	case repeats.Dim() == 0 || (repeats.Dim() == 1 && repeats.shape[0] == 1):
		r, err := repeats.Reshape()
		if err != nil {
			return nil, err
		}
		return r.Expand(n)
	case repeats.Dim() == 1 && repeats.shape[0] == n:
		return repeats, nil
	}
	return nil, Errorf(RuntimeError, "repeats must have the same size as input along dim, but got repeats.size(0) = %d and input.size(%d) = %d",
		repeats.Numel(), 0, n)
}

// RepeatIndex returns i repeated counts[i] times for each i, as
// torch.repeat_interleave(counts); counts is a 1-D non-negative int64
// tensor.
func RepeatIndex(counts *Tensor) (*Tensor, error) {
	if counts.dtype != Int64 || counts.Dim() > 1 {
		return nil, Errorf(RuntimeError, "repeat_interleave only accept 1D vector as repeat").
			WithHint("repeats is a %dD %s tensor", counts.Dim(), counts.dtype)
	}
	c, err := Values[int64](counts)
	if err != nil {
		return nil, err
	}
	total := 0
	for _, r := range c {
		if r < 0 {
			return nil, Errorf(RuntimeError, "repeats can not be negative")
		}
		var ok bool
		if total, ok = checkedAdd(total, int(r)); !ok {
			return nil, Errorf(RuntimeError, "Storage size calculation overflowed: the repeats add up to more than an int64 holds")
		}
	}
	if err := checkScratch(total, 8); err != nil {
		return nil, err
	}
	idx := make([]int64, 0, total)
	for i, r := range c {
		for range r {
			idx = append(idx, int64(i))
		}
	}
	return FromSlice(idx, len(idx))
}

// Diagonal returns a view of the diagonal offset of x in the plane of dims
// d1 and d2 (offset > 0 above the main diagonal), as torch.diagonal: those
// dims are removed and the diagonal becomes the last dimension.
func Diagonal(x *Tensor, offset, dim1, dim2 int) (*Tensor, error) {
	if x.Dim() < 2 {
		return nil, Errorf(RuntimeError, "diagonal(): input must have at least 2 dimensions, got %d", x.Dim())
	}
	d1, err := normDim(dim1, x.Dim())
	if err != nil {
		return nil, err
	}
	d2, err := normDim(dim2, x.Dim())
	if err != nil {
		return nil, err
	}
	if d1 == d2 {
		return nil, Errorf(RuntimeError, "diagonal dimensions cannot be identical %d, %d", dim1, dim2)
	}
	start := x.offset
	var n int
	if offset >= 0 {
		n = max(0, min(x.shape[d1], x.shape[d2]-offset))
		if n > 0 {
			start += offset * x.strides[d2]
		}
	} else {
		n = max(0, min(x.shape[d1]+offset, x.shape[d2]))
		if n > 0 {
			start -= offset * x.strides[d1]
		}
	}
	var shape, strides []int
	for i := range x.shape {
		if i != d1 && i != d2 {
			shape = append(shape, x.shape[i])
			strides = append(strides, x.strides[i])
		}
	}
	shape = append(shape, n)
	strides = append(strides, x.strides[d1]+x.strides[d2])
	return x.view(shape, strides, start), nil
}

// Diag returns, for a 1-D x, the square matrix with x on its diagonal-th
// diagonal, and for a 2-D x a copy of that diagonal, as torch.diag.
func Diag(x *Tensor, diagonal int) (*Tensor, error) {
	switch x.Dim() {
	case 1:
		n := x.shape[0] + max(diagonal, -diagonal)
		out, err := Zeros(x.dtype, n, n)
		if err != nil {
			return nil, err
		}
		d, err := Diagonal(out, diagonal, 0, 1)
		if err != nil {
			return nil, err
		}
		if err := d.CopyFrom(x); err != nil {
			return nil, err
		}
		return out, nil
	case 2:
		d, err := Diagonal(x, diagonal, 0, 1)
		if err != nil {
			return nil, err
		}
		return d.Clone()
	}
	return nil, Errorf(RuntimeError, "diag(): Supports 1D or 2D tensors. Got %dD", x.Dim())
}

// Trace returns the sum of the main diagonal of the matrix x as a 0-d
// tensor: int64 for int64, the dtype for floats; bool is refused, as in
// PyTorch.
func Trace(x *Tensor) (*Tensor, error) {
	if err := RefuseHalf("trace", x); err != nil {
		return nil, err
	}
	if x.Dim() != 2 {
		return nil, Errorf(RuntimeError, "trace: expected a matrix, but got tensor with dim %d", x.Dim())
	}
	if err := noBool("trace", x); err != nil {
		return nil, err
	}
	d, err := Diagonal(x, 0, 0, 1)
	if err != nil {
		return nil, err
	}
	return Sum(d, nil, false)
}

// CrossDim returns the dimension torch.cross uses when none is given: the
// first of size 3 (after broadcasting a's and b's shapes).
func CrossDim(a, b *Tensor) (int, error) {
	shape, err := BroadcastShapes(a.shape, b.shape)
	if err != nil {
		return 0, err
	}
	for i, s := range shape {
		if s == 3 {
			return i, nil
		}
	}
	return 0, Errorf(RuntimeError, "no dimension of size 3 in input")
}

// Cross returns the cross product of the 3-vectors of a and b along dim,
// as torch.linalg.cross: the operands broadcast and promote (bool is
// refused).
func Cross(a, b *Tensor, dim int) (*Tensor, error) {
	common := ResultType(a, b)
	if common == Bool {
		return nil, typeErrorf("cross does not support bool tensors").WithHint("convert the inputs with .to(int64) first")
	}
	shape, err := BroadcastShapes(a.shape, b.shape)
	if err != nil {
		return nil, err
	}
	d, err := normDim(dim, len(shape))
	if err != nil {
		return nil, err
	}
	if len(shape) == 0 {
		return nil, Errorf(RuntimeError, "linalg.cross: inputs must have at least one dimension")
	}
	if shape[d] != 3 {
		return nil, Errorf(RuntimeError, "linalg.cross: inputs dimension %d must have length 3. Got %d and %d",
			dim, sizeAt(a, d, len(shape)), sizeAt(b, d, len(shape)))
	}
	if a, err = a.To(common); err != nil {
		return nil, err
	}
	if b, err = b.To(common); err != nil {
		return nil, err
	}
	if a, err = a.Expand(shape...); err != nil {
		return nil, err
	}
	if b, err = b.Expand(shape...); err != nil {
		return nil, err
	}
	part := func(t *Tensor, i int) *Tensor { p, _ := t.Narrow(d, i, 1); return p }
	comp := func(i, j int) (*Tensor, error) { // a_i·b_j − a_j·b_i
		p, err := Mul(part(a, i), part(b, j))
		if err != nil {
			return nil, err
		}
		q, err := Mul(part(a, j), part(b, i))
		if err != nil {
			return nil, err
		}
		return Sub(p, q)
	}
	parts := make([]*Tensor, 3)
	for k, ij := range [3][2]int{{1, 2}, {2, 0}, {0, 1}} {
		if parts[k], err = comp(ij[0], ij[1]); err != nil {
			return nil, err
		}
	}
	return Cat(parts, d)
}

// sizeAt returns t's size at dim d of an n-dim broadcast shape (1 where t
// has no such dimension).
func sizeAt(t *Tensor, d, n int) int {
	if i := d - (n - t.Dim()); i >= 0 {
		return t.shape[i]
	}
	return 1
}

// DiagEmbed writes the last dimension of x on the offset-th diagonal of
// new dimensions dim1 and dim2 of the result, zeros elsewhere, as
// torch.diag_embed: a contiguous tensor of zeros whose Diagonal view
// receives x.
func DiagEmbed(x *Tensor, offset, dim1, dim2 int) (*Tensor, error) {
	if x.Dim() == 0 {
		return nil, Errorf(IndexError, "Dimension out of range (expected to be in range of [-1, 0], but got -2)")
	}
	nd := x.Dim() + 1
	d1, err := normDim(dim1, nd)
	if err != nil {
		return nil, err
	}
	d2, err := normDim(dim2, nd)
	if err != nil {
		return nil, err
	}
	if d1 == d2 {
		return nil, Errorf(RuntimeError, "diagonal dimensions cannot be identical %d, %d", dim1, dim2)
	}
	m := x.shape[x.Dim()-1] + max(offset, -offset)
	shape := make([]int, 0, nd)
	batch := x.shape[:x.Dim()-1]
	for i := range nd {
		if i == d1 || i == d2 {
			shape = append(shape, m)
		} else {
			shape, batch = append(shape, batch[0]), batch[1:]
		}
	}
	out, err := Zeros(x.dtype, shape...)
	if err != nil {
		return nil, err
	}
	diag, err := Diagonal(out, offset, d1, d2)
	if err != nil {
		return nil, err
	}
	return out, diag.CopyFrom(x)
}
