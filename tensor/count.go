package tensor

import "math"

// Counting: nonzero, bincount, histc.

// Nonzero returns the coordinates of the non-zero (true, NaN included)
// elements of x as an int64 tensor [count, x.Dim()], in row-major order, as
// torch.nonzero.
func Nonzero(x *Tensor) (*Tensor, error) {
	mask, err := Truth(x)
	if err != nil {
		return nil, err
	}
	vals, err := Values[uint8](mask)
	if err != nil {
		return nil, err
	}
	nd := x.Dim()
	var coords []int64
	pos := make([]int, nd)
	count := 0
	for _, v := range vals {
		if v != 0 {
			for _, p := range pos {
				coords = append(coords, int64(p))
			}
			count++
		}
		for d := nd - 1; d >= 0; d-- { // next row-major position
			pos[d]++
			if pos[d] < x.shape[d] {
				break
			}
			pos[d] = 0
		}
	}
	if coords == nil {
		coords = []int64{}
	}
	return FromSlice(coords, count, nd)
}

// NonzeroTuple returns Nonzero's columns, one int64 vector per dimension
// (torch.nonzero(x, as_tuple=True)); a 0-d x gives one vector.
func NonzeroTuple(x *Tensor) ([]*Tensor, error) {
	if x.Dim() == 0 {
		flat, err := x.Reshape(1)
		if err != nil {
			return nil, err
		}
		x = flat
	}
	nz, err := Nonzero(x)
	if err != nil {
		return nil, err
	}
	out := make([]*Tensor, x.Dim())
	for d := range out {
		col, err := nz.Select(1, d)
		if err != nil {
			return nil, err
		}
		if out[d], err = col.Contiguous(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Bincount counts how often each value occurs in the 1-D non-negative int64
// tensor x, as torch.bincount: the result has max(x)+1 entries, at least
// minlength. With weights (x's shape), each occurrence adds its weight
// instead of 1: float32 weights give float32, any other dtype float64, as
// in PyTorch; without them the result is int64.
func Bincount(x, weights *Tensor, minlength int) (*Tensor, error) {
	if x.dtype != Int64 && x.dtype != Bool || x.Dim() != 1 {
		return nil, Errorf(RuntimeError, "bincount only supports 1-d non-negative integral inputs.").
			WithHint("x is %dD %s; convert with .to(int64)", x.Dim(), x.dtype)
	}
	if minlength < 0 {
		return nil, Errorf(RuntimeError, "minlength should be >= 0")
	}
	xi, err := x.To(Int64)
	if err != nil {
		return nil, err
	}
	vals, err := Values[int64](xi)
	if err != nil {
		return nil, err
	}
	size := minlength
	for _, v := range vals {
		if v < 0 {
			return nil, Errorf(RuntimeError, "bincount only supports 1-d non-negative integral inputs.").
				WithHint("x holds %d", v)
		}
		size = max(size, int(v)+1)
	}
	if err := checkScratch(size, 8); err != nil {
		return nil, err
	}
	if weights == nil {
		counts := make([]int64, size)
		for _, v := range vals {
			counts[v]++
		}
		return FromSlice(counts, size)
	}
	if weights.Dim() != 1 || weights.shape[0] != len(vals) {
		return nil, Errorf(RuntimeError, "weights should be 1-d and have the same length as input")
	}
	w, err := weights.Float64s()
	if err != nil {
		return nil, err
	}
	sums := make([]float64, size)
	for i, v := range vals {
		sums[v] += w[i]
	}
	out, err := FromSlice(sums, size)
	if err != nil || weights.dtype != Float32 {
		return out, err
	}
	return out.To(Float32)
}

// Histc returns a histogram of x with bins equal bins over [lo, hi], as
// torch.histc: lo = hi = 0 means the range of x's elements (widened by 1
// on each side when they are all equal); elements outside the range and
// NaNs are left out, and hi itself counts in the last bin. x must be
// floating; the result has its dtype.
func Histc(x *Tensor, bins int, lo, hi float64) (*Tensor, error) {
	if !x.dtype.IsFloating() {
		return nil, typeErrorf("histc only supports floating point dtypes, got %s", x.dtype).
			WithHint("convert the input with .to(float32) first")
	}
	if bins <= 0 {
		return nil, Errorf(RuntimeError, "torch.histogram(): bins must be > 0, but got %d for dimension 0", bins)
	}
	if err := checkScratch(bins, 8); err != nil {
		return nil, err
	}
	vals, err := x.Float64s()
	if err != nil {
		return nil, err
	}
	if lo == hi && len(vals) > 0 {
		lo, hi = math.Inf(1), math.Inf(-1)
		for _, v := range vals {
			if v == v {
				lo, hi = min(lo, v), max(hi, v)
			}
		}
		if math.IsInf(lo, 1) { // only NaNs
			lo, hi = 0, 0
		}
	}
	if lo == hi {
		lo, hi = lo-1, hi+1
	}
	if lo > hi {
		return nil, Errorf(RuntimeError, "max must be larger than min").WithHint("min is %g, max %g", lo, hi)
	}
	if math.IsInf(lo, 0) || math.IsInf(hi, 0) || lo != lo || hi != hi {
		return nil, Errorf(RuntimeError, "range of [%g, %g] is not finite", lo, hi)
	}
	counts := make([]float64, bins)
	for _, v := range vals {
		if v < lo || v > hi || v != v {
			continue
		}
		b := int((v - lo) * float64(bins) / (hi - lo))
		counts[min(b, bins-1)]++
	}
	out, err := FromSlice(counts, bins)
	if err != nil {
		return nil, err
	}
	return out.To(x.dtype)
}
