package torch

import (
	"slices"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// StickBreakingTransform (the reals^K onto the (K+1)-simplex by stick
// breaking, PyTorch 1.13's formulas), the event dimensions of transforms
// (their domain's and codomain's, composed as PyTorch composes them) that
// TransformedDistribution reads to reinterpret its base and sum the
// log-dets, and LogisticNormal, the stick-broken Independent Normal.

// sbOffsets is [K, K-1, ..., 1] like x, PyTorch's K + 1 - ones(K).cumsum(-1).
func sbOffsets(c *chainOps, like *tensor.Tensor, k int) *tensor.Tensor {
	vals := make([]float64, k)
	for i := range vals {
		vals[i] = float64(k - i)
	}
	return c.do(func() (*tensor.Tensor, error) { return tensor.FromValue(vals, like.DType()) })
}

// sbPadOne is x with a column of ones before (front) or after its last
// dimension.
func sbPadOne(c *chainOps, x *tensor.Tensor, front bool) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) {
		shape := slices.Clone(x.Shape())
		shape[len(shape)-1] = 1
		one, err := tensor.Full(1, x.DType(), shape...)
		if err != nil {
			return nil, err
		}
		if front {
			return autograd.Cat([]*tensor.Tensor{one, x}, -1)
		}
		return autograd.Cat([]*tensor.Tensor{x, one}, -1)
	})
}

// sbForward is the stick-breaking map.
func sbForward(c *chainOps, x *tensor.Tensor) *tensor.Tensor {
	k := x.Shape()[x.Dim()-1]
	shifted := c.bin(autograd.Sub, x, c.un(autograd.Log, sbOffsets(c, x, k)))
	eps, tiny := finfo(x)
	z := c.do(func() (*tensor.Tensor, error) {
		return autograd.Clamp(c.un(autograd.Sigmoid, shifted), c.scalar(tiny, x), c.scalar(1-eps, x))
	})
	zc := c.do(func() (*tensor.Tensor, error) { return autograd.Cumprod(c.bin(autograd.Sub, c.scalar(1, z), z), -1) })
	if c.err != nil {
		return nil
	}
	return c.bin(autograd.Mul, sbPadOne(c, z, false), sbPadOne(c, zc, true))
}

// sbInverse is the inverse map.
func sbInverse(c *chainOps, y *tensor.Tensor) *tensor.Tensor {
	k := y.Shape()[y.Dim()-1] - 1
	crop := c.do(func() (*tensor.Tensor, error) { return autograd.Narrow(y, -1, 0, k) })
	sf := c.bin(autograd.Sub, c.scalar(1, y), c.do(func() (*tensor.Tensor, error) { return autograd.Cumsum(crop, -1) }))
	_, tiny := finfo(y)
	sf = c.do(func() (*tensor.Tensor, error) { return autograd.Clamp(sf, c.scalar(tiny, y), nil) })
	x := c.bin(autograd.Sub, c.un(autograd.Log, crop), c.un(autograd.Log, sf))
	return c.bin(autograd.Add, x, c.un(autograd.Log, sbOffsets(c, y, k)))
}

// sbLogDet is log |det dy/dx|, summed over the event dimension.
func sbLogDet(c *chainOps, x, y *tensor.Tensor) *tensor.Tensor {
	k := x.Shape()[x.Dim()-1]
	xs := c.bin(autograd.Sub, x, c.un(autograd.Log, sbOffsets(c, x, k)))
	crop := c.do(func() (*tensor.Tensor, error) { return autograd.Narrow(y, -1, 0, y.Shape()[y.Dim()-1]-1) })
	terms := c.bin(autograd.Add, c.bin(autograd.Add, c.un(autograd.Neg, xs), logSigmoidOf(c, xs)), c.un(autograd.Log, crop))
	return c.do(func() (*tensor.Tensor, error) { return autograd.Sum(terms, []int{-1}, false) })
}

// domainDim is the event dimension of t's domain: 0 for a user's
// transform, which kael takes as elementwise.
func (t *Transform) domainDim() int { return t.eventDims(false) }

// codomainDim is the event dimension of t's codomain.
func (t *Transform) codomainDim() int { return t.eventDims(true) }

func (t *Transform) eventDims(codomain bool) int {
	if t.inverse != nil {
		return t.inverse.eventDims(!codomain)
	}
	switch t.kind {
	case "user":
		return 0
	case "IndependentTransform":
		return t.parts[0].eventDims(codomain) + t.n
	case "CatTransform", "StackTransform":
		return t.joinEventDim()
	case "ComposeTransform":
		if len(t.parts) == 0 {
			return 0
		}
		// PyTorch's ComposeTransform.domain and .codomain: the largest
		// event dimension any part needs, carried through the others
		if codomain {
			n := t.parts[0].domainDim()
			for _, p := range t.parts {
				n = max(n+p.codomainDim()-p.domainDim(), p.codomainDim())
			}
			return n
		}
		n := t.parts[len(t.parts)-1].codomainDim()
		for i := len(t.parts) - 1; i >= 0; i-- {
			p := t.parts[i]
			n = max(n+p.domainDim()-p.codomainDim(), p.domainDim())
		}
		return n
	}
	return t.space(codomain).eventDim
}

// forwardShape is the shape of t's output for an input of shape s.
func (t *Transform) forwardShape(s []int) []int {
	if t.inverse != nil {
		return t.inverse.inverseShape(s)
	}
	switch t.kind {
	case "StickBreakingTransform":
		out := slices.Clone(s)
		if len(out) > 0 {
			out[len(out)-1]++
		}
		return out
	case "ComposeTransform":
		for _, p := range t.parts {
			s = p.forwardShape(s)
		}
	case "IndependentTransform", "ReshapeTransform":
		if out, err := t.eventShapeMap(s, false); err == nil {
			return out
		}
	case "CorrCholeskyTransform":
		if out, err := ccShape(s, false); err == nil {
			return out
		}
	}
	return s
}

// inverseShape is the shape of t's input for an output of shape s.
func (t *Transform) inverseShape(s []int) []int {
	if t.inverse != nil {
		return t.inverse.forwardShape(s)
	}
	switch t.kind {
	case "StickBreakingTransform":
		out := slices.Clone(s)
		if len(out) > 0 {
			out[len(out)-1]--
		}
		return out
	case "ComposeTransform":
		for i := len(t.parts) - 1; i >= 0; i-- {
			s = t.parts[i].inverseShape(s)
		}
	case "IndependentTransform", "ReshapeTransform":
		if out, err := t.eventShapeMap(s, true); err == nil {
			return out
		}
	case "CorrCholeskyTransform":
		if out, err := ccShape(s, true); err == nil {
			return out
		}
	}
	return s
}

// transformedShapes are a transformed distribution's batch and event
// shapes: base's batch + event shape through the transforms' forward
// shapes, cut where PyTorch's TransformedDistribution cuts it.
func transformedShapes(base *Distribution, ts []*Transform) (batch, event []int) {
	compose := &Transform{kind: "ComposeTransform", parts: ts}
	baseEvent := base.eventShape()
	shape := compose.forwardShape(slices.Concat(base.batch, baseEvent))
	eventDim := compose.codomainDim() + max(len(baseEvent)-compose.domainDim(), 0)
	cut := max(len(shape)-eventDim, 0)
	return shape[:cut:cut], shape[cut:]
}

// newTransformed is TransformedDistribution(base, transforms): base taken
// as Independent over the dimensions the transforms' domain needs.
func newTransformed(kind string, base *Distribution, ts []*Transform) (*Distribution, error) {
	compose := &Transform{kind: "ComposeTransform", parts: ts}
	shape := slices.Concat(base.batch, base.eventShape())
	if len(shape) < compose.domainDim() {
		return nil, lang.Errorf(lang.ValueError, "base_distribution needs to have shape with size at least %d, but got %s.", compose.domainDim(), lang.Repr(lang.NewSize(shape)))
	}
	if n := compose.domainDim() - len(base.eventShape()); n > 0 {
		cut := len(base.batch) - n
		base = &Distribution{kind: "Independent", params: map[string]*tensor.Tensor{}, batch: base.batch[:cut:cut], base: base, reinterpreted: n}
	}
	d := &Distribution{kind: kind, params: map[string]*tensor.Tensor{}, base: base, transforms: ts}
	d.batch, _ = transformedShapes(base, ts)
	return d, nil
}

// newLogisticNormal is LogisticNormal(loc, scale): Normal(loc, scale)
// (expanded to batch (1,) when it has none), taken as Independent over
// its last dimension, through StickBreakingTransform.
func newLogisticNormal(a *lang.Args) (*Distribution, error) {
	ts, shape, err := broadcastAll([]lang.Value{a.Value("loc"), a.Value("scale")})
	if err != nil {
		return nil, err
	}
	normal := &Distribution{kind: "Normal", params: map[string]*tensor.Tensor{"loc": ts[0], "scale": ts[1]}, batch: shape}
	validate := distValidateDefault
	if v := a.Value("validate_args"); v != lang.None {
		if validate, err = lang.Truth(v); err != nil {
			return nil, err
		}
	}
	normal.validate = validate
	if validate {
		if err := normal.validateArgs(); err != nil {
			return nil, err
		}
	}
	if len(shape) == 0 {
		if normal, err = normal.expand([]int{1}); err != nil {
			return nil, err
		}
	}
	d, err := newTransformed("LogisticNormal", normal, []*Transform{{kind: "StickBreakingTransform"}})
	if err != nil {
		return nil, err
	}
	d.params["loc"], d.params["scale"] = normal.params["loc"], normal.params["scale"]
	return d, nil
}

func defLogisticNormal() {
	notImplemented := func(d *Distribution, c *chainOps) *tensor.Tensor {
		c.err = lang.Errorf(NotImplementedError, "")
		return nil
	}
	distKinds["LogisticNormal"] = &distKind{
		module: "logistic_normal", sig: "LogisticNormal(loc, scale, validate_args=None)",
		doc:         "The logistic-normal distribution on the simplex: Normal(loc, scale) over the last dimension (K) through StickBreakingTransform, so events have K + 1 entries; rsample and log_prob as PyTorch's TransformedDistribution computes them. No mean, variance or entropy, as in PyTorch.",
		params:      []string{"loc", "scale"},
		constraints: map[string]constraint{"loc": realConstraint, "scale": positiveConstraint},
		support:     simplexConstraint, rsample: true, construct: newLogisticNormal,
		mean: notImplemented, variance: notImplemented,
		logProb: func(d *Distribution, c *chainOps, v *tensor.Tensor) *tensor.Tensor {
			return c.do(func() (*tensor.Tensor, error) { return d.transformedLogProb(v) })
		},
	}
}
