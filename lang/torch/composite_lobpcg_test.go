package torch

import (
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestLobpcgMatchesTorch checks torch.lobpcg against PyTorch with the
// same seeds (kael's torch.randn draws PyTorch's starting X): the
// eigenvalues of the largest and smallest pairs, methods ortho and
// basic, a B, a given X and n, a preconditioner, float32, batches, the
// tracker, eigenvectors up to sign, and the errors. (PyTorch's backward
// through lobpcg is not kael's yet: a test checks the error says so.)
func TestLobpcgMatchesTorch(t *testing.T) {
	prelude := `import torch
def err(f):
    try:
        return f()
    except Exception as e:
        return type(e).__name__ + ': ' + str(e)
def signed(X):
    i = X.abs().argmax(dim=-2, keepdim=True)
    return (X * X.gather(-2, i).sign()).tolist()
torch.manual_seed(0)
M = torch.randn(30, 30, dtype=torch.float64)
A = M @ M.T + 30 * torch.eye(30, dtype=torch.float64)
Bm = torch.randn(30, 30, dtype=torch.float64)
B = Bm @ Bm.T + 30 * torch.eye(30, dtype=torch.float64)
`
	srcs := []string{
		"torch.manual_seed(1)\nE, X = torch.lobpcg(A, k=3)\nE.tolist(), X.shape, signed(X)",
		"torch.manual_seed(2)\nE, X = torch.lobpcg(A, k=2, largest=False, method='basic')\nE.tolist(), signed(X)",
		"torch.manual_seed(3)\nE, X = torch.lobpcg(A, k=2, B=B)\nE.tolist(), ((A @ X) - (B @ X) * E).abs().max().item() < 1e-5",
		"torch.manual_seed(4)\nE, X = torch.lobpcg(A, X=torch.randn(30, 4, dtype=torch.float64), k=2, niter=50)\nE.tolist(), X.shape",
		"torch.manual_seed(5)\nE, X = torch.lobpcg(A, k=1, n=3, iK=torch.diag(1 / A.diagonal()), tol=1e-10)\nE.tolist()",
		"torch.manual_seed(6)\nE, X = torch.lobpcg(A.float(), k=1)\nE.dtype, E.tolist()",
		"torch.manual_seed(7)\nE, X = torch.lobpcg(torch.stack([A, 2 * A]), k=2)\nE.tolist(), X.shape",
		"torch.manual_seed(8)\nsteps = []\nE, X = torch.lobpcg(A, k=2, tracker=lambda w: steps.append((w.ivars['istep'], w.iparams['n'])))\nsteps[:3], E.tolist()",
		"torch.manual_seed(9)\nE, X = torch.lobpcg(A, k=2, ortho_bparams={'ortho_use_drop': True}, ortho_iparams={'ortho_i_max': 2})\nE.tolist()",
		"[err(f) for f in [lambda: torch.lobpcg(A[:5, :5], k=2), lambda: torch.lobpcg(A, k=1, X=torch.randn(30, 11, dtype=torch.float64))]]",
	}
	checkCloseToTorch(t, prelude, srcs, reftest.Tolerance{Abs: 1e-4, Rel: 1e-5})
}

// TestLobpcgNoBackward checks that kael's lobpcg refuses a graph it
// cannot differentiate, rather than giving wrong gradients. lobpcg's
// start is random (the global generator, whose state depends on the
// tests run before), so the eigenvalue of 3I is compared to 5 places
// (float32 gives 3.0 or 3.0000007).
func TestLobpcgNoBackward(t *testing.T) {
	langtest.CheckCellCases(t, "import torch\n", []langtest.Case{
		{Src: "A = (torch.eye(9) * 3).requires_grad_()\ntry:\n    torch.lobpcg(A, k=1)\nexcept NotImplementedError as e:\n    r = str(e)\nr", Want: `"kael's torch.lobpcg has no backward: call it on A.detach() (and B.detach())"`},
		{Src: "A = (torch.eye(9) * 3).requires_grad_()\nwith torch.no_grad():\n    E, X = torch.lobpcg(A, k=1)\n[round(e, 5) for e in E.tolist()]", Want: "[3.0]"},
	})
}
