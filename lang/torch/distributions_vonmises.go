package torch

import (
	"math"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/tensor"
)

// VonMises, the circular distribution of PyTorch 1.13: log_prob and the
// circular variance from log I0 and log I1 by Abramowitz and Stegun's
// polynomial approximations (9.8.1 to 9.8.4), as PyTorch evaluates them,
// and sample by Best and Fisher's rejection sampler (1979), drawing
// torch.rand((3,) + shape) per round until every entry is accepted, in
// the parameters' dtype, so that a seed gives PyTorch's draws. It has no
// rsample and no entropy, as PyTorch's has not.

// The coefficients of Abramowitz and Stegun's approximations of I0 and I1
// in (x/3.75)² below 3.75 and of √x e^-x I(x) in 3.75/x above.
var (
	vmI0Small = []float64{1.0, 3.5156229, 3.0899424, 1.2067492, 0.2659732, 0.0360768, 0.0045813}
	vmI0Large = []float64{0.39894228, 0.01328592, 0.00225319, -0.00157565, 0.00916281, -0.02057706, 0.02635537, -0.01647633, 0.00392377}
	vmI1Small = []float64{0.5, 0.87890594, 0.51498869, 0.15084934, 0.02658733, 0.00301532, 0.00032411}
	vmI1Large = []float64{0.39894228, -0.03988024, -0.00362018, 0.00163801, -0.01031555, 0.02282967, -0.02895312, 0.01787654, -0.00420059}
)

// vmPoly is Σ coef[i] yⁱ by Horner's rule from the last coefficient.
func vmPoly(c *chainOps, y *tensor.Tensor, coef []float64) *tensor.Tensor {
	r := c.scalar(coef[len(coef)-1], y)
	for i := len(coef) - 2; i >= 0; i-- {
		r = c.bin(autograd.Add, c.scalar(coef[i], y), c.bin(autograd.Mul, y, r))
	}
	return r
}

// vmLogBessel is log I_order(x) for x > 0 (order 0 or 1).
func vmLogBessel(c *chainOps, x *tensor.Tensor, order int) *tensor.Tensor {
	small, large := vmI0Small, vmI0Large
	if order == 1 {
		small, large = vmI1Small, vmI1Large
	}
	y := c.bin(autograd.Div, x, c.scalar(3.75, x))
	y = c.bin(autograd.Mul, y, y)
	s := vmPoly(c, y, small)
	if order == 1 {
		s = c.bin(autograd.Mul, c.un(autograd.Abs, x), s)
	}
	s = c.un(autograd.Log, s)
	y = c.bin(autograd.Div, c.scalar(3.75, x), x)
	l := c.bin(autograd.Sub, x, c.bin(autograd.Mul, c.scalar(0.5, x), c.un(autograd.Log, x)))
	l = c.bin(autograd.Add, l, c.un(autograd.Log, vmPoly(c, y, large)))
	return cbWhere(c, c.bin(tensor.Lt, x.Detach(), c.scalar(3.75, x)), s, l)
}

// vmDraw is VonMises's rejection sampler.
func vmDraw(d *Distribution, c *chainOps, shape []int) *tensor.Tensor {
	loc, k := d.params["loc"].Detach(), d.params["concentration"].Detach()
	// the proposal's r, as PyTorch's __init__ computes it
	tau := c.bin(autograd.Add, c.scalar(1, k), c.un(autograd.Sqrt, c.bin(autograd.Add, c.scalar(1, k), c.bin(autograd.Mul, c.scalar(4, k), c.bin(autograd.Pow, k, c.scalar(2, k))))))
	rho := c.bin(autograd.Div, c.bin(autograd.Sub, tau, c.un(autograd.Sqrt, c.bin(autograd.Mul, c.scalar(2, tau), tau))), c.bin(autograd.Mul, c.scalar(2, k), k))
	r := c.bin(autograd.Div, c.bin(autograd.Add, c.scalar(1, rho), c.bin(autograd.Pow, rho, c.scalar(2, rho))), c.bin(autograd.Mul, c.scalar(2, rho), rho))
	x := c.do(func() (*tensor.Tensor, error) { return tensor.Zeros(loc.DType(), shape...) })
	done := c.do(func() (*tensor.Tensor, error) { return tensor.Zeros(tensor.Bool, shape...) })
	for c.err == nil {
		all := c.do(func() (*tensor.Tensor, error) { return tensor.All(done, nil, false) })
		if c.err != nil {
			break
		}
		if v, _ := all.Item(); v == true {
			break
		}
		u := uniformNoise(c, loc, append([]int{3}, shape...), 0, 1)
		part := func(i int) *tensor.Tensor {
			return c.do(func() (*tensor.Tensor, error) { return autograd.Select(u, 0, i) })
		}
		u1, u2, u3 := part(0), part(1), part(2)
		z := c.un(autograd.Cos, c.bin(autograd.Mul, c.scalar(math.Pi, u1), u1))
		f := c.bin(autograd.Div, c.bin(autograd.Add, c.scalar(1, r), c.bin(autograd.Mul, r, z)), c.bin(autograd.Add, r, z))
		cc := c.bin(autograd.Mul, k, c.bin(autograd.Sub, r, f))
		first := c.bin(tensor.Gt, c.bin(autograd.Sub, c.bin(autograd.Mul, cc, c.bin(autograd.Sub, c.scalar(2, cc), cc)), u2), c.scalar(0, cc))
		second := c.bin(tensor.Ge, c.bin(autograd.Sub, c.bin(autograd.Add, c.un(autograd.Log, c.bin(autograd.Div, cc, u2)), c.scalar(1, cc)), cc), c.scalar(0, cc))
		accept := c.bin(tensor.LogicalOr, first, second)
		if c.err != nil {
			break
		}
		some := c.do(func() (*tensor.Tensor, error) { return tensor.Any(accept, nil, false) })
		if c.err != nil {
			break
		}
		if v, _ := some.Item(); v == true {
			half := c.bin(autograd.Sub, u3, c.scalar(0.5, u3))
			x = cbWhere(c, accept, c.bin(autograd.Mul, c.un(autograd.Sign, half), c.un(autograd.Acos, f)), x)
			done = c.bin(tensor.LogicalOr, done, accept)
		}
	}
	y := c.bin(autograd.Add, c.bin(autograd.Add, x, c.scalar(math.Pi, x)), loc)
	y = c.bin(tensor.Remainder, y, c.scalar(2*math.Pi, y))
	return c.bin(autograd.Sub, y, c.scalar(math.Pi, y))
}

func defVonMises() {
	distKinds["VonMises"] = &distKind{
		module: "von_mises", sig: "VonMises(loc, concentration, validate_args=None)",
		doc:    "The von Mises distribution of angles (radians, taken modulo 2π) around loc, with concentration: sample is Best and Fisher's rejection sampler, PyTorch's draws for a seed; mean and mode are loc, variance the circular one, 1 - I1(κ)/I0(κ). No rsample or entropy, as in PyTorch.",
		params: []string{"loc", "concentration"}, shown: []string{"loc", "concentration"},
		constraints: map[string]constraint{"loc": realConstraint, "concentration": positiveConstraint},
		support:     realConstraint,
		mean:        func(d *Distribution, c *chainOps) *tensor.Tensor { return d.params["loc"] },
		variance: func(d *Distribution, c *chainOps) *tensor.Tensor {
			k := d.params["concentration"]
			diff := c.bin(autograd.Sub, vmLogBessel(c, k, 1), vmLogBessel(c, k, 0))
			return c.bin(autograd.Sub, c.scalar(1, k), c.un(autograd.Exp, diff))
		},
		logProb: func(d *Distribution, c *chainOps, v *tensor.Tensor) *tensor.Tensor {
			loc, k := d.params["loc"], d.params["concentration"]
			lp := c.bin(autograd.Mul, k, c.un(autograd.Cos, c.bin(autograd.Sub, v, loc)))
			lp = c.bin(autograd.Sub, lp, c.scalar(math.Log(2*math.Pi), lp))
			return c.bin(autograd.Sub, lp, vmLogBessel(c, k, 0))
		},
		draw: vmDraw,
	}
}
