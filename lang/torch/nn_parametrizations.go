package torch

import (
	"slices"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/nn"
	"github.com/kael-dev/kael/tensor"
)

// torch.nn.utils.parametrizations as PyTorch 1.13 has it
// (torch/nn/utils/parametrizations.py): orthogonal and spectral_norm,
// each registering a parametrization module (_Orthogonal, _SpectralNorm)
// through register_parametrization (nn_parametrize.go). 1.13 has no
// weight_norm there (it came in 2.1).

// orthMaps are _OrthMaps' members, in their order.
var orthMaps = []string{"matrix_exp", "cayley", "householder"}

// orthogonalParam is _Orthogonal: the map from the original (a lower
// triangle, or Householder vectors) to an orthogonal matrix, and, with
// use_trivialization, the buffer base the map's result multiplies.
type orthogonalParam struct {
	base    nn.Base
	shape   []int
	orthMap string
	trivial bool
}

func (o *orthogonalParam) Base() *nn.Base { return &o.base }
func (o *orthogonalParam) CopySettings() nn.Module {
	c := *o
	c.shape = slices.Clone(o.shape)
	return &c
}
func (o *orthogonalParam) TypeName() string  { return "_Orthogonal" }
func (o *orthogonalParam) ExtraRepr() string { return "" }

// Hypers are the attributes _Orthogonal's __init__ sets.
func (o *orthogonalParam) Hypers() []nn.Hyper {
	return []nn.Hyper{{Name: "shape", Value: lang.NewSize(o.shape)}}
}

// transposeLast is x.mT.
func transposeLast(c *chainOps, x *tensor.Tensor) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) { return autograd.Transpose(x, -2, -1) })
}

// householderQ is linalg.householder_product(A, tau) composed of
// recorded operations (so that gradients reach A and tau): the first k
// columns of H₀ H₁ … H_{k-1}, Hᵢ = I - τᵢ vᵢ vᵢᵀ with vᵢ the i-th column
// of A below the diagonal and 1 on it.
func householderQ(c *chainOps, a, tau *tensor.Tensor) *tensor.Tensor {
	n, k := a.Shape()[a.Dim()-2], a.Shape()[a.Dim()-1]
	batch := a.Shape()[:a.Dim()-2]
	eyeNK := c.do(func() (*tensor.Tensor, error) { return tensor.Eye(n, k, a.DType()) })
	v := c.bin(autograd.Add, c.do(func() (*tensor.Tensor, error) { return autograd.Tril(a, -1) }), eyeNK)
	q := c.do(func() (*tensor.Tensor, error) {
		e, err := tensor.Eye(n, n, a.DType())
		if err != nil {
			return nil, err
		}
		return e.Expand(slices.Concat(batch, []int{n, n})...)
	})
	for i := k - 1; i >= 0; i-- {
		// Q ← Hᵢ Q, from the last reflector to the first
		vi := c.do(func() (*tensor.Tensor, error) { return autograd.Narrow(v, -1, i, 1) })
		ti := c.do(func() (*tensor.Tensor, error) { return autograd.Narrow(tau, -1, i, 1) })
		ti = c.do(func() (*tensor.Tensor, error) { return autograd.Unsqueeze(ti, -1) })
		w := c.bin(autograd.Matmul, transposeLast(c, vi), q)
		q = c.bin(autograd.Sub, q, c.bin(autograd.Mul, ti, c.bin(autograd.Matmul, vi, w)))
	}
	return c.do(func() (*tensor.Tensor, error) { return autograd.Narrow(q, -1, 0, k) })
}

// Forward maps the original to an orthogonal matrix (_Orthogonal.forward).
func (o *orthogonalParam) Forward(x *tensor.Tensor) (*tensor.Tensor, error) {
	if x.Dim() < 2 {
		return nil, lang.Errorf(lang.IndexError, "Dimension out of range (expected to be in range of [-%d, %d], but got -2)", max(x.Dim(), 1), max(x.Dim()-1, 0))
	}
	c := &chainOps{}
	n, k := x.Shape()[x.Dim()-2], x.Shape()[x.Dim()-1]
	transposed := n < k
	if transposed {
		x = transposeLast(c, x)
		n, k = k, n
	}
	var q *tensor.Tensor
	if o.orthMap == "householder" {
		a := c.do(func() (*tensor.Tensor, error) { return autograd.Tril(x, -1) })
		sq := c.do(func() (*tensor.Tensor, error) { return autograd.Sum(c.bin(autograd.Mul, a, a), []int{-2}, false) })
		tau := c.bin(autograd.Div, c.scalar(2, sq), c.bin(autograd.Add, c.scalar(1, sq), sq))
		q = householderQ(c, a, tau)
		diag := c.do(func() (*tensor.Tensor, error) { return tensor.Diagonal(x.Detach(), 0, -2, -1) })
		sign := c.do(func() (*tensor.Tensor, error) { return diag.To(tensor.Int32) })
		sign = c.do(func() (*tensor.Tensor, error) { return sign.Unsqueeze(-2) })
		q = c.bin(autograd.Mul, q, sign)
	} else {
		xl := c.do(func() (*tensor.Tensor, error) { return autograd.Tril(x, 0) })
		if n != k {
			zeros := c.do(func() (*tensor.Tensor, error) {
				z, err := tensor.Zeros(x.DType(), n, n-k)
				if err != nil {
					return nil, err
				}
				return z.Expand(slices.Concat(x.Shape()[:x.Dim()-2], []int{n, n - k})...)
			})
			xl = c.do(func() (*tensor.Tensor, error) { return autograd.Cat([]*tensor.Tensor{xl, zeros}, -1) })
		}
		a := c.bin(autograd.Sub, xl, transposeLast(c, xl))
		if o.orthMap == "matrix_exp" {
			q = c.do(func() (*tensor.Tensor, error) { return matrixExp(a) })
		} else {
			id := c.do(func() (*tensor.Tensor, error) { return tensor.Eye(n, n, a.DType()) })
			left := c.bin(autograd.Add, id, c.bin(autograd.Mul, a, c.scalar(-0.5, a)))
			right := c.bin(autograd.Add, id, c.bin(autograd.Mul, a, c.scalar(0.5, a)))
			q = c.bin(autograd.Solve, left, right)
		}
		if n != k {
			q = c.do(func() (*tensor.Tensor, error) { return autograd.Narrow(q, -1, 0, k) })
		}
	}
	if o.trivial {
		b := o.base.Buffer("base")
		if b == nil {
			return nil, lang.Errorf(lang.TypeError, "unsupported operand type(s) for @: 'NoneType' and 'Tensor'")
		}
		q = c.bin(autograd.Matmul, b, q)
	}
	if transposed {
		q = transposeLast(c, q)
	}
	return q, c.err
}

// makeOrthogonal is _make_orthogonal: the Q of A's QR factorization
// with the signs of R's diagonal, so that it is unique.
func makeOrthogonal(a *tensor.Tensor) (*tensor.Tensor, error) {
	x, tau, err := tensor.Geqrf(a)
	if err != nil {
		return nil, err
	}
	q, err := tensor.HouseholderProduct("torch.linalg.householder_product", x, tau)
	if err != nil {
		return nil, err
	}
	c := &chainOps{}
	d := c.do(func() (*tensor.Tensor, error) { return tensor.Diagonal(x, 0, -2, -1) })
	s := c.un(tensor.SignSpec.Apply, d)
	s = c.do(func() (*tensor.Tensor, error) { return s.Unsqueeze(-2) })
	return c.bin(tensor.Mul, q, s), c.err
}

// isOrthogonal is _is_orthogonal: Qᴴ Q close to the identity within
// 10 · n · eps.
func isOrthogonal(q *tensor.Tensor) (bool, error) {
	n, k := q.Shape()[q.Dim()-2], q.Shape()[q.Dim()-1]
	c := &chainOps{}
	qtq := c.bin(tensor.Matmul, transposeLast(c, q), q)
	id := c.do(func() (*tensor.Tensor, error) { return tensor.Eye(k, k, q.DType()) })
	if c.err != nil {
		return false, c.err
	}
	eps, _ := finfo(q)
	return tensor.Allclose(qtq, id, 1e-5, 10*float64(n)*eps, false)
}

// RightInverse is _Orthogonal.right_inverse: the original that gives Q.
// With use_trivialization, Q (completed to a square orthogonal matrix)
// becomes base and the original -I.
func (o *orthogonalParam) RightInverse(q *tensor.Tensor) (*tensor.Tensor, error) {
	var out *tensor.Tensor
	err := autograd.NoGrad(func() error {
		var err error
		out, err = o.rightInverse(q.Detach())
		return err
	})
	return out, err
}

func (o *orthogonalParam) rightInverse(q *tensor.Tensor) (*tensor.Tensor, error) {
	if !slices.Equal(q.Shape(), o.shape) {
		return nil, lang.Errorf(lang.ValueError, "Expected a matrix or batch of matrices of shape %s. Got a tensor of shape %s.", sizeText(o.shape), sizeText(q.Shape()))
	}
	qInit := q
	n, k := q.Shape()[q.Dim()-2], q.Shape()[q.Dim()-1]
	transpose := n < k
	if transpose {
		var err error
		if q, err = q.Transpose(-2, -1); err != nil {
			return nil, err
		}
		n, k = k, n
	}
	if !o.trivial {
		if o.orthMap != "householder" {
			return nil, lang.Errorf(NotImplementedError, "It is not possible to assign to the matrix exponential or the Cayley parametrizations when use_trivialization=False.")
		}
		a, tau, err := tensor.Geqrf(q)
		if err != nil {
			return nil, err
		}
		d, err := tensor.Diagonal(a, 0, -2, -1)
		if err != nil {
			return nil, err
		}
		vals, err := d.Float64s()
		if err != nil {
			return nil, err
		}
		taus, err := tau.Float64s()
		if err != nil {
			return nil, err
		}
		for i, v := range vals {
			s := 0.0
			switch {
			case v > 0:
				s = 1
			case v < 0:
				s = -1
			}
			if taus[i] == 0 {
				s = -s
			}
			vals[i] = s
		}
		signs, err := tensor.FromValue(vals, a.DType())
		if err != nil {
			return nil, err
		}
		if signs, err = signs.Reshape(d.Shape()...); err != nil {
			return nil, err
		}
		if err := d.CopyFrom(signs); err != nil {
			return nil, err
		}
		if transpose {
			return a.Transpose(-2, -1)
		}
		return a, nil
	}
	var err error
	if n == k {
		ok, err := isOrthogonal(q)
		if err != nil {
			return nil, err
		}
		if !ok {
			q, err = makeOrthogonal(q)
		} else {
			q, err = q.Clone()
		}
		if err != nil {
			return nil, err
		}
	} else {
		noise, err := tensor.Randn(nil, q.DType(), slices.Concat(q.Shape()[:q.Dim()-2], []int{n, n - k})...)
		if err != nil {
			return nil, err
		}
		full, err := tensor.Cat([]*tensor.Tensor{q, noise}, -1)
		if err != nil {
			return nil, err
		}
		if q, err = makeOrthogonal(full); err != nil {
			return nil, err
		}
	}
	o.base.SetBuffer("base", q)
	negID, err := tensor.Zeros(qInit.DType(), qInit.Shape()...)
	if err != nil {
		return nil, err
	}
	d, err := tensor.Diagonal(negID, 0, -2, -1)
	if err != nil {
		return nil, err
	}
	minus, err := tensor.Full(-1, negID.DType(), d.Shape()...)
	if err != nil {
		return nil, err
	}
	return negID, d.CopyFrom(minus)
}

// spectralNormParam is _SpectralNorm: the weight divided by its largest
// singular value, estimated by power iteration on the buffers _u and _v
// (a step at each use in training mode).
type spectralNormParam struct {
	base       nn.Base
	dim        int
	eps        float64
	iterations int
	ndim       int
}

func (s *spectralNormParam) Base() *nn.Base { return &s.base }
func (s *spectralNormParam) CopySettings() nn.Module {
	c := *s
	return &c
}
func (s *spectralNormParam) TypeName() string  { return "_SpectralNorm" }
func (s *spectralNormParam) ExtraRepr() string { return "" }

// Hypers are the attributes _SpectralNorm's __init__ sets.
func (s *spectralNormParam) Hypers() []nn.Hyper {
	h := []nn.Hyper{{Name: "dim", Value: s.dim}, {Name: "eps", Value: s.eps}}
	if s.ndim > 1 {
		h = append(h, nn.Hyper{Name: "n_power_iterations", Value: s.iterations})
	}
	return h
}

// matrix is _reshape_weight_to_matrix: dim first, the rest flattened.
func (s *spectralNormParam) matrix(w *tensor.Tensor) (*tensor.Tensor, error) {
	c := &chainOps{}
	if s.dim != 0 {
		perm := []int{s.dim}
		for d := range w.Dim() {
			if d != s.dim {
				perm = append(perm, d)
			}
		}
		w = c.do(func() (*tensor.Tensor, error) { return autograd.Permute(w, perm...) })
	}
	return c.do(func() (*tensor.Tensor, error) { return autograd.Reshape(w, w.Shape()[0], -1) }), c.err
}

// powerMethod runs n steps of the power iteration on the buffers, in
// place and without gradient: u = normalize(W v), then v = normalize(Wᵀ u).
func (s *spectralNormParam) powerMethod(mat *tensor.Tensor, n int) error {
	u, v := s.base.Buffer("_u"), s.base.Buffer("_v")
	m := mat.Detach()
	step := func(dst, a, x *tensor.Tensor) error {
		mv, err := tensor.Matmul(a, x)
		if err != nil {
			return err
		}
		r, err := nn.Normalize(mv, 2, 0, s.eps)
		if err != nil {
			return err
		}
		return dst.CopyFrom(r)
	}
	return autograd.NoGrad(func() error {
		for range n {
			if err := step(u, m, v); err != nil {
				return err
			}
			if err := step(v, m.T(), u); err != nil {
				return err
			}
		}
		return nil
	})
}

// Forward is weight / σ, σ = uᵀ W v (a 1-D weight is normalised).
func (s *spectralNormParam) Forward(w *tensor.Tensor) (*tensor.Tensor, error) {
	if w.Dim() == 1 {
		return nn.Normalize(w, 2, 0, s.eps)
	}
	mat, err := s.matrix(w)
	if err != nil {
		return nil, err
	}
	if s.base.Training {
		if err := s.powerMethod(mat, s.iterations); err != nil {
			return nil, err
		}
	}
	c := &chainOps{}
	u := c.do(func() (*tensor.Tensor, error) { return s.base.Buffer("_u").Clone() })
	v := c.do(func() (*tensor.Tensor, error) { return s.base.Buffer("_v").Clone() })
	sigma := c.bin(autograd.Dot, u, c.bin(autograd.Matmul, mat, v))
	return c.bin(autograd.Div, w, sigma), c.err
}

// RightInverse is the identity.
func (s *spectralNormParam) RightInverse(x *tensor.Tensor) (*tensor.Tensor, error) { return x, nil }

// newSpectralNormParam is _SpectralNorm(weight, n_power_iterations, dim,
// eps): u and v drawn with normal_ (u first), normalised, then 15 steps
// of the power iteration.
func newSpectralNormParam(weight *tensor.Tensor, iterations, dim int, eps float64) (*spectralNormParam, error) {
	ndim := weight.Dim()
	if dim >= ndim || dim < -ndim {
		return nil, lang.Errorf(lang.IndexError, "Dimension out of range (expected to be in range of [-%d, %d] but got %d)", ndim, ndim-1, dim)
	}
	if iterations <= 0 {
		return nil, lang.Errorf(lang.ValueError, "Expected n_power_iterations to be positive, but got n_power_iterations=%d", iterations)
	}
	if dim < 0 {
		dim += ndim
	}
	s := &spectralNormParam{base: nn.NewBase(), dim: dim, eps: eps, iterations: iterations, ndim: ndim}
	if ndim <= 1 {
		return s, nil
	}
	mat, err := s.matrix(weight.Detach())
	if err != nil {
		return nil, err
	}
	draw := func(n int) (*tensor.Tensor, error) {
		t, err := tensor.Empty(weight.DType(), n)
		if err != nil {
			return nil, err
		}
		if err := tensor.FillNormal(t, 0, 1, nil); err != nil {
			return nil, err
		}
		return nn.Normalize(t, 2, 0, eps)
	}
	u, err := draw(mat.Shape()[0])
	if err != nil {
		return nil, err
	}
	v, err := draw(mat.Shape()[1])
	if err != nil {
		return nil, err
	}
	s.base.SetBuffer("_u", u)
	s.base.SetBuffer("_v", v)
	return s, s.powerMethod(mat, 15)
}

// parametrizedTensor is getattr(module, name, None) for orthogonal and
// spectral_norm: the tensor, or PyTorch's ValueError.
func parametrizedTensor(mv lang.Value, name string) (*tensor.Tensor, error) {
	v, err := lang.GetAttr(mv, name)
	t, ok := v.(*tensor.Tensor)
	if err != nil || !ok {
		return nil, lang.Errorf(lang.ValueError, "Module '%s' has no parameter or buffer with name '%s'", lang.Str(mv), name)
	}
	return t, nil
}

func defParametrizations() {
	orthogonal := lang.NewBuiltin(lang.AsValue, "orthogonal(module, name='weight', orthogonal_map=None, *, use_trivialization=True)",
		"Parametrizes module.name (a matrix or a batch of them) as an orthogonal matrix (with orthonormal columns, or rows when it is wide): orthogonal_map 'matrix_exp' (the default for a square matrix) or 'cayley' of a skew-symmetric matrix from the original's lower triangle, or 'householder' (the default otherwise), a product of Householder reflectors. use_trivialization=True keeps the current orthogonal matrix as the buffer base, which the map's result multiplies, and starts the original at -I. Returns module.",
		func(a *lang.Args) (lang.Value, error) {
			mv, name, use := a.Value("module"), a.Str("name"), a.Bool("use_trivialization")
			if err := a.Err(); err != nil {
				return nil, err
			}
			w, err := parametrizedTensor(mv, name)
			if err != nil {
				return nil, err
			}
			if w.Dim() < 2 {
				return nil, lang.Errorf(lang.ValueError, "Expected a matrix or batch of matrices. Got a tensor of %d dimensions.", w.Dim())
			}
			var orthMap string
			if a.IsNone("orthogonal_map") {
				orthMap = "householder"
				if w.Shape()[w.Dim()-2] == w.Shape()[w.Dim()-1] || w.DType().IsComplex() {
					orthMap = "matrix_exp"
				}
			} else {
				orthMap = a.Str("orthogonal_map")
				if err := a.Err(); err != nil {
					return nil, err
				}
				if !slices.Contains(orthMaps, orthMap) {
					return nil, lang.Errorf(lang.ValueError, `orthogonal_map has to be one of "matrix_exp", "cayley", "householder". Got: %s`, orthMap)
				}
			}
			if w.DType().IsComplex() {
				if orthMap == "householder" {
					return nil, lang.Errorf(lang.ValueError, "The householder parametrization does not support complex tensors.")
				}
				return nil, lang.Errorf(NotImplementedError, "orthogonal of a complex tensor is not supported in kael")
			}
			o := &orthogonalParam{base: nn.NewBase(), shape: slices.Clone(w.Shape()), orthMap: orthMap, trivial: use}
			if use {
				o.base.SetBuffer("base", nil)
			}
			return a.CallKw(registerParametrizationFn, []lang.Value{mv, name, newLayer(o)}, []string{"unsafe"}, []lang.Value{true})
		})
	spectral := lang.NewBuiltin(lang.AsValue, "spectral_norm(module, name='weight', n_power_iterations=1, eps=1e-12, dim=None)",
		"Parametrizes module.name as itself divided by its spectral norm (its largest singular value), estimated by n_power_iterations steps of the power iteration at each use in training mode (the vectors kept as the buffers _u and _v of the parametrization, 15 steps at registration); dim (default 0, 1 for the transposed convolutions) is the output dimension. Returns module.",
		func(a *lang.Args) (lang.Value, error) {
			mv, name, iters, eps := a.Value("module"), a.Str("name"), a.Int("n_power_iterations"), a.Float("eps")
			dim := optionalDim(a, "dim")
			if err := a.Err(); err != nil {
				return nil, err
			}
			w, err := parametrizedTensor(mv, name)
			if err != nil {
				return nil, err
			}
			d := 0
			if dim != nil {
				d = *dim
			} else if m, ok := asModule(mv); ok {
				switch nn.Unwrap(m).TypeName() {
				case "ConvTranspose1d", "ConvTranspose2d", "ConvTranspose3d":
					d = 1
				}
			}
			s, err := newSpectralNormParam(w, iters, d, eps)
			if err != nil {
				return nil, err
			}
			return a.Call(registerParametrizationFn, mv, name, newLayer(s))
		})
	for _, name := range []string{"_Orthogonal", "_SpectralNorm"} {
		qualified := "torch.nn.utils.parametrizations." + name
		nnClassNames[name] = qualified
		lang.RegisterSubclass(qualified, nnModuleClassName)
	}
	attrs := map[string]lang.Value{orthogonal.Name: orthogonal, spectral.Name: spectral}
	lang.RegisterModule("torch.nn.utils.parametrizations", "orthogonal and spectral_norm as parametrizations (torch.nn.utils.parametrize): the tensor's original and the parametrization's state live in module.parametrizations.", func() *lang.Module {
		return &lang.Module{Attrs: attrs}
	})
}
