package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// torch.gradient: the derivative of a sampled function by central
// differences inside and one-sided ones (first or second order) at the
// ends, along each dimension asked for, with uniform spacings or the
// samples' coordinates, in the arithmetic of PyTorch 1.13's
// gradient_helper (aten/src/ATen/native/ReduceOps.cpp), recorded for
// autograd.

// gradientOps is the arithmetic the formulas need, with the first error
// kept (later calls return nil).
type gradientOps struct{ err error }

func (g *gradientOps) do(f func() (*tensor.Tensor, error)) *tensor.Tensor {
	if g.err != nil {
		return nil
	}
	t, err := f()
	if err != nil {
		g.err = err
	}
	return t
}

// slice is x[start:stop] along dim (stop 0: to the end; negative counts
// from the end).
func (g *gradientOps) slice(x *tensor.Tensor, dim, start, stop int) *tensor.Tensor {
	n := x.Shape()[dim]
	if start < 0 {
		start += n
	}
	if stop <= 0 {
		stop += n
	}
	return g.do(func() (*tensor.Tensor, error) { return autograd.Slice(x, dim, start, stop, 1) })
}

func (g *gradientOps) sub(a, b *tensor.Tensor) *tensor.Tensor {
	return g.do(func() (*tensor.Tensor, error) { return autograd.Sub(a, b) })
}

func (g *gradientOps) add(a, b *tensor.Tensor) *tensor.Tensor {
	return g.do(func() (*tensor.Tensor, error) { return autograd.Add(a, b) })
}

// mul is a·b; a number a (a constant 0-d tensor) is PyTorch's Scalar
// overload, which saves nothing, so the result can be backpropagated
// through twice, as PyTorch's can.
func (g *gradientOps) mul(a, b *tensor.Tensor) *tensor.Tensor {
	if k, ok := constantNumber(a); ok {
		return g.do(func() (*tensor.Tensor, error) { return autograd.MulScalar(b, k) })
	}
	return g.do(func() (*tensor.Tensor, error) { return autograd.Mul(a, b) })
}

// div is a/b, by a number b as mul is.
func (g *gradientOps) div(a, b *tensor.Tensor) *tensor.Tensor {
	if k, ok := constantNumber(b); ok {
		return g.do(func() (*tensor.Tensor, error) { return autograd.DivScalar(a, k) })
	}
	return g.do(func() (*tensor.Tensor, error) { return autograd.Div(a, b) })
}

// constantNumber is the value of a 0-d floating tensor that needs no
// gradient: a number the formulas divide or multiply by.
func constantNumber(t *tensor.Tensor) (float64, bool) {
	if t == nil || t.Dim() != 0 || t.RequiresGrad() || !t.DType().IsFloating() {
		return 0, false
	}
	v, err := t.Item()
	if err != nil {
		return 0, false
	}
	f, ok := v.(float64)
	return f, ok
}

// numberOf is a Python number's value.
func numberOf(v lang.Value) (float64, bool) {
	switch x := v.(type) {
	case int64:
		return float64(x), true
	case bool:
		if x {
			return 1, true
		}
		return 0, true
	case *tensor.Tensor:
		return 0, false
	}
	return lang.AsFloat(v)
}

// num is a Python number as an operand.
func num(v float64) *tensor.Tensor { return tensor.MustScalar(v) }

// uniform is the derivative along dim for the spacing h.
func (g *gradientOps) uniform(x *tensor.Tensor, dim int, h *tensor.Tensor, edgeOrder int) *tensor.Tensor {
	s := func(start, stop int) *tensor.Tensor { return g.slice(x, dim, start, stop) }
	center := g.div(g.sub(s(2, 0), s(0, -2)), h)
	var prepend, appendix *tensor.Tensor
	if edgeOrder == 1 {
		prepend = g.div(g.sub(s(1, 2), s(0, 1)), h)
		appendix = g.div(g.sub(s(-1, 0), s(-2, -1)), h)
	} else {
		prepend = g.div(g.add(g.sub(g.mul(num(-1.5), s(0, 1)), g.mul(num(-2), s(1, 2))), g.mul(num(-0.5), s(2, 3))), h)
		appendix = g.div(g.add(g.sub(g.mul(num(0.5), s(-3, -2)), g.mul(num(2), s(-2, -1))), g.mul(num(1.5), s(-1, 0))), h)
	}
	center = g.div(center, num(2))
	return g.do(func() (*tensor.Tensor, error) { return autograd.Cat([]*tensor.Tensor{prepend, center, appendix}, dim) })
}

// coordinates is the derivative along dim for samples at the 1-D
// coordinates c.
func (g *gradientOps) coordinates(x *tensor.Tensor, dim int, c *tensor.Tensor, edgeOrder int) *tensor.Tensor {
	s := func(start, stop int) *tensor.Tensor { return g.slice(x, dim, start, stop) }
	dx := g.sub(g.slice(c, 0, 1, 0), g.slice(c, 0, 0, -1))
	if g.err != nil {
		return nil
	}
	shape := make([]int, x.Dim())
	for i := range shape {
		shape[i] = 1
	}
	shape[dim] = -1
	reshape := func(t *tensor.Tensor) *tensor.Tensor {
		return g.do(func() (*tensor.Tensor, error) { return autograd.Reshape(t, shape...) })
	}
	at := func(i int) *tensor.Tensor {
		n := dx.Shape()[0]
		if i < 0 {
			i += n
		}
		return g.do(func() (*tensor.Tensor, error) { return autograd.Select(dx, 0, i) })
	}
	neg := func(t *tensor.Tensor) *tensor.Tensor { return g.mul(num(-1), t) }
	dx1, dx2 := g.slice(dx, 0, 0, -1), g.slice(dx, 0, 1, 0)
	a := reshape(g.div(neg(dx2), g.mul(dx1, g.add(dx1, dx2))))
	b := reshape(g.div(g.sub(dx2, dx1), g.mul(dx1, dx2)))
	cc := reshape(g.div(dx1, g.mul(dx2, g.add(dx1, dx2))))
	center := g.add(g.add(g.mul(a, s(0, -2)), g.mul(b, s(1, -1))), g.mul(cc, s(2, 0)))
	var prepend, appendix *tensor.Tensor
	if edgeOrder == 1 {
		prepend = g.div(g.sub(s(1, 2), s(0, 1)), at(0))
		appendix = g.div(g.sub(s(-1, 0), s(-2, -1)), at(-1))
	} else {
		d0, d1 := at(0), at(1)
		a := g.div(neg(g.add(g.mul(num(2), d0), d1)), g.mul(d0, g.add(d0, d1)))
		b := g.div(g.add(d0, d1), g.mul(d0, d1))
		c := g.div(neg(d0), g.mul(d1, g.add(d0, d1)))
		prepend = g.add(g.add(g.mul(a, s(0, 1)), g.mul(b, s(1, 2))), g.mul(c, s(2, 3)))
		e1, e2 := at(-1), at(-2)
		a = g.div(e1, g.mul(e2, g.add(e1, e2)))
		b = g.div(neg(g.add(e1, e2)), g.mul(e1, e2))
		c = g.div(g.add(g.mul(num(2), e1), e2), g.mul(e1, g.add(e1, e2)))
		appendix = g.add(g.add(g.mul(a, s(-3, -2)), g.mul(b, s(-2, -1))), g.mul(c, s(-1, 0)))
	}
	return g.do(func() (*tensor.Tensor, error) { return autograd.Cat([]*tensor.Tensor{prepend, center, appendix}, dim) })
}

func defGradient() {
	lang.NewBuiltin(lang.AsFunc, "gradient(input, *, spacing=1, dim=None, edge_order=1)", "The derivative of the function sampled by input along each dimension in dim (all by default), a tuple of tensors: central differences inside, one-sided differences of order edge_order (1 or 2) at the ends. spacing is the distance between samples (one number, or one per dimension) or the samples' coordinates (one 1-D tensor per dimension).", func(a *lang.Args) (lang.Value, error) {
		x, edgeOrder := a.Tensor("input"), a.Int("edge_order")
		if err := a.Err(); err != nil {
			return nil, err
		}
		var dims []int
		if a.IsNone("dim") {
			for i := range x.Dim() {
				dims = append(dims, i)
			}
		} else if d, ok := a.Value("dim").(int64); ok {
			dims = []int{int(d)}
		} else {
			dims = a.Ints("dim")
			if err := a.Err(); err != nil {
				return nil, err
			}
		}
		seen := map[int]bool{}
		for i, d := range dims {
			w, err := normDim("gradient", d, x.Dim())
			if err != nil {
				return nil, err
			}
			if seen[w] {
				return nil, lang.Errorf(lang.RuntimeError, "dim %d appears multiple times in the list of dims", w)
			}
			seen[w], dims[i] = true, w
		}
		// spacing: one number for every dimension, or a sequence with one
		// number or one coordinate tensor per dimension.
		var steps []*tensor.Tensor
		var coords []*tensor.Tensor
		sp := a.Value("spacing")
		switch v := sp.(type) {
		case int64, float64, bool:
			f, _ := numberOf(v)
			for range dims {
				steps = append(steps, num(f))
			}
		default:
			elems, err := lang.Collect(sp)
			if err != nil {
				return nil, lang.Errorf(lang.TypeError, "gradient(): argument 'spacing' must be a number, a list of numbers or a tuple of tensors, not %s", lang.TypeName(sp))
			}
			if len(elems) != len(dims) {
				return nil, lang.Errorf(lang.RuntimeError, "torch.gradient expected spacing to be unspecified, a scalar or a list of length %d but got a list of length %d", len(dims), len(elems))
			}
			for _, e := range elems {
				if t, ok := e.(*tensor.Tensor); ok {
					coords = append(coords, t)
					continue
				}
				f, ok := numberOf(e)
				if !ok {
					return nil, lang.Errorf(lang.TypeError, "gradient(): spacing must hold numbers or tensors, not %s", lang.TypeName(e))
				}
				steps = append(steps, num(f))
			}
			if len(coords) > 0 && len(steps) > 0 {
				return nil, lang.Errorf(lang.TypeError, "gradient(): spacing must hold numbers only or tensors only")
			}
		}
		if edgeOrder != 1 && edgeOrder != 2 {
			return nil, lang.Errorf(lang.RuntimeError, "torch.gradient only supports edge_order=1 and edge_order=2.")
		}
		for _, d := range dims {
			if x.Dim() == 0 || x.Shape()[d] < edgeOrder+1 {
				return nil, lang.Errorf(lang.RuntimeError, "torch.gradient expected each dimension size to be at least edge_order+1")
			}
		}
		for i, c := range coords {
			if c.Dim() != 1 || c.Shape()[0] != x.Shape()[dims[i]] {
				return nil, lang.Errorf(lang.RuntimeError, "torch.gradient expected each tensor to be one-dimensional and as long as dimension %d of input (%d), got shape %s", dims[i], x.Shape()[dims[i]], listText(c.Shape()))
			}
		}
		if !x.DType().IsFloating() && !x.DType().IsComplex() {
			var err error
			if x, err = autograd.To(x, tensor.DefaultFloat); err != nil {
				return nil, err
			}
		}
		g := &gradientOps{}
		out := make(lang.Tuple, len(dims))
		for i, d := range dims {
			if coords != nil {
				out[i] = g.coordinates(x, d, coords[i], edgeOrder)
			} else {
				out[i] = g.uniform(x, d, steps[i], edgeOrder)
			}
			if g.err != nil {
				return nil, g.err
			}
		}
		return out, nil
	})
}
