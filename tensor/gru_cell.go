package tensor

import "github.com/kael-dev/kael/tensor/internal/vecmath"

// The fused GRU cell: one time step of a GRU in one pass over its gates,
// forward and backward, as ATen's _thnn_fused_gru_cell and its backward.
// The forward computes, per element, the operations of PyTorch's CPU
// GRUCell (aten/src/ATen/native/RNN.cpp) in their order: r = sigmoid(ghr +
// gir), z = sigmoid(ghz + giz), n = tanh(gin + ghn·r), hy = (h - n)·z + n.

// GRUCellFusable reports whether GRUCellForward takes these operands: gi
// and gh of shape [B, 3H], h of shape [B, H], all float32 or all float64.
func GRUCellFusable(gi, gh, h *Tensor) bool {
	d := gi.dtype
	if d != Float32 && d != Float64 || gh.dtype != d || h.dtype != d {
		return false
	}
	if len(gi.shape) != 2 || len(gh.shape) != 2 || len(h.shape) != 2 {
		return false
	}
	b, n := h.shape[0], h.shape[1]
	return gi.shape[0] == b && gh.shape[0] == b && gi.shape[1] == 3*n && gh.shape[1] == 3*n
}

// GRUCellForward is one step of a GRU from the two halves of its gates'
// pre-activations, gi = x·W_ihᵀ + b_ih and gh = h·W_hhᵀ + b_hh ([B, 3H],
// PyTorch's order r, z, n), and the state h [B, H]: it returns the new
// state hy and, for the backward, act [B, 4H]: r, z, n and gh's n block
// (W_hn·h + b_hn). The operands must be GRUCellFusable.
func GRUCellForward(gi, gh, h *Tensor) (hy, act *Tensor, err error) {
	if !GRUCellFusable(gi, gh, h) {
		return nil, nil, Errorf(RuntimeError, "GRUCellForward: gates %s %s and %s %s do not fit the state %s %s",
			gi.dtype, FormatShape(gi.shape), gh.dtype, FormatShape(gh.shape), h.dtype, FormatShape(h.shape))
	}
	b, n := h.shape[0], h.shape[1]
	if hy, err = emptyOutput(h.dtype, b, n); err != nil {
		return nil, nil, err
	}
	if act, err = emptyOutput(h.dtype, b, 4*n); err != nil {
		return nil, nil, err
	}
	ins, err := contiguousAll(gi, gh, h)
	if err != nil {
		return nil, nil, err
	}
	if h.dtype == Float32 {
		err = gruForward(ins, hy, act, n, vecmath.SigmoidFloat32, vecmath.TanhFloat32)
	} else {
		err = gruForward(ins, hy, act, n, sigmoidFloat64s, tanhFloat64s)
	}
	return hy, act, err
}

// GRUCellBackward is the backward of GRUCellForward: from the gradient of
// hy, the saved act and h, it returns the gradients of gi [B, 3H], of gh
// [B, 3H] (they differ in the n block, which gh's enters times r) and of
// h. Per element it computes what PyTorch's autograd computes through the
// CPU GRUCell's operations, with the same roundings (sigmoid_backward
// g·(1 - y)·y, tanh_backward g·(1 - y·y) with 1 - y·y fused); only the
// order in which the two gradients of n are added may differ.
func GRUCellBackward(ghy, act, h *Tensor) (dgi, dgh, dh *Tensor, err error) {
	b, n := h.shape[0], h.shape[1]
	out := make([]*Tensor, 3)
	for i, w := range []int{3 * n, 3 * n, n} {
		if out[i], err = emptyOutput(h.dtype, b, w); err != nil {
			return nil, nil, nil, err
		}
	}
	ins, err := contiguousAll(ghy, act, h)
	if err != nil {
		return nil, nil, nil, err
	}
	if h.dtype == Float32 {
		err = gruBackward(ins, out, n, vecmath.GRUBackwardRowFloat32)
	} else if h.dtype == Float64 {
		err = gruBackward[float64](ins, out, n, nil)
	} else {
		err = Errorf(RuntimeError, "GRUCellBackward: %s is neither float32 nor float64", h.dtype)
	}
	return out[0], out[1], out[2], err
}

// gruForward is GRUCellForward's loop over the batch: ins are gi, gh and
// h, contiguous.
func gruForward[T Float](ins []*Tensor, hy, act *Tensor, n int, sigmoid, tanh func(dst, src []T)) error {
	vals := make([][]T, 0, 5)
	for _, t := range []*Tensor{ins[0], ins[1], ins[2], hy, act} {
		v, err := contiguousValues[T](t)
		if err != nil {
			return err
		}
		vals = append(vals, v)
	}
	gi, gh, h, out, act4 := vals[0], vals[1], vals[2], vals[3], vals[4]
	for b := range len(h) / max(n, 1) {
		x, y, a := gi[3*n*b:3*n*(b+1)], gh[3*n*b:3*n*(b+1)], act4[4*n*b:4*n*(b+1)]
		for j := range 2 * n {
			a[j] = y[j] + x[j]
		}
		sigmoid(a[:2*n], a[:2*n])
		r, newGate, hn := a[:n], a[2*n:3*n], a[3*n:]
		copy(hn, y[2*n:])
		for j := range newGate {
			newGate[j] = x[2*n+j] + T(hn[j]*r[j])
		}
		tanh(newGate, newGate)
		z, hrow, o := a[n:2*n], h[n*b:n*(b+1)], out[n*b:n*(b+1)]
		for j := range o {
			o[j] = T((hrow[j]-newGate[j])*z[j]) + newGate[j]
		}
	}
	return nil
}

// gruBackward is GRUCellBackward's loop: ins are ghy, act and h, out dgi,
// dgh and dh, all contiguous. rowKernel, where not nil, computes a prefix
// of each batch row and returns its length (vecmath.GRUBackwardRowFloat32);
// the loop computes the rest and is the reference for the kernel's bits.
func gruBackward[T Float](ins, out []*Tensor, n int, rowKernel func(dgi, dgh, dh, ghy, act, hx []T) int) error {
	vals := make([][]T, 0, 6)
	for _, t := range append(ins[:3:3], out...) {
		v, err := contiguousValues[T](t)
		if err != nil {
			return err
		}
		vals = append(vals, v)
	}
	ghy, act, h, dgi, dgh, dh := vals[0], vals[1], vals[2], vals[3], vals[4], vals[5]
	for b := range len(h) / max(n, 1) {
		a, di, dhh := act[4*n*b:4*n*(b+1)], dgi[3*n*b:3*n*(b+1)], dgh[3*n*b:3*n*(b+1)]
		done := 0
		if rowKernel != nil {
			row := func(v []T) []T { return v[n*b : n*(b+1)] }
			done = rowKernel(di, dhh, row(dh), row(ghy), a, row(h))
		}
		for j := done; j < n; j++ {
			k := n*b + j
			r, z, newGate, hn := a[j], a[n+j], a[2*n+j], a[3*n+j]
			g := ghy[k]
			gz := T(g * z)
			dh[k] = gz
			dz := T(g*(h[k]-newGate)) * (1 - z)
			dz = T(dz) * z
			dn := T(g-gz) * oneMinusSq(newGate)
			dr := T(T(dn*hn)*(1-r)) * r
			di[j], di[n+j], di[2*n+j] = dr, dz, dn
			dhh[j], dhh[n+j], dhh[2*n+j] = dr, dz, dn*r
		}
	}
	return nil
}
