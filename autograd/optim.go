package autograd

import (
	"math"

	"github.com/kael-dev/kael/tensor"
)

// Optimizer updates parameters from their accumulated gradients.
type Optimizer interface {
	// Step updates every parameter that has a gradient, in place and under
	// NoGrad.
	Step() error
	// ZeroGrad clears the parameters' gradients before the next backward.
	ZeroGrad()
}

// checkParams makes sure every parameter is a floating leaf that requires
// grad: the tensors Backward accumulates into.
func checkParams(params []*tensor.Tensor) error {
	for i, p := range params {
		if !p.RequiresGrad() || !IsLeaf(p) {
			return tensor.Errorf(tensor.ValueError, "parameter %d is not a leaf that requires grad", i).
				WithHint("optimize the tensors you created with requires_grad=True, not values computed from them")
		}
	}
	return nil
}

// stepEach is the loop both optimizers share: under NoGrad, for each
// parameter p (index i) that has a gradient, g is that gradient plus
// weightDecay·p, and p is decreased in place by update's result.
func stepEach(params []*tensor.Tensor, weightDecay float64, update func(c *calc, i int, p, g *tensor.Tensor) *tensor.Tensor) error {
	return NoGrad(func() error {
		for i, p := range params {
			g := Grad(p)
			if g == nil {
				continue
			}
			c := &calc{}
			if weightDecay != 0 { // g + wd·p, summed into the new tensor wd·p
				decayed := c.mul(p, num(weightDecay))
				c.inPlace(tensor.AddSpec, decayed, g)
				g = decayed
			}
			step := update(c, i, p, g)
			if c.err != nil {
				return c.err
			}
			if err := SubOp.InPlace(p, step); err != nil {
				return err
			}
		}
		return nil
	})
}

// SGDOptions configures SGD.
type SGDOptions struct {
	LR          float64 // learning rate
	Momentum    float64 // 0 for plain gradient descent
	WeightDecay float64 // L2 penalty added to the gradient: g + wd·p
	Nesterov    bool    // Nesterov momentum (needs Momentum > 0)
}

// SGD is stochastic gradient descent with optional momentum, as torch.optim.
// SGD (dampening 0): with g the gradient (plus WeightDecay·p), the velocity
// is v = Momentum·v + g and the step p -= LR·v (p -= LR·(g + Momentum·v)
// with Nesterov).
type SGD struct {
	params   []*tensor.Tensor
	opt      SGDOptions
	velocity []*tensor.Tensor
}

// NewSGD returns an SGD optimizer for params.
func NewSGD(params []*tensor.Tensor, opt SGDOptions) (*SGD, error) {
	switch {
	case !(opt.LR >= 0 && opt.Momentum >= 0 && opt.WeightDecay >= 0): // NaN too
		return nil, tensor.Errorf(tensor.ValueError, "invalid SGD options %+v: lr, momentum and weight_decay must be non-negative", opt)
	case opt.Nesterov && opt.Momentum == 0:
		return nil, tensor.Errorf(tensor.ValueError, "Nesterov momentum requires a momentum")
	}
	if err := checkParams(params); err != nil {
		return nil, err
	}
	return &SGD{params: params, opt: opt, velocity: make([]*tensor.Tensor, len(params))}, nil
}

// Step updates the parameters that have a gradient. The velocity is
// updated in place.
func (o *SGD) Step() error {
	mom := o.opt.Momentum
	return stepEach(o.params, o.opt.WeightDecay, func(c *calc, i int, p, g *tensor.Tensor) *tensor.Tensor {
		if mom != 0 {
			v := o.velocity[i]
			if v == nil {
				v = c.do(g.Clone)
				o.velocity[i] = v
			} else {
				c.inPlace(tensor.MulSpec, v, num(mom))
				c.inPlace(tensor.AddSpec, v, g)
			}
			if o.opt.Nesterov {
				g = c.add(g, c.mul(v, num(mom)))
			} else {
				g = v
			}
		}
		return c.mul(g, num(o.opt.LR))
	})
}

// ZeroGrad clears the parameters' gradients.
func (o *SGD) ZeroGrad() { ZeroGrad(o.params...) }

// AdamOptions configures Adam.
type AdamOptions struct {
	LR           float64 // learning rate
	Beta1, Beta2 float64 // decay rates of the moment estimates
	Eps          float64 // added to the denominator for stability
	WeightDecay  float64 // L2 penalty added to the gradient: g + wd·p
}

// DefaultAdamOptions returns PyTorch's defaults: lr 1e-3, betas (0.9,
// 0.999), eps 1e-8, no weight decay.
func DefaultAdamOptions() AdamOptions {
	return AdamOptions{LR: 1e-3, Beta1: 0.9, Beta2: 0.999, Eps: 1e-8}
}

// Adam is the Adam optimizer, as torch.optim.Adam: it keeps running
// averages of the gradient (m) and of its square (v), corrects their bias
// towards 0 at the start, and steps p -= LR·m̂/(√v̂ + Eps).
type Adam struct {
	params []*tensor.Tensor
	opt    AdamOptions
	m, v   []*tensor.Tensor
	steps  int
}

// NewAdam returns an Adam optimizer for params.
func NewAdam(params []*tensor.Tensor, opt AdamOptions) (*Adam, error) {
	if !(opt.LR >= 0 && opt.Eps >= 0 && opt.WeightDecay >= 0 && opt.Beta1 >= 0 && opt.Beta1 < 1 && opt.Beta2 >= 0 && opt.Beta2 < 1) { // NaN too
		return nil, tensor.Errorf(tensor.ValueError, "invalid Adam options %+v: betas must lie in [0, 1), lr, eps and weight_decay be non-negative", opt)
	}
	if err := checkParams(params); err != nil {
		return nil, err
	}
	return &Adam{params: params, opt: opt, m: make([]*tensor.Tensor, len(params)), v: make([]*tensor.Tensor, len(params))}, nil
}

// Step updates the parameters that have a gradient. The moments are
// updated in place and the step is computed as torch.optim.Adam does,
// lr/(1-β₁ᵗ)·m / (√v/√(1-β₂ᵗ) + eps), so that one step allocates four
// parameter-sized temporaries rather than one per operation.
func (o *Adam) Step() error {
	o.steps++
	b1, b2 := o.opt.Beta1, o.opt.Beta2
	stepSize := o.opt.LR / (1 - math.Pow(b1, float64(o.steps)))
	correct2Sqrt := math.Sqrt(1 - math.Pow(b2, float64(o.steps)))
	return stepEach(o.params, o.opt.WeightDecay, func(c *calc, i int, p, g *tensor.Tensor) *tensor.Tensor {
		if o.m[i] == nil {
			o.m[i], o.v[i] = c.zeros(p.DType(), p.Shape()), c.zeros(p.DType(), p.Shape())
		}
		m, v := o.m[i], o.v[i]
		c.inPlace(tensor.MulSpec, m, num(b1)) // m = β₁m + (1-β₁)g
		c.inPlace(tensor.AddSpec, m, c.mul(g, num(1-b1)))
		g2 := c.mul(g, g) // v = β₂v + (1-β₂)g²
		c.inPlace(tensor.MulSpec, g2, num(1-b2))
		c.inPlace(tensor.MulSpec, v, num(b2))
		c.inPlace(tensor.AddSpec, v, g2)
		denom := c.sqrt(v)
		c.inPlace(tensor.DivSpec, denom, num(correct2Sqrt))
		c.inPlace(tensor.AddSpec, denom, num(o.opt.Eps))
		step := c.mul(m, num(stepSize))
		c.inPlace(tensor.DivSpec, step, denom)
		return step
	})
}

// ZeroGrad clears the parameters' gradients.
func (o *Adam) ZeroGrad() { ZeroGrad(o.params...) }
