package nn

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/tensor"
)

// The loss functions of torch.nn.functional that are compositions of
// recorded operations: smooth_l1_loss, huber_loss, kl_div, and
// cross_entropy / nll_loss with class weights, label smoothing or class
// probabilities (ATen's Loss.cpp and LossNLL.cpp, written with the same
// steps).

// reduce applies a loss's reduction: "mean", "sum" or "none".
func (c *chain) reduce(losses *tensor.Tensor, reduction string) *tensor.Tensor {
	if c.err != nil {
		return nil
	}
	r, err := tensor.LossReduction(reduction)
	if err != nil {
		c.err = err
		return nil
	}
	switch r {
	case "sum":
		return c.do(func() (*tensor.Tensor, error) { return autograd.Sum(losses, nil, false) })
	case "none":
		return losses
	}
	return c.do(func() (*tensor.Tensor, error) { return autograd.Mean(losses, nil, false) })
}

// abs is |x|, recorded.
func (c *chain) abs(x *tensor.Tensor) *tensor.Tensor { return c.unary(autograd.Abs, x) }

// where picks a where cond holds, else b, recorded.
func (c *chain) where(cond, a, b *tensor.Tensor) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) { return autograd.Where(cond, a, b) })
}

// less is the unrecorded mask a < b.
func (c *chain) less(a, b *tensor.Tensor) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) { return tensor.Lt(a, b) })
}

// SmoothL1Loss is F.smooth_l1_loss: 0.5·d²/beta where |d| < beta, else
// |d| - 0.5·beta, d = input - target; beta 0 is the L1 loss (with
// PyTorch's gradient -1 at d = 0).
func SmoothL1Loss(input, target *tensor.Tensor, reduction string, beta float64) (*tensor.Tensor, error) {
	return autograd.Composite("SmoothL1LossBackward0", []*tensor.Tensor{input, target}, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
		return smoothL1Loss(in[0], in[1], reduction, beta)
	})
}

// smoothL1Loss computes SmoothL1Loss with recorded operations.
func smoothL1Loss(input, target *tensor.Tensor, reduction string, beta float64) (*tensor.Tensor, error) {
	if beta < 0 {
		return nil, tensor.Errorf(tensor.RuntimeError, "smooth_l1_loss does not support negative values for beta.")
	}
	c := &chain{}
	d := c.sub(input, target)
	if beta == 0 {
		// |d|, with PyTorch's gradient -1 at d = 0.
		nonPositive := c.do(func() (*tensor.Tensor, error) { return tensor.Le(d, tensor.MustScalar(0.0)) })
		return c.reduce(c.where(nonPositive, c.unary(autograd.Neg, d), d), reduction), c.err
	}
	ad := c.abs(d)
	dt := input.DType()
	quad := c.div(c.mul(c.mul(d, d), c.scalar(0.5, dt)), c.scalar(beta, dt))
	lin := c.sub(ad, c.scalar(0.5*beta, dt))
	return c.reduce(c.where(c.less(ad, c.scalar(beta, dt)), quad, lin), reduction), c.err
}

// HuberLoss is F.huber_loss: 0.5·d² where |d| < delta, else
// delta·(|d| - 0.5·delta).
func HuberLoss(input, target *tensor.Tensor, reduction string, delta float64) (*tensor.Tensor, error) {
	return autograd.Composite("HuberLossBackward0", []*tensor.Tensor{input, target}, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
		return huberLoss(in[0], in[1], reduction, delta)
	})
}

// huberLoss computes HuberLoss with recorded operations.
func huberLoss(input, target *tensor.Tensor, reduction string, delta float64) (*tensor.Tensor, error) {
	if delta <= 0 {
		return nil, tensor.Errorf(tensor.RuntimeError, "huber_loss does not support non-positive values for delta.")
	}
	c := &chain{}
	d := c.sub(input, target)
	ad := c.abs(d)
	dt := input.DType()
	quad := c.mul(c.mul(d, d), c.scalar(0.5, dt))
	lin := c.mul(c.scalar(delta, dt), c.sub(ad, c.scalar(0.5*delta, dt)))
	return c.reduce(c.where(c.less(ad, c.scalar(delta, dt)), quad, lin), reduction), c.err
}

// KLDivLoss is F.kl_div of log-probabilities input at target
// (probabilities, or log-probabilities with logTarget): target·(log target
// - input), 0 where target is 0. reduction "batchmean" divides the sum by
// the batch size (input.size(0)).
func KLDivLoss(input, target *tensor.Tensor, reduction string, logTarget bool) (*tensor.Tensor, error) {
	c := &chain{}
	var losses *tensor.Tensor
	if logTarget {
		losses = c.mul(c.unary(autograd.Exp, target), c.sub(target, input))
	} else {
		zero := c.scalar(0, target.DType())
		positive := c.do(func() (*tensor.Tensor, error) { return tensor.Gt(target, zero) })
		safe := c.where(positive, target, c.scalar(1, target.DType()))
		// xlogy(target, target) - target·input, as ATen writes it.
		xlogy := c.where(positive, c.mul(target, c.unary(autograd.Log, safe)), c.scalar(0, target.DType()))
		losses = c.sub(xlogy, c.mul(target, input))
	}
	if reduction == "batchmean" {
		sum := c.reduce(losses, "sum")
		if input.Dim() == 0 || c.err != nil {
			return sum, c.err
		}
		return c.div(sum, c.scalar(float64(input.Shape()[0]), sum.DType())), c.err
	}
	return c.reduce(losses, reduction), c.err
}

// ClassLossOptions are the arguments of cross_entropy and nll_loss.
type ClassLossOptions struct {
	// Weight rescales each class (nil for none).
	Weight         *tensor.Tensor
	IgnoreIndex    int64
	Reduction      string
	LabelSmoothing float64
}

// CrossEntropyLoss is F.cross_entropy: log_softmax over the classes
// (dimension 1, or 0 for a [C] input), then the weighted, smoothed
// negative log-likelihood at class indices, or the cross-entropy with
// class probabilities when target is floating-point of input's shape.
func CrossEntropyLoss(input, target *tensor.Tensor, o ClassLossOptions) (*tensor.Tensor, error) {
	if o.LabelSmoothing < 0 || o.LabelSmoothing > 1 {
		return nil, tensor.Errorf(tensor.RuntimeError, "label_smoothing must be between 0.0 and 1.0. Got: %s", pyFloat(o.LabelSmoothing))
	}
	if input.Dim() == 0 {
		return nil, tensor.Errorf(tensor.IndexError, "Dimension out of range (expected to be in range of [-1, 0], but got 1)")
	}
	if target.DType().IsFloating() && sameShape(input.Shape(), target.Shape()) {
		return softTargetCrossEntropy(input, target, o)
	}
	if o.Weight == nil && o.LabelSmoothing == 0 {
		return autograd.CrossEntropy(input, target, tensor.LossOptions{Reduction: o.Reduction, IgnoreIndex: o.IgnoreIndex})
	}
	classDim := min(1, input.Dim()-1)
	c := &chain{}
	lp := c.do(func() (*tensor.Tensor, error) { return autograd.LogSoftmax(input, classDim) })
	if c.err != nil {
		return nil, c.err
	}
	nll, err := NLLLoss(lp, target, o)
	if err != nil || o.LabelSmoothing == 0 {
		return nll, err
	}
	if _, err := tensor.LossReduction(o.Reduction); err != nil {
		return nil, err
	}
	classes := input.Shape()[classDim]
	weighted := lp
	if o.Weight != nil {
		weighted = c.mul(lp, c.do(func() (*tensor.Tensor, error) {
			return o.Weight.View(classBroadcast(classes, input.Dim(), classDim)...)
		}))
	}
	smooth := c.unary(autograd.Neg, c.do(func() (*tensor.Tensor, error) { return autograd.Sum(weighted, []int{classDim}, false) }))
	ignored := c.do(func() (*tensor.Tensor, error) { return tensor.Eq(target, tensor.MustScalar(o.IgnoreIndex)) })
	smooth = c.do(func() (*tensor.Tensor, error) { return autograd.MaskedFill(smooth, ignored, tensor.MustScalar(0.0)) })
	var ret *tensor.Tensor
	switch o.Reduction {
	case "sum":
		ret = c.reduce(smooth, "sum")
	case "none":
		ret = smooth
	default:
		denom := c.do(func() (*tensor.Tensor, error) { return countedWeight(target, o, input.DType()) })
		ret = c.div(c.reduce(smooth, "sum"), denom)
	}
	eps := o.LabelSmoothing
	return c.add(c.mul(nll, c.scalar(1-eps, input.DType())), c.mul(ret, c.scalar(eps/float64(classes), input.DType()))), c.err
}

// classBroadcast is the shape that broadcasts a [C] vector along classDim
// of an input of ndim dimensions.
func classBroadcast(classes, ndim, classDim int) []int {
	shape := make([]int, ndim)
	for i := range shape {
		shape[i] = 1
	}
	shape[classDim] = classes
	return shape
}

// softTargetCrossEntropy is cross_entropy with class probabilities:
// -Σ_c w_c·t_c·log_softmax(x)_c, the targets smoothed toward uniform by
// label_smoothing; the mean divides by the number of samples.
func softTargetCrossEntropy(input, target *tensor.Tensor, o ClassLossOptions) (*tensor.Tensor, error) {
	if !sameShape(input.Shape(), target.Shape()) {
		return nil, tensor.Errorf(tensor.RuntimeError, "Expected floating point type for target with class probabilities, got %s", target.DType())
	}
	if _, err := tensor.LossReduction(o.Reduction); err != nil {
		return nil, err
	}
	classDim := min(1, input.Dim()-1)
	classes := input.Shape()[classDim]
	c := &chain{}
	lp := c.do(func() (*tensor.Tensor, error) { return autograd.LogSoftmax(input, classDim) })
	t := target
	if o.LabelSmoothing > 0 {
		t = c.add(c.mul(target, c.scalar(1-o.LabelSmoothing, target.DType())), c.scalar(o.LabelSmoothing/float64(classes), target.DType()))
	}
	prod := c.mul(lp, t)
	if o.Weight != nil {
		prod = c.mul(prod, c.do(func() (*tensor.Tensor, error) {
			return o.Weight.View(classBroadcast(classes, input.Dim(), classDim)...)
		}))
	}
	losses := c.unary(autograd.Neg, c.do(func() (*tensor.Tensor, error) { return autograd.Sum(prod, []int{classDim}, false) }))
	switch o.Reduction {
	case "sum", "none":
		return c.reduce(losses, o.Reduction), c.err
	}
	samples := 1
	if input.Dim() > 1 {
		samples = input.Numel() / max(classes, 1)
	}
	return c.div(c.reduce(losses, "sum"), c.scalar(float64(samples), input.DType())), c.err
}

func sameShape(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// NLLLoss is F.nll_loss with class weights: -w[t]·input[t] at each
// counted target, the mean divided by the sum of the counted targets'
// weights, as PyTorch does.
func NLLLoss(input, target *tensor.Tensor, o ClassLossOptions) (*tensor.Tensor, error) {
	if o.Weight == nil {
		return autograd.NllLoss(input, target, tensor.LossOptions{Reduction: o.Reduction, IgnoreIndex: o.IgnoreIndex})
	}
	if _, err := tensor.LossReduction(o.Reduction); err != nil {
		return nil, err
	}
	if input.Dim() == 0 {
		return nil, tensor.Errorf(tensor.ValueError, "Expected 1 or more dimensions (got 0)")
	}
	classDim := min(1, input.Dim()-1)
	classes := input.Shape()[classDim]
	if o.Weight.Numel() != classes && input.Dim() > 2 {
		return nil, tensor.Errorf(tensor.RuntimeError, "weight tensor should be defined either for all or no classes")
	}
	if o.Weight.Numel() != classes {
		return nil, tensor.Errorf(tensor.RuntimeError, "weight tensor should be defined either for all %d classes or no classes but got weight tensor of shape: %s", classes, pyList(o.Weight.Shape()))
	}
	// The unweighted loss checks the targets (dtype, shape, bounds) with
	// PyTorch's messages.
	if _, err := tensor.NllLoss(input.Detach(), target, tensor.LossOptions{Reduction: "none", IgnoreIndex: o.IgnoreIndex}); err != nil {
		return nil, err
	}
	// One NllLossBackward0 (or NllLoss2DBackward0) node records it, as in
	// PyTorch.
	return autograd.WeightedNllLoss(input, target, o.Weight, tensor.LossOptions{Reduction: o.Reduction, IgnoreIndex: o.IgnoreIndex}, func(lp, t *tensor.Tensor) (*tensor.Tensor, error) {
		return weightedNll(lp, t, o)
	})
}

// weightedNll computes NLLLoss with class weights of checked arguments.
func weightedNll(input, target *tensor.Tensor, o ClassLossOptions) (*tensor.Tensor, error) {
	classDim := min(1, input.Dim()-1)
	c := &chain{}
	ignored := c.do(func() (*tensor.Tensor, error) { return tensor.Eq(target, tensor.MustScalar(o.IgnoreIndex)) })
	safe := c.do(func() (*tensor.Tensor, error) { return tensor.Where(ignored, tensor.MustScalar(int64(0)), target) })
	picked := c.do(func() (*tensor.Tensor, error) {
		idx, err := safe.Unsqueeze(classDim)
		if err != nil {
			return nil, err
		}
		g, err := autograd.Gather(input, classDim, idx)
		if err != nil {
			return nil, err
		}
		return autograd.Squeeze(g, classDim)
	})
	w := c.do(func() (*tensor.Tensor, error) { return sampleWeights(safe, ignored, o.Weight) })
	// An ignored target's loss is 0, not -0.
	losses := c.maskedFill(c.unary(autograd.Neg, c.mul(picked, w)), ignored, 0)
	switch o.Reduction {
	case "sum", "none":
		return c.reduce(losses, o.Reduction), c.err
	}
	denom := c.do(func() (*tensor.Tensor, error) { return countedWeight(target, o, input.DType()) })
	return c.div(c.reduce(losses, "sum"), denom), c.err
}

// sampleWeights is weight[target] with 0 where the target is ignored.
func sampleWeights(target, ignored, weight *tensor.Tensor) (*tensor.Tensor, error) {
	flat, err := target.Reshape(-1)
	if err != nil {
		return nil, err
	}
	w, err := tensor.IndexSelect(weight, 0, flat)
	if err != nil {
		return nil, err
	}
	if w, err = w.Reshape(target.Shape()...); err != nil {
		return nil, err
	}
	zero, err := tensor.Full(0, weight.DType())
	if err != nil {
		return nil, err
	}
	return tensor.Where(ignored, zero, w)
}

// countedWeight is the mean's divisor: the sum of the class weights of
// the targets that are not ignored (their count without weights).
func countedWeight(target *tensor.Tensor, o ClassLossOptions, d tensor.DType) (*tensor.Tensor, error) {
	ignored, err := tensor.Eq(target, tensor.MustScalar(o.IgnoreIndex))
	if err != nil {
		return nil, err
	}
	var w *tensor.Tensor
	if o.Weight != nil {
		safe, err := tensor.Where(ignored, tensor.MustScalar(int64(0)), target)
		if err != nil {
			return nil, err
		}
		if w, err = sampleWeights(safe, ignored, o.Weight); err != nil {
			return nil, err
		}
	} else {
		if w, err = tensor.Where(ignored, tensor.MustScalar(0.0), tensor.MustScalar(1.0)); err != nil {
			return nil, err
		}
	}
	if w, err = w.To(d); err != nil {
		return nil, err
	}
	return tensor.Sum(w, nil, false)
}
