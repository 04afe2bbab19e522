package autograd

import (
	"fmt"
	"math"

	"github.com/kael-dev/kael/tensor"
)

// opsCases are the GradCheck cases of the operations of elementwise_math.go,
// sort.go, shape_ops.go, linalg_lapack.go and conv.go; TestGradCheck runs
// them with the others.
func opsCases() []gradCase {
	ts := func(xs ...*tensor.Tensor) []*tensor.Tensor { return xs }
	// in returns a leaf of draws in [lo, hi), where the function is smooth.
	in := func(lo, hi float64, shape ...int) func(f *fixture) []*tensor.Tensor {
		return func(f *fixture) []*tensor.Tensor {
			u := must(tensor.Rand(f.g, tensor.Float64, shape...))
			x := must(tensor.Add(must(tensor.Mul(u, tensor.MustScalar(hi-lo))), tensor.MustScalar(lo)))
			return ts(f.leaf(x))
		}
	}
	var cases []gradCase
	for _, u := range []struct {
		name   string
		f      func(*tensor.Tensor) (*tensor.Tensor, error)
		lo, hi float64
	}{
		{"tan", Tan, -1.2, 1.2}, {"asin", Asin, -0.9, 0.9}, {"acos", Acos, -0.9, 0.9}, {"atan", Atan, -3, 3},
		{"sinh", Sinh, -2, 2}, {"cosh", Cosh, -2, 2}, {"asinh", Asinh, -3, 3}, {"acosh", Acosh, 1.2, 4},
		{"atanh", Atanh, -0.9, 0.9}, {"log2", Log2, 0.2, 4}, {"log10", Log10, 0.2, 4}, {"log1p", Log1p, -0.8, 3},
		{"expm1", Expm1, -2, 2}, {"erf", Erf, -2, 2}, {"erfc", Erfc, -2, 2}, {"rsqrt", Rsqrt, 0.3, 3},
		{"reciprocal", Reciprocal, 0.3, 3}, {"trunc", Trunc, -3.9, 3.9}, {"frac", Frac, 0.1, 0.9},
	} {
		cases = append(cases, gradCase{u.name, in(u.lo, u.hi, 2, 3), un(u.f)})
	}
	inf := math.Inf(1)
	cases = append(cases,
		gradCase{"nan_to_num", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 3)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) {
			return NanToNum(x, 0, &inf, nil)
		})},
		gradCase{"atan2/broadcast", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 3), f.transposed(1, 3)) }, bin(Atan2)},
		gradCase{"hypot/broadcast", func(f *fixture) []*tensor.Tensor { return ts(f.sliced(2, 3), f.randn(3)) }, bin(Hypot)},
		gradCase{"lerp/tensor weight", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 3), f.randn(3), f.randn(2, 1)) }, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
			return Lerp(in[0], in[1], in[2])
		}},
		gradCase{"lerp/scalar weight", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 3), f.transposed(2, 3)) }, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
			return Lerp(in[0], in[1], tensor.MustScalar(0.7))
		}},
	)
	// the scatters of views (PyTorch 1.13's own gradient of
	// as_strided_scatter's input reads uninitialized memory)
	region := func(r func(t *tensor.Tensor) (*tensor.Tensor, error)) fn {
		return func(in []*tensor.Tensor) (*tensor.Tensor, error) { return ViewScatter("ViewScatter", in[0], in[1], r) }
	}
	cases = append(cases,
		gradCase{"as_strided_scatter", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 3), f.randn(3)) }, region(func(t *tensor.Tensor) (*tensor.Tensor, error) {
			return t.AsStrided([]int{3}, []int{2}, t.Offset())
		})},
		gradCase{"diagonal_scatter/transposed", func(f *fixture) []*tensor.Tensor { return ts(f.transposed(3, 4), f.randn(3)) }, region(func(t *tensor.Tensor) (*tensor.Tensor, error) {
			return tensor.Diagonal(t, 0, 0, 1)
		})},
	)
	cases = append(cases, sortCases()...)
	cases = append(cases, shapeCases()...)
	cases = append(cases, linalgLapackCases()...)
	cases = append(cases, convCases()...)
	return append(cases, einsumCases()...)
}

// first keeps the values of a (values, indices) result.
func first(f func(x *tensor.Tensor) (*tensor.Tensor, *tensor.Tensor, error)) fn {
	return un(func(x *tensor.Tensor) (*tensor.Tensor, error) {
		v, _, err := f(x)
		return v, err
	})
}

func sortCases() []gradCase {
	ts := func(xs ...*tensor.Tensor) []*tensor.Tensor { return xs }
	return []gradCase{
		{"sort/transposed", func(f *fixture) []*tensor.Tensor { return ts(f.transposed(3, 4)) }, first(func(x *tensor.Tensor) (*tensor.Tensor, *tensor.Tensor, error) { return Sort(x, 0, true) })},
		{"topk", func(f *fixture) []*tensor.Tensor { return ts(f.randn(3, 4)) }, first(func(x *tensor.Tensor) (*tensor.Tensor, *tensor.Tensor, error) { return Topk(x, 2, -1, true) })},
		{"kthvalue", func(f *fixture) []*tensor.Tensor { return ts(f.sliced(3, 4)) }, first(func(x *tensor.Tensor) (*tensor.Tensor, *tensor.Tensor, error) { return Kthvalue(x, 2, 1, false) })},
		{"median/dim", func(f *fixture) []*tensor.Tensor { return ts(f.randn(3, 4)) }, first(func(x *tensor.Tensor) (*tensor.Tensor, *tensor.Tensor, error) { return MedianDim(x, 0, true) })},
		{"median/all", func(f *fixture) []*tensor.Tensor { return ts(f.randn(3, 5)) }, un(Median)},
		{"nanmedian/dim", func(f *fixture) []*tensor.Tensor { return ts(f.randn(3, 4)) }, first(func(x *tensor.Tensor) (*tensor.Tensor, *tensor.Tensor, error) { return NanmedianDim(x, 1, false) })},
		{"nanmedian/all", func(f *fixture) []*tensor.Tensor { return ts(f.randn(3, 5)) }, un(Nanmedian)},
		// With ties the mode is not differentiable; all distinct, it is the
		// smallest element.
		{"mode", func(f *fixture) []*tensor.Tensor {
			return ts(f.leaf(values([]float64{2, 1, 1.5, 3, 0.25, 0.5}, 2, 3)))
		}, first(func(x *tensor.Tensor) (*tensor.Tensor, *tensor.Tensor, error) { return Mode(x, -1, false) })},
	}
}

func shapeCases() []gradCase {
	ts := func(xs ...*tensor.Tensor) []*tensor.Tensor { return xs }
	index := ints([]int64{0, 2, 1, 2, 0, 0}, 2, 3)
	return []gradCase{
		{"roll", func(f *fixture) []*tensor.Tensor { return ts(f.transposed(3, 4)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) { return Roll(x, []int{1, -2}, []int{0, 1}) })},
		{"repeat", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 3)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) { return Repeat(x, 2, 1, 2) })},
		{"repeat_interleave", func(f *fixture) []*tensor.Tensor { return ts(f.sliced(3, 2)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) {
			dim := 0
			return RepeatInterleave(x, ints([]int64{2, 0, 1}, 3), &dim)
		})},
		{"diagonal", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 3, 4)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) { return Diagonal(x, -1, 2, 1) })},
		{"diag/vector", func(f *fixture) []*tensor.Tensor { return ts(f.randn(3)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) { return Diag(x, -1) })},
		{"diag/matrix", func(f *fixture) []*tensor.Tensor { return ts(f.transposed(3, 4)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) { return Diag(x, 1) })},
		{"trace", func(f *fixture) []*tensor.Tensor { return ts(f.randn(3, 4)) }, un(Trace)},
		{"cross", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 3), f.randn(3)) }, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
			return Cross(in[0], in[1], 1)
		}},
		{"scatter", func(f *fixture) []*tensor.Tensor { return ts(f.randn(3, 3), f.randn(2, 4)) }, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
			return Scatter(in[0], 0, ints([]int64{0, 2, 1, 1, 0, 0}, 2, 3), in[1])
		}},
		{"scatter/value", func(f *fixture) []*tensor.Tensor { return ts(f.randn(3, 3)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) {
			return Scatter(x, 1, index, tensor.MustScalar(2.0))
		})},
		{"scatter_add", func(f *fixture) []*tensor.Tensor { return ts(f.sliced(3, 3), f.randn(2, 3)) }, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
			return ScatterAdd(in[0], 1, index, in[1])
		}},
		{"scatter_ recorded", func(f *fixture) []*tensor.Tensor { return ts(f.randn(3, 3), f.randn(2, 3)) }, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
			y, err := Mul(in[0], tensor.MustScalar(2.0))
			if err != nil {
				return nil, err
			}
			perm := ints([]int64{0, 2, 1, 2, 0, 1}, 2, 3) // no position twice: the last write would win
			err = Rewrite(y, "scatter_", func(old *tensor.Tensor) (*tensor.Tensor, error) { return Scatter(old, 1, perm, in[1]) }, in[1])
			return y, err
		}},
	}
}

func linalgLapackCases() []gradCase {
	ts := func(xs ...*tensor.Tensor) []*tensor.Tensor { return xs }
	// wellConditioned is x + 3·I, far from singular.
	wellConditioned := func(x *tensor.Tensor) (*tensor.Tensor, error) {
		eye := must(tensor.Eye(x.Shape()[x.Dim()-1], x.Shape()[x.Dim()-1], tensor.Float64))
		return Add(x, must(tensor.Mul(eye, tensor.MustScalar(3.0))))
	}
	// spd is x xᵀ + I, symmetric positive-definite.
	spd := func(x *tensor.Tensor) (*tensor.Tensor, error) {
		p, err := Matmul(x, T(x))
		if err != nil {
			return nil, err
		}
		eye := must(tensor.Eye(x.Shape()[0], x.Shape()[0], tensor.Float64))
		return Add(p, eye)
	}
	// sym is x + xᵀ.
	sym := func(x *tensor.Tensor) (*tensor.Tensor, error) { return Add(x, T(x)) }
	then := func(pre func(*tensor.Tensor) (*tensor.Tensor, error), f func(*tensor.Tensor) (*tensor.Tensor, error)) fn {
		return un(func(x *tensor.Tensor) (*tensor.Tensor, error) {
			a, err := pre(x)
			if err != nil {
				return nil, err
			}
			return f(a)
		})
	}
	svdPart := func(i int, full bool) func(*tensor.Tensor) (*tensor.Tensor, error) {
		return func(x *tensor.Tensor) (*tensor.Tensor, error) {
			u, s, vh, err := SVD(x, full, true)
			return []*tensor.Tensor{u, s, vh}[i], err
		}
	}
	eighPart := func(i int) func(*tensor.Tensor) (*tensor.Tensor, error) {
		return func(x *tensor.Tensor) (*tensor.Tensor, error) {
			w, v, err := Eigh(x, "L", true)
			return []*tensor.Tensor{w, v}[i], err
		}
	}
	qrPart := func(i int, mode string) func(*tensor.Tensor) (*tensor.Tensor, error) {
		return func(x *tensor.Tensor) (*tensor.Tensor, error) {
			q, r, err := QR(x, mode)
			return []*tensor.Tensor{q, r}[i], err
		}
	}
	var cases []gradCase
	for _, shape := range [][]int{{3, 2}, {2, 3}, {3, 3}} {
		for i, part := range []string{"U", "S", "Vh"} {
			cases = append(cases, gradCase{fmt.Sprintf("svd/%s %v", part, shape), func(f *fixture) []*tensor.Tensor { return ts(f.randn(shape...)) }, un(svdPart(i, false))})
		}
	}
	cases = append(cases,
		// The columns of a full U beyond min(m, n) have no gradient (in
		// PyTorch neither): check the first ones.
		gradCase{"svd/full U", func(f *fixture) []*tensor.Tensor { return ts(f.randn(3, 2)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) {
			u, err := svdPart(0, true)(x)
			if err != nil {
				return nil, err
			}
			return Narrow(u, 1, 0, 2)
		})},
		gradCase{"svdvals batched", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 3, 2)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) {
			_, s, _, err := SVD(x, false, false)
			return s, err
		})},
		gradCase{"inv", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 3, 3)) }, then(wellConditioned, Inv)},
		gradCase{"det", func(f *fixture) []*tensor.Tensor { return ts(f.randn(3, 3)) }, then(wellConditioned, Det)},
		gradCase{"det batched", func(f *fixture) []*tensor.Tensor { return ts(f.transposed(3, 3)) }, un(Det)},
		gradCase{"solve/matrix", func(f *fixture) []*tensor.Tensor { return ts(f.randn(3, 3), f.randn(3, 2)) }, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
			a, err := wellConditioned(in[0])
			if err != nil {
				return nil, err
			}
			return Solve(a, in[1])
		}},
		gradCase{"solve/vector broadcast", func(f *fixture) []*tensor.Tensor { return ts(f.randn(3, 3), f.randn(2, 3)) }, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
			a, err := wellConditioned(in[0])
			if err != nil {
				return nil, err
			}
			b, err := Unsqueeze(in[1], -1)
			if err != nil {
				return nil, err
			}
			return Solve(a, b)
		}},
		gradCase{"cholesky", func(f *fixture) []*tensor.Tensor { return ts(f.randn(3, 3)) }, then(spd, func(a *tensor.Tensor) (*tensor.Tensor, error) { return Cholesky(a, false) })},
		gradCase{"cholesky/upper", func(f *fixture) []*tensor.Tensor { return ts(f.randn(3, 3)) }, then(spd, func(a *tensor.Tensor) (*tensor.Tensor, error) { return Cholesky(a, true) })},
		gradCase{"eigh/values", func(f *fixture) []*tensor.Tensor { return ts(f.randn(3, 3)) }, then(sym, eighPart(0))},
		gradCase{"eigh/vectors", func(f *fixture) []*tensor.Tensor { return ts(f.randn(3, 3)) }, then(sym, eighPart(1))},
		gradCase{"qr/Q tall", func(f *fixture) []*tensor.Tensor { return ts(f.randn(4, 3)) }, un(qrPart(0, "reduced"))},
		gradCase{"qr/R tall", func(f *fixture) []*tensor.Tensor { return ts(f.randn(4, 3)) }, un(qrPart(1, "reduced"))},
		gradCase{"qr/complete square", func(f *fixture) []*tensor.Tensor { return ts(f.randn(3, 3)) }, un(qrPart(0, "complete"))},
		gradCase{"matrix_norm/nuc", func(f *fixture) []*tensor.Tensor { return ts(f.randn(3, 2)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) {
			return MatrixNorm(x, "nuc", [2]int{-2, -1}, false)
		})},
		gradCase{"matrix_norm/2 dims", func(f *fixture) []*tensor.Tensor { return ts(f.randn(3, 2, 2)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) {
			return MatrixNorm(x, "2", [2]int{0, 2}, true)
		})},
		gradCase{"matrix_norm/inf", func(f *fixture) []*tensor.Tensor { return ts(f.randn(3, 4)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) {
			return MatrixNorm(x, "inf", [2]int{-2, -1}, false)
		})},
	)
	return cases
}

func convCases() []gradCase {
	ts := func(xs ...*tensor.Tensor) []*tensor.Tensor { return xs }
	conv := func(o tensor.Conv2dOptions, bias bool) fn {
		return func(in []*tensor.Tensor) (*tensor.Tensor, error) {
			var b *tensor.Tensor
			if bias {
				b = in[2]
			}
			return Conv2d(in[0], in[1], b, o)
		}
	}
	strided := tensor.Conv2dOptions{Stride: [2]int{2, 1}, Padding: [4]int{1, 1, 0, 2}, Dilation: [2]int{1, 2}, Groups: 2}
	pool := func(o tensor.MaxPool2dOptions) fn {
		return un(func(x *tensor.Tensor) (*tensor.Tensor, error) {
			v, _, err := MaxPool2d(x, o)
			return v, err
		})
	}
	return []gradCase{
		{"conv2d", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 2, 5, 4), f.randn(3, 2, 3, 2), f.randn(3)) }, conv(tensor.DefaultConv2dOptions(), true)},
		{"conv2d/strided groups", func(f *fixture) []*tensor.Tensor { return ts(f.randn(1, 4, 6, 5), f.randn(2, 2, 2, 3)) }, conv(strided, false)},
		{"conv2d/unbatched", func(f *fixture) []*tensor.Tensor { return ts(f.randn(1, 4, 4), f.randn(2, 1, 3, 3), f.randn(2)) }, conv(tensor.DefaultConv2dOptions(), true)},
		{"max_pool2d", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 2, 5, 4)) }, pool(tensor.MaxPool2dOptions{Kernel: [2]int{2, 2}, Stride: [2]int{2, 2}, Dilation: [2]int{1, 1}})},
		{"max_pool2d/overlapping padded", func(f *fixture) []*tensor.Tensor { return ts(f.randn(1, 1, 6, 6)) }, pool(tensor.MaxPool2dOptions{Kernel: [2]int{3, 3}, Stride: [2]int{2, 1}, Padding: [2]int{1, 1}, Dilation: [2]int{1, 1}, CeilMode: true})},
	}
}

func einsumCases() []gradCase {
	ts := func(xs ...*tensor.Tensor) []*tensor.Tensor { return xs }
	eq := func(e string) fn {
		return func(in []*tensor.Tensor) (*tensor.Tensor, error) { return Einsum(e, in) }
	}
	return []gradCase{
		{"einsum/batch matmul", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 2, 3), f.randn(2, 3, 2)) }, eq("bij,bjk->bik")},
		{"einsum/trace and outer", func(f *fixture) []*tensor.Tensor { return ts(f.randn(3, 3), f.randn(2)) }, eq("ii,j->j")},
		{"einsum/ellipsis broadcast", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 1, 3), f.transposed(3, 2)) }, eq("...ij,jk->...ik")},
		{"tensordot", func(f *fixture) []*tensor.Tensor { return ts(f.randn(3, 2, 4), f.randn(2, 5, 3)) }, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
			return Tensordot(in[0], in[1], []int{1, 0}, []int{0, 2})
		}},
	}
}
