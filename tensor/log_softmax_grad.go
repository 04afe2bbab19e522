package tensor

import (
	"math"
	"slices"

	"github.com/kael-dev/kael/tensor/internal/vecmath"
)

// LogSoftmaxBackward returns the gradient of log_softmax's input from the
// gradient g of its output out = log_softmax(x, dim): g − exp(out)·sum(g)
// along dim, in one pass a row, as ATen's _log_softmax_backward_data. Each
// sum is accumulated in float64 and rounded to the dtype once; exp(out),
// its product with the sum and the difference are each rounded to the
// dtype, in PyTorch's order (for float32, exp within an ulp, as PyTorch's
// vectorized exp). g and out must have the same float32 or float64 dtype
// and the same shape.
func LogSoftmaxBackward(g, out *Tensor, dim int) (*Tensor, error) {
	return logSoftmaxBackward(g, out, dim, false)
}

// LogSoftmaxBackwardInPlace is LogSoftmaxBackward writing its result
// into g, the same bits, and returning g; for the autograd engine, which
// calls it only with an incoming gradient that it holds alone and that
// dies with the node (autograd's calc.writable), as ATen's
// log_softmax_backward writes into a buffer its caller frees at once. It
// computes into a new tensor, as LogSoftmaxBackward, when g is not
// contiguous or shares memory with out. nll's gradient of a language
// model's [700, 1000] logits (2.8 MB) then serves its log_softmax too,
// where the step faulted a fresh buffer in for each (docs/performance.md).
func LogSoftmaxBackwardInPlace(g, out *Tensor, dim int) (*Tensor, error) {
	return logSoftmaxBackward(g, out, dim, g.IsContiguous() && !g.SharesMemory(out))
}

func logSoftmaxBackward(g, out *Tensor, dim int, inPlace bool) (*Tensor, error) {
	if g.dtype != out.dtype || !slices.Equal(g.shape, out.shape) || (g.dtype != Float32 && g.dtype != Float64) {
		return nil, Errorf(RuntimeError, "_log_softmax_backward_data(): expected a float32 or float64 gradient of the output's dtype and shape, got %s %s for %s %s",
			g.dtype, FormatShape(g.shape), out.dtype, FormatShape(out.shape))
	}
	d, err := normDim(dim, out.Dim())
	if err != nil {
		return nil, err
	}
	if g, err = g.Contiguous(); err != nil {
		return nil, err
	}
	if out, err = out.Contiguous(); err != nil {
		return nil, err
	}
	res := g
	if !inPlace {
		if res, err = emptyOutput(out.dtype, out.shape...); err != nil {
			return nil, err
		}
	}
	if res.Numel() == 0 {
		return res, nil
	}
	size, inner := 1, 1
	if out.Dim() > 0 {
		size, inner = out.shape[d], numel(out.shape[d+1:])
	}
	outer := numel(out.shape) / max(size*inner, 1)
	if out.dtype == Float32 && inPlace {
		err = logSoftmaxGrad(g, out, res, outer, size, inner, logSoftmaxGradRow32InPlace)
	} else if out.dtype == Float32 {
		err = logSoftmaxGrad(g, out, res, outer, size, inner, logSoftmaxGradRow32)
	} else {
		err = logSoftmaxGrad(g, out, res, outer, size, inner, logSoftmaxGradRow[float64])
	}
	if err != nil {
		return nil, err
	}
	return res, nil
}

// logSoftmaxGrad runs the backward of log_softmax over contiguous g, out
// and res viewed as [outer, size, inner], reducing over size: row computes
// one contiguous row where inner is 1, the columns are walked otherwise.
func logSoftmaxGrad[T Float](g, out, res *Tensor, outer, size, inner int, row func(dst, g, out, tmp []T)) error {
	n := out.Numel()
	gs := g.storage.data.([]T)[g.offset : g.offset+n]
	os := out.storage.data.([]T)[out.offset : out.offset+n]
	rs := res.storage.data.([]T)[res.offset : res.offset+n]
	if inner == 1 {
		inPlace := &rs[0] == &gs[0]
		return ParallelFor(outer, max(1, GrainSize/size), func(begin, end int) {
			var tmp []T // a row's scratch when rs is gs
			if inPlace {
				tmp = make([]T, size)
			}
			for r := begin; r < end; r++ {
				at := r * size
				row(rs[at:at+size], gs[at:at+size], os[at:at+size], tmp)
			}
		})
	}
	return ParallelFor(outer, max(1, GrainSize/(size*inner)), func(begin, end int) {
		sum := make([]float64, inner)
		for o := begin; o < end; o++ {
			base := o * size * inner
			clear(sum)
			for r := range size {
				for i, v := range gs[base+r*inner : base+(r+1)*inner] {
					sum[i] += float64(v)
				}
			}
			for r := range size {
				at := base + r*inner
				for i := range inner {
					e := T(math.Exp(float64(os[at+i])))
					rs[at+i] = gs[at+i] - T(e*T(sum[i]))
				}
			}
		}
	})
}

// logSoftmaxGradRow is one contiguous row of logSoftmaxGrad; dst may be
// g (each element is read before it is written), tmp is unused.
func logSoftmaxGradRow[T Float](dst, g, out, _ []T) {
	var s float64
	for _, v := range g {
		s += float64(v)
	}
	st := T(s)
	for i, v := range out {
		e := T(math.Exp(float64(v)))
		dst[i] = g[i] - T(e*st)
	}
}

// logSoftmaxGradRow32 is logSoftmaxGradRow for float32 in vecmath's
// vector loops: the sum, exp (shifted by 0, so of out itself), the
// product and the difference.
func logSoftmaxGradRow32(dst, g, out, _ []float32) {
	s := vecmath.SumFloat32(g)
	vecmath.ExpSumFloat32(dst, out, 0)
	vecmath.MulVS(dst, dst, s)
	vecmath.SubVV(dst, g, dst)
}

// logSoftmaxGradRow32InPlace is logSoftmaxGradRow32 where dst is g: the
// same vector loops in the same order, exp(out)·sum in tmp, a scratch
// row (dst must not hold it while g is still to be read).
func logSoftmaxGradRow32InPlace(dst, g, out, tmp []float32) {
	s := vecmath.SumFloat32(g)
	vecmath.ExpSumFloat32(tmp, out, 0)
	vecmath.MulVS(tmp, tmp, s)
	vecmath.SubVV(dst, g, tmp)
}
