package torch

import (
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
)

// TestTorchRangeMatchesTorch compares torch.range, deprecated (end
// included, the default float dtype), with PyTorch 1.13's: its values and
// dtypes, its errors, and its warning; Python's range stays the builtin.
func TestTorchRangeMatchesTorch(t *testing.T) {
	prelude := "import torch, warnings\n"
	srcs := []string{
		"torch.range(1, 4)",
		"torch.range(0, 1, 0.3)",
		"torch.range(0.1, 0.3, 0.1)",
		"torch.range(-1, 1, 0.4, dtype=torch.float64)",
		"torch.range(5, 1, -2)",
		"torch.range(0, 3, dtype=torch.int64)",
		"torch.range(0.5, 3.7, dtype=torch.int64)",
		"torch.range(0, 3, dtype=torch.int32)",
		"torch.range(0, 3, dtype=torch.uint8)",
		"torch.range(0, 3, dtype=torch.bfloat16)",
		"torch.range(start=1, end=3)",
		"torch.range()",
		"torch.range(0, 3, requires_grad=True)",
		"torch.range(0, 3, 0)",
		"torch.range(3, 0)",
		"torch.range(0, float('inf'))",
		"torch.range(3)",
		"torch.range(0, 'a')",
		"torch.range(0, 3, dtype=torch.bool)",
		"torch.range(0, 3, dtype=torch.complex64)",
		"torch.range(0, 3, dtype=torch.float16)",
		"with warnings.catch_warnings(record=True) as w:\n    warnings.simplefilter('always')\n    r = torch.range(0, 2)\n(r, [(x.category.__name__, str(x.message)) for x in w])",
		"torch.range is range, list(range(3)), range(3)",
	}
	checkCloseToTorch(t, prelude, srcs, reftest.Tolerance{})
}
