package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestTorchNativesMatchTorch checks the torch.* forms of ATen's functions
// (torch_natives.go) against Debian's PyTorch 1.13: values, the tuples
// they return, seeded draws, gradients and errors.
func TestTorchNativesMatchTorch(t *testing.T) {
	prelude := nnPrelude + `def g(f, *xs):
    xs = [x.clone().requires_grad_(True) for x in xs]
    out = f(*xs)
    (out * torch.arange(out.numel(), dtype=out.dtype).view(out.shape)).sum().backward()
    return q(out), [q(x.grad) for x in xs]
q = lambda t: [float('%.4g' % v) for v in t.flatten().tolist()]
x = torch.randn(3, 4, 5)
`
	srcs := []string{
		"torch.unsafe_chunk(torch.arange(10.), 3), torch.arange(10).unsafe_chunk(2, 0)",
		"torch.unsafe_split(torch.arange(10.), 4), torch.arange(10).unsafe_split([2, 8])",
		"torch.unsafe_split_with_sizes(torch.arange(10.), [3, 7]), torch.arange(6).view(2, 3).unsafe_split_with_sizes([1, 2], 1)",
		"torch.unsafe_split_with_sizes(torch.arange(10.), [3, 6])",
		"torch.scalar_tensor(3), torch.scalar_tensor(True), torch.scalar_tensor(2, dtype=torch.int64), torch.scalar_tensor(2.5, dtype=torch.float64, requires_grad=True)",
		"torch.manual_seed(0)\na = torch.randint_like(torch.zeros(3), 5)\nb = torch.randint_like(torch.zeros(2, 3), 2, 9)\nc = torch.randint_like(torch.zeros(3, dtype=torch.int32), 2, 5)\na, b, c, torch.randint_like(x, 3, dtype=torch.int64).dtype",
		"torch.polar(torch.tensor([1., 2.]), torch.tensor([0., 1.])), torch.polar(torch.tensor([1.], dtype=torch.float64), torch.tensor([3.], dtype=torch.float64))",
		"g(lambda a, t: torch.view_as_real(torch.polar(a, t)), torch.tensor([1., 2.]), torch.tensor([0.5, 1.]))",
		"torch.polar(torch.tensor([1, 2]), torch.tensor([0, 1]))",
		"torch.constant_pad_nd(torch.ones(2, 2), [1, 0], 5), torch.constant_pad_nd(torch.ones(2, 3), (0, -1, 1, 1))",
		"g(lambda x: torch.constant_pad_nd(x, [1, 2], 3.0), torch.ones(2, 2))",
		"e = torch.empty_strided((2, 3), (1, 2))\ne.shape, e.stride(), e.dtype, torch.empty_strided((2, 2), (2, 1), dtype=torch.int64).dtype",
		"e = x.new_empty_strided((2, 2), (1, 2))\ne.shape, e.stride(), e.dtype, torch.ones(1, dtype=torch.float64).new_empty_strided((3,), (2,)).dtype",
		"torch.adaptive_max_pool1d(torch.arange(12.).view(1, 2, 6), 3), torch.adaptive_max_pool1d(x, 2)[1]",
		"torch.max_pool1d_with_indices(torch.arange(12.).view(1, 2, 6), 2), torch.max_pool1d_with_indices(x, 3, 2, 1)",
		"F.max_pool1d(torch.arange(12.).view(1, 2, 6), 2, return_indices=True), F.max_pool1d(x, 3, 2, 1, 1, True, True)[1]",
		"torch.manual_seed(1)\ng(lambda x: torch.alpha_dropout(x, 0.3, True), x)",
		"torch.manual_seed(1)\ng(lambda x: torch.feature_alpha_dropout(x, 0.5, True), x)",
		"torch.manual_seed(1)\ng(lambda x: torch.feature_dropout(x, 0.5, True), x)",
		"torch.manual_seed(1)\ng(lambda x: torch.feature_dropout(x, 0.5, False), x), torch.feature_dropout(x, 0.5, False) is x",
		"torch.manual_seed(1)\ny = x.clone()\n(torch.dropout_(y, 0.5, True) is y, r(y))",
		"torch.manual_seed(1)\ny = x.clone()\n(torch.alpha_dropout_(y, 0.5, True) is y, r(y))",
		"torch.manual_seed(1)\ny = x.clone()\n(torch.feature_alpha_dropout_(y, 0.5, True) is y, r(y))",
		"torch.manual_seed(1)\ny = x.clone()\n(torch.feature_dropout_(y, 0.5, True) is y, r(y))",
		"torch.conv_tbc(torch.arange(12.).view(3, 2, 2), torch.ones(2, 2, 3), torch.tensor([1., 2., 3.]), 1)",
		"g(lambda x, w, b: torch.conv_tbc(x, w, b), x, torch.randn(2, 5, 3), torch.randn(3))",
		"g(lambda x, w, b: F.conv_tbc(x, w, b, 2), x, torch.randn(3, 5, 2), torch.randn(2))",
		"torch.conv_tbc(torch.ones(3, 2, 2), torch.ones(2, 3, 3), torch.ones(3))",
		"w = torch.ones(3, 2, 2)\ntorch.convolution(torch.arange(12.).view(1, 2, 6), w, None, [2], [1], [1], False, [0], 1)",
		"torch.convolution(torch.arange(12.).view(1, 2, 6), torch.ones(2, 3, 2), torch.tensor([1., 2., 3.]), [2], [1], [1], True, [1], 1)",
		"g(lambda x, w: torch.convolution(x, w, None, [1, 1], [1, 0], [1, 1], False, [0, 0], 1), torch.randn(2, 2, 4, 4), torch.randn(3, 2, 3, 2))",
		"g(lambda x, w: torch.convolution(x, w, None, [2, 1], [0, 0], [1, 1], True, [1, 0], 1), torch.randn(1, 2, 3, 3), torch.randn(2, 1, 2, 2))",
		"v = torch.arange(24.).view(2, 3, 4)\ntorch.norm_except_dim(v, 2, 0), torch.norm_except_dim(v, 2, 1), torch.norm_except_dim(v, 2, 2), torch.norm_except_dim(v, 2, -1), torch.norm_except_dim(v, 3, 0)",
		"g(lambda v: torch.norm_except_dim(v, 2, 1), torch.randn(2, 3, 4))",
		"torch.native_layer_norm(torch.arange(6.).view(2, 3), [3], None, None, 1e-5)",
		"out, m, s = torch.native_layer_norm(x, [4, 5], torch.ones(4, 5) * 2, torch.ones(4, 5), 1e-5)\nq(out), m.shape, q(m), q(s)",
		"y = x.clone().requires_grad_()\nout = torch.native_layer_norm(y, [5], None, None, 1e-5)[0]\n(out * torch.arange(60.).view(3, 4, 5)).sum().backward()\n[round(v, 2) for v in y.grad.flatten().tolist()], out.grad_fn.name()",
		"rm, rv = torch.zeros(4), torch.ones(4)\nout, m, s = torch.native_batch_norm(x, torch.ones(4), torch.zeros(4), rm, rv, True, 0.1, 1e-5)\nr(out), r(m), r(s), r(rm), r(rv)",
		"out, m, s = torch.native_batch_norm(x, None, None, torch.zeros(4), torch.ones(4), False, 0.1, 1e-5)\nr(out), m, s",
		"y = torch.randn(2, 6, 3)\nout, m, s = torch.native_group_norm(y, torch.ones(6), torch.zeros(6), 2, 6, 3, 3, 1e-5)\nq(out), m.shape, q(m), q(s)",
		"torch.native_group_norm(torch.ones(2, 6, 3), None, None, 2, 6, 4, 3, 1e-5)",
		"torch.manual_seed(0)\ntorch.native_dropout(torch.ones(10), 0.5, True)",
		"torch.manual_seed(0)\ng(lambda x: torch.native_dropout(x, 0.3, True)[0], x)",
		"torch.native_dropout(torch.ones(4), 0.5, False)",
		"torch.native_channel_shuffle(torch.arange(8.).view(1, 4, 2), 2), F.native_channel_shuffle(torch.arange(12.).view(2, 6, 1), 3)",
		"y = torch.zeros(3)\n(torch.index_put_(y, (torch.tensor([0, 2]),), torch.tensor([1., 2.])) is y, y)",
		"lp = torch.randn(5, 2, 4).log_softmax(2)\nt, il, tl = torch.tensor([[1, 2], [1, 1]]), torch.tensor([5, 5]), torch.tensor([2, 2])\nq(torch.ctc_loss(lp, t, il, tl)), q(torch.ctc_loss(lp, t, [5, 5], [2, 2], 0, 1)), q(torch.ctc_loss(lp, t, il, tl, 0, 2, True))",
	}
	langtest.CheckMatchesTorch(t, prelude, srcs)
}

// TestTensorLegacyMethodsMatchTorch checks the tensor methods of
// tensor_legacy_methods.go against Debian's PyTorch 1.13.
func TestTensorLegacyMethodsMatchTorch(t *testing.T) {
	prelude := nnPrelude + "x = torch.arange(6.).view(2, 3)\nimport warnings\nwarnings.simplefilter('ignore')\n"
	srcs := []string{
		"x.hardshrink(2.5), x.hardshrink(), (x - 3).hardshrink(1)",
		"x.new(2, 3).shape, x.new(torch.Size([4])).shape, x.new(3).shape, x.new(), x.new([1, 2]), x.new((2, 3)), x.new([[1, 2], [3, 4]]), torch.arange(3).new([1.5]), torch.ones(2, dtype=torch.float64).new([1, 2])",
		"y = torch.ones(3)\nz = x.new(y)\nz[0] = 5\ny, z is y",
		"x.new(2.5)",
		"x.new(2, 'a')",
		"err(lambda: x.new(torch.arange(2)))",
		"x.prelu(torch.tensor([0.5])), (x - 3).prelu(torch.tensor([0.25]))",
		"y = (x - 3).requires_grad_()\ny.prelu(torch.tensor([0.5, 0.25])[:1]).sum().backward()\ny.grad",
		"x.is_pinned(), torch.ones(2, dtype=torch.int64).is_pinned()",
		"err(lambda: x.pin_memory())[0]",
		"x.storage_type(), torch.arange(3).storage_type(), torch.ones(1, dtype=torch.bool).storage_type(), torch.ones(1, dtype=torch.float64).storage_type()",
		"x.is_set_to(x), x.is_set_to(x.view(6)), x.is_set_to(x.clone()), x[0].is_set_to(x[0]), x[1].is_set_to(x[0]), x.t().is_set_to(x)",
		"y = x.clone()\n(y.apply_(lambda v: v * 2) is y, y)",
		"y = torch.arange(4)\ny.apply_(lambda v: v * 3 + 1)",
		"y = x.clone()\ny[0].apply_(lambda v: -v)\ny",
		"x.clone().map_(torch.ones(3), lambda a, b: a + b), x.clone().map2_(torch.ones(3), torch.ones(2, 1) * 2, lambda a, b, c: a + b * c)",
		"x.clone().requires_grad_().apply_(lambda v: v)",
		"x.clone().apply_(lambda v: 'a')",
		"x.clone().map_(torch.ones(4), lambda a, b: a)",
		"x.resize(3, 2), x.resize(6), x.clone().resize_as(torch.ones(6, 1))",
		"x.resize(4)",
		"x.resize_as(torch.ones(3))",
		"y = x.clone().requires_grad_()\nz = y.resize(3, 2)\n(z * torch.arange(6.).view(3, 2)).sum().backward()\ny.grad",
	}
	langtest.CheckMatchesTorch(t, prelude, srcs)
}

// TestTorchRandomModuleMatchesTorch checks torch.random and
// torch.default_generator against Debian's PyTorch 1.13.
func TestTorchRandomModuleMatchesTorch(t *testing.T) {
	prelude := "import torch\nimport torch.random\n"
	srcs := []string{
		"torch.manual_seed(3)\ntorch.default_generator.initial_seed(), torch.random.initial_seed(), torch.default_generator is torch.random.default_generator",
		"torch.random.manual_seed(3)\nwith torch.random.fork_rng():\n    a = torch.rand(2)\nb = torch.rand(2)\nbool((a == b).all()), b",
		"torch.manual_seed(3)\nwith torch.random.fork_rng(enabled=False):\n    a = torch.rand(2)\nb = torch.rand(2)\nbool((a == b).all()), b",
		"g = torch.default_generator\ng.manual_seed(5) is g, torch.rand(1), torch.random.initial_seed()",
		"torch.manual_seed(1)\ns = torch.random.get_rng_state()\na = torch.rand(3)\ntorch.random.set_rng_state(s)\nbool((torch.rand(3) == a).all())",
		"torch.manual_seed(1)\nx = torch.randn(2, generator=torch.default_generator)\ntorch.manual_seed(1)\nbool((x == torch.randn(2)).all()), isinstance(torch.default_generator, torch.Generator)",
		"from torch.random import fork_rng, manual_seed\nmanual_seed(0)\nwith fork_rng(devices=[]):\n    torch.randn(3)\ntorch.randn(1)",
	}
	langtest.CheckMatchesTorch(t, prelude, srcs)
}

// TestRNNFunctionsMatchTorch checks torch.lstm, gru, rnn_tanh, rnn_relu
// and their *_cell forms against Debian's PyTorch 1.13, with the
// parameters of seeded layers: outputs, states and gradients.
func TestRNNFunctionsMatchTorch(t *testing.T) {
	prelude := nnPrelude + `q = lambda t: [float('%.4g' % v) for v in t.flatten().tolist()]
x = torch.randn(5, 3, 4, requires_grad=True)
`
	srcs := []string{
		"m = nn.LSTM(4, 6, num_layers=2, bidirectional=True)\nh0, c0 = torch.randn(4, 3, 6), torch.randn(4, 3, 6)\nout, h, c = torch.lstm(x, [h0, c0], list(m.parameters()), True, 2, 0.0, False, True, False)\n(out.sum() + h.sum() + c.sum()).backward()\nq(out)[:8], q(h)[:8], q(c)[:8], q(x.grad)[:8], q(m.weight_hh_l1_reverse.grad)[:8]",
		"m = nn.GRU(4, 5, batch_first=True, bias=False)\nout, h = torch.gru(x, torch.zeros(1, 5, 5), list(m.parameters()), False, 1, 0.0, False, False, True)\nout.sum().backward()\nq(out)[:8], q(h)[:8], q(x.grad)[:8]",
		"m = nn.RNN(4, 3, nonlinearity='relu')\nout, h = torch.rnn_relu(x, torch.ones(1, 3, 3), list(m.parameters()), True, 1, 0.0, False, False, False)\nq(out), q(h)",
		"m = nn.RNN(4, 3, num_layers=3, dropout=0.5)\nout, h = torch.rnn_tanh(x, torch.zeros(3, 3, 3), list(m.parameters()), True, 3, 0.5, True, False, False)\nq(out), q(h)",
		"m = nn.LSTMCell(4, 3)\nh, c = torch.lstm_cell(x[0], [torch.ones(3, 3), torch.zeros(3, 3)], m.weight_ih, m.weight_hh, m.bias_ih, m.bias_hh)\n(h.sum() + c.sum()).backward()\nq(h), q(c), q(m.weight_ih.grad)",
		"m = nn.GRUCell(4, 3, bias=False)\nh = torch.gru_cell(x[1], torch.ones(3, 3), m.weight_ih, m.weight_hh)\nh.sum().backward()\nq(h), q(x.grad)[:16]",
		"m = nn.RNNCell(4, 3)\nq(torch.rnn_tanh_cell(x[2], torch.ones(3, 3), m.weight_ih, m.weight_hh, m.bias_ih, m.bias_hh)), q(torch.rnn_relu_cell(x[2], torch.ones(3, 3), m.weight_ih, m.weight_hh, m.bias_ih))",
	}
	langtest.CheckMatchesTorch(t, prelude, srcs)
}
