package lang

import "testing"

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
		{"x = zeros(2)\nx.to(torch.device('cpu'), float64).dtype, x.to('cpu', dtype=int64).dtype", "(float64, int64)"},
		{"torch.cuda.is_available()", "False"},
		{"dev = torch.device('cuda' if torch.cuda.is_available() else 'cpu')\nones(2, device=dev).device", "device(type='cpu')"},
		{"zeros(2, device='cpu').shape, ones(1, device='cpu:0').shape", "(torch.Size([2]), torch.Size([1]))"},
		{"tensor([1, 2], device='cpu').tolist()", "[1, 2]"},
		{"for f in [zeros, ones, empty, rand, randn]:\n    f(2, device='cpu')\narange(3, device='cpu').tolist(), linspace(0, 1, 2, device='cpu').tolist(), eye(1, device='cpu').tolist()", "([0, 1, 2], [0.0, 1.0], [[1.0]])"},
		{"x = ones(2)\nzeros_like(x, device='cpu').tolist(), full((1,), 2.0, device='cpu').tolist(), randint(0, 1, (2,), device='cpu').tolist()", "([0.0, 0.0], [2.0], [0, 0])"},
		{"{torch.device('cpu'): 1}[torch.device('cpu')]", "1"},
		// Refusals.
		{"zeros(2, device='cuda')", "RuntimeError: kael has no CUDA device here: tensors live on the CPU (the CUDA backend is not written yet)"},
		{"ones(2).to(torch.device('cuda:0'))", "RuntimeError: kael has no CUDA device here: tensors live on the CPU (the CUDA backend is not written yet)"},
		{"ones(2).cuda()", "RuntimeError: kael has no CUDA device here: tensors live on the CPU (the CUDA backend is not written yet)"},
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
