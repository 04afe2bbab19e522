package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestTypesModuleMatchesTorch checks torch.types against PyTorch 1.13's:
// each alias and class prints the same, the typing forms are typing's
// own, annotations made of them print the same, and Storage's protocol
// methods return None.
func TestTypesModuleMatchesTorch(t *testing.T) {
	prelude := "import torch, typing\nimport torch.types as t\n"
	srcs := []string{
		"[(n, repr(getattr(t, n))) for n in dir(t) if not n.startswith('__') and n not in ('torch', 'builtins', '_qscheme', '_dispatchkey')]",
		"t.Union is typing.Union, t.Any is typing.Any, t.Tuple is typing.Tuple, t._int is int, t._dtype is torch.dtype, t._device is torch.device, t._layout is torch.layout",
		"t.Number == typing.Union[int, float, bool], t._size == typing.Union[torch.Size, typing.List[int], typing.Tuple[int, ...]], isinstance(torch.float32, t._dtype)",
		"from torch.types import _size, Number, Device\ndef f(x: _size, d: Device = None) -> Number:\n    return 1\nf.__annotations__",
		"s = t.Storage()\ns.nbytes(), s.cpu(), s.from_file('x'), s.element_size(), type(s).__name__, type(s).__module__, t.SymInt.__module__",
		"from torch import types\ntypes is t, torch.types is t",
	}
	langtest.CheckMatchesTorch(t, prelude, srcs)
}
