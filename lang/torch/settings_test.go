package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// printedTensors are tensors whose printing the options change: ints,
// floats of varied magnitudes, integer-valued floats, large tensors that
// summarise, complex and bool.
var printedTensors = []string{
	"torch.tensor([1, -20, 300])",
	"torch.tensor([1.5, 2.25, -3.0])",
	"torch.tensor([0.001234, 12.5, 3.75])",
	"torch.tensor([1e-5, 2.5, 3.0])",
	"torch.tensor([1e9, 2.0])",
	"torch.tensor([1.0, 2.0, 3000.0])",
	"torch.tensor([0.0, 0.0])",
	"torch.tensor([1.0, float('nan'), float('inf')], dtype=torch.float64)",
	"torch.arange(2000.0).reshape(40, 50) / 7",
	"torch.arange(30).reshape(5, 6)",
	"torch.tensor([1.25 + 2j, -3.5 - 0.125j])",
	"torch.tensor([True, False])",
	"torch.tensor(3.14159)",
	"torch.linspace(0, 1, 12)",
}

// printOptionSets are set_printoptions calls, each printing the tensors
// above.
var printOptionSets = []string{
	"precision=2",
	"precision=6",
	"sci_mode=True",
	"sci_mode=False",
	"precision=1, sci_mode=True",
	"threshold=5",
	"threshold=5, edgeitems=1",
	"linewidth=30",
	"profile='short'",
	"profile='full'",
	"profile='short', precision=5",
	"threshold=float('inf')",
}

// TestSetPrintOptionsMatchesTorch prints each tensor under each option set
// and compares the repr with PyTorch's; every source restores the default
// profile, which also resets sci_mode, before it ends.
func TestSetPrintOptionsMatchesTorch(t *testing.T) {
	var srcs []string
	for _, opts := range printOptionSets {
		src := "import torch\ntorch.set_printoptions(" + opts + ")\nr = [\n"
		for _, x := range printedTensors {
			src += "  repr(" + x + "),\n"
		}
		src += "]\ntorch.set_printoptions(profile='default')\n'\\n'.join(r)"
		srcs = append(srcs, src)
	}
	srcs = append(srcs,
		"import torch\ntorch.set_printoptions(precision=2)\ntorch.set_printoptions(linewidth=40)\nr = repr(torch.tensor([1.12345, 2.5]))\ntorch.set_printoptions(profile='default')\nr",
		"import torch\ntorch.set_printoptions(sci_mode=True)\ntorch.set_printoptions(precision=3)\nr = repr(torch.tensor([1.12345, 2.5]))\ntorch.set_printoptions(profile='default')\nr",
		"import torch\ntorch.set_printoptions(profile='nonsense')\nrepr(torch.tensor([1.12345, 2.5]))",
	)
	langtest.CheckMatchesTorch(t, "", srcs)
}

// TestGlobalSettingsMatchTorch holds the thread, determinism, precision
// and warning flags to PyTorch's getters and errors; each source puts back
// what it changed.
func TestGlobalSettingsMatchTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, "import torch\n", []string{
		"n = torch.get_num_threads()\ntorch.set_num_threads(1)\nr = torch.get_num_threads()\ntorch.set_num_threads(n)\nr, torch.get_num_threads() == n",
		"torch.set_num_threads(0)",
		"torch.set_num_threads(-3)",
		"torch.set_num_threads(2.5)",
		"torch.set_num_interop_threads(0)",
		"torch.init_num_threads() is None",
		"torch.are_deterministic_algorithms_enabled(), torch.is_deterministic_algorithms_warn_only_enabled(), torch.get_deterministic_debug_mode()",
		"torch.use_deterministic_algorithms(True)\nr = torch.are_deterministic_algorithms_enabled(), torch.get_deterministic_debug_mode()\ntorch.use_deterministic_algorithms(False)\nr",
		"torch.use_deterministic_algorithms(True, warn_only=True)\nr = torch.is_deterministic_algorithms_warn_only_enabled(), torch.get_deterministic_debug_mode()\ntorch.use_deterministic_algorithms(False)\nr",
		"torch.use_deterministic_algorithms(1)",
		"r = []\nfor m in ['warn', 'error', 'default', 1, 2, 0]:\n    torch.set_deterministic_debug_mode(m)\n    r.append((torch.get_deterministic_debug_mode(), torch.are_deterministic_algorithms_enabled()))\nr",
		"torch.set_deterministic_debug_mode(3)",
		"torch.set_deterministic_debug_mode('loud')",
		"torch.set_deterministic_debug_mode(1.0)",
		"torch.get_float32_matmul_precision()",
		"r = []\nfor p in ['high', 'medium', 'highest']:\n    torch.set_float32_matmul_precision(p)\n    r.append(torch.get_float32_matmul_precision())\nr",
		"torch.is_warn_always_enabled()",
		"torch.set_warn_always(True)\nr = torch.is_warn_always_enabled()\ntorch.set_warn_always(False)\nr, torch.is_warn_always_enabled()",
		"torch.set_warn_always(1)",
		"torch.set_flush_denormal(1)",
	})
}

// TestSetFlushDenormal checks kael's answer where PyTorch's depends on the
// CPU: kael never flushes subnormals, says so with False, and keeps them.
func TestSetFlushDenormal(t *testing.T) {
	langtest.CheckCellCases(t, "import torch\n", []langtest.Case{
		{Src: "torch.set_flush_denormal(True), (torch.tensor([1e-40]) * 1).item() > 0", Want: "(False, True)"},
		{Src: "torch.set_flush_denormal(False)", Want: "False"},
	})
}

// TestPrintPrecisionBounded checks that a precision past what can be
// printed is refused and changes nothing (PyTorch takes it and hangs).
func TestPrintPrecisionBounded(t *testing.T) {
	langtest.CheckCellCases(t, "import torch\n", []langtest.Case{
		{Src: "torch.set_printoptions(precision=10**9)", Want: "ValueError: precision too big: tensors print at most 1000000 digits after the point"},
		{Src: "torch.set_printoptions(precision=2)\ntry:\n    torch.set_printoptions(precision=10**9)\nexcept ValueError:\n    pass\nx = str(torch.tensor([1.5]))\ntorch.set_printoptions(profile='default')\nx", Want: "'tensor([1.50])'"},
	})
}

// TestLayoutsAndVersionMatchTorch checks the layout and memory-format
// objects, contiguous() and clone() with memory_format=, x.layout, the
// inference-mode queries, set_default_tensor_type and torch.version.
func TestLayoutsAndVersionMatchTorch(t *testing.T) {
	x := "import torch\nx = torch.arange(24.).reshape(1, 2, 3, 4)\n"
	langtest.CheckMatchesTorch(t, "", []string{
		x + "torch.strided, torch.layout, type(torch.strided), torch.memory_format, x.layout, isinstance(torch.strided, torch.layout)",
		x + "torch.contiguous_format, torch.channels_last, torch.channels_last_3d, torch.preserve_format, torch.legacy_contiguous_format, type(torch.channels_last)",
		x + "str(torch.strided), torch.strided == torch.strided, torch.channels_last == torch.contiguous_format, {torch.strided: 1}[torch.strided]",
		x + "y = x.contiguous(memory_format=torch.channels_last)\ny.stride(), y.is_contiguous(), bool((y == x).all()), y.contiguous(memory_format=torch.channels_last) is y, y.contiguous().stride()",
		x + "x.contiguous() is x, x.contiguous(memory_format=torch.contiguous_format) is x, x.contiguous(memory_format=torch.preserve_format) is x",
		x + "c = x.clone(memory_format=torch.channels_last)\nc.stride(), bool((c == x).all()), x.clone(memory_format=torch.contiguous_format).stride(), x.clone().stride()",
		x + "torch.clone(x, memory_format=torch.channels_last).stride()",
		x + "x.reshape(2, 3, 4).contiguous(memory_format=torch.channels_last)",
		x + "x.reshape(1, 2, 3, 4, 1).contiguous(memory_format=torch.channels_last_3d).stride()",
		x + "x.contiguous(memory_format=torch.channels_last_3d)",
		x + "x.contiguous(memory_format=torch.strided)",
		x + "x.clone(memory_format=3)",
		x + "w = x.clone().requires_grad_()\nw.contiguous(memory_format=torch.channels_last).sum().backward()\nw.grad.sum()",
		x + "torch.layout()",
		"import torch\ntorch.is_inference_mode_enabled(), torch.zeros(2).is_inference(), torch.is_inference(torch.zeros(2))",
		"import torch\nwith torch.inference_mode():\n    a = torch.is_inference_mode_enabled()\n    with torch.inference_mode(False):\n        b = torch.is_inference_mode_enabled()\n    c = torch.is_inference_mode_enabled()\na, b, c, torch.is_inference_mode_enabled()",
		"import torch\ntorch.set_default_tensor_type('torch.FloatTensor')\ntorch.set_default_tensor_type(torch.FloatTensor)\ntorch.get_default_dtype(), torch.tensor([1.5]).dtype",
		"import torch\ntorch.set_default_tensor_type('torch.LongTensor')",
		"import torch\ntorch.set_default_tensor_type(torch.IntTensor)",
		"import torch\ntorch.set_default_tensor_type('foo')",
		"import torch\ntorch.set_default_tensor_type(3)",
		"import torch\ntorch.version.cuda, torch.version.debug, type(torch.version.__version__), torch.version.__version__ == torch.__version__, torch.__version__[:4]",
		"import torch.version\ntorch.version.git_version == 'Unknown' or len(torch.version.git_version) == 40",
	})
}

// TestAnomalyDetectionMatchesTorch checks the anomaly-mode switches and
// the error a NaN gradient raises while detection is on.
func TestAnomalyDetectionMatchesTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, "import torch\nx = torch.tensor([0.0, 1.0], requires_grad=True)\n", []string{
		"torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled()",
		"with torch.autograd.detect_anomaly():\n    (x.sqrt() * 0).sum().backward()",
		"with torch.autograd.detect_anomaly(check_nan=False):\n    (x.sqrt() * 0).sum().backward()\nx.grad, torch.is_anomaly_enabled()",
		"(x.sqrt() * 0).sum().backward()\nx.grad",
		"with torch.autograd.set_detect_anomaly(True):\n    a = torch.is_anomaly_enabled()\n    (x * 2).sum().backward()\na, x.grad, torch.is_anomaly_enabled()",
		"torch.autograd.set_detect_anomaly(True)\ntry:\n    y = torch.tensor([-1.0, 4.0], requires_grad=True)\n    (y.log() * torch.tensor([1.0, float('nan')])).sum().backward()\nfinally:\n    torch.autograd.set_detect_anomaly(False)",
		"torch.set_anomaly_enabled(True, False)\nr = torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled()\ntorch.set_anomaly_enabled(False)\nr, torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled()",
		"from torch.autograd import anomaly_mode\nwith anomaly_mode.detect_anomaly():\n    (torch.stack([x, x]).sqrt() * 0).sum().backward()",
	})
}
