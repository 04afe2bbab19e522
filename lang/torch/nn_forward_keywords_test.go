package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestLayerForwardKeywordsMatchTorch compares calls of built-in layers
// whose arguments are given by the names of PyTorch's forward (input=,
// target=, hx=) with PyTorch 1.13, and the errors of a wrong name, a
// name given twice and a missing argument.
func TestLayerForwardKeywordsMatchTorch(t *testing.T) {
	prelude := "import torch\nimport torch.nn as nn\ntorch.manual_seed(0)\nx = torch.randn(2, 2)\nl = nn.Linear(2, 3)\nseq = torch.randn(4, 1, 2)\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"bool((l(input=x) == l(x)).all()), l(input=x).grad_fn.name()",
		"[tuple(m(input=torch.randn(1, 2, 5)).shape) for m in [nn.Conv1d(2, 3, 1), nn.ReLU(), nn.Sequential(nn.ReLU(), nn.Flatten()), nn.Identity(), nn.Dropout(0.0)]]",
		"nn.CrossEntropyLoss()(input=torch.tensor([[1., 2., 3.]]), target=torch.tensor([2])), nn.MSELoss()(x, target=x + 1), nn.Embedding(4, 2)(input=torch.tensor([1])).shape",
		"r = nn.LSTM(2, 3)\nh = (torch.zeros(1, 1, 3), torch.ones(1, 1, 3))\nout, (hn, cn) = r(seq, hx=h)\nout2, _ = r(input=seq, hx=h)\nout3, _ = r(seq, h)\nbool((out == out2).all()), bool((out == out3).all()), tuple(cn.shape)",
		"g = nn.GRU(2, 3)\na, _ = g(input=seq, hx=torch.ones(1, 1, 3))\nb, _ = g(seq, torch.ones(1, 1, 3))\nc, _ = g(input=seq)\nbool((a == b).all()), tuple(c.shape)",
		"cell = nn.LSTMCell(2, 3)\nh, c = cell(input=x, hx=(torch.zeros(2, 3), torch.zeros(2, 3)))\nh.shape, nn.GRUCell(2, 3)(x, hx=None).shape",
		"q = torch.randn(3, 1, 4)\nm = nn.MultiheadAttention(4, 2)\nm(query=q, key=q, value=q, need_weights=False)[1], m(q, q, value=q)[0].shape",
		"l(x=x)",
		"l(x, input=x)",
		"nn.MSELoss()(x, input=x)",
		"nn.MSELoss()(target=x)",
		"nn.LSTM(2, 3)(hx=None)",
		"nn.LSTM(2, 3)(seq, h0=None)",
	})
}
