package tensor

import "math"

// CrossMapLRN is nn.CrossMapLRN2d's computation (PyTorch 1.13's legacy
// torch/nn/modules/_functions.py) on a 4-D input [N, C, H, W]: the
// running sum of squares over neighbouring channels, kept as it keeps
// it, and the gradient that its backward writes.
type CrossMapLRN struct {
	Size              int
	Alpha, Beta, K    float64
	input, scale, out *Tensor
}

// NewCrossMapLRN checks the input: four dimensions (PyTorch asserts it)
// of a floating dtype.
func NewCrossMapLRN(input *Tensor, size int, alpha, beta, k float64) (*CrossMapLRN, error) {
	if input.Dim() != 4 {
		return nil, Errorf(AssertionError, "")
	}
	if d := input.dtype; d != Float32 && d != Float64 {
		return nil, Errorf(RuntimeError, "result type Float can't be cast to the desired output type %s", d.ScalarTypeName())
	}
	if size == 0 {
		return nil, Errorf(ZeroDivisionError, "float division by zero")
	}
	if size < 0 {
		return nil, Errorf(ValueError, "CrossMapLRN2d: size must be positive, got %d", size)
	}
	x, err := input.Contiguous()
	if err != nil {
		return nil, err
	}
	return &CrossMapLRN{Size: size, Alpha: alpha, Beta: beta, K: k, input: x}, nil
}

// Forward returns input · scale^-beta, scale = k + alpha/size · the sum
// of squares of the channels within (size-1)/2 + 1 - 1 of each channel,
// accumulated as PyTorch does: the first channel's window summed, then
// each next channel's from the previous one by adding the square that
// enters and, from channel pre_pad + 1 on, removing the one that leaves
// (so channel 0's square is never removed, as in PyTorch).
func (l *CrossMapLRN) Forward() (*Tensor, error) {
	var err error
	if l.scale, err = emptyOutput(l.input.dtype, l.input.shape...); err != nil {
		return nil, err
	}
	if l.out, err = emptyOutput(l.input.dtype, l.input.shape...); err != nil {
		return nil, err
	}
	if l.input.dtype == Float32 {
		crossMapLRNForward[float32](l)
	} else {
		crossMapLRNForward[float64](l)
	}
	return l.out, nil
}

func crossMapLRNForward[T float32 | float64](l *CrossMapLRN) {
	n, c, plane := l.input.shape[0], l.input.shape[1], l.input.shape[2]*l.input.shape[3]
	x := l.input.storage.data.([]T)[l.input.offset:]
	scale, out := l.scale.storage.data.([]T), l.out.storage.data.([]T)
	prePad := int(float64(l.Size-1)/2 + 1)
	for i := range out[:len(x[:n*c*plane])] {
		out[i] = x[i] * x[i]
	}
	ratio, k, beta := T(l.Alpha/float64(l.Size)), T(l.K), float64(T(-l.Beta))
	for b := range n {
		at := func(ch int) int { return (b*c + ch) * plane }
		first := scale[at(0) : at(0)+plane]
		clear(first)
		for ch := range min(prePad, c) {
			for j, v := range out[at(ch) : at(ch)+plane] {
				first[j] += v
			}
		}
		for ch := 1; ch < c; ch++ {
			cur := scale[at(ch) : at(ch)+plane]
			copy(cur, scale[at(ch-1):at(ch-1)+plane])
			if ch < c-prePad+1 {
				for j, v := range out[at(ch+prePad-1) : at(ch+prePad-1)+plane] {
					cur[j] += v
				}
			}
			if ch > prePad {
				for j, v := range out[at(ch-prePad) : at(ch-prePad)+plane] {
					cur[j] -= v
				}
			}
		}
	}
	for i, s := range scale[:len(out)] {
		s = s*ratio + k
		scale[i] = s
		out[i] = T(math.Pow(float64(s), beta)) * x[i]
	}
}

// Backward is the gradient PyTorch's CrossMapLRN2d.backward writes for
// gradOut: gradOut·scale^-beta minus, per channel, 2·alpha·beta/size ·
// input times the sum over a window of size channels of gradOut·output /
// scale.
func (l *CrossMapLRN) Backward(gradOut *Tensor) (*Tensor, error) {
	g, err := gradOut.To(l.input.dtype)
	if err != nil {
		return nil, err
	}
	if g, err = g.Contiguous(); err != nil {
		return nil, err
	}
	if c, pad := l.input.shape[1], int(float64(l.Size)-float64(l.Size-1)/2); pad+c > c+l.Size-1 {
		return nil, Errorf(RuntimeError, "start (%d) + length (%d) exceeds dimension size (%d).", pad, c, c+l.Size-1)
	}
	// The gradient pads the channels by size-1: a buffer as large as an
	// output, of zeros, allocated under the memory limit.
	padded, err := Empty(l.input.dtype, l.input.shape[1]+l.Size-1, l.input.shape[2]*l.input.shape[3])
	if err != nil {
		return nil, err
	}
	grad, err := emptyOutput(l.input.dtype, l.input.shape...)
	if err != nil {
		return nil, err
	}
	if l.input.dtype == Float32 {
		crossMapLRNBackward[float32](l, g, grad, padded.storage.data.([]float32))
	} else {
		crossMapLRNBackward[float64](l, g, grad, padded.storage.data.([]float64))
	}
	return grad, nil
}

func crossMapLRNBackward[T float32 | float64](l *CrossMapLRN, gradOut, grad *Tensor, padded []T) {
	n, c, plane := l.input.shape[0], l.input.shape[1], l.input.shape[2]*l.input.shape[3]
	x := l.input.storage.data.([]T)[l.input.offset:]
	scale, out := l.scale.storage.data.([]T), l.out.storage.data.([]T)
	gout, gin := gradOut.storage.data.([]T)[gradOut.offset:], grad.storage.data.([]T)
	cache := T(2 * l.Alpha * l.Beta / float64(l.Size))
	inversePrePad := int(float64(l.Size) - float64(l.Size-1)/2)
	for i := range gin[:n*c*plane] {
		gin[i] = T(math.Pow(float64(scale[i]), float64(T(-l.Beta)))) * gout[i]
	}
	accum := make([]T, plane)
	for b := range n {
		base := b * c * plane
		for i := range c * plane {
			padded[inversePrePad*plane+i] = gout[base+i] * out[base+i] / scale[base+i]
		}
		clear(accum)
		for ch := range l.Size - 1 {
			for j, v := range padded[ch*plane : (ch+1)*plane] {
				accum[j] += v
			}
		}
		for ch := range c {
			for j, v := range padded[(ch+l.Size-1)*plane : (ch+l.Size)*plane] {
				accum[j] += v
			}
			row := base + ch*plane
			for j := range plane {
				gin[row+j] += -cache * x[row+j] * accum[j]
			}
			for j, v := range padded[ch*plane : (ch+1)*plane] {
				accum[j] -= v
			}
		}
	}
}
