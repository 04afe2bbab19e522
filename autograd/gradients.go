package autograd

import (
	"slices"

	"github.com/kael-dev/kael/tensor"
)

// torch.autograd.grad: gradients with respect to chosen tensors, returned
// instead of accumulated, by a pass that runs only the nodes leading to
// them (propagate with targets).

// Gradients returns the gradients of outputs with respect to inputs,
// without adding them to any Grad (torch.autograd.grad). gradOutputs[i] is
// the gradient of outputs[i] (nil for 1, or a shorter gradOutputs). Only
// the nodes that lead to an input run, and only those are freed unless
// opts.RetainGraph. An input the outputs do not depend on is an error
// unless opts.AllowUnused, which gives nil for it.
func Gradients(outputs, inputs, gradOutputs []*tensor.Tensor, opts BackwardOptions) ([]*tensor.Tensor, error) {
	targets := make([]edge, len(inputs))
	for i, in := range inputs {
		if targets[i] = edgeTo(in); !targets[i].live() {
			return nil, tensor.Errorf(tensor.RuntimeError, "One of the differentiated Tensors does not require grad").
				WithHint("the inputs of autograd.grad must require grad: make them with requires_grad=True")
		}
	}
	roots, rootGrads, err := rootsOf(outputs, gradOutputs)
	if err != nil {
		return nil, err
	}
	if opts.CreateGraph {
		defer SetGradEnabled(SetGradEnabled(true))
	}
	res, err := propagate(roots, rootGrads, opts.RetainGraph, opts.CreateGraph, targets)
	if err != nil {
		return nil, err
	}
	for _, g := range res.captured {
		if g == nil && !opts.AllowUnused {
			return nil, tensor.Errorf(tensor.RuntimeError, "One of the differentiated Tensors appears to not have been used in the graph. Set allow_unused=True if this is the desired behavior.")
		}
	}
	return res.captured, nil
}

// leadingTo returns the nodes of order (a topological order) from which a
// target can be reached: those a pass of Gradients must run. A target's
// own node is not among them unless another target lies behind it.
func leadingTo(order []*Node, targets []edge) map[*Node]bool {
	type output struct {
		fn   *Node
		slot int
	}
	isTarget := map[output]bool{}
	leafTarget := map[*tensor.Tensor]bool{}
	for _, t := range targets {
		if t.leaf != nil {
			leafTarget[t.leaf] = true
		} else {
			isTarget[output{t.fn, t.slot}] = true
		}
	}
	run := map[*Node]bool{}
	for _, n := range slices.Backward(order) { // inputs before the nodes that use them
		for _, e := range n.next {
			if (e.leaf != nil && leafTarget[e.leaf]) || (e.fn != nil && (run[e.fn] || isTarget[output{e.fn, e.slot}])) {
				run[n] = true
				break
			}
		}
	}
	return run
}

// capture copies, into captured, the gradients that reached n for the
// targets that are outputs of n. By the time n comes in the topological
// order, all of them have arrived.
func capture(captured []*tensor.Tensor, targets []edge, n *Node, grads map[*Node]*tensor.Tensor, multi map[*Node][]*tensor.Tensor) {
	for i, t := range targets {
		if t.fn != n {
			continue
		}
		if n.multi == nil {
			captured[i] = grads[n]
		} else if gs := multi[n]; gs != nil {
			captured[i] = gs[t.slot]
		}
	}
}
