package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestDefaultConvertMatchesTorch compares torch.utils.data's
// default_convert and get_worker_info with PyTorch 1.13 (the NumPy cases
// are in lang/lib/numpy, whose tests link NumPy).
func TestDefaultConvertMatchesTorch(t *testing.T) {
	prelude := "import torch\nfrom torch.utils.data import default_convert, get_worker_info, DataLoader\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"default_convert((1, 2.5, 'a'))",
		"default_convert([(1, 2), (3, 4)])",
		"default_convert({'a': (1, 2), 'b': 'x'})",
		"x = torch.ones(2)\ndefault_convert(x) is x",
		"repr(get_worker_info())",
		"list(DataLoader([(1, 2), (3, 4)], batch_size=None))",
		"from torch.utils.data.dataloader import default_convert as dc, get_worker_info as gw\n(dc is default_convert, gw is get_worker_info)",
	})
}
