package torch

import (
	"sync"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/nn"
	"github.com/kael-dev/kael/tensor"
)

// User classes deriving from torch.nn.Module. An instance keeps a
// userModule in Instance.ext: the nn.Module package nn's tree functions
// walk (parameters(), state_dict(), repr, Sequential's forward). Attribute
// assignment goes through moduleSetAttr (a Parameter registers a
// parameter, a Module a submodule) and reads through moduleGetAttr
// (parameters, buffers, submodules, training, Module's methods), both in
// nn_module.go, after the instance's own attributes and its classes'.
// Calling the instance runs its forward with every argument.

// userModule is the nn.Module of an instance of a user's nn.Module class.
type userModule struct {
	inst *lang.Instance
	base nn.Base
	// layer is the built-in layer of a class deriving from one (class
	// MyLinear(nn.Linear)), made by super().__init__(...): its registry is
	// the instance's, and it gives the forward and extra repr the class
	// does not define. nil for a class deriving from nn.Module.
	layer *Layer
	// initialized is set by Module.__init__ (super().__init__()); as in
	// PyTorch, parameters and submodules cannot be assigned before.
	initialized bool
}

// Base returns the registry (the built-in layer's, for a class deriving
// from one).
func (m *userModule) Base() *nn.Base {
	if m.layer != nil {
		return m.layer.Base()
	}
	return &m.base
}

// Hypers are the built-in layer's hyper-parameters (lin.in_features).
func (m *userModule) Hypers() []nn.Hyper {
	if m.layer != nil {
		if h, ok := m.layer.Module.(nn.HasHypers); ok {
			return h.Hypers()
		}
	}
	return nil
}

// TypeName returns the class name, which repr shows.
func (m *userModule) TypeName() string { return m.inst.Class().Name }

// ExtraRepr calls the class's extra_repr, if it defines one.
func (m *userModule) ExtraRepr() string {
	if !m.inst.HasOwn("extra_repr") {
		if m.layer != nil {
			return m.layer.ExtraRepr()
		}
		return ""
	}
	s, _ := m.inst.TextOf("extra_repr")
	return s
}

// ReprOverride is the class's __repr__, for a user module inside another
// module's repr.
func (m *userModule) ReprOverride() (string, bool) {
	if !m.inst.HasOwn("__repr__") {
		return "", false
	}
	return m.inst.TextOf("__repr__")
}

// Forward runs the class's forward on one tensor, as Sequential calls it.
func (m *userModule) Forward(x *tensor.Tensor) (*tensor.Tensor, error) {
	forward, err := forwardOf(m.inst)
	if err != nil {
		return nil, err
	}
	r, err := m.inst.Session().CallHook(forward, x)
	if err != nil {
		return nil, err
	}
	t, ok := r.(*tensor.Tensor)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "%s.forward returned %s where the container needs a tensor", m.inst.Class().Name, lang.TypeName(r))
	}
	return t, nil
}

// userModuleOf returns the module of an instance of a user's nn.Module
// class.
func userModuleOf(v lang.Value) (*userModule, bool) {
	x, ok := v.(*lang.Instance)
	if !ok {
		return nil, false
	}
	m, ok := x.Native().(*userModule)
	return m, ok
}

// asModule returns the nn.Module a value stands for: a built-in layer, or
// an instance of a user's nn.Module class.
func asModule(v lang.Value) (nn.Module, bool) {
	if m, ok := userModuleOf(v); ok {
		return m, true
	}
	if _, plain := v.(*lang.Instance); plain {
		return nil, false
	}
	m, ok := v.(nn.Module)
	return m, ok
}

// forwardOf returns the forward method of x, which net(...) calls with
// every argument: the class's, or the built-in layer's it derives from.
func forwardOf(x *lang.Instance) (lang.Value, error) {
	f, ok := x.Method("forward")
	if !ok {
		if m, isModule := x.Native().(*userModule); isModule && m.layer != nil {
			return &lang.BoundMethod{Recv: m.layer, Method: forwardMethod(m.layer)}, nil
		}
		name := x.Class().Name
		return nil, lang.Errorf(NotImplementedError, `Module [%s] is missing the required "forward" function`, name).
			WithHint("define forward(self, x) in class %s", name)
	}
	return f, nil
}

func defModuleBase() {
	lang.RegisterNativeBase(nnModuleClassName, nnModuleClass, moduleNativeBase("nn.Module", func(x *lang.Instance, pos []lang.Value, kwNames []string, kwVals []lang.Value) error {
		if len(kwNames) > 0 {
			return lang.Errorf(lang.TypeError, "Module.__init__() got an unexpected keyword argument '%s'", kwNames[0])
		}
		if len(pos) > 0 {
			return lang.Errorf(lang.TypeError, "Module.__init__() takes 1 positional argument but %d were given", len(pos)+1)
		}
		x.Native().(*userModule).initialized = true
		return nil
	}))
}

// defLayerBase makes the built-in layer class b (qualified name) a base a
// class statement may derive from: super().__init__(...) makes the layer
// with those arguments, whose parameters become the instance's, and
// super().forward(x) runs the layer's forward.
func defLayerBase(qualified string, b *lang.Builtin) {
	lang.RegisterNativeBase(qualified, b, moduleNativeBase(b.Name, func(x *lang.Instance, pos []lang.Value, kwNames []string, kwVals []lang.Value) error {
		v, err := x.Session().CallHookKw(b, pos, kwNames, kwVals)
		if err != nil {
			return err
		}
		m := x.Native().(*userModule)
		m.layer, m.initialized = v.(*Layer), true
		m.layer.class = x.Class().Name
		return nil
	}))
}

// moduleNativeBase is what nn.Module, or a built-in layer, adds to the
// classes deriving from it; init is its __init__.
func moduleNativeBase(name string, init func(x *lang.Instance, pos []lang.Value, kwNames []string, kwVals []lang.Value) error) *lang.NativeBase {
	return &lang.NativeBase{
		Name: name,
		New: func(x *lang.Instance) error {
			x.SetNative(&userModule{inst: x, base: nn.NewBase()})
			return nil
		},
		Init: init,
		Attr: func(x *lang.Instance, name string) (lang.Value, bool, error) {
			m := x.Native().(*userModule)
			v, ok := moduleGetAttr(m, name)
			if bm, isMethod := v.(*lang.BoundMethod); isMethod {
				v = &lang.BoundMethod{Recv: bm.Recv, Method: returningInstance(bm.Method)}
			}
			if ok || m.layer == nil {
				return v, ok, nil
			}
			for _, h := range m.Hypers() {
				if h.Name == name {
					return hyperValue(h.Value), true, nil
				}
			}
			if name == "forward" {
				return &lang.BoundMethod{Recv: m.layer, Method: forwardMethod(m.layer)}, true, nil
			}
			if v, ok := layerStatic(m.layer, name); ok {
				return v, true, nil
			}
			return nil, false, nil
		},
		SetAttr: func(x *lang.Instance, name string, v lang.Value) (bool, error) {
			m := x.Native().(*userModule)
			if sub, ok := asModule(v); ok {
				v = sub
			}
			if !m.initialized {
				t, isT := v.(*tensor.Tensor)
				if _, isMod := v.(nn.Module); isMod || isT && nn.IsParameter(t) {
					what := "module"
					if isT {
						what = "parameters"
					}
					return true, lang.Errorf(lang.AttributeError, "cannot assign %s before Module.__init__() call", what).
						WithHint("call super().__init__() first in %s.__init__", x.Class().Name)
				}
			}
			handled, err := moduleSetAttr(m, name, v)
			if handled && err == nil {
				x.DeleteOwn(name)
			}
			return handled, err
		},
		DelAttr: func(x *lang.Instance, name string) (func() error, error) {
			b := x.Native().(*userModule).Base()
			if _, registered := b.Lookup(name); !registered {
				return nil, nil
			}
			return func() error { b.Delete(name); return nil }, nil
		},
		Call: func(t lang.Thread, x *lang.Instance, pos []lang.Value, kwNames []string, kwVals []lang.Value) (lang.Value, bool, error) {
			forward, err := forwardOf(x)
			if err != nil {
				return nil, true, err
			}
			m := x.Native().(*userModule)
			if err := nn.RunPreHooks(m); err != nil {
				return nil, true, err
			}
			if h := activeHooks(m); h != nil {
				call := func(fn lang.Value, args ...lang.Value) (lang.Value, error) { return t.Call(fn, args, nil, nil) }
				v, err := h.run(call, x, pos, func(args lang.Tuple) (lang.Value, error) { return t.Call(forward, args, kwNames, kwVals) })
				return v, true, err
			}
			v, err := t.Call(forward, pos, kwNames, kwVals)
			return v, true, err
		},
		Repr:    func(x *lang.Instance) (string, bool) { return nn.Repr(x.Native().(*userModule)), true },
		Methods: moduleBaseMethods,
		Names: func(x *lang.Instance) []string {
			m := x.Native().(*userModule)
			names := moduleAttrNames(m)
			for _, h := range m.Hypers() {
				names = append(names, h.Name)
			}
			return names
		},
	}
}

// moduleBaseMethods are the methods every module base adds, one map
// that the bases of nn.Module and of each built-in layer share (no base
// changes it).
var moduleBaseMethods = map[string]lang.Value{"__deepcopy__": userModuleDeepCopy, "__copy__": userModuleCopy}

// instanceReturning caches returningInstance's builtins (*Builtin to
// *Builtin); sessions may run concurrently.
var instanceReturning sync.Map

// returningInstance wraps a method of nn.Module so that a user module it
// returns (net.train(), net.to(device) return self) comes back as its
// instance.
func returningInstance(b *lang.Builtin) *lang.Builtin {
	if w, ok := instanceReturning.Load(b); ok {
		return w.(*lang.Builtin)
	}
	inner := b.Fn()
	w := b.WithFn(func(a *lang.Args) (lang.Value, error) {
		v, err := inner(a)
		if m, ok := v.(*userModule); ok {
			v = m.inst
		}
		return v, err
	})
	actual, _ := instanceReturning.LoadOrStore(b, w)
	return actual.(*lang.Builtin)
}

// userModuleDeepCopy is copy.deepcopy of an instance of a user's module
// class, as Python copies a PyTorch module (its __dict__, the registry
// included, through one memo): a new instance of the class whose
// attributes, parameters, buffers and submodules are deep copies, a value
// met twice (a tensor both an attribute and a parameter, a shared
// submodule) copied once. A class that defines __deepcopy__ itself
// overrides this one.
var userModuleDeepCopy = lang.NewBuiltin(lang.AsValue, "__deepcopy__(self, memo=None)", "A deep copy of the module: a new instance of its class with copies of its attributes, parameters (still parameters, without gradients), buffers and submodules.", func(a *lang.Args) (lang.Value, error) {
	x := a.Value("self").(*lang.Instance)
	src := x.Native().(*userModule)
	memo := deepCopyMemo(a)
	out := lang.NewInstance(x.Class(), nil)
	dst := &userModule{inst: out, initialized: src.initialized}
	out.SetNative(dst)
	_ = memo.Dict().Set(lang.ID(x), out)
	if src.layer != nil {
		c, err := memo.DeepCopy(a, src.layer)
		if err != nil {
			return nil, err
		}
		dst.layer = c.(*Layer)
	} else {
		copyTensor, copyModule := memoCopiers(a, memo)
		if err := src.base.CopyTo(&dst.base, copyTensor, copyModule); err != nil {
			return nil, err
		}
	}
	own := x.Dict()
	for _, k := range own.Keys() {
		v, _, _ := own.Get(k)
		c, err := memo.DeepCopy(a, v)
		if err != nil {
			return nil, err
		}
		out.SetOwn(k.(string), c)
	}
	return out, nil
}).BindingSelf()
