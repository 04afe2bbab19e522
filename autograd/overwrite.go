package autograd

import (
	"github.com/kael-dev/kael/tensor"
)

// The in-place operations that overwrite a tensor without reading it:
// x.copy_(src), x.fill_(v), x.zero_(). Recorded, the old values get a
// zero gradient (PyTorch's zeros, not None) and src or v the gradient of
// the places it was written to, summed to its shape.

// Copy writes src, broadcast to x's shape and converted to x's dtype, into
// x (x.copy_(src)); recorded as CopyBackwards.
func Copy(x, src *tensor.Tensor) error {
	return overwrite(x, "copy_", "CopyBackwards", src)
}

// Fill writes the 0-d tensor v into every element of x (x.fill_(v));
// recorded as FillBackward2 for a plain number, FillBackward3 for a
// tensor.
func Fill(x, v *tensor.Tensor) error {
	name := "FillBackward3"
	if v.IsWrappedNumber() {
		name = "FillBackward2"
	}
	return overwrite(x, "fill_", name, v)
}

// Zero sets every element of x to 0 (x.zero_()); recorded as
// ZeroBackward0.
func Zero(x *tensor.Tensor) error {
	return overwrite(x, "zero_", "ZeroBackward0", nil)
}

// overwrite writes src (0 when nil) into x, recorded under Rewrite's
// rules as the node name.
func overwrite(x *tensor.Tensor, op, name string, src *tensor.Tensor) error {
	if !InPlaceRecorded(x, src) {
		if err := CheckInPlace(x); err != nil {
			return err
		}
		if src == nil {
			return x.Fill(0)
		}
		return x.CopyFrom(src)
	}
	var others []*tensor.Tensor
	if src != nil {
		others = append(others, src)
	}
	return Rewrite(x, op, func(old *tensor.Tensor) (*tensor.Tensor, error) {
		out, err := tensor.Zeros(old.DType(), old.Shape()...)
		if err != nil {
			return nil, err
		}
		if src != nil {
			if err := out.CopyFrom(src); err != nil {
				return nil, err
			}
		}
		if !track(out, old, src) {
			return out, nil
		}
		n := newNode(name, old, src)
		n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
			var gx *tensor.Tensor
			if n.needs(0) {
				gx = c.zeros(g.DType(), g.Shape())
			}
			return []*tensor.Tensor{gx, n.toInput(c, 1, g)}
		}
		return n.attach(out), nil
	}, others...)
}
