package torch

import (
	_ "embed"

	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/abc"         // its base class is an ABC
	_ "github.com/kael-dev/kael/lang/lib/collections" // collections.abc.Iterable
	_ "github.com/kael-dev/kael/lang/lib/numbers"     // amounts are numbers.Real
)

// torch.nn.utils.prune is Python (nn_prune.py) over kael's module
// registry views (_parameters, _buffers) and forward pre-hooks.

//go:embed nn_prune.py
var pruneSource string

// defPrune registers the module.
func defPrune() {
	lang.RegisterSourceModule("torch.nn.utils.prune", "Pruning a module's tensors by masks: l1_unstructured, random_unstructured, ln_structured, random_structured, global_unstructured, custom_from_mask, identity, remove, is_pruned, and the method classes (BasePruningMethod, PruningContainer, L1Unstructured, ...) to derive new ones from.", pruneSource)
}
