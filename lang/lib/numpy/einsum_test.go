package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestEinsumMatchesNumPy covers np.einsum's forms, dtypes and errors.
func TestEinsumMatchesNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+"a = np.arange(6).reshape(2, 3)\nb = np.arange(12.0).reshape(3, 4)\nc = np.arange(9).reshape(3, 3)\nv = np.array([1, 2, 3])\n", []string{
		"np.einsum('ij,jk->ik', a, b)", "np.einsum('ij,jk', a, b)", "np.einsum('ii', c)", "np.einsum('ii->i', c)", "np.einsum('ij->ji', a)",
		"np.einsum('ij->', a)", "np.einsum('i,i', v, v)", "type(np.einsum('i,i', v, v))", "np.einsum('i,j->ij', v, v)",
		"np.einsum('bij,bjk->bik', np.arange(12).reshape(2, 2, 3), np.arange(12).reshape(2, 3, 2))", "np.einsum('...j,j', a, v)",
		"np.einsum('ij,j->i', a, v)", "np.einsum('ji', a)", "np.einsum('i,i', np.array([True, False]), np.array([True, True]))",
		"np.einsum('ij,jk,kl->il', a, b, b.T)", "np.einsum('i', v)", "np.einsum('ij', np.arange(4, dtype=np.float32).reshape(2, 2))",
		"np.einsum('ij,jk->ik', a, b, optimize=True)", "np.einsum('i, i -> ', [1.5, 2], [2, 2])",
		"np.einsum('ij,jk->ik', a)", "np.einsum('ijk', a)", "np.einsum('ij', np.arange(8).reshape(2, 2, 2))", "np.einsum('i,j', v)",
	})
}
