package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestBackendSwitchesMatchTorch sets and reads the backend switches that
// training scripts set before they start (nanoGPT's train.py:
// torch.backends.cuda.matmul.allow_tf32 and torch.backends.cudnn.allow_tf32)
// against PyTorch 1.13's CPU build, which has no CUDA either. What
// differs by build (oneDNN, MKL and OpenMP, which PyTorch's CPU build
// has and kael does not use) is left out.
func TestBackendSwitchesMatchTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, "import torch\n", []string{
		"torch.backends.cuda.matmul.allow_tf32 = True\ntorch.backends.cudnn.allow_tf32 = True\n(torch.backends.cuda.matmul.allow_tf32, torch.backends.cudnn.allow_tf32)",
		"torch.backends.cuda.matmul.allow_fp16_reduced_precision_reduction",
		"torch.backends.cuda.is_built()",
		"(torch.backends.cuda.flash_sdp_enabled(), torch.backends.cuda.math_sdp_enabled())",
		"torch.backends.cuda.enable_flash_sdp(False)\nr = torch.backends.cuda.flash_sdp_enabled()\ntorch.backends.cuda.enable_flash_sdp(True)\nr",
		"with torch.backends.cuda.sdp_kernel(enable_flash=False):\n    inside = (torch.backends.cuda.flash_sdp_enabled(), torch.backends.cuda.math_sdp_enabled())\n(inside, torch.backends.cuda.flash_sdp_enabled())",
		"from torch.backends import cuda\ncuda.matmul.allow_tf32 = False\ncuda.matmul.allow_tf32",
		"torch.backends.cudnn.benchmark = True\ntorch.backends.cudnn.deterministic = True\n(torch.backends.cudnn.benchmark, torch.backends.cudnn.is_available())",
	})
}
