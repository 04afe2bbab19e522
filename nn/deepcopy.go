package nn

import (
	"reflect"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/tensor"
)

// Wrapper is implemented by a module that stands for another: the
// language's value of a built-in layer, which adds the attributes a
// program sets to the layer of this package it holds.
type Wrapper interface {
	// Unwrap returns the module held.
	Unwrap() Module
	// Rewrap returns a wrapper like this one around inner (a copy of what
	// Unwrap returns).
	Rewrap(inner Module) Module
}

// Unwrap returns the module of this package that m stands for: m itself,
// or what a Wrapper holds.
func Unwrap(m Module) Module {
	for {
		w, ok := m.(Wrapper)
		if !ok {
			return m
		}
		m = w.Unwrap()
	}
}

// DeepCopy is copy.deepcopy of a module tree built from this package's
// layers, as PyTorch's _get_clones makes the layers of a
// TransformerEncoder: every module copied with its settings and training
// flag, every parameter and buffer copied into storage of its own (a
// parameter stays a parameter, with its requires_grad), and a tensor or
// module met twice (tied weights) copied once; as in PyTorch, a
// parameter's copy has no gradient, another tensor's keeps a copy of its
// gradient.
func DeepCopy(m Module) (Module, error) {
	c := copier{tensors: map[*tensor.Tensor]*tensor.Tensor{}, modules: map[Module]Module{}}
	return c.module(m)
}

type copier struct {
	tensors map[*tensor.Tensor]*tensor.Tensor
	modules map[Module]Module
}

func (c *copier) module(m Module) (Module, error) {
	if m == nil {
		return nil, nil
	}
	if done, ok := c.modules[m]; ok {
		return done, nil
	}
	var out Module
	if w, ok := m.(Wrapper); ok {
		inner, err := c.module(w.Unwrap())
		if err != nil {
			return nil, err
		}
		out = w.Rewrap(inner)
	} else {
		v := reflect.ValueOf(m)
		if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct || v.Elem().Type().PkgPath() != thisPackage {
			return nil, tensor.Errorf(tensor.TypeError, "cannot deep-copy the module %s", m.TypeName()).
				WithHint("kael copies modules built from torch.nn's layers")
		}
		cp := reflect.New(v.Elem().Type())
		cp.Elem().Set(v.Elem())
		out = cp.Interface().(Module)
		if err := c.base(out.Base(), m.Base()); err != nil {
			return nil, err
		}
	}
	c.modules[m] = out
	return out, nil
}

// thisPackage is the import path of package nn, whose module types
// DeepCopy copies field by field.
var thisPackage = reflect.TypeOf(Base{}).PkgPath()

// base fills dst, a struct copy's registry that still shares src's maps,
// with copies of src's entries in their order.
func (c *copier) base(dst, src *Base) error {
	*dst = Base{Training: src.Training}
	for _, name := range src.params.keys {
		t, err := c.tensor(src.params.vals[name])
		if err != nil {
			return err
		}
		dst.params.set(name, t)
	}
	for _, name := range src.buffers.keys {
		t, err := c.tensor(src.buffers.vals[name])
		if err != nil {
			return err
		}
		if src.nonPersistent[name] {
			dst.SetNonPersistentBuffer(name, t)
		} else {
			dst.SetBuffer(name, t)
		}
	}
	for _, name := range src.modules.keys {
		m, err := c.module(src.modules.vals[name])
		if err != nil {
			return err
		}
		dst.modules.set(name, m)
	}
	return nil
}

// tensor copies a parameter or buffer (nil stays nil).
func (c *copier) tensor(t *tensor.Tensor) (*tensor.Tensor, error) {
	if t == nil {
		return nil, nil
	}
	if done, ok := c.tensors[t]; ok {
		return done, nil
	}
	cp, err := t.Detach().Clone()
	if err != nil {
		return nil, err
	}
	if IsParameter(t) { // a parameter's copy has no gradient, as Parameter.__deepcopy__'s
		if cp, err = NewParameter(cp, t.RequiresGrad()); err != nil {
			return nil, err
		}
	} else if g := autograd.Grad(t); g != nil {
		gc, err := g.Detach().Clone()
		if err != nil {
			return nil, err
		}
		if err := autograd.SetGrad(cp, gc); err != nil {
			return nil, err
		}
	}
	c.tensors[t] = cp
	return cp, nil
}
