package nn

import (
	"slices"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/tensor"
)

// torch.nn.utils.weight_norm and remove_weight_norm as PyTorch 1.13 has
// them (torch/nn/utils/weight_norm.py): the parameter name is replaced by
// the parameters name_g (its norm) and name_v (its direction), and a
// forward pre-hook recomputes name = torch._weight_norm(name_v, name_g,
// dim) before each call.

// NormExceptDim is torch.norm_except_dim(v, pow, dim): the pow-norm of v
// over every dimension but dim, shaped to broadcast against v (1 in every
// other dimension); dim -1 is the norm of the whole tensor, a scalar.
func NormExceptDim(v *tensor.Tensor, pow float64, dim int) (*tensor.Tensor, error) {
	c := &chain{}
	n := v.Dim()
	switch {
	case dim == -1:
		return autograd.Norm(v, pow, nil, false)
	case dim == 0:
		shape := slices.Repeat([]int{1}, n)
		shape[0] = v.Shape()[0]
		norm := c.norm(c.view(c.contiguous(v), v.Shape()[0], -1), pow, []int{1}, false)
		return c.view(norm, shape...), c.err
	case dim == n-1:
		shape := slices.Repeat([]int{1}, n)
		shape[n-1] = v.Shape()[n-1]
		norm := c.norm(c.view(c.contiguous(v), -1, v.Shape()[n-1]), pow, []int{0}, false)
		return c.view(norm, shape...), c.err
	}
	t := c.transpose(v, 0, dim)
	if c.err != nil {
		return nil, c.err
	}
	norm, err := NormExceptDim(t, pow, 0)
	if err != nil {
		return nil, err
	}
	return autograd.Transpose(norm, 0, dim)
}

// WeightNormOf is torch._weight_norm(v, g, dim): v · (g / ‖v‖) with the
// norm taken over every dimension but dim. For dim 0 and the last
// dimension PyTorch runs its fused kernel, whose node is
// WeightNormInterfaceBackward0.
func WeightNormOf(v, g *tensor.Tensor, dim int) (*tensor.Tensor, error) {
	f := func(in []*tensor.Tensor) (*tensor.Tensor, error) {
		c := &chain{}
		norm := c.do(func() (*tensor.Tensor, error) { return NormExceptDim(in[0], 2, dim) })
		return c.mul(in[0], c.div(in[1], norm)), c.err
	}
	if dim == 0 || dim == v.Dim()-1 {
		return autograd.Composite("WeightNormInterfaceBackward0", []*tensor.Tensor{v, g}, f)
	}
	return f([]*tensor.Tensor{v, g})
}

// WeightNorm is weight_norm's forward pre-hook on the parameter Name.
type WeightNorm struct {
	Name string
	Dim  int
}

// compute is the weight from name_g and name_v.
func (w *WeightNorm) compute(b *Base, typeName string) (*tensor.Tensor, error) {
	g, v := b.Parameter(w.Name+"_g"), b.Parameter(w.Name+"_v")
	for _, n := range []string{w.Name + "_g", w.Name + "_v"} {
		if b.Parameter(n) == nil {
			return nil, tensor.Errorf(tensor.AttributeError, "'%s' object has no attribute '%s'", typeName, n)
		}
	}
	return WeightNormOf(v, g, w.Dim)
}

// PreForward recomputes the weight.
func (w *WeightNorm) PreForward(b *Base) error {
	t, err := w.compute(b, "Module")
	if err != nil {
		return err
	}
	b.SetPlain(w.Name, t)
	return nil
}

// ApplyWeightNorm is weight_norm(m, name, dim) (dim -1 for dim=None).
func ApplyWeightNorm(m Module, name string, dim int) error {
	b := m.Base()
	for _, h := range b.PreHooks() {
		if w, ok := h.(*WeightNorm); ok && w.Name == name {
			return tensor.Errorf(tensor.RuntimeError, "Cannot register two weight_norm hooks on the same parameter %s", name)
		}
	}
	weight, err := registeredParameter(m, name)
	if err != nil {
		return err
	}
	var g *tensor.Tensor
	if g, err = NormExceptDim(weight, 2, dim); err != nil {
		return err
	}
	if g, err = NewParameter(g, true); err != nil {
		return err
	}
	v, err := NewParameter(weight, true)
	if err != nil {
		return err
	}
	b.Delete(name)
	b.SetParameter(name+"_g", g)
	b.SetParameter(name+"_v", v)
	w := &WeightNorm{Name: name, Dim: dim}
	if err := w.PreForward(b); err != nil {
		return err
	}
	b.AddPreHook(w)
	return nil
}

// RemoveWeightNorm is remove_weight_norm(m, name): the weight computed
// once more becomes the parameter name again (after the others).
func RemoveWeightNorm(m Module, name string) error {
	b := m.Base()
	for _, h := range b.PreHooks() {
		w, ok := h.(*WeightNorm)
		if !ok || w.Name != name {
			continue
		}
		weight, err := w.compute(b, m.TypeName())
		if err != nil {
			return err
		}
		b.RemovePreHook(h)
		b.Delete(name)
		b.Delete(name + "_g")
		b.Delete(name + "_v")
		p, err := NewParameter(weight, true)
		if err != nil {
			return err
		}
		b.SetParameter(name, p)
		return nil
	}
	return tensor.Errorf(tensor.ValueError, "weight_norm of '%s' not found in %s", name, Repr(m))
}

// registeredParameter is module._parameters[name]: a KeyError when name
// is not a parameter, a TypeError when it holds None.
func registeredParameter(m Module, name string) (*tensor.Tensor, error) {
	b := m.Base()
	if b.KindOf(name) != ParameterKind {
		if _, ok := b.Lookup(name); !ok {
			return nil, tensor.Errorf(tensor.AttributeError, "'%s' object has no attribute '%s'", m.TypeName(), name)
		}
		return nil, tensor.Errorf(tensor.KeyError, "'%s'", name)
	}
	p := b.Parameter(name)
	if p == nil {
		return nil, tensor.Errorf(tensor.TypeError, "the parameter '%s' of %s is None", name, m.TypeName())
	}
	return p, nil
}
