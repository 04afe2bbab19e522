package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// CatTransform and StackTransform, as PyTorch 1.13 has them: transforms
// applied to the slices of dim (of the given lengths, or to each index
// for Stack) and joined back; their domain and codomain are the Cat() and
// Stack() constraints of their parts' domains and codomains. A wrong
// size along dim is PyTorch's bare AssertionError.

// joinSlices are x's slices along t.dim: narrowed by t.lengths (Cat) or
// selected (Stack).
func (t *Transform) joinSlices(c *chainOps, x *tensor.Tensor) []*tensor.Tensor {
	dim := t.dim
	if dim < -x.Dim() || dim >= x.Dim() {
		c.err = lang.Errorf(lang.AssertionError, "")
		return nil
	}
	if dim < 0 {
		dim += x.Dim()
	}
	size := x.Shape()[dim]
	var out []*tensor.Tensor
	if t.kind == "StackTransform" {
		if size != len(t.parts) {
			c.err = lang.Errorf(lang.AssertionError, "")
			return nil
		}
		for i := range t.parts {
			out = append(out, c.do(func() (*tensor.Tensor, error) { return autograd.Select(x, dim, i) }))
		}
		return out
	}
	total := 0
	for _, n := range t.lengths {
		total += n
	}
	if size != total {
		c.err = lang.Errorf(lang.AssertionError, "")
		return nil
	}
	start := 0
	for _, n := range t.lengths {
		out = append(out, c.do(func() (*tensor.Tensor, error) { return autograd.Narrow(x, dim, start, n) }))
		start += n
	}
	return out
}

// join is Cat's cat or Stack's stack of parts along t.dim.
func (t *Transform) join(c *chainOps, parts []*tensor.Tensor) *tensor.Tensor {
	if c.err != nil {
		return nil
	}
	if t.kind == "StackTransform" {
		return c.do(func() (*tensor.Tensor, error) { return autograd.Stack(parts, t.dim) })
	}
	return c.do(func() (*tensor.Tensor, error) { return autograd.Cat(parts, t.dim) })
}

// joinMap is the map (inverse false) or its inverse, slice by slice.
func (t *Transform) joinMap(c *chainOps, x *tensor.Tensor, inverse bool) *tensor.Tensor {
	slices := t.joinSlices(c, x)
	out := make([]*tensor.Tensor, len(slices))
	for i, s := range slices {
		p := t.parts[i]
		if inverse {
			out[i] = c.do(func() (*tensor.Tensor, error) { return p.unapply(s) })
		} else {
			out[i] = c.do(func() (*tensor.Tensor, error) { return p.apply(s) })
		}
	}
	return t.join(c, out)
}

// joinEventDim is the largest event dimension of the parts.
func (t *Transform) joinEventDim() int {
	n := 0
	for _, p := range t.parts {
		n = max(n, p.domainDim())
	}
	return n
}

// joinLogDet is the log-det: the parts' joined (Cat: summed over the
// event dimensions a part lacks, and added up instead when dim is an
// event dimension).
func (t *Transform) joinLogDet(c *chainOps, x, y *tensor.Tensor) *tensor.Tensor {
	xs, ys := t.joinSlices(c, x), t.joinSlices(c, y)
	if c.err != nil {
		return nil
	}
	eventDim := t.joinEventDim()
	out := make([]*tensor.Tensor, len(xs))
	for i := range xs {
		p := t.parts[i]
		out[i] = c.do(func() (*tensor.Tensor, error) { return p.logDet(xs[i], ys[i]) })
		if t.kind == "CatTransform" && p.domainDim() < eventDim {
			out[i] = sumRightmost(c, out[i], eventDim-p.domainDim())
		}
	}
	if t.kind == "StackTransform" {
		return t.join(c, out)
	}
	dim := t.dim
	if dim >= 0 {
		dim -= x.Dim()
	}
	if dim += eventDim; dim < 0 {
		return c.do(func() (*tensor.Tensor, error) { return autograd.Cat(out, dim) })
	}
	sum := out[0]
	for _, o := range out[1:] {
		sum = c.bin(autograd.Add, sum, o)
	}
	return sum
}

// joinSpace is the Cat() or Stack() constraint of the parts' domains
// (codomain false) or codomains.
func (t *Transform) joinSpace(codomain bool) *Constraint {
	cons := make([]*Constraint, len(t.parts))
	for i, p := range t.parts {
		if p.kind == "user" {
			cons[i] = wrapConstraint(realConstraint)
		} else {
			cons[i] = p.space(codomain)
		}
	}
	name := "Cat()"
	if t.kind == "StackTransform" {
		name = "Stack()"
	}
	probe := &Transform{kind: t.kind, dim: t.dim, lengths: t.lengths, parts: t.parts}
	return &Constraint{constraint: constraint{name, func(c *chainOps, v *tensor.Tensor) *tensor.Tensor {
		slices := probe.joinSlices(c, v)
		out := make([]*tensor.Tensor, len(slices))
		for i, s := range slices {
			out[i] = cons[i].check(c, s)
		}
		return probe.join(c, out)
	}}, eventDim: t.joinEventDim()}
}

func defJoinTransforms(defT func(kind, sig, doc string, make func(a *lang.Args) (*Transform, error))) {
	parts := func(a *lang.Args) ([]*Transform, error) {
		elems, err := lang.Collect(a.Value("tseq"))
		if err != nil {
			return nil, err
		}
		out := make([]*Transform, len(elems))
		for i, e := range elems {
			t, ok := e.(*Transform)
			if !ok {
				t, ok = userTransform(e)
			}
			if !ok {
				return nil, lang.Errorf(lang.AssertionError, "")
			}
			out[i] = t
		}
		return out, nil
	}
	defT("CatTransform", "CatTransform(tseq, dim=0, lengths=None, cache_size=0)", "The transforms of tseq applied to consecutive slices of dim (of the given lengths, 1 each by default) and concatenated back; the log-dets likewise.", func(a *lang.Args) (*Transform, error) {
		ps, err := parts(a)
		if err != nil {
			return nil, err
		}
		t := &Transform{kind: "CatTransform", parts: ps, dim: a.Int("dim")}
		if a.IsNone("lengths") {
			t.lengths = repeatInt(1, len(ps))
		} else {
			t.lengths = a.Ints("lengths")
		}
		if err := a.Err(); err != nil {
			return nil, err
		}
		if len(t.lengths) != len(ps) {
			return nil, lang.Errorf(lang.AssertionError, "")
		}
		return t, nil
	})
	defT("StackTransform", "StackTransform(tseq, dim=0, cache_size=0)", "The transforms of tseq applied to the successive indices of dim and stacked back; the log-dets likewise.", func(a *lang.Args) (*Transform, error) {
		ps, err := parts(a)
		if err != nil {
			return nil, err
		}
		t := &Transform{kind: "StackTransform", parts: ps, dim: a.Int("dim")}
		return t, a.Err()
	})
}

// joinTransformAttr returns Cat's and Stack's own attributes.
func (t *Transform) joinTransformAttr(name string) (lang.Value, bool) {
	if t.kind != "CatTransform" && t.kind != "StackTransform" {
		return nil, false
	}
	switch name {
	case "transforms":
		out := make([]lang.Value, len(t.parts))
		for i, p := range t.parts {
			out[i] = p
		}
		return &lang.List{Elems: out}, true
	case "dim":
		return int64(t.dim), true
	case "lengths":
		return &lang.List{Elems: intsToValues(t.lengths)}, t.kind == "CatTransform"
	case "length":
		n := 0
		for _, k := range t.lengths {
			n += k
		}
		return int64(n), t.kind == "CatTransform"
	case "event_dim":
		return int64(t.joinEventDim()), true
	}
	return nil, false
}
