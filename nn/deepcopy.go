package nn

import (
	"reflect"
	"slices"
	"sync/atomic"

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
	out, err := DeepCopyWith(m, c.tensor, c.module)
	if err != nil {
		return nil, err
	}
	c.modules[m] = out
	return out, nil
}

// DeepCopyWith copies m itself as DeepCopy does (its settings and
// training flag; a Wrapper's module inside a new wrapper) and takes the
// copies of its parameters, buffers and submodules from copyTensor and
// copyModule, which keep the memo: DeepCopy's own, or the language's
// copy.deepcopy memo, so that a module copied among other values shares
// their copies.
func DeepCopyWith(m Module, copyTensor func(*tensor.Tensor) (*tensor.Tensor, error), copyModule func(Module) (Module, error)) (Module, error) {
	if w, ok := m.(Wrapper); ok {
		inner, err := DeepCopyWith(w.Unwrap(), copyTensor, copyModule)
		if err != nil {
			return nil, err
		}
		return w.Rewrap(inner), nil
	}
	if sc, ok := m.(SettingsCopier); ok {
		out := sc.CopySettings()
		if err := m.Base().CopyTo(out.Base(), copyTensor, copyModule); err != nil {
			return nil, err
		}
		return out, nil
	}
	v := reflect.ValueOf(m)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct || v.Elem().Type().PkgPath() != thisPackage {
		return nil, tensor.Errorf(tensor.TypeError, "cannot deep-copy the module %s", m.TypeName()).
			WithHint("kael copies modules built from torch.nn's layers")
	}
	cp := reflect.New(v.Elem().Type())
	cp.Elem().Set(v.Elem())
	out := cp.Interface().(Module)
	if err := m.Base().CopyTo(out.Base(), copyTensor, copyModule); err != nil {
		return nil, err
	}
	return out, nil
}

// SettingsCopier is a module of another package that DeepCopyWith can
// copy: CopySettings returns a module with m's settings, whose registry
// DeepCopyWith then fills with the copies of m's.
type SettingsCopier interface {
	CopySettings() Module
}

// thisPackage is the import path of package nn, whose module types
// DeepCopy copies field by field.
var thisPackage = reflect.TypeOf(Base{}).PkgPath()

// CopyTo makes dst a copy of b: its training flag, and its parameters,
// buffers (with their persistence) and submodules in their order, each
// through copyTensor or copyModule (which see nil for a slot holding
// None). What dst held before is dropped: dst may be a struct copy that
// still shares b's maps.
func (b *Base) CopyTo(dst *Base, copyTensor func(*tensor.Tensor) (*tensor.Tensor, error), copyModule func(Module) (Module, error)) error {
	src := *b
	*dst = Base{Training: src.Training, ClassPrefix: src.ClassPrefix}
	if len(src.deleted) > 0 {
		dst.deleted = slices.Clone(src.deleted)
		dst.missingRead = new(atomic.Pointer[string])
	}
	for _, name := range src.params.keys {
		t, err := copyTensor(src.params.vals[name])
		if err != nil {
			return err
		}
		dst.params.set(name, t)
	}
	for _, name := range src.buffers.keys {
		t, err := copyTensor(src.buffers.vals[name])
		if err != nil {
			return err
		}
		if src.nonPersistent[name] {
			dst.SetNonPersistentBuffer(name, t)
		} else {
			dst.SetBuffer(name, t)
		}
	}
	for _, name := range src.plain.keys {
		t := src.plain.vals[name]
		if recomputed(b, name) {
			t = t.Detach() // the copy's pre-hook makes its own from its registry
		}
		t, err := copyTensor(t)
		if err != nil {
			return err
		}
		dst.plain.set(name, t)
	}
	dst.preHooks = slices.Clone(src.preHooks)
	for _, name := range src.modules.keys {
		var m Module
		if sub := src.modules.vals[name]; sub != nil {
			var err error
			if m, err = copyModule(sub); err != nil {
				return err
			}
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
