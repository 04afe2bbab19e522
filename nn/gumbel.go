package nn

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/tensor"
)

// GumbelSoftmax is F.gumbel_softmax as PyTorch 1.13's functional.py
// writes it: Gumbel noise -log(e) of exponential draws e (exponential_ on
// a tensor like logits, so the same seed gives PyTorch's noise), then
// softmax((logits + noise) / tau) along dim. hard returns the one-hot of
// each argmax with the soft sample's gradient (y_hard - y_soft.detach() +
// y_soft, the straight-through estimator).
func GumbelSoftmax(logits *tensor.Tensor, tau float64, hard bool, dim int, g *tensor.Generator) (*tensor.Tensor, error) {
	e, err := tensor.Empty(logits.DType(), logits.Shape()...)
	if err != nil {
		return nil, err
	}
	if err := tensor.FillExponential(e, 1, g); err != nil {
		return nil, err
	}
	logE, err := tensor.Log(e)
	if err != nil {
		return nil, err
	}
	gumbels, err := tensor.Neg(logE)
	if err != nil {
		return nil, err
	}
	c := chain{}
	x := c.do(func() (*tensor.Tensor, error) { return autograd.Add(logits, gumbels) })
	x = c.do(func() (*tensor.Tensor, error) { return autograd.DivScalar(x, tau) })
	soft := c.do(func() (*tensor.Tensor, error) { return autograd.Softmax(x, dim) })
	if c.err != nil || !hard {
		return soft, c.err
	}
	_, index, err := tensor.Max(soft.Detach(), dim, true)
	if err != nil {
		return nil, err
	}
	ones, err := tensor.Full(1, logits.DType(), index.Shape()...)
	if err != nil {
		return nil, err
	}
	zeros, err := tensor.ZerosLike(logits)
	if err != nil {
		return nil, err
	}
	y := c.do(func() (*tensor.Tensor, error) { return tensor.Scatter(zeros, dim, index, ones) })
	y = c.do(func() (*tensor.Tensor, error) { return autograd.Sub(y, soft.Detach()) })
	return c.do(func() (*tensor.Tensor, error) { return autograd.Add(y, soft) }), c.err
}
