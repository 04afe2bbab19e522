package autograd

import "github.com/kael-dev/kael/tensor"

// CrossMapLRN2d is nn.CrossMapLRN2d's forward on a 4-D input, recorded
// as PyTorch's legacy function CrossMapLRN2dBackward with the gradient
// its backward writes (tensor.CrossMapLRN.Backward).
func CrossMapLRN2d(x *tensor.Tensor, size int, alpha, beta, k float64) (*tensor.Tensor, error) {
	l, err := tensor.NewCrossMapLRN(x, size, alpha, beta, k)
	if err != nil {
		return nil, err
	}
	out, err := l.Forward()
	if err != nil || !track(out, x) {
		return out, err
	}
	n := newNode("CrossMapLRN2dBackward", x)
	n.save(x, out)
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		return []*tensor.Tensor{c.do(func() (*tensor.Tensor, error) { return l.Backward(g) })}
	}
	return n.attach(out), nil
}
