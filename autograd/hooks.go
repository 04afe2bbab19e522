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

// Node hooks (PyTorch's grad_fn.register_prehook and
// grad_fn.register_hook): a pre-hook sees the gradients of all of a node's
// outputs before its formula runs and may replace them; a post-hook sees
// the gradients the formula gave its inputs, with those of its outputs,
// and may replace the inputs'. They run in the order they were added,
// after the tensor hooks of the node's outputs. nn.Module's backward
// hooks are built on them.

// NodePreHook receives one gradient per output of the node (nil for an
// output no gradient reached) and returns their replacements, or nil to
// keep them.
type NodePreHook func(gradOutputs []*tensor.Tensor) ([]*tensor.Tensor, error)

// NodePostHook receives one gradient per input of the node (nil for an
// input that gets none) and one per output, and returns replacements for
// the inputs' gradients, or nil to keep them.
type NodePostHook func(gradInputs, gradOutputs []*tensor.Tensor) ([]*tensor.Tensor, error)

// nodeHooks are a node's pre- and post-hooks.
type nodeHooks struct {
	pre  []*NodePreHook
	post []*NodePostHook
}

// RegisterNodePreHook adds fn to the pre-hooks of node.
func RegisterNodePreHook(node tensor.GradFn, fn NodePreHook) (*HookHandle, error) {
	return addNodeHook(node, fn, func(h *nodeHooks) *[]*NodePreHook { return &h.pre })
}

// RegisterNodePostHook adds fn to the post-hooks of node.
func RegisterNodePostHook(node tensor.GradFn, fn NodePostHook) (*HookHandle, error) {
	return addNodeHook(node, fn, func(h *nodeHooks) *[]*NodePostHook { return &h.post })
}

// addNodeHook appends fn to the list of node's hooks that list picks and
// returns the handle that takes it out again.
func addNodeHook[F any](node tensor.GradFn, fn F, list func(*nodeHooks) *[]*F) (*HookHandle, error) {
	n, ok := node.(*Node)
	if !ok {
		return nil, tensor.Errorf(tensor.RuntimeError, "cannot register a hook on %s", node.Name())
	}
	if n.nodeHooks == nil {
		n.nodeHooks = &nodeHooks{}
	}
	hooks := list(n.nodeHooks)
	entry := &fn
	*hooks = append(*hooks, entry)
	return &HookHandle{remove: func() { *hooks = slices.DeleteFunc(*hooks, func(e *F) bool { return e == entry }) }}, nil
}

// outputGrads returns the gradients that reached n's outputs, one per
// output.
func outputGrads(n *Node, grads map[*Node]*tensor.Tensor, multi map[*Node][]*tensor.Tensor) []*tensor.Tensor {
	if n.multi == nil {
		return []*tensor.Tensor{grads[n]}
	}
	gs := multi[n]
	if gs == nil {
		return make([]*tensor.Tensor, len(n.multi.outs))
	}
	return slices.Clone(gs)
}

// runNodePreHooks runs n's pre-hooks on the gradients of its outputs and
// puts their replacements where runNode reads them. It returns the
// gradients of the outputs after the hooks (for the post-hooks).
func runNodePreHooks(n *Node, grads map[*Node]*tensor.Tensor, multi map[*Node][]*tensor.Tensor) ([]*tensor.Tensor, error) {
	gs := outputGrads(n, grads, multi)
	if slices.IndexFunc(gs, func(g *tensor.Tensor) bool { return g != nil }) < 0 {
		return gs, nil // no gradient reached n: it does not run
	}
	for _, h := range slices.Clone(n.nodeHooks.pre) {
		r, err := (*h)(slices.Clone(gs))
		if err != nil {
			return nil, err
		}
		if r == nil {
			continue
		}
		if len(r) != len(gs) {
			return nil, tensor.Errorf(tensor.RuntimeError, "hook 'hook' has returned an incorrect number of values (got %d, but expected %d)", len(r), len(gs))
		}
		gs = r
	}
	if n.multi == nil {
		grads[n] = gs[0]
	} else if len(n.nodeHooks.pre) > 0 {
		multi[n] = gs
	}
	return gs, nil
}

// runNodePostHooks runs n's post-hooks on the gradients its formula gave
// its inputs (ins, one per input) and returns the gradients to deliver.
func runNodePostHooks(n *Node, ins, gradOutputs []*tensor.Tensor) ([]*tensor.Tensor, error) {
	gi := make([]*tensor.Tensor, len(n.next))
	copy(gi, ins)
	for _, h := range slices.Clone(n.nodeHooks.post) {
		r, err := (*h)(slices.Clone(gi), gradOutputs)
		if err != nil {
			return nil, err
		}
		if r == nil {
			continue
		}
		if len(r) != len(gi) {
			return nil, tensor.Errorf(tensor.RuntimeError, "hook 'hook' has returned an incorrect number of values (got %d, but expected %d)", len(r), len(gi))
		}
		gi = r
	}
	return gi, nil
}
