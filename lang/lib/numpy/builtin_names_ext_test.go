package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestWrappedAliasesStayOne checks, against NumPy, that the names of one
// function stay one object after the string and object wrappers, and
// that the wrappers work through every name.
func TestWrappedAliasesStayOne(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude, []string{
		"np.row_stack is np.vstack, np.abs is np.absolute, np.bitwise_not is np.invert, np.mod is np.remainder, np.divide is np.true_divide, np.conj is np.conjugate, np.mat is np.asmatrix, np.round_ is np.round",
		"np.row_stack((np.array(['a', 'b']), ['c', 'd'])), np.vstack((np.array(['a']), ['c']))",
		"np.abs(np.array([-1, 2], dtype=object)), np.absolute(np.array([-1, 2], dtype=object))",
		"np.mod(np.array([7, 8], dtype=object), 3), np.remainder(np.array([7, 8], dtype=object), 3)",
		"np.add(np.array(['a']), np.array(['b']))",
	})
}
