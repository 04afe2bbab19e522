package std

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestContextManagersByHandMatchTorch calls __enter__ and __exit__ of
// torch's context managers and of files by hand, as
// contextlib.ExitStack and programs that enter no_grad for good do, and
// binds them in with statements, against PyTorch.
func TestContextManagersByHandMatchTorch(t *testing.T) {
	prelude := "import torch, contextlib, tempfile, os\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"c = torch.no_grad()\nr = c.__enter__()\n(r, torch.is_grad_enabled(), c.__exit__(None, None, None), torch.is_grad_enabled())",
		"c = torch.enable_grad()\nwith torch.no_grad():\n    c.__enter__()\n    g = torch.is_grad_enabled()\n    c.__exit__(None, None, None)\n    h = torch.is_grad_enabled()\n(g, h, torch.is_grad_enabled())",
		"c = torch.set_grad_enabled(False)\n(torch.is_grad_enabled(), c.__enter__(), c.__exit__(None, None, None), torch.is_grad_enabled())",
		"with torch.no_grad() as g, torch.enable_grad() as h, torch.inference_mode() as i:\n    pass\n(g, h, i)",
		"with contextlib.ExitStack() as st:\n    st.enter_context(torch.no_grad())\n    a = torch.is_grad_enabled()\n(a, torch.is_grad_enabled())",
		// grad mode is the process's: the cell turns it back on
		"torch.no_grad().__enter__()\nw = torch.ones(2, requires_grad=True)\nr = ((w * 2).requires_grad, torch.is_grad_enabled())\ntorch.set_grad_enabled(True)\nr",
		"d = tempfile.mkdtemp()\nf = open(os.path.join(d, 'a.txt'), 'w')\nr = f.__enter__()\nf.write('x')\n(r is f, f.__exit__(None, None, None), f.closed)",
	})
}
