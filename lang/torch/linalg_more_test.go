package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestLinalgMoreMatchesTorch compares the torch.linalg functions of
// linalg_more.go with PyTorch 1.13: values to 4 digits, shapes, dtypes,
// gradients and errors.
func TestLinalgMoreMatchesTorch(t *testing.T) {
	prelude := "import torch\nL = torch.linalg\n" +
		"r = lambda t: [round(v, 4) + 0.0 for v in t.flatten().tolist()]\n" +
		"A = torch.tensor([[4., 1., 2.], [1., 3., 0.5], [2., 0.5, 5.]])\n" +
		"M = torch.tensor([[1., 2.], [3., 4.], [5., 7.]])\n" +
		"Ad = A.double()\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"r(L.matmul(A, M))",
		"(r(L.diagonal(A)), r(L.diagonal(A, offset=1)), L.diagonal(torch.ones(2, 3, 4), dim1=0, dim2=2).shape)",
		"(r(L.vecdot(A, torch.tensor([1., -1., 2.]))), r(L.vecdot(A, A, dim=0)))",
		"(r(L.multi_dot([A, A, M])), r(L.multi_dot([torch.ones(3), A, M])), r(L.multi_dot([torch.ones(3), A, torch.ones(3)])), L.multi_dot([torch.ones(3), A, torch.ones(3)]).shape)",
		"L.multi_dot([A])",
		"L.multi_dot([A, M, M])",
		"L.multi_dot([A, torch.ones(3), A])",
		"(r(L.matrix_power(A, 0)), r(L.matrix_power(A, 1)), r(L.matrix_power(A, 3)), L.matrix_power(Ad, 5).tolist())",
		"[r(L.matrix_power(Ad, n)) for n in (2, 5, 6, 7, 13)]",
		"(r(L.matrix_power(A, -2) * 1000), L.matrix_power(torch.ones(2, 3, 3), 2).shape)",
		"L.matrix_power(M, 2)",
		"x = A.clone().requires_grad_()\nL.matrix_power(x, 4).sum().backward()\nr(x.grad / 1000)",
		"(r(L.matrix_exp(A / 4)), r(L.matrix_exp(Ad)), r(L.matrix_exp(torch.zeros(2, 2))), r(L.matrix_exp(torch.tensor([[0., 1.], [-1., 0.]]).double())))",
		"x = (A / 4).double().requires_grad_()\nL.matrix_exp(x).sum().backward()\nr(x.grad)",
		"L.matrix_exp(torch.ones(2, 3))",
		"(L.matrix_exp(torch.ones(0, 0)), L.matrix_exp(torch.ones(3, 0, 0)).shape)",
		"(r(L.pinv(M)), r(L.pinv(A)), r(L.pinv(torch.tensor([[1., 2.], [2., 4.]]))), L.pinv(torch.ones(2, 3, 4)).shape)",
		"(r(L.pinv(A, hermitian=True)), r(L.pinv(M, atol=1.)), r(L.pinv(M, rtol=0.1)), r(L.pinv(M, atol=0.)))",
		"x = M.clone().requires_grad_()\nL.pinv(x).sum().backward()\nr(x.grad)",
		"(L.matrix_rank(A), L.matrix_rank(M), L.matrix_rank(torch.tensor([[1., 2.], [2., 4.]])), L.matrix_rank(torch.zeros(3, 3)), L.matrix_rank(torch.ones(2, 3, 3)), L.matrix_rank(A, atol=2.), L.matrix_rank(A, rtol=0.5), L.matrix_rank(A, hermitian=True))",
		"(round(L.cond(A).item(), 3), round(L.cond(M).item(), 3), round(L.cond(A, -2).item(), 4), [round(L.cond(A, p).item(), 3) for p in ('fro', 'nuc', 1, -1, float('inf'), float('-inf'))])",
		"L.cond(M, 'fro')",
		"s = L.lstsq(M, torch.tensor([[1.], [2.], [4.]]))\n(r(s.solution), s.residuals.shape, s.rank, s.singular_values.shape)",
		"[tuple(r(t) for t in L.lstsq(M, torch.tensor([[1.], [2.], [4.]]), driver=d)) for d in ('gels', 'gelsd', 'gelss')]",
		"s = L.lstsq(M.T, torch.tensor([1., 2.]), driver='gelsd')\n(r(s.solution), r(s.residuals), r(s.rank), r(s.singular_values))",
		"L.lstsq(M, torch.ones(3, 1), driver='qr')",
		"T = torch.arange(16.).reshape(4, 4) + 4 * torch.eye(4)\nT4 = T.reshape(2, 2, 2, 2)\n(L.tensorinv(T4).shape, r(L.tensorinv(T4)), r(L.tensorinv(T.reshape(4, 2, 2), ind=1)))",
		"L.tensorinv(torch.ones(2, 3, 4))",
		"T = torch.arange(16.).reshape(4, 4) + 4 * torch.eye(4)\nT4 = T.reshape(2, 2, 2, 2)\n(r(L.tensorsolve(T4, torch.ones(2, 2))), r(L.tensorsolve(T4, torch.ones(2, 2), dims=(0,))))",
		"U = torch.triu(A) + torch.tril(torch.ones(3, 3), -1) * 9\nB = torch.tensor([[1., 0.], [2., 1.], [3., -1.]])\n(r(L.solve_triangular(U, B, upper=True)), r(L.solve_triangular(A, B, upper=False)), r(L.solve_triangular(U, B, upper=True, unitriangular=True)), r(L.solve_triangular(U, B.T, upper=True, left=False)))",
		"L.solve_triangular(A, torch.ones(3), upper=True)",
		"out = []\nfor up in (True, False):\n    for unit in (False, True):\n        for left in (True, False):\n            a = A.clone().requires_grad_()\n            b = torch.tensor([[1., 0.], [2., 1.], [3., -1.]], requires_grad=True)\n            b = b if left else b.T\n            x = L.solve_triangular(a, b, upper=up, unitriangular=unit, left=left)\n            (x * torch.arange(6.).reshape(x.shape)).sum().backward()\n            out.append((up, unit, left, r(x), [round(v, 3) + 0.0 for v in a.grad.flatten().tolist()]))\nout",
		"a = torch.stack([A, 2 * A]).requires_grad_()\nb = torch.tensor([[1., 0.], [2., 1.], [3., -1.]], requires_grad=True)\nx = L.solve_triangular(a, b, upper=False)\nx.sum().backward()\n(x.shape, r(x), r(a.grad), r(b.grad))",
		"x = L.solve_triangular(A, torch.ones(3, 1, dtype=torch.float64), upper=True)\ny = L.solve_triangular(Ad, torch.ones(3, 1), upper=True)\n(x.dtype, r(x), y.dtype, r(y))",
		"L.solve_triangular(A, torch.ones(2, 1), upper=True)",
		"L.solve_triangular(torch.ones(3, 0, 0), torch.ones(0, 2), upper=True).shape",
		"(r(L.vander(torch.tensor([1., 2., 3.]))), L.vander(torch.tensor([1, 2, 3]), N=4).tolist(), L.vander(torch.tensor([[1, 2], [3, 4]])).shape)",
		"x = torch.tensor([1.5, -2.], requires_grad=True)\nL.vander(x, N=4).sum().backward()\nr(x.grad)",
	})
}

// TestDiagEmbedMatchesTorch checks torch.diag_embed's values and layout
// against PyTorch 1.13: the result is a new contiguous tensor, which
// view() accepts, whatever dims the diagonal goes to.
func TestDiagEmbedMatchesTorch(t *testing.T) {
	prelude := "import torch\nx = torch.arange(6.).reshape(2, 3)\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"y = torch.diag_embed(x, 1, 0, 2)\n(y.shape, y.is_contiguous(), y.stride(), y.view(-1).tolist())",
		"y = torch.diag_embed(x, -1)\n(y.shape, y.is_contiguous(), y.stride(), y.view(-1).tolist())",
		"y = x.diag_embed(0, 2, 0)\n(y.shape, y.stride(), y.tolist())",
		"(torch.diag_embed(torch.tensor([True, False])).tolist(), torch.diag_embed(torch.tensor([1j, 2])).tolist())",
		"torch.diag_embed(x, 0, 1, -2)",
		"torch.diag_embed(torch.tensor(1.))",
	})
}
