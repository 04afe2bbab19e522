package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// torch.autograd.Function subclasses: a class with @staticmethod forward(ctx,
// ...) and backward(ctx, *grads), used as MyReLU.apply(x). apply runs
// forward with grad mode off, then records one node for its outputs
// (autograd.CustomFunction, grad_fn MyReLUBackward) whose backward calls
// the class's backward with the same ctx. The ctx is an object of its own
// class (FunctionCtx): save_for_backward, saved_tensors,
// needs_input_grad, and any attribute the program sets (ctx.scale = 2).
// The setup_context style (forward without ctx, setup_context(ctx, inputs,
// output)) works too.

// functionClassName is the class name of torch.autograd.Function.
const functionClassName = "torch.autograd.Function"

// ctxClassName is the root of the ctx's class.
const ctxClassName = "torch.autograd.function.FunctionCtx"

// functionCtx is what the ctx of one apply keeps besides its attributes.
type functionCtx struct {
	saved          []*tensor.Tensor
	needsInputGrad lang.Tuple
	// node is the node apply recorded (nil when it recorded none): once a
	// backward pass freed it, saved_tensors raises, as in PyTorch.
	node tensor.GradFn
	// nonDiff are the outputs forward marked non-differentiable;
	// keepNil is set_materialize_grads(False).
	nonDiff []*tensor.Tensor
	keepNil bool
}

// ctxClass is the class of ctx objects.
var ctxClass = lang.NewNativeClass("FunctionCtx", ctxClassName)

// applyBuiltin is MyFunction.apply, whose function each class gets.
var applyBuiltin = lang.NewBuiltin(lang.AsValue, "apply(*args)", "Runs forward with grad mode off and records one node whose backward calls the class's backward.", nil)

// saveForBackward is ctx.save_for_backward, whose function each ctx gets.
var saveForBackward = lang.NewBuiltin(lang.AsValue, "save_for_backward(*tensors)", "Saves tensors (or None) for backward, which reads them as ctx.saved_tensors.", nil)

// markNonDifferentiable is ctx.mark_non_differentiable, and
// setMaterializeGrads ctx.set_materialize_grads, whose functions each ctx
// gets.
var (
	markNonDifferentiable = lang.NewBuiltin(lang.AsValue, "mark_non_differentiable(*args)", "Marks outputs that get no gradient (indices, masks): they do not require grad, and backward receives zeros (or None) for them.", nil)
	setMaterializeGrads   = lang.NewBuiltin(lang.AsValue, "set_materialize_grads(value)", "With False, backward receives None, not zeros, for an output no gradient reached.", nil)
)

func defAutogradFunction() {
	fnClass := &lang.Class{Name: functionClassName, Doc: "The base class of custom autograd operations: class MyReLU(torch.autograd.Function) with @staticmethod forward(ctx, x) and backward(ctx, grad), used as MyReLU.apply(x); see Classes."}
	torchAutograd["Function"] = fnClass
	lang.RegisterNativeBase(functionClassName, fnClass, &lang.NativeBase{
		Name: "torch.autograd.Function",
		Construct: func(c *lang.UserClass) error {
			return lang.Errorf(lang.RuntimeError, "kael runs a torch.autograd.Function through its class: %s.apply(...), not %s()", c.Name, c.Name).
				WithHint("forward and backward are @staticmethods; call y = %s.apply(x)", c.Name)
		},
		ClassAttr: func(c *lang.UserClass, name string) (lang.Value, bool, error) {
			if name != "apply" {
				return nil, false, nil
			}
			return applyBuiltin.WithFn(func(a *lang.Args) (lang.Value, error) { return applyFunction(a, c, a.Value("args").(lang.Tuple)) }), true, nil
		},
	})
	lang.RegisterNativeBase(ctxClassName, &lang.Class{Name: ctxClassName}, &lang.NativeBase{
		Name: "FunctionCtx",
		Attr: func(x *lang.Instance, name string) (lang.Value, bool, error) {
			ctx := x.Native().(*functionCtx)
			switch name {
			case "saved_tensors":
				if ctx.node != nil && autograd.Released(ctx.node) {
					ctx.saved = nil // freed with the node, as PyTorch frees them
					return nil, true, autograd.ErrFreed()
				}
				out := make(lang.Tuple, len(ctx.saved))
				for i, t := range ctx.saved {
					out[i] = t
				}
				return out, true, nil
			case "needs_input_grad":
				return ctx.needsInputGrad, true, nil
			case "mark_non_differentiable":
				return markNonDifferentiable.WithFn(func(a *lang.Args) (lang.Value, error) {
					for _, v := range a.Value("args").(lang.Tuple) {
						t, ok := v.(*tensor.Tensor)
						if !ok {
							return nil, lang.Errorf(lang.RuntimeError, "mark_non_differentiable only accepts variable arguments, but got %s", lang.TypeName(v))
						}
						ctx.nonDiff = append(ctx.nonDiff, t)
					}
					return lang.None, nil
				}), true, nil
			case "set_materialize_grads":
				return setMaterializeGrads.WithFn(func(a *lang.Args) (lang.Value, error) {
					b, err := lang.Truth(a.Value("value"))
					ctx.keepNil = !b
					return lang.None, err
				}), true, nil
			case "save_for_backward":
				return saveForBackward.WithFn(func(a *lang.Args) (lang.Value, error) {
					args := a.Value("tensors").(lang.Tuple)
					ctx.saved = ctx.saved[:0]
					for i, v := range args {
						t, ok := v.(*tensor.Tensor)
						if !ok {
							if _, none := v.(lang.NoneType); !none {
								return nil, lang.Errorf(lang.TypeError, "save_for_backward can only save variables, but argument %d is of type %s", i, lang.TypeName(v)).
									WithHint("keep other values as attributes of ctx: ctx.scale = scale")
							}
						}
						ctx.saved = append(ctx.saved, t)
					}
					return lang.None, nil
				}), true, nil
			}
			return nil, false, nil
		},
		Names: func(*lang.Instance) []string {
			return []string{"mark_non_differentiable", "needs_input_grad", "save_for_backward", "saved_tensors", "set_materialize_grads"}
		},
	})
}

// applyFunction is cls.apply(*args).
func applyFunction(a *lang.Args, cls *lang.UserClass, args lang.Tuple) (lang.Value, error) {
	forward, ok := cls.StaticFunction("forward")
	if !ok {
		return nil, lang.Errorf(NotImplementedError, "You must implement the forward function for custom autograd.Function.").
			WithHint("define @staticmethod def forward(ctx, ...): in class %s", cls.Name)
	}
	backward, ok := cls.StaticFunction("backward")
	if !ok {
		return nil, lang.Errorf(NotImplementedError, "You must implement either the backward or vjp method for your custom autograd.Function to use it with backward mode AD.").
			WithHint("define @staticmethod def backward(ctx, grad_output): in class %s", cls.Name)
	}
	setup, separate := cls.StaticFunction("setup_context")
	inputs := make([]*tensor.Tensor, len(args))
	needs := make(lang.Tuple, len(args))
	for i, v := range args {
		t, _ := v.(*tensor.Tensor)
		inputs[i] = t
	}
	for i, b := range autograd.NeedsInputGrad(inputs) {
		needs[i] = b && autograd.IsGradEnabled()
	}
	state := &functionCtx{needsInputGrad: needs}
	ctx := lang.NewInstance(ctxClass, state)
	var result lang.Value
	err := autograd.NoGrad(func() error {
		var err error
		if separate {
			if result, err = a.Call(forward, args...); err != nil {
				return err
			}
			_, err = a.Call(setup, ctx, args, result)
			return err
		}
		result, err = a.Call(forward, append(lang.Tuple{ctx}, args...)...)
		return err
	})
	if err != nil {
		return nil, err
	}
	outs, single, err := functionOutputs(cls, result)
	if err != nil {
		return nil, err
	}
	sess := a.Session()
	isTensor := make([]bool, len(inputs)) // not the inputs, which the graph must not keep alive
	for i, t := range inputs {
		isTensor[i] = t != nil
	}
	attached, err := autograd.CustomFunction{Name: cls.Name, Inputs: inputs, Outputs: outs, Saved: state.saved,
		NonDifferentiable: state.nonDiff, KeepNilGrads: state.keepNil,
		Backward: func(grads []*tensor.Tensor) ([]*tensor.Tensor, error) {
			gv := make([]lang.Value, 0, len(grads)+1)
			gv = append(gv, ctx)
			for _, g := range grads {
				if g == nil {
					gv = append(gv, lang.None)
				} else {
					gv = append(gv, g)
				}
			}
			r, err := sess.CallHook(backward, gv...)
			if err != nil {
				return nil, err
			}
			return functionGrads(cls, r, isTensor)
		}}.Attach()
	if err != nil {
		return nil, err
	}
	for _, t := range attached {
		if m := t.Autograd(); m != nil && m.GradFn != nil {
			state.node = m.GradFn
			break
		}
	}
	if single {
		return attached[0], nil
	}
	out := make(lang.Tuple, len(attached))
	for i, t := range attached {
		out[i] = t
	}
	return out, nil
}

// functionOutputs reads what forward returned: a tensor or a tuple of
// tensors.
func functionOutputs(cls *lang.UserClass, r lang.Value) ([]*tensor.Tensor, bool, error) {
	if t, ok := r.(*tensor.Tensor); ok {
		return []*tensor.Tensor{t}, true, nil
	}
	elems, ok := lang.Elems(r)
	if _, isTuple := r.(lang.Tuple); ok && isTuple {
		outs := make([]*tensor.Tensor, len(elems))
		for i, e := range elems {
			t, isT := e.(*tensor.Tensor)
			if !isT {
				return nil, false, lang.Errorf(lang.TypeError, "%s.forward returned a %s as output %d; kael's custom functions return tensors", cls.Name, lang.TypeName(e), i)
			}
			outs[i] = t
		}
		return outs, false, nil
	}
	return nil, false, lang.Errorf(lang.TypeError, "%s.forward must return a tensor or a tuple of tensors, not %s", cls.Name, lang.TypeName(r))
}

// functionGrads reads what backward returned: one gradient (a tensor or
// None) per argument of forward, in PyTorch's order of checks: the number
// (autograd.GradCount: extra Nones are dropped), then position by position
// a tensor or None for a tensor argument, None for any other.
func functionGrads(cls *lang.UserClass, r lang.Value, isTensor []bool) ([]*tensor.Tensor, error) {
	vals := []lang.Value{r}
	if t, ok := r.(lang.Tuple); ok {
		vals = t
	}
	node := cls.Name + "Backward"
	keep, err := autograd.GradCount(node, len(vals), len(isTensor), func(i int) bool {
		_, none := vals[i].(lang.NoneType)
		return none
	})
	if err != nil {
		return nil, err
	}
	out := make([]*tensor.Tensor, keep)
	for i, v := range vals[:keep] {
		_, none := v.(lang.NoneType)
		switch g, ok := v.(*tensor.Tensor); {
		case none:
		case !isTensor[i]:
			return nil, autograd.GradForNonTensor(node, i)
		case ok:
			out[i] = g
		default:
			return nil, lang.Errorf(lang.RuntimeError, "expected Variable or None (got %s)", lang.TypeName(v)).
				WithHint("%s.backward returns a tensor or None for each argument of forward", cls.Name)
		}
	}
	return out, nil
}
