package numpy

import (
	"math"
	"strings"

	"github.com/kael-dev/kael/internal/libm"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// np.linalg on kael's LAPACK routines, in float64 for integer input as
// NumPy computes.

// LinAlgError is numpy.linalg.LinAlgError (an Exception).
const LinAlgError lang.ErrorKind = "LinAlgError"

var linAlgErrorClass = lang.RegisterExceptionClass(LinAlgError, "numpy.linalg", "LinAlgError", "Exception")

// linalgInput reads a matrix argument as a floating tensor of at least two
// dimensions.
func linalgInput(v lang.Value, name string) (*tensor.Tensor, error) {
	t, err := arrayFrom(v, 0, false)
	if err != nil {
		return nil, err
	}
	if t.Dim() < 2 {
		return nil, lang.Errorf(LinAlgError, "%d-dimensional array given. Array must be at least two-dimensional", t.Dim())
	}
	return realFloating(t, "np.linalg")
}

func square(t *tensor.Tensor) error {
	s := t.Shape()
	if s[len(s)-1] != s[len(s)-2] {
		return lang.Errorf(LinAlgError, "Last 2 dimensions of the array must be square")
	}
	return nil
}

// linalgError turns LAPACK's failures into NumPy's LinAlgError.
func linalgError(err error) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	switch {
	case strings.Contains(msg, "singular"):
		return lang.Errorf(LinAlgError, "Singular matrix")
	case strings.Contains(msg, "positive-definite"):
		return lang.Errorf(LinAlgError, "Matrix is not positive definite")
	case strings.Contains(msg, "converge"):
		return lang.Errorf(LinAlgError, "SVD did not converge")
	}
	return err
}

func linalgFuncs() map[string]lang.Value {
	m := map[string]lang.Value{"LinAlgError": linAlgErrorClass}
	one := func(name, doc string, f func(t *tensor.Tensor) (lang.Value, error)) {
		m[name] = lang.NewBuiltin(lang.AsValue, name+"(a)", doc, func(a *lang.Args) (lang.Value, error) {
			t, err := linalgInput(a.Value("a"), "a")
			if err != nil {
				return nil, err
			}
			r, err := f(t)
			return r, linalgError(err)
		})
	}
	one("inv", "The inverse of a square matrix (of each in a stack).", func(t *tensor.Tensor) (lang.Value, error) {
		if err := square(t); err != nil {
			return nil, err
		}
		r, err := tensor.Inv(t)
		return wrapArray(r), err
	})
	one("det", "The determinant of a square matrix.", func(t *tensor.Tensor) (lang.Value, error) {
		if err := square(t); err != nil {
			return nil, err
		}
		return npDet(t)
	})
	one("slogdet", "The sign and the log of the absolute value of the determinant.", func(t *tensor.Tensor) (lang.Value, error) {
		if err := square(t); err != nil {
			return nil, err
		}
		s, l, err := tensor.Slogdet(t)
		return lang.Tuple{wrap(s), wrap(l)}, err
	})
	one("eigvalsh", "The eigenvalues of a symmetric matrix, ascending.", func(t *tensor.Tensor) (lang.Value, error) {
		if err := square(t); err != nil {
			return nil, err
		}
		w, _, err := tensor.Eigh(t, "L", false)
		return wrapArray(w), err
	})
	one("cholesky", "The lower-triangular L with a = L @ L.T, for a symmetric positive-definite a.", func(t *tensor.Tensor) (lang.Value, error) {
		if err := square(t); err != nil {
			return nil, err
		}
		r, err := tensor.Cholesky(t, false)
		return wrapArray(r), err
	})
	m["eigh"] = lang.NewBuiltin(lang.AsValue, "eigh(a, UPLO='L')", "The eigenvalues (ascending) and eigenvectors (columns) of a symmetric matrix.", func(a *lang.Args) (lang.Value, error) {
		t, err := linalgInput(a.Value("a"), "a")
		if err != nil {
			return nil, err
		}
		if err := square(t); err != nil {
			return nil, err
		}
		w, v, err := tensor.Eigh(t, a.Str("UPLO"), true)
		if err != nil {
			return nil, linalgError(err)
		}
		return lang.Tuple{wrapArray(w), wrapArray(v)}, nil
	})
	defEig(m)
	m["solve"] = lang.NewBuiltin(lang.AsValue, "solve(a, b)", "The x with a @ x = b, for a square, non-singular a.", func(a *lang.Args) (lang.Value, error) {
		x, err := linalgInput(a.Value("a"), "a")
		if err != nil {
			return nil, err
		}
		if err := square(x); err != nil {
			return nil, err
		}
		b, err := arrayFrom(a.Value("b"), 0, false)
		if err != nil {
			return nil, err
		}
		if b, err = realFloating(b, "np.linalg"); err != nil {
			return nil, err
		}
		dt := promote(x.DType(), b.DType())
		if x, b, err = castBoth(x, b, dt); err != nil {
			return nil, err
		}
		vector := b.Dim() == 1
		if vector {
			if b, err = b.Unsqueeze(1); err != nil {
				return nil, err
			}
		}
		r, err := tensor.Solve(x, b)
		if err != nil {
			return nil, linalgError(err)
		}
		if vector {
			if r, err = r.Squeeze(-1); err != nil {
				return nil, err
			}
		}
		return wrapArray(r), nil
	})
	m["svd"] = lang.NewBuiltin(lang.AsValue, "svd(a, full_matrices=True, compute_uv=True)", "The singular value decomposition a = u @ diag(s) @ vh, singular values descending.", func(a *lang.Args) (lang.Value, error) {
		t, err := linalgInput(a.Value("a"), "a")
		if err != nil {
			return nil, err
		}
		if !a.Bool("compute_uv") {
			_, s, _, err := tensor.SVD(t, false, false)
			return wrapArray(s), linalgError(err)
		}
		u, s, vh, err := tensor.SVD(t, a.Bool("full_matrices"), true)
		if err != nil {
			return nil, linalgError(err)
		}
		return lang.Tuple{wrapArray(u), wrapArray(s), wrapArray(vh)}, nil
	})
	m["qr"] = lang.NewBuiltin(lang.AsValue, "qr(a, mode='reduced')", "The QR decomposition a = q @ r ('reduced', 'complete' or 'r').", func(a *lang.Args) (lang.Value, error) {
		t, err := linalgInput(a.Value("a"), "a")
		if err != nil {
			return nil, err
		}
		mode := a.Str("mode")
		q, r, err := tensor.QR(t, mode)
		if err != nil {
			return nil, linalgError(err)
		}
		if mode == "r" {
			return wrapArray(r), nil
		}
		return lang.Tuple{wrapArray(q), wrapArray(r)}, nil
	})
	m["pinv"] = lang.NewBuiltin(lang.AsValue, "pinv(a, rcond=1e-15)", "The Moore-Penrose pseudo-inverse, through the SVD, singular values below rcond times the largest dropped.", func(a *lang.Args) (lang.Value, error) {
		t, err := linalgInput(a.Value("a"), "a")
		if err != nil {
			return nil, err
		}
		r, _, err := pinv(t, a.Float("rcond"))
		return wrapArray(r), linalgError(err)
	})
	m["matrix_rank"] = lang.NewBuiltin(lang.AsValue, "matrix_rank(A, tol=None)", "The number of singular values above tol (by default S.max() * max(M, N) * eps).", func(a *lang.Args) (lang.Value, error) {
		t, err := arrayFrom(a.Value("A"), 0, false)
		if err != nil {
			return nil, err
		}
		if t.Dim() < 2 {
			nz, err := anyNonzero(t)
			if nz {
				return int64(1), err
			}
			return int64(0), err
		}
		if t, err = realFloating(t, "np.linalg"); err != nil {
			return nil, err
		}
		_, s, _, err := tensor.SVD(t, false, false)
		if err != nil {
			return nil, linalgError(err)
		}
		vals, err := floatValues(s)
		if err != nil {
			return nil, err
		}
		shape := t.Shape()
		tol := 0.0
		if len(vals) > 0 {
			eps := 2.220446049250313e-16
			if t.DType() == tensor.Float32 {
				eps = 1.1920929e-07
			}
			tol = vals[0] * float64(max(shape[len(shape)-1], shape[len(shape)-2])) * eps
		}
		if !a.IsNone("tol") {
			tol = a.Float("tol")
		}
		n := int64(0)
		for _, v := range vals {
			if v > tol {
				n++
			}
		}
		return n, nil
	})
	m["lstsq"] = lang.NewBuiltin(lang.AsValue, "lstsq(a, b, rcond=None)", "The least-squares solution of a @ x = b, with the residuals' sums of squares, a's rank and its singular values.", func(a *lang.Args) (lang.Value, error) {
		return lstsq(a)
	})
	m["norm"] = lang.NewBuiltin(lang.AsValue, "norm(x, ord=None, axis=None, keepdims=False)", "A vector or matrix norm: the 2-norm of vectors and the Frobenius norm of matrices by default.", func(a *lang.Args) (lang.Value, error) {
		return norm(a)
	})
	m["matrix_power"] = lang.NewBuiltin(lang.AsValue, "matrix_power(a, n)", "The square matrix a raised to the integer power n (n < 0 inverts).", func(a *lang.Args) (lang.Value, error) {
		t, err := arrayFrom(a.Value("a"), 0, false)
		if err != nil {
			return nil, err
		}
		if t.Dim() < 2 {
			return nil, lang.Errorf(LinAlgError, "%d-dimensional array given. Array must be at least two-dimensional", t.Dim())
		}
		if err := square(t); err != nil {
			return nil, err
		}
		if _, err := lang.IndexValue(a.Value("n")); err != nil {
			return nil, lang.Errorf(lang.TypeError, "exponent must be an integer")
		}
		n := a.Int("n")
		if n < 0 {
			if t, err = realFloating(t, "np.linalg"); err != nil {
				return nil, err
			}
			if t, err = tensor.Inv(t); err != nil {
				return nil, linalgError(err)
			}
			n = -n
		}
		s := t.Shape()
		r, err := tensor.Eye(s[len(s)-1], s[len(s)-1], t.DType())
		if err != nil {
			return nil, err
		}
		for p := t; n > 0; n >>= 1 {
			if n&1 == 1 {
				if r, err = tensor.Matmul(r, p); err != nil {
					return nil, err
				}
			}
			if n > 1 {
				if p, err = tensor.Matmul(p, p); err != nil {
					return nil, err
				}
			}
		}
		return wrapArray(r), nil
	})
	return m
}

func anyNonzero(t *tensor.Tensor) (bool, error) {
	b, err := castTensor(t, tensor.Bool)
	if err != nil {
		return false, err
	}
	r, err := tensor.Any(b, nil, false)
	if err != nil {
		return false, err
	}
	v, err := r.Item()
	return v == true, err
}

// pinv is the pseudo-inverse of t and its rank.
func pinv(t *tensor.Tensor, rcond float64) (*tensor.Tensor, int, error) {
	u, s, vh, err := tensor.SVD(t, false, true)
	if err != nil {
		return nil, 0, err
	}
	vals, err := floatValues(s)
	if err != nil {
		return nil, 0, err
	}
	cut := 0.0
	if len(vals) > 0 {
		cut = rcond * vals[0]
	}
	rank := 0
	inv := make([]float64, len(vals))
	for i, v := range vals {
		if v > cut {
			inv[i] = 1 / v
			rank++
		}
	}
	sinv, err := tensor.FromSlice(inv, len(inv))
	if err != nil {
		return nil, 0, err
	}
	if sinv, err = castTensor(sinv, t.DType()); err != nil {
		return nil, 0, err
	}
	// pinv = vh.T @ diag(1/s) @ u.T
	v, err := vh.Transpose(-2, -1)
	if err != nil {
		return nil, 0, err
	}
	scaled, err := tensor.Mul(v, sinv)
	if err != nil {
		return nil, 0, err
	}
	ut, err := u.Transpose(-2, -1)
	if err != nil {
		return nil, 0, err
	}
	r, err := tensor.Matmul(scaled, ut)
	return r, rank, err
}

func lstsq(a *lang.Args) (lang.Value, error) {
	x, err := linalgInput(a.Value("a"), "a")
	if err != nil {
		return nil, err
	}
	if x.Dim() != 2 {
		return nil, lang.Errorf(LinAlgError, "%d-dimensional array given. Array must be two-dimensional", x.Dim())
	}
	b, err := arrayFrom(a.Value("b"), 0, false)
	if err != nil {
		return nil, err
	}
	if b, err = realFloating(b, "np.linalg"); err != nil {
		return nil, err
	}
	if x, b, err = castBoth(x, b, promote(x.DType(), b.DType())); err != nil {
		return nil, err
	}
	m, n := x.Shape()[0], x.Shape()[1]
	if b.Shape()[0] != m {
		return nil, lang.Errorf(LinAlgError, "Incompatible dimensions")
	}
	eps := 2.220446049250313e-16
	if x.DType() == tensor.Float32 {
		eps = 1.1920929e-07
	}
	rcond := eps * float64(max(m, n))
	if !a.IsNone("rcond") {
		rcond = a.Float("rcond")
	}
	sol, resid, rank, s, err := lstsqSolve(x, b, rcond)
	if err != nil {
		return nil, err
	}
	return lang.Tuple{wrapArray(sol), wrapArray(resid), int64(rank), wrapArray(s)}, nil
}

// lstsqSolve is np.linalg.lstsq on a 2-d x and a b of x's dtype with as
// many rows: the solution, the residuals' sums of squares (empty unless
// x has full column rank and more rows than columns), x's rank and its
// singular values.
func lstsqSolve(x, b *tensor.Tensor, rcond float64) (sol, resid *tensor.Tensor, rank int, s *tensor.Tensor, err error) {
	m, n := x.Shape()[0], x.Shape()[1]
	p, rank, err := pinv(x, rcond)
	if err != nil {
		return nil, nil, 0, nil, linalgError(err)
	}
	vector := b.Dim() == 1
	bm := b
	if vector {
		if bm, err = b.Unsqueeze(1); err != nil {
			return nil, nil, 0, nil, err
		}
	}
	sol, err = tensor.Matmul(p, bm)
	if err != nil {
		return nil, nil, 0, nil, err
	}
	_, s, _, err = tensor.SVD(x, false, false)
	if err != nil {
		return nil, nil, 0, nil, linalgError(err)
	}
	// residuals: the squared 2-norm of each column of b - a @ x, when a
	// has full column rank and more rows than columns; else empty.
	if rank == n && m > n {
		fit, err := tensor.Matmul(x, sol)
		if err != nil {
			return nil, nil, 0, nil, err
		}
		diff, err := tensor.Sub(bm, fit)
		if err != nil {
			return nil, nil, 0, nil, err
		}
		sq, err := tensor.Mul(diff, diff)
		if err != nil {
			return nil, nil, 0, nil, err
		}
		if resid, err = tensor.Sum(sq, []int{0}, false); err != nil {
			return nil, nil, 0, nil, err
		}
	} else if resid, err = tensor.Zeros(x.DType(), 0); err != nil {
		return nil, nil, 0, nil, err
	}
	if vector {
		if sol, err = sol.Squeeze(1); err != nil {
			return nil, nil, 0, nil, err
		}
	}
	return sol, resid, rank, s, nil
}

func norm(a *lang.Args) (lang.Value, error) {
	t, err := arrayFrom(a.Value("x"), 0, false)
	if err != nil {
		return nil, err
	}
	if t, err = realFloating(t, "np.linalg"); err != nil {
		return nil, err
	}
	keep := a.Bool("keepdims")
	ord := a.Value("ord")
	_, noOrd := ord.(lang.NoneType)
	axes, err := axesArg(a.Value("axis"), t.Dim())
	if err != nil {
		return nil, err
	}
	if axes == nil {
		if noOrd || (t.Dim() == 2 && ord == "fro") {
			r, err := tensor.Norm(t, 2, allAxes(t.Dim()), keep)
			return wrap(r), err
		}
		axes = allAxes(t.Dim())
	}
	if len(axes) == 1 {
		p := 2.0
		if !noOrd {
			f, ok := lang.AsFloat(ord)
			if !ok {
				return nil, lang.Errorf(lang.ValueError, "Invalid norm order '%s' for vectors", lang.Str(ord))
			}
			p = f
		}
		if math.IsInf(p, 0) {
			abs, err := tensor.Abs(t)
			if err != nil {
				return nil, err
			}
			var r *tensor.Tensor
			if p > 0 {
				r, err = tensor.Amax(abs, axes, keep)
			} else {
				r, err = tensor.Amin(abs, axes, keep)
			}
			return wrap(r), err
		}
		r, err := tensor.Norm(t, p, axes, keep)
		return wrap(r), err
	}
	if len(axes) != 2 {
		return nil, lang.Errorf(lang.ValueError, "Improper number of dimensions to norm.")
	}
	if noOrd || ord == "fro" {
		r, err := tensor.Norm(t, 2, axes, keep)
		return wrap(r), err
	}
	// Matrix norms of a 2-d array: 1 / -1 (column sums), inf / -inf (row
	// sums), 2 / -2 and 'nuc' (singular values).
	if t.Dim() != 2 {
		return nil, lang.Errorf(notImplementedError, "kael's np.linalg.norm computes ord=%s of 2-d arrays only", lang.Str(ord))
	}
	if s, ok := ord.(string); ok && s == "nuc" || func() bool { f, ok := lang.AsFloat(ord); return ok && math.Abs(f) == 2 }() {
		_, sv, _, err := tensor.SVD(t, false, false)
		if err != nil {
			return nil, linalgError(err)
		}
		vals, err := floatValues(sv)
		if err != nil {
			return nil, err
		}
		f, _ := lang.AsFloat(ord)
		switch {
		case ord == "nuc":
			sum := 0.0
			for _, v := range vals {
				sum += v
			}
			return sum, nil
		case f > 0:
			return vals[0], nil
		}
		return vals[len(vals)-1], nil
	}
	f, ok := lang.AsFloat(ord)
	if !ok || !(math.Abs(f) == 1 || math.IsInf(f, 0)) {
		return nil, lang.Errorf(lang.ValueError, "Invalid norm order for matrices.")
	}
	abs, err := tensor.Abs(t)
	if err != nil {
		return nil, err
	}
	sumAxis := 0 // column sums for ord 1
	if math.IsInf(f, 0) {
		sumAxis = 1
	}
	sums, err := tensor.Sum(abs, []int{sumAxis}, false)
	if err != nil {
		return nil, err
	}
	var r *tensor.Tensor
	if f > 0 {
		r, err = tensor.Amax(sums, nil, false)
	} else {
		r, err = tensor.Amin(sums, nil, false)
	}
	return wrap(r), err
}

// npDet is np.linalg.det as NumPy computes it: sign * exp(logdet) from
// slogdet's LU factors, not their product, so that det([[1, 2], [3, 4]])
// is NumPy's -2.0000000000000004 (exp through C's libm, as NumPy's).
func npDet(t *tensor.Tensor) (lang.Value, error) {
	sign, logdet, err := tensor.Slogdet(t)
	if err != nil {
		return nil, err
	}
	signs, err := sign.Float64s()
	if err != nil {
		return nil, err
	}
	logs, err := logdet.Float64s()
	if err != nil {
		return nil, err
	}
	dets := make([]float64, len(signs))
	for i, s := range signs {
		dets[i] = s * libm.Exp(logs[i])
	}
	r, err := tensor.FromSlice(dets, append([]int{}, sign.Shape()...)...) // 0-d for one matrix
	if err != nil {
		return nil, err
	}
	if r, err = r.To(t.DType()); err != nil {
		return nil, err
	}
	return wrap(r), nil
}
