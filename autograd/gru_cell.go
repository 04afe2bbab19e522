package autograd

import "github.com/kael-dev/kael/tensor"

// FusedGRUCell is one time step of a GRU recorded as one node, as ATen's
// _thnn_fused_gru_cell: from the gates' pre-activations gi = x·W_ihᵀ +
// b_ih and gh = h·W_hhᵀ + b_hh ([B, 3H], gates r, z, n) and the state h
// [B, H], the new state, computed in one pass (tensor.GRUCellForward), with
// a backward in one pass (tensor.GRUCellBackward) instead of the nodes of
// the composed cell. ok is false, with nothing computed, for operands
// tensor.GRUCellFusable refuses; the caller then composes the cell. A
// backward pass with create_graph computes the gradients with recording
// operations from the saved inputs.
func FusedGRUCell(gi, gh, h *tensor.Tensor) (hy *tensor.Tensor, ok bool, err error) {
	if !tensor.GRUCellFusable(gi, gh, h) {
		return nil, false, nil
	}
	hy, act, err := tensor.GRUCellForward(gi, gh, h)
	if err != nil || !track(hy, gi, gh, h) {
		return hy, true, err
	}
	n := newNode("ThnnFusedGruCellBackward0", gi, gh, h)
	n.save(gi, gh, h)
	n.recordable = true
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		if c.rec {
			gs, err := gruCellGradRecorded(gi, gh, h, g)
			c.keep(nil, err)
			return gs
		}
		dgi, dgh, dh, err := tensor.GRUCellBackward(g, act, h)
		if c.keep(nil, err); err != nil {
			return nil
		}
		return []*tensor.Tensor{dgi, dgh, dh}
	}
	return n.attach(hy), true, nil
}

// gruCellGradRecorded is FusedGRUCell's backward in recording operations:
// the cell composed again from its inputs, then g carried back through it
// by the formulas of tensor.GRUCellBackward, each operation recorded.
func gruCellGradRecorded(gi, gh, h, g *tensor.Tensor) ([]*tensor.Tensor, error) {
	c := &chainCalc{}
	xs, hs := c.chunk(gi, 3), c.chunk(gh, 3)
	if c.err != nil {
		return nil, c.err
	}
	r := c.op1(Sigmoid, c.op2(Add, hs[0], xs[0]))
	z := c.op1(Sigmoid, c.op2(Add, hs[1], xs[1]))
	newGate := c.op1(Tanh, c.op2(Add, xs[2], c.op2(Mul, hs[2], r)))
	one := c.scalarLike(1, h)
	gz := c.op2(Mul, g, z)
	sigmoidGrad := func(g, y *tensor.Tensor) *tensor.Tensor { return c.op2(Mul, c.op2(Mul, g, c.op2(Sub, one, y)), y) }
	dz := sigmoidGrad(c.op2(Mul, g, c.op2(Sub, h, newGate)), z)
	dn := c.op2(Mul, c.op2(Sub, g, gz), c.op2(Sub, one, c.op2(Mul, newGate, newGate)))
	dr := sigmoidGrad(c.op2(Mul, dn, hs[2]), r)
	dgi := c.cat([]*tensor.Tensor{dr, dz, dn}, 1)
	dgh := c.cat([]*tensor.Tensor{dr, dz, c.op2(Mul, dn, r)}, 1)
	if c.err != nil {
		return nil, c.err
	}
	return []*tensor.Tensor{dgi, dgh, gz}, nil
}
