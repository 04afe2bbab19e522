package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The tensor properties reachable without a call: x.T, x.shape, x.dtype,
// x.grad, ...

func defTensorAttrs() {
	lang.RegisterTensorAttr("T", "The tensor with its dimensions reversed (a view).", func(t *tensor.Tensor) (lang.Value, error) {
		// PyTorch records x.T as a permute (PermuteBackward0) whatever the
		// number of dimensions; x.t() is TBackward0.
		dims := make([]int, t.Dim())
		for i := range dims {
			dims[i] = len(dims) - 1 - i
		}
		return result(autograd.Permute(t, dims...))
	}, nil)
	lang.RegisterTensorAttr("shape", "The sizes of the dimensions, a torch.Size such as torch.Size([2, 3]).", func(t *tensor.Tensor) (lang.Value, error) { return lang.NewSize(t.Shape()), nil }, nil)
	lang.RegisterTensorAttr("dtype", "The element type: torch.float32, float64, float16, bfloat16, int64, int32, int16, int8, uint8 or bool.", func(t *tensor.Tensor) (lang.Value, error) { return t.DType(), nil }, nil)
	lang.RegisterTensorAttr("ndim", "The number of dimensions.", func(t *tensor.Tensor) (lang.Value, error) { return int64(t.Dim()), nil }, nil)
	lang.RegisterTensorAttr("device", "Where the storage lives: device(type='cpu'), which prints as cpu.", func(t *tensor.Tensor) (lang.Value, error) {
		return &Device{Type: string(t.Device()), Index: -1}, nil
	}, nil)
	lang.RegisterTensorAttr("data", "The tensor detached from autograd, sharing storage; x.data = y makes x hold y's data, keeping x's identity and autograd state.",
		func(t *tensor.Tensor) (lang.Value, error) { return t.Detach(), nil },
		func(t *tensor.Tensor, v lang.Value) error {
			y, ok := v.(*tensor.Tensor)
			if !ok {
				return lang.Errorf(lang.TypeError, "Variable data has to be a tensor, but got %s", lang.TypeName(v))
			}
			t.SetData(y)
			return nil
		})
	lang.RegisterTensorAttr("grad", "The accumulated gradient, or None.", func(t *tensor.Tensor) (lang.Value, error) {
		if m := t.Autograd(); m != nil && m.Grad != nil {
			return m.Grad, nil
		}
		return lang.None, nil
	}, setGrad)
	lang.RegisterTensorAttr("requires_grad", "Whether gradients are computed for this tensor.", func(t *tensor.Tensor) (lang.Value, error) {
		return t.RequiresGrad(), nil
	}, func(t *tensor.Tensor, v lang.Value) error {
		on, ok := v.(bool)
		if !ok {
			return lang.Errorf(lang.TypeError, "requires_grad must be a bool, not %s", lang.TypeName(v))
		}
		return autograd.SetRequiresGrad(t, on)
	})
	lang.RegisterTensorAttr("_base", "The tensor this one is a view of, or None.", func(t *tensor.Tensor) (lang.Value, error) {
		if b := t.Base(); b != nil {
			return b, nil
		}
		return lang.None, nil
	}, nil)
	lang.RegisterTensorAttr("is_leaf", "True for tensors not produced by a recorded operation.", func(t *tensor.Tensor) (lang.Value, error) {
		m := t.Autograd()
		return m == nil || m.GradFn == nil, nil
	}, nil)
	lang.RegisterTensorAttr("grad_fn", "The autograd node that produced this tensor, or None.", func(t *tensor.Tensor) (lang.Value, error) {
		if m := t.Autograd(); m != nil && m.GradFn != nil {
			return &lang.GradFnValue{Fn: m.GradFn}, nil
		}
		return lang.None, nil
	}, nil)
}

// setGrad runs t.grad = v. As in PyTorch, a gradient has the tensor's
// shape and dtype, which backward's accumulation into it relies on.
func setGrad(t *tensor.Tensor, v lang.Value) error {
	switch x := v.(type) {
	case lang.NoneType:
		return autograd.SetGrad(t, nil)
	case *tensor.Tensor:
		return autograd.SetGrad(t, x) // refuses another shape or dtype
	}
	return lang.Errorf(lang.TypeError, "assigned grad must be a Tensor or None, not %s", lang.TypeName(v))
}
