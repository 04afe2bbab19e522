// Package torch is kael's torch: the functions of torch and the tensor
// methods, torch.nn (the layers, the containers, nn.functional, nn.init
// and subclassing nn.Module), torch.optim, torch.autograd (Function,
// gradcheck), torch.linalg, torch.utils.data, devices, and torch.save and
// torch.load. It registers them with package lang in its init functions,
// as any library does (docs/adr/0006-engine-and-libraries.md); a program
// links it in by importing it, or lang/std, which imports it:
//
//	import _ "github.com/kael-dev/kael/lang/torch"
package torch

import (
	"maps"
	"slices"

	"github.com/kael-dev/kael/lang"
)

// sortedKeys returns the keys of m, sorted.
func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }

// defMethod registers a method of the values whose type is typeName; self
// is its first parameter.
func defMethod(typeName, sig, doc string, fn func(a *lang.Args) (lang.Value, error)) {
	lang.RegisterTypeMethod(typeName, lang.NewBuiltin(lang.AsValue, sig, doc, fn))
}

func init() {
	lang.RegisterMethodTable("Generator", generatorMethods)
	lang.RegisterMethodTable("Optimizer", optimizerMethods)
	lang.RegisterMethodTable("Module", moduleMethods)
	lang.RegisterMethodTable("Sequential", listMethods)
	lang.RegisterMethodTable("ModuleDict", dictMethods)
}
