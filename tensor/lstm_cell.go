package tensor

import (
	"math"

	"github.com/kael-dev/kael/tensor/internal/vecmath"
)

// The fused LSTM cell: one time step of an LSTM in one pass over its
// gates, forward and backward, as ATen's _thnn_fused_lstm_cell and
// _thnn_fused_lstm_cell_backward. The forward computes, per element, the
// same float32 (or float64) operations in the same order as PyTorch's CPU
// LSTMCell (aten/src/ATen/native/RNN.cpp), which runs them as separate
// tensor operations: gates = gh + gi; i, f, o = sigmoid, g = tanh of their
// blocks; cy = f·cx + i·g (each product rounded); hy = o·tanh(cy).

// LSTMCellFusable reports whether LSTMCellForward takes these operands:
// gi and gh of shape [B, 4H], cx of shape [B, H], all float32 or all
// float64.
func LSTMCellFusable(gi, gh, cx *Tensor) bool {
	d := gi.dtype
	if d != Float32 && d != Float64 || gh.dtype != d || cx.dtype != d {
		return false
	}
	if len(gi.shape) != 2 || len(gh.shape) != 2 || len(cx.shape) != 2 {
		return false
	}
	b, h := cx.shape[0], cx.shape[1]
	return gi.shape[0] == b && gh.shape[0] == b && gi.shape[1] == 4*h && gh.shape[1] == 4*h
}

// LSTMCellForward is one step of an LSTM from the two halves of its gates'
// pre-activations, gi = x·W_ihᵀ + b_ih and gh = h·W_hhᵀ + b_hh ([B, 4H],
// PyTorch's order i, f, g, o), and the cell state cx [B, H]: it returns
// the new hidden state hy, the new cell state cy, and for the backward the
// activated gates act [B, 4H] and tanh(cy). The operands must be
// LSTMCellFusable.
func LSTMCellForward(gi, gh, cx *Tensor) (hy, cy, act, tcy *Tensor, err error) {
	if !LSTMCellFusable(gi, gh, cx) {
		return nil, nil, nil, nil, Errorf(RuntimeError, "LSTMCellForward: gates %s %s and %s %s do not fit the cell state %s %s",
			gi.dtype, FormatShape(gi.shape), gh.dtype, FormatShape(gh.shape), cx.dtype, FormatShape(cx.shape))
	}
	b, h := cx.shape[0], cx.shape[1]
	out := make([]*Tensor, 4)
	for i, shape := range [][]int{{b, h}, {b, h}, {b, 4 * h}, {b, h}} {
		if out[i], err = emptyOutput(cx.dtype, shape...); err != nil {
			return nil, nil, nil, nil, err
		}
	}
	hy, cy, act, tcy = out[0], out[1], out[2], out[3]
	ins, err := contiguousAll(gi, gh, cx)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	if cx.dtype == Float32 {
		err = lstmForward(ins, out, h, lstmKernels32)
	} else {
		err = lstmForward(ins, out, h, lstmKernels64)
	}
	return hy, cy, act, tcy, err
}

// LSTMCellBackward is the backward of LSTMCellForward: from the gradients
// of hy and cy (either may be nil, for zero), the activated gates act,
// tanh(cy) and cx, it returns the gradient of the gates' pre-activations
// [B, 4H] (that of gi and of gh alike) and that of cx. Per element it
// computes what PyTorch's autograd computes through the CPU LSTMCell's
// operations, with the same roundings (sigmoid_backward g·(1 - y)·y,
// tanh_backward g·(1 - y·y) with 1 - y·y fused as PyTorch's float32
// kernel); only the order in which the two gradients of cy are added may
// differ from PyTorch's engine.
func LSTMCellBackward(ghy, gcy, act, tcy, cx *Tensor) (dgates, dcx *Tensor, err error) {
	b, h := cx.shape[0], cx.shape[1]
	if dgates, err = emptyOutput(cx.dtype, b, 4*h); err != nil {
		return nil, nil, err
	}
	if dcx, err = emptyOutput(cx.dtype, b, h); err != nil {
		return nil, nil, err
	}
	ins, err := contiguousAll(ghy, gcy, act, tcy, cx)
	if err != nil {
		return nil, nil, err
	}
	if cx.dtype == Float32 {
		err = lstmBackward(ins, dgates, dcx, h, vecmath.LSTMBackwardRowFloat32)
	} else if cx.dtype == Float64 {
		err = lstmBackward[float64](ins, dgates, dcx, h, nil)
	} else {
		err = Errorf(RuntimeError, "LSTMCellBackward: %s is neither float32 nor float64", cx.dtype)
	}
	return dgates, dcx, err
}

// contiguousAll returns the tensors made contiguous (nil stays nil).
func contiguousAll(ts ...*Tensor) ([]*Tensor, error) {
	out := make([]*Tensor, len(ts))
	for i, t := range ts {
		if t == nil {
			continue
		}
		c, err := t.Contiguous()
		if err != nil {
			return nil, err
		}
		out[i] = c
	}
	return out, nil
}

// lstmKernels are the element-wise kernels of the forward cell over
// slices: sigmoid and tanh (dst = f(src)), add and mul (dst = a op b,
// each element rounded once, so any implementation gives the scalar
// loop's bits; dst may be a or b).
type lstmKernels[T Float] struct {
	sigmoid, tanh func(dst, src []T)
	add, mul      func(dst, a, b []T)
}

// lstmKernels32 and lstmKernels64 are the vector kernels of float32 and
// the Go loops (or vector kernels) of float64.
var (
	lstmKernels32 = lstmKernels[float32]{vecmath.SigmoidFloat32, vecmath.TanhFloat32, vecmath.AddVV, vecmath.MulVV}
	lstmKernels64 = lstmKernels[float64]{sigmoidFloat64s, tanhFloat64s, vecmath.AddFloat64, vecmath.MulVVFloat64}
)

// lstmForward is LSTMCellForward's loop over the batch: ins are gi, gh and
// cx, out hy, cy, act and tcy, all contiguous.
func lstmForward[T Float](ins, out []*Tensor, h int, k lstmKernels[T]) error {
	vals := make([][]T, 0, 7)
	for _, t := range append(ins[:3:3], out...) {
		v, err := contiguousValues[T](t)
		if err != nil {
			return err
		}
		vals = append(vals, v)
	}
	gi, gh, cx, hy, cy, act, tcy := vals[0], vals[1], vals[2], vals[3], vals[4], vals[5], vals[6]
	// gates = gh + gi, every row at once.
	k.add(act, gh[:len(act)], gi[:len(act)])
	for b := range len(cx) / max(h, 1) {
		a := act[4*h*b : 4*h*(b+1)]
		k.sigmoid(a[:2*h], a[:2*h])
		k.tanh(a[2*h:3*h], a[2*h:3*h])
		k.sigmoid(a[3*h:], a[3*h:])
		in, forget, cell, output := a[:h], a[h:2*h], a[2*h:3*h], a[3*h:]
		c, tc, hrow, cxrow := cy[h*b:h*(b+1)], tcy[h*b:h*(b+1)], hy[h*b:h*(b+1)], cx[h*b:h*(b+1)]
		// cy = f·cx + i·g, each product rounded before the sum, as
		// PyTorch's separate mul and add_ kernels (no fused
		// multiply-add); tc holds f·cx until it is tanh(cy).
		k.mul(tc, forget, cxrow)
		k.mul(c, in, cell)
		k.add(c, tc, c)
		k.tanh(tc, c)
		k.mul(hrow, output, tc)
	}
	return nil
}

// lstmBackward is LSTMCellBackward's loop: ins are ghy, gcy (either nil),
// act, tcy and cx, contiguous. rowKernel, where not nil, computes a
// prefix of each batch row when both gradients are given (dg, dc, ghy,
// gcy, act, tcy and cx of the row) with the loop's bits, and returns its
// length; the loop computes the rest, and is the reference.
func lstmBackward[T Float](ins []*Tensor, dgates, dcx *Tensor, h int, rowKernel func(dg, dc, ghy, gcy, act, tcy, cx []T) int) error {
	vals := make([][]T, 7)
	for i, t := range append(ins[:5:5], dgates, dcx) {
		if t == nil {
			continue
		}
		v, err := contiguousValues[T](t)
		if err != nil {
			return err
		}
		vals[i] = v
	}
	ghy, gcy, act, tcy, cx, dg, dc := vals[0], vals[1], vals[2], vals[3], vals[4], vals[5], vals[6]
	for b := range len(cx) / max(h, 1) {
		a, d := act[4*h*b:4*h*(b+1)], dg[4*h*b:4*h*(b+1)]
		done := 0
		if rowKernel != nil && ghy != nil && gcy != nil {
			row := func(v []T) []T { return v[h*b : h*(b+1)] }
			done = rowKernel(d, row(dc), row(ghy), row(gcy), a, row(tcy), row(cx))
		}
		for j := done; j < h; j++ {
			k := h*b + j
			in, forget, cell, output := a[j], a[h+j], a[2*h+j], a[3*h+j]
			var gh, gc, gout T
			if ghy != nil {
				gh = ghy[k]
				gout = gh * tcy[k]
				// tanh(cy)'s gradient, through tanh_backward.
				gc = T(gh*output) * oneMinusSq(tcy[k])
			}
			if gcy != nil {
				gc = gcy[k] + gc
			}
			d[j] = T(T(gc*cell)*(1-in)) * in
			d[h+j] = T(T(gc*cx[k])*(1-forget)) * forget
			d[2*h+j] = T(gc*in) * oneMinusSq(cell)
			d[3*h+j] = T(gout*(1-output)) * output
			dc[k] = gc * forget
		}
	}
	return nil
}

// oneMinusSq is 1 - y·y rounded once, as PyTorch's tanh_backward kernels
// compute it (GCC contracts their product and difference into a fused
// multiply-add).
func oneMinusSq[T Float](y T) T { return T(math.FMA(float64(-y), float64(y), 1)) }

// sigmoidFloat64s and tanhFloat64s are the float64 kernels of sigmoid and
// tanh over slices.
func sigmoidFloat64s(dst, src []float64) {
	for i, x := range src {
		dst[i] = 1 / (1 + math.Exp(-x))
	}
}

func tanhFloat64s(dst, src []float64) {
	for i, x := range src {
		dst[i] = math.Tanh(x)
	}
}
