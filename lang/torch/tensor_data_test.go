package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
	_ "github.com/kael-dev/kael/lang/lib/collections" // deque
)

// TestTensorFromSequencesMatchesTorch checks torch.tensor of sequences
// other than lists and tuples (a range, a deque, nested among lists), as
// PyTorch takes any sequence: found by pytorch/examples' REINFORCE, which
// makes its returns with torch.tensor(deque).
func TestTensorFromSequencesMatchesTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, "import torch\nimport collections\n", []string{
		"t = torch.tensor(collections.deque([1., 2.]))\nt, t.dtype",
		"t = torch.tensor(range(3))\nt, t.dtype",
		"torch.tensor(range(0)).dtype, torch.tensor(collections.deque()).shape",
		"torch.tensor([collections.deque([1, 2]), (3, 4)])",
		"torch.tensor([range(2), range(2)], dtype=torch.float64)",
		"torch.tensor(collections.deque([[1, 2], [3]]))",
	})
}

// TestRandintHighSizeMatchesTorch checks randint(high, size=...), the
// overload pytorch/examples' forward-forward example calls.
func TestRandintHighSizeMatchesTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, "import torch\ntorch.manual_seed(0)\n", []string{
		"torch.randint(10, size=(3,))",
		"torch.randint(9, size=(1,)).item(), torch.randint(3, 10, size=(2,)), torch.randint(5, (2, 2))",
	})
}
