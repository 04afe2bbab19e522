package numpy

import (
	"math"

	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/lapack"
	"gonum.org/v1/gonum/lapack/lapack64"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// np.linalg.eig and eigvals of general real matrices, by LAPACK's geev
// (gonum's port of the reference routine NumPy's LAPACK runs). NumPy gives
// real arrays when every eigenvalue is real, and complex ones otherwise;
// kael's arrays have no complex dtype, so a matrix with a complex
// eigenvalue is refused with an error that says so.

// eigGeneral returns the eigenvalues of each square matrix of t and, with
// vectors, the right eigenvectors (unit columns), in t's floating dtype.
func eigGeneral(t *tensor.Tensor, vectors bool, name string) (w, v *tensor.Tensor, err error) {
	if err := square(t); err != nil {
		return nil, nil, err
	}
	dt := t.DType()
	c, err := castTensor(t, tensor.Float64)
	if err != nil {
		return nil, nil, err
	}
	if c, err = c.Contiguous(); err != nil {
		return nil, nil, err
	}
	data, err := tensor.Values[float64](c)
	if err != nil {
		return nil, nil, err
	}
	for _, x := range data {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return nil, nil, lang.Errorf(LinAlgError, "Array must not contain infs or NaNs")
		}
	}
	shape := t.Shape()
	n := shape[len(shape)-1]
	count := 1
	for _, d := range shape[:len(shape)-2] {
		count *= d
	}
	ws := make([]float64, count*n)
	vs := make([]float64, count*n*n)
	jobvr := lapack.RightEVNone
	if vectors {
		jobvr = lapack.RightEVCompute
	}
	for k := range count {
		a := blas64.General{Rows: n, Cols: n, Stride: n, Data: append([]float64(nil), data[k*n*n:(k+1)*n*n]...)}
		vr := blas64.General{Rows: n, Cols: n, Stride: n, Data: vs[k*n*n : (k+1)*n*n]}
		if !vectors {
			vr = blas64.General{Stride: 1}
		}
		wi := make([]float64, n)
		work := make([]float64, 1)
		vl := blas64.General{Stride: 1}
		lapack64.Geev(lapack.LeftEVNone, jobvr, a, ws[k*n:(k+1)*n], wi, vl, vr, work, -1)
		work = make([]float64, max(int(work[0]), 4*n, 1))
		if first := lapack64.Geev(lapack.LeftEVNone, jobvr, a, ws[k*n:(k+1)*n], wi, vl, vr, work, len(work)); first > 0 {
			return nil, nil, lang.Errorf(LinAlgError, "Eigenvalues did not converge")
		}
		for _, im := range wi {
			if im != 0 {
				return nil, nil, lang.Errorf(lang.TypeError, "kael's NumPy has no dtype complex128: this matrix has complex eigenvalues, which np.linalg.%s returns as a complex array", name).
					WithHint("for a symmetric matrix, np.linalg.eigh gives real eigenvalues and eigenvectors")
			}
		}
	}
	result := func(vals []float64, shape ...int) (*tensor.Tensor, error) {
		r, err := fromValues(vals, shape)
		if err != nil {
			return nil, err
		}
		return castTensor(r, dt)
	}
	if w, err = result(ws, append(append([]int(nil), shape[:len(shape)-2]...), n)...); err != nil || !vectors {
		return w, nil, err
	}
	v, err = result(vs, shape...)
	return w, v, err
}

func defEig(m map[string]lang.Value) {
	m["eig"] = lang.NewBuiltin(lang.AsValue, "eig(a)", "The eigenvalues and right eigenvectors (unit columns) of a square matrix, in LAPACK's order. kael's arrays are real: a matrix with complex eigenvalues is a TypeError that says so.", func(a *lang.Args) (lang.Value, error) {
		t, err := linalgInput(a.Value("a"), "a")
		if err != nil {
			return nil, err
		}
		w, v, err := eigGeneral(t, true, "eig")
		if err != nil {
			return nil, err
		}
		return lang.Tuple{wrapArray(w), wrapArray(v)}, nil
	})
	m["eigvals"] = lang.NewBuiltin(lang.AsValue, "eigvals(a)", "The eigenvalues of a square matrix, in LAPACK's order. kael's arrays are real: a matrix with complex eigenvalues is a TypeError that says so.", func(a *lang.Args) (lang.Value, error) {
		t, err := linalgInput(a.Value("a"), "a")
		if err != nil {
			return nil, err
		}
		w, _, err := eigGeneral(t, false, "eigvals")
		if err != nil {
			return nil, err
		}
		return wrapArray(w), nil
	})
}
