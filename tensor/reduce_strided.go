package tensor

import (
	"slices"
	"sort"

	"github.com/kael-dev/kael/tensor/internal/vecmath"
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
		sumStridedNumPy(plan, x.storage.data.([]float64), out.storage.data.([]float64), floatRows[float64]())
	} else if x.dtype == Float32 {
		sumStridedNumPy(plan, x.storage.data.([]float32), out.storage.data.([]float32), floatRows[float32]())
	} else {
		sumStridedNumPy(plan, x.storage.data.([]F16), out.storage.data.([]F16), halfRows)
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

// stridedRows are a strided sum's loops over one row of the innermost
// axis, for an element type T added in A (float16 in float32, a float
// type in itself): gather copies n elements of x from off by stride into
// dst, widened; addRow adds n elements of x (from off by stride) to out
// (from at by outStride), each rounded to T; settle rounds a running
// result to T and back, as NumPy stores a result between buffers; sumRow,
// where T is A, sums a contiguous row without copying it.
type stridedRows[T float32 | float64 | F16, A float32 | float64] struct {
	gather func(dst []A, x []T, off, stride int)
	addRow func(out []T, at, outStride int, x []T, off, stride, n int)
	wide   func(T) A
	narrow func(A) T
	sumRow func(x []T) A // pairwiseSum of x in place, where T is A
}

func floatRows[T float32 | float64]() stridedRows[T, T] {
	return stridedRows[T, T]{
		gather: func(dst []T, x []T, off, stride int) {
			if stride == 1 {
				copy(dst, x[off:off+len(dst)])
				return
			}
			for i := range dst {
				dst[i] = x[off+i*stride]
			}
		},
		addRow: func(out []T, at, outStride int, x []T, off, stride, n int) {
			if outStride == 1 && stride == 1 { // exact lane by lane, as NumPy's
				o := out[at : at+n]
				if o64, ok := any(o).([]float64); ok {
					vecmath.AddFloat64(o64, o64, any(x[off:off+n]).([]float64))
				} else {
					addVV(o, o, x[off:off+n])
				}
				return
			}
			for i := range n {
				out[at+i*outStride] += x[off+i*stride]
			}
		},
		wide:   func(v T) T { return v },
		narrow: func(v T) T { return v },
		sumRow: pairwiseSum[T],
	}
}

var halfRows = stridedRows[F16, float32]{
	gather: func(dst []float32, x []F16, off, stride int) {
		for i := range dst {
			dst[i] = x[off+i*stride].Float32()
		}
	},
	addRow: func(out []F16, at, outStride int, x []F16, off, stride, n int) {
		for i := range n {
			o := at + i*outStride
			out[o] = F16FromFloat32(out[o].Float32() + x[off+i*stride].Float32())
		}
	},
	wide:   F16.Float32,
	narrow: F16FromFloat32,
}

// sumStridedNumPy adds x into the zeroed out as the plan says, a row of
// the innermost axis at a time.
//
// When the innermost axes are reduced, NumPy's buffered iterator copies
// the elements of those innermost reduced axes (those inside every kept
// axis), in memory order, into its buffer, and sums each buffer-full
// pairwise into the result; reduced axes outside a kept one are walked
// in turn around that. When the innermost axis is kept, each reduced
// element is added to its result one after the other.
func sumStridedNumPy[T float32 | float64 | F16, A float32 | float64](p stridedSumPlan, x, out []T, k stridedRows[T, A]) {
	axes := p.axes
	if len(axes) == 0 { // every axis of length 1: one element
		k.addRow(out, 0, 0, x, p.offset, 0, 1)
		return
	}
	inner := axes[len(axes)-1]
	j := len(axes) // the innermost reduced axes are axes[j:]
	for j > 0 && axes[j-1].reduced {
		j--
	}
	if j == len(axes) { // the innermost axis is kept
		eachIndex(axes[:len(axes)-1], p.offset, func(in, at int) {
			k.addRow(out, at, inner.out, x, in, inner.in, inner.n)
		})
		return
	}
	run := axes[j : len(axes)-1] // the run's axes outside its innermost
	runLen := inner.n
	for _, a := range run {
		runLen *= a.n
	}
	buf := make([]A, min(runLen, numpyBufferSize))
	if len(run) == 0 && inner.in == 1 && inner.n <= len(buf) && k.sumRow != nil {
		// each result is one contiguous row, one buffer-full: no copy
		eachIndex(axes[:j], p.offset, func(in, at int) {
			out[at] = k.narrow(k.wide(out[at]) + k.sumRow(x[in:in+inner.n]))
		})
		return
	}
	eachIndex(axes[:j], p.offset, func(in, at int) {
		res, filled := k.wide(out[at]), 0
		eachIndex(run, in, func(row, _ int) {
			for i := 0; i < inner.n; {
				take := min(inner.n-i, len(buf)-filled)
				k.gather(buf[filled:filled+take], x, row+i*inner.in, inner.in)
				filled += take
				i += take
				if filled == len(buf) {
					res = k.wide(k.narrow(res + pairwiseSum(buf)))
					filled = 0
				}
			}
		})
		if filled > 0 {
			res = k.wide(k.narrow(res + pairwiseSum(buf[:filled])))
		}
		out[at] = k.narrow(res)
	})
}

// eachIndex calls f with the input and output offsets of every index of
// axes, in order (the last fastest), starting from input offset in and
// output offset 0; once with in and 0 when axes is empty.
func eachIndex(axes []stridedAxis, in int, f func(in, at int)) {
	idx := make([]int, len(axes))
	at := 0
	for {
		f(in, at)
		k := len(axes) - 1
		for ; k >= 0; k-- {
			in += axes[k].in
			at += axes[k].out
			if idx[k]++; idx[k] < axes[k].n {
				break
			}
			in -= axes[k].n * axes[k].in
			at -= axes[k].n * axes[k].out
			idx[k] = 0
		}
		if k < 0 {
			return
		}
	}
}
