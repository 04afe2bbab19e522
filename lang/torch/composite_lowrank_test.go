package torch

import (
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
)

// TestLowRankMatchesTorch checks torch.svd_lowrank and torch.pca_lowrank
// against PyTorch with the same seeds: kael's torch.randn draws
// PyTorch's numbers, so the test matrices are the same and the singular
// values agree to rounding; U and V are compared up to each column's
// sign (QR's and SVD's conventions). Tall, wide, batched, M, niter,
// centring and the errors. (A complex A fails in PyTorch 1.13: its test
// matrix is real, and matmul refuses to mix them.)
func TestLowRankMatchesTorch(t *testing.T) {
	prelude := `import torch
def err(f):
    try:
        return f()
    except Exception as e:
        return type(e).__name__ + ': ' + str(e)
def signed(X):
    # each column times the sign of its largest entry
    i = X.abs().argmax(dim=-2, keepdim=True)
    return (X * X.gather(-2, i).sgn().conj()).tolist()
def usv(r):
    U, S, V = r
    return U.shape, S.shape, V.shape, S.dtype, S.tolist(), signed(U), signed(V)
torch.manual_seed(0)
A = torch.randn(20, 8) @ torch.randn(8, 12)
`
	srcs := []string{
		"torch.manual_seed(1)\nusv(torch.svd_lowrank(A, q=5))",
		"torch.manual_seed(2)\nusv(torch.svd_lowrank(A.T.contiguous(), q=3, niter=4))",
		"torch.manual_seed(3)\nusv(torch.svd_lowrank(A.double()))",
		"torch.manual_seed(4)\nusv(torch.svd_lowrank(A[:10, :4].double(), q=6, niter=0))",
		"torch.manual_seed(5)\nB = torch.randn(3, 9, 7, dtype=torch.float64)\nusv(torch.svd_lowrank(B, q=4))",
		"torch.manual_seed(6)\nM = torch.randn(20, 12)\nusv(torch.svd_lowrank(A, q=4, M=M))",
		"torch.manual_seed(7)\nusv(torch.pca_lowrank(A.double())), usv(torch.pca_lowrank(A, q=2, center=False))",
		"U, S, V = torch.pca_lowrank(A.double(), q=8, niter=6)\n((U * S) @ V.T - (A.double() - A.double().mean(0))).abs().max().item() < 1e-9",
		"[err(f) for f in [lambda: torch.pca_lowrank(A, q=13), lambda: torch.pca_lowrank(A, q=-1), lambda: torch.pca_lowrank(A, niter=-1)]]",
	}
	checkCloseToTorch(t, prelude, srcs, reftest.Tolerance{Abs: 2e-4, Rel: 1e-4})
}
