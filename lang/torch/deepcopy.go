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
