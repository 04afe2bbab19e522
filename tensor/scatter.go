package tensor

// Scatter and ScatterAdd write src's elements into a copy of x at the
// positions index gives along dim, the inverse of Gather.

// scatterAlongFunc writes (or adds) src[p] into out at index[p] along dim
// for every position p of index's shape. src and out are contiguous, src
// of index's shape.
type scatterAlongFunc func(out, src *Tensor, index []int64, shape []int, dim int, add bool)

var scatterAlongKernels = AllDTypes(ByDType[scatterAlongFunc]{Float32: scatterAlong[float32], Float64: scatterAlong[float64], Int64: scatterAlong[int64], Bool: scatterAlong[uint8], Uint8: scatterAlong[U8], Int8: scatterAlong[int8], Int16: scatterAlong[int16], Int32: scatterAlong[int32], Float16: scatterAlong[F16], BFloat16: scatterAlong[BF16], Complex64: scatterAlong[complex64], Complex128: scatterAlong[complex128], Uint16: scatterAlong[uint16], Uint32: scatterAlong[uint32], Uint64: scatterAlong[uint64]})

func scatterAlong[T Element](out, src *Tensor, index []int64, shape []int, dim int, add bool) {
	dst := out.storage.data.([]T)
	vals := src.storage.data.([]T)[src.offset:]
	pos := make([]int, len(shape))
	isBool := DTypeOf[T]() == Bool
	for p, i := range index {
		off := 0
		for d, c := range pos {
			if d == dim {
				c = int(i)
			}
			off += c * out.strides[d]
		}
		switch {
		case add && isBool: // adding bools is a logical or
			if vals[p] != 0 {
				dst[off] = vals[p]
			}
		case add:
			dst[off] += vals[p]
		default:
			dst[off] = vals[p]
		}
		for d := len(shape) - 1; d >= 0; d-- {
			pos[d]++
			if pos[d] < shape[d] {
				break
			}
			pos[d] = 0
		}
	}
}

// Scatter returns a copy of x with out[index[i][j]][j] = src[i][j] (for dim
// 0, and so on), as torch.scatter. index is int64 with x's number of dims,
// no larger than src anywhere nor than x outside dim; src is a tensor of
// x's dtype or a wrapped number. Where index repeats a position, the last
// write wins.
func Scatter(x *Tensor, dim int, index, src *Tensor) (*Tensor, error) {
	return scatter("scatter", x, dim, index, src, false)
}

// ScatterAdd is Scatter adding src's elements into x's instead of
// replacing them: repeated positions add up (torch.scatter_add).
func ScatterAdd(x *Tensor, dim int, index, src *Tensor) (*Tensor, error) {
	if src.IsWrappedNumber() {
		return nil, typeErrorf("scatter_add(): src must be a tensor, not a number").
			WithHint("use torch.full_like(index, value, dtype=x.dtype) as src")
	}
	return scatter("scatter_add", x, dim, index, src, true)
}

func scatter(op string, x *Tensor, dim int, index, src *Tensor, add bool) (*Tensor, error) {
	p, err := planScatter(op, x, dim, index, src)
	if err != nil {
		return nil, err
	}
	kernel, err := scatterAlongKernels.Select(op, x.dtype)
	if err != nil {
		return nil, err
	}
	out, err := x.Clone()
	if err != nil {
		return nil, err
	}
	kernel(out, p.part, p.idx, index.shape, p.dim, add)
	return out, nil
}

// scatterPlan is a checked scatter: the dim, the index's positions and
// src's elements at index's positions, in row-major order (contiguous).
type scatterPlan struct {
	dim  int
	idx  []int64
	part *Tensor
}

// planScatter checks the operands of a scatter (index int64 of x's rank,
// no larger than src nor than x outside dim, its positions in range; src
// of x's dtype or a wrapped number) and returns its plan.
func planScatter(op string, x *Tensor, dim int, index, src *Tensor) (*scatterPlan, error) {
	if index.dtype != Int64 {
		return nil, typeErrorf("%s(): Expected dtype int64 for index, got %s", op, index.dtype).
			WithHint("convert the index with .to(int64)")
	}
	d, err := normDim(dim, x.Dim())
	if err != nil {
		return nil, err
	}
	if index.Dim() != x.Dim() && !(x.Dim() == 0 && index.Numel() <= 1) {
		return nil, Errorf(RuntimeError, "Index tensor must have the same number of dimensions as self tensor")
	}
	if src.IsWrappedNumber() {
		if src, err = src.To(x.dtype); err != nil {
			return nil, err
		}
		if src, err = src.Expand(index.shape...); err != nil {
			return nil, err
		}
	} else {
		if src.dtype != x.dtype {
			return nil, Errorf(RuntimeError, "%s(): Expected self.dtype to be equal to src.dtype", op).
				WithHint("x is %s and src %s; convert src with .to(%s)", x.dtype, src.dtype, x.dtype)
		}
		if src.Dim() != index.Dim() {
			return nil, Errorf(RuntimeError, "Index tensor must have the same number of dimensions as src tensor")
		}
	}
	for i := range index.shape {
		if src.shape[i] < index.shape[i] {
			return nil, Errorf(RuntimeError, "Expected index %s to be smaller than self %s apart from dimension %d and to be smaller size than src %s",
				FormatShape(index.shape), FormatShape(x.shape), d, FormatShape(src.shape))
		}
		if i != d && x.shape[i] < index.shape[i] {
			return nil, Errorf(RuntimeError, "Expected index %s to be smaller than self %s apart from dimension %d and to be smaller size than src %s",
				FormatShape(index.shape), FormatShape(x.shape), d, FormatShape(src.shape))
		}
	}
	idx, err := Values[int64](index)
	if err != nil {
		return nil, err
	}
	size := 1
	if x.Dim() > 0 {
		size = x.shape[d]
	}
	for _, i := range idx {
		if i < 0 || i >= int64(size) {
			return nil, indexErrorf("index %d is out of bounds for dimension %d with size %d", i, d, size)
		}
	}
	// src's elements at index's positions, in row-major order.
	part := src.view(index.shape, src.strides[:index.Dim()], src.offset)
	if part, err = part.Clone(); err != nil {
		return nil, err
	}
	return &scatterPlan{dim: d, idx: idx, part: part}, nil
}
