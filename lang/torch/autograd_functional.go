package torch

import (
	"slices"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// torch.autograd.functional (jacobian, vjp, jvp) and the grad-mode names
// torch.autograd shares with torch (no_grad, enable_grad,
// set_grad_enabled, inference_mode: the same objects), with the
// submodules grad_mode,
// function and variable that real code imports them from.
//
// The functional API runs func once on detached copies of the inputs that
// require grad, as PyTorch's does with create_graph=False (with
// create_graph=True, on views of them, so that the results keep a graph
// back to the caller's inputs), and computes each Jacobian row with a
// backward pass (reverse mode); jvp is the Jacobian times v. hessian is
// the Jacobian of the gradient (a first pass with create_graph), vhp the
// gradient of the gradient along v, and hvp PyTorch's double-backward of
// it: second derivatives, recorded by the passes with create_graph.

func defAutogradFunctional() {
	mod := &lang.Module{Attrs: map[string]lang.Value{}}
	mod.Attrs["jacobian"] = lang.NewBuiltin(lang.AsValue, "jacobian(func, inputs, create_graph=False, strict=False, vectorize=False, strategy='reverse-mode')", "The Jacobian of func at inputs (a tensor or a tuple of tensors): for output o and input i, a tensor of shape o.shape + i.shape. A single tensor in and out gives a tensor; a tuple of inputs or of outputs a tuple (of tuples for both). An output that does not depend on an input gives zeros (strict=True makes that an error). create_graph=True keeps its graph for further derivatives; vectorize and strategy change only how PyTorch computes it.", func(a *lang.Args) (lang.Value, error) {
		f, err := newFunctionalCall(a, "jacobian")
		if err != nil {
			return nil, err
		}
		strategy := a.Str("strategy")
		a.Bool("vectorize")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if strategy != "reverse-mode" && strategy != "forward-mode" {
			return nil, lang.Errorf(lang.AssertionError, "Expected strategy to be either \"forward-mode\" or \"reverse-mode\". Hint: If your function has more outputs than inputs, \"forward-mode\" tends to be more performant. Otherwise, prefer to use \"reverse-mode\".")
		}
		jac, err := f.jacobian(f.create)
		if err != nil {
			return nil, err
		}
		rows := make([]lang.Value, len(jac))
		for k, row := range jac {
			vals := make([]lang.Value, len(row))
			for i, t := range row {
				vals[i] = t
			}
			rows[k] = f.shaped(vals, f.inTuple)
		}
		return f.shaped(rows, f.outTuple), nil
	})
	mod.Attrs["vjp"] = lang.NewBuiltin(lang.AsValue, "vjp(func, inputs, v=None, create_graph=False, strict=False)", "A tuple (func(*inputs), vᵀJ): the outputs, detached unless create_graph, and the vector-Jacobian product for each input, v the gradient of the outputs (a tensor or a tuple of tensors of their shapes; None only for an output of one element).", func(a *lang.Args) (lang.Value, error) {
		f, err := newFunctionalCall(a, "vjp")
		if err != nil {
			return nil, err
		}
		vs, err := f.vectors(a, f.outs, "vjp", "outputs")
		if err != nil {
			return nil, err
		}
		var live []*tensor.Tensor
		var liveV []*tensor.Tensor
		for k, o := range f.outs {
			if o.RequiresGrad() {
				live, liveV = append(live, o), append(liveV, vs[k])
			} else if f.strict {
				return nil, outputNeedsGrad(k)
			}
		}
		grads := make([]*tensor.Tensor, len(f.ins))
		if len(live) > 0 {
			if grads, err = autograd.Gradients(live, f.ins, liveV, autograd.BackwardOptions{RetainGraph: f.create, CreateGraph: f.create, AllowUnused: true}); err != nil {
				return nil, err
			}
		}
		out := make([]lang.Value, len(f.ins))
		for i, g := range grads {
			if g == nil {
				if f.strict {
					return nil, lang.Errorf(lang.RuntimeError, "The output of the user-provided function is independent of input %d. This is not allowed in strict mode.", i)
				}
				if g, err = tensor.ZerosLike(f.ins[i]); err != nil {
					return nil, err
				}
			}
			out[i] = g
		}
		return lang.Tuple{f.outputs(), f.shaped(out, f.inTuple)}, nil
	})
	mod.Attrs["jvp"] = lang.NewBuiltin(lang.AsValue, "jvp(func, inputs, v=None, create_graph=False, strict=False)", "A tuple (func(*inputs), Jv): the outputs, detached unless create_graph, and the Jacobian-vector product for each output, v the tangent of the inputs (a tensor or a tuple of tensors of their shapes; None only for an input of one element).", func(a *lang.Args) (lang.Value, error) {
		f, err := newFunctionalCall(a, "jvp")
		if err != nil {
			return nil, err
		}
		vs, err := f.vectors(a, f.ins, "jvp", "inputs")
		if err != nil {
			return nil, err
		}
		if f.create {
			defer autograd.SetGradEnabled(autograd.SetGradEnabled(true))
		}
		jac, err := f.jacobian(f.create)
		if err != nil {
			return nil, err
		}
		out := make([]lang.Value, len(f.outs))
		for k, o := range f.outs {
			var sum *tensor.Tensor
			for i, in := range f.ins {
				j, err := f.ops.reshape(jac[k][i], o.Numel(), in.Numel())
				if err != nil {
					return nil, err
				}
				v, err := f.ops.reshape(vs[i], in.Numel())
				if err != nil {
					return nil, err
				}
				p, err := f.ops.matmul(j, v)
				if err != nil {
					return nil, err
				}
				if sum == nil {
					sum = p
				} else if sum, err = f.ops.add(sum, p); err != nil {
					return nil, err
				}
			}
			r, err := f.ops.reshape(sum, o.Shape()...)
			if err != nil {
				return nil, err
			}
			out[k] = r
		}
		return lang.Tuple{f.outputs(), f.shaped(out, f.outTuple)}, nil
	})
	defSecondOrderFunctional(mod)
	lang.RegisterModule("torch.autograd.functional", "The functional autograd API: jacobian, vjp, jvp, hessian, vhp and hvp of a function.", func() *lang.Module { return mod })

	gradMode := map[string]lang.Value{}
	for _, name := range []string{"no_grad", "enable_grad"} {
		b, _ := lang.LookupBuiltin(name)
		gradMode[name] = b
	}
	for _, name := range []string{"inference_mode", "set_grad_enabled"} {
		gradMode[name] = torchMembers[name]
	}
	for name, v := range gradMode {
		torchAutograd[name] = v
	}
	lang.RegisterModule("torch.autograd.grad_mode", "The grad-mode context managers: no_grad, enable_grad, set_grad_enabled and inference_mode.", func() *lang.Module {
		return &lang.Module{Attrs: gradMode}
	})
	lang.RegisterModule("torch.autograd.function", "torch.autograd.function: Function, the base class of custom autograd operations.", func() *lang.Module {
		return &lang.Module{Attrs: map[string]lang.Value{"Function": torchAutograd["Function"], "once_differentiable": onceDifferentiable}}
	})
	lang.RegisterModule("torch.autograd.variable", "torch.autograd.variable: Variable, the deprecated alias of a tensor.", func() *lang.Module {
		return &lang.Module{Attrs: map[string]lang.Value{"Variable": torchAutograd["Variable"]}}
	})
}

// functionalCall is one call of the functional API: the inputs (detached
// copies that require grad), func's outputs, and whether each was a tuple.
type functionalCall struct {
	ins, outs         []*tensor.Tensor
	inTuple, outTuple bool
	strict            bool
	// create is create_graph: the results keep their graph, and ops
	// computes with recording operations (raw kernels otherwise).
	create bool
	ops    functionalOps
}

// functionalOps are the tensor operations that combine gradients: the
// recording ones with create_graph, the raw kernels without (whose
// results PyTorch returns detached).
type functionalOps struct {
	reshape func(x *tensor.Tensor, shape ...int) (*tensor.Tensor, error)
	matmul  func(a, b *tensor.Tensor) (*tensor.Tensor, error)
	add     func(a, b *tensor.Tensor) (*tensor.Tensor, error)
	stack   func(ts []*tensor.Tensor, dim int) (*tensor.Tensor, error)
}

var (
	rawOps       = functionalOps{(*tensor.Tensor).Reshape, tensor.Matmul, tensor.Add, tensor.Stack}
	recordingOps = functionalOps{autograd.Reshape, autograd.Matmul, autograd.Add, autograd.Stack}
)

// newFunctionalCall reads func, inputs, create_graph and strict, and runs
// func with gradients recorded.
func newFunctionalCall(a *lang.Args, api string) (*functionalCall, error) {
	fn, inputs := a.Value("func"), a.Value("inputs")
	create, strict := a.Bool("create_graph"), a.Bool("strict")
	if err := a.Err(); err != nil {
		return nil, err
	}
	f := &functionalCall{strict: strict, create: create, ops: rawOps}
	if create {
		f.ops = recordingOps
	}
	ins, isTuple, err := functionalTensors(inputs, "inputs", api)
	if err != nil {
		return nil, err
	}
	f.inTuple = isTuple
	pos := make([]lang.Value, len(ins))
	for i, t := range ins {
		d, err := functionalInput(t, create)
		if err != nil {
			return nil, err
		}
		f.ins = append(f.ins, d)
		pos[i] = d
	}
	prev := autograd.SetGradEnabled(true)
	out, err := a.Call(fn, pos...)
	autograd.SetGradEnabled(prev)
	if err != nil {
		return nil, err
	}
	if f.outs, f.outTuple, err = functionalTensors(out, "outputs of the user-provided function", api); err != nil {
		return nil, err
	}
	return f, nil
}

// functionalTensors reads a tensor or a tuple (or list) of tensors, the
// argument arg of api, with PyTorch's messages.
func functionalTensors(v lang.Value, arg, api string) ([]*tensor.Tensor, bool, error) {
	what := "The " + arg + " given to " + api
	if t, ok := v.(*tensor.Tensor); ok {
		return []*tensor.Tensor{t}, false, nil
	}
	elems, _, ok := lang.Sequence(v)
	if _, isStr := v.(string); !ok || isStr {
		return nil, false, lang.Errorf(lang.TypeError, "%s must be either a Tensor or a tuple of Tensors but the given %s has type %s.", what, arg, lang.Repr(lang.TypeOf(v)))
	}
	out := make([]*tensor.Tensor, len(elems))
	for i, e := range elems {
		t, ok := e.(*tensor.Tensor)
		if !ok {
			return nil, false, lang.Errorf(lang.TypeError, "%s must be either a Tensor or a tuple of Tensors but the value at index %d has type %s.", what, i, lang.Repr(lang.TypeOf(e)))
		}
		out[i] = t
	}
	return out, true, nil
}

// shaped gives vals as func gave them: a tuple, or its one value.
func (f *functionalCall) shaped(vals []lang.Value, tuple bool) lang.Value {
	if !tuple && len(vals) == 1 {
		return vals[0]
	}
	return lang.Tuple(vals)
}

// functionalInput is the tensor func receives for an input t: with
// create_graph, a view of t when t requires grad (t.view_as(t), so that
// the results reach t's graph), else a detached copy that requires grad,
// as PyTorch's _grad_preprocess.
func functionalInput(t *tensor.Tensor, create bool) (*tensor.Tensor, error) {
	if create && t.RequiresGrad() {
		prev := autograd.SetGradEnabled(true)
		defer autograd.SetGradEnabled(prev)
		return autograd.View(t, t.Shape()...)
	}
	d := t.Detach()
	return d, autograd.SetRequiresGrad(d, true)
}

// outputs are func's outputs, detached (as they are with create_graph).
func (f *functionalCall) outputs() lang.Value {
	vals := make([]lang.Value, len(f.outs))
	for k, o := range f.outs {
		vals[k] = o
		if !f.create {
			vals[k] = o.Detach()
		}
	}
	return f.shaped(vals, f.outTuple)
}

// vectors reads v, one tensor for each of like (func's outputs for vjp,
// its inputs for jvp): None is ones for a single one-element tensor.
func (f *functionalCall) vectors(a *lang.Args, like []*tensor.Tensor, api, of string) ([]*tensor.Tensor, error) {
	v := a.Value("v")
	if _, none := v.(lang.NoneType); none {
		if len(like) != 1 || like[0].Numel() != 1 {
			if of == "outputs" {
				return nil, lang.Errorf(lang.RuntimeError, "The vector v can only be None if the user-provided function returns a single Tensor with a single element.")
			}
			return nil, lang.Errorf(lang.RuntimeError, "The vector v can only be None if the input to the user-provided function is a single Tensor with a single element.")
		}
		t, err := tensor.OnesLike(like[0])
		return []*tensor.Tensor{t}, err
	}
	vs, _, err := functionalTensors(v, "v", api)
	if err != nil {
		return nil, err
	}
	if len(vs) != len(like) {
		return nil, lang.Errorf(lang.RuntimeError, "v is a tuple of invalid length: should be %d but got %d.", len(like), len(vs))
	}
	for i := range vs {
		if !slices.Equal(vs[i].Shape(), like[i].Shape()) {
			return nil, lang.Errorf(lang.RuntimeError, "v has invalid size: should be %s but got %s.", lang.Repr(lang.NewSize(like[i].Shape())), lang.Repr(lang.NewSize(vs[i].Shape())))
		}
	}
	return vs, nil
}

// jacobian returns jac[k][i], the Jacobian of output k with respect to
// input i, of shape outs[k].shape + ins[i].shape: one backward pass per
// element of each output, with that element's one-hot gradient; create
// records the passes (create_graph).
func (f *functionalCall) jacobian(create bool) ([][]*tensor.Tensor, error) {
	ops := rawOps
	if create {
		ops = recordingOps
		defer autograd.SetGradEnabled(autograd.SetGradEnabled(true))
	}
	jac := make([][]*tensor.Tensor, len(f.outs))
	for k, o := range f.outs {
		rows := make([][]*tensor.Tensor, len(f.ins))
		n := o.Numel()
		for j := 0; j < n; j++ {
			var grads []*tensor.Tensor
			if !o.RequiresGrad() && f.strict {
				return nil, outputNeedsGrad(k)
			}
			if o.RequiresGrad() {
				hot := make([]float64, n)
				hot[j] = 1
				onehot, err := tensor.FromValue(hot, o.DType())
				if err != nil {
					return nil, err
				}
				if onehot, err = onehot.Reshape(o.Shape()...); err != nil {
					return nil, err
				}
				if grads, err = autograd.Gradients([]*tensor.Tensor{o}, f.ins, []*tensor.Tensor{onehot}, autograd.BackwardOptions{RetainGraph: true, CreateGraph: create, AllowUnused: true}); err != nil {
					return nil, err
				}
			} else {
				grads = make([]*tensor.Tensor, len(f.ins))
			}
			for i, g := range grads {
				if g == nil {
					if f.strict {
						return nil, lang.Errorf(lang.RuntimeError, "Output %d of the user-provided function is independent of input %d. This is not allowed in strict mode.", k, i)
					}
					var err error
					if g, err = tensor.ZerosLike(f.ins[i]); err != nil {
						return nil, err
					}
				}
				rows[i] = append(rows[i], g)
			}
		}
		jac[k] = make([]*tensor.Tensor, len(f.ins))
		for i, in := range f.ins {
			shape := append(append([]int{}, o.Shape()...), in.Shape()...)
			var t *tensor.Tensor
			var err error
			if n == 0 {
				t, err = tensor.Zeros(in.DType(), shape...)
			} else if t, err = ops.stack(rows[i], 0); err == nil {
				t, err = ops.reshape(t, shape...)
			}
			if err != nil {
				return nil, err
			}
			jac[k][i] = t
		}
	}
	return jac, nil
}

// outputNeedsGrad is strict mode's error for an output computed without
// gradient from the inputs.
func outputNeedsGrad(k int) error {
	return lang.Errorf(lang.RuntimeError, "Output %d of the user-provided function does not require gradients. The outputs must be computed in a differentiable manner from the input when running in strict mode.", k)
}

// onceDifferentiable is torch.autograd.function.once_differentiable, the
// decorator of a custom Function's backward that PyTorch runs with grad
// mode off: the gradients it returns are computed without recording.
// kael's backward passes compute first derivatives (create_graph is
// refused), so the decorated backward gives the same gradients as
// PyTorch's.
var onceDifferentiable = lang.NewBuiltin(lang.AsValue, "once_differentiable(fn)", "Decorates a custom Function's backward(ctx, *grads): each call runs fn with grad mode off, as PyTorch's once_differentiable.", func(a *lang.Args) (lang.Value, error) {
	fn := a.Value("fn")
	if !lang.Callable(fn) {
		return nil, lang.Errorf(lang.TypeError, "'%s' object is not callable", lang.TypeName(fn))
	}
	return lang.NewBuiltin(lang.AsValue, "wrapper(ctx, *args)", "A backward decorated with torch.autograd.function.once_differentiable: it runs with grad mode off.", func(b *lang.Args) (lang.Value, error) {
		grads := b.Value("args").(lang.Tuple)
		args := append(lang.Tuple{b.Value("ctx")}, grads...)
		var out lang.Value
		err := autograd.NoGrad(func() error {
			var err error
			out, err = b.Call(fn, args...)
			return err
		})
		if err != nil || !autograd.IsGradEnabled() {
			return out, err
		}
		return delayedError(grads, out)
	}), nil
})

// delayedError is what once_differentiable gives in a pass that records
// (create_graph=True) when a gradient it received requires grad: its
// results, which the decorated backward computed without recording, made
// outputs of a node whose backward raises PyTorch's error, so that a
// second derivative through them is refused rather than silently lost.
func delayedError(grads lang.Tuple, out lang.Value) (lang.Value, error) {
	var inputs []*tensor.Tensor
	for _, g := range grads {
		if t, ok := g.(*tensor.Tensor); ok && t.RequiresGrad() {
			inputs = append(inputs, t)
		}
	}
	if len(inputs) == 0 {
		return out, nil
	}
	single, isTensor := out.(*tensor.Tensor)
	elems := lang.Tuple{out}
	if !isTensor {
		t, ok := out.(lang.Tuple)
		if !ok {
			return out, nil // not gradients: the Function's own checks report it
		}
		elems = t
	}
	var outs []*tensor.Tensor
	var at []int
	for i, e := range elems {
		if t, ok := e.(*tensor.Tensor); ok {
			outs, at = append(outs, t), append(at, i)
		}
	}
	if len(outs) == 0 {
		return out, nil
	}
	attached, err := autograd.CustomFunction{Name: "DelayedError", Inputs: inputs, Outputs: outs,
		Backward: func([]*tensor.Tensor) ([]*tensor.Tensor, error) {
			return nil, lang.Errorf(lang.RuntimeError, "trying to differentiate twice a function that was marked with @once_differentiable")
		}}.Attach()
	if err != nil {
		return nil, err
	}
	if single != nil {
		return attached[0], nil
	}
	res := slices.Clone(elems)
	for k, i := range at {
		res[i] = attached[k]
	}
	return res, nil
}
