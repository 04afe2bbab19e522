package lang

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
)

// nnErrorCases are programs whose last statement fails in PyTorch and must
// fail in kael with the same exception and message. Each runs after
// import torch and import torch.nn as nn.
var nnErrorCases = []string{
	"nn.Sequential(nn.Linear(2, 2))[5]",
	"nn.ModuleList([nn.ReLU()])[-2]",
	"l = nn.Linear(2, 2)\nl.weight = torch.ones(2, 2)",
	"l = nn.Linear(2, 2)\nl.sub = nn.ReLU()\nl.sub = 3",
	"l = nn.Linear(2, 2)\nl.register_buffer('running', torch.zeros(2))\nl.running = 'x'",
	"nn.Linear(2, 2).load_state_dict({'weight': torch.zeros(2, 2), 'bias': torch.zeros(3), 'extra': torch.zeros(1)})",
	"nn.Sequential(nn.Linear(2, 2), nn.ReLU(), nn.Linear(2, 1)).load_state_dict({'0.weight': torch.zeros(2, 2)})",
	"nn.Dropout(1.5)",
	"nn.Linear(2, 2).to(torch.int64)",
	"nn.ModuleList([nn.ReLU()])(torch.ones(1))",
	"nn.MSELoss(reduction='avg')(torch.zeros(2), torch.zeros(2))",
	"nn.Conv2d(3, 4, 3, groups=2)",
	"nn.Conv2d(4, 3, 3, groups=2)",
	"nn.Conv2d(1, 1, 3, stride=2, padding='same')",
	"nn.Embedding(4, 2, padding_idx=4)",
	"nn.BCEWithLogitsLoss()(torch.zeros(3), torch.zeros(2))",
	"nn.BCELoss()(torch.tensor([1.5]), torch.tensor([1.0]))",
	"nn.ModuleDict({'a': nn.ReLU()})['b']",
	"nn.LSTM(3, 4, dropout=1.5)",
	"nn.RNN(3, 4, nonlinearity='gelu')",
	"nn.GRU(3, 0)",
	"nn.LSTM(3, 4)(torch.zeros(2, 5, 2))",
	"nn.LSTM(3, 4)(torch.zeros(2, 5, 3), (torch.zeros(1, 5, 4), torch.zeros(1, 4, 4)))",
	"nn.LSTM(3, 4)(torch.zeros(2, 5, 3), (torch.zeros(5, 4), torch.zeros(1, 5, 4)))",
	"nn.LSTM(3, 4)(torch.zeros(5, 3), (torch.zeros(1, 1, 4), torch.zeros(1, 4)))",
	"nn.GRU(3, 4, num_layers=2)(torch.zeros(2, 5, 3), torch.zeros(1, 5, 4))",
	"nn.GRU(3, 4)(torch.zeros(2, 5, 3), torch.zeros(5, 4))",
	"nn.RNN(3, 4)(torch.zeros(5, 3), torch.zeros(1, 1, 4))",
	"nn.RNN(3, 4)(torch.zeros(1, 2, 5, 3))",
	"nn.LSTMCell(3, 4)(torch.zeros(1, 2, 3))",
	"nn.GRUCell(3, 4)(torch.zeros(2, 2))",
	"nn.RNNCell(3, 4)(torch.zeros(2, 3), torch.zeros(3, 4))",
	"nn.RNNCell(3, 4)(torch.zeros(2, 3), torch.zeros(2, 5))",
	"nn.LSTMCell(3, 4)(torch.zeros(2, 3), (torch.zeros(2, 4), torch.zeros(2, 3)))",
	"nn.utils.clip_grad_norm_(nn.Linear(2, 2).parameters(), 1.0)",
	"nn.utils.vector_to_parameters([1.0], nn.Linear(2, 2).parameters())",
	"nn.utils.rnn.pad_sequence([])",
	"nn.utils.rnn.pack_padded_sequence(torch.zeros(4, 3, 2), [2, 4, 1])",
	"nn.utils.rnn.pack_padded_sequence(torch.zeros(4, 3, 2), [2, 1])",
	"nn.utils.rnn.pack_padded_sequence(torch.zeros(4, 3, 2), [3, 2, 0])",
	"p = nn.utils.rnn.pack_padded_sequence(torch.zeros(4, 3, 2), [4, 2, 1])\nnn.utils.rnn.pad_packed_sequence(p, total_length=3)",
	"p = nn.utils.rnn.pack_padded_sequence(torch.zeros(4, 3, 2), [4, 2, 1])\nnn.LSTM(3, 2)(p)",
	"nn.GLU()(torch.zeros(2, 3))",
	"nn.BatchNorm2d(3)(torch.zeros(2, 3, 4))",
	"nn.BatchNorm1d(3)(torch.zeros(2, 3, 4, 5))",
	"nn.BatchNorm1d(3)(torch.zeros(1, 3))",
	"nn.BatchNorm1d(3)(torch.zeros(4, 2))",
	"nn.InstanceNorm2d(3)(torch.zeros(2, 3))",
	"nn.InstanceNorm1d(3)(torch.zeros(2, 3, 1))",
	"nn.GroupNorm(3, 4)",
	"nn.functional.pad(torch.zeros(1, 1, 3, 3), (3, 3), mode='reflect')",
	"nn.functional.pad(torch.zeros(1, 1, 3, 3), (1, 1, 1))",
	"nn.ReflectionPad2d(3)(torch.zeros(1, 1, 3, 3))",
	"nn.functional.interpolate(torch.zeros(1, 1, 3, 3), scale_factor=2, mode='linear')",
	"nn.functional.interpolate(torch.zeros(1, 1, 3, 3), size=2, scale_factor=2)",
	"nn.functional.interpolate(torch.zeros(1, 1, 3, 3))",
	"nn.Upsample(scale_factor=2, align_corners=True)(torch.zeros(1, 1, 3, 3))",
	"nn.PixelShuffle(2)(torch.zeros(1, 3, 2, 2))",
	"nn.PixelUnshuffle(2)(torch.zeros(1, 1, 3, 4))",
	"nn.AvgPool2d(2, padding=2)(torch.zeros(1, 1, 4, 4))",
	"nn.Dropout1d()(torch.zeros(2, 3, 4, 5))",
	"nn.Dropout2d(1.5)",
	"nn.CrossEntropyLoss(label_smoothing=1.5)(torch.zeros(2, 3), torch.tensor([0, 1]))",
	"nn.CrossEntropyLoss(weight=torch.ones(2))(torch.zeros(2, 3), torch.tensor([0, 1]))",
	"nn.NLLLoss(weight=torch.ones(3))(torch.zeros(2, 3), torch.tensor([0, 3]))",
	"nn.NLLLoss(weight=torch.ones(3))(torch.zeros(2, 3), torch.tensor([0, 1, 2]))",
	"nn.SmoothL1Loss(beta=-1.0)(torch.zeros(2), torch.zeros(2))",
	"nn.HuberLoss(delta=0.0)(torch.zeros(2), torch.zeros(2))",
	"nn.KLDivLoss(reduction='avg')(torch.zeros(2), torch.zeros(2))",
	"nn.GroupNorm(0, 4)",
	"nn.functional.group_norm(torch.zeros(2, 4, 3), 3)",
	"nn.GLU(dim=2)(torch.zeros(2, 4))",
	"nn.PReLU(3)(torch.zeros(2, 4))",
	"nn.Softmax2d()(torch.zeros(2, 4))",
	"x = torch.ones(2, requires_grad=True)\nnn.ELU(inplace=True)(x)",
	"nn.functional.leaky_relu(torch.tensor([1, 2]))",
	"l = nn.Linear(2, 2)\nl(torch.ones(2)).sum().backward()\nl.weight.grad[0, 0] = float('nan')\nnn.utils.clip_grad_norm_(l.parameters(), 1.0, error_if_nonfinite=True)",
}

// TestNNErrorsMatchPyTorch runs nnErrorCases in kael and in Debian's
// PyTorch and compares the exception kinds and messages.
func TestNNErrorsMatchPyTorch(t *testing.T) {
	requireTorch(t)
	const harness = `
import json, sys, torch, warnings
import torch.nn as nn
warnings.simplefilter("ignore")
out = []
for src in json.load(sys.stdin):
    try:
        exec(src, {"torch": torch, "nn": nn})
        out.append("no error")
    except Exception as e:
        msg = str(e)
        if isinstance(e, KeyError) and len(e.args) == 1 and isinstance(e.args[0], str) and not msg.startswith("'"):
            msg = repr(e.args[0])
        out.append(type(e).__name__ + ": " + msg)
json.dump(out, sys.stdout)
`
	want := runTorchHarness(t, harness, nnErrorCases)
	for i, src := range nnErrorCases {
		got := "no error"
		r := NewSession(IO{}).Exec(context.Background(), "", "import torch\nimport torch.nn as nn\n"+src)
		if r.Err != nil {
			got = string(r.Err.Kind) + ": " + r.Err.Msg
		}
		if got != want[i] {
			t.Errorf("%s\n kael: %s\ntorch: %s", src, got, want[i])
		}
	}
}

// requireTorch skips the test where Debian's python3 cannot import
// torch, unless KAEL_REQUIRE_TORCH demands it.
func requireTorch(t *testing.T) {
	t.Helper()
	if err := exec.Command(debianPython, "-c", "import torch").Run(); err != nil {
		if os.Getenv("KAEL_REQUIRE_TORCH") != "" {
			t.Fatalf("KAEL_REQUIRE_TORCH is set but %s cannot import torch: %v", debianPython, err)
		}
		t.Skipf("%s with torch is not available: %v", debianPython, err)
	}
}

// runTorchHarness runs a Python program that reads the JSON of input on
// stdin and writes a JSON list of strings.
func runTorchHarness(t *testing.T, harness string, input any) []string {
	t.Helper()
	in, _ := json.Marshal(input)
	cmd := exec.Command(debianPython, "-c", harness)
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	raw, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3: %v\n%s", err, stderr.String())
	}
	var out []string
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestNNInitMatchesPyTorch checks the default initialisation of every
// layer with parameters, bit for bit, against PyTorch's under the same
// seed (within float32 rounding where PyTorch runs its DEFAULT kernels:
// reftest.TorchStreamTolerance): each program builds layers after
// torch.manual_seed and prints their state dicts as lists.
func TestNNInitMatchesPyTorch(t *testing.T) {
	requireTorch(t)
	tol, err := reftest.TorchStreamTolerance(debianPython)
	if err != nil {
		t.Fatal(err)
	}
	programs := []string{
		"torch.manual_seed(0)\nm = nn.Linear(5, 3)",
		"torch.manual_seed(1)\nm = nn.Sequential(nn.Linear(3, 4), nn.Linear(4, 2, bias=False))",
		"torch.manual_seed(2)\nm = nn.Conv2d(3, 6, 5)",
		"torch.manual_seed(3)\nm = nn.Conv2d(4, 2, (3, 2), groups=2)",
		"torch.manual_seed(4)\nm = nn.Embedding(6, 4, padding_idx=2)",
		"torch.manual_seed(5)\nm = nn.LayerNorm([2, 3])",
		"torch.manual_seed(6)\nm = nn.Linear(3, 2, dtype=torch.float64)",
		"torch.manual_seed(7)\nm = nn.LSTM(5, 7, num_layers=2, bidirectional=True)",
		"torch.manual_seed(8)\nm = nn.GRU(4, 3, bias=False, dtype=torch.float64)",
		"torch.manual_seed(9)\nm = nn.RNN(3, 6, 3, nonlinearity='relu', batch_first=True)",
		"torch.manual_seed(10)\nm = nn.Sequential(nn.LSTMCell(3, 5), nn.GRUCell(5, 2), nn.RNNCell(2, 2, bias=False))",
	}
	const dump = "\nprint(m)\nfor k, v in m.state_dict().items():\n    print(k, v.tolist())\n"
	const harness = `
import contextlib, io, json, sys, torch
import torch.nn as nn
out = []
for src in json.load(sys.stdin):
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        exec(src, {"torch": torch, "nn": nn})
    out.append(buf.getvalue())
json.dump(out, sys.stdout)
`
	full := make([]string, len(programs))
	for i, p := range programs {
		full[i] = p + dump
	}
	want := runTorchHarness(t, harness, full)
	for i, src := range full {
		var out strings.Builder
		r := NewSession(IO{Stdout: &out}).Exec(context.Background(), "", "import torch\nimport torch.nn as nn\n"+src)
		if r.Err != nil {
			t.Fatalf("%s: %s", programs[i], r.Err.Render())
		}
		if err := reftest.CompareText(out.String(), want[i], tol); err != nil {
			t.Errorf("%s\nkael:\n%s\ntorch:\n%s\n%v", programs[i], out.String(), want[i], err)
		}
	}
}

// TestActivationFloat32BitsMatchTorch compares float32 activations whose
// kernels follow PyTorch's float32 arithmetic bit for bit: leaky_relu takes
// its slope as a float32 (0.2 is not one), forward and backward.
func TestActivationFloat32BitsMatchTorch(t *testing.T) {
	prelude := "import torch, struct\nimport torch.nn.functional as F\n" +
		"x = torch.tensor([-1.3, -0.7, 2.0, -3.3, -1e-3, 0.0, -0.0, 5e-39, -7.77], requires_grad=True)\n" +
		"g = torch.tensor([0.3, -1.1, 2.5, 0.7, 1e-3, 1.0, 1.0, 3.0, -2.2])\n" +
		"bits = lambda t: [struct.unpack('<I', struct.pack('<f', v))[0] for v in t.tolist()]\n"
	checkMatchesTorch(t, prelude, []string{
		"bits(F.leaky_relu(x, 0.2))",
		"bits(F.leaky_relu(x, 0.01))",
		"bits(torch.autograd.grad(F.leaky_relu(x, 0.2), x, g)[0])",
		"bits(torch.autograd.grad(F.leaky_relu(x, 1/3), x, g)[0])",
		"bits(F.leaky_relu(x.detach().to(torch.bfloat16), 0.2).float())",
	})
}

// TestSiluSoftplusFloat32MatchTorch compares float32 silu and softplus
// (F.silu, nn.SiLU, F.softplus, nn.Softplus), values and gradients, with
// PyTorch's float32 kernels: the same expressions in float32, their exp
// within an ulp of PyTorch's Sleef exp, so within 4e-7 relative (a few
// float32 ulps), 1e-7 absolute where silu's gradient 1 + x·(1 - s)
// cancels near its zero (x ≈ -1.278): an ulp of its terms, of order one,
// times g·s. Infinities and NaN must print as PyTorch's.
func TestSiluSoftplusFloat32MatchTorch(t *testing.T) {
	const prelude = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n" +
		"torch.manual_seed(0)\n" +
		"x = torch.cat([(torch.rand(300) - 0.5) * 60, torch.tensor([-1.278, -88.5, -104.0, 88.8, 19.9, 20.1, 0.0, -0.0, 1e-30, float('inf'), float('-inf'), float('nan')])]).requires_grad_(True)\n" +
		"g = torch.cat([torch.rand(300) - 0.5, torch.ones(12)])\n" +
		"def show(f):\n    y = f(x)\n    print(y.dtype, y.tolist())\n    print(torch.autograd.grad(y, x, g[:y.numel()].reshape(y.shape))[0].tolist())\n"
	programs := []string{
		"show(F.silu)",
		"show(nn.SiLU())",
		"show(F.softplus)",
		"show(lambda t: F.softplus(t, beta=2.0, threshold=5.0))",
		"show(nn.Softplus(beta=0.7, threshold=3.0))",
		"show(lambda t: F.silu(t[::3]))",
		"show(lambda t: F.softplus(t.reshape(12, 26).t()))",
	}
	const harness = `
import contextlib, io, json, sys, torch
out = []
for src in json.load(sys.stdin):
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        exec(src, {})
    out.append(buf.getvalue())
json.dump(out, sys.stdout)
`
	full := make([]string, len(programs))
	for i, p := range programs {
		full[i] = prelude + p
	}
	want := runTorchHarness(t, harness, full)
	for i, src := range full {
		var out strings.Builder
		r := NewSession(IO{Stdout: &out}).Exec(context.Background(), "", src)
		if r.Err != nil {
			t.Fatalf("%s: %s", programs[i], r.Err.Render())
		}
		if err := reftest.CompareText(out.String(), want[i], reftest.Tolerance{Rel: 4e-7, Abs: 1e-7}); err != nil {
			t.Errorf("%s: %v", programs[i], err)
		}
	}
}
