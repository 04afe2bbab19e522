package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestTorchVersionMatchesTorch compares TorchVersion, a str that compares
// as a PEP 440 version, with PyTorch 1.13's. Debian's PyTorch is
// 1.13.0a0 and kael's 1.13.1, so the cases on torch.__version__ ask only
// what holds for both.
func TestTorchVersionMatchesTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, "import torch\nfrom torch.torch_version import TorchVersion\nv = TorchVersion('1.13.1')\n", []string{
		"v >= '1.10', v > (1, 12), v < '2.0', v == '1.13.1', v == '1.13.1.0', v != '1.13.1.0', v == (1, 13, 1), v < [1, 14]",
		"v > '1.13.1rc1', v > '1.13.1a2', v < '1.13.2.dev0', v > '1.13.1.dev3', v < '1.13.1.post1', v > '1!0.5' , v < '1.13.1+cpu', v >= 'V1.13'",
		"TorchVersion('1.13.0a0') < '1.13.0', TorchVersion('1.13.0a0') > '1.12.99', TorchVersion('2.0.0.dev20230101') < '2.0', TorchVersion('1.10.0') == '1.10'",
		"v > 'abc', v < 'abc', v == 'abc', v > (1, 'x'), v == 5",
		"isinstance(v, str), type(v).__name__, v.split('.'), str(v), repr(v), f'{v:>8}', {v: 1}['1.13.1'], hash(v) == hash('1.13.1'), v + '!', type(v[:2]).__name__",
		"isinstance(torch.__version__, TorchVersion), isinstance(torch.__version__, str), torch.__version__ >= '1.10', torch.__version__ > (1, 12), torch.__version__ < (2,), type(torch.version.__version__).__name__",
		"v < 5",
		"TorchVersion(1.5) > (1, 4), TorchVersion()",
	})
}
