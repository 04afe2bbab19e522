package torch

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The Householder form of QR (tensor/linalg_householder.go): torch.geqrf,
// torch.linalg.householder_product (torch.orgqr) and torch.ormqr. kael
// computes them without gradients.

var returnGeqrf = &lang.ReturnType{Name: "geqrf", Fields: []string{"a", "tau"}}

func defLinalgHouseholder() {
	lang.NewBuiltin(lang.AsBoth, "geqrf(input)", "A named tuple (a, tau) of LAPACK's geqrf: R on and above the diagonal of a, the Householder vectors below it, tau their scales (not differentiable in kael).", func(a *lang.Args) (lang.Value, error) {
		x := tensorArg(a, "input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return pairOf(returnGeqrf)(tensor.Geqrf(x.Detach()))
	})
	defDotted("linalg.householder_product(A, tau)", "The first n columns of the product of the Householder reflectors stored in each m×n matrix of A (below the diagonal, as geqrf leaves them) with scales tau: the Q of a QR factorization (not differentiable in kael).", func(a *lang.Args) (lang.Value, error) {
		x, tau := tensorArg(a, "A"), tensorArg(a, "tau")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(tensor.HouseholderProduct("torch.linalg.householder_product", x.Detach(), tau.Detach()))
	})
	lang.NewBuiltin(lang.AsBoth, "orgqr(input, tau)", "torch.linalg.householder_product: the Q of geqrf's (input, tau).", func(a *lang.Args) (lang.Value, error) {
		x, tau := tensorArg(a, "input"), tensorArg(a, "tau")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(tensor.HouseholderProduct("torch.linalg.householder_product", x.Detach(), tau.Detach()))
	})
	lang.NewBuiltin(lang.AsBoth, "ormqr(input, tau, other, left=True, transpose=False)", "Q @ other (other @ Q with left=False, Qᵀ in place of Q with transpose=True) for Q the product of the Householder reflectors of geqrf's (input, tau), without forming Q (not differentiable in kael).", func(a *lang.Args) (lang.Value, error) {
		x, tau, c, left, trans := tensorArg(a, "input"), tensorArg(a, "tau"), tensorArg(a, "other"), a.Bool("left"), a.Bool("transpose")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(tensor.Ormqr(x.Detach(), tau.Detach(), c.Detach(), left, trans))
	})
}
