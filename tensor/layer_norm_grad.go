package tensor

import (
	"math"
	"slices"
)

// layerNormMoments returns the mean and 1/sqrt(var + eps) of one row, in
// float64 with a second pass for the (biased) variance: the statistics
// LayerNorm normalizes with and LayerNormBackward differentiates.
func layerNormMoments[T Float](row []T, eps float64) (mean, rstd float64) {
	n := float64(len(row))
	mean = sumFloat64(row) / n
	var ss float64
	for _, v := range row {
		d := float64(v) - mean
		ss += d * d
	}
	return mean, 1 / math.Sqrt(ss/n+eps)
}

// LayerNormGrads are the gradients LayerNormBackward returns; a field is
// nil where it was not asked for.
type LayerNormGrads struct {
	Input, Weight, Bias *Tensor
}

// LayerNormBackward returns the gradients of LayerNorm(x, normalizedShape,
// weight, bias, eps) for the output's gradient g: of the input when
// needInput, of the weight (weight not nil) when needWeight and of the
// bias when needBias. It is ATen's layer_norm backward in one pass over
// each row, for float32 and float64: with x̂ = (x − mean)·rstd and
// ĝ = g·weight, the input's gradient is rstd·(ĝ − mean(ĝ) − x̂·mean(ĝ·x̂)),
// the weight's Σ g·x̂ and the bias's Σ g over the rows. The row's
// statistics are LayerNorm's own (layerNormMoments) and the sums are in
// float64, each result rounded once to the dtype; PyTorch sums in the
// dtype, so float32 results agree with it to float32's accuracy, not bit
// for bit.
func LayerNormBackward(g, x *Tensor, normalizedShape []int, weight *Tensor, eps float64, needInput, needWeight, needBias bool) (LayerNormGrads, error) {
	var out LayerNormGrads
	if d := x.dtype; layerNormGradKernels.convertsIn(d) && g.dtype == d {
		// float16 and bfloat16: in float32, each result rounded once.
		xc, err := toComputeIn(x)
		if err != nil {
			return out, err
		}
		gc, err := toComputeIn(g)
		if err != nil {
			return out, err
		}
		r, err := LayerNormBackward(gc, xc, normalizedShape, weight, eps, needInput, needWeight, needBias)
		for _, t := range []**Tensor{&r.Input, &r.Weight, &r.Bias} {
			if err == nil && *t != nil {
				*t, err = fromComputeIn(*t, d, nil)
			}
		}
		return r, err
	}
	kernel, err := layerNormGradKernels.Select("layer_norm_backward", x.dtype)
	if err != nil {
		return out, err
	}
	lead := x.Dim() - len(normalizedShape)
	if len(normalizedShape) == 0 || lead < 0 || !slices.Equal(x.shape[lead:], normalizedShape) || !slices.Equal(g.shape, x.shape) || g.dtype != x.dtype {
		return out, Errorf(RuntimeError, "layer_norm_backward(): the gradient %s %s does not fit the input %s %s normalized over %s",
			g.dtype, FormatShape(g.shape), x.dtype, FormatShape(x.shape), FormatShape(normalizedShape))
	}
	if weight != nil {
		if !slices.Equal(weight.shape, normalizedShape) {
			return out, Errorf(RuntimeError, "Expected weight to be of same shape as normalized_shape, but got weight of shape %s and normalized_shape = %s",
				FormatShape(weight.shape), FormatShape(normalizedShape))
		}
		if weight, err = weight.To(x.dtype); err != nil {
			return out, err
		}
		if weight, err = weight.Contiguous(); err != nil {
			return out, err
		}
	}
	needWeight = needWeight && weight != nil
	if x, err = x.Contiguous(); err != nil {
		return out, err
	}
	if g, err = g.Contiguous(); err != nil {
		return out, err
	}
	if needInput {
		if out.Input, err = emptyOutput(x.dtype, x.shape...); err != nil {
			return out, err
		}
	}
	if needWeight {
		if out.Weight, err = emptyOutput(x.dtype, normalizedShape...); err != nil {
			return out, err
		}
	}
	if needBias {
		if out.Bias, err = emptyOutput(x.dtype, normalizedShape...); err != nil {
			return out, err
		}
	}
	n := numel(normalizedShape)
	rows := 0
	if n > 0 {
		rows = x.Numel() / n
	}
	kernel(g, x, weight, out, rows, n, eps)
	return out, nil
}

// layerNormGradFunc computes LayerNormBackward's gradients over rows
// contiguous rows of length n.
type layerNormGradFunc func(g, x, w *Tensor, out LayerNormGrads, rows, n int, eps float64)

var layerNormGradKernels = computed(FloatingDTypes(ByDType[layerNormGradFunc]{Float32: layerNormGrad[float32], Float64: layerNormGrad[float64]}))

func layerNormGrad[T Float](g, x, w *Tensor, out LayerNormGrads, rows, n int, eps float64) {
	gs := g.storage.data.([]T)[g.offset : g.offset+rows*n]
	xs := x.storage.data.([]T)[x.offset : x.offset+rows*n]
	var ws []T
	if w != nil {
		ws = w.storage.data.([]T)[w.offset : w.offset+n]
	}
	// stats holds each row's mean and rstd for the weight's gradient.
	stats := make([]float64, 2*rows)
	ParallelFor(rows, max(1, GrainSize/(4*max(n, 1))), func(begin, end int) {
		for r := begin; r < end; r++ {
			xr, gr := xs[r*n:(r+1)*n], gs[r*n:(r+1)*n]
			mean, rstd := layerNormMoments(xr, eps)
			stats[2*r], stats[2*r+1] = mean, rstd
			if out.Input == nil {
				continue
			}
			var sg, sgx float64
			for j, v := range gr {
				gh := float64(v)
				if ws != nil {
					gh *= float64(ws[j])
				}
				sg += gh
				sgx += gh * ((float64(xr[j]) - mean) * rstd)
			}
			sg /= float64(n)
			sgx /= float64(n)
			dx := out.Input.storage.data.([]T)[r*n : (r+1)*n]
			for j, v := range gr {
				gh := float64(v)
				if ws != nil {
					gh *= float64(ws[j])
				}
				xhat := (float64(xr[j]) - mean) * rstd
				dx[j] = T(rstd * (gh - sg - xhat*sgx))
			}
		}
	})
	if out.Weight == nil && out.Bias == nil {
		return
	}
	// The weight's and bias's gradients sum over the rows: each worker
	// takes a range of columns through every row.
	var dw, db []T
	if out.Weight != nil {
		dw = out.Weight.storage.data.([]T)
	}
	if out.Bias != nil {
		db = out.Bias.storage.data.([]T)
	}
	ParallelFor(n, max(1, GrainSize/max(4*rows, 1)), func(begin, end int) {
		sw := make([]float64, end-begin)
		sb := make([]float64, end-begin)
		for r := 0; r < rows; r++ {
			mean, rstd := stats[2*r], stats[2*r+1]
			xr, gr := xs[r*n+begin:r*n+end], gs[r*n+begin:r*n+end]
			for j, v := range gr {
				gv := float64(v)
				sw[j] += gv * ((float64(xr[j]) - mean) * rstd)
				sb[j] += gv
			}
		}
		for j := range sw {
			if dw != nil {
				dw[begin+j] = T(sw[j])
			}
			if db != nil {
				db[begin+j] = T(sb[j])
			}
		}
	})
}
