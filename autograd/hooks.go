package autograd

import (
	"slices"

	"github.com/kael-dev/kael/tensor"
)

// Tensor hooks (PyTorch's x.register_hook) and retained gradients
// (x.retain_grad()). A hook sees the gradient of its tensor during a
// backward pass and may replace it; a retained gradient is the gradient
// of a computed tensor, accumulated into its Grad as a leaf's is. A leaf
// keeps its hooks in its AutogradMeta and they see the leaf's summed
// gradient before it accumulates; a computed tensor's hooks live on the
// node that made it and see the gradient of that output before the node's
// formula runs.

// TensorHook is a hook on a tensor's gradient: it returns the gradient to
// use instead, or nil to keep it.
type TensorHook func(g *tensor.Tensor) (*tensor.Tensor, error)

// HookHandle removes the hook it was returned for.
type HookHandle struct{ remove func() }

// Remove removes the hook; a second call does nothing.
func (h *HookHandle) Remove() {
	if h.remove != nil {
		h.remove()
		h.remove = nil
	}
}

// outputHook is a hook, or a retained gradient, on output slot of a node.
type outputHook struct {
	slot   int
	fn     TensorHook
	retain *tensor.Tensor // the tensor whose Grad receives the gradient
}

// RegisterHook adds fn, called name in errors, to t's hooks, which run in
// the order they were added. t must require grad.
func RegisterHook(t *tensor.Tensor, name string, fn TensorHook) (*HookHandle, error) {
	fn = namedHook(name, fn)
	if !t.RequiresGrad() {
		return nil, tensor.Errorf(tensor.RuntimeError, "cannot register a hook on a tensor that doesn't require gradient")
	}
	m := t.Autograd()
	if IsLeaf(t) {
		entry := &leafHook{fn: fn}
		m.Hooks = append(m.Hooks, entry)
		return &HookHandle{remove: func() {
			m.Hooks = slices.DeleteFunc(m.Hooks, func(h any) bool { return h == entry })
		}}, nil
	}
	n := m.GradFn.(*Node)
	entry := &outputHook{slot: m.OutputNr, fn: fn}
	n.hooks = append(n.hooks, entry)
	return &HookHandle{remove: func() {
		n.hooks = slices.DeleteFunc(n.hooks, func(h *outputHook) bool { return h == entry })
	}}, nil
}

// leafHook is a hook in a leaf's AutogradMeta.Hooks.
type leafHook struct{ fn TensorHook }

// RetainGrad makes a backward pass store the gradient of t, a computed
// tensor, in its Grad (accumulating, as a leaf's); on a leaf it does
// nothing. t must require grad.
func RetainGrad(t *tensor.Tensor) error {
	if !t.RequiresGrad() {
		return tensor.Errorf(tensor.RuntimeError, "can't retain_grad on Tensor that has requires_grad=False")
	}
	if IsLeaf(t) || RetainsGrad(t) {
		return nil
	}
	m := t.Autograd()
	n := m.GradFn.(*Node)
	n.hooks = append(n.hooks, &outputHook{slot: m.OutputNr, retain: t})
	return nil
}

// RetainsGrad reports whether RetainGrad was called on t, a computed
// tensor.
func RetainsGrad(t *tensor.Tensor) bool {
	m := t.Autograd()
	if m == nil || m.GradFn == nil {
		return false
	}
	n, ok := m.GradFn.(*Node)
	if !ok {
		return false
	}
	return slices.ContainsFunc(n.hooks, func(h *outputHook) bool { return h.retain == t })
}

// runOutputHooks applies n's hooks to g, the gradient of its output slot,
// and returns the gradient to use; retained gradients go to retained.
func runOutputHooks(n *Node, slot int, g *tensor.Tensor, retained func(t, g *tensor.Tensor)) (*tensor.Tensor, error) {
	for _, h := range slices.Clone(n.hooks) {
		switch {
		case h.slot != slot:
		case h.retain != nil:
			retained(h.retain, g)
		default:
			r, err := checkedHook(h.fn, g)
			if err != nil {
				return nil, err
			}
			g = r
		}
	}
	return g, nil
}

// runLeafHooks applies a leaf's hooks to its gradient.
func runLeafHooks(leaf, g *tensor.Tensor) (*tensor.Tensor, error) {
	for _, h := range slices.Clone(leaf.Autograd().Hooks) {
		lh, ok := h.(*leafHook)
		if !ok {
			continue
		}
		r, err := checkedHook(lh.fn, g)
		if err != nil {
			return nil, err
		}
		g = r
	}
	return g, nil
}

// namedHook wraps fn so that a replacement must have the gradient's
// shape (else PyTorch's error, naming the hook) and takes its dtype.
func namedHook(name string, fn TensorHook) TensorHook {
	return func(g *tensor.Tensor) (*tensor.Tensor, error) {
		r, err := fn(g)
		if err != nil || r == nil {
			return nil, err
		}
		if !slices.Equal(r.Shape(), g.Shape()) {
			return nil, tensor.Errorf(tensor.RuntimeError, "hook '%s' has changed the size of value", name)
		}
		return r.To(g.DType())
	}
}

// checkedHook runs fn on g and returns the gradient to go on with.
func checkedHook(fn TensorHook, g *tensor.Tensor) (*tensor.Tensor, error) {
	r, err := fn(g)
	if err != nil || r == nil {
		return g, err
	}
	return r, nil
}
