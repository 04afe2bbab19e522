package torch

import (
	"math"
	"slices"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The reductions and scans PyTorch composes from others, recorded as its
// one node where it has one: count_nonzero, nansum, nanmean, diff, cov,
// corrcoef, dist, cdist, renorm, msort and argwhere; and the bindings of
// the scans with kernels of their own in package tensor (cumprod,
// logcumsumexp, cummax, cummin).

var (
	returnCummax = &lang.ReturnType{Name: "cummax", Fields: valuesIndices}
	returnCummin = &lang.ReturnType{Name: "cummin", Fields: valuesIndices}
	returnFrexp  = &lang.ReturnType{Name: "frexp", Fields: []string{"mantissa", "exponent"}}
)

func defComposedReductions() {
	lang.NewBuiltin(lang.AsBoth, "count_nonzero(input, dim=None)", "The number of non-zero elements over dim (an int or a tuple; all when None), as int64.", func(a *lang.Args) (lang.Value, error) {
		x, dims := tensorArg(a, "input"), a.Ints("dim")
		if err := a.Err(); err != nil {
			return nil, err
		}
		nz, err := tensor.Ne(x.Detach(), tensor.MustScalar(int64(0)))
		if err != nil {
			return nil, err
		}
		return result(tensor.Sum(nz, dims, false))
	})
	lang.NewBuiltin(lang.AsBoth, "nansum(input, dim=None, keepdim=False, *, dtype=None)", "The sum over dim (all when None) counting NaNs as zero.", func(a *lang.Args) (lang.Value, error) {
		x, err := reduceInput(a)
		if err != nil {
			return nil, err
		}
		dims, keep := a.Ints("dim"), a.Bool("keepdim")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(nansum(x, dims, keep))
	})
	lang.NewBuiltin(lang.AsBoth, "nanmean(input, dim=None, keepdim=False, *, dtype=None)", "The mean over dim (all when None) of the elements that are not NaN; floating input only.", func(a *lang.Args) (lang.Value, error) {
		x, err := reduceInput(a)
		if err != nil {
			return nil, err
		}
		dims, keep := a.Ints("dim"), a.Bool("keepdim")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if !x.DType().IsFloating() { // complex too, as in PyTorch
			return nil, lang.Errorf(lang.RuntimeError, "nanmean(): expected input to have floating point dtype but got %s", x.DType().ScalarTypeName())
		}
		s, err := nansum(x, dims, keep)
		if err != nil {
			return nil, err
		}
		isnan, err := tensor.Isnan(x.Detach())
		if err != nil {
			return nil, err
		}
		notnan, err := tensor.LogicalNot(isnan)
		if err != nil {
			return nil, err
		}
		n, err := tensor.Sum(notnan, dims, keep)
		if err != nil {
			return nil, err
		}
		return result(autograd.Div(s, n))
	})
	lang.NewBuiltin(lang.AsBoth, "diff(input, n=1, dim=-1, prepend=None, append=None)", "The n-th forward difference along dim (input[i+1] - input[i]; logical xor for bool), after joining prepend and append to input.", func(a *lang.Args) (lang.Value, error) {
		x, n, dim := tensorArg(a, "input"), a.Int("n"), a.Int("dim")
		pre, post := a.OptTensor("prepend"), a.OptTensor("append")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(diff(x, n, dim, pre, post))
	})
	defWithInt(lang.AsBoth, "cumprod(input, dim, *, dtype=None)", "The running product along dim; integers and bools give int64.", autograd.Cumprod)
	for _, op := range []struct {
		name string
		scan func(x *tensor.Tensor, dim int) (*tensor.Tensor, error)
	}{{"cumprod", autograd.Cumprod}, {"cumsum", autograd.Cumsum}} {
		lang.NewBuiltin(lang.AsMethod, op.name+"_(input, dim, *, dtype=None)", "In place: input = "+op.name+"(input, dim); returns input.", func(a *lang.Args) (lang.Value, error) {
			x, dim := tensorArg(a, "input"), a.Int("dim")
			d := a.OptDType("dtype")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return inPlace(x, autograd.Rewrite(x, op.name+"_", func(old *tensor.Tensor) (*tensor.Tensor, error) {
				if d != nil {
					var err error
					if old, err = autograd.To(old, *d); err != nil {
						return nil, err
					}
				}
				return op.scan(old, dim)
			}))
		})
	}
	for _, op := range []struct {
		name, node string
		isMax      bool
		ret        *lang.ReturnType
	}{
		{"cummax", "CummaxBackward0", true, returnCummax},
		{"cummin", "CumminBackward0", false, returnCummin},
	} {
		lang.NewBuiltin(lang.AsBoth, op.name+"(input, dim)", "A named tuple (values, indices): the running "+map[bool]string{true: "maximum", false: "minimum"}[op.isMax]+" along dim and where it was found (the latest of equal ones); a NaN stays.", func(a *lang.Args) (lang.Value, error) {
			x, dim := tensorArg(a, "input"), a.Int("dim")
			if err := a.Err(); err != nil {
				return nil, err
			}
			values, idx, err := tensor.CumExtreme(x.Detach(), dim, op.isMax)
			if err != nil || !autograd.IsGradEnabled() || !x.RequiresGrad() {
				return pairOf(op.ret)(values, idx, err)
			}
			// The gradient goes to where each value was found, as
			// PyTorch's cummaxmin_backward (a scatter_add of g at indices).
			values, err = autograd.Composite(op.node, []*tensor.Tensor{x}, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
				if in[0].Dim() == 0 {
					return autograd.Clone(in[0])
				}
				return autograd.Gather(in[0], (dim+x.Dim())%x.Dim(), idx) // dim was checked
			})
			return pairOf(op.ret)(values, idx, err)
		})
	}
	lang.NewBuiltin(lang.AsBoth, "cov(input, *, correction=1, fweights=None, aweights=None)", "The covariance matrix of the variables in the rows of input (observations in the columns), with integer frequency weights fweights and observation weights aweights.", func(a *lang.Args) (lang.Value, error) {
		x, correction := tensorArg(a, "input"), a.Int("correction")
		fw, aw := a.OptTensor("fweights"), a.OptTensor("aweights")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(cov(x, correction, fw, aw))
	})
	defUnary(lang.AsBoth, "corrcoef(input)", "The Pearson correlation coefficients of the variables in the rows of input, cov(input) normalised by the standard deviations (clipped to [-1, 1]).", corrcoef)
	lang.NewBuiltin(lang.AsBoth, "dist(input, other, p=2)", "The p-norm of input - other (broadcast), as a 0-d tensor.", func(a *lang.Args) (lang.Value, error) {
		x, y, p := tensorArg(a, "input"), tensorArg(a, "other"), a.Float("p")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.Composite("DistBackward0", []*tensor.Tensor{x, y}, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
			d, err := autograd.Sub(in[0], in[1])
			if err != nil {
				return nil, err
			}
			return autograd.Norm(d, p, nil, false)
		}))
	})
	lang.NewBuiltin(lang.AsFunc, "cdist(x1, x2, p=2.0, compute_mode='use_mm_for_euclid_dist_if_necessary')", "The p-norm distances between each row of x1 (..., P, M) and each row of x2 (..., R, M), as (..., P, R).", func(a *lang.Args) (lang.Value, error) {
		x1, x2, p, mode := tensorArg(a, "x1"), tensorArg(a, "x2"), a.Float("p"), a.Str("compute_mode")
		if err := a.Err(); err != nil {
			return nil, err
		}
		switch mode {
		case "use_mm_for_euclid_dist_if_necessary", "use_mm_for_euclid_dist", "donot_use_mm_for_euclid_dist":
		default:
			return nil, lang.Errorf(lang.ValueError, "%s is not a valid value for compute_mode", mode)
		}
		return result(cdist(x1, x2, p))
	})
	defTwoOperand("renorm(input, p, dim, maxnorm)", "input with each slice along dim whose p-norm exceeds maxnorm scaled down to norm maxnorm.", func(a *lang.Args) (*tensor.Tensor, func(*tensor.Tensor) (*tensor.Tensor, error), []*tensor.Tensor, error) {
		x, p, dim, maxnorm := tensorArg(a, "input"), a.Float("p"), a.Int("dim"), a.Float("maxnorm")
		if err := a.Err(); err != nil {
			return nil, nil, nil, err
		}
		return x, func(t *tensor.Tensor) (*tensor.Tensor, error) {
			return autograd.Composite("RenormBackward0", []*tensor.Tensor{t}, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
				return renorm(in[0], p, dim, maxnorm)
			})
		}, nil, nil
	})
	defUnary(lang.AsBoth, "msort(input)", "input sorted along its first dimension (the values of sort(input, dim=0)).", func(x *tensor.Tensor) (*tensor.Tensor, error) {
		v, _, err := autograd.Sort(x, 0, false)
		return v, err
	})
	for _, op := range []struct {
		name, doc string
		spread    func(x *tensor.Tensor, dims []int, correction int, keepdim bool) (*tensor.Tensor, error)
		ret       *lang.ReturnType
	}{
		{"var_mean", "A tuple (var, mean) over dim: var(...) and mean(...) with the same arguments.", autograd.Var, nil},
		{"std_mean", "A tuple (std, mean) over dim: std(...) and mean(...) with the same arguments.", autograd.Std, nil},
	} {
		lang.NewBuiltin(lang.AsFunc, op.name+spreadParams, op.doc, func(a *lang.Args) (lang.Value, error) {
			x, dims, correction, keep, err := spreadArgs(a)
			if err != nil {
				return nil, err
			}
			v, err := op.spread(x, dims, correction, keep)
			if err != nil {
				return nil, err
			}
			m, err := autograd.Mean(x, dims, keep)
			if err != nil {
				return nil, err
			}
			return lang.Tuple{v, m}, nil
		})
	}
	lang.NewBuiltin(lang.AsBoth, "logcumsumexp(input, dim)", "log(cumsum(exp(input), dim)) computed without overflow: the running logaddexp along dim; floating input only.", func(a *lang.Args) (lang.Value, error) {
		x, dim := tensorArg(a, "input"), a.Int("dim")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.Logcumsumexp(x, dim))
	})
	for _, cumulative := range []bool{false, true} {
		name, doc := "trapezoid", "The integral of y along dim by the trapezoidal rule, with the sample points x (a tensor) or the spacing dx (a number, 1 by default)."
		if cumulative {
			name, doc = "cumulative_trapezoid", "The running integral of y along dim by the trapezoidal rule (one element fewer), with sample points x or spacing dx."
		}
		lang.NewBuiltin(lang.AsFunc, name+"(y, x=None, *, dx=None, dim=-1)", doc, func(a *lang.Args) (lang.Value, error) {
			y, x, dim := tensorArg(a, "y"), a.OptTensor("x"), a.Int("dim")
			dx := a.OptFloat("dx")
			if err := a.Err(); err != nil {
				return nil, err
			}
			if x != nil && dx != nil {
				return nil, lang.Errorf(lang.TypeError, "%s() received both x and dx; give one of them", name)
			}
			return result(trapezoid(y, x, dx, dim, cumulative))
		})
	}
	lang.NewBuiltin(lang.AsFunc, "isin(elements, test_elements, *, assume_unique=False, invert=False)", "Whether each element of elements is among test_elements (either may be a number), as a bool tensor of elements' shape; invert=True negates.", func(a *lang.Args) (lang.Value, error) {
		e, t, invert := a.TensorLike("elements"), a.TensorLike("test_elements"), a.Bool("invert")
		a.Bool("assume_unique")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(isin(e, t, invert))
	})
	lang.NewBuiltin(lang.AsBoth, "frexp(input)", "A named tuple (mantissa, exponent): input = mantissa * 2 ** exponent, the mantissa of input's dtype with magnitude in [0.5, 1), the exponent int32; floating input only.", func(a *lang.Args) (lang.Value, error) {
		x := tensorArg(a, "input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		m, e, err := tensor.Frexp(x.Detach())
		if err != nil {
			return nil, err
		}
		// The mantissa is x / 2**e (exact), recorded as FrexpBackward0.
		scale, err := tensor.Pow(tensor.MustScalar(2.0), e)
		if err != nil {
			return nil, err
		}
		if scale, err = scale.To(x.DType()); err != nil {
			return nil, err
		}
		if autograd.IsGradEnabled() && x.RequiresGrad() {
			if m, err = autograd.Composite("FrexpBackward0", []*tensor.Tensor{x}, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
				return autograd.Div(in[0], scale)
			}); err != nil {
				return nil, err
			}
		}
		return pairOf(returnFrexp)(m, e, nil)
	})
	defUnary(lang.AsBoth, "argwhere(input)", "The indices of the non-zero elements of input, one row each (int64, N × input.dim()).", func(x *tensor.Tensor) (*tensor.Tensor, error) {
		return tensor.Nonzero(x.Detach())
	})
}

// nansum is autograd.Nansum.
func nansum(x *tensor.Tensor, dims []int, keep bool) (*tensor.Tensor, error) {
	return autograd.Nansum(x, dims, keep)
}

// diff is the n-th forward difference along dim, PyTorch's diff (which
// returns input, joined with prepend and append, for n <= 0).
func diff(x *tensor.Tensor, n, dim int, pre, post *tensor.Tensor) (*tensor.Tensor, error) {
	if x.Dim() == 0 {
		return nil, lang.Errorf(lang.RuntimeError, "diff expects input to be at least one-dimensional")
	}
	d, err := normDim("diff", dim, x.Dim())
	if err != nil {
		return nil, err
	}
	if pre != nil || post != nil {
		parts := []*tensor.Tensor{x}
		for _, side := range []struct {
			t     *tensor.Tensor
			name  string
			first bool
		}{{pre, "prepend", true}, {post, "append", false}} {
			if side.t == nil {
				continue
			}
			if side.t.Dim() != x.Dim() {
				return nil, lang.Errorf(lang.RuntimeError, "diff expects %s or append to be the same dimension as input", side.name)
			}
			if side.first {
				parts = append([]*tensor.Tensor{side.t}, parts...)
			} else {
				parts = append(parts, side.t)
			}
		}
		if x, err = autograd.Cat(parts, d); err != nil {
			return nil, err
		}
	}
	if n < 0 { // input itself, as PyTorch's diff
		return x, nil
	}
	if n == 0 { // a copy, as PyTorch's diff (CopyBackwards)
		return autograd.Composite("CopyBackwards", []*tensor.Tensor{x}, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
			return autograd.Clone(in[0])
		})
	}
	for range n {
		size := x.Shape()[d]
		if size == 0 {
			break
		}
		hi, err := autograd.Narrow(x, d, 1, size-1)
		if err != nil {
			return nil, err
		}
		lo, err := autograd.Narrow(x, d, 0, size-1)
		if err != nil {
			return nil, err
		}
		if x.DType() == tensor.Bool {
			x, err = tensor.LogicalXor(hi, lo)
		} else {
			x, err = autograd.Sub(hi, lo)
		}
		if err != nil {
			return nil, err
		}
	}
	return x, nil
}

// cov is PyTorch's cov: variables in rows, observations in columns.
func cov(x *tensor.Tensor, correction int, fw, aw *tensor.Tensor) (*tensor.Tensor, error) {
	if x.Dim() > 2 {
		return nil, lang.Errorf(lang.RuntimeError, "cov(): expected input to have two or fewer dimensions but got an input with %d dimensions", x.Dim())
	}
	if x.DType() == tensor.Bool {
		return nil, lang.Errorf(lang.RuntimeError, "cov(): bool dtype is not supported for input")
	}
	in := x
	if x.Dim() < 2 {
		var err error
		if in, err = autograd.Reshape(x, 1, -1); err != nil {
			return nil, err
		}
	}
	obs := in.Shape()[1]
	var w *tensor.Tensor
	for _, wt := range []struct {
		t    *tensor.Tensor
		name string
	}{{fw, "fweights"}, {aw, "aweights"}} {
		if wt.t == nil {
			continue
		}
		if wt.t.Dim() > 1 {
			return nil, lang.Errorf(lang.RuntimeError, "cov(): expected %s to have one or fewer dimensions but got %s with %d dimensions", wt.name, wt.name, wt.t.Dim())
		}
		if wt.t.Numel() != obs {
			return nil, lang.Errorf(lang.RuntimeError, "cov(): expected %s to have the same numel as there are observations in the input but got %d != %d", wt.name, wt.t.Numel(), obs)
		}
		if wt.name == "fweights" && (wt.t.DType().IsFloating() || wt.t.DType().IsComplex()) {
			return nil, lang.Errorf(lang.RuntimeError, "cov(): expected fweights to have integral dtype but got fweights with %s dtype", wt.t.DType().ScalarTypeName())
		}
		if wt.name == "aweights" && !wt.t.DType().IsFloating() {
			return nil, lang.Errorf(lang.RuntimeError, "cov(): expected aweights to have floating point dtype but got aweights with %s dtype", wt.t.DType().ScalarTypeName())
		}
		neg, err := anyTrue(tensor.Lt, wt.t, tensor.MustScalar(int64(0)))
		if err != nil {
			return nil, err
		}
		if neg {
			return nil, lang.Errorf(lang.RuntimeError, "cov(): %s cannot be negative", wt.name)
		}
		if w == nil {
			w = wt.t
		} else if w, err = autograd.Mul(w, wt.t); err != nil {
			return nil, err
		}
	}
	var wSum *tensor.Tensor
	var err error
	weighted := in
	if w != nil {
		if wSum, err = autograd.Sum(w, nil, false); err != nil {
			return nil, err
		}
		if zero, err := anyTrue(tensor.Eq, wSum, tensor.MustScalar(int64(0))); err != nil {
			return nil, err
		} else if zero {
			return nil, lang.Errorf(lang.RuntimeError, "cov(): weights sum to zero, can't be normalized")
		}
		if weighted, err = autograd.Mul(in, w); err != nil {
			return nil, err
		}
	} else {
		wSum = tensor.MustScalar(int64(obs))
		wSum, _ = wSum.To(tensor.Int64) // a tensor, not a wrapped number, as PyTorch's scalar_tensor
	}
	total, err := autograd.Sum(weighted, []int{1}, false)
	if err != nil {
		return nil, err
	}
	avg, err := autograd.Div(total, wSum)
	if err != nil {
		return nil, err
	}
	var norm *tensor.Tensor
	switch {
	case w != nil && correction != 0 && aw != nil:
		wa, err := autograd.Mul(w, aw)
		if err != nil {
			return nil, err
		}
		if wa, err = autograd.Sum(wa, nil, false); err != nil {
			return nil, err
		}
		if wa, err = autograd.Div(wa, wSum); err != nil {
			return nil, err
		}
		if wa, err = autograd.Mul(wa, tensor.MustScalar(int64(correction))); err != nil {
			return nil, err
		}
		norm, err = autograd.Sub(wSum, wa)
		if err != nil {
			return nil, err
		}
	default:
		if norm, err = autograd.Sub(wSum, tensor.MustScalar(int64(correction))); err != nil {
			return nil, err
		}
	}
	if nonPositive, err := anyTrue(tensor.Le, norm.Detach(), tensor.MustScalar(int64(0))); err != nil {
		return nil, err
	} else if nonPositive {
		if norm, err = tensor.ZerosLike(norm.Detach()); err != nil {
			return nil, err
		}
	}
	avgCol, err := autograd.Unsqueeze(avg, 1)
	if err != nil {
		return nil, err
	}
	centered, err := autograd.Sub(in, avgCol)
	if err != nil {
		return nil, err
	}
	right := centered
	if w != nil {
		if right, err = autograd.Mul(centered, w); err != nil {
			return nil, err
		}
	}
	c, err := autograd.Mm(centered, autograd.T(right))
	if err != nil {
		return nil, err
	}
	if c, err = autograd.Div(c, norm); err != nil {
		return nil, err
	}
	return autograd.Squeeze(c)
}

// anyTrue reports whether cmp(a, b) holds for some element.
func anyTrue(cmp func(a, b *tensor.Tensor) (*tensor.Tensor, error), a, b *tensor.Tensor) (bool, error) {
	c, err := cmp(a.Detach(), b)
	if err != nil {
		return false, err
	}
	vals, err := c.Float64s()
	if err != nil {
		return false, err
	}
	for _, v := range vals {
		if v != 0 {
			return true, nil
		}
	}
	return false, nil
}

// corrcoef is PyTorch's corrcoef: cov normalised by the standard
// deviations, clipped to [-1, 1].
func corrcoef(x *tensor.Tensor) (*tensor.Tensor, error) {
	c, err := cov(x, 1, nil, nil)
	if err != nil {
		return nil, err
	}
	if c.Dim() == 0 {
		return autograd.Div(c, c)
	}
	d, err := autograd.Diagonal(c, 0, 0, 1)
	if err != nil {
		return nil, err
	}
	std, err := autograd.Sqrt(d)
	if err != nil {
		return nil, err
	}
	col, err := autograd.Unsqueeze(std, 1)
	if err != nil {
		return nil, err
	}
	if c, err = autograd.Div(c, col); err != nil {
		return nil, err
	}
	row, err := autograd.Unsqueeze(std, 0)
	if err != nil {
		return nil, err
	}
	if c, err = autograd.Div(c, row); err != nil {
		return nil, err
	}
	if c.DType().IsComplex() {
		return c, nil
	}
	return autograd.Clamp(c, tensor.MustScalar(-1.0), tensor.MustScalar(1.0))
}

// cdist is the p-norm distance between the rows of x1 and x2, recorded
// as CdistBackward0.
func cdist(x1, x2 *tensor.Tensor, p float64) (*tensor.Tensor, error) {
	for _, x := range []struct {
		t    *tensor.Tensor
		name string
	}{{x1, "X1"}, {x2, "X2"}} {
		if x.t.Dim() < 2 {
			return nil, lang.Errorf(lang.RuntimeError, "cdist only supports at least 2D tensors, %s got: %dD", x.name, x.t.Dim())
		}
		if !x.t.DType().IsFloating() {
			return nil, lang.Errorf(lang.RuntimeError, "cdist only supports floating-point dtypes, %s got: %s", x.name, x.t.DType().ScalarTypeName())
		}
	}
	if c1, c2 := x1.Shape()[x1.Dim()-1], x2.Shape()[x2.Dim()-1]; c1 != c2 {
		return nil, lang.Errorf(lang.RuntimeError, "X1 and X2 must have the same number of columns. X1: %d X2: %d", c1, c2)
	}
	if p < 0 || math.IsNaN(p) {
		return nil, lang.Errorf(lang.RuntimeError, "cdist only supports non-negative p values")
	}
	return autograd.Composite("CdistBackward0", []*tensor.Tensor{x1, x2}, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
		a, err := autograd.Unsqueeze(in[0], -2)
		if err != nil {
			return nil, err
		}
		b, err := autograd.Unsqueeze(in[1], -3)
		if err != nil {
			return nil, err
		}
		d, err := autograd.Sub(a, b)
		if err != nil {
			return nil, err
		}
		return autograd.VectorNorm(d, p, []int{-1}, false)
	})
}

// renorm scales each slice of x along dim whose p-norm exceeds maxnorm
// to norm maxnorm, by maxnorm / (norm + 1e-7) as PyTorch.
func renorm(x *tensor.Tensor, p float64, dim int, maxnorm float64) (*tensor.Tensor, error) {
	if p <= 0 {
		return nil, lang.Errorf(lang.RuntimeError, "renorm: non-positive-norm not supported")
	}
	if maxnorm < 0 {
		return nil, lang.Errorf(lang.RuntimeError, "renorm: expected maxnorm to be >= 0 but got %g", maxnorm)
	}
	if x.Dim() <= 1 {
		return nil, lang.Errorf(lang.RuntimeError, "renorm: input needs at least 2 dimensions, got %d dimensions", x.Dim())
	}
	d, err := normDim("renorm", dim, x.Dim())
	if err != nil {
		return nil, err
	}
	var dims []int
	for i := range x.Dim() {
		if i != d {
			dims = append(dims, i)
		}
	}
	norm, err := autograd.VectorNorm(x, p, dims, true)
	if err != nil {
		return nil, err
	}
	over, err := tensor.Gt(norm.Detach(), tensor.MustScalar(maxnorm))
	if err != nil {
		return nil, err
	}
	eps, err := autograd.Add(norm, tensor.MustScalar(1e-7))
	if err != nil {
		return nil, err
	}
	scale, err := autograd.Div(tensor.MustScalar(maxnorm), eps)
	if err != nil {
		return nil, err
	}
	factor, err := autograd.Where(over, scale, tensor.MustScalar(1.0))
	if err != nil {
		return nil, err
	}
	return autograd.Mul(x, factor)
}

// trapezoid integrates y along dim as PyTorch's trapezoid and
// cumulative_trapezoid: with sample points x, dx is their difference
// (a 1-d x runs along dim); otherwise dx is a number (1 by default).
func trapezoid(y, x *tensor.Tensor, dx *float64, dim int, cumulative bool) (*tensor.Tensor, error) {
	if y.Dim() == 0 {
		return nil, lang.Errorf(lang.IndexError, "Dimension out of range (expected to be in range of [-1, 0], but got %d)", dim)
	}
	d, err := normDim("trapezoid", dim, y.Dim())
	if err != nil {
		return nil, err
	}
	n := y.Shape()[d]
	if n == 0 && !cumulative {
		return autograd.Sum(y, []int{d}, false)
	}
	if n == 0 {
		return autograd.Clone(y)
	}
	left, err := autograd.Narrow(y, d, 0, n-1)
	if err != nil {
		return nil, err
	}
	right, err := autograd.Narrow(y, d, 1, n-1)
	if err != nil {
		return nil, err
	}
	pairSum, err := autograd.Add(left, right)
	if err != nil {
		return nil, err
	}
	var steps *tensor.Tensor
	switch {
	case x != nil:
		xd := x
		if x.Dim() == 1 {
			if x.Numel() != n {
				return nil, lang.Errorf(lang.RuntimeError, "trapezoid: There must be one `x` value for each sample point")
			}
			shape := slices.Repeat([]int{1}, y.Dim())
			shape[d] = n
			if xd, err = autograd.Reshape(x, shape...); err != nil {
				return nil, err
			}
		}
		xn := xd.Shape()[d]
		hi, err := autograd.Narrow(xd, d, 1, xn-1)
		if err != nil {
			return nil, err
		}
		lo, err := autograd.Narrow(xd, d, 0, xn-1)
		if err != nil {
			return nil, err
		}
		if steps, err = autograd.Sub(hi, lo); err != nil {
			return nil, err
		}
		p, err := autograd.Mul(steps, pairSum)
		if err != nil {
			return nil, err
		}
		if cumulative {
			if p, err = autograd.Cumsum(p, d); err != nil {
				return nil, err
			}
			return autograd.DivScalar(p, 2)
		}
		s, err := autograd.Sum(p, []int{d}, false)
		if err != nil {
			return nil, err
		}
		return autograd.DivScalar(s, 2)
	case cumulative:
		h := 1.0
		if dx != nil {
			h = *dx
		}
		p, err := autograd.MulScalar(pairSum, h/2)
		if err != nil {
			return nil, err
		}
		return autograd.Cumsum(p, d)
	}
	h := 1.0
	if dx != nil {
		h = *dx
	}
	// PyTorch: (y.sum(dim) - (y[0] + y[-1]) * 0.5) * dx.
	total, err := autograd.Sum(y, []int{d}, false)
	if err != nil {
		return nil, err
	}
	first, err := autograd.Select(y, d, 0)
	if err != nil {
		return nil, err
	}
	last, err := autograd.Select(y, d, n-1)
	if err != nil {
		return nil, err
	}
	ends, err := autograd.Add(first, last)
	if err != nil {
		return nil, err
	}
	if ends, err = autograd.MulScalar(ends, 0.5); err != nil {
		return nil, err
	}
	if total, err = autograd.Sub(total, ends); err != nil {
		return nil, err
	}
	return autograd.MulScalar(total, h)
}

// isin looks each element up among the sorted test elements, compared in
// their common dtype (exactly: integers as int64, floats as float64):
// O((n + m) log m), where a broadcast comparison would build an n×m
// matrix. NaN is found nowhere, as eq says (and PyTorch's broadcast path
// for few test elements; its sorting path for many finds NaN).
func isin(e, t *tensor.Tensor, invert bool) (*tensor.Tensor, error) {
	for _, x := range []*tensor.Tensor{e, t} {
		if x.DType() == tensor.Bool || x.DType().IsComplex() {
			return nil, lang.Errorf(lang.RuntimeError, "Unsupported input type encountered for isin(): %s", x.DType().ScalarTypeName())
		}
	}
	common := tensor.ResultType(e, t)
	var found []bool
	var err error
	if common.IsFloating() {
		found, err = lookUp[float64](e, t, common, tensor.Float64, invert)
	} else {
		found, err = lookUp[int64](e, t, common, tensor.Int64, invert)
	}
	if err != nil {
		return nil, err
	}
	out, err := tensor.FromBools(found, len(found))
	if err != nil {
		return nil, err
	}
	return out.Reshape(e.Shape()...)
}

// lookUp reports for each element of e whether it is among t (not, with
// invert), both converted to common and then, exactly, to wide.
func lookUp[T float64 | int64](e, t *tensor.Tensor, common, wide tensor.DType, invert bool) ([]bool, error) {
	values := func(x *tensor.Tensor) ([]T, error) {
		x, err := x.Detach().To(common)
		if err == nil {
			x, err = x.To(wide)
		}
		if err != nil {
			return nil, err
		}
		return tensor.Values[T](x)
	}
	es, err := values(e)
	if err != nil {
		return nil, err
	}
	ts, err := values(t)
	if err != nil {
		return nil, err
	}
	slices.Sort(ts)
	found := make([]bool, len(es))
	for i, v := range es {
		_, ok := slices.BinarySearch(ts, v)
		found[i] = (ok && v == v) != invert
	}
	return found, nil
}
