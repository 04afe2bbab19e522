package torch

import (
	"math"
	"slices"
	"strings"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// torch.distributions: Normal, Uniform, Bernoulli and Categorical (the
// others are in distributions_more.go), with
// PyTorch 1.13's parameters, sample (drawing from the default generator
// as PyTorch does, so a seed gives the same samples), rsample where
// PyTorch has it, log_prob, entropy and the moments, computed with
// recorded operations so that gradients reach the parameters.

// Distribution is one distribution object.
type Distribution struct {
	kind string
	// params are the distribution's tensors by name (loc, scale; low,
	// high; probs, logits), broadcast to the batch shape.
	params map[string]*tensor.Tensor
	batch  []int
	// validate is PyTorch's _validate_args: log_prob checks its value.
	validate bool
	// base and reinterpreted are Independent's base distribution and
	// the number of its batch dimensions taken as event dimensions.
	base          *Distribution
	reinterpreted int
	// transforms are TransformedDistribution's, applied in order to
	// base's samples.
	transforms []*Transform
	// totalCount is Multinomial's total_count.
	totalCount int
	// mixture is MixtureSameFamily's Categorical (base its components).
	mixture *Distribution
	// lims is ContinuousBernoulli's unstable region around probs = 1/2.
	lims [2]float64
	// lkjDim is LKJCholesky's dim: its event shape is (dim, dim).
	lkjDim int
	// shownAs is the name the repr shows in place of kind: the class of
	// a user's subclass (distributions_subclass.go).
	shownAs string
}

// distClasses are the classes of torch.distributions by name.
var distClasses = map[string]*lang.Builtin{}

// distMethods are the methods of the distributions.
var distMethods = map[string]*lang.Builtin{}

// TypeName is the class name: Normal.
func (d *Distribution) TypeName() string { return d.kind }

// ClassName is the qualified class name.
func (d *Distribution) ClassName() string {
	return "torch.distributions." + distModuleOf(d.kind) + "." + d.kind
}

// distModuleOf is the submodule of torch.distributions defining kind.
func distModuleOf(kind string) string {
	if m := distModule(kind); m != "" {
		return m
	}
	return strings.ToLower(kind)
}

// String is PyTorch's repr: Normal(loc: torch.Size([2]), scale: ...), a
// one-element parameter shown as format() shows it (0-d: its number).
func (d *Distribution) String() string {
	if d.kind == "MixtureSameFamily" {
		return d.mixtureRepr()
	}
	if d.kind == "Independent" {
		return "Independent(" + d.base.String() + ", " + lang.Repr(int64(d.reinterpreted)) + ")"
	}
	name := d.kind
	if d.shownAs != "" {
		name = d.shownAs
	}
	var parts []string
	for _, name := range d.shown() {
		t := d.params[name]
		v := lang.Repr(lang.NewSize(t.Shape()))
		if t.Numel() == 1 {
			v = valueText(t)
		}
		parts = append(parts, name+": "+v)
	}
	return name + "(" + strings.Join(parts, ", ") + ")"
}

// shown lists the parameters the repr shows, in PyTorch's order.
func (d *Distribution) shown() []string {
	switch d.kind {
	case "Normal":
		return []string{"loc", "scale"}
	case "Uniform":
		return []string{"low", "high"}
	case "Independent", "OneHotCategorical", "OneHotCategoricalStraightThrough", "TransformedDistribution", "RelaxedBernoulli", "RelaxedOneHotCategorical", "Multinomial":
		return nil
	case "MultivariateNormal":
		// loc, and the matrices given or computed so far (lazy properties).
		out := []string{"loc"}
		for _, name := range mvnMatrices {
			if _, ok := d.params[name]; ok {
				out = append(out, name)
			}
		}
		return out
	case "Wishart":
		// the matrices given or computed so far, then df
		var out []string
		for _, name := range mvnMatrices {
			if _, ok := d.params[name]; ok {
				out = append(out, name)
			}
		}
		return append(out, "df")
	}
	if k := distKinds[d.kind]; k != nil && k.params[0] != "probs" && k.params[0] != "total_count" {
		return k.shown
	}
	// probs and logits, those given or computed so far (PyTorch's lazy
	// properties keep what they compute).
	var out []string
	if d.kind == "Binomial" || d.kind == "NegativeBinomial" {
		out = append(out, "total_count")
	}
	for _, name := range []string{"probs", "logits"} {
		if _, ok := d.params[name]; ok {
			out = append(out, name)
		}
	}
	return out
}

// Attr returns the parameters, the moments, the shapes and the methods.
func (d *Distribution) Attr(name string) (lang.Value, bool) {
	if m, ok := distMethods[name]; ok {
		return &lang.BoundMethod{Recv: d, Method: m}, true
	}
	c := &chainOps{}
	var v *tensor.Tensor
	switch name {
	case "batch_shape":
		return lang.NewSize(d.batch), true
	case "dim":
		return int64(d.lkjDim), d.kind == "LKJCholesky"
	case "event_shape":
		return lang.NewSize(d.eventShape()), true
	case "has_rsample":
		return d.hasRsample(), true
	case "has_enumerate_support":
		return d.kind == "Bernoulli" || d.kind == "Categorical" || d.kind == "OneHotCategorical" || d.kind == "Binomial", true
	case "support":
		if d.kind == "Independent" {
			return independentConstraint(wrapConstraint(d.base.support()), d.reinterpreted), true
		}
		return wrapConstraint(d.support()), true
	case "arg_constraints":
		return d.argConstraints(), true
	case "_validate_args":
		return d.validate, true
	case "base_dist":
		return d.base, d.base != nil && d.kind != "Beta" && d.kind != "MixtureSameFamily"
	case "mixture_distribution":
		return d.mixture, d.mixture != nil
	case "component_distribution":
		return d.base, d.mixture != nil
	case "reinterpreted_batch_ndims":
		return int64(d.reinterpreted), d.kind == "Independent"
	case "transforms":
		if d.kind != "TransformedDistribution" && d.kind != "LogisticNormal" {
			return nil, false
		}
		out := make([]lang.Value, len(d.transforms))
		for i, t := range d.transforms {
			out[i] = t
		}
		return &lang.List{Elems: out}, true
	case "concentration1", "concentration0":
		if d.kind == "Kumaraswamy" {
			return d.params[name], true
		}
		if d.kind != "Beta" {
			return nil, false
		}
		// Views of its Dirichlet's concentration, as PyTorch's are.
		i := map[string]int{"concentration1": 0, "concentration0": 1}[name]
		v = c.do(func() (*tensor.Tensor, error) { return autograd.Select(d.base.params["concentration"], -1, i) })
	case "loc", "scale", "low", "high", "rate", "temperature", "concentration", "alpha", "df1", "df2", "cov_factor", "cov_diag":
		t, ok := d.params[name]
		return t, ok
	case "covariance_matrix", "precision_matrix", "scale_tril":
		if d.kind == "LowRankMultivariateNormal" {
			v = d.lrMatrix(c, name)
			break
		}
		if d.kind != "MultivariateNormal" && d.kind != "Wishart" {
			return nil, false
		}
		v = d.mvnMatrix(c, name)
	case "total_count":
		if d.kind == "Binomial" || d.kind == "NegativeBinomial" {
			return d.params["total_count"], true
		}
		return int64(d.totalCount), d.kind == "Multinomial"
	case "mode":
		if d.kind != "Wishart" {
			return nil, false
		}
		v = d.wishartMode(c)
	case "df":
		if d.kind == "Wishart" {
			return d.params["df"], true
		}
		if d.kind != "Chi2" {
			return nil, false
		}
		v = c.bin(autograd.Mul, d.params["concentration"], c.scalar(2, d.params["concentration"]))
	case "probs", "logits":
		if !d.discrete() {
			return nil, false
		}
		v = d.param(c, name)
	case "mean":
		v = d.mean(c)
	case "variance":
		v = d.variance(c)
	case "stddev":
		v = c.do(func() (*tensor.Tensor, error) { return autograd.Sqrt(d.variance(c)) })
		if d.kind == "Normal" {
			v = d.params["scale"]
		}
	default:
		return nil, false
	}
	if c.err != nil {
		return nil, false
	}
	return v, v != nil
}

// AttrNames lists the attributes.
func (d *Distribution) AttrNames() []string {
	names := append(sortedKeys(distMethods), "arg_constraints", "batch_shape", "event_shape", "has_enumerate_support", "has_rsample", "mean", "stddev", "support", "variance")
	for k := range d.params {
		names = append(names, k)
	}
	if d.discrete() {
		names = append(names, "probs", "logits")
	}
	slices.Sort(names)
	return slices.Compact(names)
}

func (d *Distribution) discrete() bool {
	switch d.kind {
	case "Bernoulli", "ContinuousBernoulli", "Binomial", "NegativeBinomial", "OneHotCategoricalStraightThrough", "Categorical", "Geometric", "OneHotCategorical", "RelaxedBernoulli", "RelaxedOneHotCategorical", "LogitRelaxedBernoulli", "ExpRelaxedCategorical", "Multinomial":
		return true
	}
	return false
}

// hasRsample reports whether d has a reparameterised sampler.
func (d *Distribution) hasRsample() bool {
	if d.mixture != nil {
		return false
	}
	if d.base != nil {
		return d.base.hasRsample()
	}
	k := distKinds[d.kind]
	return d.kind == "Normal" || d.kind == "Uniform" || (k != nil && k.rsample)
}

// chainOps runs recorded operations, keeping the first error.
type chainOps struct {
	err error
	// warnings are the UserWarnings the computation gives, for a caller
	// with the program's arguments to raise (Wishart's sampler warns).
	warnings []string
}

func (c *chainOps) do(f func() (*tensor.Tensor, error)) *tensor.Tensor {
	if c.err != nil {
		return nil
	}
	t, err := f()
	if err != nil {
		c.err = err
		return nil
	}
	return t
}

func (c *chainOps) scalar(v float64, like *tensor.Tensor) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) { return tensor.Full(v, like.DType()) })
}

func (c *chainOps) bin(f func(a, b *tensor.Tensor) (*tensor.Tensor, error), a, b *tensor.Tensor) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) { return f(a, b) })
}

func (c *chainOps) un(f func(a *tensor.Tensor) (*tensor.Tensor, error), a *tensor.Tensor) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) { return f(a) })
}

// clampProbs is PyTorch's clamp_probs: probs within [eps, 1 - eps].
func (c *chainOps) clampProbs(p *tensor.Tensor) *tensor.Tensor {
	eps := float64(math.Nextafter32(1, 2) - 1)
	if p.DType() == tensor.Float64 {
		eps = math.Nextafter(1, 2) - 1
	}
	return c.do(func() (*tensor.Tensor, error) {
		return autograd.Clamp(p, c.scalar(eps, p), c.scalar(1-eps, p))
	})
}

// param returns probs or logits, the one not given computed from the
// other and kept, as PyTorch's lazy properties do.
func (d *Distribution) param(c *chainOps, name string) *tensor.Tensor {
	if t, ok := d.params[name]; ok {
		return t
	}
	t := d.derive(c, name)
	if c.err == nil && t != nil {
		d.params[name] = t
	}
	return t
}

// derive computes probs from logits or logits from probs.
func (d *Distribution) derive(c *chainOps, name string) *tensor.Tensor {
	binary := !categoricalKind(d.kind)
	if name == "probs" {
		l := d.params["logits"]
		if d.kind == "ContinuousBernoulli" {
			return c.clampProbs(c.un(autograd.Sigmoid, l))
		}
		if binary {
			return c.un(autograd.Sigmoid, l)
		}
		return c.do(func() (*tensor.Tensor, error) { return autograd.Softmax(l, -1) })
	}
	p := c.clampProbs(d.params["probs"])
	if binary {
		return c.bin(autograd.Sub, c.un(autograd.Log, p), c.un(autograd.Log1p, c.un(autograd.Neg, p)))
	}
	return c.un(autograd.Log, p)
}

func (d *Distribution) mean(c *chainOps) *tensor.Tensor {
	if k := distKinds[d.kind]; k != nil {
		return k.mean(d, c)
	}
	p := d.params
	switch d.kind {
	case "MixtureSameFamily":
		return d.mixtureMean(c)
	case "Independent":
		return d.base.mean(c)
	case "Normal":
		return p["loc"]
	case "Uniform":
		return c.bin(autograd.Div, c.bin(autograd.Add, p["high"], p["low"]), c.scalar(2, p["low"]))
	case "Bernoulli":
		return d.param(c, "probs")
	}
	return c.do(func() (*tensor.Tensor, error) {
		return tensor.Full(math.NaN(), d.param(c, "probs").DType(), d.batch...)
	})
}

func (d *Distribution) variance(c *chainOps) *tensor.Tensor {
	if k := distKinds[d.kind]; k != nil {
		return k.variance(d, c)
	}
	p := d.params
	switch d.kind {
	case "MixtureSameFamily":
		return d.mixtureVariance(c)
	case "Independent":
		return d.base.variance(c)
	case "Normal":
		return c.bin(autograd.Pow, p["scale"], c.scalar(2, p["scale"]))
	case "Uniform":
		w := c.bin(autograd.Sub, p["high"], p["low"])
		return c.bin(autograd.Div, c.bin(autograd.Pow, w, c.scalar(2, w)), c.scalar(12, w))
	case "Bernoulli":
		probs := d.param(c, "probs")
		return c.bin(autograd.Mul, probs, c.bin(autograd.Sub, c.scalar(1, probs), probs))
	}
	return c.do(func() (*tensor.Tensor, error) {
		return tensor.Full(math.NaN(), d.param(c, "probs").DType(), d.batch...)
	})
}

// sampleShape reads sample_shape (a torch.Size, a tuple or a list of
// ints) and returns it followed by the batch shape.
func (d *Distribution) sampleShape(a *lang.Args) ([]int, int) {
	var s []int
	if v := a.Value("sample_shape"); v != nil {
		elems, _, ok := lang.Sequence(v)
		if !ok {
			a.Fail(lang.Errorf(lang.TypeError, "sample_shape must be a torch.Size or a tuple of ints, not %s", lang.TypeName(v)))
			return nil, 0
		}
		for _, e := range elems {
			n, ok := lang.AsInt(e)
			if !ok {
				a.Fail(lang.Errorf(lang.TypeError, "sample_shape must hold ints, not %s", lang.TypeName(e)))
				return nil, 0
			}
			s = append(s, int(n))
		}
	}
	n := 1
	for _, k := range s {
		n *= k
	}
	return append(s, d.batch...), n
}

// draw is a sample (rsample with grad recorded).
func (d *Distribution) draw(a *lang.Args, reparam bool) (lang.Value, error) {
	if d.kind == "Independent" {
		return d.base.draw(a, reparam)
	}
	if d.kind == "MixtureSameFamily" {
		return d.mixtureDraw(a)
	}
	if d.transforms != nil {
		return d.transformedDraw(a, reparam)
	}
	shape, n := d.sampleShape(a)
	if err := a.Err(); err != nil {
		return nil, err
	}
	prev := autograd.IsGradEnabled()
	if !reparam {
		autograd.SetGradEnabled(false)
		defer autograd.SetGradEnabled(prev)
	}
	c := &chainOps{}
	p := d.params
	var out *tensor.Tensor
	switch d.kind {
	default:
		out = distKinds[d.kind].draw(d, c, shape)
	case "Normal", "Uniform":
		first, second := p["loc"], p["scale"]
		if d.kind == "Uniform" {
			first, second = p["low"], p["high"]
		}
		noise := c.do(func() (*tensor.Tensor, error) {
			t, err := tensor.Zeros(first.DType(), shape...)
			if err != nil {
				return nil, err
			}
			if d.kind == "Normal" {
				return t, tensor.FillNormal(t, 0, 1, nil)
			}
			return t, tensor.FillUniform(t, 0, 1, nil)
		})
		if d.kind == "Uniform" {
			second = c.bin(autograd.Sub, second, first)
		}
		out = c.bin(autograd.Add, first, c.bin(autograd.Mul, noise, second))
	case "Bernoulli":
		probs := d.param(c, "probs")
		out = c.do(func() (*tensor.Tensor, error) {
			e, err := probs.Detach().Expand(shape...)
			if err != nil {
				return nil, err
			}
			return tensor.Bernoulli(e, nil)
		})
	case "Categorical":
		out = categoricalDraw(c, d.param(c, "probs"), shape, n)
	}
	if c.err != nil {
		return nil, c.err
	}
	for _, w := range c.warnings {
		if err := warnUser(a, w); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// logProb is log_prob(value).
func (d *Distribution) logProb(value *tensor.Tensor) (*tensor.Tensor, error) {
	c := &chainOps{}
	p := d.params
	var out *tensor.Tensor
	if d.transforms != nil {
		return d.transformedLogProb(value)
	}
	if d.kind == "MixtureSameFamily" {
		return d.mixtureLogProb(value)
	}
	if k := distKinds[d.kind]; k != nil {
		return k.logProb(d, c, value), c.err
	}
	switch d.kind {
	case "Independent":
		lp, err := d.base.logProb(value)
		if err != nil {
			return nil, err
		}
		out = sumRightmost(c, lp, d.reinterpreted)
	case "Normal":
		loc, scale := p["loc"], p["scale"]
		v := c.bin(autograd.Mul, c.bin(autograd.Pow, scale, c.scalar(2, scale)), c.scalar(2, scale))
		diff := c.bin(autograd.Pow, c.bin(autograd.Sub, value, loc), c.scalar(2, scale))
		out = c.bin(autograd.Sub, c.bin(autograd.Sub, c.bin(autograd.Div, c.un(autograd.Neg, diff), v), c.un(autograd.Log, scale)),
			c.scalar(math.Log(math.Sqrt(2*math.Pi)), scale))
	case "Uniform":
		low, high := p["low"], p["high"]
		lb := c.do(func() (*tensor.Tensor, error) {
			t, err := tensor.Le(low, value)
			if err != nil {
				return nil, err
			}
			return t.To(low.DType())
		})
		ub := c.do(func() (*tensor.Tensor, error) {
			t, err := tensor.Gt(high, value)
			if err != nil {
				return nil, err
			}
			return t.To(low.DType())
		})
		out = c.bin(autograd.Sub, c.un(autograd.Log, c.bin(autograd.Mul, lb, ub)), c.un(autograd.Log, c.bin(autograd.Sub, high, low)))
	case "Bernoulli":
		logits := d.param(c, "logits")
		shape, err := tensor.BroadcastShapes(logits.Shape(), value.Shape())
		if err != nil {
			return nil, err
		}
		l := c.do(func() (*tensor.Tensor, error) { return autograd.Expand(logits, shape...) })
		v := c.do(func() (*tensor.Tensor, error) { return value.Expand(shape...) })
		out = c.un(autograd.Neg, c.do(func() (*tensor.Tensor, error) {
			return autograd.BinaryCrossEntropyWithLogits(l, v, nil, nil, "none")
		}))
	case "Categorical":
		logits := d.param(c, "logits")
		out = c.do(func() (*tensor.Tensor, error) {
			idx, err := value.To(tensor.Int64)
			if err != nil {
				return nil, err
			}
			if idx, err = idx.Unsqueeze(-1); err != nil {
				return nil, err
			}
			shape, err := tensor.BroadcastShapes(idx.Shape(), logits.Shape())
			if err != nil {
				return nil, err
			}
			lp, err := autograd.Expand(logits, shape...)
			if err != nil {
				return nil, err
			}
			iv, err := idx.Expand(shape...)
			if err != nil {
				return nil, err
			}
			if iv, err = iv.Narrow(-1, 0, 1); err != nil {
				return nil, err
			}
			g, err := autograd.Gather(lp, -1, iv)
			if err != nil {
				return nil, err
			}
			return autograd.Squeeze(g, -1)
		})
	}
	return out, c.err
}

// entropy is entropy().
func (d *Distribution) entropy() (*tensor.Tensor, error) {
	c := &chainOps{}
	p := d.params
	var out *tensor.Tensor
	if k := distKinds[d.kind]; k != nil || d.transforms != nil || d.kind == "MixtureSameFamily" {
		if k == nil || k.entropy == nil {
			return nil, lang.Errorf(NotImplementedError, "")
		}
		return k.entropy(d, c), c.err
	}
	switch d.kind {
	case "Independent":
		e, err := d.base.entropy()
		if err != nil {
			return nil, err
		}
		out = sumRightmost(c, e, d.reinterpreted)
	case "Normal":
		scale := p["scale"]
		out = c.bin(autograd.Add, c.scalar(0.5+0.5*math.Log(2*math.Pi), scale), c.un(autograd.Log, scale))
	case "Uniform":
		out = c.un(autograd.Log, c.bin(autograd.Sub, p["high"], p["low"]))
	case "Bernoulli":
		out = c.do(func() (*tensor.Tensor, error) {
			return autograd.BinaryCrossEntropyWithLogits(d.param(c, "logits"), d.param(c, "probs"), nil, nil, "none")
		})
	case "Categorical":
		logits := d.param(c, "logits")
		lowest := -math.MaxFloat32
		if logits.DType() == tensor.Float64 {
			lowest = -math.MaxFloat64
		}
		cl := c.do(func() (*tensor.Tensor, error) { return autograd.Clamp(logits, c.scalar(lowest, logits), nil) })
		plogp := c.bin(autograd.Mul, cl, d.param(c, "probs"))
		out = c.un(autograd.Neg, c.do(func() (*tensor.Tensor, error) { return autograd.Sum(plogp, []int{-1}, false) }))
	}
	return out, c.err
}

// distTensor converts a parameter to a tensor as broadcast_all does:
// numbers take the dtype of a tensor among the parameters, else float32.
func distTensor(v lang.Value, like *tensor.Tensor) (*tensor.Tensor, error) {
	if t, ok := v.(*tensor.Tensor); ok {
		return t, nil
	}
	f, ok := lang.AsFloat(v)
	if !ok {
		return nil, lang.Errorf(lang.ValueError, "Input arguments must all be instances of numbers.Number, torch.Tensor or objects implementing __torch_function__.")
	}
	d := tensor.Float32
	if like != nil {
		d = like.DType()
	}
	return tensor.Full(f, d)
}

// broadcastAll is PyTorch's broadcast_all of the named values.
func broadcastAll(vals []lang.Value) ([]*tensor.Tensor, []int, error) {
	var like *tensor.Tensor
	for _, v := range vals {
		if t, ok := v.(*tensor.Tensor); ok && like == nil {
			like = t
		}
	}
	ts := make([]*tensor.Tensor, len(vals))
	var shapes [][]int
	for i, v := range vals {
		t, err := distTensor(v, like)
		if err != nil {
			return nil, nil, err
		}
		ts[i] = t
		shapes = append(shapes, t.Shape())
	}
	shape, err := tensor.BroadcastShapes(shapes...)
	if err != nil {
		return nil, nil, err
	}
	for i, t := range ts {
		if !slices.Equal(t.Shape(), shape) {
			if ts[i], err = autograd.Expand(t, shape...); err != nil {
				return nil, nil, err
			}
		}
	}
	return ts, shape, nil
}

func defDistributions() {
	mod := &lang.Module{Name: "torch.distributions", Attrs: map[string]lang.Value{}}
	def := func(name, sig, doc string, make func(a *lang.Args) (*Distribution, error)) {
		b := lang.NewBuiltin(lang.AsValue, sig, doc, func(a *lang.Args) (lang.Value, error) {
			d, err := make(a)
			if aerr := a.Err(); aerr != nil {
				return nil, aerr
			}
			if err != nil {
				return nil, err
			}
			d.validate = distValidateDefault // validate_args=None: Distribution._validate_args
			if v := a.Value("validate_args"); v != lang.None {
				if d.validate, err = lang.Truth(v); err != nil {
					return nil, err
				}
			}
			if d.validate {
				if err := d.validateArgs(); err != nil {
					return nil, err
				}
			}
			if k := distKinds[name]; k != nil && k.finish != nil {
				if err := k.finish(d); err != nil {
					return nil, err
				}
			}
			return d, nil
		})
		lang.RegisterClass(b, "torch.distributions."+distModuleOf(name)+"."+name)
		distClasses[name] = b
		mod.Attrs[name] = b
	}
	pair := func(kind, first, second string) func(a *lang.Args) (*Distribution, error) {
		return func(a *lang.Args) (*Distribution, error) {
			ts, shape, err := broadcastAll([]lang.Value{a.Value(first), a.Value(second)})
			if err != nil {
				return nil, err
			}
			return &Distribution{kind: kind, params: map[string]*tensor.Tensor{first: ts[0], second: ts[1]}, batch: shape}, nil
		}
	}
	def("Normal", "Normal(loc, scale, validate_args=None)", "The normal distribution of mean loc and standard deviation scale (numbers or tensors, broadcast together).", pair("Normal", "loc", "scale"))
	def("Uniform", "Uniform(low, high, validate_args=None)", "The uniform distribution on [low, high).", pair("Uniform", "low", "high"))
	discrete := func(kind string) func(a *lang.Args) (*Distribution, error) {
		return func(a *lang.Args) (*Distribution, error) { return discreteDist(kind, a) }
	}
	def("Bernoulli", "Bernoulli(probs=None, logits=None, validate_args=None)", "The Bernoulli distribution: 1 with probability probs (or sigmoid(logits)), else 0.", discrete("Bernoulli"))
	def("Categorical", "Categorical(probs=None, logits=None, validate_args=None)", "The categorical distribution over the last dimension of probs (normalised to sum to 1) or logits (normalised by logsumexp).", discrete("Categorical"))

	distMethods["sample"] = lang.NewBuiltin(lang.AsValue, "sample(self, sample_shape=())", "A sample of shape sample_shape + batch_shape, drawn from the default generator as PyTorch draws it, without gradient.", func(a *lang.Args) (lang.Value, error) {
		return a.Value("self").(*Distribution).draw(a, false)
	})
	distMethods["rsample"] = lang.NewBuiltin(lang.AsValue, "rsample(self, sample_shape=())", "A reparameterised sample (Normal, Uniform): loc + ε·scale, through which gradients reach the parameters.", func(a *lang.Args) (lang.Value, error) {
		d := a.Value("self").(*Distribution)
		if !d.hasRsample() {
			return nil, lang.Errorf(NotImplementedError, "")
		}
		return d.draw(a, true)
	})
	distMethods["log_prob"] = lang.NewBuiltin(lang.AsValue, "log_prob(self, value)", "The log of the probability density (or mass) at value.", func(a *lang.Args) (lang.Value, error) {
		d := a.Value("self").(*Distribution)
		if d.validate {
			v, err := d.validateSample(a.Value("value"))
			if err != nil {
				return nil, err
			}
			return result(d.logProb(v))
		}
		v := a.TensorLike("value")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(d.logProb(v))
	})
	distMethods["entropy"] = lang.NewBuiltin(lang.AsValue, "entropy(self)", "The entropy of each distribution of the batch.", func(a *lang.Args) (lang.Value, error) {
		return result(a.Value("self").(*Distribution).entropy())
	})
	for _, kind := range sortedKeys(distKinds) {
		if !distKinds[kind].hidden {
			def(kind, distKinds[kind].sig, distKinds[kind].doc, newKind(kind))
		}
	}
	def("Independent", "Independent(base_distribution, reinterpreted_batch_ndims, validate_args=None)", "The distribution base_distribution with its last reinterpreted_batch_ndims batch dimensions taken as event dimensions: log_prob and entropy sum over them.", newIndependent)
	def("TransformedDistribution", "TransformedDistribution(base_distribution, transforms, validate_args=None)", "The distribution of base_distribution's samples passed through transforms (one or a list, applied in order): log_prob takes the value back through them, subtracting each log |dy/dx|. It has no mean, variance or entropy, as in PyTorch.", func(a *lang.Args) (*Distribution, error) {
		base, ok := a.Value("base_distribution").(*Distribution)
		if !ok {
			return nil, a.WrongType("base_distribution", "a Distribution", a.Value("base_distribution"))
		}
		ts, err := transformsOf(a.Value("transforms"))
		if err != nil {
			return nil, err
		}
		return newTransformed("TransformedDistribution", base, ts)
	})
	def("MixtureSameFamily", "MixtureSameFamily(mixture_distribution, component_distribution, validate_args=None)", "The mixture of the components of component_distribution (its last batch dimension) with the weights of the Categorical mixture_distribution: samples pick each component's draw by the Categorical's, log_prob is logsumexp over the components.", newMixture)
	defTransforms(mod)
	for _, kind := range []string{"RelaxedBernoulli", "RelaxedOneHotCategorical"} {
		what := map[string]string{"RelaxedBernoulli": "sigmoid of a LogitRelaxedBernoulli: a Bernoulli relaxed to (0, 1) by temperature (the binary Concrete distribution)", "RelaxedOneHotCategorical": "exp of an ExpRelaxedCategorical: a one-hot categorical relaxed to the simplex by temperature (Gumbel-softmax)"}[kind]
		def(kind, kind+"(temperature, probs=None, logits=None, validate_args=None)", "The "+what+"; rsample draws PyTorch's samples, log_prob includes the transform's log-det.", newRelaxed(kind))
	}
	defKL(mod)
	defDistributionsUtils(mod)
	defDistributionBases(mod)
	defConstraints(mod)
	for _, name := range []string{"sample", "rsample"} {
		distMethods[name].SetDefault("sample_shape", lang.NewSize(nil))
	}
	lang.RegisterModule("torch.distributions", "Probability distributions: Normal, Uniform, Bernoulli, ContinuousBernoulli, Categorical, OneHotCategorical(StraightThrough), Exponential, Laplace, Cauchy, HalfCauchy, Gumbel, HalfNormal, LogNormal, Geometric, Poisson, Binomial, NegativeBinomial, Multinomial, MultivariateNormal, LowRankMultivariateNormal, LKJCholesky, Gamma, Chi2, Beta, Dirichlet, StudentT, FisherSnedecor, Pareto, Weibull, Kumaraswamy, VonMises, LogisticNormal, RelaxedBernoulli, RelaxedOneHotCategorical, Independent, MixtureSameFamily and TransformedDistribution, with sample, rsample, log_prob, entropy, cdf, icdf and their moments; the Distribution, ExponentialFamily and Transform base classes to derive from; constraints, biject_to and transform_to, kl_divergence and the transforms.", func() *lang.Module { return mod })
}

// discreteDist makes a distribution of probs or logits (one of them):
// Bernoulli, Geometric, or Categorical over the last dimension.
func discreteDist(kind string, a *lang.Args) (*Distribution, error) {
	probs, logits := a.Value("probs"), a.Value("logits")
	_, noProbs := probs.(lang.NoneType)
	_, noLogits := logits.(lang.NoneType)
	if noProbs == noLogits {
		return nil, lang.Errorf(lang.ValueError, "Either `probs` or `logits` must be specified, but not both.")
	}
	name, v := "probs", probs
	if noProbs {
		name, v = "logits", logits
	}
	t, err := distTensor(v, nil)
	if err != nil {
		return nil, err
	}
	d := &Distribution{kind: kind, params: map[string]*tensor.Tensor{}}
	c := &chainOps{}
	if categoricalKind(kind) {
		if t.Dim() < 1 {
			return nil, lang.Errorf(lang.ValueError, "`%s` parameter must be at least one-dimensional.", name)
		}
		if name == "probs" {
			t = c.bin(autograd.Div, t, c.do(func() (*tensor.Tensor, error) { return autograd.Sum(t, []int{-1}, true) }))
		} else {
			t = c.bin(autograd.Sub, t, c.do(func() (*tensor.Tensor, error) { return autograd.Logsumexp(t, []int{-1}, true) }))
		}
		if c.err != nil {
			return nil, c.err
		}
		d.batch = t.Shape()[:t.Dim()-1]
	} else {
		d.batch = t.Shape()
	}
	d.params[name] = t
	return d, nil
}

// categoricalDraw samples indices from probs' last dimension, n for each
// of its rows (n the product of the sample shape), as PyTorch's
// Categorical.sample draws them with multinomial, shaped shape.
func categoricalDraw(c *chainOps, probs *tensor.Tensor, shape []int, n int) *tensor.Tensor {
	if c.err != nil {
		return nil
	}
	events := probs.Shape()[probs.Dim()-1]
	return c.do(func() (*tensor.Tensor, error) {
		p2, err := probs.Detach().Reshape(-1, events)
		if err != nil {
			return nil, err
		}
		s, err := tensor.Multinomial(p2, n, true, nil)
		if err != nil {
			return nil, err
		}
		if s, err = s.Transpose(0, 1); err != nil {
			return nil, err
		}
		return s.Reshape(shape...)
	})
}

// categoricalKind reports whether kind's probs or logits run over the
// last dimension (a categorical), rather than elementwise (a Bernoulli).
func categoricalKind(kind string) bool {
	switch kind {
	case "Categorical", "OneHotCategorical", "OneHotCategoricalStraightThrough", "RelaxedOneHotCategorical", "ExpRelaxedCategorical", "Multinomial":
		return true
	}
	return false
}
