package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestRNNBaseClassesMatchTorch checks nn.RNNBase and nn.RNNCellBase as
// the base classes of the recurrent layers and cells (isinstance, the
// class's MRO, user subclasses), made directly (parameters drawn as the
// layers draw them, repr, the missing forward), and nn.NLLLoss2d, the
// deprecated subclass of NLLLoss, against Debian's PyTorch.
func TestRNNBaseClassesMatchTorch(t *testing.T) {
	srcs := []string{
		"[isinstance(m, nn.RNNBase) for m in (nn.RNN(2, 3), nn.LSTM(2, 3), nn.GRU(2, 3), nn.RNNCell(2, 3), nn.Linear(2, 3))]",
		"[isinstance(m, nn.RNNCellBase) for m in (nn.RNNCell(2, 3), nn.LSTMCell(2, 3), nn.GRUCell(2, 3), nn.LSTM(2, 3))], issubclass(nn.GRU, nn.RNNBase), issubclass(nn.RNNBase, nn.Module)",
		"issubclass(nn.LSTM, nn.RNNCellBase), issubclass(nn.GRUCell, nn.RNNCellBase), issubclass(nn.RNNCellBase, nn.RNNBase), issubclass(nn.NLLLoss2d, nn.NLLLoss), issubclass(nn.NLLLoss, nn.NLLLoss2d)",
		"m = nn.RNNBase('LSTM', 3, 4, num_layers=2, bidirectional=True)\nrepr(m), m.mode, [(k, tuple(v.shape)) for k, v in m.named_parameters()][:5], r(m.weight_hh_l1_reverse)[:5], type(m).__name__",
		"m = nn.RNNBase('GRU', 3, 4)\nerr(lambda: m(torch.randn(2, 1, 3)))",
		"err(lambda: nn.RNNBase('FOO', 3, 4))",
		"c = nn.RNNCellBase(3, 4, True, 2)\nrepr(c), [(k, tuple(v.shape)) for k, v in c.named_parameters()], r(c.weight_ih), repr(nn.RNNCellBase(3, 4, False, 1)), err(lambda: c(torch.randn(2, 3)))",
		"class My(nn.LSTM):\n    pass\nm = My(2, 3)\nisinstance(m, nn.RNNBase), isinstance(m, nn.LSTM), r(m(torch.ones(1, 1, 2))[0])",
		"l = nn.NLLLoss2d()\nrepr(l), isinstance(l, nn.NLLLoss), type(l).__name__, l.ignore_index, l.reduction",
		"x = torch.randn(2, 3, 4, 5).log_softmax(1)\ny = torch.randint(0, 3, (2, 4, 5))\nr(nn.NLLLoss2d()(x, y)), r(nn.NLLLoss2d(weight=torch.tensor([1., 2., 3.]), ignore_index=1, reduction='none')(x, y))",
	}
	langtest.CheckMatchesTorch(t, nnPrelude+"import warnings\nwarnings.simplefilter('ignore')\n", srcs)
}
