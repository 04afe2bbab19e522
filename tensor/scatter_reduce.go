package tensor

import "slices"

import "math"

// ScatterReduce: scatter with a reduction (torch.scatter_reduce), and the
// gradient PyTorch gives it. Floating tensors reduce in float64 and
// integers in int64, then take x's dtype (a float32 sum may differ from
// PyTorch's float32 accumulation in the last bit).

// ScatterReductions are the reductions scatter_reduce accepts.
var ScatterReductions = []string{"sum", "prod", "mean", "amax", "amin"}

// scatterTargets returns, for each position of index's shape in row-major
// order, the offset in a contiguous tensor of shape that index[p] names
// along dim.
func scatterTargets(shape []int, indexShape []int, dim int, idx []int64) []int {
	strides := contiguousStrides(shape)
	pos := make([]int, len(indexShape))
	targets := make([]int, len(idx))
	for p, i := range idx {
		off := 0
		for d, c := range pos {
			if d == dim {
				c = int(i)
			}
			off += c * strides[d]
		}
		targets[p] = off
		for d := len(indexShape) - 1; d >= 0; d-- {
			pos[d]++
			if pos[d] < indexShape[d] {
				break
			}
			pos[d] = 0
		}
	}
	return targets
}

// ScatterReduce returns x with src's elements (those at index's positions)
// reduced into the places index names along dim, as torch.scatter_reduce:
// reduce is sum, prod, mean, amax or amin; with includeSelf false, x's
// own value takes no part where something is scattered. An integer mean
// rounds down, as PyTorch's.
func ScatterReduce(x *Tensor, dim int, index, src *Tensor, reduce string, includeSelf bool) (*Tensor, error) {
	if !validReduction(reduce) {
		return nil, Errorf(RuntimeError, "reduce argument must be either sum, prod, mean, amax or amin.").WithHint("got %q", reduce)
	}
	if x.dtype == Bool || x.dtype.IsComplex() {
		return nil, NotImplementedFor("scatter_reduce", x.dtype)
	}
	p, err := planScatter("scatter", x, dim, index, src)
	if err != nil {
		return nil, err
	}
	targets := scatterTargets(x.shape, index.shape, p.dim, p.idx)
	var out *Tensor
	if x.dtype.IsFloating() {
		out, err = scatterReduceIn[float64](x, p.part, targets, reduce, includeSelf, func(v float64, n int) float64 { return v / float64(n) })
	} else {
		// The sum wraps at x's width before it is divided, as PyTorch
		// sums in the dtype itself.
		wrap := intWrap(x.dtype)
		out, err = scatterReduceIn[int64](x, p.part, targets, reduce, includeSelf, func(v int64, n int) int64 { return FloorDivInt(wrap(v), int64(n)) })
	}
	if err != nil {
		return nil, err
	}
	return out.To(x.dtype)
}

func validReduction(reduce string) bool { return slices.Contains(ScatterReductions, reduce) }

// intWrap returns the function that cuts an int64 to the integer dtype
// d's width, as C's conversion does.
func intWrap(d DType) func(int64) int64 {
	if d == Int8 {
		return func(v int64) int64 { return int64(int8(v)) }
	}
	if d == Int16 {
		return func(v int64) int64 { return int64(int16(v)) }
	}
	if d == Int32 {
		return func(v int64) int64 { return int64(int32(v)) }
	}
	if d == Uint8 {
		return func(v int64) int64 { return int64(uint8(v)) }
	}
	return func(v int64) int64 { return v }
}

func scatterReduceIn[T float64 | int64](x, part *Tensor, targets []int, reduce string, includeSelf bool, mean func(T, int) T) (*Tensor, error) {
	xs, err := x.To(DTypeOf[T]())
	if err != nil {
		return nil, err
	}
	out, err := Values[T](xs)
	if err != nil {
		return nil, err
	}
	ps, err := part.To(DTypeOf[T]())
	if err != nil {
		return nil, err
	}
	s, err := Values[T](ps)
	if err != nil {
		return nil, err
	}
	count := make([]int, len(out))
	if !includeSelf {
		for _, t := range targets {
			out[t] = reductionIdentity[T](reduce)
		}
	} else {
		for i := range count {
			count[i] = 1
		}
	}
	for q, t := range targets {
		v := s[q]
		switch reduce {
		case "sum", "mean":
			out[t] += v
		case "prod":
			out[t] *= v
		case "amax":
			if v > out[t] || v != v {
				out[t] = v
			}
		case "amin":
			if v < out[t] || v != v {
				out[t] = v
			}
		}
		count[t]++
	}
	if reduce == "mean" {
		for i, n := range count {
			if n > 0 {
				out[i] = mean(out[i], n)
			}
		}
	}
	return reshaped(out, x.shape)
}

// reductionIdentity is the start of a reduction without x's value.
func reductionIdentity[T float64 | int64](reduce string) T {
	var v T
	switch reduce {
	case "prod":
		v = 1
	case "amax":
		if DTypeOf[T]() == Float64 {
			return T(math.Inf(-1))
		}
		return T(math.MinInt64)
	case "amin":
		if DTypeOf[T]() == Float64 {
			return T(math.Inf(1))
		}
		return T(math.MaxInt64)
	}
	return v
}

// ScatterReduceBackward returns the gradients of x and of src's elements
// at index's positions (index's shape) for g, the gradient of out =
// ScatterReduce(x, dim, index, src, reduce, includeSelf), as PyTorch's
// scatter_reduce_backward: a place nothing is scattered to passes g to x;
// elsewhere sum gives g to each contributor, mean g over their count,
// prod g times the product of the others, amax and amin g shared equally
// by the contributors equal to the result. x takes no part where
// includeSelf is false. x is floating.
func ScatterReduceBackward(g, x *Tensor, dim int, index, src, out *Tensor, reduce string, includeSelf bool) (gx, gsrc *Tensor, err error) {
	p, err := planScatter("scatter", x, dim, index, src)
	if err != nil {
		return nil, nil, err
	}
	targets := scatterTargets(x.shape, index.shape, p.dim, p.idx)
	var gv, xv, sv, ov []float64
	for _, c := range []struct {
		t   *Tensor
		dst *[]float64
	}{{g, &gv}, {x, &xv}, {p.part, &sv}, {out, &ov}} {
		if *c.dst, err = c.t.Float64s(); err != nil {
			return nil, nil, err
		}
	}
	n := len(xv)
	touched := make([]bool, n)
	count := make([]float64, n) // contributors; for amax/amin those equal to the result
	zeros := make([]int, n)     // prod: contributors that are zero
	nonzero := make([]float64, n)
	for i := range nonzero {
		nonzero[i] = 1
	}
	add := func(t int, v float64) {
		switch reduce {
		case "amax", "amin":
			if v == ov[t] {
				count[t]++
			}
		case "prod":
			if v == 0 {
				zeros[t]++
			} else {
				nonzero[t] *= v
			}
		default:
			count[t]++
		}
	}
	for _, t := range targets {
		touched[t] = true
	}
	for t := range n {
		// PyTorch's amax/amin backward counts x's value among those equal
		// to the result even when include_self is false.
		if touched[t] && (includeSelf || reduce == "amax" || reduce == "amin") {
			add(t, xv[t])
		}
	}
	for q, t := range targets {
		add(t, sv[q])
	}
	// share is the gradient of a contributor of value v to place t.
	share := func(t int, v float64) float64 {
		switch reduce {
		case "sum":
			return gv[t]
		case "mean":
			return gv[t] / count[t]
		case "amax", "amin":
			if v == ov[t] {
				return gv[t] / count[t]
			}
			return 0
		}
		// prod: the product of the other contributors.
		switch {
		case zeros[t] == 0:
			return gv[t] * nonzero[t] / v
		case zeros[t] == 1 && v == 0:
			return gv[t] * nonzero[t]
		}
		return 0
	}
	gxv := make([]float64, n)
	for t := range n {
		switch {
		case !touched[t]:
			gxv[t] = gv[t]
		case includeSelf:
			gxv[t] = share(t, xv[t])
		}
	}
	gsv := make([]float64, len(targets))
	for q, t := range targets {
		gsv[q] = share(t, sv[q])
	}
	if gx, err = reshaped(gxv, x.shape); err == nil {
		gx, err = gx.To(x.dtype)
	}
	if err != nil {
		return nil, nil, err
	}
	if gsrc, err = reshaped(gsv, index.shape); err == nil {
		gsrc, err = gsrc.To(x.dtype)
	}
	return gx, gsrc, err
}

// reshaped returns a tensor of data with the given shape (0-d included).
func reshaped[T Element](data []T, shape []int) (*Tensor, error) {
	t, err := FromSlice(data)
	if err != nil {
		return nil, err
	}
	return t.Reshape(shape...)
}
