package nn

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/tensor"
)

// FractionalMaxPoolF is F.fractional_max_pool2d_with_indices (k = 2) and
// F.fractional_max_pool3d_with_indices (k = 3) as PyTorch 1.13's
// functional.py writes them: the output size given, or the input's
// spatial sizes times outputRatio (truncated); the samples given, or
// drawn as torch.rand(N, C, k) in the input's dtype from the default
// generator (N = 1 for an unbatched input); then ATen's pool.
func FractionalMaxPoolF(x *tensor.Tensor, kernel, outputSize []int, outputRatio []float64, samples *tensor.Tensor, k int) (values, indices *tensor.Tensor, err error) {
	if outputSize == nil && outputRatio == nil {
		return nil, nil, tensor.Errorf(tensor.ValueError, "fractional_max_pool%dd requires specifying either an output_size or an output_ratio", k)
	}
	if outputSize == nil {
		outputSize = make([]int, k)
		for i := range k {
			s, err := x.Size(i - k)
			if err != nil {
				return nil, nil, err
			}
			outputSize[i] = int(float64(s) * outputRatio[i])
		}
	}
	if samples == nil {
		batch := 1
		if x.Dim() != k+1 {
			if batch, err = x.Size(0); err != nil {
				return nil, nil, err
			}
		}
		c, err := x.Size(-k - 1)
		if err != nil {
			return nil, nil, err
		}
		if samples, err = tensor.Rand(nil, x.DType(), batch, c, k); err != nil {
			return nil, nil, err
		}
	}
	return autograd.FractionalMaxPool(x, samples, kernel, outputSize)
}
