package numpy

import (
	_ "embed" // einsum_path.py

	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/itertools" // einsum_path.py imports itertools
)

// np.einsum_path is Python (einsum_path.py), as NumPy's is: the order of
// pairwise contractions 'greedy' or 'optimal' choose, and the report
// NumPy prints, from the subscripts and the operands' shapes. It is the
// private source module _numpy_einsum_path, run once per session the
// first time np.einsum_path is called.

//go:embed einsum_path.py
var einsumPathSource string

func init() {
	defineLater(func() {
		lang.RegisterSourceModule("_numpy_einsum_path", "np.einsum_path, written in Python (kael's own code, choosing contractions as NumPy 1.24's numpy/core/einsumfunc.py does).", einsumPathSource)
	})
}

// defEinsumPath adds np.einsum_path.
func defEinsumPath(m map[string]lang.Value) {
	m["einsum_path"] = lang.NewBuiltin(lang.AsValue, "einsum_path(subscripts, *operands, optimize='greedy', einsum_call=False)", "The order in which np.einsum would contract the operands pairwise, and its report: (['einsum_path', (0, 1), ...], text) with the naive and optimized FLOP counts, the speedup, the largest intermediate and each contraction. optimize is 'greedy', 'optimal', False (one contraction of all), (name, memory_limit) or an explicit path; the path is np.einsum's optimize= argument.", func(a *lang.Args) (lang.Value, error) {
		mod, err := a.Import("_numpy_einsum_path")
		if err != nil {
			return nil, err
		}
		fn, err := lang.GetAttr(mod, "einsum_path")
		if err != nil {
			return nil, err
		}
		args := append([]lang.Value{a.Value("subscripts")}, a.Value("operands").(lang.Tuple)...)
		return a.CallKw(fn, args, []string{"optimize", "einsum_call"}, []lang.Value{a.Value("optimize"), a.Value("einsum_call")})
	})
}
