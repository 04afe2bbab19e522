package torch

import (
	"github.com/kael-dev/kael/lang/lib/collections"
	"sync/atomic"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/nn"
	"github.com/kael-dev/kael/tensor"
)

// Module hooks written in Python, as torch/nn/modules/module.py's
// _call_impl runs them: register_forward_pre_hook(hook), called as
// hook(module, args) before forward, whose result (not None) replaces the
// arguments (a tuple, or one value made a tuple); register_forward_hook(
// hook), called as hook(module, args, output) after forward, whose result
// (not None) replaces the output. Each registration returns a
// RemovableHandle whose remove() unregisters it. The hooks live in the
// module's _forward_pre_hooks and _forward_hooks dicts (handle id to
// hook), which the calls read, so a program that edits those dicts (as
// torch.nn.utils.prune does) changes what runs. They run wherever the
// module is called: layer(x), an instance of a user's class, or a
// container's child (through nn.Base's Interceptor).

// pythonHooks are one module's Python hooks.
type pythonHooks struct {
	pre, fwd *lang.Dict // _forward_pre_hooks and _forward_hooks
	// bwd is _backward_hooks; full says whether they are full backward
	// hooks, fullSet whether one was ever registered
	// (_is_full_backward_hook is None until then).
	bwd           *lang.Dict
	full, fullSet bool
	// loadPost is _load_state_dict_post_hooks.
	loadPost *lang.Dict
	// sess is the session that registered a hook: a container's child
	// (nn.Call, which has none) calls the hooks in it.
	sess *lang.Session
}

// hooksOf returns m's hooks, made (empty) when m has none yet.
func hooksOf(m nn.Module) *pythonHooks {
	b := m.Base()
	if h, ok := b.Interceptor().(*pythonHooks); ok {
		return h
	}
	h := &pythonHooks{pre: collections.NewOrderedDict(), fwd: collections.NewOrderedDict(), bwd: collections.NewOrderedDict(), loadPost: collections.NewOrderedDict()}
	b.SetInterceptor(h)
	return h
}

// activeHooks returns m's hooks when it has some to run, else nil: the
// call of a module without hooks takes its usual path.
func activeHooks(m nn.Module) *pythonHooks {
	h, ok := m.Base().Interceptor().(*pythonHooks)
	if !ok || h.empty() {
		return nil
	}
	return h
}

// empty reports whether h has no hook to run.
func (h *pythonHooks) empty() bool {
	return h.pre.Len() == 0 && h.fwd.Len() == 0 && h.bwd.Len() == 0
}

// run calls forward with args through the hooks; call calls a hook.
func (h *pythonHooks) run(call func(fn lang.Value, args ...lang.Value) (lang.Value, error), self lang.Value, args lang.Tuple,
	forward func(args lang.Tuple) (lang.Value, error)) (lang.Value, error) {
	full, nonFull := h.backwardHooks()
	for _, hook := range h.pre.Values() {
		r, err := call(hook, self, args)
		if err != nil {
			return nil, err
		}
		if _, none := r.(lang.NoneType); !none {
			if t, ok := r.(lang.Tuple); ok {
				args = t
			} else {
				args = lang.Tuple{r}
			}
		}
	}
	var bw *moduleBackwardHook
	if len(full) > 0 {
		bw = &moduleBackwardHook{sess: h.sess, module: self, hooks: full}
		var err error
		if args, err = bw.setupInput(args); err != nil {
			return nil, err
		}
	}
	out, err := forward(args)
	if err != nil {
		return nil, err
	}
	for _, hook := range h.fwd.Values() {
		r, err := call(hook, self, args, out)
		if err != nil {
			return nil, err
		}
		if _, none := r.(lang.NoneType); !none {
			out = r
		}
	}
	if bw != nil {
		if out, err = bw.setupOutput(out); err != nil {
			return nil, err
		}
	}
	if len(nonFull) > 0 {
		if err := h.registerNonFullBackwardHooks(self, nonFull, args, out); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Intercept runs a container's call of its child m through the hooks.
func (h *pythonHooks) Intercept(m nn.Module, x *tensor.Tensor) (*tensor.Tensor, error) {
	if h.empty() {
		return m.Forward(x)
	}
	if h.sess == nil {
		return nil, lang.Errorf(lang.RuntimeError, "the hooks of %s were put into its hook dicts directly; register them with register_forward_hook or register_forward_pre_hook", m.TypeName())
	}
	r, err := h.run(h.sess.CallHook, moduleValue(m), lang.Tuple{x}, func(args lang.Tuple) (lang.Value, error) {
		if len(args) != 1 {
			return nil, lang.Errorf(lang.TypeError, "%s.forward() takes 1 positional argument but %d were given", m.TypeName(), len(args))
		}
		t, ok := args[0].(*tensor.Tensor)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "%s's forward pre-hook gave %s where the container passes a tensor", m.TypeName(), lang.TypeName(args[0]))
		}
		return m.Forward(t)
	})
	if err != nil {
		return nil, err
	}
	t, ok := r.(*tensor.Tensor)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "%s's forward hook returned %s where the container needs a tensor", m.TypeName(), lang.TypeName(r))
	}
	return t, nil
}

// hookedLayerCall is a built-in layer's __call__ when it has Python
// hooks: the Go pre-hooks (weight_norm's), then forward through the
// Python hooks.
var hookedLayerCall = lang.NewBuiltin(lang.AsValue, "__call__(self, *args, **kwargs)", "Calls the module: its forward pre-hooks, forward, then its forward hooks.", func(a *lang.Args) (lang.Value, error) {
	l := a.Value("self").(*Layer)
	if err := nn.RunPreHooks(l); err != nil {
		return nil, err
	}
	names, vals := a.Keywords()
	forward := &lang.BoundMethod{Recv: l, Method: forwardMethod(l)}
	call := func(args lang.Tuple) (lang.Value, error) { return a.CallKw(forward, args, names, vals) }
	h := activeHooks(l)
	if h == nil {
		return call(a.Value("args").(lang.Tuple))
	}
	return h.run(a.Call, l, a.Value("args").(lang.Tuple), call)
}).CollectKeywords()

// hookIDs numbers the handles, as RemovableHandle.next_id.
var hookIDs atomic.Int64

// removableHandleClass is torch.utils.hooks.RemovableHandle.
var removableHandleClass = lang.MustNewClass("RemovableHandle", "torch.utils.hooks", nil,
	lang.NewBuiltin(lang.AsValue, "remove(self)", "Unregisters the hook (nothing when it is gone already).", func(a *lang.Args) (lang.Value, error) {
		return lang.None, removeHook(a.Value("self"))
	}),
	lang.NewBuiltin(lang.AsValue, "__enter__(self)", "Returns the handle: with handle: keeps the hook for the block.", func(a *lang.Args) (lang.Value, error) {
		return a.Value("self"), nil
	}),
	lang.NewBuiltin(lang.AsValue, "__exit__(self, type, value, tb)", "Removes the hook.", func(a *lang.Args) (lang.Value, error) {
		return lang.None, removeHook(a.Value("self"))
	}),
)

// removableHandle is a handle's state: the dict its hook is in.
type removableHandle struct {
	dict *lang.Dict
	id   int64
}

func removeHook(self lang.Value) error {
	var h *removableHandle
	if x, ok := self.(*lang.Instance); ok {
		h, _ = x.Native().(*removableHandle)
	}
	if h == nil {
		return lang.Errorf(lang.TypeError, "remove() needs a RemovableHandle, not %s", lang.TypeName(self))
	}
	_, err := h.dict.Delete(h.id)
	return err
}

// registerHook adds hook to one of the module's hook dicts and returns
// its handle.
func registerHook(a *lang.Args, dict func(*pythonHooks) *lang.Dict) (lang.Value, error) {
	m, hook := selfModule(a), a.Value("hook") // not checked: PyTorch calls it at the next forward
	h := hooksOf(m)
	h.sess = a.Session()
	id := hookIDs.Add(1) - 1
	d := dict(h)
	if err := d.Set(id, hook); err != nil {
		return nil, err
	}
	handle := lang.NewInstance(removableHandleClass, &removableHandle{dict: d, id: id})
	if err := lang.SetAttr(handle, "id", id); err != nil {
		return nil, err
	}
	return handle, nil
}

func defModuleHooks() {
	moduleMethods["register_forward_pre_hook"] = lang.NewBuiltin(lang.AsValue, "register_forward_pre_hook(self, hook)", "Registers hook(module, args) to run before each forward; a result that is not None replaces the arguments (a tuple, or one value). Returns a RemovableHandle; handle.remove() unregisters it.", func(a *lang.Args) (lang.Value, error) {
		return registerHook(a, func(h *pythonHooks) *lang.Dict { return h.pre })
	})
	moduleMethods["register_forward_hook"] = lang.NewBuiltin(lang.AsValue, "register_forward_hook(self, hook)", "Registers hook(module, args, output) to run after each forward; a result that is not None replaces the output. Returns a RemovableHandle; handle.remove() unregisters it.", func(a *lang.Args) (lang.Value, error) {
		return registerHook(a, func(h *pythonHooks) *lang.Dict { return h.fwd })
	})
}
