package tensor

import (
	"math"
	"slices"

	"github.com/kael-dev/kael/tensor/internal/vecmath"
)

// layerNormMoments returns the mean and 1/sqrt(var + eps) of one row, in
// float64 with a second pass for the (biased) variance: the statistics
// LayerNorm normalizes with and LayerNormBackward differentiates. Both
// sums take every fourth element into one of four partial sums, as
// sumFloat64, so that the additions do not wait on each other; float32
// rows go to vecmath's kernel, which sums in eight lanes.
func layerNormMoments[T Float](row []T, eps float64) (mean, rstd float64) {
	if r, ok := any(row).([]float32); ok {
		return vecmath.LayerNormMomentsFloat32(r, eps)
	}
	n := float64(len(row))
	mean = sumFloat64(row) / n
	var s0, s1, s2, s3 float64
	i := 0
	for ; i+4 <= len(row); i += 4 {
		v := row[i : i+4 : i+4]
		d0, d1, d2, d3 := float64(v[0])-mean, float64(v[1])-mean, float64(v[2])-mean, float64(v[3])-mean
		s0 += d0 * d0
		s1 += d1 * d1
		s2 += d2 * d2
		s3 += d3 * d3
	}
	for _, v := range row[i:] {
		d := float64(v) - mean
		s0 += d * d
	}
	return mean, 1 / math.Sqrt((s0+s1+s2+s3)/n+eps)
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
			dx := out.Input.storage.data.([]T)[r*n : (r+1)*n]
			layerNormInputGradRow(dx, gr, xr, ws, mean, rstd)
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
			if g32, ok := any(gr).([]float32); ok {
				vecmath.LayerNormGradWBFloat32(sw, sb, g32, any(xr).([]float32), mean, rstd)
				continue
			}
			xr, sw, sb := xr[:len(gr)], sw[:len(gr)], sb[:len(gr)]
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

// layerNormInputGradRow writes the input's gradient of one row into dx:
// rstd·(ĝ − mean(ĝ) − x̂·mean(ĝ·x̂)) with ĝ = g·w (g where ws is nil) and
// x̂ = (x − mean)·rstd, in float64, each result rounded once to T. The two
// means sum every fourth element into one of four partial sums (as
// layerNormMoments), and each case is its own loop without a test;
// float32 rows with a weight go to vecmath's kernel (eight lanes).
func layerNormInputGradRow[T Float](dx, gr, xr, ws []T, mean, rstd float64) {
	if d32, ok := any(dx).([]float32); ok && ws != nil {
		vecmath.LayerNormGradRowFloat32(d32, any(gr).([]float32), any(xr).([]float32), any(ws).([]float32), mean, rstd)
		return
	}
	n := len(gr)
	xr, dx = xr[:n], dx[:n]
	var g0, g1, g2, g3, h0, h1, h2, h3 float64
	j := 0
	if ws != nil {
		ws = ws[:n]
		for ; j+4 <= n; j += 4 {
			g, x, w := gr[j:j+4:j+4], xr[j:j+4:j+4], ws[j:j+4:j+4]
			a0, a1, a2, a3 := float64(g[0])*float64(w[0]), float64(g[1])*float64(w[1]), float64(g[2])*float64(w[2]), float64(g[3])*float64(w[3])
			g0 += a0
			g1 += a1
			g2 += a2
			g3 += a3
			h0 += a0 * ((float64(x[0]) - mean) * rstd)
			h1 += a1 * ((float64(x[1]) - mean) * rstd)
			h2 += a2 * ((float64(x[2]) - mean) * rstd)
			h3 += a3 * ((float64(x[3]) - mean) * rstd)
		}
		for ; j < n; j++ {
			a := float64(gr[j]) * float64(ws[j])
			g0 += a
			h0 += a * ((float64(xr[j]) - mean) * rstd)
		}
	} else {
		for ; j+4 <= n; j += 4 {
			g, x := gr[j:j+4:j+4], xr[j:j+4:j+4]
			a0, a1, a2, a3 := float64(g[0]), float64(g[1]), float64(g[2]), float64(g[3])
			g0 += a0
			g1 += a1
			g2 += a2
			g3 += a3
			h0 += a0 * ((float64(x[0]) - mean) * rstd)
			h1 += a1 * ((float64(x[1]) - mean) * rstd)
			h2 += a2 * ((float64(x[2]) - mean) * rstd)
			h3 += a3 * ((float64(x[3]) - mean) * rstd)
		}
		for ; j < n; j++ {
			a := float64(gr[j])
			g0 += a
			h0 += a * ((float64(xr[j]) - mean) * rstd)
		}
	}
	sg := (g0 + g1 + g2 + g3) / float64(n)
	sgx := (h0 + h1 + h2 + h3) / float64(n)
	if ws != nil {
		for j, v := range gr {
			gh := float64(v) * float64(ws[j])
			xhat := (float64(xr[j]) - mean) * rstd
			dx[j] = T(rstd * (gh - sg - xhat*sgx))
		}
		return
	}
	for j, v := range gr {
		xhat := (float64(xr[j]) - mean) * rstd
		dx[j] = T(rstd * (float64(v) - sg - xhat*sgx))
	}
}
