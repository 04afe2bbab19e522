package numpy

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/lapack"
	"gonum.org/v1/gonum/lapack/lapack64"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// np.linalg.eig and eigvals of general real matrices, by LAPACK's geev
// (gonum's port of the reference routine NumPy's LAPACK runs). NumPy gives
// real arrays when every eigenvalue is real, and complex ones otherwise
// (complexEig). The matrices are real (linalgInput refuses complex ones).

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
	wis := make([]float64, count*n)
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
		wi := wis[k*n : (k+1)*n]
		work := make([]float64, 1)
		vl := blas64.General{Stride: 1}
		lapack64.Geev(lapack.LeftEVNone, jobvr, a, ws[k*n:(k+1)*n], wi, vl, vr, work, -1)
		work = make([]float64, max(int(work[0]), 4*n, 1))
		if first := lapack64.Geev(lapack.LeftEVNone, jobvr, a, ws[k*n:(k+1)*n], wi, vl, vr, work, len(work)); first > 0 {
			return nil, nil, lang.Errorf(LinAlgError, "Eigenvalues did not converge")
		}
	}
	if slices.ContainsFunc(wis, func(im float64) bool { return im != 0 }) {
		return complexEig(ws, wis, vs, shape, n, vectors, dt)
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
	m["eig"] = lang.NewBuiltin(lang.AsValue, "eig(a)", "The eigenvalues and right eigenvectors (unit columns) of a real square matrix, in LAPACK's order: complex arrays when any eigenvalue is complex.", func(a *lang.Args) (lang.Value, error) {
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
	m["eigvals"] = lang.NewBuiltin(lang.AsValue, "eigvals(a)", "The eigenvalues of a real square matrix, in LAPACK's order: a complex array when any is complex.", func(a *lang.Args) (lang.Value, error) {
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

// complexEig assembles eig's complex results, as NumPy does when any
// eigenvalue is complex: w = wr + i·wi, and for each conjugate pair j,
// j+1 LAPACK's columns vr[:, j] ± i·vr[:, j+1] as the two eigenvectors;
// complex128, or complex64 for a float32 matrix.
func complexEig(ws, wis, vs []float64, shape []int, n int, vectors bool, dt tensor.DType) (w, v *tensor.Tensor, err error) {
	cdt := tensor.Complex128
	if dt == tensor.Float32 {
		cdt = tensor.Complex64
	}
	cw := make([]complex128, len(ws))
	for i := range ws {
		cw[i] = complex(ws[i], wis[i])
	}
	if w, err = fromValues(cw, append(append([]int(nil), shape[:len(shape)-2]...), n)); err == nil {
		w, err = castTensor(w, cdt)
	}
	if err != nil || !vectors {
		return w, nil, err
	}
	cv := make([]complex128, len(vs))
	for k := 0; k < len(ws)/n; k++ {
		m, wi := vs[k*n*n:(k+1)*n*n], wis[k*n:(k+1)*n]
		out := cv[k*n*n : (k+1)*n*n]
		for j := 0; j < n; j++ {
			if wi[j] == 0 || j+1 == n {
				for r := 0; r < n; r++ {
					out[r*n+j] = complex(m[r*n+j], 0)
				}
				continue
			}
			for r := 0; r < n; r++ {
				re, im := m[r*n+j], m[r*n+j+1]
				out[r*n+j], out[r*n+j+1] = complex(re, im), complex(re, -im)
			}
			j++
		}
	}
	if v, err = fromValues(cv, shape); err == nil {
		v, err = castTensor(v, cdt)
	}
	return w, v, err
}
