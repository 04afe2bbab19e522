package autograd

import (
	"slices"

	"github.com/kael-dev/kael/tensor"
)

// The in-place view operations (x.t_(), x.transpose_(0, 1),
// x.unsqueeze_(0), x.as_strided_(...)): x itself becomes the view, keeping
// its identity. As in PyTorch they are refused on a leaf that requires
// grad while grad mode is on, and their grad_fn is the out-of-place
// view's node under the in-place overload's name (TBackward1,
// TransposeBackward1, SqueezeBackward2, ...).

// InPlaceView makes x the view view(x) and, when the view is recorded,
// gives x its history named name. A view of another tensor stays a view
// of that base.
func InPlaceView(x *tensor.Tensor, name string, view func(*tensor.Tensor) (*tensor.Tensor, error)) error {
	if err := CheckInPlace(x); err != nil {
		return err
	}
	before := x.Autograd()
	out, err := view(x)
	if err != nil {
		return err
	}
	m := out.Autograd()
	n, recorded := nodeOf(m)
	if !recorded || m == before {
		x.SetData(out)
		return nil
	}
	n.name = name
	if x.Base() != nil {
		// The node leads from x as it was: a tensor with x's old
		// geometry and history, so that an in-place change of x later
		// finds the chain of views up to the base (planRewrite).
		old := x.Detach()
		old.SetAutograd(before)
		n.viewOf = old
	} else {
		// x is no view of anything: neither is it after, and a later
		// in-place change of x is not a write into the node's input.
		n.view, n.viewOf = false, nil
		n.watched = slices.DeleteFunc(n.watched, func(s savedTensor) bool { return s.t == x })
	}
	x.SetData(out)
	x.SetAutograd(m)
	return nil
}

// nodeOf returns the node in m, when package autograd made it.
func nodeOf(m *tensor.AutogradMeta) (*Node, bool) {
	if m == nil {
		return nil, false
	}
	n, ok := m.GradFn.(*Node)
	return n, ok
}

// DetachInPlace cuts x from the graph (x.detach_()): it no longer
// requires grad and has no grad_fn. A view cannot be detached in place.
func DetachInPlace(x *tensor.Tensor) error {
	if x.Base() != nil {
		return tensor.Errorf(tensor.RuntimeError, "Can't detach views in-place. Use detach() instead. If you are using DistributedDataParallel (DDP) for training, and gradient_as_bucket_view is set as True, gradients are views of DDP buckets, and hence detach_() cannot be called on these gradients. To fix this error, please refer to the Optimizer.zero_grad() function in torch/optim/optimizer.py as the solution.").
			WithHint("use y = x.detach(), which shares x's elements")
	}
	if m := x.Autograd(); m != nil {
		x.SetAutograd(&tensor.AutogradMeta{Grad: m.Grad, Parameter: m.Parameter})
	}
	return nil
}

// Resize gives x the shape shape (x.resize_(*shape)), growing its storage
// when it is too small (see tensor.Tensor.Resize). A tensor that requires
// grad cannot be resized.
func Resize(x *tensor.Tensor, shape ...int) error {
	if x.RequiresGrad() {
		return tensor.Errorf(tensor.RuntimeError, "cannot resize variables that require grad").
			WithHint("resize x.detach() or a copy, or make a new tensor of the shape")
	}
	return x.Resize(shape...)
}
