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
	// input that gets none. A gradient whose shape broadcasts to its
	// input's is summed down to it and cast to the input's dtype. It runs
	// with grad mode off; an error it returns ends the backward pass and
	// reaches the caller of Backward unchanged.
	Backward func(grads []*tensor.Tensor) ([]*tensor.Tensor, error)
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
	if !IsGradEnabled() || !slices.ContainsFunc(f.Inputs, func(t *tensor.Tensor) bool { return t != nil && t.RequiresGrad() }) {
		return outs, nil
	}
	n := newNode(f.Name+"Backward", f.Inputs...)
	n.save(f.Saved...)
	m := &multiOutput{backward: f.Backward, outs: make([]outputMeta, len(outs))}
	n.multi = m
	for i, o := range outs {
		if slices.Contains(f.Inputs, o) || slices.Contains(outs[:i], o) {
			o = o.Detach()
			outs[i] = o
		}
		m.outs[i] = outputMeta{o.DType(), o.Shape()}
		if !o.DType().IsFloating() {
			continue
		}
		o.SetAutograd(&tensor.AutogradMeta{RequiresGrad: true, GradFn: n, OutputNr: i})
	}
	if len(outs) > 0 {
		n.dtype, n.shape = outs[0].DType(), outs[0].Shape()
	}
	return outs, nil
}

// multiOutput is the part of a custom function's node that ordinary nodes
// lack: its outputs and the callback computing its inputs' gradients.
type multiOutput struct {
	outs     []outputMeta
	backward func(grads []*tensor.Tensor) ([]*tensor.Tensor, error)
}

// outputMeta is the dtype and shape of one output.
type outputMeta struct {
	dtype tensor.DType
	shape []int
}

// run calls the callback with a gradient for every output and checks its
// answer: one gradient per input, each reducible to its input's shape.
func (m *multiOutput) run(n *Node, gs []*tensor.Tensor) ([]*tensor.Tensor, error) {
	for i, g := range gs {
		if g == nil {
			z, err := tensor.Zeros(m.outs[i].dtype, m.outs[i].shape...)
			if err != nil {
				return nil, err
			}
			gs[i] = z
		}
	}
	var ins []*tensor.Tensor
	err := NoGrad(func() error {
		var err error
		ins, err = m.backward(gs)
		return err
	})
	if err != nil {
		return nil, err
	}
	if len(ins) != len(n.next) {
		return nil, tensor.Errorf(tensor.RuntimeError, "function %s returned an incorrect number of gradients (expected %d, got %d)", n.name, len(n.next), len(ins)).
			WithHint("backward returns one gradient per argument of forward (after ctx), None for those that need none")
	}
	c := &calc{}
	out := make([]*tensor.Tensor, len(ins))
	for i, g := range ins {
		e := n.next[i]
		if g == nil || !e.live() {
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
