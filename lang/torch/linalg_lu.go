package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
	"slices"
)

// The LU factorization A = P L U with partial pivoting (tensor/linalg_lu.go)
// and what is built on it: torch.linalg.lu_factor, lu_factor_ex, lu and
// lu_solve, and the older torch.lu, torch.lu_unpack and torch.lu_solve.
// lu, lu_unpack and lu_solve are composed of recorded operations on the
// packed factors, so their gradients flow through lu_factor's.

var (
	returnLuFactor   = &lang.ReturnType{Name: "linalg_lu_factor", Fields: []string{"LU", "pivots"}}
	returnLuFactorEx = &lang.ReturnType{Name: "linalg_lu_factor_ex", Fields: []string{"LU", "pivots", "info"}}
	returnLinalgLu   = &lang.ReturnType{Name: "linalg_lu", Fields: []string{"P", "L", "U"}}
	returnLuWithInfo = &lang.ReturnType{Name: "_lu_with_info", Fields: []string{"LU", "pivots", "info"}}
	returnLuUnpack   = &lang.ReturnType{Name: "lu_unpack", Fields: []string{"P", "L", "U"}}
)

func defLinalgLU() {
	defDotted("linalg.lu_factor(A, *, pivot=True)", "A named tuple (LU, pivots) of the LU factorization A = P L U of each matrix of A, packed as LAPACK packs it (U on and above the diagonal, L's below), with the 1-based int32 row interchanges; a zero on U's diagonal is an error.", func(a *lang.Args) (lang.Value, error) {
		lu, piv, _, err := luFactorArgs(a, "A", "torch.lu_factor", "torch.linalg.lu_factor", true)
		if err != nil {
			return nil, err
		}
		return lang.NewNamedTuple(returnLuFactor, lu, piv), nil
	})
	defDotted("linalg.lu_factor_ex(A, *, pivot=True, check_errors=False)", "A named tuple (LU, pivots, info): lu_factor's factors and the int32 info of each matrix, 0 or the position of the first zero on U's diagonal; check_errors=True raises instead.", func(a *lang.Args) (lang.Value, error) {
		lu, piv, info, err := luFactorArgs(a, "A", "torch.lu_factor", "torch.linalg.lu_factor_ex", a.Bool("check_errors"))
		if err != nil {
			return nil, err
		}
		return lang.NewNamedTuple(returnLuFactorEx, lu, piv, info), nil
	})
	defDotted("linalg.lu(A, *, pivot=True)", "A named tuple (P, L, U) with A = P @ L @ U for each m×n matrix of A: P a permutation matrix, L m×k unit lower triangular, U k×n upper triangular (k = min(m, n)).", func(a *lang.Args) (lang.Value, error) {
		lu, piv, _, err := luFactorArgs(a, "A", "linalg.lu", "torch.linalg.lu", false)
		if err != nil {
			return nil, err
		}
		p, l, u, err := luUnpack(lu, piv, true, true)
		if err != nil {
			return nil, err
		}
		return lang.NewNamedTuple(returnLinalgLu, p, l, u), nil
	})
	defDotted("linalg.lu_solve(LU, pivots, B, *, left=True, adjoint=False)", "X with A X = B from lu_factor's (LU, pivots) of A (X A = B with left=False; Aᴴ in place of A with adjoint=True); batches broadcast.", func(a *lang.Args) (lang.Value, error) {
		lu, piv, b, left, adj := tensorArg(a, "LU"), tensorArg(a, "pivots"), tensorArg(a, "B"), a.Bool("left"), a.Bool("adjoint")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(luSolve("linalg.lu_solve", lu, piv, b, left, adj))
	})
	lang.NewBuiltin(lang.AsBoth, "lu(input, pivot=True, get_infos=False)", "torch.lu (deprecated in PyTorch for linalg.lu_factor): the tuple (LU, pivots), or (LU, pivots, infos) with get_infos=True, which then reports a zero on U's diagonal in infos instead of raising.", func(a *lang.Args) (lang.Value, error) {
		infos := a.Bool("get_infos")
		lu, piv, info, err := luFactorArgs(a, "input", "torch.lu_factor", "torch.linalg.lu_factor_ex", !infos)
		if err != nil {
			return nil, err
		}
		if infos {
			return lang.NewNamedTuple(returnLuWithInfo, lu, piv, info), nil
		}
		return lang.Tuple{lu, piv}, nil
	})
	lang.NewBuiltin(lang.AsFunc, "lu_unpack(LU_data, LU_pivots, unpack_data=True, unpack_pivots=True)", "A named tuple (P, L, U) of the factors packed by lu_factor: A = P @ L @ U; unpack_data=False leaves L and U empty, unpack_pivots=False P.", func(a *lang.Args) (lang.Value, error) {
		lu, piv, data, pivs := tensorArg(a, "LU_data"), tensorArg(a, "LU_pivots"), a.Bool("unpack_data"), a.Bool("unpack_pivots")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if piv.DType() != tensor.Int32 {
			return nil, lang.Errorf(lang.RuntimeError, "torch.lu_unpack: LU_pivots is expected to be a contiguous tensor of torch.int32 dtype.\nNote: this function is intended to be used with the output produced by torch.linalg.lu_factor")
		}
		if lu.Dim() >= 2 && pivs {
			if err := checkPivots("torch.lu_unpack", lu, piv, "pivots passed to lu_unpack must be between 1 and LU.size(-2) inclusive.Did you properly pass the result of lu_factor?"); err != nil {
				return nil, err
			}
		}
		p, l, u, err := luUnpack(lu, piv, data, pivs)
		if err != nil {
			return nil, err
		}
		return lang.NewNamedTuple(returnLuUnpack, p, l, u), nil
	})
	lang.NewBuiltin(lang.AsBoth, "lu_solve(input, LU_data, LU_pivots)", "torch.lu_solve (deprecated in PyTorch for linalg.lu_solve, whose arguments come the other way round): X with A X = input from the (LU_data, LU_pivots) of A.", func(a *lang.Args) (lang.Value, error) {
		b, lu, piv := tensorArg(a, "input"), tensorArg(a, "LU_data"), tensorArg(a, "LU_pivots")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(luSolve("linalg.lu_solve", lu, piv, b, true, false))
	})
}

// luFactorArgs reads the matrix argument input and pivot of an LU builtin
// and factors it; check raises on a zero on U's diagonal, in the words of
// op (name is the function that PyTorch's shape message names).
func luFactorArgs(a *lang.Args, input, name, op string, check bool) (lu, pivots, info *tensor.Tensor, err error) {
	x, pivot := tensorArg(a, input), a.Bool("pivot")
	if err := a.Err(); err != nil {
		return nil, nil, nil, err
	}
	if x.Dim() < 2 {
		return nil, nil, nil, lang.Errorf(lang.RuntimeError, "%s: Expected tensor with 2 or more dimensions. Got size: %s instead", name, dimsText(x.Shape()))
	}
	if !x.DType().IsFloating() {
		return nil, nil, nil, lang.Errorf(lang.RuntimeError, "\"lu_cpu\" not implemented for '%s'", x.DType().ScalarTypeName())
	}
	if !pivot {
		return nil, nil, nil, lang.Errorf(lang.RuntimeError, "linalg.lu_factor: LU without pivoting is not implemented on the CPU")
	}
	return autograd.LUFactorEx(op, x, check)
}

// checkPivots checks int32 pivots against LU factors lu (2 or more
// dimensions) as PyTorch does: min(m, n) per matrix, lu's batch shape,
// each in [1, m] (rangeMsg otherwise).
func checkPivots(op string, lu, piv *tensor.Tensor, rangeMsg string) error {
	shape := lu.Shape()
	m, n := shape[len(shape)-2], shape[len(shape)-1]
	if piv.Dim() == 0 || piv.Shape()[piv.Dim()-1] != min(m, n) {
		if op == "torch.lu_unpack" { // PyTorch's lu_unpack finds it by the values
			return lang.Errorf(lang.RuntimeError, "%s", rangeMsg)
		}
		return lang.Errorf(lang.RuntimeError, "%s: Number of pivots per batch should be same as the dimension of the matrix", op)
	}
	if !slices.Equal(piv.Shape()[:piv.Dim()-1], shape[:len(shape)-2]) {
		return lang.Errorf(lang.RuntimeError, "%s: Expected LU.shape[:-1] and pivots.shape to be the same, but got pivots with shape %s instead", op, sizeList(piv.Shape()))
	}
	vals, err := tensor.Values[int32](piv)
	if err != nil {
		return err
	}
	for _, p := range vals {
		if p < 1 || int(p) > m {
			return lang.Errorf(lang.RuntimeError, "%s", rangeMsg)
		}
	}
	return nil
}

// luUnpack returns P, L and U of packed LU factors and their pivots (each
// left empty when not asked for); L and U are recorded operations on lu.
func luUnpack(lu, piv *tensor.Tensor, data, pivots bool) (p, l, u *tensor.Tensor, err error) {
	if lu.Dim() < 2 {
		return nil, nil, nil, lang.Errorf(lang.RuntimeError, "torch.lu_unpack: Expected tensor with 2 or more dimensions. Got size: %s instead", dimsText(lu.Shape()))
	}
	shape := lu.Shape()
	m, n := shape[len(shape)-2], shape[len(shape)-1]
	k := min(m, n)
	empty := func() (*tensor.Tensor, error) { return tensor.Zeros(lu.DType(), 0) }
	c := &chainOps{}
	if data {
		eye := c.do(func() (*tensor.Tensor, error) { return tensor.Eye(m, k, lu.DType()) })
		low := c.do(func() (*tensor.Tensor, error) { return autograd.Tril(lu, -1) })
		low = c.do(func() (*tensor.Tensor, error) { return autograd.Narrow(low, -1, 0, k) })
		l = c.bin(autograd.Add, low, eye)
		up := c.do(func() (*tensor.Tensor, error) { return autograd.Triu(lu, 0) })
		u = c.do(func() (*tensor.Tensor, error) { return autograd.Narrow(up, -2, 0, k) })
	} else {
		l, u = c.do(empty), c.do(empty)
	}
	if pivots {
		p = c.do(func() (*tensor.Tensor, error) { return tensor.LUPermutation(piv, m, lu.DType()) })
	} else {
		p = c.do(empty)
	}
	return p, l, u, c.err
}

// luSolve is linalg.lu_solve: with A = P L U, A X = B is
// X = U⁻¹ L⁻¹ Pᵀ B and Aᵀ X = B is X = P L⁻ᵀ U⁻ᵀ B; X A = B is the
// transposed system Aᵀ Xᵀ = Bᵀ.
func luSolve(op string, lu, piv, b *tensor.Tensor, left, adjoint bool) (*tensor.Tensor, error) {
	if lu.Dim() < 2 {
		return nil, lang.Errorf(lang.RuntimeError, "torch.%s: The input tensor A must have at least 2 dimensions.", op)
	}
	if b.Dim() < 2 {
		return nil, lang.Errorf(lang.RuntimeError, "%s: The input tensor B must have at least 2 dimensions.", op)
	}
	if lu.Shape()[lu.Dim()-1] != lu.Shape()[lu.Dim()-2] {
		return nil, lang.Errorf(lang.RuntimeError, "%s: A must be batches of square matrices, but they are %d by %d matrices", op, lu.Shape()[lu.Dim()-2], lu.Shape()[lu.Dim()-1])
	}
	if b.DType() != lu.DType() {
		return nil, lang.Errorf(lang.RuntimeError, "%s: Expected LU and B to have the same dtype, but found LU of type %s and B of type %s instead", op, lu.DType().ScalarTypeName(), b.DType().ScalarTypeName())
	}
	if piv.DType() != tensor.Int32 {
		return nil, lang.Errorf(lang.RuntimeError, "%s: pivots should be a Tensor of scalar type torch.int32", op)
	}
	if err := checkPivots(op, lu, piv, "Pivots given to lu_solve must all be smaller or equal to LU.size(-2). Did you properly pass the result of lu_factor?"); err != nil {
		return nil, err
	}
	c := &chainOps{}
	mT := func(t *tensor.Tensor) *tensor.Tensor {
		return c.do(func() (*tensor.Tensor, error) { return autograd.Transpose(t, -2, -1) })
	}
	if !left {
		x, err := luSolve(op, lu, piv, mT(b), true, !adjoint)
		if err != nil {
			return nil, err
		}
		return mT(x), c.err
	}
	p, l, u, err := luUnpack(lu, piv, true, true)
	if err != nil {
		return nil, err
	}
	n := lu.Shape()[lu.Dim()-1]
	if b.Shape()[b.Dim()-2] != n {
		return nil, lang.Errorf(lang.RuntimeError, "%s: Incompatible shapes of A and B for the equation AX = B (%dx%d and %dx%d)", op, n, n, b.Shape()[b.Dim()-2], b.Shape()[b.Dim()-1])
	}
	tri := func(a, rhs *tensor.Tensor, upper, unit bool) *tensor.Tensor {
		return c.do(func() (*tensor.Tensor, error) { return autograd.SolveTriangular(a, rhs, upper, unit) })
	}
	if adjoint {
		y := tri(mT(u), b, false, false)
		y = tri(mT(l), y, true, true)
		return c.bin(autograd.Matmul, p, y), c.err
	}
	y := c.bin(autograd.Matmul, mT(p), b)
	y = tri(l, y, false, true)
	return tri(u, y, true, false), c.err
}
