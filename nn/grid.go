package nn

import (
	"slices"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/tensor"
)

// F.affine_grid and F.grid_sample: the checks of PyTorch 1.13's
// functional.py and ATen's grid_sampler, the grid as ATen's
// affine_grid_generator builds it (a base grid of linspace(-1, 1) times
// thetaᵀ), the sampling in tensor/grid_sample.go.

// AffineGrid is F.affine_grid(theta, size, align_corners) for a checked
// floating theta [N, 2, 3] (size 4-D) or [N, 3, 4] (size 5-D): the grid
// [N, *spatial, d] of the base grid's points mapped by theta, recorded
// for theta's gradient.
func AffineGrid(theta *tensor.Tensor, size []int, alignCorners bool) (*tensor.Tensor, error) {
	spatial := size[2:]
	d := len(spatial)
	n := size[0]
	points := 1
	for _, s := range spatial {
		points *= s
	}
	base, err := tensor.Ones(theta.DType(), append(append([]int{n}, spatial...), d+1)...)
	if err != nil {
		return nil, err
	}
	// coordinate k (x first) runs along spatial dimension d-1-k.
	for k := 0; k < d; k++ {
		r, err := linspaceFromNegOne(theta.DType(), spatial[d-1-k], alignCorners)
		if err != nil {
			return nil, err
		}
		shape := make([]int, d)
		for i := range shape {
			shape[i] = 1
		}
		if r.Dim() == 1 {
			shape[d-1-k] = r.Numel()
		}
		if r, err = r.Reshape(shape...); err != nil {
			return nil, err
		}
		col, err := base.Select(-1, k)
		if err != nil {
			return nil, err
		}
		full, err := r.Expand(col.Shape()...)
		if err != nil {
			return nil, err
		}
		if err := col.CopyFrom(full); err != nil {
			return nil, err
		}
	}
	flat, err := base.Reshape(n, points, d+1)
	if err != nil {
		return nil, err
	}
	c := chain{}
	tt := c.do(func() (*tensor.Tensor, error) { return autograd.Transpose(theta, 1, 2) })
	grid := c.do(func() (*tensor.Tensor, error) { return autograd.Bmm(flat, tt) })
	return c.do(func() (*tensor.Tensor, error) {
		return autograd.Reshape(grid, append(append([]int{n}, spatial...), d)...)
	}), c.err
}

// linspaceFromNegOne is ATen's: linspace(-1, 1, steps), scaled by
// (steps-1)/steps without align_corners; 0 for one step.
func linspaceFromNegOne(d tensor.DType, steps int, alignCorners bool) (*tensor.Tensor, error) {
	if steps <= 1 {
		return tensor.Full(0, d)
	}
	r, err := tensor.Linspace(-1, 1, steps, d)
	if err != nil || alignCorners {
		return r, err
	}
	num, err := tensor.Full(float64(steps-1), d)
	if err != nil {
		return nil, err
	}
	den, err := tensor.Full(float64(steps), d)
	if err != nil {
		return nil, err
	}
	if r, err = tensor.Mul(r, num); err != nil {
		return nil, err
	}
	return tensor.Div(r, den)
}

// CheckAffineGrid is functional.py's check of theta and size: the error
// that refuses them, or the warning to give (unit-size grids with
// align_corners), or neither.
func CheckAffineGrid(theta *tensor.Tensor, size []int, alignCorners bool) (warn string, err error) {
	if !theta.DType().IsFloating() {
		return "", tensor.Errorf(tensor.ValueError, "Expected theta to have floating point type, but got torch.%s", theta.DType())
	}
	sizeText := pyList(size)
	var spatial []int
	switch len(size) {
	case 4:
		if s := theta.Shape(); len(s) != 3 || s[1] != 2 || s[2] != 3 {
			return "", tensor.Errorf(tensor.ValueError, "Expected a batch of 2D affine matrices of shape Nx2x3 for size %s. Got %s.", sizeText, pyShape(s))
		}
		spatial = size[2:]
	case 5:
		if s := theta.Shape(); len(s) != 3 || s[1] != 3 || s[2] != 4 {
			return "", tensor.Errorf(tensor.ValueError, "Expected a batch of 3D affine matrices of shape Nx3x4 for size %s. Got %s.", sizeText, pyShape(s))
		}
		spatial = size[2:]
	default:
		return "", tensor.Errorf(tensor.NotImplementedError, "affine_grid only supports 4D and 5D sizes, for 2D and 3D affine transforms, respectively. Got size %s.", sizeText)
	}
	if alignCorners && slices.Min(spatial) == 1 {
		return "Since version 1.3.0, affine_grid behavior has changed for unit-size grids when align_corners=True. This is not an intended use case of affine_grid. See the documentation of affine_grid for details.", nil
	}
	if slices.Min(size) <= 0 {
		return "", tensor.Errorf(tensor.ValueError, "Expected non-zero, positive output size. Got %s", sizeText)
	}
	if size[0] != theta.Shape()[0] {
		return "", tensor.Errorf(tensor.RuntimeError, "Expected size[0] (%d) to equal theta's batch size (%d)", size[0], theta.Shape()[0])
	}
	return "", nil
}

// GridSample is F.grid_sample after its mode and padding checks: ATen's
// checks of the shapes, then the sampling.
func GridSample(input, grid *tensor.Tensor, mode, padding string, alignCorners bool) (*tensor.Tensor, error) {
	if mode != "bilinear" && mode != "nearest" && mode != "bicubic" {
		return nil, tensor.Errorf(tensor.ValueError, "nn.functional.grid_sample(): expected mode to be 'bilinear', 'nearest' or 'bicubic', but got: '%s'", mode)
	}
	if padding != "zeros" && padding != "border" && padding != "reflection" {
		return nil, tensor.Errorf(tensor.ValueError, "nn.functional.grid_sample(): expected padding_mode to be 'zeros', 'border', or 'reflection', but got: '%s'", padding)
	}
	is, gs := input.Shape(), grid.Shape()
	if input.DType() != grid.DType() {
		return nil, tensor.Errorf(tensor.RuntimeError, "expected scalar type %s but found %s", input.DType().ScalarTypeName(), grid.DType().ScalarTypeName())
	}
	if len(is) > 0 && len(gs) > 0 && is[0] != gs[0] {
		return nil, tensor.Errorf(tensor.RuntimeError, "grid_sampler(): expected grid and input to have same batch size, but got input with sizes %s and grid with sizes %s", pyList(is), pyList(gs))
	}
	if len(gs) > 0 && gs[len(gs)-1] != len(is)-2 {
		return nil, tensor.Errorf(tensor.RuntimeError, "grid_sampler(): expected grid to have size %d in last dimension, but got grid with sizes %s", len(is)-2, pyList(gs))
	}
	for i := 2; i < len(is); i++ {
		if is[i] <= 0 {
			return nil, tensor.Errorf(tensor.RuntimeError, "grid_sampler(): expected input to have non-empty spatial dimensions, but input has sizes %s with dimension %d being empty", pyList(is), i)
		}
	}
	if !(len(is) == 4 && len(gs) == 4 || len(is) == 5 && len(gs) == 5) {
		return nil, tensor.Errorf(tensor.RuntimeError, "grid_sampler(): expected 4D or 5D input and grid with same number of dimensions, but got input with sizes %s and grid with sizes %s", pyList(is), pyList(gs))
	}
	if mode == "bicubic" && len(is) == 5 {
		return nil, tensor.Errorf(tensor.RuntimeError, "grid_sampler(): bicubic interpolation only supports 4D input")
	}
	if d := input.DType(); d != tensor.Float32 && d != tensor.Float64 {
		return nil, tensor.NotImplementedFor("grid_sampler_2d_cpu", d)
	}
	return autograd.GridSample(input, grid, mode, padding, alignCorners)
}
