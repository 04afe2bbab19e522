package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestDefaultConvertNumPyMatchesTorch compares torch.utils.data's
// default_convert of NumPy arrays and scalars with PyTorch 1.13: tensors
// sharing the array's memory.
func TestDefaultConvertNumPyMatchesTorch(t *testing.T) {
	prelude := "import torch\nimport numpy as np\nfrom torch.utils.data import default_convert, DataLoader\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"default_convert({'a': (1, np.array([1, 2])), 'b': 'x'})",
		"default_convert(np.array([1., 2.]))",
		"default_convert(np.float64(2.5))",
		"a = np.zeros(2)\nt = default_convert(a)\nt[0] = 5.\n(a.tolist(), t.dtype)",
		"list(DataLoader([np.array([1, 2]), np.array([3, 4])], batch_size=None))",
	})
}
