package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestPythonBuiltinsOfTensors checks Python's builtins that torch also
// names (sum, max, min, all, any, abs, round, pow) against PyTorch: of a
// tensor they act as Python's, iterating over its rows (sum of a 2-d
// tensor is the sum of its rows, max of one compares rows and meets the
// ambiguity error), where torch's functions of the same names reduce.
func TestPythonBuiltinsOfTensors(t *testing.T) {
	langtest.CheckMatchesTorch(t, "import torch\nt = torch.tensor([[1., -5.], [3., 2.]])\nv = torch.tensor([1.5, -2.5, 0.])\n", []string{
		"sum(t)", "sum(v)", "sum(t, 1)", "sum(v, start=10)", "sum(torch.tensor(3.))", "sum([v, v])",
		"max(v)", "min(v)", "max(t)", "min(t)", "max(v, key=abs)", "max(v[0], v[1])", "max(t[0], t[1])",
		"max(torch.tensor([[1.]]))", "max(torch.tensor(3.))", "max(v, default=0)", "min([], default=v)",
		"any(v)", "all(v)", "any(t)", "all(torch.tensor([[True]]))", "any(torch.tensor([]))",
		"abs(t)", "round(v)", "round(v, 1)", "round(torch.tensor(2.5))", "pow(v, 2)", "pow(2, v)", "pow(v, [1, 2, 3])",
		"sorted(torch.tensor([3, 1, 2]))", "sorted(t)",
		"torch.sum(t), torch.sum(t, 1), torch.max(t), torch.min(t, dim=0), torch.all(t > 0), torch.any(t > 0)",
		"torch.round(v, decimals=0), torch.abs(v), torch.pow(2, v), torch.pow(v, 2)",
		"torch.sum is sum, torch.max is max",
	})
}

// TestTensorsAsPythonNumbers checks PyTorch's errors where Python needs a
// number and gets a tensor that is none.
func TestTensorsAsPythonNumbers(t *testing.T) {
	langtest.CheckMatchesTorch(t, "import torch, math\nt = torch.tensor([4., 9.])\n", []string{
		"math.sqrt(t)", "float(t)", "int(t)", "'%f' % t", "'%d' % t", "math.floor(t)", "complex(t)", "[1, 2][t]",
		"math.sqrt(torch.tensor([4.]))", "'%f' % torch.tensor([2.])", "[1, 2, 3][torch.tensor(1)]", "range(torch.tensor(2))",
	})
}
