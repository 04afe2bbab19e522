package autograd

import (
	"math"
	"strings"

	"github.com/kael-dev/kael/tensor"
)

// Third derivatives of the activations whose second derivative a
// recording pass records (activationBackward): given deriv3, the second
// derivative f''(x) that the gradient of g·f'(x) with respect to x
// multiplies is itself recorded, so that a pass through that gradient
// with create_graph (torch.autograd.functional.hvp differentiates the
// gradient's graph twice) records f'''(x) in turn. Without deriv3 it is a
// raw kernel, refused there.

// activationDeriv2 returns deriv2(x); recorded, as a node whose gradient
// is gg·deriv3(x), in a recording pass where x requires grad and deriv3
// is given.
func (c *calc) activationDeriv2(name string, x *tensor.Tensor, deriv2, deriv3 func(float64) float64) *tensor.Tensor {
	raw := func(x *tensor.Tensor) (*tensor.Tensor, error) { return mapFloat(x, deriv2) }
	if !c.rec || deriv3 == nil || !x.RequiresGrad() {
		return c.unary(raw, x)
	}
	out := c.do(func() (*tensor.Tensor, error) { return raw(x) })
	if c.err != nil || !track(out, x) {
		return out
	}
	n := newNode(strings.TrimSuffix(name, "0")+"Backward0", x)
	n.recordable = true
	n.save(x)
	n.backward = func(c *calc, gg *tensor.Tensor) []*tensor.Tensor {
		d3 := c.unary(func(x *tensor.Tensor) (*tensor.Tensor, error) { return mapFloat(x, deriv3) }, x)
		return []*tensor.Tensor{c.mul(gg, d3)}
	}
	return n.attach(out)
}

// geluDeriv3 is the third derivative of the exact gelu: φ(x)·(x³ - 4x).
func geluDeriv3(x float64) float64 {
	return math.Exp(-x*x/2) / math.Sqrt(2*math.Pi) * (x*x*x - 4*x)
}

// geluTanhParts returns the pieces of the derivatives of the tanh form of
// gelu, 0.5·x·(1 + tanh(u)) with u = k·(x + a·x³): t = tanh(u), s = 1 - t²
// and the first three derivatives of u.
func geluTanhParts(x float64) (t, s, u1, u2, u3 float64) {
	const a = 0.044715
	k := math.Sqrt(2 / math.Pi)
	t = math.Tanh(k * (x + a*x*x*x))
	return t, 1 - t*t, k * (1 + 3*a*x*x), 6 * a * k * x, 6 * a * k
}

// geluTanhDeriv2 is the second derivative of the tanh form of gelu:
// s·(u1 + x·(u2 - 2t·u1²)/2), with u1, u2 the derivatives of u.
func geluTanhDeriv2(x float64) float64 {
	t, s, u1, u2, _ := geluTanhParts(x)
	return s * (u1 + 0.5*x*(u2-2*t*u1*u1))
}

// geluTanhDeriv3 is its third derivative, the derivative of the above with
// t' = s·u' and s' = -2t·s·u'.
func geluTanhDeriv3(x float64) float64 {
	t, s, u1, u2, u3 := geluTanhParts(x)
	b := u1 + 0.5*x*(u2-2*t*u1*u1)
	return -2*t*s*u1*b + s*(1.5*u2-t*u1*u1+0.5*x*(u3-2*s*u1*u1*u1-4*t*u1*u2))
}

// siluDeriv3 is the third derivative of x·σ(x):
// σ(1-σ)·(3(1-2σ) + x·((1-2σ)² - 2σ(1-σ))).
func siluDeriv3(x float64) float64 {
	s := 1 / (1 + math.Exp(-x))
	p, q := s*(1-s), 1-2*s
	return p * (3*q + x*(q*q-2*p))
}
