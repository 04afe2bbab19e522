package tensor

import (
	"slices"

	"github.com/kael-dev/kael/tensor/internal/gemv"
	"github.com/kael-dev/kael/tensor/internal/vecmath"
)

// Output-parameter forms of a few operations, for a caller that runs the
// same shapes again and again (a language model decoding one token after
// another) and keeps its outputs between calls instead of allocating
// fresh, untouched memory for every result. Each writes into out, which
// must be a contiguous float32 or float64 tensor of the result's shape and
// dtype and must not share storage with the inputs, and computes exactly
// what the allocating form computes, bit for bit: the same kernels, in the
// same order. They take fewer operand kinds than the allocating forms (no
// broadcasting, no dtype promotion, no half types); the others get an
// error, never a different result.

// checkOut returns an error unless out is a contiguous float32 or float64
// tensor of dtype d and the given shape.
func checkOut(op string, out *Tensor, d DType, shape []int) error {
	if d != Float32 && d != Float64 {
		return Errorf(TypeError, "%s: expected float32 or float64 operands, got %s", op, d)
	}
	if out.dtype != d {
		return Errorf(TypeError, "%s: out has dtype %s, expected %s", op, out.dtype, d)
	}
	if !slices.Equal(out.shape, shape) {
		return Errorf(RuntimeError, "%s: out has shape %s, expected %s", op, FormatShape(out.shape), FormatShape(shape))
	}
	if !out.IsContiguous() {
		return Errorf(RuntimeError, "%s: out must be contiguous", op)
	}
	return nil
}

// checkDistinct returns an error if out shares storage with one of ins.
func checkDistinct(op string, out *Tensor, ins ...*Tensor) error {
	for _, t := range ins {
		if t != nil && t.storage == out.storage {
			return Errorf(RuntimeError, "%s: out must not share memory with an input", op)
		}
	}
	return nil
}

// MatmulInto writes Matmul(a, b) into out, for float32 or float64 a and b
// of one dtype with at least two dimensions each, b either a matrix or a
// stack whose batch dimensions equal a's (no broadcasting). The result is
// Matmul's bit for bit: the same kernels (the matrix-vector ones for a
// row or a column) on the same blocks.
func MatmulInto(out, a, b *Tensor) error {
	const op = "matmul_into"
	if a.Dim() < 2 || b.Dim() < 2 {
		return Errorf(RuntimeError, "%s: expected operands of at least 2 dimensions, got %dD and %dD", op, a.Dim(), b.Dim())
	}
	if a.dtype != b.dtype {
		return Errorf(RuntimeError, "%s: expected operands of one dtype, got %s and %s", op, a.dtype, b.dtype)
	}
	m, k := a.shape[a.Dim()-2], a.shape[a.Dim()-1]
	k2, n := b.shape[b.Dim()-2], b.shape[b.Dim()-1]
	aBatch, bBatch := a.shape[:a.Dim()-2], b.shape[:b.Dim()-2]
	if k != k2 {
		rows := m
		if b.Dim() == 2 {
			rows = numel(a.shape) / max(k, 1)
		}
		return matmulShapeError(rows, k, k2, n, a, b)
	}
	if len(bBatch) > 0 && !slices.Equal(aBatch, bBatch) {
		return Errorf(RuntimeError, "%s: the batch dimensions %s and %s differ", op, FormatShape(aBatch), FormatShape(bBatch))
	}
	outShape := append(slices.Clone(aBatch), m, n)
	if err := checkOut(op, out, a.dtype, outShape); err != nil {
		return err
	}
	if err := checkDistinct(op, out, a, b); err != nil {
		return err
	}
	kernel, err := matmulKernels.Select(op, a.dtype)
	if err != nil {
		return err
	}
	if err := runMatmul(kernel, a, b, out, aBatch, len(bBatch) == 0); err != nil {
		return err
	}
	out.MarkModified()
	return nil
}

// LinearInto writes Linear(x, weight, bias) into out [rows, out_features]
// for a float32 or float64 matrix x [rows, in], weight [out_features, in]
// and bias [out_features] (or nil) of x's dtype. The result is Linear's
// bit for bit: the bias is added after the product, or, where Linear
// writes it first (at least two rows and outputs, in at most
// linearBiasMaxK), written first and the product added to it.
func LinearInto(out, x, weight, bias *Tensor) error {
	const op = "linear_into"
	d := x.dtype
	if x.Dim() != 2 || weight.Dim() != 2 {
		return Errorf(RuntimeError, "%s: expected a matrix input and weight, got %dD and %dD", op, x.Dim(), weight.Dim())
	}
	if weight.dtype != d || bias != nil && bias.dtype != d {
		return Errorf(RuntimeError, "%s: expected input, weight and bias of one dtype", op)
	}
	rows, k := x.shape[0], x.shape[1]
	outs := weight.shape[0]
	if weight.shape[1] != k {
		return Errorf(RuntimeError, "mat1 and mat2 shapes cannot be multiplied (%dx%d and %dx%d)", rows, k, weight.shape[1], outs)
	}
	if bias != nil && (bias.Dim() != 1 || bias.shape[0] != outs) {
		return Errorf(RuntimeError, "%s: expected a bias of shape [%d], got %s", op, outs, FormatShape(bias.shape))
	}
	if err := checkOut(op, out, d, []int{rows, outs}); err != nil {
		return err
	}
	if err := checkDistinct(op, out, x, weight, bias); err != nil {
		return err
	}
	if bias != nil && bias.strides[0] == 1 && k >= 1 && k <= linearBiasMaxK && rows >= 2 && outs >= 2 {
		// linearBiasFirst's order: the bias, then the product added.
		if d == Float32 {
			fillRows(out.storage.data.([]float32)[out.offset:out.offset+rows*outs], bias.storage.data.([]float32)[bias.offset:bias.offset+outs])
		} else {
			fillRows(out.storage.data.([]float64)[out.offset:out.offset+rows*outs], bias.storage.data.([]float64)[bias.offset:bias.offset+outs])
		}
		if done, err := MatmulAddInPlace(out, x, weight.T()); err != nil || done {
			if err == nil {
				out.MarkModified()
			}
			return err
		}
	}
	if err := MatmulInto(out, x, weight.T()); err != nil || bias == nil {
		return err
	}
	if done, err := addBiasRows(out, bias); err != nil || done {
		return err
	}
	return AddSpec.ApplyInPlace(out, bias)
}

// normOperands checks LayerNormInto's operands and returns the row length and
// the weight and bias as contiguous tensors (nil where they are nil).
func normOperands(op string, out, x, weight, bias *Tensor) (n int, w, b *Tensor, err error) {
	if x.Dim() == 0 {
		return 0, nil, nil, Errorf(RuntimeError, "%s: expected an input of at least 1 dimension", op)
	}
	if err := checkOut(op, out, x.dtype, x.shape); err != nil {
		return 0, nil, nil, err
	}
	if !x.IsContiguous() {
		return 0, nil, nil, Errorf(RuntimeError, "%s: the input must be contiguous", op)
	}
	n = x.shape[x.Dim()-1]
	params := []*Tensor{weight, bias}
	for i, p := range params {
		if p == nil {
			continue
		}
		if p.dtype != x.dtype || p.Dim() != 1 || p.shape[0] != n || !p.IsContiguous() {
			return 0, nil, nil, Errorf(RuntimeError, "%s: expected a contiguous %s of shape [%d] and dtype %s", op, []string{"weight", "bias"}[i], n, x.dtype)
		}
	}
	return n, weight, bias, nil
}

// LayerNormInto writes LayerNorm(x, [n], weight, bias, eps) into out: x
// a contiguous float32 or float64 tensor [..., n], weight and bias
// contiguous [n] of x's dtype or nil. The result is LayerNorm's bit for
// bit (its kernel's functions, row by row).
func LayerNormInto(out, x, weight, bias *Tensor, eps float64) error {
	const op = "layer_norm_into"
	n, w, b, err := normOperands(op, out, x, weight, bias)
	if err != nil {
		return err
	}
	if err := checkDistinct(op, out, x, w, b); err != nil {
		return err
	}
	if out.Numel() == 0 {
		return nil
	}
	if x.dtype == Float32 {
		err = normRows[float32](out, x, nil, w, b, out.Numel()/n, n, eps, nil)
	} else {
		err = normRows[float64](out, x, nil, w, b, out.Numel()/n, n, eps, nil)
	}
	if err != nil {
		return err
	}
	out.MarkModified()
	return nil
}

// AddLayerNormInto adds a to h in place and writes the layer norm of the
// sum into out: a transformer's residual connection and the layer norm
// that follows it, one pass over each row instead of two. h and a are
// contiguous float32 or float64 tensors of one shape [..., n], weight and
// bias as LayerNormInto's; out must not be h or a. h and out are
// AddSpec.ApplyInPlace(h, a) followed by LayerNorm(h, [n], weight, bias,
// eps) bit for bit: each sum rounded once to the dtype, then the same
// moments and normalization of the rounded row.
func AddLayerNormInto(out, h, a, weight, bias *Tensor, eps float64) error {
	const op = "add_layer_norm_into"
	n, w, b, err := normOperands(op, out, h, weight, bias)
	if err != nil {
		return err
	}
	if a.dtype != h.dtype || !slices.Equal(a.shape, h.shape) || !a.IsContiguous() {
		return Errorf(RuntimeError, "%s: expected a contiguous addend of shape %s and dtype %s", op, FormatShape(h.shape), h.dtype)
	}
	if err := checkDistinct(op, out, h, a, w, b); err != nil {
		return err
	}
	if h.storage == a.storage {
		return Errorf(RuntimeError, "%s: the addend must not share memory with h", op)
	}
	if out.Numel() == 0 {
		return nil
	}
	rows := out.Numel() / n
	if h.dtype == Float32 {
		err = normRows(out, h, a, w, b, rows, n, eps, vecmath.AddVV)
	} else {
		err = normRows(out, h, a, w, b, rows, n, eps, vecmath.AddFloat64)
	}
	if err != nil {
		return err
	}
	h.MarkModified()
	out.MarkModified()
	return nil
}

// GeluInPlace applies Gelu(x, approximate) to a floating-point x in place,
// with Gelu's kernels: the same bits as Gelu's result.
func GeluInPlace(x *Tensor, approximate string) error {
	switch approximate {
	case "", "none":
		return geluSpec.ApplyInPlace(x)
	case "tanh":
		return geluTanhSpec.ApplyInPlace(x)
	}
	return runtimeErrorf("approximate argument must be either none or tanh, got %q", approximate)
}

// SoftmaxInto writes Softmax(x, -1) into out, for a contiguous float32 or
// float64 x: each row along the last dimension with Softmax's row
// function, so with its bits.
func SoftmaxInto(out, x *Tensor) error {
	const op = "softmax_into"
	if x.Dim() == 0 {
		return Errorf(RuntimeError, "%s: expected an input of at least 1 dimension", op)
	}
	if err := checkOut(op, out, x.dtype, x.shape); err != nil {
		return err
	}
	if !x.IsContiguous() {
		return Errorf(RuntimeError, "%s: the input must be contiguous", op)
	}
	if err := checkDistinct(op, out, x); err != nil {
		return err
	}
	n := x.shape[x.Dim()-1]
	if out.Numel() == 0 {
		return nil
	}
	kernel, err := softmaxKernels.Select(op, x.dtype)
	if err != nil {
		return err
	}
	if err := kernel(x, out, x.Numel()/n, n, 1, false); err != nil {
		return err
	}
	out.MarkModified()
	return nil
}

// MatmulWidenedInto writes MatmulWidened(x, w) into out, a contiguous
// float32 tensor of shape [..., n]: the same kernels (gemv's widening
// ones for one row of x, else w widened to float32 and Matmul's), so the
// same bits.
func MatmulWidenedInto(out, x, w *Tensor) error {
	const op = "matmul_widened_into"
	if x.dtype != Float32 {
		return typeErrorf("%s: x must be float32, got %s", op, x.dtype)
	}
	format := gemv.Float16
	if w.dtype == BFloat16 {
		format = gemv.BFloat16
	} else if w.dtype != Float16 {
		return typeErrorf("%s: w must be bfloat16 or float16, got %s", op, w.dtype)
	}
	if w.Dim() != 2 || x.Dim() == 0 || x.shape[x.Dim()-1] != w.shape[0] {
		return Errorf(RuntimeError, "%s: shapes %s and %s cannot be multiplied", op, FormatShape(x.shape), FormatShape(w.shape))
	}
	k, n := w.shape[0], w.shape[1]
	if err := checkOut(op, out, Float32, append(x.shape[:x.Dim()-1:x.Dim()-1], n)); err != nil {
		return err
	}
	if err := checkDistinct(op, out, x); err != nil {
		return err
	}
	rows := x.Numel() / max(k, 1)
	if rows != 1 || k == 0 || n == 0 {
		wf, err := w.To(Float32)
		if err != nil {
			return err
		}
		if x.Dim() == 1 {
			// Matmul's row vector: a [1, k] matrix, its result [1, n].
			x = x.view([]int{1, k}, []int{0, x.strides[0]}, x.offset)
			out = out.view([]int{1, n}, []int{n, 1}, out.offset)
		}
		return MatmulInto(out, x, wf)
	}
	xc, err := x.Contiguous()
	if err != nil {
		return err
	}
	y := out.storage.data.([]float32)[out.offset : out.offset+n]
	xv := xc.storage.data.([]float32)[xc.offset : xc.offset+k]
	bits := storageBits16(w)
	switch {
	case (w.strides[1] == 1 || n == 1) && (w.strides[0] >= n || k == 1):
		gemv.VecMat16(y, xv, bits[w.offset:], format, k, n, max(w.strides[0], n), NumThreads())
	case (w.strides[0] == 1 || k == 1) && (w.strides[1] >= k || n == 1):
		gemv.MatVec16(y, bits[w.offset:], xv, format, n, k, max(w.strides[1], k), NumThreads())
	default:
		wc, err := w.Contiguous()
		if err != nil {
			return err
		}
		return MatmulWidenedInto(out, x, wc)
	}
	out.MarkModified()
	return nil
}
