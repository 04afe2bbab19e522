package torch

import (
	"strings"
	"testing"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestSpmmMatchesTorch checks torch.spmm on dense operands, its gradients
// and its errors against PyTorch.
func TestSpmmMatchesTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, "import torch\na = torch.arange(6.).view(2, 3)\nb = torch.arange(12.).view(3, 4) / 4\n", []string{
		"torch.spmm(a, b)",
		"torch.spmm(a, mat2=b).shape, torch.spmm(input=a.double(), mat2=b.double()).dtype",
		"w = b.clone().requires_grad_()\ntorch.spmm(a, w).sum().backward()\nw.grad, torch.spmm(a, w).grad_fn.name()",
		"hasattr(torch.Tensor, 'spmm'), hasattr(a, 'spmm')",
		"torch.spmm(a, a)",
	})
	// PyTorch's words, which kael's follow with the operand's shape.
	for _, c := range []struct{ src, want string }{
		{"torch.spmm(torch.ones(2, 3), torch.ones(3))", "RuntimeError: mat2 must be a matrix"},
		{"torch.spmm(torch.ones(2, 2, 3), torch.ones(3, 4))", "RuntimeError: self must be a matrix"},
	} {
		if got := langtest.CellOutcome(lang.NewSession(lang.IO{}), "import torch\n"+c.src); !strings.HasPrefix(got, c.want) {
			t.Errorf("%s: got %s, want %s", c.src, got, c.want)
		}
	}
}
