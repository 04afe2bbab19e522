package tensor

import "slices"

// consecutiveKernel marks, for the rows (of length m) of a contiguous
// tensor, where a row differs from the one before it.
type consecutiveKernel func(x *Tensor, rows, m int) []bool

var consecutiveKernels = computed(RealDTypes(ByDType[consecutiveKernel]{Float32: consecutiveRows[float32], Float64: consecutiveRows[float64], Int64: consecutiveRows[int64], Bool: consecutiveRows[uint8]}))

// consecutiveRows compares with ==, as ATen's kernels do: a NaN never
// equals the row before it, -0 equals 0.
func consecutiveRows[T Native](x *Tensor, rows, m int) []bool {
	data := x.storage.data.([]T)[x.offset : x.offset+x.Numel()]
	first := make([]bool, rows)
	for i := range first {
		first[i] = i == 0 || !slices.Equal(data[i*m:(i+1)*m], data[(i-1)*m:i*m])
	}
	return first
}

// UniqueConsecutive returns x with each run of equal elements (of equal
// slices along dim, when dim is not nil) kept once, as
// torch.unique_consecutive, with the position of each element (slice)
// among them (inverse: x's shape, or a vector along dim) and the length
// of each run (counts).
func UniqueConsecutive(x *Tensor, dim *int, returnInverse, returnCounts bool) (values, inverse, counts *Tensor, err error) {
	src, d, invShape := x, 0, append([]int{}, x.shape...)
	if dim == nil {
		if src, err = x.Reshape(-1); err != nil {
			return nil, nil, nil, err
		}
	} else {
		if x.Dim() == 0 {
			return nil, nil, nil, indexErrorf("Dimension specified as %d but tensor has no dimensions", *dim)
		}
		if d, err = normDim(*dim, x.Dim()); err != nil {
			return nil, nil, nil, err
		}
		invShape = []int{x.shape[d]}
		zeros := 0
		for _, n := range x.shape {
			if n == 0 {
				zeros++
			}
		}
		if x.shape[d] == 0 && zeros > 1 {
			return nil, nil, nil, Errorf(RuntimeError, "Number of zero sized dimensions is more than one, so unique cannot be applied ")
		}
		if x.shape[d] != 0 && zeros > 0 {
			return nil, nil, nil, Errorf(RuntimeError, "There are 0 sized dimensions, and they aren't selected, so unique cannot be applied")
		}
	}
	op := "unique"
	if dim != nil {
		op = "unique_dim"
	}
	kernel, err := consecutiveKernels.Select(op, x.dtype.ComputeIn())
	if err != nil || x.dtype == Float16 {
		return nil, nil, nil, NotImplementedFor(op, x.dtype)
	}
	moved, err := src.Transpose(0, d)
	if err != nil {
		return nil, nil, nil, err
	}
	if moved, err = moved.Contiguous(); err != nil {
		return nil, nil, nil, err
	}
	rows := src.shape[d]
	m := 0
	if rows > 0 {
		m = src.Numel() / rows
	}
	if moved, err = toComputeIn(moved); err != nil { // exact
		return nil, nil, nil, err
	}
	first := kernel(moved, rows, m)
	perm := make([]int64, rows)
	for i := range perm {
		perm[i] = int64(i)
	}
	return uniqueResults(src, d, perm, first, invShape, returnInverse, returnCounts)
}
