package torch

import (
	"math"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The element-wise functions PyTorch composes from others, recorded as its
// one node where it has one (Deg2RadBackward0, LogitBackward0, ...):
// deg2rad, rad2deg, square, sgn, positive, float_power, ldexp, logit,
// clamp_min and clamp_max; and the in-place comparisons (x.gt_(y) writes
// x > y as x's dtype) and logical functions.

// composed is an element-wise function of one tensor and its in-place
// method.
type composed struct {
	name, node, doc string
	f               func(x *tensor.Tensor) (*tensor.Tensor, error)
}

func defComposedMath() {
	for _, op := range []composed{
		{"deg2rad", "", "input converted from degrees to radians (integers give float32).", autograd.Deg2Rad},
		{"rad2deg", "", "input converted from radians to degrees (integers give float32).", autograd.Rad2Deg},
		{"square", "", "input * input, element-wise (bool gives int64).", func(x *tensor.Tensor) (*tensor.Tensor, error) {
			if x.DType() == tensor.Bool {
				var err error
				if x, err = autograd.To(x, tensor.Int64); err != nil {
					return nil, err
				}
			}
			return autograd.Pow(x, tensor.MustScalar(int64(2)))
		}},
		{"sgn", "SgnBackward0", "The sign of each element; for complex numbers z / |z| (0 at 0).", sgn},
	} {
		f := op.f
		if op.node != "" {
			f = func(x *tensor.Tensor) (*tensor.Tensor, error) {
				return autograd.Composite(op.node, []*tensor.Tensor{x}, func(in []*tensor.Tensor) (*tensor.Tensor, error) { return op.f(in[0]) })
			}
		}
		defUnary(lang.AsBoth, op.name+"(input)", op.doc, f)
		lang.NewBuiltin(lang.AsMethod, op.name+"_(input)", "In place: input = "+op.name+"(input); returns input.", func(a *lang.Args) (lang.Value, error) {
			x := tensorArg(a, "input")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return inPlace(x, autograd.Rewrite(x, op.name+"_", f))
		})
	}
	defUnary(lang.AsBoth, "positive(input)", "input itself (unary +); bool tensors are refused, as in PyTorch.", func(x *tensor.Tensor) (*tensor.Tensor, error) {
		if x.DType() == tensor.Bool {
			return nil, lang.Errorf(lang.RuntimeError, "The `+` operator, on a bool tensor is not supported.")
		}
		return x, nil
	})
	addFloatPower()
	lang.NewBuiltin(lang.AsFunc, "rsub(input, other, *, alpha=1)", "other - alpha * input, the reversed subtraction (either may be a number).", func(a *lang.Args) (lang.Value, error) {
		x, y, alpha := tensorArg(a, "input"), a.TensorLike("other"), a.TensorLike("alpha")
		if err := a.Err(); err != nil {
			return nil, err
		}
		node := "RsubBackward0"
		if y.IsWrappedNumber() {
			node = "RsubBackward1"
		}
		return result(autograd.Composite(node, []*tensor.Tensor{x, y}, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
			s, err := scaled(in[0], alpha)
			if err != nil {
				return nil, err
			}
			return autograd.Sub(in[1], s)
		}))
	})
	defTwoOperand("ldexp(input, other)", "input * 2 ** other, element-wise (integers give float32).", func(a *lang.Args) (x *tensor.Tensor, f func(*tensor.Tensor) (*tensor.Tensor, error), others []*tensor.Tensor, err error) {
		x, other := tensorArg(a, "input"), tensorArg(a, "other")
		if err := a.Err(); err != nil {
			return nil, nil, nil, err
		}
		return x, func(t *tensor.Tensor) (*tensor.Tensor, error) {
			p, err := autograd.Pow(tensor.MustScalar(2.0), other)
			if err != nil {
				return nil, err
			}
			return autograd.Mul(t, p)
		}, []*tensor.Tensor{other}, nil
	})
	defTwoOperand("logit(input, eps=None)", "log(p / (1 - p)) of each element p, clamped to [eps, 1 - eps] first when eps is given (integers give float32).", func(a *lang.Args) (x *tensor.Tensor, f func(*tensor.Tensor) (*tensor.Tensor, error), others []*tensor.Tensor, err error) {
		x, eps := tensorArg(a, "input"), a.OptFloat("eps")
		if err := a.Err(); err != nil {
			return nil, nil, nil, err
		}
		return x, func(t *tensor.Tensor) (*tensor.Tensor, error) {
			return autograd.Composite("LogitBackward0", []*tensor.Tensor{t}, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
				return logit(in[0], eps)
			})
		}, nil, nil
	})
	for _, side := range []string{"min", "max"} {
		defTwoOperand("clamp_"+side+"(input, "+side+")", "clamp(input, "+side+"="+side+"): each element limited from "+map[string]string{"min": "below", "max": "above"}[side]+" by "+side+" (a number or a tensor).", func(a *lang.Args) (x *tensor.Tensor, f func(*tensor.Tensor) (*tensor.Tensor, error), others []*tensor.Tensor, err error) {
			x, bound := tensorArg(a, "input"), a.TensorLike(side)
			if err := a.Err(); err != nil {
				return nil, nil, nil, err
			}
			// PyTorch's nodes: ClampMinBackward0 for a number, ...1 for a tensor.
			node := "Clamp" + map[string]string{"min": "Min", "max": "Max"}[side] + "Backward1"
			if bound.IsWrappedNumber() {
				node = node[:len(node)-1] + "0"
			}
			return x, func(t *tensor.Tensor) (*tensor.Tensor, error) {
				return autograd.Composite(node, []*tensor.Tensor{t, bound}, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
					if in[1].IsWrappedNumber() && isNaNNumber(in[1]) {
						// PyTorch's clamp_min and clamp_max fill with a NaN
						// number (clamp(x, min=nan) keeps x): clamp's rule
						// for a NaN among two bounds.
						return autograd.Clamp(in[0], in[1], in[1])
					}
					if side == "min" {
						return autograd.Clamp(in[0], in[1], nil)
					}
					return autograd.Clamp(in[0], nil, in[1])
				})
			}, []*tensor.Tensor{bound}, nil
		})
	}
	for _, op := range []struct {
		name string
		spec *tensor.BinarySpec
	}{
		{"eq", tensor.EqSpec}, {"ne", tensor.NeSpec}, {"lt", tensor.LtSpec}, {"le", tensor.LeSpec},
		{"gt", tensor.GtSpec}, {"ge", tensor.GeSpec},
		{"logical_and", tensor.LogicalAndSpec}, {"logical_or", tensor.LogicalOrSpec}, {"logical_xor", tensor.LogicalXorSpec},
	} {
		lang.NewBuiltin(lang.AsMethod, op.name+"_(input, other)", "In place: input = "+op.name+"(input, other) converted to input's dtype (1 and 0); returns input.", func(a *lang.Args) (lang.Value, error) {
			x, y := tensorArg(a, "input"), a.TensorLike("other")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return inPlace(x, autograd.Rewrite(x, op.name+"_", func(old *tensor.Tensor) (*tensor.Tensor, error) {
				r, err := op.spec.Apply(old.Detach(), y)
				if err != nil {
					return nil, err
				}
				return r.To(old.DType())
			}, y))
		})
	}
}

// defTwoOperand defines name (a function and a method) and its in-place
// method name_ from build, which reads the arguments and returns input,
// the operation on a tensor, and the other tensors it reads.
func defTwoOperand(sig, doc string, build func(a *lang.Args) (x *tensor.Tensor, f func(*tensor.Tensor) (*tensor.Tensor, error), others []*tensor.Tensor, err error)) {
	b := lang.NewBuiltin(lang.AsBoth, sig, doc, func(a *lang.Args) (lang.Value, error) {
		x, f, _, err := build(a)
		if err != nil {
			return nil, err
		}
		return result(f(x))
	})
	lang.NewBuiltin(lang.AsMethod, b.Name+"_"+sig[len(b.Name):], "In place: input = "+b.Name+"(input, ...); returns input.", func(a *lang.Args) (lang.Value, error) {
		x, f, others, err := build(a)
		if err != nil {
			return nil, err
		}
		return inPlace(x, autograd.Rewrite(x, b.Name+"_", f, others...))
	})
}

// sgn is sign for real tensors (0 for NaN, where sign gives NaN, as in
// PyTorch) and z / |z| (0 at 0) for complex ones.
func sgn(x *tensor.Tensor) (*tensor.Tensor, error) {
	if !x.DType().IsComplex() {
		s, err := autograd.Sign(x)
		if err != nil {
			return nil, err
		}
		return autograd.NanToNum(s, 0, nil, nil)
	}
	r, err := autograd.Abs(x)
	if err != nil {
		return nil, err
	}
	zero, err := tensor.Eq(r.Detach(), tensor.MustScalar(0.0))
	if err != nil {
		return nil, err
	}
	safe, err := autograd.MaskedFill(r, zero, tensor.MustScalar(1.0))
	if err != nil {
		return nil, err
	}
	q, err := autograd.Div(x, safe)
	if err != nil {
		return nil, err
	}
	return autograd.MaskedFill(q, zero, tensor.MustScalar(0.0))
}

// logit is log(p / (1 - p)), p clamped to [eps, 1 - eps] when eps is set.
func logit(x *tensor.Tensor, eps *float64) (*tensor.Tensor, error) {
	if !x.DType().IsFloating() {
		var err error
		if x, err = autograd.To(x, tensor.Float32); err != nil {
			return nil, err
		}
	}
	if eps != nil {
		var err error
		if x, err = autograd.Clamp(x, tensor.MustScalar(*eps), tensor.MustScalar(1-*eps)); err != nil {
			return nil, err
		}
	}
	q, err := autograd.Sub(tensor.MustScalar(1.0), x)
	if err != nil {
		return nil, err
	}
	if q, err = autograd.Div(x, q); err != nil {
		return nil, err
	}
	return autograd.Log(q)
}

// addFloatPower defines float_power and float_power_: pow computed in
// float64 (complex128 when an operand is complex).
func addFloatPower() {
	operands := func(a *lang.Args) (x, e *tensor.Tensor, d tensor.DType, err error) {
		x, e = firstOperand(a, false, "exponent"), a.TensorLike("exponent")
		if err := a.Err(); err != nil {
			return nil, nil, 0, err
		}
		d = tensor.Float64
		if x.DType().IsComplex() || e.DType().IsComplex() {
			d = tensor.Complex128
		}
		return x, e, d, nil
	}
	pow := func(x, e *tensor.Tensor, d tensor.DType) (*tensor.Tensor, error) {
		xd, err := autograd.To(x, d)
		if err != nil {
			return nil, err
		}
		if e.IsWrappedNumber() {
			return autograd.Pow(xd, e)
		}
		ed, err := autograd.To(e, d)
		if err != nil {
			return nil, err
		}
		return autograd.Pow(xd, ed)
	}
	lang.NewBuiltin(lang.AsBoth, "float_power(input, exponent)", "input ** exponent computed in float64 (complex128 when either is complex); either may be a number.", func(a *lang.Args) (lang.Value, error) {
		x, e, d, err := operands(a)
		if err != nil {
			return nil, err
		}
		return result(pow(x, e, d))
	})
	lang.NewBuiltin(lang.AsMethod, "float_power_(input, exponent)", "In place: input = float_power(input, exponent), for a float64 (or complex128) input; returns input.", func(a *lang.Args) (lang.Value, error) {
		x, e, d, err := operands(a)
		if err != nil {
			return nil, err
		}
		if x.DType() != d {
			return nil, lang.Errorf(lang.RuntimeError, "the base given to float_power_ has dtype %s but the operation's result requires dtype %s", x.DType().ScalarTypeName(), d.ScalarTypeName())
		}
		return inPlace(x, autograd.Rewrite(x, "float_power_", func(old *tensor.Tensor) (*tensor.Tensor, error) {
			return pow(old, e, d)
		}, e))
	})
}

// isNaNNumber reports whether the number b is NaN.
func isNaNNumber(b *tensor.Tensor) bool {
	v, err := b.Item()
	f, ok := v.(float64)
	return err == nil && ok && math.IsNaN(f)
}
