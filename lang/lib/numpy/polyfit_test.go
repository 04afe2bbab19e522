package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestPolyfitMatchesNumPy covers np.polyfit: plain, full=, cov= (scaled
// and 'unscaled'), 2-d y, weights and NumPy's argument errors. kael's
// least squares is a pseudo-inverse where NumPy calls LAPACK's gelsd, so
// the values are compared rounded to 8 decimals.
func TestPolyfitMatchesNumPy(t *testing.T) {
	pre := prelude + "x = np.array([0.0, 1.0, 2.0, 3.0, 4.0, 5.0])\ny = np.array([0.0, 0.8, 0.9, 0.1, -0.8, -1.0])\nY = np.stack([y, 2 * y + 1], axis=1)\n"
	langtest.CheckMatchesCPython(t, pre, []string{
		"np.round(np.polyfit(x, y, 3), 8), np.round(np.polyfit(x, y, 1), 8), np.polyfit(x, y, 0).shape",
		"c, r, rk, s, rc = np.polyfit(x, y, 2, full=True)\nnp.round(c, 8), np.round(r, 8), rk, np.round(s, 8), rc",
		"c, r, rk, s, rc = np.polyfit(x, y, 2, full=True, rcond=1e-3)\nnp.round(c, 8), rk, rc",
		"c, V = np.polyfit(x, y, 2, cov=True)\nnp.round(V, 8)",
		"c, V = np.polyfit(x, y, 2, cov='unscaled')\nnp.round(c, 8), np.round(V, 8)",
		"np.round(np.polyfit(x, Y, 1), 8)",
		"c, V = np.polyfit(x, Y, 1, cov=True)\nnp.round(V, 8), V.shape",
		"np.round(np.polyfit([1, 2, 3], [2, 4, 7], 1, w=[1, 2, 1]), 8), np.polyfit([1, 2, 3], [1, 2, 3], 0).dtype",
		"np.polyfit(x, y, -1)", "np.polyfit([[1]], [1], 1)", "np.polyfit([], [], 1)", "np.polyfit([1, 2], [1], 1)",
		"np.polyfit([1, 2], [[[1]]], 1)", "np.polyfit([1, 2], [1, 2], 1, w=[[1]])", "np.polyfit([1, 2], [1, 2], 1, w=[1])",
		"np.polyfit([1, 2], [1, 2], 1, cov=True)",
	})
}
