package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The constraints of transforms (domain, codomain) and
// torch.distributions.constraint_registry: biject_to and transform_to,
// which map a constraint to a transform from the reals onto it, as PyTorch
// 1.13 registers them.

// lowerCholeskyMap is x.tril(-1) + f(x.diagonal(dim1=-2, dim2=-1)).diag_embed().
func lowerCholeskyMap(c *chainOps, x *tensor.Tensor, f func(*tensor.Tensor) (*tensor.Tensor, error)) *tensor.Tensor {
	low := c.do(func() (*tensor.Tensor, error) { return autograd.Tril(x, -1) })
	diag := c.un(f, c.do(func() (*tensor.Tensor, error) { return autograd.Diagonal(x, 0, -2, -1) }))
	return c.bin(autograd.Add, low, c.do(func() (*tensor.Tensor, error) { return autograd.DiagEmbed(diag, 0, -2, -1) }))
}

// space is t's domain (codomain false) or codomain.
func (t *Transform) space(codomain bool) *Constraint {
	if t.inverse != nil {
		return t.inverse.space(!codomain)
	}
	if s, ok := t.eventSpace(codomain); ok {
		return s
	}
	real := wrapConstraint(realConstraint)
	if t.kind == "ComposeTransform" {
		switch {
		case len(t.parts) == 0:
			return real
		case codomain:
			return t.parts[len(t.parts)-1].space(true)
		}
		return t.parts[0].space(false)
	}
	spaces := map[string][2]*Constraint{
		"ExpTransform":           {real, greaterThan(0.0)},
		"AffineTransform":        {real, real},
		"SigmoidTransform":       {real, interval(0.0, 1.0)},
		"TanhTransform":          {real, interval(-1.0, 1.0)},
		"AbsTransform":           {real, greaterThan(0.0)},
		"PowerTransform":         {greaterThan(0.0), greaterThan(0.0)},
		"SoftplusTransform":      {real, greaterThan(0.0)},
		"SoftmaxTransform":       {independentConstraint(real, 1), wrapConstraint(simplexConstraint)},
		"LowerCholeskyTransform": {independentConstraint(real, 2), lowerCholeskyCon},
		"StickBreakingTransform": {independentConstraint(real, 1), wrapConstraint(simplexConstraint)},
		"CorrCholeskyTransform":  {independentConstraint(real, 1), wrapConstraint(corrCholeskyConstraint)},
	}[t.kind]
	if codomain {
		return spaces[1]
	}
	return spaces[0]
}

// bijective reports whether t is a bijection.
func (t *Transform) bijective() bool {
	if t.inverse != nil {
		return t.inverse.bijective()
	}
	switch t.kind {
	case "AbsTransform", "SoftmaxTransform", "LowerCholeskyTransform":
		return false
	case "IndependentTransform":
		return t.parts[0].bijective()
	case "ComposeTransform", "CatTransform", "StackTransform":
		for _, p := range t.parts {
			if !p.bijective() {
				return false
			}
		}
	}
	return true
}

// registryTransform is biject_to(con) (bijective true) or
// transform_to(con).
func registryTransform(con *Constraint, bijective bool) (*Transform, error) {
	class := con.TypeName()
	compose := func(parts ...*Transform) *Transform { return &Transform{kind: "ComposeTransform", parts: parts} }
	affine := func(loc, scale lang.Value) (*Transform, error) {
		var like *tensor.Tensor
		for _, v := range []lang.Value{loc, scale} {
			if t, ok := v.(*tensor.Tensor); ok {
				like = t
			}
		}
		t := &Transform{kind: "AffineTransform"}
		_, isT := scale.(*tensor.Tensor)
		t.scaleNum = !isT
		var err error
		if t.loc, err = distTensor(loc, like); err != nil {
			return nil, err
		}
		t.scale, err = distTensor(scale, like)
		return t, err
	}
	switch class {
	case "_Real":
		return &Transform{kind: "ComposeTransform"}, nil
	case "_GreaterThan", "_GreaterThanEq":
		// positive and nonnegative too: PyTorch registers by class, and
		// greater_than's registration replaces ExpTransform's
		a, err := affine(con.attrs["lower_bound"], int64(1))
		return compose(&Transform{kind: "ExpTransform"}, a), err
	case "_LessThan":
		a, err := affine(con.attrs["upper_bound"], int64(-1))
		return compose(&Transform{kind: "ExpTransform"}, a), err
	case "_Interval", "_HalfOpenInterval":
		lo, hi := con.attrs["lower_bound"], con.attrs["upper_bound"]
		if isNumber(lo, 0) && isNumber(hi, 1) {
			return &Transform{kind: "SigmoidTransform"}, nil
		}
		var scale lang.Value
		lt, lok := lo.(*tensor.Tensor)
		ht, hok := hi.(*tensor.Tensor)
		switch {
		case lok || hok:
			if !lok {
				var err error
				if lt, err = distTensor(lo, ht); err != nil {
					return nil, err
				}
			}
			if !hok {
				var err error
				if ht, err = distTensor(hi, lt); err != nil {
					return nil, err
				}
			}
			d, err := autograd.Sub(ht, lt)
			if err != nil {
				return nil, err
			}
			scale = d
		default:
			l, _ := lang.AsFloat(lo)
			h, _ := lang.AsFloat(hi)
			scale = h - l
		}
		a, err := affine(lo, scale)
		return compose(&Transform{kind: "SigmoidTransform"}, a), err
	case "_Simplex":
		if !bijective {
			return &Transform{kind: "SoftmaxTransform"}, nil
		}
	case "_LowerCholesky":
		if !bijective {
			return &Transform{kind: "LowerCholeskyTransform"}, nil
		}
	}
	return nil, lang.Errorf(NotImplementedError, "Cannot transform %s constraints", class)
}

// isNumber reports whether v is a Python number equal to n (not a tensor).
func isNumber(v lang.Value, n float64) bool {
	if _, ok := v.(*tensor.Tensor); ok {
		return false
	}
	f, ok := lang.AsFloat(v)
	return ok && f == n
}

func defConstraintRegistry(mod *lang.Module) {
	reg := func(name string, bijective bool, doc string) *lang.Builtin {
		return lang.NewBuiltin(lang.AsValue, name+"(constraint)", doc, func(a *lang.Args) (lang.Value, error) {
			con, ok := a.Value("constraint").(*Constraint)
			if !ok {
				return nil, lang.Errorf(NotImplementedError, "Cannot transform %s constraints", lang.TypeName(a.Value("constraint")))
			}
			return registryTransform(con, bijective)
		})
	}
	biject := reg("biject_to", true, "A bijective transform from the reals onto the constraint's set (real: identity_transform, positive: ExpTransform, greater_than/less_than: exp then an affine shift, interval: sigmoid then affine), as PyTorch 1.13 registers them; NotImplementedError for a constraint without one.")
	transform := reg("transform_to", false, "A transform from the reals onto the constraint's set, not necessarily bijective: biject_to's, and SoftmaxTransform for simplex and LowerCholeskyTransform for lower_cholesky.")
	mod.Attrs["biject_to"] = biject
	mod.Attrs["transform_to"] = transform
	registry := &lang.Module{Name: "torch.distributions.constraint_registry", Attrs: map[string]lang.Value{"biject_to": biject, "transform_to": transform}}
	mod.Attrs["constraint_registry"] = registry
	lang.RegisterModule("torch.distributions.constraint_registry", "torch.distributions.constraint_registry: biject_to and transform_to.", func() *lang.Module { return registry })
}
