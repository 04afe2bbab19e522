package nn

import (
	"math"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/tensor"
)

// F.alpha_dropout, F.feature_alpha_dropout and F.rrelu: the random layers
// whose draws depend on the training flag, each drawing from the default
// generator in PyTorch's order (bernoulli_(1 - p) over the noise; one
// uniform double per non-positive element), so a seed gives PyTorch's
// values.

// selfNormalizingAlpha is -SELU's scale·alpha, the value alpha dropout
// drops to.
const selfNormalizingAlpha = 1.7580993408473766

// AlphaDropout is F.alpha_dropout (feature false) or
// F.feature_alpha_dropout (feature true: one draw per channel of
// [N, C, *]): while training, each element (or channel) is kept with
// probability 1-p, the dropped ones set to -alpha', and the result
// rescaled to keep a zero mean and unit variance; x itself when not
// training or p is 0.
func AlphaDropout(x *tensor.Tensor, p float64, training, feature bool) (*tensor.Tensor, error) {
	if p < 0 || p > 1 {
		return nil, tensor.Errorf(tensor.ValueError, "dropout probability has to be between 0 and 1, but got %s", pyFloat(p))
	}
	if p == 0 || !training || x.Numel() == 0 {
		return x, nil
	}
	c := &chain{}
	if p == 1 {
		return c.mul(x, c.scalar(0, x.DType())), c.err
	}
	shape := x.Shape()
	if feature {
		if x.Dim() < 2 {
			return nil, tensor.Errorf(tensor.RuntimeError, "Feature dropout requires at least 2 dimensions in the input")
		}
		for i := 2; i < len(shape); i++ {
			shape[i] = 1
		}
	}
	noise := c.do(func() (*tensor.Tensor, error) { return tensor.Empty(x.DType(), shape...) })
	if c.err != nil {
		return nil, c.err
	}
	if err := tensor.FillBernoulli(noise, 1-p, nil); err != nil {
		return nil, err
	}
	a := 1 / math.Sqrt((selfNormalizingAlpha*selfNormalizingAlpha*p+1)*(1-p))
	// b = (noise - 1)·alpha'·a + alpha'·a·p; noise·a
	b := c.do(func() (*tensor.Tensor, error) {
		s, err := tensor.Sub(noise, tensor.MustScalar(1.0))
		if err != nil {
			return nil, err
		}
		if s, err = tensor.Mul(s, tensor.MustScalar(selfNormalizingAlpha*a)); err != nil {
			return nil, err
		}
		return tensor.Add(s, tensor.MustScalar(selfNormalizingAlpha*a*p))
	})
	scale := c.do(func() (*tensor.Tensor, error) { return tensor.Mul(noise, tensor.MustScalar(a)) })
	return c.add(c.mul(x, scale), b), c.err
}

// RReLU is F.rrelu: x where x > 0, else x·r; while training r is drawn
// uniform in [lower, upper) for each non-positive element, in order,
// otherwise it is (lower + upper)/2. It is recorded as PyTorch's one
// node, RreluWithNoiseBackward0, training or not.
func RReLU(x *tensor.Tensor, lower, upper float64, training bool) (*tensor.Tensor, error) {
	if lower > upper {
		return nil, tensor.Errorf(tensor.RuntimeError, "Lower bound should be less than or equal to the upper bound")
	}
	return autograd.Composite("RreluWithNoiseBackward0", []*tensor.Tensor{x}, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
		return rrelu(in[0], lower, upper, training)
	})
}

// rrelu is RReLU's computation.
func rrelu(x *tensor.Tensor, lower, upper float64, training bool) (*tensor.Tensor, error) {
	if !training {
		return LeakyReLU(x, (lower+upper)/2)
	}
	vals, err := x.Float64s()
	if err != nil {
		return nil, err
	}
	var neg []int
	for i, v := range vals {
		if v <= 0 {
			neg = append(neg, i)
		}
	}
	draws, err := tensor.Empty(tensor.Float64, len(neg))
	if err != nil {
		return nil, err
	}
	if len(neg) > 0 {
		if err := tensor.FillUniform(draws, lower, upper, nil); err != nil {
			return nil, err
		}
	}
	rs, err := draws.Float64s()
	if err != nil {
		return nil, err
	}
	noise := make([]float64, len(vals))
	for i := range noise {
		noise[i] = 1
	}
	for j, i := range neg {
		noise[i] = rs[j]
	}
	c := &chain{}
	n := c.do(func() (*tensor.Tensor, error) {
		t, err := tensor.FromSlice(noise, x.Shape()...)
		if err != nil {
			return nil, err
		}
		return t.To(x.DType())
	})
	return c.mul(x, n), c.err
}

// TrainFunc is a layer without parameters whose function depends on the
// training flag: AlphaDropout, FeatureAlphaDropout, RReLU.
type TrainFunc struct {
	base        Base
	name, extra string
	hypers      []Hyper
	fn          func(x *tensor.Tensor, training bool) (*tensor.Tensor, error)
}

// NewTrainFunc makes the layer name; with inplace it overwrites its input
// (recorded as the in-place operation op, as RewriteInPlace does) and
// returns it.
func NewTrainFunc(name, extra, op string, hypers []Hyper, inplace bool, fn func(x *tensor.Tensor, training bool) (*tensor.Tensor, error)) *TrainFunc {
	f := fn
	if inplace {
		f = func(x *tensor.Tensor, training bool) (*tensor.Tensor, error) {
			return x, RewriteInPlace(x, op, func(old *tensor.Tensor) (*tensor.Tensor, error) { return fn(old, training) })
		}
	}
	return &TrainFunc{base: NewBase(), name: name, extra: extra, hypers: hypers, fn: f}
}

func (f *TrainFunc) Base() *Base       { return &f.base }
func (f *TrainFunc) TypeName() string  { return f.name }
func (f *TrainFunc) ExtraRepr() string { return f.extra }
func (f *TrainFunc) Hypers() []Hyper   { return f.hypers }
func (f *TrainFunc) Forward(x *tensor.Tensor) (*tensor.Tensor, error) {
	return f.fn(x, f.base.Training)
}
