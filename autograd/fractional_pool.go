package autograd

import (
	"fmt"

	"github.com/kael-dev/kael/tensor"
)

// FractionalMaxPool is tensor.FractionalMaxPool recorded as PyTorch's
// FractionalMaxPool2DBackward0 or FractionalMaxPool3DBackward0: each
// output's gradient goes to the input element that was its maximum.
func FractionalMaxPool(x, samples *tensor.Tensor, pool, out []int) (values, indices *tensor.Tensor, err error) {
	values, indices, err = tensor.FractionalMaxPool(x, samples, pool, out)
	if err != nil || !track(values, x) {
		return values, indices, err
	}
	n := newNode(fmt.Sprintf("FractionalMaxPool%dDBackward0", len(pool)), x)
	n.save(x, indices)
	shape := x.Shape()
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		return []*tensor.Tensor{c.do(func() (*tensor.Tensor, error) { return tensor.FractionalMaxPoolBackward(g, indices, shape, len(pool)) })}
	}
	return n.attach(values), indices, nil
}
