package torch

import (
	"maps"
	"slices"
	"strconv"
	"sync"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/nn"
	"github.com/kael-dev/kael/tensor"
)

// torch.nn.utils.parametrize as PyTorch 1.13 has it
// (torch/nn/utils/parametrize.py). register_parametrization(m, "weight",
// p) moves m.weight into m.parametrizations.weight.original (after p's
// right_inverse, when p has one), and from then on reading m.weight gives
// p(original), computed anew at each read and before each forward (a
// pre-hook puts it where the layer's forward reads its weight); assigning
// m.weight runs the right_inverses and writes original in place. The
// module's class becomes Parametrized<Class>, a subclass of its own.

// registerParametrizationFn is register_parametrization, which
// torch.nn.utils.parametrizations calls.
var registerParametrizationFn *lang.Builtin

// rightInverter is a built-in parametrization with a right_inverse.
type rightInverter interface {
	RightInverse(x *tensor.Tensor) (*tensor.Tensor, error)
}

// parametrizedPrefix is what the module's class name gets in front.
const parametrizedPrefix = "Parametrized"

// parametrizationsKey is the submodule (a ModuleDict of
// ParametrizationLists, one per parametrized tensor).
const parametrizationsKey = "parametrizations"

// parametrizeCache is parametrize.cached(): while one is entered, the
// value each ParametrizationList computes is kept and reused.
var parametrizeCache struct {
	sync.Mutex
	depth int
	vals  map[*nn.Container]*tensor.Tensor
}

// parametrizationDict returns m.parametrizations when m is parametrized.
func parametrizationDict(m nn.Module) (*nn.Container, bool) {
	b := m.Base()
	if b.ClassPrefix != parametrizedPrefix {
		return nil, false
	}
	c, ok := containerOf(b.Submodule(parametrizationsKey))
	return c, ok
}

// containerOf unwraps a container module (a Layer around nn.Container).
func containerOf(m nn.Module) (*nn.Container, bool) {
	if l, ok := m.(*Layer); ok {
		m = l.Module
	}
	c, ok := m.(*nn.Container)
	return c, ok
}

// parametrizationList returns m.parametrizations[name], if there is one.
func parametrizationList(m nn.Module, name string) (*nn.Container, bool) {
	d, ok := parametrizationDict(m)
	if !ok {
		return nil, false
	}
	return containerOf(d.Base().Submodule(name))
}

// originals are the list's original tensor, or original0, original1, ...
// when the right_inverse gave a sequence.
func originals(pl *nn.Container) []*tensor.Tensor {
	b := pl.Base()
	if v, ok := b.Lookup("original"); ok {
		t, _ := v.(*tensor.Tensor)
		return []*tensor.Tensor{t}
	}
	var out []*tensor.Tensor
	for i := 0; ; i++ {
		v, ok := b.Lookup("original" + strconv.Itoa(i))
		if !ok {
			return out
		}
		t, _ := v.(*tensor.Tensor)
		out = append(out, t)
	}
}

// callModule calls the module m (a parametrization) with args: a user's
// module through its session, a built-in layer through its forward.
func callModule(m nn.Module, args ...lang.Value) (lang.Value, error) {
	if um, ok := m.(*userModule); ok {
		return um.inst.Session().CallHook(um.inst, args...)
	}
	f, ok := m.(interface {
		Forward(*tensor.Tensor) (*tensor.Tensor, error)
	})
	if l, isLayer := m.(*Layer); isLayer {
		f, ok = l.Module.(interface {
			Forward(*tensor.Tensor) (*tensor.Tensor, error)
		})
	}
	if !ok || len(args) != 1 {
		return nil, lang.Errorf(lang.TypeError, "kael cannot call %s as a parametrization here", m.TypeName())
	}
	x, isT := args[0].(*tensor.Tensor)
	if !isT {
		return nil, lang.Errorf(lang.TypeError, "%s.forward() expects a Tensor, not %s", m.TypeName(), lang.TypeName(args[0]))
	}
	return f.Forward(x)
}

// callModuleMethod calls m.name(args...) on a user's module; ok is false when m
// has no such method.
func callModuleMethod(m nn.Module, name string, args ...lang.Value) (v lang.Value, ok bool, err error) {
	um, isUser := m.(*userModule)
	if !isUser {
		ri, has := nn.Unwrap(m).(rightInverter)
		if !has || name != "right_inverse" || len(args) != 1 {
			return nil, false, nil
		}
		x, isT := args[0].(*tensor.Tensor)
		if !isT {
			return nil, true, lang.Errorf(lang.TypeError, "%s.right_inverse() expects a Tensor, not %s", m.TypeName(), lang.TypeName(args[0]))
		}
		t, err := ri.RightInverse(x)
		if err != nil {
			return nil, true, err
		}
		return t, true, nil
	}
	fn, err := lang.GetAttr(um.inst, name)
	if err != nil {
		return nil, false, nil
	}
	v, err = um.inst.Session().CallHook(fn, args...)
	return v, true, err
}

// parametrizedValue is ParametrizationList.forward: the first
// parametrization applied to the originals, then each next one to the
// result.
func parametrizedValue(pl *nn.Container) (*tensor.Tensor, error) {
	parametrizeCache.Lock()
	if parametrizeCache.depth > 0 {
		if t, ok := parametrizeCache.vals[pl]; ok {
			parametrizeCache.Unlock()
			return t, nil
		}
	}
	parametrizeCache.Unlock()
	orig := originals(pl)
	args := make([]lang.Value, len(orig))
	for i, t := range orig {
		args[i] = t
	}
	var x lang.Value
	for i, p := range pl.Items() {
		var err error
		if i == 0 {
			x, err = callModule(p, args...)
		} else {
			x, err = callModule(p, x)
		}
		if err != nil {
			return nil, err
		}
	}
	t, ok := x.(*tensor.Tensor)
	if !ok {
		return nil, lang.Errorf(lang.ValueError, "A parametrization must return a tensor. Got %s.", lang.TypeName(x))
	}
	parametrizeCache.Lock()
	if parametrizeCache.depth > 0 {
		parametrizeCache.vals[pl] = t
	}
	parametrizeCache.Unlock()
	return t, nil
}

// parametrizedAttr reads m.name for a parametrized name. An error of the
// parametrization is raised by the statement that read the attribute.
func parametrizedAttr(m nn.Module, name string) (lang.Value, bool) {
	pl, ok := parametrizationList(m, name)
	if !ok {
		return nil, false
	}
	t, err := parametrizedValue(pl)
	if err != nil {
		if s := sessionOf(m, pl); s != nil {
			s.HookFailed(err)
		}
		return lang.None, true
	}
	return t, true
}

// sessionOf finds a session to report an error in: the module's, or a
// parametrization's, when one is a user's class.
func sessionOf(m nn.Module, pl *nn.Container) *lang.Session {
	for _, x := range append([]nn.Module{m}, pl.Items()...) {
		if um, ok := x.(*userModule); ok {
			return um.inst.Session()
		}
	}
	return nil
}

// parametrizeHook is the forward pre-hook of a parametrized module: it
// computes each parametrized tensor where the layer's forward reads it.
type parametrizeHook struct{}

// PreForward computes the tensors.
func (parametrizeHook) PreForward(b *nn.Base) error {
	d, ok := containerOf(b.Submodule(parametrizationsKey))
	if !ok {
		return nil
	}
	for _, name := range d.Keys() {
		pl, ok := containerOf(d.Base().Submodule(name))
		if !ok {
			continue
		}
		t, err := parametrizedValue(pl)
		if err != nil {
			return err
		}
		b.SetPlain(name, t)
	}
	return nil
}

// Recomputes reports whether name is parametrized.
func (parametrizeHook) Recomputes(b *nn.Base, name string) bool {
	d, ok := containerOf(b.Submodule(parametrizationsKey))
	if !ok {
		return false
	}
	_, ok = d.Base().Lookup(name)
	return ok
}

// setParametrized is m.name = value for a parametrized name:
// ParametrizationList.right_inverse, whose result replaces the original's
// data.
func setParametrized(pl *nn.Container, value lang.Value) error {
	err := autograd.NoGrad(func() error {
		items := pl.Items()
		for i := len(items) - 1; i >= 0; i-- {
			v, ok, err := callModuleMethod(items[i], "right_inverse", value)
			if err != nil {
				return err
			}
			if !ok {
				return lang.Errorf(lang.RuntimeError, "parametrization %s does not implement right_inverse.", items[i].TypeName())
			}
			value = v
		}
		return nil
	})
	if err != nil {
		return err
	}
	orig := originals(pl)
	if _, single := pl.Base().Lookup("original"); single {
		t, ok := value.(*tensor.Tensor)
		if !ok {
			return lang.Errorf(lang.ValueError, "`right_inverse` should return a tensor. Got %s", lang.TypeName(value))
		}
		if t.DType() != orig[0].DType() {
			return lang.Errorf(lang.ValueError, "The tensor returned by `right_inverse` has dtype %s while `original` has dtype %s", tensor.TorchName(t.DType()), tensor.TorchName(orig[0].DType()))
		}
		orig[0].SetData(t)
		return nil
	}
	elems, _, ok := lang.Sequence(value)
	if !ok {
		return lang.Errorf(lang.ValueError, "'right_inverse' must return a sequence of tensors. Got %s.", lang.TypeName(value))
	}
	if len(elems) != len(orig) {
		return lang.Errorf(lang.ValueError, "'right_inverse' must return a sequence of tensors of length %d. Got a sequence of length %d.", len(orig), len(elems))
	}
	for i, e := range elems {
		t, ok := e.(*tensor.Tensor)
		if !ok {
			return lang.Errorf(lang.ValueError, "`right_inverse` must return a sequence of tensors. Got element %d of type %s", i, lang.TypeName(e))
		}
		orig[i].SetData(t)
	}
	return nil
}

// registerParametrization is register_parametrization.
func registerParametrization(a *lang.Args) (lang.Value, error) {
	mv, name, pv, unsafe := a.Value("module"), a.Str("tensor_name"), a.Value("parametrization"), a.Bool("unsafe")
	if err := a.Err(); err != nil {
		return nil, err
	}
	m, ok := asModule(mv)
	if !ok {
		return nil, lang.Errorf(lang.AttributeError, "'%s' object has no attribute 'parametrizations'", lang.TypeName(mv))
	}
	p, ok := asModule(pv)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "%s is not a Module subclass", lang.TypeName(pv))
	}
	b := m.Base()
	if pl, ok := parametrizationList(m, name); ok {
		if !unsafe {
			y, _ := parametrizedValue(pl)
			x, err := callModule(p, y)
			if err != nil {
				return nil, err
			}
			if err := checkParametrized(x, y); err != nil {
				return nil, err
			}
		}
		pl.Append(p)
		return mv, nil
	}
	kind := b.KindOf(name)
	if kind != nn.ParameterKind && kind != nn.BufferKind {
		return nil, lang.Errorf(lang.ValueError, "Module '%s' does not have a parameter, a buffer, or a parametrized element with name '%s'", nn.Repr(m), name)
	}
	orig := b.Parameter(name)
	if kind == nn.BufferKind {
		orig = b.Buffer(name)
	}
	if orig == nil {
		return nil, lang.Errorf(lang.ValueError, "Module '%s' does not have a parameter, a buffer, or a parametrized element with name '%s'", nn.Repr(m), name)
	}
	pl := nn.NewParametrizationList(p)
	var inv lang.Value = orig
	err := autograd.NoGrad(func() error {
		v, ok, err := callModuleMethod(p, "right_inverse", orig)
		if ok && err == nil {
			inv = v
		}
		if err != nil && lang.ToError(err).Kind == NotImplementedError {
			return nil // PyTorch takes the right_inverse as the identity then
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	register := func(key string, t *tensor.Tensor) {
		if kind == nn.ParameterKind {
			pl.Base().SetParameter(key, t)
		} else {
			pl.Base().SetBuffer(key, t)
		}
	}
	shape, dtype := slices.Clone(orig.Shape()), orig.DType()
	if t, ok := inv.(*tensor.Tensor); ok {
		if t.DType() != orig.DType() {
			return nil, lang.Errorf(lang.ValueError, "When `right_inverse` outputs one tensor, it may not change the dtype.\noriginal.dtype: %s\nright_inverse(original).dtype: %s", tensor.TorchName(orig.DType()), tensor.TorchName(t.DType()))
		}
		if t != orig {
			orig.SetData(t)
		}
		register("original", orig)
	} else {
		elems, _, ok := lang.Sequence(inv)
		if !ok {
			return nil, lang.Errorf(lang.ValueError, "'right_inverse' must return a Tensor or a Sequence of tensors (list, tuple...). Got %s", lang.TypeName(inv))
		}
		for i, e := range elems {
			t, ok := e.(*tensor.Tensor)
			if !ok {
				return nil, lang.Errorf(lang.ValueError, "'right_inverse' must return a Tensor or a Sequence of tensors (list, tuple...). Got element %d of the sequence with type %s.", i, lang.TypeName(e))
			}
			if kind == nn.ParameterKind {
				if t, err = nn.NewParameter(t.Detach(), orig.RequiresGrad()); err != nil {
					return nil, err
				}
			}
			register("original"+strconv.Itoa(i), t)
		}
	}
	if !unsafe {
		z, err := parametrizedValue(pl)
		if err != nil {
			return nil, err
		}
		if !slices.Equal(z.Shape(), shape) || z.DType() != dtype {
			like, err := tensor.Zeros(dtype, shape...)
			if err != nil {
				return nil, err
			}
			return nil, checkParametrized(z, like)
		}
	}
	d, ok := parametrizationDict(m)
	if !ok {
		d = nn.NewModuleDict()
		b.ClassPrefix = parametrizedPrefix
		b.SetModule(parametrizationsKey, newLayer(d))
		b.AddPreHook(parametrizeHook{})
	}
	b.Delete(name)
	d.Base().SetModule(name, newLayer(pl))
	if t, err := parametrizedValue(pl); err == nil {
		b.SetPlain(name, t) // where the layer's forward and repr look
	}
	return mv, nil
}

// checkParametrized checks that a parametrization keeps the dtype and
// shape of the tensor, as PyTorch does unless unsafe=True.
func checkParametrized(x lang.Value, y *tensor.Tensor) error {
	t, ok := x.(*tensor.Tensor)
	if !ok {
		return lang.Errorf(lang.ValueError, "A parametrization must return a tensor. Got %s.", lang.TypeName(x))
	}
	if t.DType() != y.DType() {
		return lang.Errorf(lang.ValueError, "Registering a parametrization may not change the dtype of the tensor, unless `unsafe` flag is enabled.\nunparametrized dtype: %s\nparametrized dtype: %s", tensor.TorchName(y.DType()), tensor.TorchName(t.DType()))
	}
	if !slices.Equal(t.Shape(), y.Shape()) {
		return lang.Errorf(lang.ValueError, "Registering a parametrization may not change the shape of the tensor, unless `unsafe` flag is enabled.\nunparametrized shape: %s\nparametrized shape: %s", sizeText(y.Shape()), sizeText(t.Shape()))
	}
	return nil
}

// sizeText is torch.Size's repr.
func sizeText(shape []int) string {
	s := "torch.Size(["
	for i, n := range shape {
		if i > 0 {
			s += ", "
		}
		s += strconv.Itoa(n)
	}
	return s + "])"
}

// isParametrized is is_parametrized(module, tensor_name=None).
func isParametrized(m nn.Module, name string, any bool) bool {
	d, ok := parametrizationDict(m)
	if !ok {
		return false
	}
	if any {
		return d.Len() > 0
	}
	_, ok = d.Base().Lookup(name)
	return ok
}

// removeParametrizations is remove_parametrizations.
func removeParametrizations(a *lang.Args) (lang.Value, error) {
	mv, name, leave := a.Value("module"), a.Str("tensor_name"), a.Bool("leave_parametrized")
	if err := a.Err(); err != nil {
		return nil, err
	}
	m, ok := asModule(mv)
	pl, has := parametrizationList(m, name)
	if !ok || !has {
		return nil, lang.Errorf(lang.ValueError, "Module %s does not have a parametrization on %s", lang.Str(mv), name)
	}
	b := m.Base()
	_, single := pl.Base().Lookup("original")
	orig := originals(pl)[0]
	switch {
	case single && leave:
		t, err := parametrizedValue(pl)
		if err != nil {
			return nil, err
		}
		orig.SetData(t.Detach())
	case leave:
		t, err := parametrizedValue(pl)
		if err != nil {
			return nil, err
		}
		if orig, err = t.Detach(), nil; t.RequiresGrad() {
			if orig, err = nn.NewParameter(t.Detach(), true); err != nil {
				return nil, err
			}
		}
	case !single:
		return nil, lang.Errorf(lang.ValueError, "Cannot leave unparametrized (`leave_parametrized=False`) a tensor that is parametrized in terms of a sequence of tensors.")
	}
	d, _ := parametrizationDict(m)
	buffer := pl.Base().KindOf("original") == nn.BufferKind
	d.Base().Delete(name)
	b.Delete(name) // the plain tensor the pre-hook set
	if buffer {
		b.SetBuffer(name, orig)
	} else {
		b.SetParameter(name, orig)
	}
	if d.Len() == 0 {
		b.Delete(parametrizationsKey)
		b.ClassPrefix = ""
		for _, h := range b.PreHooks() {
			if _, ok := h.(parametrizeHook); ok {
				b.RemovePreHook(h)
			}
		}
	}
	return mv, nil
}

// typeBeforeParametrizations is type_before_parametrizations(module).
func typeBeforeParametrizations(a *lang.Args) (lang.Value, error) {
	mv := a.Value("module")
	m, ok := asModule(mv)
	if !ok || m.Base().ClassPrefix == "" {
		return lang.TypeOf(mv), nil
	}
	prefix := m.Base().ClassPrefix
	m.Base().ClassPrefix = ""
	t := lang.TypeOf(mv)
	m.Base().ClassPrefix = prefix
	return t, nil
}

func defParametrize() {
	for _, name := range slices.Sorted(maps.Keys(nnClassNames)) {
		q := nnClassNames[name]
		if name == "Module" {
			continue
		}
		pq := "torch.nn.utils.parametrize." + parametrizedPrefix + name
		nnClassNames[parametrizedPrefix+name] = pq
		lang.RegisterSubclass(pq, q)
	}
	nnClassNames["ParametrizationList"] = "torch.nn.utils.parametrize.ParametrizationList"
	lang.RegisterSubclass("torch.nn.utils.parametrize.ParametrizationList", nnClassNames["ModuleList"])
	registerParametrizationFn = lang.NewBuiltin(lang.AsValue, "register_parametrization(module, tensor_name, parametrization, *, unsafe=False)",
		"Parametrizes module.tensor_name by the module parametrization: the tensor moves to module.parametrizations[tensor_name].original (after parametrization.right_inverse, when it has one) and reading module.tensor_name gives parametrization(original), recomputed at each read and before each forward; a second call on the same name chains another parametrization. The module's class becomes Parametrized<Class>. unsafe=False checks that the parametrization keeps the dtype and shape. Returns module.",
		registerParametrization)
	remove := lang.NewBuiltin(lang.AsValue, "remove_parametrizations(module, tensor_name, leave_parametrized=True)",
		"Undoes register_parametrization on tensor_name: the tensor becomes a parameter (or buffer) again, holding the parametrized value (leave_parametrized=True, in the original's own tensor) or the original; the last one removed restores the class. Returns module.",
		removeParametrizations)
	isP := lang.NewBuiltin(lang.AsValue, "is_parametrized(module, tensor_name=None)",
		"Whether module has a parametrization on tensor_name (on any tensor when None).",
		func(a *lang.Args) (lang.Value, error) {
			m, ok := asModule(a.Value("module"))
			if !ok {
				return false, nil
			}
			if a.IsNone("tensor_name") {
				return isParametrized(m, "", true), nil
			}
			return isParametrized(m, a.Str("tensor_name"), false), a.Err()
		})
	cached := lang.NewBuiltin(lang.AsValue, "cached()",
		"A context manager inside which each parametrized tensor is computed once, at its first read, and reused.",
		func(a *lang.Args) (lang.Value, error) {
			return &lang.ContextManager{Name: "cached",
				Enter: func() error {
					parametrizeCache.Lock()
					defer parametrizeCache.Unlock()
					if parametrizeCache.depth == 0 {
						parametrizeCache.vals = map[*nn.Container]*tensor.Tensor{}
					}
					parametrizeCache.depth++
					return nil
				},
				Exit: func() {
					parametrizeCache.Lock()
					defer parametrizeCache.Unlock()
					if parametrizeCache.depth--; parametrizeCache.depth == 0 {
						parametrizeCache.vals = nil
					}
				}}, nil
		})
	before := lang.NewBuiltin(lang.AsValue, "type_before_parametrizations(module)",
		"The class of module before it was parametrized (its class when it is not).",
		typeBeforeParametrizations)
	attrs := map[string]lang.Value{}
	for _, b := range []*lang.Builtin{registerParametrizationFn, remove, isP, cached, before} {
		attrs[b.Name] = b
	}
	lang.RegisterModule("torch.nn.utils.parametrize", "Parametrizations of a module's tensors: register_parametrization, remove_parametrizations, is_parametrized, cached and type_before_parametrizations.", func() *lang.Module {
		return &lang.Module{Attrs: attrs}
	})
}
