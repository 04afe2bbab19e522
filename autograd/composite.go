package autograd

import (
	"slices"

	"github.com/kael-dev/kael/tensor"
)

// Composite records an operation that kael computes from other recorded
// operations but PyTorch records as one node of its own (clamp is a where
// of comparisons, binary_cross_entropy_with_logits a log-sigmoid and
// products): f computes the result from inputs with recorded operations,
// and the result gets one node named name (ClampBackward1, ...) whose
// backward is the backward of the operations f recorded. The graph shows
// that one node, its next_functions lead to inputs, and it saves what
// those operations saved: a backward without retain_graph frees them, and
// a second backward through it fails if they saved any, as PyTorch's node
// does when it saves tensors.
//
// nil inputs are allowed and get no gradient; f receives each input that
// requires grad as a fresh leaf sharing its storage (so in-place changes
// are still caught through the version counter), the others as they are.
// With grad mode off or no input requiring grad, f runs on inputs as they
// are and nothing is recorded.
func Composite(name string, inputs []*tensor.Tensor, f func(inputs []*tensor.Tensor) (*tensor.Tensor, error)) (*tensor.Tensor, error) {
	if !IsGradEnabled() || !anyRequiresGrad(inputs) {
		return f(inputs)
	}
	inner := make([]*tensor.Tensor, len(inputs))
	var leaves []edge
	var leafOf []int // the input each leaf stands for
	for i, in := range inputs {
		inner[i] = in
		if in == nil || !in.RequiresGrad() {
			continue
		}
		l := in.Detach()
		l.SetAutograd(&tensor.AutogradMeta{RequiresGrad: true})
		inner[i] = l
		leaves = append(leaves, edgeTo(l))
		leafOf = append(leafOf, i)
	}
	out, err := f(inner)
	if err != nil {
		return nil, err
	}
	if i := slices.Index(inner, out); i >= 0 { // f returned an input as it was
		return inputs[i], nil
	}
	root := edgeTo(out)
	if root.fn == nil { // no recorded path from the inputs
		return out, nil
	}
	n := newNode(name, inputs...)
	n.recordable = true // the inner pass records, and refuses what it cannot
	for _, in := range topoOrder(root.fn) {
		n.saved = append(n.saved, in.saved...)
		n.watched = append(n.watched, in.watched...)
	}
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		grads := make([]*tensor.Tensor, len(inputs))
		if c.err != nil {
			return grads
		}
		if c.rec {
			c.err = compositeRecorded(f, inputs, g, grads)
			return grads
		}
		// The inner graph is retained: it is freed with this closure when
		// the outer pass releases n.
		res, err := propagate([]edge{root}, []*tensor.Tensor{g}, true, c.rec, leaves)
		if err != nil {
			c.err = err
			return grads
		}
		for k, i := range leafOf {
			grads[i] = res.captured[k]
		}
		return grads
	}
	return n.attach(out.Detach()), nil
}

// compositeRecorded is the backward of a Composite in a recording pass
// (create_graph): the inner graph's leaves stand for the inputs, so a graph
// recorded through it would end there, cut off from the inputs' own
// history. f runs again on the inputs themselves (grad mode is on in such
// a pass), and the recorded gradients of its result along g, with respect
// to the inputs that require grad, go into grads.
func compositeRecorded(f func(inputs []*tensor.Tensor) (*tensor.Tensor, error), inputs []*tensor.Tensor, g *tensor.Tensor, grads []*tensor.Tensor) error {
	var live []*tensor.Tensor
	var at []int
	for i, in := range inputs {
		if in != nil && in.RequiresGrad() {
			live, at = append(live, in), append(at, i)
		}
	}
	out, err := f(inputs)
	if err != nil || !out.RequiresGrad() {
		return err
	}
	gs, err := Gradients([]*tensor.Tensor{out}, live, []*tensor.Tensor{g}, BackwardOptions{RetainGraph: true, CreateGraph: true, AllowUnused: true})
	if err != nil {
		return err
	}
	for k, i := range at {
		grads[i] = gs[k]
	}
	return nil
}

// anyRequiresGrad reports whether some tensor of ts requires grad.
func anyRequiresGrad(ts []*tensor.Tensor) bool {
	for _, t := range ts {
		if t != nil && t.RequiresGrad() {
			return true
		}
	}
	return false
}
