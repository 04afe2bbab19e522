package torch

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// torch.linalg.ldl_factor, ldl_factor_ex and ldl_solve
// (tensor/linalg_ldl.go): the Bunch-Kaufman LDLᵀ factorization of
// symmetric matrices, without gradients in kael.

var (
	returnLdlFactor   = &lang.ReturnType{Name: "linalg_ldl_factor", Fields: []string{"LD", "pivots"}}
	returnLdlFactorEx = &lang.ReturnType{Name: "linalg_ldl_factor_ex", Fields: []string{"LD", "pivots", "info"}}
)

func defLinalgLDL() {
	defDotted("linalg.ldl_factor(A, *, hermitian=False)", "A named tuple (LD, pivots) of the LDLᵀ factorization with Bunch-Kaufman pivoting of each symmetric matrix of A (its lower triangle read), as LAPACK's sytrf packs it: D's 1×1 and 2×2 blocks on the diagonal, L below; int32 pivots in LAPACK's encoding (negative for a 2×2 block). hermitian matters only for complex input, which kael does not take here (not differentiable in kael).", func(a *lang.Args) (lang.Value, error) {
		x := tensorArg(a, "A")
		if err := a.Err(); err != nil {
			return nil, err
		}
		ld, piv, _, err := tensor.LDLFactorEx("torch.linalg.ldl_factor_ex", x.Detach(), true)
		if err != nil {
			return nil, err
		}
		return lang.NewNamedTuple(returnLdlFactor, ld, piv), nil
	})
	defDotted("linalg.ldl_factor_ex(A, *, hermitian=False, check_errors=False)", "A named tuple (LD, pivots, info): ldl_factor's factors and the int32 info of each matrix, 0 or the position of a zero block of D (the factors exist but D is singular); check_errors=True raises instead.", func(a *lang.Args) (lang.Value, error) {
		x, check := tensorArg(a, "A"), a.Bool("check_errors")
		if err := a.Err(); err != nil {
			return nil, err
		}
		ld, piv, info, err := tensor.LDLFactorEx("torch.linalg.ldl_factor_ex", x.Detach(), check)
		if err != nil {
			return nil, err
		}
		return lang.NewNamedTuple(returnLdlFactorEx, ld, piv, info), nil
	})
	defDotted("linalg.ldl_solve(LD, pivots, B, *, hermitian=False)", "X with A X = B from ldl_factor's (LD, pivots) of each symmetric A (LAPACK's sytrs); B a batch of matrices with A's batch dimensions.", func(a *lang.Args) (lang.Value, error) {
		ld, piv, b := tensorArg(a, "LD"), tensorArg(a, "pivots"), tensorArg(a, "B")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(tensor.LDLSolve("torch.linalg.ldl_solve", ld.Detach(), piv, b.Detach()))
	})
}
