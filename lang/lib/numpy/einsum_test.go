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

// TestEinsumPathMatchesNumPy covers np.einsum_path: the path 'greedy'
// and 'optimal' choose (with a memory limit, False, True, an explicit
// path), the report's text, NumPy's errors, and np.einsum taking the
// path as optimize=.
func TestEinsumPathMatchesNumPy(t *testing.T) {
	const ops = `a = np.ones((2, 3)); b = np.ones((3, 4)); c = np.ones((4, 5)); d = np.ones((5, 2))
x = np.arange(4.0).reshape(2, 2); y = np.arange(10.0).reshape(2, 5); z = np.arange(10.0).reshape(5, 2)
I = np.arange(10000.0).reshape(10, 10, 10, 10) / 1e4; C = np.arange(100.0).reshape(10, 10) / 100
`
	var srcs []string
	for _, opt := range []string{"'greedy'", "'optimal'", "False", "True", "('greedy', 10)", "('optimal', 1000)", "None"} {
		srcs = append(srcs, "np.einsum_path('ij,jk,kl,lm->im', a, b, c, d, optimize="+opt+")")
	}
	srcs = append(srcs,
		"np.einsum_path('ij,jk,kl->il', x, y, z, optimize='greedy')", "np.einsum_path('ij,jk,kl->il', x, y, z)",
		"np.einsum_path('ea,fb,abcd,gc,hd->efgh', C, C, I, C, C, optimize='greedy')",
		"np.einsum_path('ea,fb,abcd,gc,hd->efgh', C, C, I, C, C, optimize='optimal')",
		"np.einsum_path('ij,jk', a, b)", "np.einsum_path('i,i,i', np.ones(3), np.ones(3), np.ones(3))",
		"np.einsum_path('ij,kl,lm', a, b, c)", "np.einsum_path('i j, jk -> ik', a, b)", "np.einsum_path('ij,ij,jk->', a, a, b, optimize='optimal')",
		"np.einsum_path('ij,jk,kl->il', x, y, z, optimize=['einsum_path', (1, 2), (0, 1)])",
		"np.einsum_path('ab,bc,cd,de,ef->af', np.ones((2, 8)), np.ones((8, 3)), np.ones((3, 9)), np.ones((9, 2)), np.ones((2, 7)))",
		"np.einsum_path('ab,bc,cd,de,ef->af', np.ones((2, 8)), np.ones((8, 3)), np.ones((3, 9)), np.ones((9, 2)), np.ones((2, 7)), optimize='optimal')",
		"p = np.einsum_path('ea,fb,abcd,gc,hd->efgh', C, C, I, C, C)[0]\nnp.allclose(np.einsum('ea,fb,abcd,gc,hd->efgh', C, C, I, C, C, optimize=p), np.einsum('ea,fb,abcd,gc,hd->efgh', C, C, I, C, C))",
		"np.einsum_path('ij,jk->ik', a, optimize='greedy')", "np.einsum_path('ij,jk->ik', a, c)", "np.einsum_path('ij,jk->ik', a, b, optimize=3)",
		"np.einsum_path('ij,jk,kl->il', x, y, z, optimize=['einsum_path', (0, 1)])", "np.einsum_path('ijk', a)",
		"np.einsum_path('ij,jk,kl->il', x, y, z, optimize='fast')", "np.einsum_path('i#', a)",
	)
	langtest.CheckMatchesCPython(t, prelude+ops, srcs)
}
