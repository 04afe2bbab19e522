package autograd

import "github.com/kael-dev/kael/tensor"

// ApplyScaled computes a + alpha·b (AddOp) or a - alpha·b (SubOp) as one
// kernel, each element rounded once as PyTorch's add kernel rounds it
// (tensor.BinarySpec.ApplyScaled; the operands must pass op.Spec.Scales),
// and records one node, as PyTorch does: AddBackward0 or SubBackward0,
// whose gradient for b is grad·alpha (-grad·alpha for sub).
func (op *BinaryOp) ApplyScaled(a, b *tensor.Tensor, alpha float64) (*tensor.Tensor, error) {
	out, err := op.Spec.ApplyScaled(a, b, alpha)
	if err != nil || op.grad == nil || !track(out, a, b) {
		return out, err
	}
	return op.scaledGrad(alpha).record(a, b, out), nil
}

// scaledGrad is op's derivative with b's gradient multiplied by alpha.
func (op *BinaryOp) scaledGrad(alpha float64) *binaryGrad {
	g := *op.grad
	db := g.db
	g.db = func(c *calc, grad, a, b, out *tensor.Tensor) *tensor.Tensor {
		return c.mul(db(c, grad, a, b, out), num(alpha))
	}
	return &g
}

// InPlaceScaled computes a op alpha·b into a (a.add_(b, alpha=alpha)),
// one rounding an element, with InPlace's rules when autograd records it.
func (op *BinaryOp) InPlaceScaled(a, b *tensor.Tensor, alpha float64) error {
	if !InPlaceRecorded(a, b) {
		return op.Spec.ApplyScaledInPlace(a, b, alpha)
	}
	return op.recordInPlace(a, b, func(old *tensor.Tensor) (*tensor.Tensor, error) { return op.ApplyScaled(old, b, alpha) })
}
