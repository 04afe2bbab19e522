package torch

import (
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/nn"
	"github.com/kael-dev/kael/tensor"
)

// torch.nn.utils.stateless.functional_call and torch.nn.utils.init's
// skip_init, as PyTorch 1.13 has them.

// swap is one tensor functional_call puts in place of a module's for the
// call: restore undoes it.
type swap struct {
	base    *nn.Base
	name    string
	old     *tensor.Tensor
	kind    nn.Kind
	hadOld  bool
	oldTied bool
}

func (s swap) restore() {
	switch {
	case s.kind == nn.ParameterKind || s.kind == nn.BufferKind:
		s.base.Assign(s.name, s.old)
	case s.hadOld:
		s.base.SetPlain(s.name, s.old)
	default:
		s.base.Delete(s.name)
	}
}

// swapIn puts t in place of the tensor at the dotted path name under m.
func swapIn(m nn.Module, name string, t *tensor.Tensor) (swap, error) {
	parts := strings.Split(name, ".")
	for _, p := range parts[:len(parts)-1] {
		sub := m.Base().Submodule(p)
		if sub == nil {
			return swap{}, lang.Errorf(lang.AttributeError, "'%s' object has no attribute '%s'", m.TypeName(), p)
		}
		m = sub
	}
	b, leaf := m.Base(), parts[len(parts)-1]
	s := swap{base: b, name: leaf, kind: b.KindOf(leaf)}
	switch s.kind {
	case nn.ParameterKind:
		s.old = b.Parameter(leaf)
		b.Assign(leaf, t)
	case nn.BufferKind:
		s.old = b.Buffer(leaf)
		b.Assign(leaf, t)
	case nn.ModuleKind:
		return swap{}, lang.Errorf(lang.TypeError, "cannot assign '%s' as child module '%s' (torch.nn.Module or None expected)", torchTypename(t), leaf)
	default:
		s.old, s.hadOld = b.Plain(leaf)
		b.SetPlain(leaf, t)
	}
	return s, nil
}

func statelessUtils() *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, "functional_call(module, parameters_and_buffers, args, kwargs=None)", "Calls module with the tensors of the dict parameters_and_buffers (by dotted name, 'fc1.weight') in place of its own parameters and buffers, which come back afterwards: module(*args, **kwargs), args a tuple or one argument.", func(a *lang.Args) (lang.Value, error) {
		m, err := moduleArg(a.Value("module"), "functional_call")
		if err != nil {
			return nil, err
		}
		d, ok := a.Value("parameters_and_buffers").(*lang.Dict)
		if !ok {
			return nil, a.WrongType("parameters_and_buffers", "a dict", a.Value("parameters_and_buffers"))
		}
		var swaps []swap
		defer func() {
			for i := len(swaps) - 1; i >= 0; i-- {
				swaps[i].restore()
			}
		}()
		vals := d.Values()
		for i, k := range d.Keys() {
			name, ok := k.(string)
			if !ok {
				return nil, lang.Errorf(lang.TypeError, "parameters_and_buffers keys must be strings, not %s", lang.TypeName(k))
			}
			t, ok := vals[i].(*tensor.Tensor)
			if !ok {
				return nil, lang.Errorf(lang.TypeError, "parameters_and_buffers['%s'] must be a Tensor, not %s", name, lang.TypeName(vals[i]))
			}
			s, err := swapIn(m, name, t)
			if err != nil {
				return nil, err
			}
			swaps = append(swaps, s)
		}
		args, ok := a.Value("args").(lang.Tuple)
		if !ok {
			args = lang.Tuple{a.Value("args")}
		}
		var kwNames []string
		var kwVals []lang.Value
		if kw, ok := a.Value("kwargs").(*lang.Dict); ok {
			kvals := kw.Values()
			for i, k := range kw.Keys() {
				name, ok := k.(string)
				if !ok {
					return nil, lang.Errorf(lang.TypeError, "keywords must be strings")
				}
				kwNames, kwVals = append(kwNames, name), append(kwVals, kvals[i])
			}
		}
		return a.CallKw(a.Value("module"), args, kwNames, kwVals)
	})
}

// skipInit is skip_init(module_cls, *args, **kwargs): the module made
// without drawing from the default generator (PyTorch makes it on the
// meta device and then allocates it empty, so its values are arbitrary:
// here they are whatever the constructor set, and the generator's state
// is as before).
func skipInit() *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, "skip_init(module_cls, *args, **kwargs)", "Makes module_cls(*args, **kwargs) without initialising its parameters and buffers (their values are arbitrary, as after torch.empty) and without drawing random numbers; module_cls must take a device argument.", func(a *lang.Args) (lang.Value, error) {
		cls := a.Value("module_cls")
		b, isBuiltin := cls.(*lang.Builtin)
		isModule, err := lang.IsSubclass(cls, nnModuleClass)
		if err != nil {
			isModule = false
		}
		if !isModule {
			return nil, lang.Errorf(lang.RuntimeError, "Expected a Module; got %s", lang.Str(cls))
		}
		if isBuiltin && !b.HasParam("device") {
			return nil, lang.Errorf(lang.RuntimeError, "Module must support a 'device' arg to skip initialization")
		}
		names, vals := a.Keywords()
		return drawingNothing(func() (lang.Value, error) { return a.CallKw(cls, a.Value("args").(lang.Tuple), names, vals) })
	}).CollectKeywords()
}
