package torch

import (
	"fmt"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// x.register_hook(fn), x.retain_grad() and x.retains_grad: a Python
// function run on a tensor's gradient during backward, and the gradient
// of a computed tensor kept in its .grad (autograd/hooks.go).

func defTensorHooks() {
	lang.NewBuiltin(lang.AsMethod, "register_hook(input, hook)", "Runs hook(grad) whenever a backward pass computes input's gradient; a tensor it returns replaces the gradient (None keeps it). Returns a handle whose remove() takes the hook away.", func(a *lang.Args) (lang.Value, error) {
		x, fn := a.Tensor("input"), a.Value("hook")
		if err := a.Err(); err != nil {
			return nil, err
		}
		name := "hook"
		if f, ok := fn.(*lang.Function); ok {
			name = f.Name
		}
		sess := a.Session()
		h, err := autograd.RegisterHook(x, name, func(g *tensor.Tensor) (*tensor.Tensor, error) {
			r, err := sess.CallHook(fn, g)
			if err != nil {
				return nil, err
			}
			switch v := r.(type) {
			case lang.NoneType:
				return nil, nil
			case *tensor.Tensor:
				return v, nil
			}
			return nil, lang.Errorf(lang.TypeError, "expected a Tensor or None returned from the hook, but got %s", lang.TypeName(r))
		})
		if err != nil {
			return nil, err
		}
		return &HookHandle{h: h}, nil
	})
	lang.NewBuiltin(lang.AsMethod, "retain_grad(input)", "Keeps the gradient of input, a computed tensor, in input.grad after backward (accumulating, as a leaf's); on a leaf it does nothing.", func(a *lang.Args) (lang.Value, error) {
		x := a.Tensor("input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return lang.None, autograd.RetainGrad(x)
	})
	lang.RegisterTensorAttr("retains_grad", "Whether retain_grad() was called on this computed tensor (False for a leaf).", func(t *tensor.Tensor) (lang.Value, error) {
		return autograd.RetainsGrad(t), nil
	}, nil)
}

// HookHandle is the handle register_hook returns
// (torch.utils.hooks.RemovableHandle).
type HookHandle struct{ h *autograd.HookHandle }

// TypeName returns "RemovableHandle".
func (*HookHandle) TypeName() string { return "RemovableHandle" }

// ClassName returns torch.utils.hooks.RemovableHandle.
func (*HookHandle) ClassName() string { return "torch.utils.hooks.RemovableHandle" }

// String is Python's default repr.
func (h *HookHandle) String() string {
	return fmt.Sprintf("<torch.utils.hooks.RemovableHandle object at %#x>", lang.ID(h))
}

var hookHandleRemove = lang.NewBuiltin(lang.AsValue, "remove(self)", "Removes the hook.", func(a *lang.Args) (lang.Value, error) {
	a.Value("self").(*HookHandle).h.Remove()
	return lang.None, nil
})

// Attr returns remove.
func (h *HookHandle) Attr(name string) (lang.Value, bool) {
	if name == "remove" {
		return &lang.BoundMethod{Recv: h, Method: hookHandleRemove}, true
	}
	return nil, false
}

// AttrNames lists the attributes.
func (*HookHandle) AttrNames() []string { return []string{"remove"} }
