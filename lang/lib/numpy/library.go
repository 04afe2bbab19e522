package numpy

import "github.com/kael-dev/kael/lang"

// numpy is defined on first use (lang.RegisterLibrary), as torch is: its
// classes, method tables, protocol dunders and modules are made the first
// time a program imports one of its modules (or a tensor's numpy() makes
// an array), not when every program starts, so that a program without
// NumPy (a micrograd loop) does not carry them in the heap every
// collection marks. Each file's init function hands its registrations to
// defineLater, which keeps them in the order Go runs the init functions
// (the files' names), the order they ran in when they were eager. What
// must be there before numpy is defined stays in init: the package's
// variables, the dunder a user class may define (__array_finalize__) and
// the array maker.

var (
	definitions []func() // the registrations, in init order
	defined     bool     // defineNumpy has run
)

// defineLater adds f to numpy's registrations, run when numpy is
// defined, or at once when it already is.
func defineLater(f func()) {
	if defined {
		f()
		return
	}
	definitions = append(definitions, f)
}

// defineNumpy makes numpy's registrations, once (lang.RegisterLibrary).
func defineNumpy() {
	defined = true
	for _, f := range definitions {
		f()
	}
	definitions = nil
}

func init() { lang.RegisterLibrary("numpy", numpyModules, defineNumpy) }

// numpyModules are the names of the modules numpy registers, so that
// listing the modules (sys.builtin_module_names) does not define numpy.
// TestNumpyModulesDeclared keeps the list equal to what it registers.
var numpyModules = []string{
	"_numpy_einsum_path",
	"_numpy_matrix",
	"_numpy_nanfuncs",
	"_numpy_nditer",
	"_numpy_npfunc",
	"_numpy_npidx",
	"_numpy_npmath",
	"_numpy_npnames",
	"_numpy_npsets",
	"_numpy_nptext",
	"_numpy_nptypes",
	"_numpy_poly1d",
	"_numpy_random",
	"_numpy_search",
	"_numpy_shape",
	"_numpy_testing",
	"_numpy_ufunc",
	"numpy",
	"numpy.char",
	"numpy.core",
	"numpy.core.fromnumeric",
	"numpy.core.multiarray",
	"numpy.core.numeric",
	"numpy.core.umath",
	"numpy.fft",
	"numpy.lib",
	"numpy.lib.scimath",
	"numpy.lib.stride_tricks",
	"numpy.linalg",
	"numpy.polynomial",
	"numpy.polynomial.polynomial",
	"numpy.random",
	"numpy.rec",
	"numpy.testing",
	"numpy.version",
}
