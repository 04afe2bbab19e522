package autograd

import "github.com/kael-dev/kael/tensor"

// Addc records torch.addcmul (div false: x + value·t1·t2) or
// torch.addcdiv (div true: x + value·t1/t2) as PyTorch's one node,
// AddcmulBackward0 or AddcdivBackward0, for out, the result the caller
// computed from x, t1, t2 and value without recording (in the order of
// ATen's kernel). value is a number (a 0-d tensor), which PyTorch's
// formulas take as a Scalar: converted to the tensors' dtype d, the
// dtype of out. The gradients are those of PyTorch 1.13's
// derivatives.yaml, step by step, each broadcast gradient summed down to
// its input:
//
//	self:    grad
//	addcmul: tensor1: grad * (tensor2 * value), tensor2: grad * (tensor1 * value)
//	addcdiv: tensor1: grad * (value / tensor2),
//	         tensor2: -grad * (value * tensor1 / (tensor2 * tensor2))
//
// out comes back as it is when nothing is recorded.
func Addc(out, x, t1, t2, value *tensor.Tensor, div bool) (*tensor.Tensor, error) {
	if !track(out, x, t1, t2) {
		return out, nil
	}
	v, err := value.Detach().To(out.DType())
	if err != nil {
		return nil, err
	}
	name := "AddcmulBackward0"
	if div {
		name = "AddcdivBackward0"
	}
	n := newNode(name, x, t1, t2)
	n.recordable = true
	// What each formula reads, as PyTorch saves it: a tensor only where a
	// gradient needs it.
	if div {
		if n.needs(1) || n.needs(2) {
			n.save(t2)
		}
		if n.needs(2) {
			n.save(t1)
		}
	} else {
		if n.needs(1) {
			n.save(t2)
		}
		if n.needs(2) {
			n.save(t1)
		}
	}
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		grads := make([]*tensor.Tensor, 3)
		grads[0] = n.toInput(c, 0, g)
		switch {
		case div:
			if n.needs(1) {
				grads[1] = n.toInput(c, 1, c.mul(g, c.div(v, t2)))
			}
			if n.needs(2) {
				grads[2] = n.toInput(c, 2, c.mul(c.neg(g), c.div(c.mul(t1, v), c.mul(t2, t2))))
			}
		default:
			if n.needs(1) {
				grads[1] = n.toInput(c, 1, c.mul(g, c.mul(t2, v)))
			}
			if n.needs(2) {
				grads[2] = n.toInput(c, 2, c.mul(g, c.mul(t1, v)))
			}
		}
		return grads
	}
	return n.attach(out), nil
}
