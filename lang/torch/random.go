package torch

import (
	"time"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The random builtins beyond rand, randn, randint and normal (in
// tensor.go): randperm, bernoulli, multinomial, the in-place
// uniform_, normal_ and bernoulli_, and the generator state. Every draw
// comes from tensor's PyTorch-compatible generator, so the values are
// PyTorch's for the same seed.

func defRandomOps() {
	lang.NewBuiltin(lang.AsFunc, "randperm(n, *, generator=None, dtype=None, requires_grad=False, device=None)", "A random permutation of 0, 1, ..., n-1 (int64 unless dtype says otherwise): randperm(5).", func(a *lang.Args) (lang.Value, error) {
		n, g, d := a.Int("n"), GeneratorArg(a), a.OptDType("dtype")
		if err := a.Err(); err != nil {
			return nil, err
		}
		t, err := tensor.Randperm(g, n)
		if err == nil && d != nil {
			t, err = t.To(*d)
		}
		return withRequiresGrad(a, t, err)
	})
	lang.NewBuiltin(lang.AsBoth, "bernoulli(input, p=None, *, generator=None)", "Ones drawn with the probabilities in input (each in [0, 1]) and zeros, in input's dtype: bernoulli(full((3,), 0.5)). With p, every element has probability p.", func(a *lang.Args) (lang.Value, error) {
		x, g := a.Tensor("input"), GeneratorArg(a)
		if err := a.Err(); err != nil {
			return nil, err
		}
		if a.IsNone("p") {
			return result(tensor.Bernoulli(x, g))
		}
		p := a.Float("p")
		if err := a.Err(); err != nil {
			return nil, err
		}
		out, err := tensor.Empty(x.DType(), x.Shape()...)
		if err != nil {
			return nil, err
		}
		return inPlace(out, tensor.FillBernoulli(out, p, g))
	})
	lang.NewBuiltin(lang.AsBoth, "multinomial(input, num_samples, replacement=False, *, generator=None)", "Indices drawn from the categories of input, a 1-D tensor of non-negative weights (or 2-D, one distribution per row): multinomial(tensor([0.2, 0.8]), 3, replacement=True). Without replacement each index comes once.", func(a *lang.Args) (lang.Value, error) {
		x, n, repl, g := a.Tensor("input"), a.Int("num_samples"), a.Bool("replacement"), GeneratorArg(a)
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(tensor.Multinomial(x, n, repl, g))
	})
	lang.NewBuiltin(lang.AsMethod, "uniform_(input, from_=0, to=1, *, generator=None)", "In place: fills input with values uniform in [from_, to); returns input.", func(a *lang.Args) (lang.Value, error) {
		x, from, to, g := a.Tensor("input"), a.Float("from_"), a.Float("to"), GeneratorArg(a)
		if err := a.Err(); err != nil {
			return nil, err
		}
		if err := checkOverwrite(x, "uniform_"); err != nil {
			return nil, err
		}
		return inPlace(x, tensor.FillUniform(x, from, to, g))
	})
	lang.NewBuiltin(lang.AsMethod, "exponential_(input, lambd=1, *, generator=None)", "In place: fills input with exponential values of rate lambd (mean 1/lambd), drawn as PyTorch's CPU kernel draws them; returns input.", func(a *lang.Args) (lang.Value, error) {
		x, lambd, g := a.Tensor("input"), a.Float("lambd"), GeneratorArg(a)
		if err := a.Err(); err != nil {
			return nil, err
		}
		if err := checkOverwrite(x, "exponential_"); err != nil {
			return nil, err
		}
		return inPlace(x, tensor.FillExponential(x, lambd, g))
	})
	lang.NewBuiltin(lang.AsMethod, "normal_(input, mean=0, std=1, *, generator=None)", "In place: fills input with normal values of the given mean and standard deviation; returns input.", func(a *lang.Args) (lang.Value, error) {
		x, mean, std, g := a.Tensor("input"), a.Float("mean"), a.Float("std"), GeneratorArg(a)
		if err := a.Err(); err != nil {
			return nil, err
		}
		if err := checkOverwrite(x, "normal_"); err != nil {
			return nil, err
		}
		return inPlace(x, tensor.FillNormal(x, mean, std, g))
	})
	lang.NewBuiltin(lang.AsMethod, "bernoulli_(input, p=0.5, *, generator=None)", "In place: fills input with ones drawn with probability p and zeros; returns input.", func(a *lang.Args) (lang.Value, error) {
		x, p, g := a.Tensor("input"), a.Float("p"), GeneratorArg(a)
		if err := a.Err(); err != nil {
			return nil, err
		}
		if err := checkOverwrite(x, "bernoulli_"); err != nil {
			return nil, err
		}
		return inPlace(x, tensor.FillBernoulli(x, p, g))
	})
	lang.NewBuiltin(lang.AsFunc, "get_rng_state()", "The default generator's state, in PyTorch's layout: 5056 bytes as an int64 tensor (kael has no uint8), for set_rng_state.", func(a *lang.Args) (lang.Value, error) {
		return result(tensor.DefaultGenerator().State())
	})
	lang.NewBuiltin(lang.AsFunc, "set_rng_state(new_state)", "Restores the default generator to a state get_rng_state returned, so the same numbers come again.", func(a *lang.Args) (lang.Value, error) {
		s := a.Tensor("new_state")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return lang.None, tensor.DefaultGenerator().SetState(s)
	})
	lang.NewBuiltin(lang.AsFunc, "initial_seed()", "The seed the default generator was last seeded with.", func(a *lang.Args) (lang.Value, error) {
		return int64(tensor.DefaultGenerator().InitialSeed()), nil
	})
	lang.NewBuiltin(lang.AsFunc, "seed()", "Seeds the default generator from the clock and returns the seed.", func(a *lang.Args) (lang.Value, error) {
		s := clockSeed()
		tensor.ManualSeed(s)
		return int64(s), nil
	})

	generatorMethods["get_state"] = lang.NewBuiltin(lang.AsValue, "get_state(self)", "The generator's state, as get_rng_state gives the default one's.", func(a *lang.Args) (lang.Value, error) {
		return result(a.Value("self").(*Generator).g.State())
	})
	generatorMethods["set_state"] = lang.NewBuiltin(lang.AsValue, "set_state(self, new_state)", "Restores a state get_state returned; returns the generator.", func(a *lang.Args) (lang.Value, error) {
		s := a.Tensor("new_state")
		if err := a.Err(); err != nil {
			return nil, err
		}
		g := a.Value("self").(*Generator)
		if err := g.g.SetState(s); err != nil {
			return nil, err
		}
		return g, nil
	})
	generatorMethods["seed"] = lang.NewBuiltin(lang.AsValue, "seed(self)", "Seeds the generator from the clock and returns the seed.", func(a *lang.Args) (lang.Value, error) {
		s := clockSeed()
		a.Value("self").(*Generator).g.ManualSeed(s)
		return int64(s), nil
	})
}

// clockSeed is a seed that differs from run to run, a positive int64 as
// PyTorch's seed() returns.
func clockSeed() uint64 { return uint64(time.Now().UnixNano()) &^ (1 << 63) }

// drawingNothing runs make, which may draw from the default generator (a
// layer's constructor initialising its parameters), and puts the
// generator back as it was: for skip_init and torch.load, which PyTorch
// runs without drawing.
func drawingNothing(make func() (lang.Value, error)) (lang.Value, error) {
	g := tensor.DefaultGenerator()
	saved := g.Clone()
	v, err := make()
	g.Set(saved)
	return v, err
}
