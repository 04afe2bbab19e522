package autograd

import "github.com/kael-dev/kael/tensor"

// CTCLoss returns the negative log-likelihood of each batch item's target
// under the log-probabilities ([T, N, C], checked by tensor.NewCTC into
// c), recorded as PyTorch's CtcLossBackward0: the gradient is ATen's
// (tensor.CTC.Backward), with an infinite loss's gradient zero when
// zeroInfinity is set.
func CTCLoss(logProbs *tensor.Tensor, c *tensor.CTC, zeroInfinity bool) (*tensor.Tensor, error) {
	nll, alpha, err := c.Forward(logProbs)
	if err != nil || !track(nll, logProbs) {
		return nll, err
	}
	n := newNode("CtcLossBackward0", logProbs)
	n.save(logProbs, nll)
	n.backward = func(cc *calc, g *tensor.Tensor) []*tensor.Tensor {
		return []*tensor.Tensor{cc.do(func() (*tensor.Tensor, error) { return c.Backward(g, logProbs, nll, alpha, zeroInfinity) })}
	}
	return n.attach(nll), nil
}
