package lang

import (
	"strconv"
	"strings"
	"testing"

	"github.com/kael-dev/kael/cuda"
)

// Devices behave as in PyTorch 1.13 on a machine without CUDA, except that
// a CUDA target is kael's RuntimeError rather than PyTorch's "Torch not
// compiled with CUDA enabled" AssertionError.
func TestDevices(t *testing.T) {
	tests := []struct{ src, want string }{
		{"torch.device('cpu')", "device(type='cpu')"},
		{"torch.device('cuda:0')", "device(type='cuda', index=0)"},
		{"torch.device('cuda', 1)", "device(type='cuda', index=1)"},
		{"str(torch.device('cuda:1')), str(torch.device('cpu'))", "('cuda:1', 'cpu')"},
		{"d = torch.device('cuda:0')\nd.type, d.index, torch.device('cpu').index", "('cuda', 0, None)"},
		{"torch.device('cpu') == torch.device('cpu'), torch.device('cpu') == 'cpu', torch.device('cpu') != torch.device('cuda')", "(True, False, True)"},
		{"zeros(2).device", "device(type='cpu')"},
		{"str(zeros(2).device)", "'cpu'"},
		{"zeros(2).device == torch.device('cpu')", "True"},
		{"x = zeros(2)\nx.cpu() is x, x.to('cpu') is x, x.to(torch.device('cpu')) is x, x.is_cuda, x.is_cpu", "(True, True, True, False, True)"},
		{"x = zeros(2)\nx.to(torch.device('cpu'), float64).dtype, x.to('cpu', dtype=int64).dtype", "(torch.float64, torch.int64)"},
		{"torch.cuda.is_available() == (torch.cuda.device_count() > 0)", "True"},
		{"dev = torch.device('cuda' if torch.cuda.is_available() else 'cpu')\nones(2, device=dev).device", "device(type='cpu')"},
		{"zeros(2, device='cpu').shape, ones(1, device='cpu:0').shape", "(torch.Size([2]), torch.Size([1]))"},
		{"tensor([1, 2], device='cpu').tolist()", "[1, 2]"},
		{"for f in [zeros, ones, empty, rand, randn]:\n    f(2, device='cpu')\narange(3, device='cpu').tolist(), linspace(0, 1, 2, device='cpu').tolist(), eye(1, device='cpu').tolist()", "([0, 1, 2], [0.0, 1.0], [[1.0]])"},
		{"x = ones(2)\nzeros_like(x, device='cpu').tolist(), full((1,), 2.0, device='cpu').tolist(), randint(0, 1, (2,), device='cpu').tolist()", "([0.0, 0.0], [2.0], [0, 0])"},
		{"{torch.device('cpu'): 1}[torch.device('cpu')]", "1"},
		// Refusals.
		{"zeros(2, device='cuda')", cudaRefusal(t)},
		{"ones(2).to(torch.device('cuda:0'))", cudaRefusal(t)},
		{"ones(2).cuda()", cudaRefusal(t)},
		{"zeros(2, device='mps')", "RuntimeError: kael has no 'mps' device: tensors live on the CPU"},
		{"torch.device('gpu')", "RuntimeError: Expected one of cpu, cuda, ipu, xpu, mkldnn, opengl, opencl, ideep, hip, ve, fpga, ort, xla, lazy, vulkan, mps, meta, hpu, privateuseone device type at start of device string: gpu"},
		{"torch.device('cuda:x')", "RuntimeError: Invalid device string: 'cuda:x'"},
		{"torch.device('cpu:-1')", "RuntimeError: Invalid device string: 'cpu:-1'"},
		{"torch.device('cuda:0', 1)", "RuntimeError: type (string) must not include an index because index was passed explicitly: cuda:0"},
		{"zeros(2, device=3.5)", "TypeError: expected a torch.device or a device string, not float"},
	}
	for _, tt := range tests {
		if got := run(t, tt.src); got != tt.want {
			t.Errorf("%s\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

// cudaRefusal is the error a CUDA target gets on this machine: package
// cuda's reason without a usable GPU, the missing device tensors with one.
func cudaRefusal(t *testing.T) string {
	t.Helper()
	if ok, err := cuda.Available(); !ok {
		return "RuntimeError: CUDA is not available: " + err.Error()
	}
	return "RuntimeError: kael found " + strconv.Itoa(cuda.DeviceCount()) + " CUDA device(s) but cannot place tensors on them yet: device tensors are not written (issue 18)"
}

// TestCUDAWithoutDriver checks the message on a machine without the NVIDIA
// driver, the common case, word for word.
func TestCUDAWithoutDriver(t *testing.T) {
	if _, err := cuda.Available(); err == nil || !strings.Contains(err.Error(), "not found") {
		t.Skipf("the NVIDIA driver library is present here: %v", err)
	}
	want := "RuntimeError: CUDA is not available: libcuda.so.1 not found (no NVIDIA driver on this machine)"
	for _, src := range []string{"zeros(2, device='cuda')", "ones(2).cuda()", "ones(2).to('cuda:0')"} {
		if got := run(t, src); got != want {
			t.Errorf("%s\n got %s\nwant %s", src, got, want)
		}
	}
	if got := run(t, "torch.cuda.is_available(), torch.cuda.device_count()"); got != "(False, 0)" {
		t.Errorf("got %s", got)
	}
}
