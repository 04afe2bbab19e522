package torch

import (
	"fmt"
	"slices"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/nn"
)

// gridModes and gridPaddings are ATen's numbering of grid_sample's modes,
// F.GRID_SAMPLE_INTERPOLATION_MODES and F.GRID_SAMPLE_PADDING_MODES.
var (
	gridModes    = []string{"bilinear", "nearest", "bicubic"}
	gridPaddings = []string{"zeros", "border", "reflection"}
)

// enumDict is {name: number} of names, in order.
func enumDict(names []string) *lang.Dict {
	d := lang.NewDict()
	for i, n := range names {
		_ = d.Set(n, int64(i))
	}
	return d
}

// gridSampler is torch.grid_sampler(_2d, _3d): the modes by ATen's
// numbers; dims 0 takes 4-D and 5-D inputs.
func gridSampler(a *lang.Args, dims int) (lang.Value, error) {
	x, grid, mode, pad, align := a.Tensor("input"), a.Tensor("grid"), a.Int("interpolation_mode"), a.Int("padding_mode"), a.Bool("align_corners")
	if err := a.Err(); err != nil {
		return nil, err
	}
	if dims != 0 && (x.Dim() != dims || grid.Dim() != dims) {
		return nil, lang.Errorf(lang.RuntimeError, "grid_sampler(): expected %dD input and grid with same number of dimensions, but got input with sizes %s and grid with sizes %s", dims, intList(x.Shape()), intList(grid.Shape()))
	}
	if mode < 0 || mode >= len(gridModes) {
		return nil, lang.Errorf(lang.RuntimeError, "grid_sampler(): interpolation_mode %d is not one of 0 (bilinear), 1 (nearest), 2 (bicubic)", mode)
	}
	if pad < 0 || pad >= len(gridPaddings) {
		return nil, lang.Errorf(lang.RuntimeError, "grid_sampler(): padding_mode %d is not one of 0 (zeros), 1 (border), 2 (reflection)", pad)
	}
	return result(nn.GridSample(x, grid, gridModes[mode], gridPaddings[pad], align))
}

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
	functionalOnly["GRID_SAMPLE_INTERPOLATION_MODES"] = enumDict(gridModes)
	functionalOnly["GRID_SAMPLE_PADDING_MODES"] = enumDict(gridPaddings)
	torchMembers["grid_sampler"] = lang.NewBuiltin(lang.AsValue, "grid_sampler(input, grid, interpolation_mode, padding_mode, align_corners)", "F.grid_sample with ATen's numbered modes: interpolation_mode 0 bilinear, 1 nearest, 2 bicubic; padding_mode 0 zeros, 1 border, 2 reflection.", func(a *lang.Args) (lang.Value, error) {
		return gridSampler(a, 0)
	})
	for _, d := range []int{2, 3} {
		name := fmt.Sprintf("grid_sampler_%dd", d)
		torchMembers[name] = lang.NewBuiltin(lang.AsValue, name+"(input, grid, interpolation_mode, padding_mode, align_corners)", fmt.Sprintf("torch.grid_sampler for %d-D inputs only.", d+2), func(a *lang.Args) (lang.Value, error) {
			return gridSampler(a, d+2)
		})
	}
	torchMembers["affine_grid_generator"] = lang.NewBuiltin(lang.AsValue, "affine_grid_generator(theta, size, align_corners)", "F.affine_grid's grid of theta for size (4-D or 5-D), without its warnings.", func(a *lang.Args) (lang.Value, error) {
		theta, size, align := a.Tensor("theta"), a.Ints("size"), a.Bool("align_corners")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if !slices.Contains([]int{4, 5}, len(size)) {
			return nil, lang.Errorf(lang.RuntimeError, "AffineGridGenerator needs 4d (spatial) or 5d (volumetric) inputs.")
		}
		if _, err := nn.CheckAffineGrid(theta, size, false); err != nil {
			return nil, err
		}
		return result(nn.AffineGrid(theta, size, align))
	})
}
