package autograd

import "github.com/kael-dev/kael/tensor"

// ScatterReduce returns x with src reduced into it at index along dim
// (tensor.ScatterReduce), recorded as ScatterReduceBackward0 with the
// gradients of tensor.ScatterReduceBackward for both x and src.
func ScatterReduce(x *tensor.Tensor, dim int, index, src *tensor.Tensor, reduce string, includeSelf bool) (*tensor.Tensor, error) {
	return scatterReduce("ScatterReduceBackward0", x, dim, index, src, reduce, includeSelf)
}

// IndexReduce is ScatterReduce for index_reduce, which names its node
// IndexReduceBackward0; index is already expanded to src's shape.
func IndexReduce(x *tensor.Tensor, dim int, index, src *tensor.Tensor, reduce string, includeSelf bool) (*tensor.Tensor, error) {
	return scatterReduce("IndexReduceBackward0", x, dim, index, src, reduce, includeSelf)
}

func scatterReduce(name string, x *tensor.Tensor, dim int, index, src *tensor.Tensor, reduce string, includeSelf bool) (*tensor.Tensor, error) {
	out, err := tensor.ScatterReduce(x, dim, index, src, reduce, includeSelf)
	if err != nil || !track(out, x, src) {
		return out, err
	}
	n := newNode(name, x, src)
	n.save(x, src, index, out)
	srcShape := src.Shape()
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		var gx, gs *tensor.Tensor
		c.do(func() (*tensor.Tensor, error) {
			var err error
			gx, gs, err = tensor.ScatterReduceBackward(g, x, dim, index, src, out, reduce, includeSelf)
			if err == nil {
				gs, err = padTo(gs, srcShape)
			}
			return gx, err
		})
		if !n.needs(0) {
			gx = nil
		}
		if !n.needs(1) {
			gs = nil
		}
		return []*tensor.Tensor{gx, gs}
	}
	return n.attach(out), nil
}
