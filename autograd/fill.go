package autograd

import (
	"github.com/kael-dev/kael/tensor"
)

// Filled returns a tensor of x's shape and dtype with every element the
// 0-d tensor v (torch.fill(x, v)); recorded as FillBackward0 for a plain
// number, FillBackward1 for a tensor: x's gradient is zero, v's the sum
// of g.
func Filled(x, v *tensor.Tensor) (*tensor.Tensor, error) {
	out, err := x.ClonePreservingLayout()
	if err != nil {
		return nil, err
	}
	if err := out.CopyFrom(v); err != nil {
		return nil, err
	}
	if !track(out, x, v) {
		return out, nil
	}
	name := "FillBackward1"
	if v.IsWrappedNumber() {
		name = "FillBackward0"
	}
	n := newNode(name, x, v)
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		var gx, gv *tensor.Tensor
		if n.needs(0) {
			gx = c.zeros(g.DType(), g.Shape())
		}
		if n.needs(1) {
			gv = n.toInput(c, 1, c.sum(g, nil, false))
		}
		return []*tensor.Tensor{gx, gv}
	}
	return n.attach(out), nil
}

// FillDiagonal writes the 0-d tensor v into the main diagonal of x, whose
// dimensions are all of one length or which is a matrix
// (x.fill_diagonal_(v, wrap)): the elements x[i, i, ...]; with wrap, a
// matrix taller than wide has its diagonal continued every cols+1 rows.
// It is two fills of strided views, recorded as PyTorch records it
// (torch::autograd::CopySlices).
func FillDiagonal(x, v *tensor.Tensor, wrap bool) error {
	shape, strides := x.Shape(), x.Strides()
	size, step := shape[0], 0
	for i, n := range shape {
		size = min(size, n)
		step += strides[i]
	}
	before, _ := nodeOf(x.Autograd())
	regions := [][3]int{{size, step, x.Offset()}}
	if rows, cols := shape[0], shape[len(shape)-1]; wrap && len(shape) == 2 && rows > cols+1 {
		every := cols + 1
		regions = append(regions, [3]int{(x.Numel()+every-1)/every - size, step, x.Offset() + strides[0]*every})
	}
	for _, r := range regions {
		d, err := AsStrided(x, []int{r[0]}, []int{r[1]}, r[2])
		if err != nil {
			return err
		}
		if err := Fill(d, v); err != nil {
			return err
		}
	}
	if n, ok := nodeOf(x.Autograd()); ok && n != before && n.name == "CopySlices" {
		n.name = "torch::autograd::CopySlices"
	}
	return nil
}
