package torch

import (
	"math"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// torch.distributions.transforms (the elementwise ones: ExpTransform,
// AffineTransform, SigmoidTransform, TanhTransform, AbsTransform,
// PowerTransform, their inverses and ComposeTransform) and
// TransformedDistribution, with PyTorch 1.13's formulas. A transform made
// with cache_size=1 keeps its last (x, y), so that the inverse of the y it
// just computed is that x: log_prob of an rsample of a tanh-squashed
// normal (SAC's policy) then differentiates through the sample without
// atanh.

// Transform is one transform; inverse, when set, makes it that
// transform's inverse (_InverseTransform).
type Transform struct {
	kind       string
	loc, scale *tensor.Tensor // AffineTransform's; exponent in scale for PowerTransform
	scaleNum   bool           // scale was a number: the log-det is a constant
	parts      []*Transform   // ComposeTransform's
	inverse    *Transform
	inv        *Transform // the inverse object, made once (t.inv.inv is t)
	cacheSize  int
	cx, cy     *tensor.Tensor
	// user is a user's Transform subclass instance (kind "user").
	user *lang.Instance
	// n is IndependentTransform's reinterpreted_batch_ndims (its base
	// transform parts[0]); inShape and outShape are ReshapeTransform's;
	// dist is CumulativeDistributionTransform's distribution.
	n                 int
	inShape, outShape []int
	dist              *Distribution
	// dim and lengths are CatTransform's and StackTransform's (their
	// transforms parts).
	dim     int
	lengths []int
}

var transformMethods = map[string]*lang.Builtin{}

// transformModule is the qualified module of the transform classes.
const transformModule = "torch.distributions.transforms."

// TypeName is the class name: TanhTransform.
func (t *Transform) TypeName() string {
	if t.inverse != nil {
		return "_InverseTransform"
	}
	return t.kind
}

// ClassName is the qualified class name.
func (t *Transform) ClassName() string { return transformModule + t.TypeName() }

// String is PyTorch's repr: TanhTransform(), _InverseTransform(ExpTransform()).
func (t *Transform) String() string {
	switch {
	case t.inverse != nil:
		return "_InverseTransform(" + t.inverse.String() + ")"
	case t.kind == "IndependentTransform":
		return "IndependentTransform(" + t.parts[0].String() + ", " + lang.Repr(int64(t.n)) + ")"
	case t.kind == "ComposeTransform":
		s := "ComposeTransform(\n    "
		for i, p := range t.parts {
			if i > 0 {
				s += ",\n    "
			}
			s += p.String()
		}
		return s + "\n)"
	}
	return t.kind + "()"
}

// Attr returns the methods, inv and sign.
func (t *Transform) Attr(name string) (lang.Value, bool) {
	if m, ok := transformMethods[name]; ok {
		return &lang.BoundMethod{Recv: t, Method: m}, true
	}
	switch name {
	case "inv":
		return t.invert(), true
	case "domain", "codomain":
		return t.space(name == "codomain"), true
	case "bijective":
		return t.bijective(), true
	case "sign":
		return t.sign()
	case "parts":
		if t.kind == "ComposeTransform" && t.inverse == nil {
			out := make([]lang.Value, len(t.parts))
			for i, p := range t.parts {
				out[i] = p
			}
			return &lang.List{Elems: out}, true
		}
	case "loc", "scale", "exponent":
		if t.inverse != nil {
			return nil, false
		}
		switch {
		case t.kind == "AffineTransform" && name == "loc":
			return t.loc, true
		case t.kind == "AffineTransform" && name == "scale", t.kind == "PowerTransform" && name == "exponent":
			return t.scale, true
		}
	}
	if t.inverse == nil {
		if v, ok := t.joinTransformAttr(name); ok {
			return v, true
		}
		return t.eventTransformAttr(name)
	}
	return nil, false
}

// AttrNames lists the attributes.
func (t *Transform) AttrNames() []string {
	return append(sortedKeys(transformMethods), "inv", "sign")
}

// invert returns t's inverse: the transform it inverts, for an inverse.
func (t *Transform) invert() *Transform {
	if t.inverse != nil {
		return t.inverse
	}
	if t.inv == nil {
		t.inv = &Transform{kind: t.kind, inverse: t}
	}
	return t.inv
}

// sign is +1 or -1 for a monotone transform.
func (t *Transform) sign() (lang.Value, bool) {
	base := t
	if t.inverse != nil {
		base = t.inverse
	}
	switch base.kind {
	case "ExpTransform", "SigmoidTransform", "TanhTransform", "SoftplusTransform", "CumulativeDistributionTransform":
		return int64(1), true
	case "IndependentTransform":
		return base.parts[0].sign()
	case "AffineTransform", "PowerTransform":
		if base.scaleNum {
			v, _ := base.scale.Item()
			f, _ := lang.AsFloat(v)
			if f < 0 {
				return int64(-1), true
			}
			return int64(1), true
		}
		sg, err := autograd.Sign(base.scale.Detach())
		return sg, err == nil
	}
	return nil, false
}

// apply is t(x), through the cache.
func (t *Transform) apply(x *tensor.Tensor) (*tensor.Tensor, error) {
	if t.inverse != nil {
		return t.inverse.unapply(x)
	}
	if t.cacheSize == 1 && t.cx == x {
		return t.cy, nil
	}
	y, err := t.forward(x)
	if err == nil && t.cacheSize == 1 {
		t.cx, t.cy = x, y
	}
	return y, err
}

// unapply is t.inv(y), through the cache.
func (t *Transform) unapply(y *tensor.Tensor) (*tensor.Tensor, error) {
	if t.inverse != nil {
		return t.inverse.apply(y)
	}
	if t.cacheSize == 1 && t.cy == y {
		return t.cx, nil
	}
	x, err := t.backwardMap(y)
	if err == nil && t.cacheSize == 1 {
		t.cx, t.cy = x, y
	}
	return x, err
}

// forward is the transform's map.
func (t *Transform) forward(x *tensor.Tensor) (*tensor.Tensor, error) {
	c := &chainOps{}
	var y *tensor.Tensor
	switch t.kind {
	case "ExpTransform":
		y = c.un(autograd.Exp, x)
	case "AffineTransform":
		y = c.bin(autograd.Add, t.loc, c.bin(autograd.Mul, t.scale, x))
	case "PowerTransform":
		y = c.bin(autograd.Pow, x, t.scale)
	case "AbsTransform":
		y = c.un(autograd.Abs, x)
	case "TanhTransform":
		y = c.un(autograd.Tanh, x)
	case "user":
		y = c.do(func() (*tensor.Tensor, error) { return userTransformCall(t.user, "__call__", x) })
	case "SoftplusTransform":
		y = softplusOf(c, x)
	case "SoftmaxTransform":
		y = c.do(func() (*tensor.Tensor, error) { return autograd.Softmax(x, -1) })
	case "LowerCholeskyTransform":
		y = lowerCholeskyMap(c, x, autograd.Exp)
	case "StickBreakingTransform":
		y = sbForward(c, x)
	case "CorrCholeskyTransform":
		y = ccForward(c, x)
	case "IndependentTransform", "ReshapeTransform", "CumulativeDistributionTransform":
		y = t.eventForward(c, x, false)
	case "CatTransform", "StackTransform":
		y = t.joinMap(c, x, false)
	case "SigmoidTransform":
		eps, tiny := finfo(x)
		y = c.do(func() (*tensor.Tensor, error) {
			return autograd.Clamp(c.un(autograd.Sigmoid, x), c.scalar(tiny, x), c.scalar(1-eps, x))
		})
	case "ComposeTransform":
		y = x
		for _, p := range t.parts {
			y = c.do(func() (*tensor.Tensor, error) { return p.apply(y) })
		}
	}
	return y, c.err
}

// backwardMap is the inverse map.
func (t *Transform) backwardMap(y *tensor.Tensor) (*tensor.Tensor, error) {
	c := &chainOps{}
	var x *tensor.Tensor
	switch t.kind {
	case "ExpTransform":
		x = c.un(autograd.Log, y)
	case "AffineTransform":
		x = c.bin(autograd.Div, c.bin(autograd.Sub, y, t.loc), t.scale)
	case "PowerTransform":
		x = c.bin(autograd.Pow, y, c.un(autograd.Reciprocal, t.scale))
	case "AbsTransform":
		x = y
	case "TanhTransform":
		x = c.un(autograd.Atanh, y)
	case "user":
		x = c.do(func() (*tensor.Tensor, error) { return userTransformCall(t.user, "_inverse", y) })
	case "SoftplusTransform":
		x = c.bin(autograd.Add, c.un(autograd.Log, c.un(autograd.Neg, c.un(autograd.Expm1, c.un(autograd.Neg, y)))), y)
	case "SoftmaxTransform":
		x = c.un(autograd.Log, y)
	case "LowerCholeskyTransform":
		x = lowerCholeskyMap(c, y, autograd.Log)
	case "StickBreakingTransform":
		x = sbInverse(c, y)
	case "CorrCholeskyTransform":
		x = ccInverse(c, y)
	case "IndependentTransform", "ReshapeTransform", "CumulativeDistributionTransform":
		x = t.eventForward(c, y, true)
	case "CatTransform", "StackTransform":
		x = t.joinMap(c, y, true)
	case "SigmoidTransform":
		eps, tiny := finfo(y)
		cl := c.do(func() (*tensor.Tensor, error) { return autograd.Clamp(y, c.scalar(tiny, y), c.scalar(1-eps, y)) })
		x = c.bin(autograd.Sub, c.un(autograd.Log, cl), c.un(autograd.Log1p, c.un(autograd.Neg, cl)))
	case "ComposeTransform":
		x = y
		for i := len(t.parts) - 1; i >= 0; i-- {
			p := t.parts[i]
			x = c.do(func() (*tensor.Tensor, error) { return p.unapply(x) })
		}
	}
	return x, c.err
}

// softplusOf is softplus(x), stably: binary_cross_entropy_with_logits(x, 0).
func softplusOf(c *chainOps, x *tensor.Tensor) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) {
		zero, err := tensor.Zeros(x.DType(), x.Shape()...)
		if err != nil {
			return nil, err
		}
		return autograd.BinaryCrossEntropyWithLogits(x, zero, nil, nil, "none")
	})
}

// logDet is log |dy/dx| at x (y = t(x)).
func (t *Transform) logDet(x, y *tensor.Tensor) (*tensor.Tensor, error) {
	if t.inverse != nil {
		d, err := t.inverse.logDet(y, x)
		if err != nil {
			return nil, err
		}
		return autograd.Neg(d)
	}
	c := &chainOps{}
	var out *tensor.Tensor
	switch t.kind {
	case "ExpTransform":
		out = x
	case "AffineTransform":
		if t.scaleNum {
			v, _ := t.scale.Item()
			f, _ := lang.AsFloat(v)
			out = c.do(func() (*tensor.Tensor, error) { return tensor.Full(math.Log(math.Abs(f)), x.DType(), x.Shape()...) })
		} else {
			l := c.un(autograd.Log, c.un(autograd.Abs, t.scale))
			shape, err := tensor.BroadcastShapes(l.Shape(), x.Shape())
			if err != nil {
				return nil, err
			}
			out = c.do(func() (*tensor.Tensor, error) { return autograd.Expand(l, shape...) })
		}
	case "PowerTransform":
		out = c.un(autograd.Log, c.un(autograd.Abs, c.bin(autograd.Div, c.bin(autograd.Mul, t.scale, y), x)))
	case "TanhTransform":
		m2x := c.bin(autograd.Mul, c.scalar(-2, x), x)
		inner := c.bin(autograd.Sub, c.bin(autograd.Sub, c.scalar(math.Log(2), x), x), softplusOf(c, m2x))
		out = c.bin(autograd.Mul, c.scalar(2, x), inner)
	case "SigmoidTransform":
		out = c.bin(autograd.Sub, c.un(autograd.Neg, softplusOf(c, c.un(autograd.Neg, x))), softplusOf(c, x))
	case "user":
		out = c.do(func() (*tensor.Tensor, error) { return userTransformCall(t.user, "log_abs_det_jacobian", x, y) })
	case "SoftplusTransform":
		out = c.un(autograd.Neg, softplusOf(c, c.un(autograd.Neg, x)))
	case "StickBreakingTransform":
		out = sbLogDet(c, x, y)
	case "CorrCholeskyTransform":
		out = ccLogDet(c, x, y)
	case "IndependentTransform", "ReshapeTransform", "CumulativeDistributionTransform":
		out = t.eventLogDet(c, x, y)
	case "CatTransform", "StackTransform":
		out = t.joinLogDet(c, x, y)
	case "ComposeTransform":
		cur := x
		for _, p := range t.parts {
			next, err := p.apply(cur)
			if err != nil {
				return nil, err
			}
			d, err := p.logDet(cur, next)
			if err != nil {
				return nil, err
			}
			if out == nil {
				out = d
			} else {
				out = c.bin(autograd.Add, out, d)
			}
			cur = next
		}
		if out == nil {
			out = c.do(func() (*tensor.Tensor, error) { return tensor.ZerosLike(x) })
		}
	default: // AbsTransform: not bijective
		return nil, lang.Errorf(NotImplementedError, "")
	}
	return out, c.err
}

// transformsOf reads TransformedDistribution's transforms: one or a list.
func transformsOf(v lang.Value) ([]*Transform, error) {
	if t, ok := v.(*Transform); ok {
		return []*Transform{t}, nil
	}
	if t, ok := userTransform(v); ok {
		return []*Transform{t}, nil
	}
	elems, _, ok := lang.Sequence(v)
	if ok {
		out := make([]*Transform, len(elems))
		for i, e := range elems {
			t, isT := e.(*Transform)
			if !isT {
				t, isT = userTransform(e)
			}
			if !isT {
				return nil, lang.Errorf(lang.ValueError, "transforms must be a Transform or a list of Transforms")
			}
			out[i] = t
		}
		return out, nil
	}
	return nil, lang.Errorf(lang.ValueError, "transforms must be a Transform or list, but was %s", lang.Repr(v))
}

// transformedLogProb is TransformedDistribution.log_prob, as PyTorch
// 1.13 computes it: back through the transforms, subtracting each log-det
// summed over the event dimensions beyond the transform's own, then the
// base's log_prob summed over those beyond the base's.
func (d *Distribution) transformedLogProb(y *tensor.Tensor) (*tensor.Tensor, error) {
	c := &chainOps{}
	var acc *tensor.Tensor
	eventDim := len(d.eventShape())
	for i := len(d.transforms) - 1; i >= 0; i-- {
		t := d.transforms[i]
		x, err := t.unapply(y)
		if err != nil {
			return nil, err
		}
		ld, err := t.logDet(x, y)
		if err != nil {
			return nil, err
		}
		eventDim += t.domainDim() - t.codomainDim()
		ld = sumRightmost(c, ld, eventDim-t.domainDim())
		if acc == nil {
			acc = c.un(autograd.Neg, ld)
		} else {
			acc = c.bin(autograd.Sub, acc, ld)
		}
		y = x
	}
	lp, err := d.base.logProb(y)
	if err != nil {
		return nil, err
	}
	lp = sumRightmost(c, lp, eventDim-len(d.base.eventShape()))
	if acc == nil {
		return lp, c.err
	}
	return c.bin(autograd.Add, acc, lp), c.err
}

func defTransforms(mod *lang.Module) {
	mods := map[string]lang.Value{}
	defT := func(kind, sig, doc string, make func(a *lang.Args) (*Transform, error)) {
		b := lang.NewBuiltin(lang.AsValue, sig, doc, func(a *lang.Args) (lang.Value, error) {
			t, err := make(a)
			if aerr := a.Err(); aerr != nil {
				return nil, aerr
			}
			if err != nil {
				return nil, err
			}
			if t.cacheSize = a.Int("cache_size"); t.cacheSize != 0 && t.cacheSize != 1 {
				return nil, lang.Errorf(lang.ValueError, "cache_size must be 0 or 1")
			}
			return t, a.Err()
		})
		lang.RegisterClass(b, transformModule+kind)
		lang.RegisterSubclass(transformModule+kind, transformBaseName)
		mods[kind] = b
		mod.Attrs[kind] = b
	}
	plain := func(kind string) func(a *lang.Args) (*Transform, error) {
		return func(a *lang.Args) (*Transform, error) { return &Transform{kind: kind}, nil }
	}
	defT("ExpTransform", "ExpTransform(cache_size=0)", "The transform y = exp(x).", plain("ExpTransform"))
	defT("TanhTransform", "TanhTransform(cache_size=0)", "The transform y = tanh(x); its inverse is atanh (cache_size=1 gives back the x of the last y instead).", plain("TanhTransform"))
	defT("SigmoidTransform", "SigmoidTransform(cache_size=0)", "The transform y = sigmoid(x), clamped to [tiny, 1 - eps] as PyTorch does; its inverse is the logit.", plain("SigmoidTransform"))
	defT("SoftplusTransform", "SoftplusTransform(cache_size=0)", "The transform y = log(1 + exp(x)), from the reals to the positive numbers.", plain("SoftplusTransform"))
	defT("SoftmaxTransform", "SoftmaxTransform(cache_size=0)", "The transform of a vector (the last dimension) to the simplex by softmax; its inverse is log (not bijective: it has no log-det).", plain("SoftmaxTransform"))
	defT("LowerCholeskyTransform", "LowerCholeskyTransform(cache_size=0)", "The transform of a square matrix to a lower-triangular one with a positive diagonal: the strictly lower part kept, the diagonal exponentiated (no log-det).", plain("LowerCholeskyTransform"))
	defT("StickBreakingTransform", "StickBreakingTransform(cache_size=0)", "The transform of K reals onto the (K+1)-simplex by stick breaking: each sigmoid (shifted by log of the sticks left) breaks off a share of what remains. Bijective, with a log-det summed over the event dimension.", plain("StickBreakingTransform"))
	defT("CorrCholeskyTransform", "CorrCholeskyTransform(cache_size=0)", "The transform of a vector of D(D-1)/2 reals to the lower Cholesky factor of a D x D correlation matrix: tanh into (-1, 1), then stick breaking along each row so that rows have unit norm. Bijective.", plain("CorrCholeskyTransform"))
	defT("AbsTransform", "AbsTransform(cache_size=0)", "The transform y = |x| (not bijective: it has no log-det, and its inverse is y itself).", plain("AbsTransform"))
	affine := func(kind, first, second string) func(a *lang.Args) (*Transform, error) {
		return func(a *lang.Args) (*Transform, error) {
			t := &Transform{kind: kind}
			if kind == "AffineTransform" {
				if ed := a.Int("event_dim"); ed != 0 {
					return nil, lang.Errorf(NotImplementedError, "AffineTransform(event_dim=%d): kael's transforms are elementwise (event_dim=0)", ed)
				}
			}
			vals := []lang.Value{a.Value(second)}
			if first != "" {
				vals = append([]lang.Value{a.Value(first)}, vals...)
			}
			var like *tensor.Tensor
			for _, v := range vals {
				if x, ok := v.(*tensor.Tensor); ok {
					like = x
				}
			}
			_, t.scaleNum = a.Value(second).(*tensor.Tensor)
			t.scaleNum = !t.scaleNum
			var err error
			if t.scale, err = distTensor(a.Value(second), like); err != nil {
				return nil, err
			}
			if first != "" {
				if t.loc, err = distTensor(a.Value(first), like); err != nil {
					return nil, err
				}
			}
			return t, nil
		}
	}
	defT("AffineTransform", "AffineTransform(loc, scale, event_dim=0, cache_size=0)", "The transform y = loc + scale * x (numbers or tensors).", affine("AffineTransform", "loc", "scale"))
	defT("PowerTransform", "PowerTransform(exponent, cache_size=0)", "The transform y = x ** exponent, for positive x.", affine("PowerTransform", "", "exponent"))
	defT("ComposeTransform", "ComposeTransform(parts, cache_size=0)", "The transforms of parts applied in order; its log-det is the sum of theirs.", func(a *lang.Args) (*Transform, error) {
		parts, err := transformsOf(a.Value("parts"))
		return &Transform{kind: "ComposeTransform", parts: parts}, err
	})
	transformMethods["__call__"] = lang.NewBuiltin(lang.AsValue, "__call__(self, x)", "The transform of x.", func(a *lang.Args) (lang.Value, error) {
		x := tensorArg(a, "x")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(a.Value("self").(*Transform).apply(x))
	})
	shapeMethod := func(name string, inverse bool) {
		transformMethods[name] = lang.NewBuiltin(lang.AsValue, name+"(self, shape)", "The shape of the output (forward_shape) or input (inverse_shape) for the given shape: one more (one less) in the last dimension for StickBreakingTransform, the same for the elementwise transforms.", func(a *lang.Args) (lang.Value, error) {
			t, s := a.Value("self").(*Transform), a.Ints("shape")
			if err := a.Err(); err != nil {
				return nil, err
			}
			if inverse {
				s = t.inverseShape(s)
			} else {
				s = t.forwardShape(s)
			}
			if t.inverse == nil && t.kind == "ReshapeTransform" {
				var err error
				if s, err = t.eventShapeMap(a.Ints("shape"), inverse); err != nil {
					return nil, err
				}
			}
			if t.inverse == nil && t.kind == "CorrCholeskyTransform" {
				var err error
				if s, err = ccShape(a.Ints("shape"), inverse); err != nil {
					return nil, err
				}
			}
			return lang.Tuple(intsToValues(s)), nil
		})
	}
	shapeMethod("forward_shape", false)
	shapeMethod("inverse_shape", true)
	transformMethods["log_abs_det_jacobian"] = lang.NewBuiltin(lang.AsValue, "log_abs_det_jacobian(self, x, y)", "log |dy/dx| at x, y = self(x), elementwise.", func(a *lang.Args) (lang.Value, error) {
		x, y := tensorArg(a, "x"), tensorArg(a, "y")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(a.Value("self").(*Transform).logDet(x, y))
	})
	defEventTransforms(defT)
	defJoinTransforms(defT)
	defTransformBase(mod, mods)
	identity := &Transform{kind: "ComposeTransform"}
	mods["identity_transform"] = identity
	mod.Attrs["identity_transform"] = identity
	defConstraintRegistry(mod)
	lang.RegisterModule("torch.distributions.transforms", "torch.distributions.transforms: the elementwise transforms (Exp, Affine, Sigmoid, Tanh, Softplus, Abs, Power), Softmax, LowerCholesky, StickBreaking, CorrCholesky, Independent, Reshape, CumulativeDistribution, Cat, Stack, ComposeTransform and identity_transform.", func() *lang.Module {
		return &lang.Module{Attrs: mods}
	})
}

// transformedDraw is TransformedDistribution's sample and rsample: the
// base's, through the transforms (recorded for rsample only).
func (d *Distribution) transformedDraw(a *lang.Args, reparam bool) (lang.Value, error) {
	v, err := d.base.draw(a, reparam)
	if err != nil {
		return nil, err
	}
	if !reparam {
		prev := autograd.SetGradEnabled(false)
		defer autograd.SetGradEnabled(prev)
	}
	x := v.(*tensor.Tensor)
	for _, t := range d.transforms {
		if x, err = t.apply(x); err != nil {
			return nil, err
		}
	}
	return x, nil
}
