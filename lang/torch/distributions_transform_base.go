package torch

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// torch.distributions.transforms.Transform, the base a user's transform
// derives from (class MyTransform(Transform) with _call, _inverse,
// log_abs_det_jacobian, domain, codomain, bijective): calling it runs
// _call, as PyTorch 1.13's __call__ does without a cache; the methods a
// subclass must define raise NotImplementedError. A user's transform
// works in TransformedDistribution. The built-in transforms are its
// subclasses for isinstance.

const transformBaseName = transformModule + "Transform"

// transformBaseClass is Transform as a class.
var transformBaseClass = lang.NewBuiltin(lang.AsValue, "Transform(cache_size=0)", "The base class of transforms: derive from it and define _call(x), _inverse(y), log_abs_det_jacobian(x, y), and the class attributes domain, codomain and bijective; calling the transform runs _call.", func(a *lang.Args) (lang.Value, error) {
	return nil, lang.Errorf(lang.TypeError, "kael's Transform is a base class: derive a class from it and define _call")
})

// userTransformCall runs the method name of the user's transform x.
func userTransformCall(x *lang.Instance, name string, args ...lang.Value) (*tensor.Tensor, error) {
	var fn lang.Value = x // __call__: the instance itself
	if name != "__call__" {
		var err error
		if fn, err = lang.GetAttr(x, name); err != nil {
			return nil, err
		}
	}
	v, err := x.Session().CallHook(fn, args...)
	if err != nil {
		return nil, err
	}
	t, ok := v.(*tensor.Tensor)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "%s.%s returned %s, not a tensor", x.Class().Name, name, lang.TypeName(v))
	}
	return t, nil
}

func defTransformBase(mod *lang.Module, mods map[string]lang.Value) {
	notImplemented := func(sig, doc string) *lang.Builtin {
		return lang.NewBuiltin(lang.AsValue, sig, doc, func(a *lang.Args) (lang.Value, error) {
			return nil, lang.Errorf(NotImplementedError, "")
		}).BindingSelf()
	}
	methods := map[string]lang.Value{
		"_call":                notImplemented("_call(self, x)", "The transform's map: a subclass defines it."),
		"_inverse":             notImplemented("_inverse(self, y)", "The inverse map: a subclass defines it."),
		"log_abs_det_jacobian": notImplemented("log_abs_det_jacobian(self, x, y)", "log |dy/dx|: a subclass defines it."),
		"forward_shape": lang.NewBuiltin(lang.AsValue, "forward_shape(self, shape)", "The shape of the output for an input of shape shape: the same.", func(a *lang.Args) (lang.Value, error) {
			return a.Value("shape"), nil
		}).BindingSelf(),
		"inverse_shape": lang.NewBuiltin(lang.AsValue, "inverse_shape(self, shape)", "The shape of the input for an output of shape shape: the same.", func(a *lang.Args) (lang.Value, error) {
			return a.Value("shape"), nil
		}).BindingSelf(),
	}
	lang.RegisterNativeBase(transformBaseName, transformBaseClass, &lang.NativeBase{
		Name: "Transform",
		Init: func(x *lang.Instance, pos []lang.Value, kwNames []string, kwVals []lang.Value) error {
			size := lang.Value(int64(0))
			if len(pos) > 0 {
				size = pos[0]
			}
			for i, k := range kwNames {
				if k != "cache_size" {
					return lang.Errorf(lang.TypeError, "Transform.__init__() got an unexpected keyword argument '%s'", k)
				}
				size = kwVals[i]
			}
			n, ok := lang.AsInt(size)
			if !ok || n != 0 && n != 1 {
				return lang.Errorf(lang.ValueError, "cache_size must be 0 or 1")
			}
			x.SetOwn("_cache_size", n)
			return nil
		},
		Attr: func(x *lang.Instance, name string) (lang.Value, bool, error) {
			switch name {
			case "bijective":
				return false, true, nil
			case "sign":
				return nil, true, lang.Errorf(NotImplementedError, "")
			case "_cache_size":
				return int64(0), true, nil
			}
			return nil, false, nil
		},
		Call: func(t lang.Thread, x *lang.Instance, pos []lang.Value, kwNames []string, kwVals []lang.Value) (lang.Value, bool, error) {
			fn, err := lang.GetAttr(x, "_call")
			if err != nil {
				return nil, true, err
			}
			v, err := t.Call(fn, pos, kwNames, kwVals)
			return v, true, err
		},
		Methods: methods,
		Repr:    func(x *lang.Instance) (string, bool) { return x.Class().Name + "()", true },
	})
	lang.RegisterClassAttr(transformBaseClass, "bijective", false)
	mod.Attrs["Transform"] = transformBaseClass
	mods["Transform"] = transformBaseClass
	lang.RegisterSubclass(transformModule+"_InverseTransform", transformBaseName)
}

// userTransform wraps the user's transform x for TransformedDistribution.
func userTransform(v lang.Value) (*Transform, bool) {
	x, ok := v.(*lang.Instance)
	if !ok {
		return nil, false
	}
	if is, err := lang.IsInstance(x, transformBaseClass); err != nil || !is {
		return nil, false
	}
	return &Transform{kind: "user", user: x}, true
}
