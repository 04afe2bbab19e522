package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestRandomFillBoundsMatchTorch compares the refusals of the in-place
// random fills' arguments with PyTorch 1.13: uniform_'s bounds checked in
// the tensor's own dtype (16-bit ones too), and doubles written as C++
// writes them (nan, -inf, 1e-07).
func TestRandomFillBoundsMatchTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, "import torch\ndef err(f):\n    try:\n        f()\n    except Exception as e:\n        return type(e).__name__ + ': ' + str(e)\nnan, inf = float('nan'), float('inf')\n", []string{
		"[err(lambda: torch.zeros(2).exponential_(v)) for v in [nan, -inf, -0.5, -1e-7, -123456789.0]]",
		"[err(lambda: torch.zeros(2).normal_(0, v)) for v in [-inf, -0.5, -1e-7]]",
		"[err(lambda: torch.zeros(2).bernoulli_(v)) for v in [nan, inf, -0.5, 1.5]]",
		"[err(lambda: torch.zeros(2, dtype=d).uniform_(a, b)) for d in [torch.float32, torch.float64, torch.float16, torch.bfloat16] for a, b in [(nan, 1), (0, inf), (-1e38, 3e38), (-6e4, 6e4), (-1e308, 1e308), (2, 1)]]",
	})
}
