package autograd

import "github.com/kael-dev/kael/tensor"

// EmbeddingBag returns the bags' output (tensor.Bags.Forward) of weight,
// with per-sample weights psw (or nil), recorded as PyTorch's
// EmbeddingBagBackward0: the weight's gradient adds each bag's gradient
// into the rows it took (scaled by the per-sample weight, the bag's count
// or the row's frequency, or only where it was the maximum), and a
// per-sample weight's gradient is its row dotted with its bag's gradient.
func EmbeddingBag(weight *tensor.Tensor, b *tensor.Bags, psw *tensor.Tensor, scaleGradByFreq bool) (*tensor.Tensor, error) {
	out, err := b.Forward(weight, psw)
	if err != nil || !track(out, weight, psw) {
		return out, err
	}
	n := newNode("EmbeddingBagBackward0", weight, psw)
	n.save(weight)
	if psw != nil {
		n.save(psw)
	}
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		grads := make([]*tensor.Tensor, 2)
		if n.needs(0) {
			grads[0] = c.do(func() (*tensor.Tensor, error) { return b.WeightGrad(g, psw, weight.DType(), scaleGradByFreq) })
		}
		if n.needs(1) {
			grads[1] = c.do(func() (*tensor.Tensor, error) { return b.SampleWeightGrad(g, weight, psw.DType()) })
		}
		return grads
	}
	return n.attach(out), nil
}
