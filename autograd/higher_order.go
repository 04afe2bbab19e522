package autograd

import (
	"strings"

	"github.com/kael-dev/kael/tensor"
)

// Higher-order derivatives: a backward pass with create_graph
// (BackwardOptions.CreateGraph) runs the formulas with calc.rec set, so
// that what they compute is recorded like any forward operation, and the
// gradients it returns or leaves in .grad can be differentiated again. A
// node takes part only when its formula is marked recordable; the others
// stop such a pass with notRecordable rather than give a gradient whose own
// derivative would silently be missing.

// recordableDerivs names the derivatives of the op table (unaryGrad and
// binaryGrad, by node name) whose formulas compute only with calc's
// recording methods. The names are those of descriptors only: a node of
// the same name made elsewhere sets Node.recordable itself.
var recordableDerivs = map[string]bool{}

func init() {
	for _, name := range []string{
		// elementwise.go
		"AddBackward0", "SubBackward0", "RsubBackward1", "MulBackward0", "DivBackward0", "DivBackward2",
		"PowBackward0", "PowBackward1", "PowBackward2", "MaximumBackward0", "MinimumBackward0",
		"NegBackward0", "AbsBackward0", "ExpBackward0", "LogBackward0", "SqrtBackward0", "SinBackward0",
		"CosBackward0", "TanhBackward0", "SigmoidBackward0", "ReluBackward0",
		"FloorBackward0", "CeilBackward0", "RoundBackward0", "RoundBackward1", "SignBackward0", "ConjBackward0",
		// elementwise_math.go
		"TanBackward0", "SinhBackward0", "CoshBackward0", "AsinhBackward0", "AcoshBackward0", "AsinBackward0", "AcosBackward0", "AtanBackward0", "AtanhBackward0",
		"Log2Backward0", "Log10Backward0", "Log1PBackward0", "Expm1Backward0", "ErfBackward0", "ErfcBackward0",
		"RsqrtBackward0", "ReciprocalBackward0", "TruncBackward0", "FracBackward0", "NanToNumBackward0",
		"Atan2Backward0", "HypotBackward0", "RemainderBackward0", "RemainderBackward1",
	} {
		recordableDerivs[name] = true
	}
}

// needsGraph reports whether the gradient n computes from gs would need a
// graph of its own in a pass with create_graph: a gradient or a saved
// tensor requires grad. When none does the result is a constant, and even
// a formula that cannot be recorded gives it exactly.
func (n *Node) needsGraph(gs ...*tensor.Tensor) bool {
	for _, g := range gs {
		if g != nil && g.RequiresGrad() {
			return true
		}
	}
	for _, s := range n.saved {
		if s.t.RequiresGrad() {
			return true
		}
	}
	return false
}

// accumulateRecorded adds g to a leaf's Grad in a pass with create_graph,
// as PyTorch's AccumulateGrad does with grad mode on: the first gradient
// is copied (through a recorded copy, CopyBackwards, when g has a graph),
// later ones are added out of place (AddBackward0 when either has one), so
// that x.grad can be differentiated again.
func accumulateRecorded(m *tensor.AutogradMeta, g *tensor.Tensor) error {
	if m.Grad != nil {
		sum, err := Add(m.Grad, g)
		if err == nil {
			m.Grad = sum
		}
		return err
	}
	c, err := g.Clone()
	if err != nil {
		return err
	}
	if track(c, g) {
		n := newNode("CopyBackwards", g)
		n.recordable = true
		n.backward = func(_ *calc, gg *tensor.Tensor) []*tensor.Tensor { return []*tensor.Tensor{gg} }
		n.attach(c)
	}
	m.Grad = c
	return nil
}

// linearGrad computes apply(g), a backward formula that is a linear map of
// g alone that only raw kernels compute (writing g into zeros at a region,
// adding it at gathered positions). In a recording pass the result is
// recorded as a node of its own, named after the node whose formula it is
// as PyTorch names such nodes (SelectBackward0 gives
// SelectBackwardBackward0), whose backward is the map's adjoint: adjoint,
// a recording operation, or raw, its kernel, in a plain pass.
func (c *calc) linearGrad(name string, g *tensor.Tensor, apply, adjoint, raw func(*tensor.Tensor) (*tensor.Tensor, error)) *tensor.Tensor {
	out := c.do(func() (*tensor.Tensor, error) { return apply(g) })
	if c.err != nil || !c.rec || !track(out, g) {
		return out
	}
	n := newNode(strings.TrimSuffix(name, "0")+"Backward0", g)
	n.recordable = true
	n.backward = func(c *calc, gg *tensor.Tensor) []*tensor.Tensor {
		if c.rec {
			return []*tensor.Tensor{c.do(func() (*tensor.Tensor, error) { return adjoint(gg) })}
		}
		return []*tensor.Tensor{c.do(func() (*tensor.Tensor, error) { return raw(gg) })}
	}
	return n.attach(out)
}

// thresholdBackward is relu's formula, g where y > 0 and 0 elsewhere, in a
// recording pass: one node, ThresholdBackwardBackward0 as in PyTorch, with
// y an input whose gradient is zero (so that what y depends on gets zeros,
// not None, as from PyTorch's threshold_backward).
func (c *calc) thresholdBackward(g, y *tensor.Tensor) *tensor.Tensor {
	mask := c.gt(y, num(0))
	out := c.do(func() (*tensor.Tensor, error) { return tensor.Where(mask, g, tensor.MustScalar(0.0)) })
	if c.err != nil || !track(out, g, y) {
		return out
	}
	n := newNode("ThresholdBackwardBackward0", g, y)
	n.recordable = true
	n.save(mask)
	n.backward = func(c *calc, gg *tensor.Tensor) []*tensor.Tensor {
		grads := make([]*tensor.Tensor, 2)
		if n.needs(0) {
			grads[0] = n.toInput(c, 0, c.where(mask, gg, c.zeros(gg.DType(), nil)))
		}
		if n.needs(1) {
			grads[1] = n.toInput(c, 1, zeroDerivative(c, gg, nil))
		}
		return grads
	}
	return n.attach(out)
}

// activationBackward is the formula of an element-wise activation,
// g·deriv(x), in a recording pass: one node named after the activation's
// (LeakyReluBackward0 gives LeakyReluBackwardBackward0, as PyTorch's
// leaky_relu_backward) with inputs g and x. Its gradient is gg·deriv(x)
// for g (the same node again) and gg·g·deriv2(x) for x, where deriv2(x) is
// computed by a raw kernel, or recorded with deriv3, its derivative, when
// that is given (activationDeriv2): a third derivative through x is
// refused (calc.opaque) rather than lost when it is not. plain computes
// g·deriv(x) as the first backward does.
func (c *calc) activationBackward(name string, g, x *tensor.Tensor, deriv, deriv2, deriv3 func(float64) float64, plain func(c *calc, g *tensor.Tensor) *tensor.Tensor) *tensor.Tensor {
	if c.err != nil {
		return nil
	}
	inner := &calc{}
	out := plain(inner, g)
	if inner.err != nil {
		c.err = inner.err
		return nil
	}
	if !track(out, g, x) {
		return out
	}
	n := newNode(strings.TrimSuffix(name, "0")+"Backward0", g, x)
	n.recordable = true
	n.save(g, x)
	n.backward = func(c *calc, gg *tensor.Tensor) []*tensor.Tensor {
		grads := make([]*tensor.Tensor, 2)
		if n.needs(0) {
			if c.rec {
				grads[0] = n.toInput(c, 0, c.activationBackward(name, gg, x, deriv, deriv2, deriv3, plain))
			} else {
				grads[0] = n.toInput(c, 0, plain(c, gg))
			}
		}
		if n.needs(1) {
			d2 := c.activationDeriv2(name, x, deriv2, deriv3) // activation_double.go
			grads[1] = n.toInput(c, 1, c.mul(c.mul(gg, g), d2))
		}
		return grads
	}
	return n.attach(out)
}
