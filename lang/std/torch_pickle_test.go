package std

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestTorchFunctionsPickleByReference asks PyTorch what torch's functions
// say their module is, and checks that pickle writes them by reference
// and loads the same function again (torch.save of a dict holding F.gelu,
// a config naming its activation), F.relu's bytes those PyTorch writes.
func TestTorchFunctionsPickleByReference(t *testing.T) {
	prelude := "import torch, pickle, io\nimport torch.nn.functional as F\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"(torch.relu.__module__, F.relu.__module__, F.softmax.__module__, torch.zeros.__module__, torch.sum.__module__, torch.max.__module__, len.__module__)",
		"[getattr(torch, n).__module__ for n in ['absolute', 'clip', 'matmul', 'einsum', 'split', 'norm', 'meshgrid', 'tensordot', 'cdist', 'zeros_like', 'softmax']]",
		"[pickle.loads(pickle.dumps(f)) is f for f in (torch.einsum, torch.split, torch.absolute)]",
		"[pickle.loads(pickle.dumps(f)) is f for f in (torch.relu, F.relu, F.gelu, torch.sum, torch.tanh, len)]",
		"pickle.dumps(F.relu, protocol=4)",
		"b = io.BytesIO()\ntorch.save({'act': F.gelu, 'w': torch.ones(2)}, b)\nb.seek(0)\nd = torch.load(b)\n(d['act'] is F.gelu, d['w'])",
	})
}
