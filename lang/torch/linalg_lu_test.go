package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// linalgPrelude holds the matrices of the tests of the decompositions
// added to torch.linalg: r rounds a tensor's values to 4 digits, err
// gives an error's class and message.
const linalgPrelude = "import torch\nL = torch.linalg\n" +
	"r = lambda t: [round(v, 4) + 0.0 for v in t.flatten().tolist()]\n" +
	"A = torch.tensor([[4., 1., 2.], [1., 3., 0.5], [2., 0.5, 5.]])\n" +
	"G = torch.tensor([[1., 2., 0.], [3., 1., 4.], [0., 5., 2.]])\n" +
	"W = torch.tensor([[1., 2., 3., 4.], [2., 1., 0., 5.]])\n" +
	"Z = torch.zeros(2, 2, 2)\nZ[0] = torch.eye(2)\n" +
	"def err(f):\n    try:\n        f()\n    except Exception as e:\n        return type(e).__name__ + ': ' + str(e)\n"

// TestLinalgExMatchesTorch compares LinAlgError and the _ex forms with
// PyTorch 1.13: results (LAPACK's for failing matrices too), info tensors,
// messages and gradients.
func TestLinalgExMatchesTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, linalgPrelude, []string{
		"(L.LinAlgError, issubclass(L.LinAlgError, RuntimeError))",
		"L.inv(Z)",
		"L.inv(torch.zeros(2, 2))",
		"L.cholesky(-torch.eye(2))",
		"L.solve(Z, torch.ones(2, 2))",
		"try:\n    L.inv(torch.zeros(2, 2))\nexcept L.LinAlgError as e:\n    x = ('caught', str(e))\nx",
		"try:\n    L.cholesky(Z)\nexcept RuntimeError as e:\n    x = type(e).__name__\nx",
		"L.inv_ex(A)",
		// A singular matrix's inverse holds infs and NaNs whose pattern
		// depends on the BLAS: the info and the finiteness are compared.
		"s = L.inv_ex(Z)\n(r(s.inverse[0]), s.inverse[1].isfinite().any(), s.info)",
		"L.inv_ex(torch.tensor([[1., 2.], [2., 4.]]))",
		"L.inv_ex(Z, check_errors=True)",
		"L.inv_ex(torch.eye(2, dtype=torch.float64))",
		"L.cholesky_ex(A)",
		"L.cholesky_ex(-torch.eye(2))",
		"L.cholesky_ex(torch.tensor([[4., 2., 1.], [2., 1., 0.], [1., 0., 3.]]))",
		"L.cholesky_ex(torch.stack([A, -A]), upper=True)",
		"L.cholesky_ex(Z, check_errors=True)",
		"L.solve_ex(A, torch.ones(3))",
		"s = L.solve_ex(torch.zeros(2, 2), torch.ones(2))\n(s.result.isfinite().any(), s.info)",
		"L.solve_ex(torch.zeros(2, 2), torch.ones(2), check_errors=True)",
		"s = L.solve_ex(A, torch.ones(2, 3), left=False)\n(r(s.result), s.info)",
		"x = A.clone().requires_grad_()\nL.inv_ex(x).inverse.sum().backward()\nr(x.grad)",
		"x = A.clone().requires_grad_()\nL.cholesky_ex(x).L.sum().backward()\nr(x.grad)",
		"x = A.clone().requires_grad_()\nb = torch.ones(3, 2, requires_grad=True)\nL.solve_ex(x, b).result.sum().backward()\n(r(x.grad), r(b.grad))",
	})
}

// TestLinalgLUMatchesTorch compares the LU functions with PyTorch 1.13.
func TestLinalgLUMatchesTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, linalgPrelude, []string{
		"L.lu_factor(G)",
		"L.lu_factor(torch.stack([G, A]))",
		"L.lu_factor(W)",
		"L.lu_factor(W.T)",
		"L.lu_factor(G.double())",
		"L.lu_factor(Z)",
		"L.lu_factor(torch.tensor([[1., 2., 3.], [2., 4., 6.]]))",
		"L.lu_factor(G, pivot=False)",
		"L.lu_factor(torch.ones(3))",
		"L.lu_factor(torch.ones(3, 3, dtype=torch.long))",
		"L.lu_factor_ex(Z)",
		"L.lu_factor_ex(Z, check_errors=True)",
		"L.lu(G)",
		"L.lu(W)",
		"L.lu(W.T)",
		"P, l, u = L.lu(torch.stack([G, A]))\nr(P @ l @ u)",
		"torch.lu(G)",
		"torch.lu(Z, get_infos=True)",
		"G.lu()",
		"torch.lu_unpack(*L.lu_factor(G))",
		"torch.lu_unpack(*L.lu_factor(W.T))",
		"torch.lu_unpack(*L.lu_factor(G), unpack_data=False)",
		"torch.lu_unpack(*L.lu_factor(G), unpack_pivots=False)",
		"torch.lu_unpack(L.lu_factor(G)[0], L.lu_factor(G)[1].long())",
		"LU, p = L.lu_factor(G)\n[r(L.lu_solve(LU, p, B, left=le, adjoint=ad)) for B in (torch.tensor([[1., 2.], [0., 1.], [3., -1.]]),) for le in (True,) for ad in (False, True)]",
		"LU, p = L.lu_factor(G)\n[r(L.lu_solve(LU, p, torch.tensor([[1., 0., 3.], [2., 1., -1.]]), left=False, adjoint=ad)) for ad in (False, True)]",
		"LU, p = L.lu_factor(torch.stack([G, A]))\nr(L.lu_solve(LU, p, torch.ones(3, 1)))",
		"LU, p = L.lu_factor(G)\nL.lu_solve(LU, p, torch.ones(3))",
		"LU, p = L.lu_factor(G)\n(r(torch.lu_solve(torch.ones(3, 1), LU, p)), r(torch.ones(3, 1).lu_solve(LU, p)))",
		"x = G.clone().requires_grad_()\nLU, p = L.lu_factor(x)\n(LU * torch.arange(9.).reshape(3, 3)).sum().backward()\nr(x.grad)",
		"x = W.clone().requires_grad_()\nLU, p = L.lu_factor(x)\n(LU * torch.arange(8.).reshape(2, 4)).sum().backward()\nr(x.grad)",
		"x = W.T.clone().requires_grad_()\nLU, p = L.lu_factor(x)\n(LU * torch.arange(8.).reshape(4, 2)).sum().backward()\nr(x.grad)",
		"x = G.clone().requires_grad_()\nP, l, u = L.lu(x)\n(l.sum() + (u * u).sum()).backward()\nr(x.grad)",
		"x = G.double().requires_grad_()\nb = torch.tensor([[1., 2.], [0., 1.], [3., -1.]], dtype=torch.float64, requires_grad=True)\nLU, p = L.lu_factor(x)\nL.lu_solve(LU, p, b).sum().backward()\n(r(x.grad), r(b.grad))",
		// Bad factors and pivots (a 0-d LU was a Go panic): PyTorch's checks.
		"LU, p = L.lu_factor(G)\nB = torch.ones(3, 1)\n[err(f) for f in [lambda: L.lu_solve(torch.tensor(1.), p, B), lambda: torch.lu_solve(B, torch.tensor(2.), p), lambda: L.lu_solve(LU, torch.tensor([1], dtype=torch.int32), B), lambda: L.lu_solve(LU, p.long(), B), lambda: L.lu_solve(LU, p, B.long()), lambda: L.lu_solve(LU, p, B.double()), lambda: L.lu_solve(LU, p.reshape(1, 3), B), lambda: L.lu_solve(LU, torch.tensor([4, 1, 3], dtype=torch.int32), B), lambda: torch.lu_unpack(LU, torch.tensor([1], dtype=torch.int32)), lambda: torch.lu_unpack(LU, torch.tensor([0, 2, 3], dtype=torch.int32))]]",
		"x = G.clone().requires_grad_()\nLU, p = L.lu_factor(x)\np.fill_(1)\nerr(lambda: LU.sum().backward())[:13]",
	})
}

// TestLinalgCompatMatchesTorch compares torch's global linear-algebra
// functions outside torch.linalg with PyTorch 1.13.
func TestLinalgCompatMatchesTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, linalgPrelude, []string{
		"(r(torch.matrix_power(A, 3)), r(A.matrix_power(-1) * 100), r(torch.matrix_exp(A / 4)), r(A.matrix_exp() / 1000))",
		"(r(torch.pinverse(W)), r(W.pinverse(rcond=0.5)))",
		"(torch.logdet(A), A.logdet(), torch.logdet(-A), torch.logdet(torch.zeros(2, 2)), r(torch.logdet(torch.stack([A, G]))))",
		"x = A.clone().requires_grad_()\ntorch.logdet(x).backward()\nr(x.grad)",
		"(torch.adjoint(W), W.adjoint().shape, torch.ones(2, 3, 4).adjoint().shape, torch.adjoint(torch.tensor([[1+2j, 3j]])))",
		"torch.adjoint(torch.ones(3))",
		"(torch.vdot(torch.tensor([1., 2.]), torch.tensor([3., 4.])), torch.tensor([1., 2.], dtype=torch.float64).vdot(torch.tensor([3., -4.], dtype=torch.float64)))",
		"torch.vdot(torch.ones(2, 2), torch.ones(2, 2))",
		"x = torch.tensor([1., 2.], requires_grad=True)\ntorch.vdot(x, torch.tensor([3., 4.])).backward()\nx.grad",
		"(round(torch.nuclear_norm(A).item(), 4), round(torch.nuclear_norm(W).item(), 4), r(torch.nuclear_norm(torch.stack([A, G]), dim=(1, 2))), torch.nuclear_norm(A, keepdim=True).shape)",
		"torch.nuclear_norm(torch.ones(2, 3, 4))",
		"(round(torch.frobenius_norm(A).item(), 4), r(torch.frobenius_norm(torch.ones(2, 3, 4), dim=1)), torch.frobenius_norm(A, dim=(0, 1), keepdim=True).shape)",
		"l = L.cholesky(A)\n(r(torch.cholesky_solve(torch.ones(3, 2), l)), r(torch.ones(3, 2).cholesky_solve(l.mT, upper=True)), r(torch.cholesky_solve(torch.ones(2, 3, 1), l)))",
		"l = L.cholesky(A)\n(r(torch.cholesky_inverse(l)), r(l.mT.cholesky_inverse(upper=True)), r(torch.cholesky_inverse(torch.stack([l, 2 * l]))))",
		"l = L.cholesky(A).requires_grad_()\nb = torch.ones(3, 2, requires_grad=True)\ntorch.cholesky_solve(b, l).sum().backward()\n(r(l.grad), r(b.grad))",
		"l = L.cholesky(A).requires_grad_()\ntorch.cholesky_inverse(l).sum().backward()\nr(l.grad)",
		"s = torch.triangular_solve(torch.ones(3, 2), A)\n(r(s.solution), s.cloned_coefficient)",
		"s = torch.ones(3, 2).triangular_solve(A, upper=False, transpose=True, unitriangular=True)\nr(s.solution)",
		"x = A.clone().requires_grad_()\ntorch.triangular_solve(torch.ones(3, 2), x, transpose=True).solution.sum().backward()\nr(x.grad)",
	})
}

// TestLinalgEigMatchesTorch compares linalg.eig and eigvals with PyTorch
// 1.13: eigenvalues sorted, eigenvectors through A V = V diag(w) and their
// unit norms (each is free up to a complex phase), dtypes and errors.
func TestLinalgEigMatchesTorch(t *testing.T) {
	prelude := linalgPrelude + "R = torch.tensor([[1., 2., 0.], [-2., 1., 0.], [0., 0., 3.]])\n" +
		"c = lambda t: sorted((round(z.real, 4) + 0.0, round(z.imag, 4) + 0.0) for z in t.flatten().tolist())\n" +
		"check = lambda M, w, v: ((M.to(v.dtype) @ v - v * w.unsqueeze(-2)).abs().max().item() < 1e-4, r((v.abs() ** 2).sum(-2).sqrt()))\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"w, v = L.eig(R)\n(w.dtype, v.dtype, w.shape, v.shape, c(w), check(R, w, v))",
		"w, v = L.eig(A.double())\n(w.dtype, c(w), check(A.double(), w, v))",
		"w, v = L.eig(torch.stack([R, G]))\n(w.shape, v.shape, c(w[0]), c(w[1]), check(torch.stack([R, G]), w, v))",
		"(c(L.eigvals(R)), L.eigvals(G.double()).dtype, c(L.eigvals(G)))",
		"type(L.eig(R)).__name__",
		"L.eig(W)",
		"L.eigvals(torch.ones(3))",
	})
}

// TestLinalgHouseholderMatchesTorch compares geqrf, householder_product,
// orgqr and ormqr with PyTorch 1.13 (LAPACK's reflectors, so the values
// themselves agree).
func TestLinalgHouseholderMatchesTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, linalgPrelude, []string{
		"[tuple(r(t) for t in torch.geqrf(M)) for M in (G, W, W.T, torch.stack([G, A]))]",
		"(type(torch.geqrf(G)).__name__, r(G.geqrf().tau), torch.geqrf(G.double()).a.dtype)",
		"a, t = torch.geqrf(W.T)\n(r(L.householder_product(a, t)), r(torch.orgqr(a, t[:1])), r(G.orgqr(torch.ones(1))))",
		"a, t = torch.geqrf(torch.stack([G, A]))\nq = L.householder_product(a, t)\nr(q @ torch.triu(a))",
		"a, t = torch.geqrf(W.T)\n[r(torch.ormqr(a, t, C, left=le, transpose=tr)) for C, le in ((torch.arange(8.).reshape(4, 2), True), (torch.arange(12.).reshape(3, 4), False)) for tr in (False, True)]",
		"L.householder_product(W, torch.ones(2))",
		"L.householder_product(W.T, torch.ones(3))",
		"torch.geqrf(torch.ones(3))",
		"a, t = torch.geqrf(W.T)\ntorch.ormqr(a, t, torch.ones(3, 2))",
	})
}

// TestLinalgLDLMatchesTorch compares ldl_factor, ldl_factor_ex and
// ldl_solve with PyTorch 1.13: the factors and pivots are LAPACK's
// (1×1 and 2×2 blocks), the solutions A⁻¹ B.
func TestLinalgLDLMatchesTorch(t *testing.T) {
	prelude := linalgPrelude + "S = torch.tensor([[0., 1., 2.], [1., 0., 3.], [2., 3., 1.]])\n" +
		"T = torch.tensor([[1., 5., 0., 2.], [5., 2., 1., 0.], [0., 1., -3., 4.], [2., 0., 4., 0.5]])\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"[tuple(r(t) for t in L.ldl_factor(M)) for M in (A, S, T, -A, torch.zeros(0, 0))]",
		"LD, p = L.ldl_factor(torch.stack([S, A]))\n(LD.shape, p, p.dtype, type(L.ldl_factor(A)).__name__)",
		"L.ldl_factor_ex(torch.zeros(2, 2))",
		"L.ldl_factor_ex(T.double())",
		"[r(L.ldl_solve(*L.ldl_factor(M), torch.arange(float(2 * M.shape[0])).reshape(-1, 2))) for M in (A, S, T)]",
		"LD, p = L.ldl_factor(torch.stack([S, A]))\nr(L.ldl_solve(LD, p, torch.ones(2, 3, 1)))",
		"L.ldl_factor(W)",
	})
}
