package lang

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// cell is a kael cell and the outcome it must have: what it printed followed
// by the repr of its value, or by "Kind: message" when it failed. A want
// starting with "~" need only be contained in the outcome.
type cell struct{ src, want string }

// runCells runs each cell in a fresh session and checks its outcome.
func runCells(t *testing.T, cells []cell) {
	t.Helper()
	for _, c := range cells {
		if got := cellOutcome(NewSession(IO{}), c.src); !matches(got, c.want) {
			t.Errorf("%s\n got %s\nwant %s", c.src, got, c.want)
		}
	}
}

// cellOutcome runs src in s and returns what it printed followed by the
// repr of its value or "Kind: message" of its error.
func cellOutcome(s *Session, src string) string {
	var out bytes.Buffer
	s.SetIO(IO{Stdout: &out})
	r := s.Exec(context.Background(), "", src)
	switch {
	case r.Err != nil:
		out.WriteString(string(r.Err.Kind) + ": " + r.Err.Msg)
	case r.Value != nil:
		out.WriteString(Repr(r.Value))
	}
	return out.String()
}

func matches(got, want string) bool {
	if sub, ok := strings.CutPrefix(want, "~"); ok {
		return strings.Contains(got, sub)
	}
	return got == want
}

func TestBuiltinsCreation(t *testing.T) {
	runCells(t, []cell{
		{"tensor([1, 2, 3])", "tensor([1, 2, 3])"},
		{"tensor([1, 2.5])", "tensor([1.0000, 2.5000])"},
		{"tensor([[True], [False]])", "tensor([[ True],\n        [False]])"},
		{"tensor([True, 2])", "tensor([1, 2])"},
		{"tensor(3), tensor(2.5), tensor(True)", "(tensor(3), tensor(2.5000), tensor(True))"},
		{"tensor(((1, 2), (3, 4))).shape", "torch.Size([2, 2])"},
		{"tensor([1, 2], dtype=float64)", "tensor([1., 2.], dtype=torch.float64)"},
		{"tensor([1, 2], dtype='float32').dtype, tensor([0, 3], dtype=bool)", "(torch.float32, tensor([False,  True]))"},
		{"tensor(tensor([1.5], dtype=float64)).dtype", "torch.float64"},
		{"x = tensor([1., 2.])\ny = tensor(x)\ny[0] = 5\nx", "tensor([1., 2.])"},
		{"tensor([1., 2.], requires_grad=True).requires_grad", "True"},
		{"tensor([1, 2], requires_grad=True)", "RuntimeError: Only Tensors of floating point and complex dtype can require gradients"},
		{"tensor('abc')", "TypeError: tensor(): argument 'data' must be a number, a list, a tuple or a Tensor, not str"},
		{"tensor([[1, 2], [3]])", "~ValueError: expected sequence of length 2"},
		{"tensor([1], dtype=3)", "TypeError: tensor(): argument 'dtype' must be dtype, not int"},
		{"tensor([1], dtyp=float32)", "TypeError: tensor() got an unexpected keyword argument 'dtyp'"},

		{"zeros(2, 3)", "tensor([[0., 0., 0.],\n        [0., 0., 0.]])"},
		{"zeros((2, 3)).shape, ones([4]).shape, empty(2, 1).shape", "(torch.Size([2, 3]), torch.Size([4]), torch.Size([2, 1]))"},
		{"ones(2, dtype=int64), ones(2, dtype=bool)", "(tensor([1, 1]), tensor([True, True]))"},
		{"zeros(2, requires_grad=True).requires_grad, zeros(2).requires_grad", "(True, False)"},
		{"zeros(2, 'a')", "TypeError: zeros(): size must be integers, got (2, 'a')"},
		{"full((2, 2), 7)", "tensor([[7, 7],\n        [7, 7]])"},
		{"full((2,), 1.5), full(3, True)", "(tensor([1.5000, 1.5000]), tensor([True, True, True]))"},
		{"full((2,), 7, dtype=float64)", "tensor([7., 7.], dtype=torch.float64)"},

		{"arange(4)", "tensor([0, 1, 2, 3])"},
		{"arange(1, 7, 2)", "tensor([1, 3, 5])"},
		{"arange(0, 1, 0.25)", "tensor([0.0000, 0.2500, 0.5000, 0.7500])"},
		{"arange(3.0).dtype, arange(3, dtype=float64).dtype", "(torch.float32, torch.float64)"},
		{"arange(5, 0, -2)", "tensor([5, 3, 1])"},
		{"arange(0, 3, 0)", "RuntimeError: step must be nonzero"},
		{"arange('a')", "TypeError: arange(): argument 'end' must be a number, not str"},
		{"linspace(0, 1, 5)", "tensor([0.0000, 0.2500, 0.5000, 0.7500, 1.0000])"},
		{"linspace(0, 1, steps=3, dtype=float64)", "tensor([0.0000, 0.5000, 1.0000], dtype=torch.float64)"},
		{"eye(2)", "tensor([[1., 0.],\n        [0., 1.]])"},
		{"eye(2, 3, dtype=int64)", "tensor([[1, 0, 0],\n        [0, 1, 0]])"},

		{"x = tensor([[1, 2]])\nzeros_like(x), ones_like(x, dtype=float32)", "(tensor([[0, 0]]), tensor([[1., 1.]]))"},
		{"full_like(tensor([1., 2.]), 3)", "tensor([3., 3.])"},
		{"empty_like(tensor([1, 2])).shape", "torch.Size([2])"},
		{"x = rand_like(ones(2, 3))\nx.shape, x.dtype, bool(((x >= 0) & (x < 1)).all())", "(torch.Size([2, 3]), torch.float32, True)"},
		{"randn_like(ones(4), dtype=float64).dtype", "torch.float64"},
		{"rand_like(ones(2, dtype=int64))", "~TypeError"},
		{"zeros_like([1, 2])", "TypeError: zeros_like(): argument 'input' must be Tensor, not list"},
	})
}

func TestBuiltinsRandom(t *testing.T) {
	runCells(t, []cell{
		{"manual_seed(3)\na = rand(4)\nmanual_seed(3)\nequal(a, rand(4))", "True"},
		{"manual_seed(3)\na = randn(2, 2)\nb = randn(2, 2)\nequal(a, b)", "False"},
		{"x = rand(3, 2, dtype=float64)\nx.shape, x.dtype", "(torch.Size([3, 2]), torch.float64)"},
		{"x = randn((2, 5), requires_grad=True)\nx.shape, x.requires_grad", "(torch.Size([2, 5]), True)"},
		{"rand(2, dtype=int64)", "~TypeError"},
		{"x = randint(0, 10, (100,))\nx.dtype, bool((x >= 0).all() & (x < 10).all())", "(torch.int64, True)"},
		{"x = randint(3, (2, 2))\nx.shape, bool((x < 3).all())", "(torch.Size([2, 2]), True)"},
		{"x = randint(5, 6, size=(3,))\nx", "tensor([5, 5, 5])"},
		{"randint(0, 10, (2,), dtype=float32).dtype", "torch.float32"},
		{"randint(0, 10)", "TypeError: randint() missing required argument 'size'"},
		{"randint(5, 5, (2,))", "~RuntimeError: random_ expects 'from' to be less than 'to'"},
		{"x = normal(2.0, 0.5, (1000,))\nabs(x.mean().item() - 2) < 0.1, abs(x.std().item() - 0.5) < 0.1", "(True, True)"},
		{"normal(zeros(3), 1.0).shape, normal(0.0, ones(2, 2)).shape", "(torch.Size([3]), torch.Size([2, 2]))"},
		{"normal(0.0, 1.0)", "TypeError: normal() missing required argument 'size'"},
		{"g = Generator().manual_seed(7)\na = rand(3, generator=g)\ng.manual_seed(7)\nequal(a, rand(3, generator=g)), g.initial_seed()", "(True, 7)"},
		{"g = Generator()\nmanual_seed(1)\na = rand(2)\nrand(1, generator=g)\nmanual_seed(1)\nequal(a, rand(2))", "True"},
		{"g = torch.Generator()\nrandint(0, 5, (3,), generator=g).shape", "torch.Size([3])"},
		{"rand(2, generator=3)", "TypeError: rand(): argument 'generator' must be Generator, not int"},
		{"Generator('cuda')", "~RuntimeError: "},
		{"torch.manual_seed(0)", ""},
	})
}

func TestBuiltinsConversions(t *testing.T) {
	runCells(t, []cell{
		{"x = tensor([1.5, -2.0])\nx.to(int64)", "tensor([ 1, -2])"},
		{"x = tensor([1.5])\nx.to(float64).dtype, x.to(dtype=torch.float64).dtype, x.to('float64').dtype", "(torch.float64, torch.float64, torch.float64)"},
		{"x = tensor([1.5])\nx.to('cpu') is x, x.to(float32) is x, x.to(float32, copy=True) is x", "(True, True, False)"},
		{"x = tensor([1.5])\nx.to('cpu', float64).dtype, x.to(tensor([1])).dtype, x.to(device='cpu').dtype", "(torch.float64, torch.int64, torch.float32)"},
		{"tensor([1.]).to('cuda')", "~RuntimeError: "},
		{"tensor([1.]).to(3)", "TypeError: to() received an invalid argument 3"},
		{"x = tensor([0, 2])\nx.float(), x.double().dtype, x.bool()", "(tensor([0., 2.]), torch.float64, tensor([False,  True]))"},
		{"tensor([1.7, -1.7]).long(), tensor([2.5]).int()", "(tensor([ 1, -1]), tensor([2], dtype=torch.int32))"},
		{"tensor([[1, 2], [3, 4]]).tolist(), tensor([True]).tolist(), tensor(2.5).tolist()", "([[1, 2], [3, 4]], [True], 2.5)"},
		{"tensor([[7]]).item(), tensor(2.5).item(), tensor(True).item()", "(7, 2.5, True)"},
		{"tensor([1, 2]).item()", "ValueError: only one element tensors can be converted to Python scalars"},
		{"x = zeros(2, 3)\nx.size(), x.size(1), x.size(-1), x.dim(), x.numel(), numel(x)", "(torch.Size([2, 3]), 3, 3, 2, 6, 6)"},
		{"zeros(2).size(3)", "~IndexError"},
		{"allclose(tensor([1., 2.]), tensor([1., 2.000001])), tensor([1.]).allclose(tensor([1.1]))", "(True, False)"},
		{"tensor([1.]).allclose(tensor([1.1]), atol=0.2)", "True"},
		{"equal(tensor([1, 2]), tensor([1, 2])), tensor([1]).equal(tensor([1, 2]))", "(True, False)"},
	})
}

func TestBuiltinsHints(t *testing.T) {
	for _, tt := range []struct{ src, hint string }{
		{"tensor([1], dtyp=float32)", "did you mean `dtype`?"},
		{"zeros(2).sum(dim=0, keepdmi=True)", "did you mean `keepdim`?"},
		{"exp(1.0)", "make it a tensor first: exp(tensor(x)); the math module has functions of plain numbers"},
		{"tensor([1, 2]).mean()", "convert the input with .to(float32) first"},
		{"tensor([1., 2.]).item()", "index one element first, e.g. x[0].item(), or reduce with x.sum().item()"},
		{"F.cross_entropy(zeros(2, 3), tensor([0., 1.]))", "convert the target with .to(int64)"},
		{"w = zeros(1, requires_grad=True)\noptim.SGD(w, lr=1)", "wrap the tensor in a list: optim.SGD([w], lr=0.1)"},
		{"randint(10)", "pass the size as a tuple: randint(low, high, (3,)) or randint(high, (3,))"},
		{"zeros(2, 3).max(dim=1).valus", "did you mean `values`?"},
		{"zeros(2, 2, 2).t()", "use x.transpose(dim0, dim1) or x.permute(...) for more dimensions"},
		{"x = zeros(2) * ones(2, requires_grad=True)\nx.uniform_()", "build a new tensor instead (where, masked_fill, cat), or do it inside `with no_grad():` or on x.detach()"},
	} {
		r := NewSession(IO{}).Exec(context.Background(), "", tt.src)
		if r.Err == nil {
			t.Errorf("%s: no error", tt.src)
			continue
		}
		if r.Err.Hint != tt.hint {
			t.Errorf("%s: %s\n got hint %q\nwant hint %q", tt.src, r.Err.Msg, r.Err.Hint, tt.hint)
		}
	}
}
