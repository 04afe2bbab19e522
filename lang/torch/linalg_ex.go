package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// torch.linalg.LinAlgError and the _ex forms of the decompositions
// (inv_ex, cholesky_ex, solve_ex): instead of raising on a singular or
// not positive-definite matrix they give its result anyway (LAPACK's, with
// infs and NaNs or a partial factor) and an int32 info per matrix;
// check_errors=True raises instead.

// linAlgErrorClass is torch.linalg.LinAlgError, PyTorch's class
// torch._C._LinAlgError, a subclass of RuntimeError.
var linAlgErrorClass = lang.RegisterExceptionClass(tensor.LinAlgError, "torch._C", "_LinAlgError", lang.RuntimeError)

// dottedValues are the attributes of torch's submodules that are not
// builtins, by dotted name.
var dottedValues = map[string]lang.Value{"linalg.LinAlgError": linAlgErrorClass}

var (
	returnInvEx      = &lang.ReturnType{Name: "linalg_inv_ex", Fields: []string{"inverse", "info"}}
	returnCholeskyEx = &lang.ReturnType{Name: "linalg_cholesky_ex", Fields: []string{"L", "info"}}
	returnSolveEx    = &lang.ReturnType{Name: "linalg_solve_ex", Fields: []string{"result", "info"}}
)

func defLinalgEx() {
	defDotted("linalg.inv_ex(A, *, check_errors=False)", "A named tuple (inverse, info): linalg.inv's inverse of each square matrix of A and its int32 info, 0 or the position of the first zero pivot of a singular matrix (whose inverse then holds infs and NaNs); check_errors=True raises LinAlgError instead.", func(a *lang.Args) (lang.Value, error) {
		x, check := tensorArg(a, "A"), a.Bool("check_errors")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return pairOf(returnInvEx)(autograd.InvEx("linalg.inv_ex", x, check))
	})
	defDotted("linalg.cholesky_ex(A, *, upper=False, check_errors=False)", "A named tuple (L, info): linalg.cholesky's factor of each matrix of A and its int32 info, 0 or the order of the first leading minor that is not positive-definite (L is then LAPACK's partial factor); check_errors=True raises LinAlgError instead.", func(a *lang.Args) (lang.Value, error) {
		x, upper, check := tensorArg(a, "A"), a.Bool("upper"), a.Bool("check_errors")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return pairOf(returnCholeskyEx)(autograd.CholeskyEx("linalg.cholesky_ex", x, upper, check))
	})
	defDotted("linalg.solve_ex(A, B, *, left=True, check_errors=False)", "A named tuple (result, info): linalg.solve's X and the int32 info of each matrix of A, 0 or the position of the first zero pivot of a singular one (whose X then holds infs and NaNs); check_errors=True raises LinAlgError instead.", func(a *lang.Args) (lang.Value, error) {
		x, b, left, check := tensorArg(a, "A"), tensorArg(a, "B"), a.Bool("left"), a.Bool("check_errors")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if left {
			return pairOf(returnSolveEx)(autograd.SolveEx("linalg.solve_ex", x, b, check))
		}
		// X A = B is Aᵀ Xᵀ = Bᵀ.
		if b.Dim() < 2 {
			return nil, lang.Errorf(lang.RuntimeError, "linalg.solve_ex: with left=False, B must be a batch of matrices, got %dD", b.Dim())
		}
		c := &chainOps{}
		at := c.do(func() (*tensor.Tensor, error) { return autograd.Transpose(x, -2, -1) })
		bt := c.do(func() (*tensor.Tensor, error) { return autograd.Transpose(b, -2, -1) })
		if c.err != nil {
			return nil, c.err
		}
		xt, info, err := autograd.SolveEx("linalg.solve_ex", at, bt, check)
		if err != nil {
			return nil, err
		}
		return pairOf(returnSolveEx)(c.do(func() (*tensor.Tensor, error) { return autograd.Transpose(xt, -2, -1) }), info, c.err)
	})
}

var returnEig = &lang.ReturnType{Name: "linalg_eig", Fields: []string{"eigenvalues", "eigenvectors"}}

// defLinalgEig defines linalg.eig and eigvals of real matrices (not
// differentiable in kael: PyTorch's gradient is complex).
func defLinalgEig() {
	defDotted("linalg.eig(A)", "A named tuple (eigenvalues, eigenvectors) of each square real matrix of A, complex always, in LAPACK's order: the eigenvectors are the unit columns (each up to a complex phase, as PyTorch's).", func(a *lang.Args) (lang.Value, error) {
		x := tensorArg(a, "A")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return pairOf(returnEig)(tensor.Eig("linalg.eig", x.Detach(), true))
	})
	defDotted("linalg.eigvals(A)", "The eigenvalues of each square real matrix of A, complex, in LAPACK's order.", func(a *lang.Args) (lang.Value, error) {
		x := tensorArg(a, "A")
		if err := a.Err(); err != nil {
			return nil, err
		}
		w, _, err := tensor.Eig("linalg.eigvals", x.Detach(), false)
		return result(w, err)
	})
}
