package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestEigMatchesNumPy covers np.linalg.eig and eigvals of matrices with
// real eigenvalues: values, order, vectors and dtypes as NumPy's.
func TestEigMatchesNumPy(t *testing.T) {
	var srcs []string
	for _, m := range []string{"[[2., 1.], [1., 3.]]", "[[4, 1], [2, 3]]", "[[1., 2., 3.], [0., 4., 5.], [0., 0., 6.]]",
		"[[5., 4., 1.], [2., 6., 1.], [1., 1., 7.]]", "[[1, 2], [3, 4], [5, 6]]", "[[np.nan, 1], [1, 1]]", "[1., 2.]"} {
		srcs = append(srcs, "np.linalg.eig(np.array("+m+"))", "np.linalg.eigvals(np.array("+m+"))")
	}
	srcs = append(srcs,
		"np.linalg.eig(np.array([[2., 0.], [0., 1.]], dtype=np.float32))",
		"np.linalg.eigvals(np.arange(8.0).reshape(2, 2, 2) + np.eye(2))",
		"a = np.array([[5., 4., 1.], [2., 6., 1.], [1., 1., 7.]])\nw, v = np.linalg.eig(a)\nnp.allclose(a @ v, v * w)",
	)
	langtest.CheckMatchesCPython(t, prelude, srcs)
}

// TestEigComplexRefused checks the error for complex eigenvalues, which
// NumPy returns as complex arrays kael does not have.
func TestEigComplexRefused(t *testing.T) {
	langtest.CheckCellCases(t, prelude, []langtest.Case{
		{"np.linalg.eig(np.array([[0., 1.], [-1., 0.]]))", "TypeError: kael's NumPy has no dtype complex128: this matrix has complex eigenvalues, which np.linalg.eig returns as a complex array"},
		{"np.linalg.eigvals(np.array([[0., 1.], [-1., 0.]]))", "TypeError: kael's NumPy has no dtype complex128: this matrix has complex eigenvalues, which np.linalg.eigvals returns as a complex array"},
	})
}
