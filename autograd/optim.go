package autograd

import "github.com/kael-dev/kael/tensor"

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

// stepRule is the loop both optimizers share: for each parameter (index
// i) that has a gradient, the rule's update with settings h, the state
// made at the first step.
func stepRule(rule *OptimRule, params []*tensor.Tensor, states []*ParamState, h Hyper) error {
	for i, p := range params {
		g := Grad(p)
		if g == nil {
			continue
		}
		if states[i] == nil {
			st, err := rule.NewState(p, h)
			if err != nil {
				return err
			}
			states[i] = st
		}
		if err := rule.Update(p, g, states[i], h); err != nil {
			return err
		}
	}
	return nil
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
	params []*tensor.Tensor
	opt    SGDOptions
	states []*ParamState
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
	return &SGD{params: params, opt: opt, states: make([]*ParamState, len(params))}, nil
}

// Step updates the parameters that have a gradient, with the rule of
// torch.optim.SGD.
func (o *SGD) Step() error {
	h := Hyper{"lr": o.opt.LR, "momentum": o.opt.Momentum, "weight_decay": o.opt.WeightDecay}
	if o.opt.Nesterov {
		h["nesterov"] = 1
	}
	return stepRule(OptimRules["SGD"], o.params, o.states, h)
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
	states []*ParamState
}

// NewAdam returns an Adam optimizer for params.
func NewAdam(params []*tensor.Tensor, opt AdamOptions) (*Adam, error) {
	if !(opt.LR >= 0 && opt.Eps >= 0 && opt.WeightDecay >= 0 && opt.Beta1 >= 0 && opt.Beta1 < 1 && opt.Beta2 >= 0 && opt.Beta2 < 1) { // NaN too
		return nil, tensor.Errorf(tensor.ValueError, "invalid Adam options %+v: betas must lie in [0, 1), lr, eps and weight_decay be non-negative", opt)
	}
	if err := checkParams(params); err != nil {
		return nil, err
	}
	return &Adam{params: params, opt: opt, states: make([]*ParamState, len(params))}, nil
}

// Step updates the parameters that have a gradient, with the rule of
// torch.optim.Adam.
func (o *Adam) Step() error {
	h := Hyper{"lr": o.opt.LR, "beta1": o.opt.Beta1, "beta2": o.opt.Beta2, "eps": o.opt.Eps, "weight_decay": o.opt.WeightDecay}
	return stepRule(OptimRules["Adam"], o.params, o.states, h)
}

// ZeroGrad clears the parameters' gradients.
func (o *Adam) ZeroGrad() { ZeroGrad(o.params...) }
