package autograd

import "github.com/kael-dev/kael/tensor"

// FusedLSTMCell is one time step of an LSTM recorded as one node, as ATen's
// _thnn_fused_lstm_cell: from the gates' pre-activations gi = x·W_ihᵀ +
// b_ih and gh = h·W_hhᵀ + b_hh ([B, 4H], gates i, f, g, o) and the cell
// state cx [B, H], the new hidden state hy and cell state cy, computed in
// one pass (tensor.LSTMCellForward), with a backward in one pass
// (tensor.LSTMCellBackward) instead of the ten or so nodes of the
// composite cell. ok is false, with nothing computed, for operands
// tensor.LSTMCellFusable refuses; the caller then composes the cell.
//
// A backward pass with create_graph computes the gradients with recording
// operations from the saved inputs, so that they can be differentiated
// again.
func FusedLSTMCell(gi, gh, cx *tensor.Tensor) (hy, cy *tensor.Tensor, ok bool, err error) {
	if !tensor.LSTMCellFusable(gi, gh, cx) {
		return nil, nil, false, nil
	}
	hy, cy, act, tcy, err := tensor.LSTMCellForward(gi, gh, cx)
	if err != nil {
		return nil, nil, true, err
	}
	if !IsGradEnabled() || !anyRequiresGrad([]*tensor.Tensor{gi, gh, cx}) {
		return hy, cy, true, nil
	}
	n := newNode("ThnnFusedLstmCellBackward0", gi, gh, cx)
	n.save(gi, gh, cx)
	n.recordable = true
	n.attachOutputs([]*tensor.Tensor{hy, cy}, func(grads []*tensor.Tensor) ([]*tensor.Tensor, error) {
		if IsGradEnabled() { // create_graph: differentiable gradients
			return lstmCellGradRecorded(gi, gh, cx, grads[0], grads[1])
		}
		dgates, dcx, err := tensor.LSTMCellBackward(grads[0], grads[1], act, tcy, cx)
		if err != nil {
			return nil, err
		}
		return []*tensor.Tensor{dgates, dgates, dcx}, nil
	}, nil)
	return hy, cy, true, nil
}

// lstmCellGradRecorded is FusedLSTMCell's backward in recording operations:
// the cell composed again from its inputs, then the gradients of hy and
// cy (ghy and gcy) carried back through it by the same formulas as
// tensor.LSTMCellBackward, each operation recorded.
func lstmCellGradRecorded(gi, gh, cx, ghy, gcy *tensor.Tensor) ([]*tensor.Tensor, error) {
	c := &chainCalc{}
	gates := c.op2(Add, gh, gi)
	parts := c.chunk(gates, 4)
	if c.err != nil {
		return nil, c.err
	}
	in, forget, cell, output := c.op1(Sigmoid, parts[0]), c.op1(Sigmoid, parts[1]), c.op1(Tanh, parts[2]), c.op1(Sigmoid, parts[3])
	cy := c.op2(Add, c.op2(Mul, forget, cx), c.op2(Mul, in, cell))
	tc := c.op1(Tanh, cy)
	one := c.scalarLike(1, tc)
	gc := c.op2(Add, gcy, c.op2(Mul, c.op2(Mul, ghy, output), c.op2(Sub, one, c.op2(Mul, tc, tc))))
	sigmoidGrad := func(g, y *tensor.Tensor) *tensor.Tensor { return c.op2(Mul, c.op2(Mul, g, c.op2(Sub, one, y)), y) }
	dgates := c.cat([]*tensor.Tensor{
		sigmoidGrad(c.op2(Mul, gc, cell), in),
		sigmoidGrad(c.op2(Mul, gc, cx), forget),
		c.op2(Mul, c.op2(Mul, gc, in), c.op2(Sub, one, c.op2(Mul, cell, cell))),
		sigmoidGrad(c.op2(Mul, ghy, tc), output),
	}, 1)
	dcx := c.op2(Mul, gc, forget)
	if c.err != nil {
		return nil, c.err
	}
	return []*tensor.Tensor{dgates, dgates, dcx}, nil
}

// chainCalc applies recording operations, keeping the first error.
type chainCalc struct{ err error }

func (c *chainCalc) op1(f func(x *tensor.Tensor) (*tensor.Tensor, error), x *tensor.Tensor) *tensor.Tensor {
	if c.err != nil {
		return nil
	}
	t, err := f(x)
	c.err = err
	return t
}

func (c *chainCalc) op2(f func(a, b *tensor.Tensor) (*tensor.Tensor, error), a, b *tensor.Tensor) *tensor.Tensor {
	if c.err != nil {
		return nil
	}
	t, err := f(a, b)
	c.err = err
	return t
}

func (c *chainCalc) chunk(x *tensor.Tensor, n int) []*tensor.Tensor {
	if c.err != nil {
		return nil
	}
	ts, err := Chunk(x, n, 1)
	c.err = err
	return ts
}

func (c *chainCalc) cat(ts []*tensor.Tensor, dim int) *tensor.Tensor {
	if c.err != nil {
		return nil
	}
	t, err := Cat(ts, dim)
	c.err = err
	return t
}

// scalarLike is v as a 0-d tensor of x's dtype.
func (c *chainCalc) scalarLike(v float64, x *tensor.Tensor) *tensor.Tensor {
	if c.err != nil {
		return nil
	}
	t, err := tensor.Full(v, x.DType())
	c.err = err
	return t
}
