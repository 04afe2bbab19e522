package torch

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/nn"
)

// F.affine_grid and F.grid_sample (package nn's grid.go).

// alignCornersDefault reads align_corners: None warns as PyTorch 1.13
// does and means False.
func alignCornersDefault(a *lang.Args) (bool, error) {
	if !a.IsNone("align_corners") {
		return a.Bool("align_corners"), nil
	}
	return false, warnUser(a, "Default grid_sample and affine_grid behavior has changed to align_corners=False since 1.3.0. Please specify align_corners=True if the old behavior is desired. See the documentation of grid_sample for details.")
}

func defGrid() {
	functionalOnlyDef(lang.NewBuiltin(lang.AsValue, "affine_grid(theta, size, align_corners=None)", "The sampling grid [N, H, W, 2] (size [N, C, H, W], theta [N, 2, 3]) or [N, D, H, W, 3] (size 5-D, theta [N, 3, 4]) of the affine maps theta, for F.grid_sample: each output location's normalised coordinates (x, y[, z], 1) times thetaᵀ, differentiable in theta.", func(a *lang.Args) (lang.Value, error) {
		theta, size := a.Tensor("theta"), a.Ints("size")
		if err := a.Err(); err != nil {
			return nil, err
		}
		align, err := alignCornersDefault(a)
		if err != nil {
			return nil, err
		}
		warn, err := nn.CheckAffineGrid(theta, size, align)
		if err != nil {
			return nil, err
		}
		if warn != "" {
			if err := warnUser(a, warn); err != nil {
				return nil, err
			}
		}
		return result(nn.AffineGrid(theta, size, align))
	}))
	functionalOnlyDef(lang.NewBuiltin(lang.AsValue, "grid_sample(input, grid, mode='bilinear', padding_mode='zeros', align_corners=None)", "Samples input [N, C, H, W] (or [N, C, D, H, W]) at the normalised locations of grid [N, H', W', 2] (or [N, D', H', W', 3], x first; -1 and 1 the first and last pixel's centres with align_corners, their outer edges without): mode 'bilinear' (trilinear for 5-D), 'nearest' or 'bicubic' (4-D), padding_mode 'zeros', 'border' or 'reflection'; differentiable in input and grid.", func(a *lang.Args) (lang.Value, error) {
		x, grid, mode, padding := a.Tensor("input"), a.Tensor("grid"), a.Str("mode"), a.Str("padding_mode")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if mode != "bilinear" && mode != "nearest" && mode != "bicubic" || padding != "zeros" && padding != "border" && padding != "reflection" {
			return result(nn.GridSample(x, grid, mode, padding, false))
		}
		align, err := alignCornersDefault(a)
		if err != nil {
			return nil, err
		}
		return result(nn.GridSample(x, grid, mode, padding, align))
	}))
}
