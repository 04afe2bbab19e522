package torch

import (
	"strings"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The in-place fills of Tensor beyond uniform_, normal_, exponential_ and
// bernoulli_: random_ in its three forms, cauchy_, log_normal_ and
// geometric_, each drawing what PyTorch's CPU kernel draws for the same
// seed (tensor/random_int.go).

func defRandomFills() {
	lang.NewBuiltin(lang.AsMethod, "random_(input, *args, to=None, generator=None)", "In place: fills input with random integers, as PyTorch draws them. random_() takes them in [0, 2**mantissa digits] for a floating dtype and [0, max] for an integer one; random_(to) in [0, to); random_(from, to) in [from, to), and random_(from, None) from from up to the dtype's largest value. Returns input.", func(a *lang.Args) (lang.Value, error) {
		x, g := a.Tensor("input"), GeneratorArg(a)
		if err := a.Err(); err != nil {
			return nil, err
		}
		args := append(lang.Tuple{}, a.Value("args").(lang.Tuple)...)
		if !a.IsNone("to") {
			if len(args) == 0 {
				args = append(args, int64(0))
			}
			args = append(args, a.Value("to"))
		}
		if len(args) > 2 {
			return nil, lang.Errorf(lang.TypeError, "random_() takes from 0 to 2 positional arguments but %d were given", len(args))
		}
		bounds := make([]*int64, len(args))
		for i, v := range args {
			if i == 1 && v == lang.None {
				continue
			}
			n, ok := lang.AsInt(v)
			if !ok {
				names := make([]string, len(args))
				for j, v := range args {
					names[j] = lang.TypeName(v)
				}
				return nil, lang.Errorf(lang.TypeError, "random_() received an invalid combination of arguments - got (%s), but expected one of:\n * (*, torch.Generator generator)\n * (int from, int to, *, torch.Generator generator)\n * (int to, *, torch.Generator generator)", strings.Join(names, ", "))
			}
			bounds[i] = &n
		}
		if err := checkOverwrite(x, "random_"); err != nil {
			return nil, err
		}
		var warnings []string
		var err error
		switch len(bounds) {
		case 0:
			err = tensor.FillRandom(x, g)
		case 1:
			warnings, err = tensor.FillRandomRange(x, 0, bounds[0], g)
		default:
			warnings, err = tensor.FillRandomRange(x, *bounds[0], bounds[1], g)
		}
		for _, w := range warnings {
			if werr := warnUser(a, w); werr != nil {
				return nil, werr
			}
		}
		return inPlace(x, err)
	})
	lang.NewBuiltin(lang.AsMethod, "cauchy_(input, median=0, sigma=1, *, generator=None)", "In place: fills input with Cauchy values of the given median and scale, median + sigma*tan(pi*(u - 0.5)) for uniform u, drawn as PyTorch's CPU kernel draws them; returns input.", func(a *lang.Args) (lang.Value, error) {
		x, median, sigma, g := a.Tensor("input"), a.Float("median"), a.Float("sigma"), GeneratorArg(a)
		if err := a.Err(); err != nil {
			return nil, err
		}
		if err := checkOverwrite(x, "cauchy_"); err != nil {
			return nil, err
		}
		return inPlace(x, tensor.FillCauchy(x, median, sigma, g))
	})
	lang.NewBuiltin(lang.AsMethod, "log_normal_(input, mean=1, std=2, *, generator=None)", "In place: fills input with exp(v) for normal values v of the given mean and standard deviation (std > 0), drawn as PyTorch draws them; returns input.", func(a *lang.Args) (lang.Value, error) {
		x, mean, std, g := a.Tensor("input"), a.Float("mean"), a.Float("std"), GeneratorArg(a)
		if err := a.Err(); err != nil {
			return nil, err
		}
		if err := checkOverwrite(x, "log_normal_"); err != nil {
			return nil, err
		}
		return inPlace(x, tensor.FillLogNormal(x, mean, std, g))
	})
	lang.NewBuiltin(lang.AsMethod, "geometric_(input, p, *, generator=None)", "In place: fills input with the number of Bernoulli trials of success probability p (0 < p < 1) up to and including the first success, drawn as PyTorch draws them; integer dtypes allowed. Returns input.", func(a *lang.Args) (lang.Value, error) {
		x, p, g := a.Tensor("input"), a.Float("p"), GeneratorArg(a)
		if err := a.Err(); err != nil {
			return nil, err
		}
		if err := checkOverwrite(x, "geometric_"); err != nil {
			return nil, err
		}
		return inPlace(x, tensor.FillGeometric(x, p, g))
	})
	lang.NewBuiltin(lang.AsFunc, "poisson(input, generator=None)", "Counts drawn from Poisson distributions of the rates in input (each >= 0), in input's dtype, as PyTorch's CPU sampler draws them for the same seed: poisson(tensor([0.5, 12.0])). Its gradient (PoissonBackward0) is zero.", func(a *lang.Args) (lang.Value, error) {
		x, g := a.Tensor("input"), GeneratorArg(a)
		if err := a.Err(); err != nil {
			return nil, err
		}
		out, err := poissonSample(x, g)
		if err != nil {
			return nil, err
		}
		return autograd.Sample("PoissonBackward0", out, x), nil
	})
}
