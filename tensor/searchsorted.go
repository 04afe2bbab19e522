package tensor

import "slices"

// Searchsorted and Bucketize: where values would go in sorted sequences
// to keep them sorted, as torch.searchsorted and torch.bucketize.

// searchsortedKernel writes, for each of values' rows (lines of length n
// along the last dimension), the insertion points in the matching row of
// boundaries (of length m; every row uses the one row when boundaries is
// 1-D). sorter, when not nil, holds for each boundaries row the positions
// that sort it. vals and bounds are contiguous, of one dtype.
type searchsortedKernel func(bounds, vals *Tensor, sorter []int64, m, n int, oneRow, right bool, out []int64)

var searchsortedKernels = computed(NoBoolRealDTypes(ByDType[searchsortedKernel]{Float32: searchsortedLines[float32], Float64: searchsortedLines[float64], Int64: searchsortedLines[int64], Uint8: searchsortedLines[U8], Int8: searchsortedLines[int8], Int16: searchsortedLines[int16], Int32: searchsortedLines[int32]}))

func searchsortedLines[T Native](bounds, vals *Tensor, sorter []int64, m, n int, oneRow, right bool, out []int64) {
	b := bounds.storage.data.([]T)[bounds.offset:]
	v := vals.storage.data.([]T)[vals.offset : vals.offset+vals.Numel()]
	for i, x := range v {
		row := 0
		if !oneRow && n > 0 {
			row = i / n
		}
		line := b[row*m : row*m+m]
		var order []int64
		if sorter != nil {
			order = sorter[row*m : row*m+m]
		}
		// PyTorch's comparisons: a NaN value goes past every boundary.
		lo, hi := 0, m
		for lo < hi {
			mid := lo + (hi-lo)/2
			at := mid
			if order != nil {
				at = int(order[mid])
			}
			var before bool
			if right {
				before = !(line[at] > x)
			} else {
				before = !(line[at] >= x)
			}
			if before {
				lo = mid + 1
			} else {
				hi = mid
			}
		}
		out[i] = int64(lo)
	}
}

// Searchsorted returns, for each element of values, the index at which it
// would be inserted in the innermost dimension of sorted to keep it sorted
// (the first such index, the last with right), as torch.searchsorted.
// sorted is 1-D, or has values' leading dimensions; values may be a
// wrapped number when sorted is 1-D. sorter, when not nil, is the int64
// argsort of sorted along its last dimension. The two are compared in
// their promoted dtype; the result is int64, or int32 with outInt32.
func Searchsorted(sorted, values *Tensor, right bool, sorter *Tensor, outInt32 bool) (*Tensor, error) {
	if sorted.Dim() == 0 {
		return nil, Errorf(RuntimeError, "torch.searchsorted(): boundaries tensor should have positive dimension, but got 0 dimension")
	}
	if values.Dim() == 0 && sorted.Dim() != 1 {
		return nil, Errorf(RuntimeError, "torch.searchsorted(): input value can be a scalar only when boundaries tensor dimension is 1, but we got boundaries tensor dim(%d) and input value's dim(%d) numel(%d)", sorted.Dim(), values.Dim(), values.Numel())
	}
	if sorted.Dim() != 1 && !sameLeading(sorted.shape, values.shape) {
		return nil, Errorf(RuntimeError, "torch.searchsorted(): boundaries tensor should be 1 dimension or the first N-1 dimensions of boundaries tensor and input value tensor must match, but we got boundaries tensor %s and input value tensor %s", FormatShape(sorted.shape), FormatShape(values.shape))
	}
	m := sorted.shape[sorted.Dim()-1]
	var order []int64
	if sorter != nil {
		if sorter.dtype != Int64 {
			return nil, Errorf(RuntimeError, "torch.searchsorted(): sorter must be a tensor of long dtype but got dtype %s", sorter.dtype.ScalarTypeName())
		}
		if !slices.Equal(sorter.shape, sorted.shape) {
			return nil, Errorf(RuntimeError, "torch.searchsorted(): boundary and sorter must have the same size, but got boundary tensor %sand got sorter tensor %s", FormatShape(sorted.shape), FormatShape(sorter.shape))
		}
		var err error
		if order, err = Values[int64](sorter); err != nil {
			return nil, err
		}
		for _, i := range order {
			if i < 0 || i >= int64(m) {
				return nil, Errorf(RuntimeError, "torch.searchsorted(): sorter index %d is out of range for boundaries of size %d", i, m)
			}
		}
	}
	common := ResultType(sorted, values)
	if common == Bool {
		return nil, NotImplementedFor("searchsorted_out_cpu", Bool)
	}
	kernel, err := searchsortedKernels.Select("searchsorted_out_cpu", common.ComputeIn())
	if err != nil {
		return nil, err
	}
	bounds, err := contiguousIn(sorted, common.ComputeIn())
	if err != nil {
		return nil, err
	}
	vals, err := contiguousIn(values, common.ComputeIn())
	if err != nil {
		return nil, err
	}
	n := 1
	if values.Dim() > 0 {
		n = values.shape[values.Dim()-1]
	}
	idx := make([]int64, values.Numel())
	kernel(bounds, vals, order, m, n, sorted.Dim() == 1, right, idx)
	out, err := FromSlice(idx)
	if err == nil {
		out, err = out.Reshape(values.shape...)
	}
	if err != nil || !outInt32 {
		return out, err
	}
	return out.To(Int32)
}

// Bucketize returns, for each element of input, the index of the bucket
// of the 1-D sorted boundaries it falls in (Searchsorted with the roles
// of the arguments as torch.bucketize names them).
func Bucketize(input, boundaries *Tensor, right, outInt32 bool) (*Tensor, error) {
	if boundaries.Dim() != 1 {
		return nil, Errorf(RuntimeError, "boundaries tensor must be 1 dimension, but got dim(%d)", boundaries.Dim())
	}
	return Searchsorted(boundaries, input, right, nil, outInt32)
}

// contiguousIn returns x converted to d, contiguous.
func contiguousIn(x *Tensor, d DType) (*Tensor, error) {
	c, err := x.To(d)
	if err != nil {
		return nil, err
	}
	return c.Contiguous()
}

// sameLeading reports whether a and b have the same rank and agree on all
// dimensions but the last.
func sameLeading(a, b []int) bool {
	return len(a) == len(b) && slices.Equal(a[:len(a)-1], b[:len(b)-1])
}
