package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/nn"
	"github.com/kael-dev/kael/tensor"
)

// nn.Module's extra state, load_state_dict post-hooks, type() and
// to_empty(), as PyTorch 1.13's torch/nn/modules/module.py has them.
// state_dict and load_state_dict (nn_module.go) call a Python class's
// get_extra_state and set_extra_state (overridden); Module's own raise,
// as PyTorch's, since they are only called when a class defines them.

func defModuleState() {
	moduleMethods["get_extra_state"] = lang.NewBuiltin(lang.AsValue, "get_extra_state(self)", "Define it in a module's class to return extra state (any picklable object) that state_dict() keeps under 'name._extra_state'; nn.Module's own is never called.", func(a *lang.Args) (lang.Value, error) {
		return nil, lang.Errorf(lang.RuntimeError, "Reached a code path in Module.get_extra_state() that should never be called. Please file an issue at https://github.com/pytorch/pytorch/issues/new?template=bug-report.yml to report this bug.")
	})
	moduleMethods["set_extra_state"] = lang.NewBuiltin(lang.AsValue, "set_extra_state(self, state)", "Define it in a module's class to take back the extra state get_extra_state gave, from load_state_dict(); nn.Module's own is never called.", func(a *lang.Args) (lang.Value, error) {
		return nil, lang.Errorf(lang.RuntimeError, "Reached a code path in Module.set_extra_state() that should never be called. Please file an issue at https://github.com/pytorch/pytorch/issues/new?template=bug-report.yml to report this bug.")
	})
	moduleMethods["register_load_state_dict_post_hook"] = lang.NewBuiltin(lang.AsValue, "register_load_state_dict_post_hook(self, hook)", "Registers hook(module, incompatible_keys), called by load_state_dict once this module and those below it are loaded, before strict's error: it may change incompatible_keys.missing_keys and unexpected_keys in place (clearing both avoids the error) and must return None. Returns a RemovableHandle.", func(a *lang.Args) (lang.Value, error) {
		return registerHook(a, func(h *pythonHooks) *lang.Dict { return h.loadPost })
	})
	moduleMethods["type"] = lang.NewBuiltin(lang.AsValue, "type(self, dst_type)", "Converts every parameter (and its gradient) and buffer to dst_type (a dtype, or a tensor type such as torch.DoubleTensor or 'torch.DoubleTensor'), in place, integer buffers included; returns the module.", func(a *lang.Args) (lang.Value, error) {
		typeMethod, _ := lang.TensorMethod("type")
		dst := a.Value("dst_type")
		return a.Value("self"), convertModule(selfModule(a), func(t *tensor.Tensor) (*tensor.Tensor, error) {
			v, err := a.Call(&lang.BoundMethod{Recv: t, Method: typeMethod}, dst)
			if err != nil {
				return nil, err
			}
			c, ok := v.(*tensor.Tensor)
			if !ok {
				return nil, lang.Errorf(lang.TypeError, "type() returned %s", lang.TypeName(v))
			}
			return c, nil
		})
	})
	moduleMethods["to_empty"] = lang.NewBuiltin(lang.AsValue, "to_empty(self, *, device)", "Replaces every parameter (and gradient) and buffer by an uninitialized tensor of its shape and dtype on device (kael fills them with zeros, and its device is the CPU): a module made on the meta device gets real storage. Returns the module.", func(a *lang.Args) (lang.Value, error) {
		if err := CheckDevice(a.Value("device")); err != nil {
			return nil, err
		}
		return a.Value("self"), convertModule(selfModule(a), func(t *tensor.Tensor) (*tensor.Tensor, error) {
			return tensor.Zeros(t.DType(), t.Shape()...)
		})
	})
}

// convertModule replaces the data of m's parameters, their gradients and
// its buffers by convert's (nn.ConvertTensors), with PyTorch's refusal of
// a parameter that requires grad turned into a dtype that cannot.
func convertModule(m nn.Module, convert func(t *tensor.Tensor) (*tensor.Tensor, error)) error {
	return nn.ConvertTensors(m, func(t *tensor.Tensor) (*tensor.Tensor, error) {
		c, err := convert(t)
		if err != nil {
			return nil, err
		}
		if t.RequiresGrad() && !c.DType().IsFloating() && !c.DType().IsComplex() && autograd.IsLeaf(t) {
			return nil, lang.Errorf(lang.RuntimeError, "data set to a tensor that requires gradients must be floating point or complex dtype")
		}
		return c, nil
	})
}
