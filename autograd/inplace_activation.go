package autograd

import "github.com/kael-dev/kael/tensor"

// ActivationInPlaceFloat32 writes an element-wise activation into a
// float32 x under autograd, in place, and saves the result instead of a
// copy of the input, as PyTorch does for the in-place activations whose
// derivative it writes from the result (leaky_relu_ with a slope of zero
// or more, where the result's sign is the input's). name is the node
// (LeakyReluBackward1), op the operation for errors (leaky_relu_);
// f32(dst, src) computes the activation with dst and src the same slice;
// grad32(dst, g, y) and deriv(y) are its derivative from the result y,
// the first in float32 as PyTorch's kernel (dst may be g: the backward
// writes into a gradient the engine holds alone), the second per element for
// other gradients' dtypes and shapes and for create_graph.
//
// handled is false, with x untouched, where this path does not apply
// (grad mode off or nothing requiring grad, a dtype other than float32, a
// tensor that is not contiguous, a view): the caller then takes the
// general one (Rewrite), which computes into a new tensor and copies
// back. A leaf that requires grad is refused as Rewrite refuses it, and a
// later in-place change of x makes the backward fail on the version
// counter, as PyTorch's.
func ActivationInPlaceFloat32(name, op string, x *tensor.Tensor, f32 func(dst, src []float32),
	grad32 func(dst, g, y []float32), deriv func(float64) float64) (handled bool, err error) {
	if x.DType() != tensor.Float32 || !x.IsContiguous() || !InPlaceRecorded(x) {
		return false, nil
	}
	plan, err := planRewrite(x, op)
	if err != nil {
		return true, err
	}
	if plan != nil {
		return false, nil
	}
	n := newNode(name, x) // the edge to x's history before the change
	if ok, err := tensor.MapFloat32InPlace(x, f32); !ok || err != nil {
		return ok, err
	}
	n.save(x) // the result, at its version after the change
	n.recordable = true
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		if c.rec {
			// The derivative is a constant of the result: g·f'(y)
			// recorded as a product, whose gradient is f'(y).
			return []*tensor.Tensor{c.mul(g, c.do(func() (*tensor.Tensor, error) { return mapFloat(x, deriv) }))}
		}
		// Into g when the engine holds it alone and drops it after this
		// node (calc.writable): one buffer fewer to stream through the
		// cache a step (dcgan's four LeakyReLUs, issue 34).
		mapGrad := tensor.MapGradFloat32
		if c.writable(g) {
			mapGrad = func(g, y *tensor.Tensor, grad func(dst, g, y []float32)) (*tensor.Tensor, bool, error) {
				if t, ok, err := tensor.MapGradFloat32InPlace(g, y, grad); ok || err != nil {
					return t, ok, err
				}
				return tensor.MapGradFloat32(g, y, grad)
			}
		}
		var handled bool
		t := c.do(func() (*tensor.Tensor, error) {
			t, ok, err := mapGrad(g, x, grad32)
			handled = ok
			return t, err
		})
		if handled {
			return []*tensor.Tensor{t}
		}
		return []*tensor.Tensor{c.mul(g, c.do(func() (*tensor.Tensor, error) { return mapFloat(x, deriv) }))}
	}
	n.attach(x)
	return true, nil
}
