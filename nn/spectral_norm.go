package nn

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/tensor"
)

// torch.nn.utils.spectral_norm and remove_spectral_norm as PyTorch 1.13
// has them (torch/nn/utils/spectral_norm.py), step for step: the
// parameter name becomes name_orig, the buffers name_u and name_v hold
// the power iteration's vectors (drawn with normal_ at registration), and
// a forward pre-hook sets name = name_orig / σ before each call, running
// n_power_iterations steps first in training mode only.

// SpectralNorm is spectral_norm's forward pre-hook on the parameter Name.
type SpectralNorm struct {
	Name            string
	Dim             int
	PowerIterations int
	Eps             float64
}

// matrix is reshape_weight_to_matrix: dim moved first, the rest
// flattened.
func (s *SpectralNorm) matrix(w *tensor.Tensor) (*tensor.Tensor, error) {
	c := &chain{}
	if s.Dim != 0 {
		perm := []int{s.Dim}
		for d := range w.Dim() {
			if d != s.Dim {
				perm = append(perm, d)
			}
		}
		w = c.do(func() (*tensor.Tensor, error) { return autograd.Permute(w, perm...) })
	}
	if c.err != nil {
		return nil, c.err
	}
	return c.reshape(w, w.Shape()[0], -1), c.err
}

// compute is compute_weight: name_orig / σ, with σ = uᵀ W v; with power,
// u and v are first updated in place by the power iteration.
func (s *SpectralNorm) compute(b *Base, power bool) (*tensor.Tensor, error) {
	weight, u, v := b.Parameter(s.Name+"_orig"), b.Buffer(s.Name+"_u"), b.Buffer(s.Name+"_v")
	if weight == nil || u == nil || v == nil {
		return nil, tensor.Errorf(tensor.AttributeError, "spectral_norm of '%s' lost its parameter %s_orig or buffers %s_u, %s_v", s.Name, s.Name, s.Name, s.Name)
	}
	mat, err := s.matrix(weight)
	if err != nil {
		return nil, err
	}
	if power {
		err := autograd.NoGrad(func() error {
			for range s.PowerIterations {
				if err := s.step(v, mat.T(), u); err != nil {
					return err
				}
				if err := s.step(u, mat, v); err != nil {
					return err
				}
			}
			if s.PowerIterations > 0 {
				var err error
				if u, err = u.Clone(); err != nil {
					return err
				}
				v, err = v.Clone()
				return err
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	c := &chain{}
	sigma := c.do(func() (*tensor.Tensor, error) {
		mv, err := autograd.Matmul(mat, v)
		if err != nil {
			return nil, err
		}
		return autograd.Dot(u, mv)
	})
	return c.div(weight, sigma), c.err
}

// step is normalize(torch.mv(m, x), dim=0, eps=eps, out=dst).
func (s *SpectralNorm) step(dst, m, x *tensor.Tensor) error {
	mv, err := autograd.Matmul(m, x)
	if err != nil {
		return err
	}
	n, err := Normalize(mv, 2, 0, s.Eps)
	if err != nil {
		return err
	}
	return dst.CopyFrom(n)
}

// PreForward sets the weight, with the power iteration in training mode.
func (s *SpectralNorm) PreForward(b *Base) error {
	t, err := s.compute(b, b.Training)
	if err != nil {
		return err
	}
	b.SetPlain(s.Name, t)
	return nil
}

// ApplySpectralNorm is spectral_norm(m, name, n_power_iterations, eps,
// dim) with dim already resolved (PyTorch's None is 1 for the transposed
// convolutions, 0 otherwise). u and v are drawn from g (nil: the default
// generator), u first.
func ApplySpectralNorm(m Module, name string, iterations int, eps float64, dim int, g *tensor.Generator) error {
	b := m.Base()
	for _, h := range b.PreHooks() {
		if s, ok := h.(*SpectralNorm); ok && s.Name == name {
			return tensor.Errorf(tensor.RuntimeError, "Cannot register two spectral_norm hooks on the same parameter %s", name)
		}
	}
	if iterations <= 0 {
		return tensor.Errorf(tensor.ValueError, "Expected n_power_iterations to be positive, but got n_power_iterations=%d", iterations)
	}
	if b.KindOf(name) != ParameterKind || b.Parameter(name) == nil {
		return tensor.Errorf(tensor.KeyError, "'%s'", name)
	}
	weight := b.Parameter(name)
	if dim < 0 {
		dim += weight.Dim()
	}
	s := &SpectralNorm{Name: name, Dim: dim, PowerIterations: iterations, Eps: eps}
	var u, v *tensor.Tensor
	err := autograd.NoGrad(func() error {
		mat, err := s.matrix(weight)
		if err != nil {
			return err
		}
		draw := func(n int) (*tensor.Tensor, error) {
			t, err := tensor.Empty(weight.DType(), n)
			if err != nil {
				return nil, err
			}
			if err := tensor.FillNormal(t, 0, 1, g); err != nil {
				return nil, err
			}
			return Normalize(t, 2, 0, eps)
		}
		if u, err = draw(mat.Shape()[0]); err != nil {
			return err
		}
		v, err = draw(mat.Shape()[1])
		return err
	})
	if err != nil {
		return err
	}
	b.Delete(name)
	b.SetParameter(name+"_orig", weight)
	b.SetPlain(name, weight.Detach())
	b.SetBuffer(name+"_u", u)
	b.SetBuffer(name+"_v", v)
	b.AddPreHook(s)
	return nil
}

// RemoveSpectralNorm is remove_spectral_norm(m, name): the weight from
// the stored u and v becomes the parameter name again.
func RemoveSpectralNorm(m Module, name string) error {
	b := m.Base()
	for _, h := range b.PreHooks() {
		s, ok := h.(*SpectralNorm)
		if !ok || s.Name != name {
			continue
		}
		var weight *tensor.Tensor
		err := autograd.NoGrad(func() error {
			var err error
			weight, err = s.compute(b, false)
			return err
		})
		if err != nil {
			return err
		}
		b.RemovePreHook(h)
		for _, n := range []string{name, name + "_u", name + "_v", name + "_orig"} {
			b.Delete(n)
		}
		p, err := NewParameter(weight, true)
		if err != nil {
			return err
		}
		b.SetParameter(name, p)
		return nil
	}
	return tensor.Errorf(tensor.ValueError, "spectral_norm of '%s' not found in %s", name, Repr(m))
}
