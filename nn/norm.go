package nn

import (
	"fmt"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/tensor"
)

// The normalisation layers beyond LayerNorm: BatchNorm1d/2d/3d (running
// statistics, momentum, eval mode), InstanceNorm1d/2d/3d and GroupNorm,
// composed of recorded operations (torch/nn/modules/batchnorm.py,
// instancenorm.py, normalization.py; ATen's batch_norm).

// channelShape is [1, C, 1, ...] for an input of ndim dimensions: the
// shape that broadcasts a per-channel vector over it.
func channelShape(c, ndim int) []int {
	shape := make([]int, ndim)
	for i := range shape {
		shape[i] = 1
	}
	shape[1] = c
	return shape
}

// reduceDims lists the dimensions from..ndim-1, and 0 first when
// withBatch.
func reduceDims(ndim int, withBatch bool) []int {
	var dims []int
	if withBatch {
		dims = append(dims, 0)
	}
	for d := 2; d < ndim; d++ {
		dims = append(dims, d)
	}
	return dims
}

// sizeRepr writes a shape as torch.Size does: torch.Size([2, 3]).
func sizeRepr(shape []int) string { return "torch.Size(" + pyList(shape) + ")" }

// BatchNormFunc is F.batch_norm: x [N, C, *] normalised per channel by
// the batch's statistics (training) or by runningMean and runningVar,
// then scaled by weight and shifted by bias (either may be nil). While
// training, the running statistics (when given) move toward the batch's
// by momentum, the variance unbiased, as PyTorch does.
func BatchNormFunc(x, runningMean, runningVar, weight, bias *tensor.Tensor, training bool, momentum, eps float64) (*tensor.Tensor, error) {
	if x.Dim() < 2 {
		return nil, tensor.Errorf(tensor.ValueError, "expected at least 2D input (got %dD input)", x.Dim())
	}
	c := x.Shape()[1]
	for _, s := range []struct {
		name string
		t    *tensor.Tensor
	}{{"running_mean", runningMean}, {"running_var", runningVar}, {"weight", weight}, {"bias", bias}} {
		if s.t != nil && s.t.Numel() != c {
			return nil, tensor.Errorf(tensor.RuntimeError, "%s should contain %d elements not %d", s.name, c, s.t.Numel())
		}
	}
	shape := channelShape(c, x.Dim())
	n := x.Numel() / max(c, 1)
	if training && n == 1 {
		return nil, tensor.Errorf(tensor.ValueError, "Expected more than 1 value per channel when training, got input size %s", sizeRepr(x.Shape()))
	}
	if !training && (runningMean == nil || runningVar == nil) {
		return nil, tensor.Errorf(tensor.RuntimeError, "running_mean and running_var must be defined in evaluation mode")
	}
	// One node, NativeBatchNormBackward0 on (input, weight, bias), as
	// PyTorch's native_batch_norm records, whose backward is that of the
	// operations below (or, in float32 training, ATen's fused kernels).
	var batchMean, batchVar *tensor.Tensor
	composite := func(in []*tensor.Tensor) (*tensor.Tensor, error) {
		x, weight, bias := in[0], in[1], in[2]
		ch := &chain{}
		var mean, variance *tensor.Tensor
		if training {
			dims := reduceDims(x.Dim(), true)
			mean = ch.do(func() (*tensor.Tensor, error) { return autograd.Mean(x, dims, true) })
			variance = ch.do(func() (*tensor.Tensor, error) { return autograd.Var(x, dims, 0, true) })
			batchMean, batchVar = mean, variance
		} else {
			mean = ch.do(func() (*tensor.Tensor, error) { return runningMean.View(shape...) })
			variance = ch.do(func() (*tensor.Tensor, error) { return runningVar.View(shape...) })
		}
		out := ch.normalize(x, mean, variance, eps)
		return ch.affine(out, weight, bias, shape), ch.err
	}
	if training && tensor.BatchNormFusable(x, weight, bias) && runningFusable(runningMean, runningVar, c) {
		out, st, err := autograd.BatchNormTrain(x, weight, bias, eps, composite)
		if err != nil {
			return nil, err
		}
		return out, st.UpdateRunning(runningMean, runningVar, momentum)
	}
	out, err := autograd.Composite("NativeBatchNormBackward0", []*tensor.Tensor{x, weight, bias}, composite)
	if err != nil {
		return nil, err
	}
	if training && runningMean != nil && runningVar != nil {
		unbiased := float64(n) / float64(n-1)
		if err := updateRunning(runningMean, batchMean.Detach(), momentum, 1); err != nil {
			return nil, err
		}
		if err := updateRunning(runningVar, batchVar.Detach(), momentum, unbiased); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// runningFusable reports whether the running statistics (each nil for
// none) are float32 vectors of c elements that need no grad, as the fused
// training path updates them.
func runningFusable(mean, variance *tensor.Tensor, c int) bool {
	for _, t := range []*tensor.Tensor{mean, variance} {
		if t != nil && (t.DType() != tensor.Float32 || t.Numel() != c || t.RequiresGrad()) {
			return false
		}
	}
	return true
}

// normalize is (x - mean)/√(variance + eps).
func (c *chain) normalize(x, mean, variance *tensor.Tensor, eps float64) *tensor.Tensor {
	std := c.unary(autograd.Rsqrt, c.add(variance, c.scalar(eps, x.DType())))
	return c.mul(c.sub(x, mean), std)
}

// affine scales x by weight and shifts it by bias (each nil for none),
// viewed in shape.
func (c *chain) affine(x, weight, bias *tensor.Tensor, shape []int) *tensor.Tensor {
	if weight != nil {
		x = c.mul(x, c.do(func() (*tensor.Tensor, error) { return autograd.View(weight, shape...) }))
	}
	if bias != nil {
		x = c.add(x, c.do(func() (*tensor.Tensor, error) { return autograd.View(bias, shape...) }))
	}
	return x
}

// updateRunning sets running = (1 - momentum)·running + momentum·scale·stat
// in place, stat being [1, C, 1, ...].
func updateRunning(running, stat *tensor.Tensor, momentum, scale float64) error {
	c := &calcT{}
	flat := c.do(func() (*tensor.Tensor, error) { return stat.Reshape(running.Shape()...) })
	next := c.add(c.mulScalar(running, 1-momentum), c.mulScalar(flat, momentum*scale))
	if c.err != nil {
		return c.err
	}
	return running.CopyFrom(next)
}

// calcT computes with tensors, unrecorded, keeping the first error.
type calcT struct{ err error }

func (c *calcT) do(f func() (*tensor.Tensor, error)) *tensor.Tensor {
	if c.err != nil {
		return nil
	}
	t, err := f()
	c.err = err
	return t
}

func (c *calcT) add(a, b *tensor.Tensor) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) { return tensor.Add(a, b) })
}

func (c *calcT) mulScalar(a *tensor.Tensor, v float64) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) {
		s, err := tensor.Full(v, a.DType())
		if err != nil {
			return nil, err
		}
		return tensor.Mul(a, s)
	})
}

// InstanceNormFunc is F.instance_norm without running statistics: each
// channel of each sample of x [N, C, *] normalised over its own
// positions, then weight and bias per channel (either may be nil).
func InstanceNormFunc(x, weight, bias *tensor.Tensor, eps float64) (*tensor.Tensor, error) {
	if x.Dim() < 3 {
		return nil, tensor.Errorf(tensor.ValueError, "Expected more than 1 spatial element when training, got input size %s", sizeRepr(x.Shape()))
	}
	n := 1
	for _, s := range x.Shape()[2:] {
		n *= s
	}
	if n == 1 {
		return nil, tensor.Errorf(tensor.ValueError, "Expected more than 1 spatial element when training, got input size %s", sizeRepr(x.Shape()))
	}
	c := &chain{}
	dims := reduceDims(x.Dim(), false)
	mean := c.do(func() (*tensor.Tensor, error) { return autograd.Mean(x, dims, true) })
	variance := c.do(func() (*tensor.Tensor, error) { return autograd.Var(x, dims, 0, true) })
	out := c.normalize(x, mean, variance, eps)
	return c.affine(out, weight, bias, channelShape(x.Shape()[1], x.Dim())), c.err
}

// GroupNormFunc is F.group_norm: the channels of x [N, C, *] split into
// groups, each normalised over its channels and positions, then weight
// and bias per channel (either may be nil).
func GroupNormFunc(x *tensor.Tensor, groups int, weight, bias *tensor.Tensor, eps float64) (*tensor.Tensor, error) {
	return autograd.Composite("NativeGroupNormBackward0", []*tensor.Tensor{x, weight, bias}, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
		return groupNorm(in[0], groups, in[1], in[2], eps)
	})
}

// groupNorm computes GroupNormFunc with recorded operations.
func groupNorm(x *tensor.Tensor, groups int, weight, bias *tensor.Tensor, eps float64) (*tensor.Tensor, error) {
	if x.Dim() < 2 {
		return nil, tensor.Errorf(tensor.RuntimeError, "Expected at least 2 dimensions for input tensor but received %d", x.Dim())
	}
	shape := x.Shape()
	ch := shape[1]
	if groups <= 0 || ch%groups != 0 {
		return nil, tensor.Errorf(tensor.RuntimeError, "Expected number of channels in input to be divisible by num_groups, but got input of shape %s and num_groups=%d", pyList(shape), groups)
	}
	for _, s := range []*tensor.Tensor{weight, bias} {
		if s != nil && s.Numel() != ch {
			return nil, tensor.Errorf(tensor.RuntimeError, "Expected weight to be a vector of size equal to the number of channels in input, but got weight of shape %s and input of shape %s", pyList(s.Shape()), pyList(shape))
		}
	}
	c := &chain{}
	grouped := c.do(func() (*tensor.Tensor, error) { return autograd.Reshape(x, shape[0], groups, -1) })
	mean := c.do(func() (*tensor.Tensor, error) { return autograd.Mean(grouped, []int{2}, true) })
	variance := c.do(func() (*tensor.Tensor, error) { return autograd.Var(grouped, []int{2}, 0, true) })
	out := c.normalize(grouped, mean, variance, eps)
	out = c.do(func() (*tensor.Tensor, error) { return autograd.Reshape(out, shape...) })
	return c.affine(out, weight, bias, channelShape(ch, x.Dim())), c.err
}

// Norm is BatchNorm1d/2d/3d or InstanceNorm1d/2d/3d (by Name): per-channel
// normalisation of [N, C, *] inputs with an optional affine weight (ones)
// and bias (zeros), and for BatchNorm running statistics (buffers
// running_mean, running_var, num_batches_tracked).
type Norm struct {
	base        Base
	Name        string
	NumFeatures int
	Eps         float64
	// Momentum nil is PyTorch's momentum=None: a cumulative average.
	Momentum                   *float64
	Affine, TrackRunningStats  bool
	minDim, maxDim, noBatchDim int
}

// NewNorm makes the layer name ("BatchNorm1d", ..., "InstanceNorm3d").
func NewNorm(name string, features int, eps float64, momentum *float64, affine, track bool, dtype tensor.DType) (*Norm, error) {
	spatial := int(name[len(name)-2] - '0')
	n := &Norm{base: NewBase(), Name: name, NumFeatures: features, Eps: eps, Momentum: momentum,
		Affine: affine, TrackRunningStats: track, minDim: spatial + 2, maxDim: spatial + 2}
	if spatial == 1 {
		n.minDim = 2
	}
	if n.instance() {
		n.minDim, n.noBatchDim = spatial+1, spatial+1
	}
	if features < 0 {
		return nil, tensor.Errorf(tensor.RuntimeError, "Trying to create tensor with negative dimension %d: [%d]", features, features)
	}
	if affine {
		w, err := newParam(dtype, features)
		if err != nil {
			return nil, err
		}
		b, err := newParam(dtype, features)
		if err != nil {
			return nil, err
		}
		if err := tensor.InitLayerNorm(w, b); err != nil {
			return nil, err
		}
		n.base.SetParameter("weight", w)
		n.base.SetParameter("bias", b)
	} else {
		n.base.SetParameter("weight", nil)
		n.base.SetParameter("bias", nil)
	}
	if !track {
		n.base.SetBuffer("running_mean", nil)
		n.base.SetBuffer("running_var", nil)
		n.base.SetBuffer("num_batches_tracked", nil)
		return n, nil
	}
	mean, err := tensor.Zeros(dtype, features)
	if err != nil {
		return nil, err
	}
	variance, err := tensor.Full(1, dtype, features)
	if err != nil {
		return nil, err
	}
	count, err := tensor.Zeros(tensor.Int64)
	if err != nil {
		return nil, err
	}
	n.base.SetBuffer("running_mean", mean)
	n.base.SetBuffer("running_var", variance)
	n.base.SetBuffer("num_batches_tracked", count)
	return n, nil
}

func (n *Norm) instance() bool { return n.Name[0] == 'I' }

func (n *Norm) Base() *Base      { return &n.base }
func (n *Norm) TypeName() string { return n.Name }
func (n *Norm) ExtraRepr() string {
	momentum := "None"
	if n.Momentum != nil {
		momentum = pyFloat(*n.Momentum)
	}
	return fmt.Sprintf("%d, eps=%s, momentum=%s, affine=%s, track_running_stats=%s", n.NumFeatures, pyFloat(n.Eps), momentum, pyBool(n.Affine), pyBool(n.TrackRunningStats))
}
func (n *Norm) Hypers() []Hyper {
	var momentum any
	if n.Momentum != nil {
		momentum = *n.Momentum
	}
	return []Hyper{{"num_features", n.NumFeatures}, {"eps", n.Eps}, {"momentum", momentum}, {"affine", n.Affine}, {"track_running_stats", n.TrackRunningStats}}
}

// Forward is _BatchNorm.forward or _InstanceNorm.forward.
func (n *Norm) Forward(x *tensor.Tensor) (*tensor.Tensor, error) {
	if d := x.Dim(); d < n.minDim || d > n.maxDim {
		if n.minDim == n.maxDim {
			return nil, tensor.Errorf(tensor.ValueError, "expected %dD input (got %dD input)", n.minDim, d)
		}
		return nil, tensor.Errorf(tensor.ValueError, "expected %dD or %dD input (got %dD input)", n.minDim, n.maxDim, d)
	}
	w, b := n.base.Parameter("weight"), n.base.Parameter("bias")
	if n.instance() {
		if x.Dim() == n.noBatchDim {
			c := &chain{}
			batched := c.unsqueeze(x, 0)
			if c.err != nil {
				return nil, c.err
			}
			out, err := InstanceNormFunc(batched, w, b, n.Eps)
			if err != nil {
				return nil, err
			}
			return autograd.Squeeze(out, 0)
		}
		return InstanceNormFunc(x, w, b, n.Eps)
	}
	factor := 0.0
	if n.Momentum != nil {
		factor = *n.Momentum
	}
	training := n.base.Training
	rm, rv := n.base.Buffer("running_mean"), n.base.Buffer("running_var")
	if training && n.TrackRunningStats {
		if count := n.base.Buffer("num_batches_tracked"); count != nil {
			one, err := tensor.Full(1, count.DType())
			if err != nil {
				return nil, err
			}
			if err := tensor.AddSpec.ApplyInPlace(count, one); err != nil {
				return nil, err
			}
			if n.Momentum == nil {
				v, err := count.Float64s()
				if err != nil {
					return nil, err
				}
				factor = 1 / v[0]
			}
		}
	}
	bnTraining := training || (rm == nil && rv == nil)
	if training && !n.TrackRunningStats {
		rm, rv = nil, nil
	}
	return BatchNormFunc(x, rm, rv, w, b, bnTraining, factor, n.Eps)
}

// GroupNorm is nn.GroupNorm(num_groups, num_channels, eps=1e-05,
// affine=True).
type GroupNorm struct {
	base                   Base
	NumGroups, NumChannels int
	Eps                    float64
	Affine                 bool
}

// NewGroupNorm makes a GroupNorm layer: weight ones and bias zeros.
func NewGroupNorm(groups, channels int, eps float64, affine bool, dtype tensor.DType) (*GroupNorm, error) {
	if groups == 0 {
		return nil, tensor.Errorf(tensor.ZeroDivisionError, "integer modulo by zero")
	}
	if channels%groups != 0 {
		return nil, tensor.Errorf(tensor.ValueError, "num_channels must be divisible by num_groups")
	}
	g := &GroupNorm{base: NewBase(), NumGroups: groups, NumChannels: channels, Eps: eps, Affine: affine}
	if !affine {
		g.base.SetParameter("weight", nil)
		g.base.SetParameter("bias", nil)
		return g, nil
	}
	w, err := newParam(dtype, channels)
	if err != nil {
		return nil, err
	}
	b, err := newParam(dtype, channels)
	if err != nil {
		return nil, err
	}
	if err := tensor.InitLayerNorm(w, b); err != nil {
		return nil, err
	}
	g.base.SetParameter("weight", w)
	g.base.SetParameter("bias", b)
	return g, nil
}

func (g *GroupNorm) Base() *Base      { return &g.base }
func (g *GroupNorm) TypeName() string { return "GroupNorm" }
func (g *GroupNorm) ExtraRepr() string {
	return fmt.Sprintf("%d, %d, eps=%s, affine=%s", g.NumGroups, g.NumChannels, pyFloat(g.Eps), pyBool(g.Affine))
}
func (g *GroupNorm) Hypers() []Hyper {
	return []Hyper{{"num_groups", g.NumGroups}, {"num_channels", g.NumChannels}, {"eps", g.Eps}, {"affine", g.Affine}}
}
func (g *GroupNorm) Forward(x *tensor.Tensor) (*tensor.Tensor, error) {
	return GroupNormFunc(x, g.NumGroups, g.base.Parameter("weight"), g.base.Parameter("bias"), g.Eps)
}
