package torch

import (
	"slices"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// MixtureSameFamily: a Categorical over the last batch dimension of a
// component distribution, as PyTorch 1.13's: samples pick each
// component's draw by the Categorical's (both drawn as PyTorch draws
// them), log_prob is the logsumexp of the components' log_prob plus the
// log mixing weights, mean and variance the laws of total expectation and
// variance. d.base is the component distribution, d.mixture the
// Categorical.

// newMixture is MixtureSameFamily(mixture_distribution, component_distribution).
func newMixture(a *lang.Args) (*Distribution, error) {
	mix, ok := a.Value("mixture_distribution").(*Distribution)
	if !ok || mix.kind != "Categorical" {
		return nil, lang.Errorf(lang.ValueError, " The Mixture distribution needs to be an  instance of torch.distribtutions.Categorical")
	}
	comp, ok := a.Value("component_distribution").(*Distribution)
	if !ok {
		return nil, lang.Errorf(lang.ValueError, "The Component distribution need to be an instance of torch.distributions.Distribution")
	}
	if len(comp.batch) == 0 {
		return nil, lang.Errorf(lang.IndexError, "tuple index out of range")
	}
	mdbs, cdbs := mix.batch, comp.batch[:len(comp.batch)-1]
	for i := 1; i <= min(len(mdbs), len(cdbs)); i++ {
		if s1, s2 := mdbs[len(mdbs)-i], cdbs[len(cdbs)-i]; s1 != 1 && s2 != 1 && s1 != s2 {
			return nil, lang.Errorf(lang.ValueError, "`mixture_distribution.batch_shape` (%s) is not compatible with `component_distribution.batch_shape`(%s)", lang.Repr(lang.NewSize(mdbs)), lang.Repr(lang.NewSize(cdbs)))
		}
	}
	c := &chainOps{}
	logits := mix.param(c, "logits")
	if c.err != nil {
		return nil, c.err
	}
	km, kc := logits.Shape()[logits.Dim()-1], comp.batch[len(comp.batch)-1]
	if km != kc {
		return nil, lang.Errorf(lang.ValueError, "`mixture_distribution component` (%d) does not equal `component_distribution.batch_shape[-1]` (%d)", km, kc)
	}
	return &Distribution{kind: "MixtureSameFamily", params: map[string]*tensor.Tensor{}, batch: slices.Clone(cdbs), base: comp, mixture: mix}, nil
}

// mixtureEventDims is the number of the components' event dimensions.
func (d *Distribution) mixtureEventDims() int { return len(d.base.eventShape()) }

// padMixture is _pad_mixture_dimensions: the mixing probs shaped to
// broadcast against the components' batch and event dimensions (with
// PyTorch 1.13's use of batch_shape.numel() for the number of dimensions).
func (d *Distribution) padMixture(c *chainOps, x *tensor.Tensor) *tensor.Tensor {
	if c.err != nil {
		return nil
	}
	distN, catN := prod(d.batch), prod(d.mixture.batch)
	pad := 0
	if catN != 1 {
		pad = distN - catN
	}
	xs := x.Shape()
	shape := slices.Clone(xs[:len(xs)-1])
	for range pad {
		shape = append(shape, 1)
	}
	shape = append(shape, xs[len(xs)-1])
	for range d.mixtureEventDims() {
		shape = append(shape, 1)
	}
	return c.do(func() (*tensor.Tensor, error) { return autograd.Reshape(x, shape...) })
}

func (d *Distribution) mixtureMean(c *chainOps) *tensor.Tensor {
	probs := d.padMixture(c, d.mixture.param(c, "probs"))
	m := d.base.mean(c)
	return c.do(func() (*tensor.Tensor, error) {
		return autograd.Sum(c.bin(autograd.Mul, probs, m), []int{-1 - d.mixtureEventDims()}, false)
	})
}

func (d *Distribution) mixtureVariance(c *chainOps) *tensor.Tensor {
	dim := []int{-1 - d.mixtureEventDims()}
	probs := d.padMixture(c, d.mixture.param(c, "probs"))
	condVar := c.do(func() (*tensor.Tensor, error) {
		return autograd.Sum(c.bin(autograd.Mul, probs, d.base.variance(c)), dim, false)
	})
	mean := c.do(func() (*tensor.Tensor, error) { return autograd.Unsqueeze(d.mixtureMean(c), dim[0]) })
	diff := c.bin(autograd.Sub, d.base.mean(c), mean)
	condMean := c.do(func() (*tensor.Tensor, error) {
		return autograd.Sum(c.bin(autograd.Mul, probs, c.bin(autograd.Pow, diff, c.scalar(2, diff))), dim, false)
	})
	return c.bin(autograd.Add, condVar, condMean)
}

func (d *Distribution) mixtureLogProb(x *tensor.Tensor) (*tensor.Tensor, error) {
	c := &chainOps{}
	xp := c.do(func() (*tensor.Tensor, error) { return autograd.Unsqueeze(x, -1-d.mixtureEventDims()) })
	if c.err != nil {
		return nil, c.err
	}
	lp, err := d.base.logProb(xp)
	if err != nil {
		return nil, err
	}
	logMix := c.do(func() (*tensor.Tensor, error) { return autograd.LogSoftmax(d.mixture.param(c, "logits"), -1) })
	return c.do(func() (*tensor.Tensor, error) {
		return autograd.Logsumexp(c.bin(autograd.Add, lp, logMix), []int{-1}, false)
	}), c.err
}

func (d *Distribution) mixtureDraw(a *lang.Args) (lang.Value, error) {
	prev := autograd.IsGradEnabled()
	autograd.SetGradEnabled(false)
	defer autograd.SetGradEnabled(prev)
	mv, err := d.mixture.draw(a, false)
	if err != nil {
		return nil, err
	}
	cv, err := d.base.draw(a, false)
	if err != nil {
		return nil, err
	}
	mix, comp := mv.(*tensor.Tensor), cv.(*tensor.Tensor)
	es := d.base.eventShape()
	gatherDim := mix.Dim() - len(d.mixture.batch) + len(d.batch)
	shape := slices.Clone(mix.Shape())
	for range len(es) + 1 {
		shape = append(shape, 1)
	}
	idx, err := mix.Reshape(shape...)
	if err != nil {
		return nil, err
	}
	full := slices.Concat(mix.Shape(), []int{1}, es)
	if idx, err = idx.Expand(full...); err != nil {
		return nil, err
	}
	if idx, err = idx.Contiguous(); err != nil {
		return nil, err
	}
	s, err := tensor.Gather(comp, gatherDim, idx)
	if err != nil {
		return nil, err
	}
	return s.Squeeze(gatherDim)
}

// mixtureRepr is MixtureSameFamily's repr.
func (d *Distribution) mixtureRepr() string {
	return "MixtureSameFamily(\n  " + d.mixture.String() + ",\n  " + d.base.String() + ")"
}
