package torch

import (
	"math"
	"slices"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// LKJCholesky, the LKJ distribution of the lower Cholesky factors of
// correlation matrices, as PyTorch 1.13 has it: sample is the onion
// method (Ghosh and Henderson) as PyTorch draws it, a Beta draw per row
// (Beta(offset + 1/2, concentration + (dim - 2)/2 - offset/2)) and then
// torch.randn for the directions, so a seed gives PyTorch's samples;
// log_prob is PyTorch's closed form. It has no rsample, mean, variance
// or entropy, as PyTorch's has not.

// corrCholeskyCon is constraints.corr_cholesky: lower Cholesky factors
// whose rows have unit norm (within 10 · eps · dim).
var corrCholeskyConstraint = constraint{"CorrCholesky()", func(c *chainOps, v *tensor.Tensor) *tensor.Tensor {
	eps, _ := finfo(v)
	n := v.Shape()[v.Dim()-1]
	tol := eps * float64(n) * 10
	norm := c.un(tensor.Sqrt, c.do(func() (*tensor.Tensor, error) {
		return tensor.Sum(c.bin(tensor.Mul, v, v), []int{-1}, false)
	}))
	off := c.un(tensor.Abs, c.bin(tensor.Sub, norm, c.scalar(1, norm)))
	unit := c.do(func() (*tensor.Tensor, error) {
		return tensor.All(c.bin(tensor.Le, off, c.scalar(tol, off)), []int{-1}, false)
	})
	return c.bin(tensor.LogicalAnd, lowerCholeskyCon.check(c, v), unit)
}}

// lkjBeta is the Beta distribution of the squared row norms: its
// concentrations offset + 1/2 and marginal - offset/2 for offset =
// [0, 0, 1, ..., dim-2], batch_shape + (dim,).
func (d *Distribution) lkjBeta(c *chainOps) *Distribution {
	conc := d.params["concentration"].Detach()
	n := d.lkjDim
	offsets := make([]float64, n)
	for i := 1; i < n; i++ {
		offsets[i] = float64(i - 1)
	}
	off := c.do(func() (*tensor.Tensor, error) { return tensor.FromValue(offsets, conc.DType()) })
	marginal := c.bin(tensor.Add, conc, c.scalar(0.5*float64(n-2), conc))
	c1 := c.bin(tensor.Add, off, c.scalar(0.5, off))
	c0 := c.bin(tensor.Sub, c.do(func() (*tensor.Tensor, error) { return marginal.Unsqueeze(-1) }), c.bin(tensor.Mul, c.scalar(0.5, off), off))
	if c.err != nil {
		return nil
	}
	b, err := newBeta(c1, c0)
	if err != nil {
		c.err = err
	}
	return b
}

// lkjDraw is LKJCholesky's sample of shape sample_shape + batch_shape.
func lkjDraw(d *Distribution, c *chainOps, shape []int) *tensor.Tensor {
	beta := d.lkjBeta(c)
	if c.err != nil {
		return nil
	}
	n := d.lkjDim
	y := distKinds["Beta"].draw(beta, c, slices.Concat(shape, []int{n}))
	y = c.do(func() (*tensor.Tensor, error) { return autograd.Unsqueeze(y, -1) })
	if c.err != nil {
		return nil
	}
	u := normalNoise(c, y, slices.Concat(shape, []int{n, n}))
	u = c.do(func() (*tensor.Tensor, error) { return autograd.Tril(u, -1) })
	norm := c.un(autograd.Sqrt, c.do(func() (*tensor.Tensor, error) {
		return autograd.Sum(c.bin(autograd.Mul, u, u), []int{-1}, true)
	}))
	u = c.bin(autograd.Div, u, norm)
	// the first row, 0/0, is zeros
	rows := make([]bool, n)
	for i := 1; i < n; i++ {
		rows[i] = true
	}
	keep := c.do(func() (*tensor.Tensor, error) {
		t, err := tensor.FromValue(rows, tensor.Bool)
		if err != nil {
			return nil, err
		}
		return t.Reshape(n, 1)
	})
	u = cbWhere(c, keep, u, c.scalar(0, u))
	w := c.bin(autograd.Mul, c.un(autograd.Sqrt, y), u)
	_, tiny := finfo(w)
	sq := c.do(func() (*tensor.Tensor, error) {
		return autograd.Sum(c.bin(autograd.Pow, w, c.scalar(2, w)), []int{-1}, false)
	})
	diag := c.do(func() (*tensor.Tensor, error) {
		return autograd.Clamp(c.bin(autograd.Sub, c.scalar(1, sq), sq), c.scalar(tiny, sq), nil)
	})
	diag = c.un(autograd.Sqrt, diag)
	return c.bin(autograd.Add, w, c.do(func() (*tensor.Tensor, error) { return autograd.DiagEmbed(diag, 0, -2, -1) }))
}

// newLKJCholesky is LKJCholesky(dim, concentration=1.).
func newLKJCholesky(a *lang.Args) (*Distribution, error) {
	dim, ok := a.Value("dim").(int64)
	if !ok {
		return nil, a.WrongType("dim", "an int", a.Value("dim"))
	}
	if dim < 2 {
		return nil, lang.Errorf(lang.ValueError, "Expected dim to be an integer greater than or equal to 2. Found dim=%d.", dim)
	}
	conc, err := distTensor(a.Value("concentration"), nil)
	if err != nil {
		return nil, err
	}
	d := &Distribution{kind: "LKJCholesky", params: map[string]*tensor.Tensor{"concentration": conc}, batch: conc.Shape(), lkjDim: int(dim)}
	// PyTorch makes its Beta first, which validates its concentrations
	// as Beta's default does
	c := &chainOps{}
	beta := d.lkjBeta(c)
	if c.err != nil {
		return nil, c.err
	}
	if distValidateDefault {
		if err := beta.validateArgs(); err != nil {
			return nil, err
		}
	}
	return d, nil
}

func defLKJCholesky() {
	notImplemented := func(d *Distribution, c *chainOps) *tensor.Tensor {
		c.err = lang.Errorf(NotImplementedError, "")
		return nil
	}
	distKinds["LKJCholesky"] = &distKind{
		module: "lkj_cholesky", sig: "LKJCholesky(dim, concentration=1.0, validate_args=None)",
		doc:    "The LKJ distribution of the lower Cholesky factors of dim × dim correlation matrices, with concentration (1: uniform over correlation matrices): sample is PyTorch's onion method, its draws for a seed; no rsample, mean, variance or entropy, as in PyTorch.",
		params: []string{"concentration"}, shown: []string{"concentration"},
		constraints: map[string]constraint{"concentration": positiveConstraint},
		support:     corrCholeskyConstraint,
		construct:   newLKJCholesky,
		mean:        notImplemented,
		variance:    notImplemented,
		logProb: func(d *Distribution, c *chainOps, v *tensor.Tensor) *tensor.Tensor {
			conc := d.params["concentration"]
			n := d.lkjDim
			diag := c.do(func() (*tensor.Tensor, error) { return autograd.Diagonal(v, 0, -1, -2) })
			diag = c.do(func() (*tensor.Tensor, error) { return autograd.Narrow(diag, -1, 1, n-1) })
			orders := make([]float64, n-1)
			for i := range orders {
				orders[i] = float64(i + 2)
			}
			ord := c.do(func() (*tensor.Tensor, error) { return tensor.FromValue(orders, conc.DType()) })
			cm1 := c.do(func() (*tensor.Tensor, error) {
				return autograd.Unsqueeze(c.bin(autograd.Sub, conc, c.scalar(1, conc)), -1)
			})
			order := c.bin(autograd.Sub, c.bin(autograd.Add, c.bin(autograd.Mul, c.scalar(2, cm1), cm1), c.scalar(float64(n), cm1)), ord)
			unnorm := c.do(func() (*tensor.Tensor, error) {
				return autograd.Sum(c.bin(autograd.Mul, order, c.un(autograd.Log, diag)), []int{-1}, false)
			})
			dm1 := n - 1
			alpha := c.bin(autograd.Add, conc, c.scalar(0.5*float64(dm1), conc))
			den := c.bin(autograd.Mul, lgammaOf(c, alpha), c.scalar(float64(dm1), alpha))
			num := c.do(func() (*tensor.Tensor, error) {
				return mvlgamma(c.bin(autograd.Sub, alpha, c.scalar(0.5, alpha)), dm1)
			})
			norm := c.bin(autograd.Sub, c.bin(autograd.Add, c.scalar(0.5*float64(dm1)*math.Log(math.Pi), num), num), den)
			return c.bin(autograd.Sub, unnorm, norm)
		},
		draw: lkjDraw,
	}
}
