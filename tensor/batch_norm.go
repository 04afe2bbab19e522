package tensor

import (
	"math"
	"slices"

	"github.com/kael-dev/kael/tensor/internal/vecmath"
)

// Batch normalisation's training pass in float32, as ATen's CPU kernels
// (aten/src/ATen/native/cpu/batch_norm_kernel.cpp and Normalization.cpp's
// batch_norm_cpu_update_stats_template): per channel the mean and the sum
// of squared deviations in two passes accumulated in float64, the output
// x·α + β with α = invstd·weight and β = bias − mean·α, and a backward
// that sums g and g·(x − mean) per channel and then writes the input's
// gradient in one pass. The composite of tensor operations it replaces
// (mean, var, sub, rsqrt, mul, add) read and wrote the input six times
// and recorded a node for each. The output's and the input gradient's
// element-wise passes run in vector registers
// (vecmath.BatchNormAffineFloat32, vecmath.BatchNormGradFloat32), each
// operation rounded as the Go loops rounded it.

// BatchNormStats are what the training forward saves for the backward and
// for the running statistics: per channel the batch mean, the inverse
// standard deviation 1/√(var + eps) and the sum of squared deviations.
type BatchNormStats struct {
	Mean, Invstd, VarSum []float32
	Count                int // elements per channel, N·H·W...
}

// BatchNormFusable reports whether BatchNormTrain takes x, weight and bias:
// x contiguous float32 [N, C, *] with more than one element per channel,
// weight and bias nil or float32 vectors of C elements.
func BatchNormFusable(x, weight, bias *Tensor) bool {
	if x.dtype != Float32 || x.Dim() < 2 || !x.IsContiguous() || x.Numel() == 0 {
		return false
	}
	c := x.shape[1]
	if x.Numel()/c < 2 {
		return false
	}
	for _, p := range []*Tensor{weight, bias} {
		if p != nil && (p.dtype != Float32 || p.Numel() != c) {
			return false
		}
	}
	return true
}

// float32Vector returns the C values of a float32 vector (nil for none).
func float32Vector(t *Tensor) ([]float32, error) {
	if t == nil {
		return nil, nil
	}
	c, err := t.Contiguous()
	if err != nil {
		return nil, err
	}
	return c.storage.data.([]float32)[c.offset : c.offset+c.Numel()], nil
}

// BatchNormTrain normalises x [N, C, *] (BatchNormFusable) by the batch's
// statistics per channel, then scales by weight and shifts by bias (either
// nil for none), returning the output and the statistics.
func BatchNormTrain(x, weight, bias *Tensor, eps float64) (*Tensor, *BatchNormStats, error) {
	w, err := float32Vector(weight)
	if err != nil {
		return nil, nil, err
	}
	b, err := float32Vector(bias)
	if err != nil {
		return nil, nil, err
	}
	n, c := x.shape[0], x.shape[1]
	plane := x.Numel() / (n * c)
	count := n * plane
	src := x.storage.data.([]float32)[x.offset : x.offset+x.Numel()]
	st := &BatchNormStats{Mean: make([]float32, c), Invstd: make([]float32, c), VarSum: make([]float32, c), Count: count}
	out, err := emptyOutput(Float32, x.shape...)
	if err != nil {
		return nil, nil, err
	}
	dst := out.storage.data.([]float32)
	err = ParallelFor(c, max(1, GrainSize/max(2*count, 1)), func(begin, end int) {
		for ch := begin; ch < end; ch++ {
			// batch_norm_cpu_collect_stats_contiguous_impl: the sum in
			// float64, the mean rounded to float32, then the squared
			// deviations, each a float32 product, summed in float64.
			var s float64
			for i := range n {
				s += planeSum64(src[(i*c+ch)*plane : (i*c+ch+1)*plane])
			}
			mean := float32(s / float64(count))
			var v float64
			for i := range n {
				v += squaredDeviations(src[(i*c+ch)*plane:(i*c+ch+1)*plane], mean)
			}
			varSum := float32(v)
			// batch_norm_cpu_update_stats_template's InvStd: the biased
			// variance divided in float32, the root in float64.
			invstd := float32(1 / math.Sqrt(float64(varSum/float32(count))+eps))
			st.Mean[ch], st.Invstd[ch], st.VarSum[ch] = mean, invstd, varSum
			// batch_norm_cpu_collect_linear_and_constant_terms.
			wc, bc := float32(1), float32(0)
			if w != nil {
				wc = w[ch]
			}
			if b != nil {
				bc = b[ch]
			}
			alpha := invstd * wc
			beta := bc - float32(mean*alpha)
			for i := range n {
				from := src[(i*c+ch)*plane : (i*c+ch+1)*plane]
				to := dst[(i*c+ch)*plane : (i*c+ch+1)*plane]
				vecmath.BatchNormAffineFloat32(to, from, alpha, beta)
			}
		}
	})
	if err != nil {
		return nil, nil, err
	}
	return out, st, nil
}

// planeSum64 returns the sum of xs in float64, in four running sums.
func planeSum64(xs []float32) float64 {
	var a, b, c, d float64
	for len(xs) >= 4 {
		q := xs[:4:4]
		a += float64(q[0])
		b += float64(q[1])
		c += float64(q[2])
		d += float64(q[3])
		xs = xs[4:]
	}
	for _, v := range xs {
		a += float64(v)
	}
	return (a + b) + (c + d)
}

// squaredDeviations returns Σ (x − mean)² in float64, each square a
// float32 product as ATen's.
func squaredDeviations(xs []float32, mean float32) float64 {
	var a, b, c, d float64
	for len(xs) >= 4 {
		q := xs[:4:4]
		d0, d1, d2, d3 := q[0]-mean, q[1]-mean, q[2]-mean, q[3]-mean
		a += float64(float32(d0 * d0))
		b += float64(float32(d1 * d1))
		c += float64(float32(d2 * d2))
		d += float64(float32(d3 * d3))
		xs = xs[4:]
	}
	for _, v := range xs {
		dv := v - mean
		a += float64(float32(dv * dv))
	}
	return (a + b) + (c + d)
}

// UpdateRunning moves the running statistics (float32 vectors of C
// elements, either nil) toward the batch's by momentum, as
// batch_norm_cpu_update_stats_template: the mean in float32, the unbiased
// variance in float64.
func (st *BatchNormStats) UpdateRunning(runningMean, runningVar *Tensor, momentum float64) error {
	m := float32(momentum)
	if runningMean != nil {
		cur, err := float32Vector(runningMean)
		if err != nil {
			return err
		}
		next := make([]float32, len(cur))
		for i, r := range cur {
			next[i] = float32(m*st.Mean[i]) + float32((1-m)*r)
		}
		if err := copyVector(runningMean, next); err != nil {
			return err
		}
	}
	if runningVar != nil {
		cur, err := float32Vector(runningVar)
		if err != nil {
			return err
		}
		next := make([]float32, len(cur))
		for i, r := range cur {
			unbiased := float64(st.VarSum[i] / float32(st.Count-1))
			next[i] = float32(float64(m)*unbiased + float64(1-m)*float64(r))
		}
		if err := copyVector(runningVar, next); err != nil {
			return err
		}
	}
	return nil
}

// copyVector copies values into t in place (its version moves on).
func copyVector(t *Tensor, values []float32) error {
	v, err := FromSlice(values, t.Shape()...)
	if err != nil {
		return err
	}
	return t.CopyFrom(v)
}

// BatchNormTrainGrads is the backward of BatchNormTrain for the output
// gradient g, as batch_norm_cpu_backward_contiguous_impl in training
// mode: per channel Σg and Σg·(x − mean), each plane summed in float32
// lanes and the planes in float64; then the input's gradient
// (g − Σg/M − (x − mean)·k)·invstd·weight with k = Σg·(x − mean)·invstd²/M,
// the weight's Σg·(x − mean)·invstd and the bias's Σg. Only the wanted
// gradients are computed; the others are nil.
func BatchNormTrainGrads(g, x, weight *Tensor, st *BatchNormStats, wantX, wantW, wantB bool) (gx, gw, gb *Tensor, err error) {
	return batchNormTrainGrads(g, x, weight, st, wantX, wantW, wantB, false)
}

// BatchNormTrainGradsInPlace is BatchNormTrainGrads with the input's
// gradient written into g (and g returned as gx) where g is contiguous and
// shares no memory with x or weight, else into a new tensor as
// BatchNormTrainGrads: the same bits either way, each plane's sums taken
// before its elements are overwritten. Only a caller that holds g alone
// may use it: autograd's incoming gradient that dies with its node
// (dcgan's three BatchNorms, issue 34).
func BatchNormTrainGradsInPlace(g, x, weight *Tensor, st *BatchNormStats, wantX, wantW, wantB bool) (gx, gw, gb *Tensor, err error) {
	inPlace := g.IsContiguous() && !g.SharesMemory(x) && (weight == nil || !g.SharesMemory(weight))
	return batchNormTrainGrads(g, x, weight, st, wantX, wantW, wantB, inPlace)
}

func batchNormTrainGrads(g, x, weight *Tensor, st *BatchNormStats, wantX, wantW, wantB, inPlace bool) (gx, gw, gb *Tensor, err error) {
	if g.dtype != Float32 || !slices.Equal(g.shape, x.shape) {
		return nil, nil, nil, Errorf(RuntimeError, "batch_norm backward: gradient of shape %v for an input of shape %v", g.shape, x.shape)
	}
	if g, err = g.Contiguous(); err != nil {
		return nil, nil, nil, err
	}
	w, err := float32Vector(weight)
	if err != nil {
		return nil, nil, nil, err
	}
	n, c := x.shape[0], x.shape[1]
	plane := x.Numel() / (n * c)
	xs := x.storage.data.([]float32)[x.offset : x.offset+x.Numel()]
	gs := g.storage.data.([]float32)[g.offset : g.offset+g.Numel()]
	var dx []float32
	switch {
	case wantX && inPlace:
		gx, dx = g, gs
	case wantX:
		if gx, err = emptyOutput(Float32, x.shape...); err != nil {
			return nil, nil, nil, err
		}
		dx = gx.storage.data.([]float32)
	}
	gwv, gbv := make([]float32, c), make([]float32, c)
	count := st.Count
	err = ParallelFor(c, max(1, GrainSize/max(3*count, 1)), func(begin, end int) {
		for ch := begin; ch < end; ch++ {
			mean, invstd := st.Mean[ch], st.Invstd[ch]
			var sum, dotp float64
			for i := range n {
				s, d := gradSums(gs[(i*c+ch)*plane:(i*c+ch+1)*plane], xs[(i*c+ch)*plane:(i*c+ch+1)*plane], mean)
				sum += float64(s)
				dotp += float64(d)
			}
			gwv[ch] = float32(dotp * float64(invstd))
			gbv[ch] = float32(sum)
			if dx == nil {
				continue
			}
			wc := float32(1)
			if w != nil {
				wc = w[ch]
			}
			k := float32(float32(float32(float32(dotp)*invstd)*invstd) / float32(count))
			gradMean := float32(sum / float64(count))
			for i := range n {
				from := xs[(i*c+ch)*plane : (i*c+ch+1)*plane]
				dy := gs[(i*c+ch)*plane : (i*c+ch+1)*plane]
				to := dx[(i*c+ch)*plane : (i*c+ch+1)*plane]
				vecmath.BatchNormGradFloat32(to, dy, from, mean, k, gradMean, invstd, wc)
			}
		}
	})
	if err != nil {
		return nil, nil, nil, err
	}
	if wantW {
		if gw, err = FromSlice(gwv, c); err != nil {
			return nil, nil, nil, err
		}
	}
	if wantB {
		if gb, err = FromSlice(gbv, c); err != nil {
			return nil, nil, nil, err
		}
	}
	return gx, gw, gb, nil
}

// gradSums returns Σg and Σg·(x − mean) over one plane in float32, in
// eight lanes added pairwise at the end, as ATen's vectorised reduce_all
// (vecmath.GradSumsFloat32, in vector registers: the Go loop took 1.2 ns
// an element, dcgan's three BatchNorms 2% of its step).
func gradSums(g, x []float32, mean float32) (sum, dotp float32) {
	return vecmath.GradSumsFloat32(g, x, mean)
}
