package autograd

import (
	"slices"

	"github.com/kael-dev/kael/tensor"
)

// CustomFunction describes an operation whose forward and backward someone else
// computed: PyTorch's torch.autograd.Function. The forward pass has
// already run (under NoGrad, so it recorded nothing) and produced Outputs
// from Inputs; Attach records one node for all of them whose backward is
// the Backward callback.
type CustomFunction struct {
	// Name is the function's name; the node is called Name+"Backward", as
	// PyTorch names the grad_fn of a Function subclass MyReLU
	// "MyReLUBackward".
	Name string
	// Inputs are the tensor arguments of the forward pass, in order; nil
	// entries stand for arguments that are not tensors (they get no
	// gradient, and Backward's answer for them must be nil).
	Inputs []*tensor.Tensor
	// Outputs are the tensors the forward pass returned.
	Outputs []*tensor.Tensor
	// Saved are tensors Backward reads (ctx.save_for_backward). Backward
	// refuses to run when one was modified in place after Attach, as for
	// every other node.
	Saved []*tensor.Tensor
	// Backward receives one gradient per output (zeros of the output's
	// shape for an output no gradient reached, as PyTorch's
	// materialize_grads) and returns one gradient per input, nil for an
	// input that gets none, and must be nil for an input that is nil (not
	// a tensor); extra nil gradients after the last input are allowed. A gradient whose shape broadcasts to its
	// input's is summed down to it and cast to the input's dtype. It runs
	// with grad mode off (on in a pass with create_graph, so that the
	// operations it computes with are recorded, as PyTorch runs a
	// Function's backward); an error it returns ends the backward pass and
	// reaches the caller of Backward unchanged.
	Backward func(grads []*tensor.Tensor) ([]*tensor.Tensor, error)
	// NonDifferentiable are outputs that get no gradient
	// (ctx.mark_non_differentiable): they do not require grad, and
	// Backward receives zeros for them (or nil without MaterializeGrads).
	NonDifferentiable []*tensor.Tensor
	// KeepNilGrads passes Backward nil, not zeros, for an output no
	// gradient reached (ctx.set_materialize_grads(False)).
	KeepNilGrads bool
}

// NeedsInputGrad reports, per input, whether it requires grad (nil entries
// do not): ctx.needs_input_grad.
func NeedsInputGrad(inputs []*tensor.Tensor) []bool {
	out := make([]bool, len(inputs))
	for i, in := range inputs {
		out[i] = in != nil && in.RequiresGrad()
	}
	return out
}

// Attach records the custom operation and returns its outputs, now with a
// grad_fn named Name+"Backward" (the outputs themselves, except that an
// output which is one of the inputs, returned unchanged by the forward
// pass, becomes a new tensor sharing its storage, as in PyTorch, so that
// the input keeps its own history). Nothing is recorded, and the outputs
// come back as they are, when grad mode is off or no input requires grad.
// Outputs that are not floating point are never differentiable: they get
// no grad_fn.
func (f CustomFunction) Attach() ([]*tensor.Tensor, error) {
	if f.Backward == nil {
		return nil, tensor.Errorf(tensor.RuntimeError, "custom function %s has no backward", f.Name)
	}
	outs := slices.Clone(f.Outputs)
	for i, o := range outs {
		if o == nil {
			return nil, tensor.Errorf(tensor.RuntimeError, "custom function %s: output %d is not a tensor", f.Name, i)
		}
	}
	if !IsGradEnabled() || !anyRequiresGrad(f.Inputs) {
		return outs, nil
	}
	n := newNode(f.Name+"Backward", f.Inputs...)
	n.custom = true
	n.save(f.Saved...)
	for i, o := range outs {
		if slices.Contains(f.Inputs, o) || slices.Contains(outs[:i], o) {
			outs[i] = o.Detach()
		}
	}
	nonDiff := make([]bool, len(outs))
	for i, o := range f.Outputs {
		nonDiff[i] = slices.Contains(f.NonDifferentiable, o)
	}
	n.attachOutputs(outs, f.Backward, nonDiff)
	n.multi.keepNil = f.KeepNilGrads
	n.multi.notTensor = make([]bool, len(f.Inputs))
	for i, in := range f.Inputs {
		n.multi.notTensor[i] = in == nil
	}
	return outs, nil
}

// attachOutputs makes n a node with several outputs, outs (n gets the
// dtype and shape of the first): it becomes the grad_fn of each floating
// point one, with its position as OutputNr, and backward maps one gradient
// per output to one per input of n.
func (n *Node) attachOutputs(outs []*tensor.Tensor, backward func(grads []*tensor.Tensor) ([]*tensor.Tensor, error), nonDiff []bool) {
	m := &multiOutput{backward: backward, outs: make([]outputMeta, len(outs))}
	n.multi = m
	for i, o := range outs {
		m.outs[i] = outputMeta{o.DType(), o.Shape()}
		if o.DType().IsFloating() && (nonDiff == nil || !nonDiff[i]) {
			o.SetAutograd(&tensor.AutogradMeta{RequiresGrad: true, GradFn: n, OutputNr: i})
		}
	}
	if len(outs) > 0 {
		n.dtype, n.shape = outs[0].DType(), outs[0].Shape()
	}
}

// multiOutput is the part of a custom function's node that ordinary nodes
// lack: its outputs and the callback computing its inputs' gradients.
type multiOutput struct {
	outs     []outputMeta
	backward func(grads []*tensor.Tensor) ([]*tensor.Tensor, error)
	// notTensor marks the inputs that were not tensors (nil when all
	// were): the callback must give them no gradient.
	notTensor []bool
	// keepNil passes nil for an output no gradient reached, not zeros.
	keepNil bool
}

// GradCount checks how many gradients the backward of the custom function
// whose node is called node returned, got, against the number of its
// forward's inputs, as PyTorch does: more are allowed when the extra ones
// are None (isNone(i) says so for the i-th), and they are dropped. It
// returns how many gradients to keep.
func GradCount(node string, got, inputs int, isNone func(i int) bool) (int, error) {
	keep := got
	for keep > inputs && isNone(keep-1) {
		keep--
	}
	if keep != inputs {
		return 0, tensor.Errorf(tensor.RuntimeError, "function %s returned an incorrect number of gradients (expected %d, got %d)", node, inputs, got).
			WithHint("backward returns one gradient per argument of forward (after ctx), None for those that need none")
	}
	return keep, nil
}

// GradForNonTensor is PyTorch's error for a custom function's backward that
// returned a gradient (other than None) at position i (from 0) for a
// forward input that was not a tensor.
func GradForNonTensor(node string, i int) error {
	return tensor.Errorf(tensor.RuntimeError, "function %s returned a gradient different than None at position %d, but the corresponding forward input was not a Variable", node, i+1).
		WithHint("backward returns None for the arguments of forward that are not tensors")
}

// outputMeta is the dtype and shape of one output.
type outputMeta struct {
	dtype tensor.DType
	shape []int
}

// run calls the callback with a gradient for every output and checks its
// answer: one gradient per input, each reducible to its input's shape.
// The callback runs with grad mode off, or on with create (a pass with
// create_graph), so that a custom function's backward written with
// recording operations is recorded, as PyTorch runs it.
func (m *multiOutput) run(c *calc, n *Node, gs []*tensor.Tensor) ([]*tensor.Tensor, error) {
	create := c.rec
	for i, g := range gs {
		if g == nil && !m.keepNil {
			z, err := tensor.Zeros(m.outs[i].dtype, m.outs[i].shape...)
			if err != nil {
				return nil, err
			}
			gs[i] = z
		}
	}
	var ins []*tensor.Tensor
	backward := func() error {
		var err error
		ins, err = m.backward(gs)
		return err
	}
	var err error
	if create {
		err = backward()
	} else {
		err = NoGrad(backward)
	}
	if err != nil {
		return nil, err
	}
	keep, err := GradCount(n.name, len(ins), len(n.next), func(i int) bool { return ins[i] == nil })
	if err != nil {
		return nil, err
	}
	ins = ins[:keep]
	out := make([]*tensor.Tensor, len(ins))
	for i, g := range ins {
		if g != nil && m.notTensor != nil && m.notTensor[i] {
			return nil, GradForNonTensor(n.name, i)
		}
		e := n.next[i]
		if g == nil {
			continue
		}
		if !e.live() { // no edge takes it, but the node's post-hooks see it, as PyTorch's
			out[i] = g
			continue
		}
		if !slices.Equal(g.Shape(), e.shape) && !broadcastsTo(g.Shape(), e.shape) {
			return nil, tensor.Errorf(tensor.RuntimeError, "Function %s returned an invalid gradient at index %d - got %s but expected shape compatible with %s",
				n.name, i, tensor.FormatShape(g.Shape()), tensor.FormatShape(e.shape))
		}
		if !g.DType().IsFloating() {
			return nil, tensor.Errorf(tensor.RuntimeError, "Function %s returned an invalid gradient at index %d - expected dtype %s but got %s",
				n.name, i, e.dtype, g.DType())
		}
		out[i] = n.toInput(c, i, g)
		if c.err != nil {
			return nil, c.err
		}
	}
	return out, nil
}

// broadcastsTo reports whether a tensor of shape to can be summed down to
// shape from's broadcast partner: whether shape to broadcasts to shape
// from, so that summing a gradient of shape from over the broadcast
// dimensions gives shape to.
func broadcastsTo(from, to []int) bool {
	if len(to) > len(from) {
		return false
	}
	lead := len(from) - len(to)
	for i, s := range to {
		if s != 1 && s != from[lead+i] {
			return false
		}
	}
	return true
}
