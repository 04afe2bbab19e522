package torch

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/nn"
	"github.com/kael-dev/kael/tensor"
)

// nn.AlphaDropout, nn.FeatureAlphaDropout and nn.RReLU with
// F.alpha_dropout, F.feature_alpha_dropout, F.rrelu and F.rrelu_
// (package nn's dropout_random.go), and F.gumbel_softmax (gumbel.go).

// inPlaceIf applies f to x, or writes it into x when inplace.
func inPlaceIf(x *tensor.Tensor, inplace bool, op string, f func(x *tensor.Tensor) (*tensor.Tensor, error)) (lang.Value, error) {
	if inplace {
		return inPlace(x, nn.RewriteInPlace(x, op, f))
	}
	return result(f(x))
}

func defRandomLayers() {
	for _, feature := range []bool{false, true} {
		class, fn := "AlphaDropout", "alpha_dropout"
		doc := "Alpha dropout, for self-normalising (SELU) networks: while training, each element is dropped with probability p to SELU's negative saturation value and the result rescaled to keep zero mean and unit variance."
		if feature {
			class, fn = "FeatureAlphaDropout", "feature_alpha_dropout"
			doc = "Alpha dropout of whole channels (dimension 1 of [N, C, *]): while training, each channel is dropped with probability p to SELU's negative saturation value and the result rescaled to keep zero mean and unit variance."
		}
		f := func(p float64) func(x *tensor.Tensor, training bool) (*tensor.Tensor, error) {
			return func(x *tensor.Tensor, training bool) (*tensor.Tensor, error) {
				return nn.AlphaDropout(x, p, training, feature)
			}
		}
		defLayer("dropout", class+"(p=0.5, inplace=False)", doc+" After model.eval() it passes the input through. As in PyTorch, the layer's inplace is shown but not used.", func(a *lang.Args) (nn.Module, error) {
			p := a.Float("p")
			if err := a.Err(); err != nil {
				return nil, err
			}
			if p < 0 || p > 1 {
				return nil, lang.Errorf(lang.ValueError, "dropout probability has to be between 0 and 1, but got %s", lang.Repr(a.Value("p")))
			}
			return nn.NewTrainFunc(class, "p="+given(a, "p")+", inplace="+given(a, "inplace"), fn+"_", hypersOf(a, "p=0.5, inplace=False"), false, f(p)), nil
		})
		functionalOnlyDef(lang.NewBuiltin(lang.AsValue, fn+"(input, p=0.5, training=False, inplace=False)", doc+" The input itself unless training.", func(a *lang.Args) (lang.Value, error) {
			x, p, training, inplace := tensorArg(a, "input"), a.Float("p"), a.Bool("training"), a.Bool("inplace")
			if err := a.Err(); err != nil {
				return nil, err
			}
			if p < 0 || p > 1 {
				return nil, lang.Errorf(lang.ValueError, "dropout probability has to be between 0 and 1, but got %s", lang.Repr(a.Value("p")))
			}
			if !training || p == 0 {
				return x, nil
			}
			return inPlaceIf(x, inplace, fn+"_", func(x *tensor.Tensor) (*tensor.Tensor, error) { return f(p)(x, true) })
		}))
	}
	const rreluDoc = "The randomized leaky ReLU: x where x > 0, else x·r, r drawn uniform in [lower, upper) for each element while training, (lower + upper)/2 otherwise."
	defLayer("activation", "RReLU(lower=0.125, upper=0.3333333333333333, inplace=False)", rreluDoc, func(a *lang.Args) (nn.Module, error) {
		lower, upper, inplace := a.Float("lower"), a.Float("upper"), a.Bool("inplace")
		if err := a.Err(); err != nil {
			return nil, err
		}
		extra := "lower=" + given(a, "lower") + ", upper=" + given(a, "upper") + inplaceSuffix(a)
		return nn.NewTrainFunc("RReLU", extra, "rrelu_", hypersOf(a, "lower=0.125, upper=0.3333333333333333, inplace=False"), inplace,
			func(x *tensor.Tensor, training bool) (*tensor.Tensor, error) {
				return nn.RReLU(x, lower, upper, training)
			}), nil
	})
	for _, inplaceOnly := range []bool{false, true} {
		sig := "rrelu(input, lower=0.125, upper=0.3333333333333333, training=False, inplace=False)"
		if inplaceOnly {
			sig = "rrelu_(input, lower=0.125, upper=0.3333333333333333, training=False)"
		}
		functionalOnlyDef(lang.NewBuiltin(lang.AsValue, sig, rreluDoc, func(a *lang.Args) (lang.Value, error) {
			x, lower, upper, training := tensorArg(a, "input"), a.Float("lower"), a.Float("upper"), a.Bool("training")
			inplace := inplaceOnly || a.Bool("inplace")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return inPlaceIf(x, inplace, "rrelu_", func(x *tensor.Tensor) (*tensor.Tensor, error) { return nn.RReLU(x, lower, upper, training) })
		}))
	}
}

// defGumbelSoftmax defines F.gumbel_softmax.
func defGumbelSoftmax() {
	functionalOnlyDef(lang.NewBuiltin(lang.AsValue, "gumbel_softmax(logits, tau=1, hard=False, eps=1e-10, dim=-1)", "A sample of the Gumbel-softmax distribution of logits: softmax((logits + g) / tau) along dim with Gumbel noise g = -log(exponential_()), drawn as PyTorch draws it for the same seed. hard=True returns the one-hot of each sample's argmax with the soft sample's gradient (straight-through). eps is deprecated and unused, with PyTorch's warning.", func(a *lang.Args) (lang.Value, error) {
		x, tau, hard, eps, dim := tensorArg(a, "logits"), a.Float("tau"), a.Bool("hard"), a.Float("eps"), a.Int("dim")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if eps != 1e-10 {
			if err := warnUser(a, "`eps` parameter is deprecated and has no effect."); err != nil {
				return nil, err
			}
		}
		return result(nn.GumbelSoftmax(x, tau, hard, dim, nil))
	}))
}
