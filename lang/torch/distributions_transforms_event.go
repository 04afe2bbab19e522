package torch

import (
	"slices"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// IndependentTransform, ReshapeTransform and
// CumulativeDistributionTransform, as PyTorch 1.13 has them: the first
// takes a transform's rightmost batch dimensions as event dimensions (its
// log-det summed over them), the second reshapes the event dimensions
// (log-det 0), the third is a distribution's cdf (inverse its icdf,
// log-det its log_prob).

// eventSpace returns the extra transforms' domain (codomain true:
// codomain) and whether t is one of them.
func (t *Transform) eventSpace(codomain bool) (*Constraint, bool) {
	switch t.kind {
	case "CatTransform", "StackTransform":
		return t.joinSpace(codomain), true
	case "IndependentTransform":
		base := wrapConstraint(realConstraint) // a user's transform: taken as elementwise
		if t.parts[0].kind != "user" {
			base = t.parts[0].space(codomain)
		}
		return independentConstraint(base, t.n), true
	case "ReshapeTransform":
		s := t.inShape
		if codomain {
			s = t.outShape
		}
		return independentConstraint(wrapConstraint(realConstraint), len(s)), true
	case "CumulativeDistributionTransform":
		if codomain {
			return wrapConstraint(unitIntervalConstraint), true
		}
		return wrapConstraint(t.dist.support()), true
	}
	return nil, false
}

// eventShapeMap is forward_shape (inverse false) or inverse_shape of the
// extra transforms.
func (t *Transform) eventShapeMap(s []int, inverse bool) ([]int, error) {
	switch t.kind {
	case "IndependentTransform":
		if inverse {
			return t.parts[0].inverseShape(s), nil
		}
		return t.parts[0].forwardShape(s), nil
	case "ReshapeTransform":
		from, to := t.inShape, t.outShape
		if inverse {
			from, to = to, from
		}
		if len(s) < len(from) {
			return nil, lang.Errorf(lang.ValueError, "Too few dimensions on input")
		}
		cut := len(s) - len(from)
		if !slices.Equal(s[cut:], from) {
			return nil, lang.Errorf(lang.ValueError, "Shape mismatch: expected %s but got %s", lang.Repr(lang.Tuple(intsToValues(s[cut:]))), lang.Repr(lang.NewSize(from)))
		}
		return slices.Concat(s[:cut], to), nil
	}
	return s, nil
}

// eventForward is the map of the extra transforms.
func (t *Transform) eventForward(c *chainOps, x *tensor.Tensor, inverse bool) *tensor.Tensor {
	switch t.kind {
	case "IndependentTransform":
		if inverse {
			return c.do(func() (*tensor.Tensor, error) { return t.parts[0].unapply(x) })
		}
		return c.do(func() (*tensor.Tensor, error) { return t.parts[0].apply(x) })
	case "ReshapeTransform":
		from, to := t.inShape, t.outShape
		if inverse {
			from, to = to, from
		}
		batch := x.Shape()[:max(x.Dim()-len(from), 0)]
		return c.do(func() (*tensor.Tensor, error) { return autograd.Reshape(x, slices.Concat(batch, to)...) })
	}
	// CumulativeDistributionTransform
	var out *tensor.Tensor
	var ok bool
	if inverse {
		out, ok = t.dist.icdf(c, x)
	} else {
		out, ok = t.dist.cdf(c, x)
	}
	if !ok && c.err == nil {
		c.err = lang.Errorf(NotImplementedError, "")
	}
	return out
}

// eventLogDet is the log-det of the extra transforms.
func (t *Transform) eventLogDet(c *chainOps, x, y *tensor.Tensor) *tensor.Tensor {
	switch t.kind {
	case "IndependentTransform":
		ld := c.do(func() (*tensor.Tensor, error) { return t.parts[0].logDet(x, y) })
		if c.err != nil {
			return nil
		}
		return sumRightmost(c, ld, t.n)
	case "ReshapeTransform":
		batch := x.Shape()[:max(x.Dim()-len(t.inShape), 0)]
		return c.do(func() (*tensor.Tensor, error) { return tensor.Zeros(x.DType(), batch...) })
	}
	return c.do(func() (*tensor.Tensor, error) { return t.dist.logProb(x) })
}

func defEventTransforms(defT func(kind, sig, doc string, make func(a *lang.Args) (*Transform, error))) {
	defT("IndependentTransform", "IndependentTransform(base_transform, reinterpreted_batch_ndims, cache_size=0)", "base_transform with its rightmost reinterpreted_batch_ndims dimensions taken as event dimensions: the same map, its log-det summed over them.", func(a *lang.Args) (*Transform, error) {
		base, ok := a.Value("base_transform").(*Transform)
		if !ok {
			base, ok = userTransform(a.Value("base_transform"))
		}
		n := a.Int("reinterpreted_batch_ndims")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if !ok {
			return nil, a.WrongType("base_transform", "a Transform", a.Value("base_transform"))
		}
		return &Transform{kind: "IndependentTransform", parts: []*Transform{base}, n: n}, nil
	})
	defT("ReshapeTransform", "ReshapeTransform(in_shape, out_shape, cache_size=0)", "The reshape of the rightmost dimensions from in_shape to out_shape (of as many elements); its log-det is 0.", func(a *lang.Args) (*Transform, error) {
		in, out := a.Ints("in_shape"), a.Ints("out_shape")
		if err := a.Err(); err != nil {
			return nil, err
		}
		prod := func(s []int) int {
			n := 1
			for _, k := range s {
				n *= k
			}
			return n
		}
		if prod(in) != prod(out) {
			return nil, lang.Errorf(lang.ValueError, "in_shape, out_shape have different numbers of elements")
		}
		return &Transform{kind: "ReshapeTransform", inShape: slices.Clone(in), outShape: slices.Clone(out)}, nil
	})
	defT("CumulativeDistributionTransform", "CumulativeDistributionTransform(distribution, cache_size=0)", "The map of a distribution's cdf, from its support to [0, 1]; the inverse is its icdf, the log-det its log_prob.", func(a *lang.Args) (*Transform, error) {
		d, ok := a.Value("distribution").(*Distribution)
		if !ok {
			return nil, a.WrongType("distribution", "a Distribution", a.Value("distribution"))
		}
		return &Transform{kind: "CumulativeDistributionTransform", dist: d}, nil
	})
}

// eventTransformAttr returns the extra transforms' own attributes.
func (t *Transform) eventTransformAttr(name string) (lang.Value, bool) {
	switch {
	case t.kind == "IndependentTransform" && name == "base_transform":
		return t.parts[0], true
	case t.kind == "IndependentTransform" && name == "reinterpreted_batch_ndims":
		return int64(t.n), true
	case t.kind == "ReshapeTransform" && name == "in_shape":
		return lang.NewSize(t.inShape), true
	case t.kind == "ReshapeTransform" && name == "out_shape":
		return lang.NewSize(t.outShape), true
	case t.kind == "CumulativeDistributionTransform" && name == "distribution":
		return t.dist, true
	}
	return nil, false
}
