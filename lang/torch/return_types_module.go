package torch

import "github.com/kael-dev/kael/lang"

// torch.return_types: the classes of the named tuples torch's functions
// return.

// returnTypeNames are PyTorch 1.13's torch.return_types classes, each
// also with its _out form (but histogramdd, which has none).
var returnTypeNames = []string{"aminmax", "cummax", "cummin", "frexp", "geqrf", "histogram", "kthvalue",
	"linalg_cholesky_ex", "linalg_eig", "linalg_eigh", "linalg_inv_ex", "linalg_ldl_factor", "linalg_ldl_factor_ex",
	"linalg_lstsq", "linalg_lu", "linalg_lu_factor", "linalg_lu_factor_ex", "linalg_qr", "linalg_slogdet",
	"linalg_solve_ex", "linalg_svd", "lu_unpack", "max", "median", "min", "mode", "nanmedian", "qr", "slogdet",
	"sort", "svd", "symeig", "topk", "triangular_solve"}

func defReturnTypes() {
	attrs := map[string]lang.Value{}
	for _, name := range returnTypeNames {
		for _, n := range []string{name, name + "_out"} {
			// type() of a value of the return type is this class, and
			// isinstance(torch.max(x, 0), torch.return_types.max) holds
			attrs[n] = lang.TypeOf(lang.NewNamedTuple(&lang.ReturnType{Name: n}))
		}
	}
	attrs["histogramdd"] = lang.TypeOf(lang.NewNamedTuple(&lang.ReturnType{Name: "histogramdd"}))
	lang.RegisterModule("torch.return_types", "The classes of the named tuples torch's functions return: torch.max(x, 0) is a torch.return_types.max(values=..., indices=...).", func() *lang.Module {
		return &lang.Module{Attrs: attrs}
	})
}
