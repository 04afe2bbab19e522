package autograd

import (
	"slices"

	"github.com/kael-dev/kael/tensor"
)

// The losses of torch.nn.functional that are compositions of recorded
// operations, so that their gradients come from the operations': l1_loss,
// binary_cross_entropy and binary_cross_entropy_with_logits.

// reduceLoss applies a loss's reduction to the per-element losses.
func reduceLoss(losses *tensor.Tensor, reduction string) (*tensor.Tensor, error) {
	r, err := tensor.LossReduction(reduction)
	if err != nil {
		return nil, err
	}
	switch r {
	case "sum":
		return Sum(losses, nil, false)
	case "none":
		return losses, nil
	}
	return Mean(losses, nil, false)
}

// sameSize refuses a target whose shape differs from the input's, as
// PyTorch's binary_cross_entropy does.
func sameSize(input, target *tensor.Tensor) error {
	if !slices.Equal(input.Shape(), target.Shape()) {
		return tensor.Errorf(tensor.ValueError, "Using a target size (%s) that is different to the input size (%s) is deprecated. Please ensure they have the same size.",
			sizeString(target.Shape()), sizeString(input.Shape()))
	}
	return nil
}

// sizeString writes a shape as torch.Size([2, 3]).
func sizeString(shape []int) string {
	s := tensor.FormatShape(shape)
	return "torch.Size(" + s + ")"
}

// L1Loss is F.l1_loss: |input - target|, reduced.
func L1Loss(input, target *tensor.Tensor, reduction string) (*tensor.Tensor, error) {
	if err := AutocastFloat32(&input, &target); err != nil {
		return nil, err
	}
	d, err := Sub(input, target)
	if err != nil {
		return nil, err
	}
	a, err := Abs(d)
	if err != nil {
		return nil, err
	}
	return reduceLoss(a, reduction)
}

// weighted multiplies the per-element losses by weight when it is given.
func weighted(losses, weight *tensor.Tensor) (*tensor.Tensor, error) {
	if weight == nil {
		return losses, nil
	}
	return Mul(losses, weight)
}

// BinaryCrossEntropy is F.binary_cross_entropy: -(y·log x + (1-y)·log(1-x))
// of probabilities x, each log clamped at -100 as PyTorch does, times
// weight (nil for none), reduced. It is recorded as one node,
// BinaryCrossEntropyBackward0, as in PyTorch.
func BinaryCrossEntropy(input, target, weight *tensor.Tensor, reduction string) (*tensor.Tensor, error) {
	if err := AutocastFloat32(&input, &target, &weight); err != nil {
		return nil, err
	}
	return Composite("BinaryCrossEntropyBackward0", []*tensor.Tensor{input, target, weight}, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
		return binaryCrossEntropy(in[0], in[1], in[2], reduction)
	})
}

// binaryCrossEntropy computes BinaryCrossEntropy with recorded operations.
func binaryCrossEntropy(input, target, weight *tensor.Tensor, reduction string) (*tensor.Tensor, error) {
	if err := sameSize(input, target); err != nil {
		return nil, err
	}
	lo, err := tensor.Amin(input, nil, false)
	if err != nil {
		return nil, err
	}
	hi, err := tensor.Amax(input, nil, false)
	if err != nil {
		return nil, err
	}
	if input.Numel() > 0 {
		l, _ := lo.Float64s()
		h, _ := hi.Float64s()
		if !(l[0] >= 0 && h[0] <= 1) {
			return nil, tensor.Errorf(tensor.RuntimeError, "all elements of input should be between 0 and 1").
				WithHint("binary_cross_entropy takes probabilities: apply sigmoid first, or use binary_cross_entropy_with_logits (BCEWithLogitsLoss) on the logits")
		}
	}
	floor, err := tensor.Scalar(-100.0)
	if err != nil {
		return nil, err
	}
	one, err := tensor.Scalar(1.0)
	if err != nil {
		return nil, err
	}
	c := &calc{}
	clampedLog := func(x *tensor.Tensor) *tensor.Tensor {
		return c.do(func() (*tensor.Tensor, error) {
			l, err := Log(x)
			if err != nil {
				return nil, err
			}
			return Maximum(l, floor)
		})
	}
	rec := func(f func(a, b *tensor.Tensor) (*tensor.Tensor, error), a, b *tensor.Tensor) *tensor.Tensor {
		return c.do(func() (*tensor.Tensor, error) { return f(a, b) })
	}
	notX := rec(Sub, one, input)
	notY := rec(Sub, one, target)
	pos := rec(Mul, target, clampedLog(input))
	neg := rec(Mul, notY, clampedLog(notX))
	losses := c.do(func() (*tensor.Tensor, error) { return Neg(rec(Add, pos, neg)) })
	if c.err != nil {
		return nil, c.err
	}
	if losses, err = weighted(losses, weight); err != nil {
		return nil, err
	}
	return reduceLoss(losses, reduction)
}

// logSigmoid is log(sigmoid(x)) computed stably and smoothly as the second
// entry of log_softmax([0, x]), so that its gradient is 1 - sigmoid(x)
// everywhere (also at 0, where a formula with |x| would have a kink).
func logSigmoid(x *tensor.Tensor) (*tensor.Tensor, error) {
	zeros, err := tensor.Zeros(x.DType(), x.Shape()...)
	if err != nil {
		return nil, err
	}
	pair, err := Stack([]*tensor.Tensor{zeros, x}, x.Dim())
	if err != nil {
		return nil, err
	}
	lp, err := LogSoftmax(pair, x.Dim())
	if err != nil {
		return nil, err
	}
	return Select(lp, x.Dim(), 1)
}

// BinaryCrossEntropyWithLogits is F.binary_cross_entropy_with_logits:
// (1-y)·x - w·log(sigmoid(x)) with w = (pos_weight-1)·y + 1 (1 without
// pos_weight), times weight, reduced. Through the composition its
// gradient is PyTorch's: sigmoid(x) - y without weights. It is recorded as
// one node, BinaryCrossEntropyWithLogitsBackward0, as in PyTorch.
func BinaryCrossEntropyWithLogits(input, target, weight, posWeight *tensor.Tensor, reduction string) (*tensor.Tensor, error) {
	if err := AutocastFloat32(&input, &target, &weight, &posWeight); err != nil {
		return nil, err
	}
	return Composite("BinaryCrossEntropyWithLogitsBackward0", []*tensor.Tensor{input, target, weight, posWeight}, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
		return binaryCrossEntropyWithLogits(in[0], in[1], in[2], in[3], reduction)
	})
}

// binaryCrossEntropyWithLogits computes BinaryCrossEntropyWithLogits with
// recorded operations.
func binaryCrossEntropyWithLogits(input, target, weight, posWeight *tensor.Tensor, reduction string) (*tensor.Tensor, error) {
	if !slices.Equal(input.Shape(), target.Shape()) {
		return nil, tensor.Errorf(tensor.ValueError, "Target size (%s) must be the same as input size (%s)", sizeString(target.Shape()), sizeString(input.Shape()))
	}
	one, err := tensor.Scalar(1.0)
	if err != nil {
		return nil, err
	}
	c := &calc{}
	rec := func(f func(a, b *tensor.Tensor) (*tensor.Tensor, error), a, b *tensor.Tensor) *tensor.Tensor {
		return c.do(func() (*tensor.Tensor, error) { return f(a, b) })
	}
	ls := c.do(func() (*tensor.Tensor, error) { return logSigmoid(input) })
	if posWeight != nil {
		w := rec(Add, rec(Mul, rec(Sub, posWeight, one), target), one)
		ls = rec(Mul, w, ls)
	}
	losses := rec(Sub, rec(Mul, rec(Sub, one, target), input), ls)
	if c.err != nil {
		return nil, c.err
	}
	if losses, err = weighted(losses, weight); err != nil {
		return nil, err
	}
	return reduceLoss(losses, reduction)
}
