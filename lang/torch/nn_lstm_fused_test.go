package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestLSTMLayersMatchTorch checks nn.LSTM, whose time steps are fused
// cells (autograd.FusedLSTMCell), against Debian's PyTorch 1.13, whose CPU
// LSTM composes each step from separate operations: outputs, final states
// and the gradients of the input, the initial states and every parameter,
// to five significant digits (float32 through several layers and steps),
// for several layers, both directions, batch_first, dropout between layers
// (PyTorch's random stream), float64, unbatched and packed input, no bias,
// hidden sizes that are not a multiple of the vector width, and the
// grad_fn of the outputs.
func TestLSTMLayersMatchTorch(t *testing.T) {
	prelude := nnPrelude + `q = lambda t: [float('%.5g' % v) for v in t.flatten().tolist()]
def grads(m, x, *states):
    return [q(x.grad)[:12]] + [q(s.grad)[:12] for s in states] + [q(p.grad)[:12] for p in m.parameters()]
def run(m, x, h0=None, c0=None):
    x.requires_grad_(True)
    if h0 is None:
        out, (h, c) = m(x)
        states = ()
    else:
        h0.requires_grad_(True)
        c0.requires_grad_(True)
        out, (h, c) = m(x, (h0, c0))
        states = (h0, c0)
    ((out * out).sum() + (h * 1.5).sum() + (c * c).sum()).backward()
    return q(out)[:12], q(h)[:12], q(c)[:12], grads(m, x, *states)
`
	srcs := []string{
		"m = nn.LSTM(5, 7, num_layers=2)\nrun(m, torch.randn(6, 3, 5), torch.randn(2, 3, 7), torch.randn(2, 3, 7))",
		"m = nn.LSTM(4, 13, num_layers=3, bidirectional=True, batch_first=True)\nrun(m, torch.randn(2, 9, 4))",
		"m = nn.LSTM(4, 6, num_layers=3, dropout=0.3)\nm.train()\nrun(m, torch.randn(5, 4, 4))",
		"m = nn.LSTM(4, 6, num_layers=2, dropout=0.3)\nm.eval()\nrun(m, torch.randn(5, 4, 4))",
		"m = nn.LSTM(3, 5, num_layers=2, bidirectional=True, dtype=torch.float64)\nrun(m, torch.randn(4, 2, 3, dtype=torch.float64), torch.randn(4, 2, 5, dtype=torch.float64), torch.randn(4, 2, 5, dtype=torch.float64))",
		"m = nn.LSTM(3, 4, bias=False)\nrun(m, torch.randn(7, 3))",
		"m = nn.LSTM(3, 16, num_layers=2)\nrun(m, torch.randn(1, 2, 3), torch.randn(2, 2, 16), torch.zeros(2, 2, 16))",
		"m = nn.LSTM(3, 16)\nrun(m, torch.randn(12, 8, 3))",
		// 35 steps: weight_hh's step gradients summed in place (autograd.LinearT).
		"m = nn.LSTM(10, 24, num_layers=2, dropout=0.2)\nrun(m, torch.randn(35, 4, 10))",
		"m = nn.LSTM(4, 8)\nseen = []\nm.weight_hh_l0.register_hook(lambda g: seen.append(q(g)[:6]))\nrun(m, torch.randn(9, 3, 4)), seen",
		"m = nn.LSTM(3, 4, bidirectional=True)\nx = torch.randn(5, 3, 3, requires_grad=True)\np = nn.utils.rnn.pack_padded_sequence(x, [5, 3, 2])\nout, (h, c) = m(p)\nout, n = nn.utils.rnn.pad_packed_sequence(out)\n((out * out).sum() + h.sum() + (c * c).sum()).backward()\nq(out)[:12], q(h), q(c), n.tolist(), grads(m, x)",
		"m = nn.LSTM(3, 4, num_layers=2)\nout, (h, c) = m(torch.randn(2, 1, 3))\nout.grad_fn.name(), h.grad_fn.name(), c.grad_fn.name()",
		"m = nn.LSTM(3, 4)\nwith torch.no_grad():\n    out, (h, c) = m(torch.randn(2, 1, 3))\nout.requires_grad, h.grad_fn, q(c)",
	}
	langtest.CheckMatchesTorch(t, prelude, srcs)
}

// TestGRULayersMatchTorch is TestLSTMLayersMatchTorch for nn.GRU, whose
// time steps are fused cells too (autograd.FusedGRUCell).
func TestGRULayersMatchTorch(t *testing.T) {
	prelude := nnPrelude + `q = lambda t: [float('%.5g' % v) for v in t.flatten().tolist()]
def run(m, x, h0=None):
    x.requires_grad_(True)
    states = ()
    if h0 is None:
        out, h = m(x)
    else:
        h0.requires_grad_(True)
        out, h = m(x, h0)
        states = (h0,)
    ((out * out).sum() + (h * 1.5).sum()).backward()
    return q(out)[:12], q(h)[:12], [q(x.grad)[:12]] + [q(s.grad)[:12] for s in states] + [q(p.grad)[:12] for p in m.parameters()]
`
	srcs := []string{
		"m = nn.GRU(5, 7, num_layers=2)\nrun(m, torch.randn(6, 3, 5), torch.randn(2, 3, 7))",
		"m = nn.GRU(4, 13, num_layers=3, bidirectional=True, batch_first=True)\nrun(m, torch.randn(2, 9, 4))",
		"m = nn.GRU(4, 6, num_layers=3, dropout=0.3)\nrun(m, torch.randn(5, 4, 4))",
		"m = nn.GRU(3, 5, num_layers=2, bidirectional=True, dtype=torch.float64)\nrun(m, torch.randn(4, 2, 3, dtype=torch.float64), torch.randn(4, 2, 5, dtype=torch.float64))",
		"m = nn.GRU(3, 16, bias=False)\nrun(m, torch.randn(12, 3))",
		"m = nn.GRU(3, 4, bidirectional=True)\nx = torch.randn(5, 3, 3, requires_grad=True)\np = nn.utils.rnn.pack_padded_sequence(x, [5, 3, 2])\nout, h = m(p)\nout, n = nn.utils.rnn.pad_packed_sequence(out)\n((out * out).sum() + h.sum()).backward()\nq(out)[:12], q(h), n.tolist(), q(x.grad), q(m.weight_hh_l0_reverse.grad)",
		"m = nn.GRU(3, 4, num_layers=2)\nout, h = m(torch.randn(2, 1, 3))\nout.grad_fn.name(), h.grad_fn.name()",
		"m = nn.GRUCell(3, 4)\nh = m(torch.randn(2, 3))\nh.grad_fn.name(), q(h)",
	}
	langtest.CheckMatchesTorch(t, prelude, srcs)
}
