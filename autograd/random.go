package autograd

import "github.com/kael-dev/kael/tensor"

// Normal records out, values torch.normal drew around mean with standard
// deviation std (either may be nil for a number), as PyTorch does: when
// grad mode is on and mean or std requires grad, out gets a NormalBackward
// node whose gradient for both is zero, since a sample does not move with
// its parameters in PyTorch's formula. Otherwise out is returned as is.
func Normal(out, mean, std *tensor.Tensor) *tensor.Tensor {
	name := "NormalBackward3"
	switch {
	case std == nil:
		name = "NormalBackward1"
	case mean == nil:
		name = "NormalBackward2"
	}
	var inputs []*tensor.Tensor
	for _, t := range []*tensor.Tensor{mean, std} {
		if t != nil {
			inputs = append(inputs, t)
		}
	}
	return Sample(name, out, inputs...)
}

// Sample records out, values drawn from a distribution whose parameters
// are inputs, under the node name PyTorch gives the sampler
// (PoissonBackward0, NormalBackward1, ...): when grad mode is on and an
// input requires grad, out gets that node, whose gradient for every input
// is zero. Otherwise out is returned as is.
func Sample(name string, out *tensor.Tensor, inputs ...*tensor.Tensor) *tensor.Tensor {
	need := false
	for _, t := range inputs {
		need = need || t.RequiresGrad()
	}
	if !IsGradEnabled() || !need {
		return out
	}
	n := newNode(name, inputs...)
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor { // reads the edges' dtypes and shapes, saving nothing
		grads := make([]*tensor.Tensor, len(n.next))
		for i, e := range n.next {
			if e.live() {
				grads[i] = c.zeros(e.dtype, e.shape)
			}
		}
		return grads
	}
	return n.attach(out)
}

// SampleNotImplemented records out, drawn by the ATen sampler op
// (binomial) from inputs, as PyTorch records a sampler that its
// derivatives.yaml leaves without a derivative: when grad mode is on and
// an input requires grad, out gets a node named NotImplemented, and a
// backward pass that reaches it fails with "derivative for aten::op is
// not implemented".
func SampleNotImplemented(op string, out *tensor.Tensor, inputs ...*tensor.Tensor) *tensor.Tensor {
	if track(out, inputs...) {
		notImplemented("NotImplemented", op, inputs, out)
	}
	return out
}
