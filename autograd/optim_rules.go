package autograd

import (
	"math"
	"slices"

	"github.com/kael-dev/kael/internal/libm"
	"github.com/kael-dev/kael/tensor"
)

// The update rules of torch.optim, one per algorithm, as PyTorch 1.13's
// single-tensor functions (torch/optim/sgd.py _single_tensor_sgd, ...)
// compute them, operation by operation, so that float32 parameters round
// as PyTorch's do. A rule updates one parameter from its gradient, its
// state and the hyperparameters of its group; the language's optimizers
// (lang/torch) keep the groups and the state.

// StepKind says how a rule counts its steps in the state: not at all
// (SGD), as a Python int (RMSprop, Adadelta, Rprop) or as a float32 0-d
// tensor (Adam and the others), as PyTorch 1.13's state holds it.
type StepKind int

// The kinds of step counts.
const (
	NoStep StepKind = iota
	IntStep
	TensorStep
)

// Hyper holds a parameter group's settings by PyTorch's names, booleans as
// 0 or 1; pairs are split: betas into beta1 and beta2, etas into etaminus
// and etaplus, step_sizes into step_size_min and step_size_max.
type Hyper map[string]float64

// Flag reports whether the boolean setting name is on.
func (h Hyper) Flag(name string) bool { return h[name] != 0 }

// ParamState is one parameter's state under PyTorch's names: Step counts
// the steps, Scalars holds the per-parameter numbers PyTorch keeps as 0-d
// float32 tensors (NAdam's mu_product, ASGD's eta and mu) and Buffers the
// tensors (exp_avg, momentum_buffer, ...); a buffer present with a nil
// tensor is PyTorch's None (SGD's momentum_buffer without momentum).
type ParamState struct {
	Step    float64
	Scalars map[string]float64
	Buffers map[string]*tensor.Tensor
}

// OptimRule is the update rule of one torch.optim algorithm.
type OptimRule struct {
	// Name is the optimizer's class name, e.g. "AdamW".
	Name string
	// Step is how the state counts steps.
	Step StepKind
	// ScalarKeys and BufferKeys are the state's entries in PyTorch's order
	// (after 'step'); a state holds those its settings call for.
	ScalarKeys, BufferKeys []string
	// EagerState says that the state is made when the optimizer is made
	// (Adagrad's), not at the first step.
	EagerState bool
	// init makes a parameter's first state.
	init func(c *calc, p *tensor.Tensor, h Hyper) *ParamState
	// update changes p (and st) from the gradient g.
	update func(c *calc, p, g *tensor.Tensor, st *ParamState, h Hyper)
}

// NewState returns the state a parameter starts with.
func (r *OptimRule) NewState(p *tensor.Tensor, h Hyper) (*ParamState, error) {
	c := &calc{}
	var st *ParamState
	err := NoGrad(func() error {
		st = r.init(c, p, h)
		return c.err
	})
	return st, err
}

// Update takes one step for p, whose gradient is g, under NoGrad: p and
// the state change in place.
func (r *OptimRule) Update(p, g *tensor.Tensor, st *ParamState, h Hyper) error {
	return NoGrad(func() error {
		c := &calc{}
		r.update(c, p, g, st, h)
		return c.err
	})
}

// OptimRules are the rules by optimizer name.
var OptimRules = map[string]*OptimRule{}

func defRule(r *OptimRule) { OptimRules[r.Name] = r }

// newState returns a state with the given buffers, each zeros like p.
func (c *calc) newState(p *tensor.Tensor, buffers ...string) *ParamState {
	st := &ParamState{Scalars: map[string]float64{}, Buffers: map[string]*tensor.Tensor{}}
	for _, b := range buffers {
		st.Buffers[b] = c.zeros(p.DType(), p.Shape())
	}
	return st
}

// scaled returns alpha·x.
func (c *calc) scaled(x *tensor.Tensor, alpha float64) *tensor.Tensor { return c.mul(x, num(alpha)) }

// axpy computes a += alpha·b in place (PyTorch's a.add_(b, alpha=alpha)):
// one fused multiply-add an element, as PyTorch's add kernel, where
// tensor.AddScaledInPlace applies, else b scaled first.
func (c *calc) axpy(a *tensor.Tensor, alpha float64, b *tensor.Tensor) {
	if alpha == 1 {
		c.inPlace(tensor.AddSpec, a, b)
		return
	}
	if c.err == nil && !c.rec && tensor.AddScaledInPlace(a, b, alpha) {
		return
	}
	if c.err == nil && !c.rec && tensor.AddSpec.Scales(a, b) {
		// Strided or broadcast: the same fused kernel, through the
		// element-wise iterator.
		c.err = tensor.AddSpec.ApplyScaledInPlace(a, b, alpha)
		return
	}
	c.inPlace(tensor.AddSpec, a, c.scaled(b, alpha))
}

// decay computes a = beta·a + alpha·b in place: PyTorch's
// a.mul_(beta).add_(b, alpha=alpha).
func (c *calc) decay(a *tensor.Tensor, beta, alpha float64, b *tensor.Tensor) {
	c.inPlace(tensor.MulSpec, a, num(beta))
	c.axpy(a, alpha, b)
}

// decaySquare computes a = beta·a + alpha·b² in place: PyTorch's
// a.mul_(beta).addcmul_(b, b, value=alpha).
func (c *calc) decaySquare(a *tensor.Tensor, beta, alpha float64, b *tensor.Tensor) {
	c.inPlace(tensor.MulSpec, a, num(beta))
	// ATen's addcmul kernel computes self + value·t1·t2: for float32 and
	// float64, value·b rounded, then one fused multiply-add by b
	// (tensor.AddProductInPlace); other dtypes the product, scaled, then
	// added.
	if c.err == nil && !c.rec {
		if s := c.scaled(b, alpha); s != nil && tensor.AddProductInPlace(a, s, b) {
			return
		}
	}
	c.inPlace(tensor.AddSpec, a, c.scaled(c.mul(b, b), alpha))
}

// addcdiv computes p += value·a/b in place (PyTorch's addcdiv_).
func (c *calc) addcdiv(p *tensor.Tensor, value float64, a, b *tensor.Tensor) {
	c.inPlace(tensor.AddSpec, p, c.div(c.scaled(a, value), b))
}

// gradOf returns the gradient a rule steps with: negated when maximize is
// on, plus weight_decay·p when that is set (L2 regularisation).
func (c *calc) gradOf(p, g *tensor.Tensor, h Hyper) *tensor.Tensor {
	if h.Flag("maximize") {
		g = c.neg(g)
	}
	if wd := h["weight_decay"]; wd != 0 {
		g = c.add(g, c.scaled(p, wd))
	}
	return g
}

// roundF32 rounds x to float32, as PyTorch's 0-d float32 state tensors hold it.
func roundF32(x float64) float64 { return float64(float32(x)) }

func init() {
	defRule(&OptimRule{Name: "SGD", BufferKeys: []string{"momentum_buffer"},
		init: func(c *calc, p *tensor.Tensor, h Hyper) *ParamState {
			st := c.newState(p)
			st.Buffers["momentum_buffer"] = nil
			return st
		},
		update: func(c *calc, p, g *tensor.Tensor, st *ParamState, h Hyper) {
			g = c.gradOf(p, g, h)
			if mom := h["momentum"]; mom != 0 {
				buf := st.Buffers["momentum_buffer"]
				if buf == nil {
					buf = c.do(g.Clone)
					st.Buffers["momentum_buffer"] = buf
				} else {
					c.decay(buf, mom, 1-h["dampening"], g)
				}
				if h.Flag("nesterov") {
					g = c.add(g, c.scaled(buf, mom))
				} else {
					g = buf
				}
			}
			c.axpy(p, -h["lr"], g)
		}})
	defRule(&OptimRule{Name: "Adam", Step: TensorStep, BufferKeys: []string{"exp_avg", "exp_avg_sq", "max_exp_avg_sq"},
		init: adamState, update: func(c *calc, p, g *tensor.Tensor, st *ParamState, h Hyper) {
			adamUpdate(c, p, c.gradOf(p, g, h), st, h)
		}})
	defRule(&OptimRule{Name: "AdamW", Step: TensorStep, BufferKeys: []string{"exp_avg", "exp_avg_sq", "max_exp_avg_sq"},
		init: adamState, update: func(c *calc, p, g *tensor.Tensor, st *ParamState, h Hyper) {
			if h.Flag("maximize") {
				g = c.neg(g)
			}
			c.inPlace(tensor.MulSpec, p, num(1-h["lr"]*h["weight_decay"])) // decoupled weight decay
			adamUpdate(c, p, g, st, h)
		}})
	defRule(&OptimRule{Name: "RMSprop", Step: IntStep, BufferKeys: []string{"square_avg", "momentum_buffer", "grad_avg"},
		init: func(c *calc, p *tensor.Tensor, h Hyper) *ParamState {
			st := c.newState(p, "square_avg")
			if h["momentum"] > 0 {
				st.Buffers["momentum_buffer"] = c.zeros(p.DType(), p.Shape())
			}
			if h.Flag("centered") {
				st.Buffers["grad_avg"] = c.zeros(p.DType(), p.Shape())
			}
			return st
		},
		update: func(c *calc, p, g *tensor.Tensor, st *ParamState, h Hyper) {
			st.Step++
			g = c.gradOf(p, g, h)
			alpha := h["alpha"]
			sq := st.Buffers["square_avg"]
			c.decaySquare(sq, alpha, 1-alpha, g)
			var avg *tensor.Tensor
			if h.Flag("centered") {
				ga := st.Buffers["grad_avg"]
				c.decay(ga, alpha, 1-alpha, g)
				avg = c.sqrt(c.sub(sq, c.mul(ga, ga)))
			} else {
				avg = c.sqrt(sq)
			}
			c.inPlace(tensor.AddSpec, avg, num(h["eps"]))
			if h["momentum"] > 0 {
				buf := st.Buffers["momentum_buffer"]
				c.inPlace(tensor.MulSpec, buf, num(h["momentum"]))
				c.inPlace(tensor.AddSpec, buf, c.div(g, avg))
				c.axpy(p, -h["lr"], buf)
			} else {
				c.addcdiv(p, -h["lr"], g, avg)
			}
		}})
	defRule(&OptimRule{Name: "Adagrad", Step: TensorStep, BufferKeys: []string{"sum"}, EagerState: true,
		init: func(c *calc, p *tensor.Tensor, h Hyper) *ParamState {
			st := c.newState(p)
			st.Buffers["sum"] = c.do(func() (*tensor.Tensor, error) {
				return tensor.Full(h["initial_accumulator_value"], p.DType(), p.Shape()...)
			})
			return st
		},
		update: func(c *calc, p, g *tensor.Tensor, st *ParamState, h Hyper) {
			st.Step++
			g = c.gradOf(p, g, h)
			clr := h["lr"] / (1 + (st.Step-1)*h["lr_decay"])
			sum := st.Buffers["sum"]
			c.inPlace(tensor.AddSpec, sum, c.mul(g, g))
			std := c.sqrt(sum)
			c.inPlace(tensor.AddSpec, std, num(h["eps"]))
			c.addcdiv(p, -clr, g, std)
		}})
	defRule(&OptimRule{Name: "Adadelta", Step: IntStep, BufferKeys: []string{"square_avg", "acc_delta"},
		init: func(c *calc, p *tensor.Tensor, h Hyper) *ParamState { return c.newState(p, "square_avg", "acc_delta") },
		update: func(c *calc, p, g *tensor.Tensor, st *ParamState, h Hyper) {
			st.Step++
			g = c.gradOf(p, g, h)
			rho, eps := h["rho"], num(h["eps"])
			sq, acc := st.Buffers["square_avg"], st.Buffers["acc_delta"]
			c.decaySquare(sq, rho, 1-rho, g)
			std := c.sqrt(c.add(sq, eps))
			delta := c.mul(c.div(c.sqrt(c.add(acc, eps)), std), g)
			c.decaySquare(acc, rho, 1-rho, delta)
			c.axpy(p, -h["lr"], delta)
		}})
	defRule(&OptimRule{Name: "Adamax", Step: TensorStep, BufferKeys: []string{"exp_avg", "exp_inf"},
		init: func(c *calc, p *tensor.Tensor, h Hyper) *ParamState { return c.newState(p, "exp_avg", "exp_inf") },
		update: func(c *calc, p, g *tensor.Tensor, st *ParamState, h Hyper) {
			st.Step++
			g = c.gradOf(p, g, h)
			b1 := h["beta1"]
			m, inf := st.Buffers["exp_avg"], st.Buffers["exp_inf"]
			c.decay(m, b1, 1-b1, g)
			c.inPlace(tensor.MulSpec, inf, num(h["beta2"]))
			c.inPlace(tensor.MaximumSpec, inf, c.add(c.unary(tensor.Abs, g), num(h["eps"])))
			c.addcdiv(p, -h["lr"]/(1-libm.Pow(b1, st.Step)), m, inf)
		}})
	defRule(&OptimRule{Name: "NAdam", Step: TensorStep, ScalarKeys: []string{"mu_product"}, BufferKeys: []string{"exp_avg", "exp_avg_sq"},
		init: func(c *calc, p *tensor.Tensor, h Hyper) *ParamState {
			st := c.newState(p, "exp_avg", "exp_avg_sq")
			st.Scalars["mu_product"] = 1
			return st
		},
		update: func(c *calc, p, g *tensor.Tensor, st *ParamState, h Hyper) {
			st.Step++
			g = c.gradOf(p, g, h)
			b1, b2, step, decay := h["beta1"], h["beta2"], st.Step, h["momentum_decay"]
			mu := b1 * (1 - 0.5*libm.Pow(0.96, step*decay))
			muNext := b1 * (1 - 0.5*libm.Pow(0.96, (step+1)*decay))
			prod := roundF32(st.Scalars["mu_product"] * mu) // a float32 tensor in PyTorch
			st.Scalars["mu_product"] = prod
			prodNext := roundF32(roundF32(prod*mu) * muNext)
			m, v := st.Buffers["exp_avg"], st.Buffers["exp_avg_sq"]
			c.decay(m, b1, 1-b1, g)
			c.decaySquare(v, b2, 1-b2, g)
			denom := c.sqrt(c.div(v, num(1-libm.Pow(b2, step))))
			c.inPlace(tensor.AddSpec, denom, num(h["eps"]))
			lr := h["lr"]
			c.addcdiv(p, -lr*(1-mu)/(1-prod), g, denom)
			c.addcdiv(p, -lr*muNext/(1-prodNext), m, denom)
		}})
	defRule(&OptimRule{Name: "RAdam", Step: TensorStep, BufferKeys: []string{"exp_avg", "exp_avg_sq"},
		init: func(c *calc, p *tensor.Tensor, h Hyper) *ParamState { return c.newState(p, "exp_avg", "exp_avg_sq") },
		update: func(c *calc, p, g *tensor.Tensor, st *ParamState, h Hyper) {
			st.Step++
			g = c.gradOf(p, g, h)
			b1, b2, step := h["beta1"], h["beta2"], st.Step
			bc1, bc2 := 1-libm.Pow(b1, step), 1-libm.Pow(b2, step)
			m, v := st.Buffers["exp_avg"], st.Buffers["exp_avg_sq"]
			c.decay(m, b1, 1-b1, g)
			c.decaySquare(v, b2, 1-b2, g)
			corrected := c.div(m, num(bc1))
			rhoInf := 2/(1-b2) - 1
			rhoT := rhoInf - 2*step*libm.Pow(b2, step)/bc2
			stepT := c.scaled(corrected, h["lr"])
			if rhoT > 5 {
				rect := math.Sqrt((rhoT - 4) * (rhoT - 2) * rhoInf / ((rhoInf - 4) * (rhoInf - 2) * rhoT))
				denom := c.sqrt(v)
				c.inPlace(tensor.AddSpec, denom, num(h["eps"]))
				adaptive := c.div(num(math.Sqrt(bc2)), denom)
				stepT = c.scaled(c.mul(stepT, adaptive), rect)
			}
			c.inPlace(tensor.SubSpec, p, stepT)
		}})
	defRule(&OptimRule{Name: "ASGD", Step: TensorStep, ScalarKeys: []string{"eta", "mu"}, BufferKeys: []string{"ax"},
		init: func(c *calc, p *tensor.Tensor, h Hyper) *ParamState {
			st := c.newState(p, "ax")
			st.Scalars["eta"], st.Scalars["mu"] = roundF32(h["lr"]), 1
			return st
		},
		update: func(c *calc, p, g *tensor.Tensor, st *ParamState, h Hyper) {
			st.Step++
			g = c.gradOf(p, g, h)
			eta, mu, lambd := st.Scalars["eta"], st.Scalars["mu"], h["lambd"]
			c.inPlace(tensor.MulSpec, p, num(1-lambd*eta))
			c.axpy(p, -eta, g)
			ax := st.Buffers["ax"]
			if mu != 1 {
				c.inPlace(tensor.AddSpec, ax, c.scaled(c.sub(p, ax), mu))
			} else if c.err == nil {
				c.err = ax.CopyFrom(p)
			}
			lr := h["lr"]
			st.Scalars["eta"] = roundF32(lr / libm.Pow(1+lambd*lr*st.Step, h["alpha"]))
			st.Scalars["mu"] = roundF32(1 / math.Max(1, st.Step-h["t0"]))
		}})
	defRule(&OptimRule{Name: "Rprop", Step: IntStep, BufferKeys: []string{"prev", "step_size"},
		init: func(c *calc, p *tensor.Tensor, h Hyper) *ParamState {
			st := c.newState(p, "prev")
			st.Buffers["step_size"] = c.do(func() (*tensor.Tensor, error) { return tensor.Full(h["lr"], p.DType(), p.Shape()...) })
			return st
		},
		update: func(c *calc, p, g *tensor.Tensor, st *ParamState, h Hyper) {
			st.Step++
			if h.Flag("maximize") {
				g = c.neg(g)
			}
			prev, size := st.Buffers["prev"], st.Buffers["step_size"]
			zero := num(0)
			s := c.sign(c.mul(g, prev))
			factor := c.where(c.gt(s, zero), num(h["etaplus"]), c.where(c.binary(tensor.Lt, s, zero), num(h["etaminus"]), num(1)))
			factor = c.to(factor, p.DType())
			c.inPlace(tensor.MulSpec, size, factor)
			c.inPlace(tensor.MaximumSpec, size, num(h["step_size_min"]))
			c.inPlace(tensor.MinimumSpec, size, num(h["step_size_max"]))
			g = c.where(c.eq(factor, num(h["etaminus"])), c.zeros(g.DType(), nil), g)
			c.inPlace(tensor.SubSpec, p, c.mul(c.sign(g), size))
			if c.err == nil {
				c.err = prev.CopyFrom(g)
			}
		}})
}

// adamState is the state Adam and AdamW start with.
func adamState(c *calc, p *tensor.Tensor, h Hyper) *ParamState {
	st := c.newState(p, "exp_avg", "exp_avg_sq")
	if h.Flag("amsgrad") {
		st.Buffers["max_exp_avg_sq"] = c.zeros(p.DType(), p.Shape())
	}
	return st
}

// adamUpdate is the step Adam and AdamW share once the gradient is ready:
// the moment averages, their bias correction and p -= step_size·m/denom.
func adamUpdate(c *calc, p, g *tensor.Tensor, st *ParamState, h Hyper) {
	st.Step++
	b1, b2 := h["beta1"], h["beta2"]
	m, v := st.Buffers["exp_avg"], st.Buffers["exp_avg_sq"]
	stepSize := h["lr"] / (1 - libm.Pow(b1, st.Step))
	bc2Sqrt := math.Sqrt(1 - libm.Pow(b2, st.Step))
	if !h.Flag("amsgrad") && c.err == nil && adamFloat32(p, g, m, v, b1, b2, stepSize, bc2Sqrt, h["eps"]) {
		return
	}
	c.decay(m, b1, 1-b1, g)
	c.decaySquare(v, b2, 1-b2, g)
	if h.Flag("amsgrad") {
		mx := st.Buffers["max_exp_avg_sq"]
		c.inPlace(tensor.MaximumSpec, mx, v)
		v = mx
	}
	denom := c.div(c.sqrt(v), num(bc2Sqrt))
	c.inPlace(tensor.AddSpec, denom, num(h["eps"]))
	c.addcdiv(p, -stepSize, m, denom)
}

// adamFloat32 is adamUpdate without amsgrad for contiguous float32
// tensors of one shape that share no storage, in one pass: for each
// element the same float32 operations, in the same order and with the
// same scalars rounded to float32, as the tensor operations of the
// general path (so the same bits, as TestAdamFloat32MatchesOperations
// checks), without their six temporaries. It reports false, having done
// nothing, for other tensors.
func adamFloat32(p, g, m, v *tensor.Tensor, b1, b2, stepSize, bc2Sqrt, eps float64) bool {
	n := p.Numel()
	for _, t := range []*tensor.Tensor{p, g, m, v} {
		if t.DType() != tensor.Float32 || !t.IsContiguous() || t.Numel() != n {
			return false
		}
	}
	if p.SharesStorage(g) || p.SharesStorage(m) || p.SharesStorage(v) || g.SharesStorage(m) || g.SharesStorage(v) || m.SharesStorage(v) {
		return false
	}
	if !slices.Equal(p.Shape(), g.Shape()) || !slices.Equal(p.Shape(), m.Shape()) || !slices.Equal(p.Shape(), v.Shape()) {
		return false
	}
	view := func(t *tensor.Tensor) []float32 {
		d, _ := tensor.Data[float32](t)
		return d[t.Offset() : t.Offset()+n]
	}
	tensor.AdamFloat32(view(p), view(g), view(m), view(v), b1, b2, stepSize, bc2Sqrt, eps)
	p.MarkModified()
	m.MarkModified()
	v.MarkModified()
	return true
}
