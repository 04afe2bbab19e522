package nn

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/tensor"
)

// NewParameter returns nn.Parameter(t, requires_grad): a new leaf tensor
// sharing t's data, marked as a parameter, requiring grad when asked (only
// floating-point tensors can).
func NewParameter(t *tensor.Tensor, requiresGrad bool) (*tensor.Tensor, error) {
	if d := t.DType(); requiresGrad && !d.IsFloating() && !d.IsComplex() {
		return nil, tensor.Errorf(tensor.RuntimeError, "Only Tensors of floating point and complex dtype can require gradients")
	}
	p := t.Detach()
	if err := autograd.SetRequiresGrad(p, requiresGrad); err != nil {
		return nil, err
	}
	if p.Autograd() == nil {
		p.SetAutograd(&tensor.AutogradMeta{})
	}
	p.Autograd().Parameter = true
	return p, nil
}

// IsParameter reports whether t was made by NewParameter.
func IsParameter(t *tensor.Tensor) bool {
	m := t.Autograd()
	return m != nil && m.Parameter
}
