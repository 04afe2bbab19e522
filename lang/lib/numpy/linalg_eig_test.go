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

// TestEigComplexMatchesNumPy covers matrices with complex eigenvalues,
// which NumPy returns as complex arrays: the eigenvalues as printed, the
// eigenvectors checked by their definition.
func TestEigComplexMatchesNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude, []string{
		"np.linalg.eigvals(np.array([[0., 1.], [-1., 0.]]))", "np.linalg.eig(np.array([[0., 1.], [-1., 0.]]))",
		"np.linalg.eigvals(np.array([[0., 1.], [-1., 0.]], np.float32))", "np.linalg.eigvals(np.array([[[0., 1.], [-1., 0.]], [[2., 0.], [0., 3.]]]))",
		"a = np.array([[1., 2., 0.], [-2., 1., 0.], [0., 0., 3.]])\nw, v = np.linalg.eig(a)\n(w, v.dtype, np.allclose(a @ v, v * w))",
		"a = np.array([[4., -2., 1.], [3., 6., -4.], [2., 1., 8.]])\nw, v = np.linalg.eig(a)\n(w.dtype, v.shape, np.allclose(a @ v, v * w))",
	})
}

// TestEigComplexRefused checks the error for complex matrices, which
// kael's np.linalg does not decompose yet, and for complex quantiles.
func TestEigComplexRefused(t *testing.T) {
	langtest.CheckCellCases(t, prelude, []langtest.Case{
		{"np.linalg.eig(np.array([[1j, 1], [0, 1]]))", "TypeError: kael's np.linalg takes real arrays, not complex128 ones"},
		{"np.linalg.eigvals(np.eye(2, dtype=np.complex64))", "TypeError: kael's np.linalg takes real arrays, not complex64 ones"},
		{"np.linalg.inv(np.eye(2) * 1j)", "TypeError: kael's np.linalg takes real arrays, not complex128 ones"},
		{"np.linalg.norm(np.array([3j, 4]))", "TypeError: kael's np.linalg takes real arrays, not complex128 ones"},
		{"np.linalg.solve(np.eye(2), np.array([1j, 2]))", "TypeError: kael's np.linalg takes real arrays, not complex128 ones"},
		{"np.median(np.array([1j, 2]))", "TypeError: kael's np.median (and np.percentile, np.quantile) takes real arrays, not complex128 ones"},
	})
}
