package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/nn"
	"github.com/kael-dev/kael/tensor"
)

// copy.deepcopy of tensors: Tensor.__deepcopy__(memo), as PyTorch's: a
// leaf's elements in storage of their own, its requires_grad, its grad
// deep-copied, a Parameter copied as a Parameter without its grad (as
// Parameter.__deepcopy__ does); memo (id to copy) keeps
// a tensor met twice one copy.

func defDeepCopy() {
	lang.NewBuiltin(lang.AsMethod, "__deepcopy__(input, memo)",
		"The deep copy copy.deepcopy makes: a leaf tensor's elements in storage of their own, with its requires_grad and a copy of its grad; a Parameter stays a Parameter, without its grad.",
		func(a *lang.Args) (lang.Value, error) {
			t := a.Tensor("input")
			memo, ok := a.Value("memo").(*lang.Dict)
			if err := a.Err(); err != nil {
				return nil, err
			}
			if !ok {
				return nil, lang.Errorf(lang.TypeError, "__deepcopy__()'s memo must be a dict, not %s", lang.TypeName(a.Value("memo")))
			}
			return deepCopyTensor(t, memo)
		})
}

// defCopy is Tensor.__copy__, copy.copy of a tensor as PyTorch's
// (through Tensor.__reduce_ex__): a new leaf over the same storage, with
// the same shape, strides and offset and the original's requires_grad,
// no grad, a Parameter for a Parameter. A non-leaf copies too, as a leaf.
func defCopy() {
	lang.NewBuiltin(lang.AsMethod, "__copy__(input)",
		"The shallow copy copy.copy makes: a new leaf tensor over the same storage (writing to one changes the other), with the original's requires_grad and no grad; a Parameter stays a Parameter.",
		func(a *lang.Args) (lang.Value, error) {
			t := a.Tensor("input")
			if err := a.Err(); err != nil {
				return nil, err
			}
			c := t.Detach()
			if nn.IsParameter(t) {
				return nn.NewParameter(c, t.RequiresGrad())
			}
			if t.RequiresGrad() {
				if err := autograd.SetRequiresGrad(c, true); err != nil {
					return nil, err
				}
			}
			return c, nil
		})
}

// deepCopyTensor is PyTorch's Tensor.__deepcopy__.
func deepCopyTensor(t *tensor.Tensor, memo *lang.Dict) (*tensor.Tensor, error) {
	if y, ok, _ := memo.Get(lang.ID(t)); ok {
		if c, isT := y.(*tensor.Tensor); isT {
			return c, nil
		}
	}
	m := t.Autograd()
	if m != nil && m.GradFn != nil {
		return nil, lang.Errorf(lang.RuntimeError, "Only Tensors created explicitly by the user (graph leaves) support the deepcopy protocol at the moment")
	}
	c, err := t.Clone()
	if err != nil {
		return nil, err
	}
	if nn.IsParameter(t) {
		if c, err = nn.NewParameter(c, t.RequiresGrad()); err != nil {
			return nil, err
		}
	} else if t.RequiresGrad() {
		if err := autograd.SetRequiresGrad(c, true); err != nil {
			return nil, err
		}
	}
	if m != nil && m.Grad != nil && !nn.IsParameter(t) { // Parameter.__deepcopy__ leaves the grad behind
		g, err := deepCopyTensor(m.Grad, memo)
		if err != nil {
			return nil, err
		}
		if err := autograd.SetGrad(c, g); err != nil {
			return nil, err
		}
	}
	_ = memo.Set(lang.ID(t), c)
	return c, nil
}
