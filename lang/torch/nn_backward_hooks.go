package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/nn"
	"github.com/kael-dev/kael/tensor"
)

// Module backward hooks, as PyTorch 1.13's _call_impl and
// torch/utils/hooks.py's BackwardHook make them.
//
// register_full_backward_hook(hook): hook(module, grad_input,
// grad_output) runs once the gradients of the module's tensor arguments
// are computed; a tuple it returns replaces grad_input. The call passes
// its tensor arguments through an identity function
// (BackwardHookFunction) whose node's post-hook calls the hooks, and its
// results through another whose post-hook records grad_output; so the
// forward sees, and the caller gets, new tensors sharing the storage of
// the ones passed.
//
// register_backward_hook(hook), deprecated: the hook is put on the
// grad_fn of the module's first output, so grad_input is whatever that
// node's inputs are (for a module of several operations, not the module's
// inputs), with PyTorch's warnings saying so.

// backwardHooksOf returns the full and the other backward hooks of h.
func (h *pythonHooks) backwardHooks() (full, nonFull []lang.Value) {
	if h.bwd == nil || h.bwd.Len() == 0 {
		return nil, nil
	}
	if h.full {
		return h.bwd.Values(), nil
	}
	return nil, h.bwd.Values()
}

// moduleBackwardHook is one call's hooks.BackwardHook.
type moduleBackwardHook struct {
	sess   *lang.Session
	module lang.Value
	hooks  []lang.Value
	// nInputs and inputIdx are the call's argument count and where its
	// tensors are (inputIdx nil when none needs a gradient); likewise
	// nOutputs and outputIdx for what forward returned.
	nInputs, nOutputs   int
	inputIdx, outputIdx []int
	// gradOutputs are the gradients of the outputs, set by the output
	// node's hook and used (then cleared) by the input node's.
	gradOutputs lang.Tuple
}

// applyOnTensors passes the tensors among args through one
// BackwardHookFunction and hands its node to onNode; it returns args with
// those tensors replaced and their positions (nil, with args unchanged,
// when none requires grad or grad mode is off).
func applyOnTensors(args lang.Tuple, onNode func(tensor.GradFn) error) (lang.Tuple, []int, error) {
	var idx []int
	var ts, nonDiff []*tensor.Tensor
	requiresGrad := false
	for i, v := range args {
		if t, ok := v.(*tensor.Tensor); ok {
			idx = append(idx, i)
			ts = append(ts, t)
			if t.RequiresGrad() {
				requiresGrad = true
			} else {
				nonDiff = append(nonDiff, t)
			}
		}
	}
	if !requiresGrad || !autograd.IsGradEnabled() {
		return args, nil, nil
	}
	outs, err := autograd.CustomFunction{Name: "BackwardHookFunction", Inputs: ts, Outputs: ts, NonDifferentiable: nonDiff,
		Backward: func(gs []*tensor.Tensor) ([]*tensor.Tensor, error) { return gs, nil }}.Attach()
	if err != nil {
		return nil, nil, err
	}
	for _, o := range outs {
		if m := o.Autograd(); m != nil && m.GradFn != nil {
			if err := onNode(m.GradFn); err != nil {
				return nil, nil, err
			}
			break
		}
	}
	res := append(lang.Tuple(nil), args...)
	for k, i := range idx {
		res[i] = outs[k]
	}
	return res, idx, nil
}

// packWithNone places values at idx in a tuple of size n, None elsewhere.
func packWithNone(idx []int, values []*tensor.Tensor, n int) lang.Tuple {
	out := make(lang.Tuple, n)
	for i := range out {
		out[i] = lang.None
	}
	for k, i := range idx {
		if values[k] != nil {
			out[i] = values[k]
		}
	}
	return out
}

// setupInput is BackwardHook.setup_input_hook.
func (b *moduleBackwardHook) setupInput(args lang.Tuple) (lang.Tuple, error) {
	res, idx, err := applyOnTensors(args, func(node tensor.GradFn) error {
		_, err := autograd.RegisterNodePostHook(node, b.inputHook)
		return err
	})
	b.nInputs, b.inputIdx = len(args), idx
	return res, err
}

// inputHook calls the user's hooks with the gradients of the module's
// inputs and returns their replacement.
func (b *moduleBackwardHook) inputHook(gradInputs, _ []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if b.gradOutputs == nil { // the gradient reached the inputs without passing the outputs
		return nil, nil
	}
	res := packWithNone(b.inputIdx, gradInputs, b.nInputs)
	for _, hook := range b.hooks {
		out, err := b.sess.CallHook(hook, b.module, res, b.gradOutputs)
		if err != nil {
			return nil, err
		}
		if _, none := out.(lang.NoneType); none {
			continue
		}
		elems, ok := lang.Elems(out)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "object of type '%s' has no len()", lang.TypeName(out))
		}
		if len(elems) != len(res) {
			return nil, lang.Errorf(lang.RuntimeError, "Backward hook returned an invalid number of grad_input, got %d, but expected %d", len(elems), len(res))
		}
		res = lang.Tuple(elems)
	}
	b.gradOutputs = nil
	unpacked := make(lang.Tuple, len(b.inputIdx))
	for k, i := range b.inputIdx {
		unpacked[k] = res[i]
	}
	return hookResult(b.hooks[len(b.hooks)-1], unpacked, gradInputs)
}

// setupOutput is BackwardHook.setup_output_hook.
func (b *moduleBackwardHook) setupOutput(result lang.Value) (lang.Value, error) {
	args, isTuple := result.(lang.Tuple)
	if !isTuple {
		args = lang.Tuple{result}
	}
	res, idx, err := applyOnTensors(args, func(node tensor.GradFn) error {
		_, err := autograd.RegisterNodePostHook(node, b.outputHook)
		return err
	})
	if err != nil {
		return nil, err
	}
	b.nOutputs, b.outputIdx = len(args), idx
	if !isTuple {
		return res[0], nil
	}
	return res, nil
}

// outputHook records the gradients of the module's outputs; when no input
// needs a gradient it calls the user's hooks itself, with None for every
// input.
func (b *moduleBackwardHook) outputHook(_, gradOutputs []*tensor.Tensor) ([]*tensor.Tensor, error) {
	b.gradOutputs = packWithNone(b.outputIdx, gradOutputs, b.nOutputs)
	if b.inputIdx != nil {
		return nil, nil
	}
	gradInputs := packWithNone(nil, nil, b.nInputs)
	for _, hook := range b.hooks {
		r, err := b.sess.CallHook(hook, b.module, gradInputs, b.gradOutputs)
		if err != nil {
			return nil, err
		}
		if !allNone(r) {
			return nil, lang.Errorf(lang.RuntimeError, "Backward hook for Modules where no input requires gradient should always return None or None for all gradients.")
		}
	}
	b.gradOutputs = nil
	return nil, nil
}

// allNone reports whether v is None or a tuple of Nones.
func allNone(v lang.Value) bool {
	if _, none := v.(lang.NoneType); none {
		return true
	}
	t, ok := v.(lang.Tuple)
	if !ok {
		return false
	}
	for _, e := range t {
		if _, none := e.(lang.NoneType); !none {
			return false
		}
	}
	return true
}

// registerNonFullBackwardHooks puts the deprecated backward hooks on the
// grad_fn of the first tensor in result, as _call_impl does, and warns as
// _maybe_warn_non_full_backward_hook.
func (h *pythonHooks) registerNonFullBackwardHooks(module lang.Value, hooks []lang.Value, input lang.Tuple, result lang.Value) error {
	v := result
	for depth := 0; ; depth++ {
		if _, ok := v.(*tensor.Tensor); ok {
			break
		}
		if _, isStr := v.(string); isStr || depth > 64 { // PyTorch's v = v[0] never ends on a str
			return lang.Errorf(lang.RuntimeError, "%s's backward hooks need a tensor among its outputs; forward returned %s", lang.TypeName(module), lang.TypeName(result))
		}
		if d, ok := v.(*lang.Dict); ok {
			found := false
			for _, e := range d.Values() {
				if _, ok := e.(*tensor.Tensor); ok {
					v, found = e, true
					break
				}
			}
			if !found {
				return lang.Errorf(lang.StopIteration, "")
			}
			continue
		}
		first, err := lang.Index(v, []lang.Subscript{{Value: int64(0)}})
		if err != nil {
			return err
		}
		v = first
	}
	m := v.(*tensor.Tensor).Autograd()
	if m == nil || m.GradFn == nil {
		return nil
	}
	gradFn := m.GradFn
	for _, hook := range hooks {
		sess := h.sess
		_, err := autograd.RegisterNodePostHook(gradFn, func(gradInputs, gradOutputs []*tensor.Tensor) ([]*tensor.Tensor, error) {
			r, err := sess.CallHook(hook, module, gradTuple(gradInputs), gradTuple(gradOutputs))
			if err != nil {
				return nil, err
			}
			return hookResult(hook, r, gradInputs)
		})
		if err != nil {
			return err
		}
	}
	if msg := nonFullHookWarning(input, result, gradFn); msg != "" {
		return sessionWarn(h.sess, msg)
	}
	return nil
}

// nonFullHookWarning is _maybe_warn_non_full_backward_hook's warning, or
// "" when the deprecated hook sees what a full one would.
func nonFullHookWarning(input lang.Tuple, result lang.Value, gradFn tensor.GradFn) string {
	outputs, ok := outputTensors(result)
	if !ok {
		return "Using non-full backward hooks on a Module that does not return a single Tensor or a tuple of Tensors is deprecated and will be removed in future versions. This hook will be missing some of the grad_output. Please use register_full_backward_hook to get the documented behavior."
	}
	inputs, ok := outputTensors(input)
	if !ok {
		return "Using non-full backward hooks on a Module that does not take as input a single Tensor or a tuple of Tensors is deprecated and will be removed in future versions. This hook will be missing some of the grad_input. Please use register_full_backward_hook to get the documented behavior."
	}
	outFns := gradFnSet(outputs)
	if len(outFns) == 0 || len(outFns) == 1 && !outFns[gradFn] {
		return "Using a non-full backward hook when outputs are nested in python data structure is deprecated and will be removed in future versions. This hook will be missing some grad_output."
	}
	if len(outFns) > 1 {
		return "Using a non-full backward hook when outputs are generated by different autograd Nodes is deprecated and will be removed in future versions. This hook will be missing some grad_output. Please use register_full_backward_hook to get the documented behavior."
	}
	inFns := gradFnSet(inputs)
	next := autograd.NextFunctions(gradFn)
	same := len(next) > 0
	seen := map[tensor.GradFn]bool{}
	for _, n := range next {
		if n.Fn == nil || !inFns[n.Fn] { // a leaf's AccumulateGrad or None is never an input's grad_fn
			same = false
			break
		}
		seen[n.Fn] = true
	}
	if !same || len(seen) != len(inFns) {
		return "Using a non-full backward hook when the forward contains multiple autograd Nodes is deprecated and will be removed in future versions. This hook will be missing some grad_input. Please use register_full_backward_hook to get the documented behavior."
	}
	return ""
}

// outputTensors returns v as a list of tensors: a tensor, or a tuple of them.
func outputTensors(v lang.Value) ([]*tensor.Tensor, bool) {
	if t, ok := v.(*tensor.Tensor); ok {
		return []*tensor.Tensor{t}, true
	}
	tup, ok := v.(lang.Tuple)
	if !ok {
		return nil, false
	}
	out := make([]*tensor.Tensor, len(tup))
	for i, e := range tup {
		t, ok := e.(*tensor.Tensor)
		if !ok {
			return nil, false
		}
		out[i] = t
	}
	return out, true
}

// gradFnSet is the set of the tensors' grad_fns.
func gradFnSet(ts []*tensor.Tensor) map[tensor.GradFn]bool {
	set := map[tensor.GradFn]bool{}
	for _, t := range ts {
		if m := t.Autograd(); m != nil && m.GradFn != nil {
			set[m.GradFn] = true
		}
	}
	return set
}

// registerBackwardHook is register_backward_hook (full false) and
// register_full_backward_hook (full true).
func registerBackwardHook(a *lang.Args, full bool) (lang.Value, error) {
	m := selfModule(a)
	h := hooksOf(m)
	if h.bwd.Len() > 0 && h.full != full || h.fullSet && h.full != full {
		return nil, lang.Errorf(lang.RuntimeError, "Cannot use both regular backward hooks and full backward hooks on a single Module. Please use only one of them.")
	}
	h.full, h.fullSet = full, true
	return registerHook(a, func(h *pythonHooks) *lang.Dict { return h.bwd })
}

// isFullBackwardHook is m._is_full_backward_hook: None until a backward
// hook is registered.
func isFullBackwardHook(m nn.Module) lang.Value {
	h := hooksOf(m)
	if !h.fullSet {
		return lang.None
	}
	return h.full
}

func defModuleBackwardHooks() {
	moduleMethods["register_full_backward_hook"] = lang.NewBuiltin(lang.AsValue, "register_full_backward_hook(self, hook)", "Registers hook(module, grad_input, grad_output), called once the gradients of the module's tensor arguments are computed (with None for arguments that are not tensors or need no gradient); a tuple it returns replaces grad_input. The forward sees, and the caller gets, new tensors sharing the storage of those passed. Returns a RemovableHandle.", func(a *lang.Args) (lang.Value, error) {
		return registerBackwardHook(a, true)
	})
	moduleMethods["register_backward_hook"] = lang.NewBuiltin(lang.AsValue, "register_backward_hook(self, hook)", "Deprecated (use register_full_backward_hook): registers hook(module, grad_input, grad_output) on the grad_fn of the module's first output, so grad_input are that node's inputs' gradients; warns when those are not the module's. Returns a RemovableHandle.", func(a *lang.Args) (lang.Value, error) {
		return registerBackwardHook(a, false)
	})
}
