package autograd

import (
	"math"

	"github.com/kael-dev/kael/tensor"
)

// Quantile and nanquantile, composed as PyTorch composes them (ATen's
// quantile_impl): sort the reduced lines, compute each quantile's rank in
// the input's dtype, gather the values at the ranks below and above and
// interpolate between them with lerp. The gradient is therefore the one
// PyTorch's sort, gather and lerp give, recorded as one node named
// SqueezeBackward3, the grad_fn PyTorch's result shows.

// QuantileModes are the interpolation modes, as quantile's interpolation=
// names them.
var QuantileModes = []string{"linear", "lower", "higher", "midpoint", "nearest"}

// Quantile returns the q-quantiles of x along dim (of all elements when
// dim is nil), as torch.quantile, or torch.nanquantile when ignoreNaN
// (NaNs left out; a line of NaNs only gives NaN). x is float32 or float64;
// q is a 0-d or 1-D tensor of x's dtype with values in [0, 1]. The result
// has x's shape with dim removed (kept as 1 with keepdim; every dim when
// dim is nil), preceded by q's length when q is 1-D. mode is one of
// QuantileModes.
func Quantile(x, q *tensor.Tensor, dim *int, keepdim bool, mode string, ignoreNaN bool) (*tensor.Tensor, error) {
	const op = "quantile()" // nanquantile's messages say quantile() too
	switch {
	case x.Numel() == 0:
		return nil, tensor.Errorf(tensor.RuntimeError, "%s input tensor must be non-empty", op)
	case q.Dim() > 1:
		return nil, tensor.Errorf(tensor.RuntimeError, "%s q must be a scalar or 1D tensor", op)
	case x.DType() != tensor.Float32 && x.DType() != tensor.Float64:
		return nil, tensor.Errorf(tensor.RuntimeError, "%s input tensor must be either float or double dtype", op)
	case q.DType() != x.DType():
		return nil, tensor.Errorf(tensor.RuntimeError, "%s q tensor must be same dtype as the input tensor", op)
	}
	qs, err := q.Float64s()
	if err != nil {
		return nil, err
	}
	for _, v := range qs {
		if !(v >= 0 && v <= 1) {
			return nil, tensor.Errorf(tensor.RuntimeError, "%s q values must be in the range [0, 1]", op)
		}
	}
	valid := false
	for _, m := range QuantileModes {
		valid = valid || m == mode
	}
	if !valid {
		return nil, tensor.Errorf(tensor.RuntimeError, "%s interpolation must be one of linear, lower, higher, midpoint or nearest, but got %s", op, mode)
	}
	// The result's shape, and the permutation that moves dim last.
	rank := x.Dim()
	var outShape []int
	perm := make([]int, 0, max(rank, 1))
	if dim != nil {
		d := *dim
		if d < -max(rank, 1) || d >= max(rank, 1) {
			return nil, tensor.Errorf(tensor.IndexError, "Dimension out of range (expected to be in range of [%d, %d], but got %d)", -max(rank, 1), max(rank, 1)-1, d)
		}
		if d < 0 {
			d += max(rank, 1)
		}
		for i, s := range x.Shape() {
			if i != d {
				outShape = append(outShape, s)
				perm = append(perm, i)
			} else if keepdim {
				outShape = append(outShape, 1)
			}
		}
		if rank > 0 {
			perm = append(perm, d)
		}
		dim = &d
	} else if keepdim {
		for range rank {
			outShape = append(outShape, 1)
		}
	}
	if q.Dim() == 1 {
		outShape = append([]int{len(qs)}, outShape...)
	}
	return Composite("SqueezeBackward3", []*tensor.Tensor{x}, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
		lines := in[0]
		var err error
		if dim == nil {
			lines, err = Reshape(lines, -1)
		} else if rank > 0 {
			lines, err = Permute(lines, perm...)
		}
		if err != nil {
			return nil, err
		}
		sorted, _, err := Sort(lines, -1, false)
		if err != nil {
			return nil, err
		}
		n := 1
		if sorted.Dim() > 0 {
			n = sorted.Shape()[sorted.Dim()-1]
		}
		rows := sorted.Numel() / n
		if sorted, err = Reshape(sorted, rows, n); err != nil {
			return nil, err
		}
		values, err := sorted.Detach().Float64s()
		if err != nil {
			return nil, err
		}
		below, above, weights := quantileRanks(values, rows, n, qs, x.DType() == tensor.Float32, mode, ignoreNaN)
		nq := len(qs)
		belowT, err := tensor.FromSlice(below, rows, nq)
		if err != nil {
			return nil, err
		}
		out, err := Gather(sorted, 1, belowT)
		if err != nil {
			return nil, err
		}
		if mode == "linear" || mode == "midpoint" {
			aboveT, err := tensor.FromSlice(above, rows, nq)
			if err != nil {
				return nil, err
			}
			w, err := tensor.FromSlice(weights, rows, nq)
			if err == nil {
				w, err = w.To(x.DType())
			}
			if err != nil {
				return nil, err
			}
			upper, err := Gather(sorted, 1, aboveT)
			if err != nil {
				return nil, err
			}
			if out, err = Lerp(out, upper, w); err != nil {
				return nil, err
			}
		}
		if out, err = Transpose(out, 0, 1); err != nil {
			return nil, err
		}
		return Reshape(out, outShape...)
	})
}

// quantileRanks returns, for each of rows sorted lines of n values and
// each quantile q, the positions below and above the quantile's rank and
// the weight of the one above, computed as PyTorch computes them: the
// rank q·(n−1) (q·(count−1) over the non-NaN values when ignoreNaN) in
// the input's dtype (float32 when single), the last position for a line
// with NaN (quantile) or only NaNs (nanquantile), then rounded down, up or
// to even as mode says.
func quantileRanks(values []float64, rows, n int, qs []float64, single bool, mode string, ignoreNaN bool) (below, above []int64, weights []float64) {
	nq := len(qs)
	below, above, weights = make([]int64, rows*nq), make([]int64, rows*nq), make([]float64, rows*nq)
	inDType := func(v float64) float64 {
		if single {
			return float64(float32(v))
		}
		return v
	}
	for r := range rows {
		line := values[r*n : r*n+n]
		nans := 0
		for _, v := range line {
			if math.IsNaN(v) {
				nans++
			}
		}
		for j, q := range qs {
			var rank float64
			switch {
			case ignoreNaN:
				rank = inDType(inDType(q) * float64(n-nans-1))
				if rank < 0 {
					rank = float64(n - 1)
				}
			case nans > 0:
				rank = float64(n - 1)
			default:
				rank = inDType(inDType(q) * float64(n-1))
			}
			switch mode {
			case "lower":
				rank = math.Floor(rank)
			case "higher":
				rank = math.Ceil(rank)
			case "nearest":
				rank = math.RoundToEven(rank)
			}
			k := r*nq + j
			below[k] = int64(rank)
			above[k] = int64(math.Ceil(rank))
			weights[k] = rank - math.Floor(rank)
			if mode == "midpoint" {
				weights[k] = 0.5
			}
		}
	}
	return below, above, weights
}
