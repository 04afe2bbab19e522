package torch

import (
	"fmt"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/nn"
	"github.com/kael-dev/kael/tensor"
)

// nn.FractionalMaxPool2d/3d and F.fractional_max_pool2d/3d with their
// _with_indices forms (package nn's fractional_pool.go, the kernel in
// tensor/fractional_pool.go).

// fractionalSizes reads kernel_size or output_size (None allowed for
// output_size): an int for every dimension or a tuple of k ints, else
// ATen's error.
func fractionalSizes(a *lang.Args, name string, k int) []int {
	v := a.Value(name)
	if v == lang.None {
		return nil
	}
	if n, ok := v.(int64); ok {
		out := make([]int, k)
		for i := range out {
			out[i] = int(n)
		}
		return out
	}
	if ints, ok := lang.IntSequence(v); ok && len(ints) == k {
		return ints
	}
	if ints, ok := lang.IntSequence(v); ok && len(ints) == 1 {
		return []int{ints[0], ints[0], ints[0]}[:k]
	}
	a.Fail(lang.Errorf(lang.RuntimeError, "fractional_max_pool%dd: %s must either be a single Int or tuple of Ints", k, name))
	return nil
}

// fractionalRatio reads output_ratio: None, a number for every dimension
// or a tuple of k numbers (PyTorch's _pair/_triple).
func fractionalRatio(a *lang.Args, k int) []float64 {
	v := a.Value("output_ratio")
	if v == lang.None {
		return nil
	}
	if f, ok := lang.AsFloat(v); ok {
		out := make([]float64, k)
		for i := range out {
			out[i] = f
		}
		return out
	}
	elems, _, ok := lang.Sequence(v)
	if ok && len(elems) == k {
		out := make([]float64, k)
		for i, e := range elems {
			if out[i], ok = lang.AsFloat(e); !ok {
				break
			}
		}
		if ok {
			return out
		}
	}
	a.Fail(lang.Errorf(lang.TypeError, "output_ratio must be a number or a tuple of %d numbers, not %s", k, lang.Repr(v)))
	return nil
}

func defFractionalMaxPool() {
	for k := 2; k <= 3; k++ {
		doc := fmt.Sprintf("Fractional max pooling (Graham, 2014) of the last %d dimensions of [N, C, *] or [C, *] inputs: the maximum of kernel_size windows whose starts step pseudo-randomly so that the output has output_size (or the input's size times output_ratio); _random_samples [N, C, %d] in [0, 1) fix the steps, else they are drawn as torch.rand from the default generator, as PyTorch draws them.", k, k)
		params := "input, kernel_size, output_size=None, output_ratio=None, return_indices=False, _random_samples=None"
		read := func(a *lang.Args) (x *tensor.Tensor, kernel, out []int, ratio []float64, samples *tensor.Tensor) {
			return tensorArg(a, "input"), fractionalSizes(a, "kernel_size", k), fractionalSizes(a, "output_size", k), fractionalRatio(a, k), a.OptTensor("_random_samples")
		}
		for _, withIndices := range []bool{false, true} {
			name := fmt.Sprintf("fractional_max_pool%dd", k)
			d := doc
			if withIndices {
				name += "_with_indices"
				d += " Always returns (values, indices)."
			}
			functionalOnlyDef(lang.NewBuiltin(lang.AsValue, name+"("+params+")", d, func(a *lang.Args) (lang.Value, error) {
				x, kernel, out, ratio, samples := read(a)
				ri := withIndices || a.Bool("return_indices")
				if err := a.Err(); err != nil {
					return nil, err
				}
				v, i, err := nn.FractionalMaxPoolF(x, kernel, out, ratio, samples, k)
				return poolResult(v, i, err, ri)
			}))
		}
		class := fmt.Sprintf("FractionalMaxPool%dd", k)
		defLayer("pooling", class+"(kernel_size, output_size=None, output_ratio=None, return_indices=False, _random_samples=None)", doc, func(a *lang.Args) (nn.Module, error) {
			kernel, out, ratio := fractionalSizes(a, "kernel_size", k), fractionalSizes(a, "output_size", k), fractionalRatio(a, k)
			samples, ri := a.OptTensor("_random_samples"), a.Bool("return_indices")
			if err := a.Err(); err != nil {
				return nil, err
			}
			if out == nil && ratio == nil {
				return nil, lang.Errorf(lang.ValueError, "%s requires specifying either an output size, or a pooling ratio", class)
			}
			if out != nil && ratio != nil {
				return nil, lang.Errorf(lang.ValueError, "only one of output_size and output_ratio may be specified")
			}
			for _, r := range ratio {
				if !(0 < r && r < 1) {
					return nil, lang.Errorf(lang.ValueError, "output_ratio must be between 0 and 1 (got %s)", lang.Str(a.Value("output_ratio")))
				}
			}
			var p *nn.IndexedPool
			p = nn.NewIndexedPool(class, "", hypersOf(a, sigParams(a.Builtin().Sig)), ri, func(x *tensor.Tensor) (*tensor.Tensor, *tensor.Tensor, error) {
				return nn.FractionalMaxPoolF(x, kernel, out, ratio, p.Base().Buffer("_random_samples"), k)
			})
			p.Base().SetBuffer("_random_samples", samples)
			return p, nil
		})
		layerForwards[class] = indexedPoolForward
	}
}
