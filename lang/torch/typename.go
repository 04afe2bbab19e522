package torch

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// torch.typename(obj), as PyTorch 1.13's torch/__init__.py: a tensor's
// type ('torch.FloatTensor'); otherwise the object's __module__ (unless
// builtins) and its __qualname__, __name__ or type name.
func defTypename() {
	lang.NewBuiltin(lang.AsFunc, "typename(o)", "The type of o as a string: a tensor's type() ('torch.FloatTensor'), else '<module>.<qualified name>' of o (its class's name for an instance), without the module for builtins.", func(a *lang.Args) (lang.Value, error) {
		o := a.Value("o")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if x, ok := o.(*tensor.Tensor); ok {
			return tensorTypeName(x), nil // as x.type()
		}
		module := ""
		if m, err := lang.GetAttr(o, "__module__"); err == nil {
			if s, ok := m.(string); ok && s != "builtins" && s != "__builtin__" {
				module = s + "."
			}
		}
		for _, attr := range []string{"__qualname__", "__name__"} {
			if n, err := lang.GetAttr(o, attr); err == nil {
				if s, ok := n.(string); ok {
					return module + s, nil
				}
			}
		}
		return module + lang.TypeName(o), nil
	})
}
