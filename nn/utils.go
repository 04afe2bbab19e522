package nn

import (
	"math"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/tensor"
)

// The functions of torch.nn.utils (clip_grad.py, convert_parameters.py)
// and torch.nn.utils.rnn.pad_sequence.

// ClipGradNorm is clip_grad_norm_: it scales the gradients of params so
// that their norm of order normType, taken over all of them as one
// vector, is at most maxNorm, and returns that norm before scaling (a
// float32 zero when no parameter has a gradient). The scale is PyTorch's,
// computed in the gradients' dtype: min(maxNorm · 1/(norm + 1e-6), 1).
func ClipGradNorm(params []*tensor.Tensor, maxNorm, normType float64, errorIfNonfinite bool) (*tensor.Tensor, error) {
	var grads []*tensor.Tensor
	for _, p := range params {
		if g := autograd.Grad(p); g != nil {
			grads = append(grads, g)
		}
	}
	if len(grads) == 0 {
		return tensor.Full(0, tensor.Float32)
	}
	norms := make([]*tensor.Tensor, len(grads))
	for i, g := range grads {
		n, err := tensor.Norm(g, normType, nil, false)
		if err != nil {
			return nil, err
		}
		norms[i] = n
	}
	total := norms[0]
	if len(norms) > 1 || !math.IsInf(normType, 1) {
		all, err := tensor.Stack(norms, 0)
		if err != nil {
			return nil, err
		}
		if total, err = tensor.Norm(all, normType, nil, false); err != nil {
			return nil, err
		}
	}
	vals, err := total.Float64s()
	if err != nil {
		return nil, err
	}
	norm := vals[0]
	if errorIfNonfinite && (math.IsNaN(norm) || math.IsInf(norm, 0)) {
		return nil, tensor.Errorf(tensor.RuntimeError, "The total norm of order %s for gradients from `parameters` is non-finite, so it cannot be clipped. To disable this error and scale the gradients by the non-finite norm anyway, set `error_if_nonfinite=False`", pyFloat(normType))
	}
	var coef float64
	if total.DType() == tensor.Float32 {
		coef = float64(min(float32(maxNorm)*(1/(float32(norm)+float32(1e-6))), 1))
	} else {
		coef = min(maxNorm*(1/(norm+1e-6)), 1)
	}
	for _, g := range grads {
		scale, err := tensor.Full(coef, g.DType())
		if err != nil {
			return nil, err
		}
		if err := tensor.MulSpec.ApplyInPlace(g, scale); err != nil {
			return nil, err
		}
	}
	return total, nil
}

// ClipGradValue is clip_grad_value_: it clamps every gradient of params
// into [-clip, clip] in place.
func ClipGradValue(params []*tensor.Tensor, clip float64) error {
	for _, p := range params {
		g := autograd.Grad(p)
		if g == nil {
			continue
		}
		lo, err := tensor.Full(-clip, g.DType())
		if err != nil {
			return err
		}
		hi, err := tensor.Full(clip, g.DType())
		if err != nil {
			return err
		}
		if err := tensor.MaximumSpec.ApplyInPlace(g, lo); err != nil {
			return err
		}
		if err := tensor.MinimumSpec.ApplyInPlace(g, hi); err != nil {
			return err
		}
	}
	return nil
}

// ParametersToVector is parameters_to_vector: the parameters flattened
// and concatenated into one vector (recorded, so gradients flow back).
func ParametersToVector(params []*tensor.Tensor) (*tensor.Tensor, error) {
	c := &chain{}
	flat := make([]*tensor.Tensor, len(params))
	for i, p := range params {
		flat[i] = c.do(func() (*tensor.Tensor, error) { return autograd.View(p, -1) })
	}
	return c.cat(flat, 0), c.err
}

// VectorToParameters is vector_to_parameters: each parameter in turn
// takes the next numel elements of vec as its data (param.data = ...).
func VectorToParameters(vec *tensor.Tensor, params []*tensor.Tensor) error {
	pointer := 0
	for _, p := range params {
		n := p.Numel()
		if pointer+n > vec.Numel() || vec.Dim() != 1 {
			return tensor.Errorf(tensor.RuntimeError, "shape '%s' is invalid for input of size %d", pyList(p.Shape()), max(0, min(n, vec.Numel()-pointer)))
		}
		part, err := vec.Detach().Narrow(0, pointer, n)
		if err != nil {
			return err
		}
		view, err := part.View(p.Shape()...)
		if err != nil {
			return err
		}
		p.SetData(view)
		pointer += n
	}
	return nil
}

// PadSequence is torch.nn.utils.rnn.pad_sequence: the sequences (each
// [L_i, *], the same trailing sizes) padded with value to the longest
// and stacked into [L, B, *] ([B, L, *] with batchFirst), recorded.
func PadSequence(seqs []*tensor.Tensor, batchFirst bool, value float64) (*tensor.Tensor, error) {
	if len(seqs) == 0 {
		return nil, tensor.Errorf(tensor.RuntimeError, "received an empty list of sequences")
	}
	longest := 0
	for _, s := range seqs {
		if s.Dim() == 0 {
			return nil, tensor.Errorf(tensor.IndexError, "Dimension specified as 0 but tensor has no dimensions")
		}
		longest = max(longest, s.Shape()[0])
	}
	c := &chain{}
	padded := make([]*tensor.Tensor, len(seqs))
	for i, s := range seqs {
		padded[i] = s
		if n := s.Shape()[0]; n < longest {
			shape := append([]int{longest - n}, s.Shape()[1:]...)
			fill := c.do(func() (*tensor.Tensor, error) { return tensor.Full(value, s.DType(), shape...) })
			padded[i] = c.cat([]*tensor.Tensor{s, fill}, 0)
		}
	}
	dim := 1
	if batchFirst {
		dim = 0
	}
	return c.stack(padded, dim), c.err
}
