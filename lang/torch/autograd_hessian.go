package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// torch.autograd.functional's second derivatives: hessian, vhp and hvp, as
// PyTorch 1.13 computes them (torch/autograd/functional.py): a first
// gradient with create_graph, then a Jacobian of it (hessian), its
// product with v (vhp), or the double-backward trick (hvp).

func defSecondOrderFunctional(mod *lang.Module) {
	mod.Attrs["hessian"] = lang.NewBuiltin(lang.AsValue, "hessian(func, inputs, create_graph=False, strict=False, vectorize=False, outer_jacobian_strategy='reverse-mode')", "The Hessian of func, which returns a single one-element tensor, at inputs (a tensor or a tuple of tensors): for inputs i and j a tensor of shape i.shape + j.shape (a tuple of tuples for a tuple of inputs). create_graph=True keeps its graph for further derivatives; vectorize and outer_jacobian_strategy change only how PyTorch computes it.", func(a *lang.Args) (lang.Value, error) {
		strategy := a.Str("outer_jacobian_strategy")
		a.Bool("vectorize")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if strategy != "reverse-mode" && strategy != "forward-mode" {
			return nil, lang.Errorf(lang.AssertionError, "Expected strategy to be either \"forward-mode\" or \"reverse-mode\".")
		}
		f, err := newFunctionalCall(a, "hessian")
		if err != nil {
			return nil, err
		}
		out, err := f.scalarOutput("hessian")
		if err != nil {
			return nil, err
		}
		jac, err := f.firstGradients(out)
		if err != nil {
			return nil, err
		}
		// The Hessian is the Jacobian of the gradient: the outputs of an
		// outer Jacobian are the first gradients.
		outer := &functionalCall{ins: f.ins, outs: jac, strict: f.strict, create: f.create, ops: f.ops}
		h, err := outer.jacobian(f.create)
		if err != nil {
			return nil, err
		}
		rows := make([]lang.Value, len(h))
		for i, row := range h {
			vals := make([]lang.Value, len(row))
			for j, t := range row {
				vals[j] = t
			}
			rows[i] = f.shaped(vals, f.inTuple)
		}
		return f.shaped(rows, f.inTuple), nil
	})
	mod.Attrs["vhp"] = lang.NewBuiltin(lang.AsValue, "vhp(func, inputs, v=None, create_graph=False, strict=False)", "A tuple (func(*inputs), vᵀH): the output of func (a single one-element tensor), detached unless create_graph, and the product of v (a tensor or a tuple of tensors of the inputs' shapes; None only for a single one-element input) with the Hessian at inputs.", func(a *lang.Args) (lang.Value, error) {
		return hessianProduct(a, "vhp")
	})
	mod.Attrs["hvp"] = lang.NewBuiltin(lang.AsValue, "hvp(func, inputs, v=None, create_graph=False, strict=False)", "A tuple (func(*inputs), Hv): the output of func (a single one-element tensor), detached unless create_graph, and the product of the Hessian at inputs with v (a tensor or a tuple of tensors of the inputs' shapes; None only for a single one-element input), computed with PyTorch's double-backward trick.", func(a *lang.Args) (lang.Value, error) {
		return hessianProduct(a, "hvp")
	})
}

// scalarOutput checks that func returned a single one-element tensor, as
// the second-order functions require, and returns it.
func (f *functionalCall) scalarOutput(api string) (*tensor.Tensor, error) {
	if f.strict {
		for k, o := range f.outs {
			if !o.RequiresGrad() {
				return nil, outputNeedsGrad(k)
			}
		}
	}
	if f.outTuple {
		if api == "hessian" {
			return nil, lang.Errorf(lang.RuntimeError, "The function given to hessian should return a single Tensor")
		}
		return nil, lang.Errorf(lang.RuntimeError, "The function given to %s must return a single Tensor", api)
	}
	out := f.outs[0]
	if out.Numel() != 1 {
		if api == "hessian" {
			return nil, lang.Errorf(lang.RuntimeError, "The Tensor returned by the function given to hessian should contain a single element")
		}
		return nil, lang.Errorf(lang.RuntimeError, "The Tensor returned by the function given to %s should contain a single element", api)
	}
	return out, nil
}

// firstGradients returns the gradient of out with respect to each input,
// recorded (create_graph) so that it can be differentiated again; an input
// out does not depend on gets nil, or strict's error.
func (f *functionalCall) firstGradients(out *tensor.Tensor) ([]*tensor.Tensor, error) {
	jac := make([]*tensor.Tensor, len(f.ins))
	if out.RequiresGrad() {
		var err error
		if jac, err = autograd.Gradients([]*tensor.Tensor{out}, f.ins, nil, autograd.BackwardOptions{RetainGraph: true, CreateGraph: true, AllowUnused: true}); err != nil {
			return nil, err
		}
	}
	for i, g := range jac {
		if f.strict && (g == nil || !g.RequiresGrad()) {
			return nil, lang.Errorf(lang.RuntimeError, "While computing the hessian, found that the jacobian of the user-provided function with respect to input %d is independent of the input. This is not allowed in strict mode. You should ensure that your function is twice differentiable and that the jacobian depends on the inputs (this would be violated by a linear function for example).", i)
		}
		if g == nil {
			z, err := tensor.ZerosLike(f.ins[i])
			if err != nil {
				return nil, err
			}
			jac[i] = z
		}
	}
	return jac, nil
}

// hessianProduct is vhp and hvp: the gradient of the first gradients
// along v (vhp), or, for hvp, PyTorch's double-backward trick: the
// gradient along v, with respect to a zero grad_jac, of the gradient of
// the first gradients along grad_jac. Both give H·v for a function twice
// continuously differentiable, whose Hessian is symmetric.
func hessianProduct(a *lang.Args, api string) (lang.Value, error) {
	f, err := newFunctionalCall(a, api)
	if err != nil {
		return nil, err
	}
	vs, err := f.vectors(a, f.ins, api, "inputs")
	if err != nil {
		return nil, err
	}
	out, err := f.scalarOutput(api)
	if err != nil {
		return nil, err
	}
	defer autograd.SetGradEnabled(autograd.SetGradEnabled(true))
	jac := make([]*tensor.Tensor, len(f.ins))
	if out.RequiresGrad() {
		if jac, err = autograd.Gradients([]*tensor.Tensor{out}, f.ins, nil, autograd.BackwardOptions{RetainGraph: true, CreateGraph: true, AllowUnused: true}); err != nil {
			return nil, err
		}
	}
	if f.strict {
		for i, g := range jac {
			if g == nil || !g.RequiresGrad() {
				return nil, lang.Errorf(lang.RuntimeError, "While computing the hessian, found that the jacobian of the user-provided function with respect to input %d is independent of the input. This is not allowed in strict mode. You should ensure that your function is twice differentiable and that the jacobian depends on the inputs (this would be violated by a linear function for example).", i)
			}
		}
	}
	var res []*tensor.Tensor
	if api == "vhp" {
		res, err = gradOfLive(jac, f.ins, vs, f.create)
	} else {
		gradJac := make([]*tensor.Tensor, len(f.ins))
		for i, in := range f.ins {
			if gradJac[i], err = tensor.ZerosLike(in); err == nil {
				err = autograd.SetRequiresGrad(gradJac[i], true)
			}
			if err != nil {
				return nil, err
			}
		}
		var doubleBack []*tensor.Tensor
		if doubleBack, err = gradOfLive(jac, f.ins, gradJac, true); err == nil {
			res, err = gradOfLive(doubleBack, gradJac, vs, f.create)
		}
	}
	if err != nil {
		return nil, err
	}
	vals := make([]lang.Value, len(f.ins))
	for i, g := range res {
		if g == nil {
			if f.strict {
				if api == "vhp" {
					return nil, lang.Errorf(lang.RuntimeError, "The jacobian of the user-provided function is independent of input %d. This is not allowed in strict mode.", i)
				}
				return nil, lang.Errorf(lang.RuntimeError, "The hessian of the user-provided function is independent of entry %d in the grad_jacobian. This is not allowed in strict mode as it prevents from using the double backward trick to replace forward mode AD.", i)
			}
			if g, err = tensor.ZerosLike(f.ins[i]); err != nil {
				return nil, err
			}
		} else if !f.create {
			g = g.Detach()
		}
		vals[i] = g
	}
	return lang.Tuple{f.outputs(), f.shaped(vals, f.inTuple)}, nil
}

// gradOfLive is PyTorch's _autograd_grad: the gradients of the outputs
// that require grad (nil entries and the others are left out, with their
// grad_outputs) with respect to inputs, nil for an input none depends on.
func gradOfLive(outputs, inputs, gradOutputs []*tensor.Tensor, create bool) ([]*tensor.Tensor, error) {
	var live, liveGrads []*tensor.Tensor
	for i, o := range outputs {
		if o != nil && o.RequiresGrad() {
			live, liveGrads = append(live, o), append(liveGrads, gradOutputs[i])
		}
	}
	if len(live) == 0 {
		return make([]*tensor.Tensor, len(inputs)), nil
	}
	return autograd.Gradients(live, inputs, liveGrads, autograd.BackwardOptions{RetainGraph: true, CreateGraph: create, AllowUnused: true})
}
