package torch

import (
	"math"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The reductions and scans PyTorch composes from others, recorded as its
// one node where it has one: count_nonzero, nansum, nanmean, diff,
// cumprod, cummax, cummin, cov, corrcoef, dist, cdist, renorm, msort and
// argwhere.

var (
	returnCummax = &lang.ReturnType{Name: "cummax", Fields: valuesIndices}
	returnCummin = &lang.ReturnType{Name: "cummin", Fields: valuesIndices}
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
		if !x.DType().IsFloating() && !x.DType().IsComplex() {
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
	defWithInt(lang.AsBoth, "cumprod(input, dim, *, dtype=None)", "The running product along dim; integers and bools give int64.", cumprod)
	lang.NewBuiltin(lang.AsMethod, "cumprod_(input, dim, *, dtype=None)", "In place: input = cumprod(input, dim); returns input.", func(a *lang.Args) (lang.Value, error) {
		x, dim := tensorArg(a, "input"), a.Int("dim")
		d := a.OptDType("dtype")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return inPlace(x, autograd.Rewrite(x, "cumprod_", func(old *tensor.Tensor) (*tensor.Tensor, error) {
			if d != nil {
				var err error
				if old, err = autograd.To(old, *d); err != nil {
					return nil, err
				}
			}
			return cumprod(old, dim)
		}))
	})
	lang.NewBuiltin(lang.AsMethod, "cumsum_(input, dim, *, dtype=None)", "In place: input = cumsum(input, dim); returns input.", func(a *lang.Args) (lang.Value, error) {
		x, dim := tensorArg(a, "input"), a.Int("dim")
		d := a.OptDType("dtype")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return inPlace(x, autograd.Rewrite(x, "cumsum_", func(old *tensor.Tensor) (*tensor.Tensor, error) {
			if d != nil {
				var err error
				if old, err = autograd.To(old, *d); err != nil {
					return nil, err
				}
			}
			return autograd.Cumsum(old, dim)
		}))
	})
	for _, op := range []struct {
		name, node string
		cmp        func(a, b *tensor.Tensor) (*tensor.Tensor, error)
		ret        *lang.ReturnType
	}{
		{"cummax", "CummaxBackward0", tensor.Ge, returnCummax},
		{"cummin", "CumminBackward0", tensor.Le, returnCummin},
	} {
		lang.NewBuiltin(lang.AsBoth, op.name+"(input, dim)", "A named tuple (values, indices): the running "+map[string]string{"cummax": "maximum", "cummin": "minimum"}[op.name]+" along dim and where it was found (the latest of equal ones); a NaN stays.", func(a *lang.Args) (lang.Value, error) {
			x, dim := tensorArg(a, "input"), a.Int("dim")
			if err := a.Err(); err != nil {
				return nil, err
			}
			d, err := normDim(op.name, dim, x.Dim())
			if err != nil {
				return nil, err
			}
			idx, err := cumExtremeIndices(x.Detach(), d, op.cmp)
			if err != nil {
				return nil, err
			}
			values, err := autograd.Composite(op.node, []*tensor.Tensor{x}, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
				if in[0].Dim() == 0 {
					return autograd.Clone(in[0])
				}
				return autograd.Gather(in[0], d, idx)
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
	renormArgs := func(a *lang.Args) (x *tensor.Tensor, f func(*tensor.Tensor) (*tensor.Tensor, error), err error) {
		x, p, dim, maxnorm := tensorArg(a, "input"), a.Float("p"), a.Int("dim"), a.Float("maxnorm")
		if err := a.Err(); err != nil {
			return nil, nil, err
		}
		return x, func(t *tensor.Tensor) (*tensor.Tensor, error) {
			return autograd.Composite("RenormBackward0", []*tensor.Tensor{t}, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
				return renorm(in[0], p, dim, maxnorm)
			})
		}, nil
	}
	lang.NewBuiltin(lang.AsBoth, "renorm(input, p, dim, maxnorm)", "input with each slice along dim whose p-norm exceeds maxnorm scaled down to norm maxnorm.", func(a *lang.Args) (lang.Value, error) {
		x, f, err := renormArgs(a)
		if err != nil {
			return nil, err
		}
		return result(f(x))
	})
	lang.NewBuiltin(lang.AsMethod, "renorm_(input, p, dim, maxnorm)", "In place: input = renorm(input, p, dim, maxnorm); returns input.", func(a *lang.Args) (lang.Value, error) {
		x, f, err := renormArgs(a)
		if err != nil {
			return nil, err
		}
		return inPlace(x, autograd.Rewrite(x, "renorm_", f))
	})
	defUnary(lang.AsBoth, "msort(input)", "input sorted along its first dimension (the values of sort(input, dim=0)).", func(x *tensor.Tensor) (*tensor.Tensor, error) {
		v, _, err := autograd.Sort(x, 0, false)
		return v, err
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

// cumprod is the running product along dim, multiplied in order as
// PyTorch's CPU kernel does; integers and bools give int64. It is
// recorded as CumprodBackward0.
func cumprod(x *tensor.Tensor, dim int) (*tensor.Tensor, error) {
	if !x.DType().IsFloating() && !x.DType().IsComplex() && x.DType() != tensor.Int64 {
		var err error
		if x, err = autograd.To(x, tensor.Int64); err != nil {
			return nil, err
		}
	}
	d, err := normDim("cumprod", dim, x.Dim())
	if err != nil {
		return nil, err
	}
	if x.Dim() == 0 || x.Shape()[d] == 0 {
		return autograd.Clone(x)
	}
	return autograd.Composite("CumprodBackward0", []*tensor.Tensor{x}, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
		parts, err := autograd.Unbind(in[0], d)
		if err != nil {
			return nil, err
		}
		run := make([]*tensor.Tensor, len(parts))
		run[0] = parts[0]
		for i := 1; i < len(parts); i++ {
			if run[i], err = autograd.Mul(run[i-1], parts[i]); err != nil {
				return nil, err
			}
		}
		return autograd.Stack(run, d)
	})
}

// cumExtremeIndices returns, along dim d, the index of the running extreme
// of x as PyTorch's cummax/cummin helper finds it: an element replaces it
// when it is NaN, or when the extreme is not NaN and cmp(element,
// extreme) holds (ge for cummax, so the latest of equal ones wins).
func cumExtremeIndices(x *tensor.Tensor, d int, cmp func(a, b *tensor.Tensor) (*tensor.Tensor, error)) (*tensor.Tensor, error) {
	if x.Dim() == 0 {
		return tensor.Zeros(tensor.Int64)
	}
	if x.Shape()[d] == 0 {
		return tensor.Zeros(tensor.Int64, x.Shape()...)
	}
	parts := make([]*tensor.Tensor, x.Shape()[d])
	for i := range parts {
		var err error
		if parts[i], err = x.Select(d, i); err != nil {
			return nil, err
		}
	}
	run := parts[0]
	idx, err := tensor.Zeros(tensor.Int64, run.Shape()...)
	if err != nil {
		return nil, err
	}
	out := []*tensor.Tensor{idx}
	for i := 1; i < len(parts); i++ {
		cur := parts[i]
		upd, err := replacesExtreme(cur, run, cmp)
		if err != nil {
			return nil, err
		}
		if run, err = tensor.Where(upd, cur, run); err != nil {
			return nil, err
		}
		if idx, err = tensor.Where(upd, tensor.MustScalar(int64(i)), idx); err != nil {
			return nil, err
		}
		out = append(out, idx)
	}
	return tensor.Stack(out, d)
}

// replacesExtreme is isnan(cur) | (!isnan(run) & cmp(cur, run)).
func replacesExtreme(cur, run *tensor.Tensor, cmp func(a, b *tensor.Tensor) (*tensor.Tensor, error)) (*tensor.Tensor, error) {
	c, err := cmp(cur, run)
	if err != nil {
		return nil, err
	}
	if !cur.DType().IsFloating() {
		return c, nil
	}
	curNaN, err := tensor.Isnan(cur)
	if err != nil {
		return nil, err
	}
	runNaN, err := tensor.Isnan(run)
	if err != nil {
		return nil, err
	}
	runOK, err := tensor.LogicalNot(runNaN)
	if err != nil {
		return nil, err
	}
	if c, err = tensor.LogicalAnd(runOK, c); err != nil {
		return nil, err
	}
	return tensor.LogicalOr(curNaN, c)
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
