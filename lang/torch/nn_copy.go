package torch

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/nn"
	"github.com/kael-dev/kael/tensor"
)

// copy.copy of modules: Module.__copy__, as Python's shallow copy of a
// PyTorch module: a new module of the same class and settings whose
// parameters, buffers, submodules and other attributes are the very
// objects the original holds. One difference from PyTorch is deliberate:
// there the copy shares the registry dicts themselves (_parameters,
// _modules), so registering a new parameter on the copy registers it on
// the original too; kael's copy has a registry of its own holding the
// same objects.

// sameTensor and sameModule are the copiers of a shallow copy.
func sameTensor(t *tensor.Tensor) (*tensor.Tensor, error) { return t, nil }
func sameModule(m nn.Module) (nn.Module, error)           { return m, nil }

// layerCopy is a built-in layer's __copy__ (copy.copy).
var layerCopy = lang.NewBuiltin(lang.AsValue, "__copy__(self)", "A shallow copy of the layer: a new layer with the same settings whose parameters, buffers and submodules are the original's own objects.", func(a *lang.Args) (lang.Value, error) {
	l := a.Value("self").(*Layer)
	return nn.DeepCopyWith(l, sameTensor, sameModule)
})

// userModuleCopy is copy.copy of an instance of a user's module class: a
// new instance of the class holding the original's attributes,
// parameters, buffers and submodules. A class that defines __copy__
// itself overrides this one.
var userModuleCopy = lang.NewBuiltin(lang.AsValue, "__copy__(self)", "A shallow copy of the module: a new instance of its class holding the original's attributes, parameters, buffers and submodules.", func(a *lang.Args) (lang.Value, error) {
	x := a.Value("self").(*lang.Instance)
	src := x.Native().(*userModule)
	out := lang.NewInstance(x.Class(), nil)
	dst := &userModule{inst: out, initialized: src.initialized}
	out.SetNative(dst)
	if src.layer != nil {
		c, err := nn.DeepCopyWith(src.layer, sameTensor, sameModule)
		if err != nil {
			return nil, err
		}
		dst.layer = c.(*Layer)
	} else if err := src.base.CopyTo(&dst.base, sameTensor, sameModule); err != nil {
		return nil, err
	}
	own := x.Dict()
	for _, k := range own.Keys() {
		v, _, _ := own.Get(k)
		out.SetOwn(k.(string), v)
	}
	return out, nil
}).BindingSelf()
