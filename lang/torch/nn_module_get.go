package torch

import (
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/nn"
	"github.com/kael-dev/kael/tensor"
)

// nn.Module's get_parameter and get_buffer, which find a tensor by its
// dotted name ('encoder.0.weight') as get_submodule finds a module, with
// PyTorch's errors, and its class attribute dump_patches.

// registeredAt returns the module at the dotted path of target's
// submodules and the last name of target.
func registeredAt(a *lang.Args, target string) (nn.Module, string, error) {
	path, name := "", target
	if i := strings.LastIndexByte(target, '.'); i >= 0 {
		path, name = target[:i], target[i+1:]
	}
	cur := selfModule(a)
	if path != "" {
		for _, part := range strings.Split(path, ".") {
			sub := cur.Base().Submodule(part)
			if sub == nil {
				return nil, "", lang.Errorf(lang.AttributeError, "%s has no attribute `%s`", cur.TypeName(), part)
			}
			cur = sub
		}
	}
	return cur, name, nil
}

// getRegistered is get_parameter (kind ParameterKind) or get_buffer.
func getRegistered(a *lang.Args, kind nn.Kind, what string) (lang.Value, error) {
	target := a.Str("target")
	if err := a.Err(); err != nil {
		return nil, err
	}
	m, name, err := registeredAt(a, target)
	if err != nil {
		return nil, err
	}
	v, err := lang.GetAttr(moduleValue(m), name)
	if err != nil {
		return nil, lang.Errorf(lang.AttributeError, "%s has no attribute `%s`", m.TypeName(), name)
	}
	if m.Base().KindOf(name) != kind {
		return nil, lang.Errorf(lang.AttributeError, "`%s` is not %s", name, what)
	}
	return v, nil
}

func defModuleGetters() {
	moduleMethods["get_parameter"] = lang.NewBuiltin(lang.AsValue, "get_parameter(self, target)", "The parameter at the dotted name target ('fc1.weight'): an AttributeError when a module on the way, or the name, is missing, or is not a parameter.", func(a *lang.Args) (lang.Value, error) {
		return getRegistered(a, nn.ParameterKind, "an nn.Parameter")
	})
	moduleMethods["get_buffer"] = lang.NewBuiltin(lang.AsValue, "get_buffer(self, target)", "The buffer at the dotted name target ('bn.running_mean'): an AttributeError when a module on the way, or the name, is missing, or is not a buffer.", func(a *lang.Args) (lang.Value, error) {
		return getRegistered(a, nn.BufferKind, "a buffer")
	})
}

// overridden returns m's bound method name when m is an instance of a
// Python class that defines it (get_extra_state, set_extra_state), as
// PyTorch checks getattr(self.__class__, name) is not Module's.
func overridden(m nn.Module, name string) (lang.Value, bool) {
	x, ok := moduleValue(m).(*lang.Instance)
	if !ok {
		return nil, false
	}
	f, err := lang.GetAttr(lang.TypeOf(x), name)
	if err != nil {
		return nil, false
	}
	if _, isPython := f.(*lang.Function); !isPython {
		return nil, false
	}
	bound, err := lang.GetAttr(x, name)
	return bound, err == nil
}

// walkExtraKeys calls fn with the key each module of the tree below root
// (root included) would keep its extra state under.
func walkExtraKeys(root nn.Module, fn func(key string)) {
	_ = nn.WalkStateDict(root, func(string, *tensor.Tensor) error { return nil }, func(_ nn.Module, key string) error {
		fn(key)
		return nil
	})
}
