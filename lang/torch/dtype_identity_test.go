package torch_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// dtypeIdentityCases are the dtypes as objects: torch.bool is a
// torch.dtype, never the builtin bool, and a dtype equals only itself
// (issue 32: checks printed <class 'bool'> for torch.bool).
var dtypeIdentityCases = []string{
	"torch.bool is bool, bool is torch.bool, torch.bool is torch.bool",
	"torch.bool == bool, torch.float64 == float, torch.int64 == int, torch.float32 != float",
	"repr(torch.bool), type(torch.bool).__name__, str(torch.bool)",
	"isinstance(torch.bool, type), type(torch.bool) == type(torch.float32), isinstance(torch.bool, torch.dtype)",
	"torch.zeros(2, dtype=bool).dtype is torch.bool, torch.zeros(2, dtype=torch.bool).dtype == torch.bool",
	"(torch.tensor([1]) > 0).dtype is torch.bool, [torch.bool] == [torch.bool], [torch.bool] == [bool]",
	"type(torch.bool) is torch.dtype, isinstance(bool, torch.dtype), isinstance('float32', torch.dtype)",
	"torch.dtype()",
	"{torch.bool: 1}[torch.bool], torch.bool in [bool], torch.bool in [torch.float32, torch.bool]",
}

func TestDTypeIdentityMatchesTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, "import torch\n", dtypeIdentityCases)
}

// TestDTypeIdentity holds PyTorch 1.13's answers for the cases above, so
// that they are checked where PyTorch is not installed.
func TestDTypeIdentity(t *testing.T) {
	want := []string{
		"(False, False, True)",
		"(False, False, False, True)",
		"('torch.bool', 'dtype', 'torch.bool')",
		"(False, True, True)",
		"(True, True)",
		"(True, True, False)",
		"(True, False, False)",
		"TypeError: cannot create 'torch.dtype' instances",
		"(1, False, True)",
	}
	cases := make([]langtest.Case, len(dtypeIdentityCases))
	for i, src := range dtypeIdentityCases {
		cases[i] = langtest.Case{Src: src, Want: want[i]}
	}
	langtest.CheckCellCases(t, "import torch\n", cases)
}
