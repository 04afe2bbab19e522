package lang

import (
	"testing"
)

// out= as in PyTorch 1.13: the result goes into out (cast to its dtype when
// PyTorch's can_cast allows it) and out is returned.
func TestOut(t *testing.T) {
	tests := []struct{ src, want string }{
		{"a, b = tensor([1., 2.]), tensor([3., 4.])\nc = empty(2)\nr = add(a, b, out=c)\nr is c, c.tolist()", "(True, [4.0, 6.0])"},
		{"d = zeros(2, dtype=float64)\ntorch.add(tensor([1., 2.]), 1, out=d)\nd.dtype, d.tolist()", "(torch.float64, [2.0, 3.0])"},
		{"i = zeros(2, dtype=int64)\ntorch.add(tensor([1, 2]), 1, out=i).tolist()", "[2, 3]"},
		{"f = zeros(2)\ntorch.gt(tensor([1., 2.]), 1.5, out=f).tolist()", "[0.0, 1.0]"},
		{"torch.sum(ones(2, 2), dim=0, out=zeros(2)).tolist()", "[2.0, 2.0]"},
		{"torch.mean(ones(2, 2), 1, out=zeros(2)).tolist()", "[1.0, 1.0]"},
		{"torch.matmul(eye(2), ones(2, 2), out=zeros(2, 2)).tolist()", "[[1.0, 1.0], [1.0, 1.0]]"},
		{"torch.exp(zeros(2), out=empty(2)).tolist()", "[1.0, 1.0]"},
		{"torch.cat([ones(1), zeros(1)], out=empty(2)).tolist()", "[1.0, 0.0]"},
		{"x = ones(3)\ny = x[1:]\ntorch.mul(ones(2), 5, out=y)\nx.tolist()", "[1.0, 5.0, 5.0]"},
		{"w = ones(2, requires_grad=True)\nwith no_grad():\n    torch.mul(w, 2, out=zeros(2)).tolist()", "<none>"},
		{"torch.add(tensor([1.]), 1, out=None).tolist()", "[2.0]"},
		// Refusals.
		{"torch.add(tensor([1.]), 1, out=zeros(1, dtype=int64))", "RuntimeError: result type float32 can't be cast to the desired output type int64"},
		{"w = ones(2, requires_grad=True)\ntorch.mul(w, 2, out=zeros(2))", "RuntimeError: mul(): functions with out=... arguments don't support automatic differentiation, but one of the arguments requires grad."},
		{"torch.add(tensor([1.]), 1, out=[0.0])", "TypeError: add(): argument 'out' must be Tensor, not list"},
	}
	for _, tt := range tests {
		if got := run(t, tt.src); got != tt.want {
			t.Errorf("%s\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}
