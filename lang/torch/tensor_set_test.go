package torch

import (
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
)

// TestTensorSetMatchesPyTorch checks Tensor.set_ against PyTorch: the
// shared storage, the geometry of each form, and the leaf rule.
func TestTensorSetMatchesPyTorch(t *testing.T) {
	prelude := "import torch\na = torch.arange(6.)\n"
	checkCloseToTorch(t, prelude, []string{
		"b = torch.zeros(2)\nr = b.set_(a)\nb[0] = 7\nr is b, b.is_set_to(a), a.tolist(), b.shape",
		"c = torch.ones(3)\nc.set_() is c, c.shape, c.dtype",
		"v = a.view(2, 3).t()\nd = torch.empty(0)\nd.set_(v)\nd.stride(), d.shape, d.is_contiguous(), d.tolist()",
		"e = torch.empty(0)\ne.set_(a, 1, (2, 2), (2, 1))\ne.tolist(), e.storage_offset(), e.stride()",
		"f = torch.empty(0)\nf.set_(a, 2, (3,))\nf.tolist(), f.stride()",
		"w = torch.ones(2, requires_grad=True)\nw.set_(a)",
		"w = torch.ones(2, requires_grad=True)\nwith torch.no_grad():\n    w.set_(a)\nw.tolist(), w.requires_grad, w.is_leaf",
		"b = torch.zeros(2)\ntry:\n    b.set_(5)\nexcept TypeError:\n    r = 'TypeError'\nr",
		"b = torch.zeros(2, dtype=torch.int64)\ntry:\n    b.set_(a)\nexcept RuntimeError:\n    r = 'RuntimeError'\nr",
	}, reftest.Tolerance{})
}
