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

// TestCallingFunctionsAreTheirOwn checks, against NumPy 1.24, the
// functions that call another (product, cumproduct, sometrue, alltrue):
// objects of their own with their own names, taking what the function
// they call takes.
func TestCallingFunctionsAreTheirOwn(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude, []string{
		"np.product is np.prod, np.cumproduct is np.cumprod, np.sometrue is np.any, np.alltrue is np.all",
		"np.product.__name__, np.cumproduct.__name__, np.sometrue.__name__, np.alltrue.__name__",
		"np.product([1, 2, 3]), np.cumproduct([[1, 2], [3, 4]], axis=1), np.sometrue([[0, 1], [0, 0]], axis=1), np.alltrue([1, 0])",
		"np.product(np.array([2, 3], dtype=object)), np.product([1.5, 2], keepdims=True), np.alltrue(np.array([[True], [False]]), axis=0)",
	})
}

// TestAliasNamesMatchNumPy checks, against NumPy 1.24, the __name__ of
// names that are aliases or functions calling another (np.round is
// round_, np.max is amax), which names are one object, the ufuncs'
// __name__ and repr, and that an alias's argument errors name the
// function as NumPy's do.
func TestAliasNamesMatchNumPy(t *testing.T) {
	var srcs []string
	for _, group := range [][]string{
		{"round", "around", "round_"},
		{"max", "amax", "min", "amin"},
		{"product", "prod", "cumproduct", "cumprod", "sometrue", "any", "alltrue", "all"},
		{"row_stack", "vstack", "mat", "asmatrix", "trapz", "fix", "sum", "mean"},
	} {
		for _, name := range group {
			srcs = append(srcs, "np."+name+".__name__")
		}
	}
	for _, name := range []string{"abs", "absolute", "conj", "conjugate", "mod", "remainder", "divide", "true_divide",
		"bitwise_not", "invert", "rint", "negative", "maximum", "fmax", "power", "arctan2", "hypot", "isnan", "logical_and", "floor_divide"} {
		srcs = append(srcs, "np."+name+".__name__, repr(np."+name+")")
	}
	srcs = append(srcs,
		"np.round is np.round_, np.round is np.around, np.max is np.amax, np.min is np.amin, np.max is np.min",
		"np.round_(np.array([1.25, -2.5]), 1), np.round(np.array([0.5, 1.5])), np.max(np.array([[1, 5], [7, 2]]), axis=0), np.min([3, 1, 2])",
		"np.round(1.5, foo=1)", "np.max([1], foo=1)", "np.min([1], foo=1)",
		"[f.__module__ for f in (np.sum, np.round, np.max, np.concatenate, np.arange, np.where, np.product, np.vstack)]",
		"import pickle\n[pickle.loads(pickle.dumps(f)) is f for f in (np.sum, np.round, np.max, np.amin, np.row_stack, np.product)]",
	)
	langtest.CheckMatchesCPython(t, prelude, srcs)
}
