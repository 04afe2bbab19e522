package tensor

import (
	"slices"
	"sort"
)

// SumStridedNumPy returns the sum of the float16, float32 or float64 x,
// of any strides, over dims (distinct, at least one), in the order
// NumPy's reduction adds a strided array: NumPy's iterator walks the
// axes in memory order (largest stride outermost) and merges neighbours
// that are one run; the elements of the innermost reduced axes are
// buffered in memory order and summed pairwise a buffer-full at a time,
// or, when the innermost axis is kept, added one after the other. The result has x's shape without dims. (A
// C-contiguous x is SumTrailingPairwise's or SumMiddleRows' case, faster.)
func SumStridedNumPy(x *Tensor, dims []int) (*Tensor, error) {
	if x.dtype != Float64 && x.dtype != Float32 && x.dtype != Float16 {
		return nil, typeErrorf("SumStridedNumPy: %s, not float16, float32 or float64", x.dtype)
	}
	if len(dims) == 0 {
		return nil, valueErrorf("SumStridedNumPy: no dimensions to reduce")
	}
	var outShape []int
	for d, n := range x.shape {
		if !slices.Contains(dims, d) {
			outShape = append(outShape, n)
		}
	}
	out, err := Zeros(x.dtype, outShape...)
	if err != nil || out.Numel() == 0 || x.Numel() == 0 {
		return out, err
	}
	plan := newStridedSumPlan(x, dims)
	if x.dtype == Float64 {
		sumStridedNumPy(plan, x.storage.data.([]float64), out.storage.data.([]float64), func(v float64) float64 { return v }, func(v float64) float64 { return v })
	} else if x.dtype == Float32 {
		sumStridedNumPy(plan, x.storage.data.([]float32), out.storage.data.([]float32), func(v float32) float32 { return v }, func(v float32) float32 { return v })
	} else {
		sumStridedNumPy(plan, x.storage.data.([]F16), out.storage.data.([]F16), F16.Float32, F16FromFloat32)
	}
	return out, nil
}

// stridedAxis is one axis of a strided sum: its length, the input's
// stride, the output's stride (kept axes) and whether it is reduced.
type stridedAxis struct {
	n, in, out int
	reduced    bool
}

// stridedSumPlan is the axes of a strided sum in NumPy's memory order,
// outermost first, merged where they are one run, without axes of
// length 1; offset is x's.
type stridedSumPlan struct {
	axes   []stridedAxis
	offset int
}

func newStridedSumPlan(x *Tensor, dims []int) stridedSumPlan {
	var axes []stridedAxis
	outStride := 1
	outStrides := make([]int, x.Dim())
	for d := x.Dim() - 1; d >= 0; d-- {
		if !slices.Contains(dims, d) {
			outStrides[d] = outStride
			outStride *= x.shape[d]
		}
	}
	for d, n := range x.shape {
		if n > 1 {
			axes = append(axes, stridedAxis{n: n, in: x.strides[d], out: outStrides[d], reduced: slices.Contains(dims, d)})
		}
	}
	sort.SliceStable(axes, func(i, j int) bool { return axes[i].in > axes[j].in })
	var merged []stridedAxis
	for _, a := range axes {
		if k := len(merged) - 1; k >= 0 {
			p := merged[k]
			if p.reduced == a.reduced && p.in == a.in*a.n && (a.reduced || p.out == a.out*a.n) {
				merged[k] = stridedAxis{n: p.n * a.n, in: a.in, out: a.out, reduced: a.reduced}
				continue
			}
		}
		merged = append(merged, a)
	}
	return stridedSumPlan{axes: merged, offset: x.offset}
}

// sumStridedNumPy adds x into the zeroed out as the plan says. wide and
// narrow convert between the element type and the type NumPy adds in
// (float32 for float16, the type itself otherwise).
//
// When the innermost axes are reduced, NumPy's buffered iterator copies
// the elements of those innermost reduced axes (those inside every kept
// axis), in memory order, into its buffer, and sums each buffer-full
// pairwise into the result; reduced axes outside a kept one are walked
// in turn around that. When the innermost axis is kept, each reduced
// element is added to its result one after the other.
func sumStridedNumPy[T float32 | float64 | F16, A float32 | float64](p stridedSumPlan, x, out []T, wide func(T) A, narrow func(A) T) {
	axes := p.axes
	if len(axes) == 0 { // every axis of length 1: one element
		out[0] = narrow(wide(out[0]) + wide(x[p.offset]))
		return
	}
	j := len(axes) // the innermost reduced axes are axes[j:]
	for j > 0 && axes[j-1].reduced {
		j--
	}
	outer, run := axes[:j], axes[j:]
	if len(run) == 0 { // the innermost axis is kept: one axis inside
		outer, run = axes[:len(axes)-1], nil
	}
	runLen := 1
	for _, a := range run {
		runLen *= a.n
	}
	buf := make([]A, min(runLen, numpyBufferSize))
	idx := make([]int, len(outer))
	runIdx := make([]int, len(run))
	for {
		in, at := p.offset, 0
		for i, a := range outer {
			in += idx[i] * a.in
			at += idx[i] * a.out
		}
		if run == nil {
			inner := axes[len(axes)-1]
			for i := range inner.n {
				o := at + i*inner.out
				out[o] = narrow(wide(out[o]) + wide(x[in+i*inner.in]))
			}
		} else {
			res := wide(out[at])
			clear(runIdx)
			for lo := 0; lo < runLen; lo += len(buf) {
				chunk := buf[:min(runLen-lo, len(buf))]
				for i := range chunk {
					off := in
					for k, a := range run {
						off += runIdx[k] * a.in
					}
					chunk[i] = wide(x[off])
					for k := len(run) - 1; k >= 0; k-- { // next in memory order
						if runIdx[k]++; runIdx[k] < run[k].n {
							break
						}
						runIdx[k] = 0
					}
				}
				res = wide(narrow(res + pairwiseSum(chunk)))
			}
			out[at] = narrow(res)
		}
		k := len(idx) - 1
		for ; k >= 0; k-- {
			if idx[k]++; idx[k] < outer[k].n {
				break
			}
			idx[k] = 0
		}
		if k < 0 {
			return
		}
	}
}
