package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// grad_fn.register_prehook(hook) and grad_fn.register_hook(hook): Python
// hooks on a node of the autograd graph (autograd.RegisterNodePreHook,
// RegisterNodePostHook), checked as PyTorch 1.13's python_hook.cpp checks
// what they return. nn.Module's backward hooks (nn_backward_hooks.go) are
// made of them.

// gradFnClass is the class lang keeps grad_fn's methods under.
const gradFnClass = "grad_fn"

func defGradFnHooks() {
	defMethod(gradFnClass, "register_prehook(self, fn)", "Runs fn(grad_outputs) before the node computes its inputs' gradients: a tuple it returns (one tensor or None per output) replaces the gradients of the node's outputs. Returns a RemovableHandle.", func(a *lang.Args) (lang.Value, error) {
		node, fn := a.Value("self").(*lang.GradFnValue).Fn, a.Value("fn")
		sess := a.Session()
		h, err := autograd.RegisterNodePreHook(node, func(gradOutputs []*tensor.Tensor) ([]*tensor.Tensor, error) {
			r, err := sess.CallHook(fn, gradTuple(gradOutputs))
			if err != nil {
				return nil, err
			}
			return hookResult(fn, r, gradOutputs)
		})
		if err != nil {
			return nil, err
		}
		return &HookHandle{h: h}, nil
	})
	defMethod(gradFnClass, "register_hook(self, fn)", "Runs fn(grad_inputs, grad_outputs) after the node computed its inputs' gradients: a tuple it returns (one tensor or None per input) replaces grad_inputs. Returns a RemovableHandle.", func(a *lang.Args) (lang.Value, error) {
		node, fn := a.Value("self").(*lang.GradFnValue).Fn, a.Value("fn")
		sess := a.Session()
		h, err := autograd.RegisterNodePostHook(node, func(gradInputs, gradOutputs []*tensor.Tensor) ([]*tensor.Tensor, error) {
			r, err := sess.CallHook(fn, gradTuple(gradInputs), gradTuple(gradOutputs))
			if err != nil {
				return nil, err
			}
			return hookResult(fn, r, gradInputs)
		})
		if err != nil {
			return nil, err
		}
		return &HookHandle{h: h}, nil
	})
}

// gradTuple is gradients as a hook sees them: a tuple with None for a
// missing one.
func gradTuple(gs []*tensor.Tensor) lang.Tuple {
	out := make(lang.Tuple, len(gs))
	for i, g := range gs {
		if g == nil {
			out[i] = lang.None
		} else {
			out[i] = g
		}
	}
	return out
}

// hookResult checks what a node hook returned against the gradients it
// was given (prev), as PyTorch's check_result: None keeps them; else a
// tuple of as many, each a tensor or None, and None where prev had none.
func hookResult(fn, r lang.Value, prev []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if _, ok := r.(lang.NoneType); ok {
		return nil, nil
	}
	t, ok := r.(lang.Tuple)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "expected tuple, but hook returned '%s'", lang.TypeName(r))
	}
	if len(t) != len(prev) {
		return nil, lang.Errorf(lang.RuntimeError, "hook '%s' has returned an incorrect number of values (got %d, but expected %d)", hookName(fn), len(t), len(prev))
	}
	out := make([]*tensor.Tensor, len(t))
	for i, v := range t {
		if _, none := v.(lang.NoneType); none {
			continue
		}
		if prev[i] == nil {
			return nil, lang.Errorf(lang.RuntimeError, "can't replace a None gradient with a non-None value")
		}
		g, ok := v.(*tensor.Tensor)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "expected Variable, but hook returned '%s'", lang.TypeName(v))
		}
		out[i] = g
	}
	return out, nil
}

// hookName is the name PyTorch's messages give a hook: its __name__.
func hookName(fn lang.Value) string {
	if n, err := lang.GetAttr(fn, "__name__"); err == nil {
		if s, ok := n.(string); ok {
			return s
		}
	}
	return lang.TypeName(fn)
}
