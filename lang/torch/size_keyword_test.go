package torch

import (
	"strings"
	"testing"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestSizeKeywordMatchesTorch checks that the list-of-ints parameters
// that take their values as separate arguments (torch.empty(2, 3)) also
// take them whole by keyword, as PyTorch's argument parser does.
func TestSizeKeywordMatchesTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, "import torch\nx = torch.arange(6.).view(2, 3)\n", []string{
		"torch.empty(size=(2, 3)).shape, torch.empty(size=[4], dtype=torch.float64).dtype",
		"torch.zeros(size=(2, 1)), torch.ones(size=[3], requires_grad=True)",
		"torch.manual_seed(0)\ntorch.rand(size=(2,)).tolist(), torch.randn(size=[1, 2]).shape",
		"x.permute(dims=(1, 0)).tolist(), x.view(size=(3, 2)).shape, x.reshape(shape=(6,)).shape",
		"x.new_zeros(size=(2,)), torch.empty(2, 3).shape",
	})
}

// TestSizeKeywordTwice checks that a size given both ways is a TypeError
// (PyTorch's names the signatures it expected; kael's, the argument).
func TestSizeKeywordTwice(t *testing.T) {
	for _, src := range []string{"torch.empty(2, size=(3,))", "torch.rand(1, size=[1])"} {
		got := langtest.CellOutcome(lang.NewSession(lang.IO{}), "import torch\n"+src)
		if !strings.HasPrefix(got, "TypeError: ") || !strings.Contains(got, "'size'") {
			t.Errorf("%s: got %s, want a TypeError about size", src, got)
		}
	}
}
