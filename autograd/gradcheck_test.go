package autograd

import (
	"math"
	"strings"
	"testing"

	"github.com/kael-dev/kael/tensor"
)

type fn = func(in []*tensor.Tensor) (*tensor.Tensor, error)

func bin(f func(a, b *tensor.Tensor) (*tensor.Tensor, error)) fn {
	return func(in []*tensor.Tensor) (*tensor.Tensor, error) { return f(in[0], in[1]) }
}

func un(f func(x *tensor.Tensor) (*tensor.Tensor, error)) fn {
	return func(in []*tensor.Tensor) (*tensor.Tensor, error) { return f(in[0]) }
}

// withScalar applies f to the input and a plain number.
func withScalar(f func(a, b *tensor.Tensor) (*tensor.Tensor, error), v any) fn {
	return func(in []*tensor.Tensor) (*tensor.Tensor, error) { return f(in[0], tensor.MustScalar(v)) }
}

func ints(v []int64, shape ...int) *tensor.Tensor { return values(v, shape...) }

func ptr(i int) *int { return &i }

// gradCase is one operation to check: the inputs it is called with and the
// function of them.
type gradCase struct {
	name   string
	inputs func(f *fixture) []*tensor.Tensor
	f      fn
}

func elementwiseCases() []gradCase {
	ts := func(xs ...*tensor.Tensor) []*tensor.Tensor { return xs }
	var cases []gradCase
	for _, u := range []struct {
		name     string
		f        func(*tensor.Tensor) (*tensor.Tensor, error)
		positive bool
	}{
		{"neg", Neg, false}, {"abs", Abs, false}, {"exp", Exp, false}, {"log", Log, true},
		{"sqrt", Sqrt, true}, {"sin", Sin, false}, {"cos", Cos, false}, {"tanh", Tanh, false},
		{"sigmoid", Sigmoid, false}, {"relu", Relu, false}, {"silu", Silu, false},
		{"floor", Floor, false}, {"ceil", Ceil, false}, {"round", Round, false}, {"sign", Sign, false},
		{"gelu", func(x *tensor.Tensor) (*tensor.Tensor, error) { return Gelu(x, "none") }, false},
		{"gelu_tanh", func(x *tensor.Tensor) (*tensor.Tensor, error) { return Gelu(x, "tanh") }, false},
	} {
		cases = append(cases, gradCase{u.name + "/sliced", func(f *fixture) []*tensor.Tensor {
			if u.positive {
				return ts(f.positive(2, 3))
			}
			return ts(f.sliced(2, 3))
		}, un(u.f)})
	}
	// Every differentiable operation of the op table, on inputs in every
	// domain (positive, broadcast), so that a new descriptor's derivative
	// is checked without a line here.
	// Inputs inside the domain of the functions defined on part of the
	// positive numbers.
	domain := map[string][]float64{
		"asin": {0.1, 0.3, 0.5, 0.7, 0.2, 0.6}, "acos": {0.1, 0.3, 0.5, 0.7, 0.2, 0.6},
		"atanh": {0.1, 0.3, 0.5, 0.7, 0.2, 0.6}, "acosh": {1.5, 2, 3, 1.2, 2.5, 4},
		"erfinv": {0.1, 0.3, 0.5, 0.7, -0.2, -0.6},
		"ndtri":  {0.1, 0.3, 0.5, 0.7, 0.2, 0.6},
	}
	for _, op := range UnaryOps() {
		if op.Differentiable() {
			in := func(f *fixture) []*tensor.Tensor { return ts(f.positive(2, 3)) }
			if v, ok := domain[op.Name]; ok {
				in = func(f *fixture) []*tensor.Tensor { return ts(f.leaf(values(v, 2, 3))) }
			}
			cases = append(cases, gradCase{"table/" + op.Name, in, un(op.Apply)})
		}
	}
	for _, op := range BinaryOps() {
		if op == ZetaOp || op == IgammaOp || op == IgammacOp { // differentiable in other only, as in PyTorch
			cases = append(cases, gradCase{"table/" + op.Name, func(f *fixture) []*tensor.Tensor { return ts(f.positive(2, 3)) },
				func(in []*tensor.Tensor) (*tensor.Tensor, error) { return op.Apply(tensor.MustScalar(2.5), in[0]) }})
			continue
		}
		if op.Differentiable() {
			cases = append(cases, gradCase{"table/" + op.Name, func(f *fixture) []*tensor.Tensor { return ts(f.positive(2, 3), f.positive(3)) }, bin(op.Apply)})
		}
	}
	return append(cases,
		gradCase{"add/broadcast", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 3), f.randn(3)) }, bin(Add)},
		gradCase{"add/0-d tensor", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 3), f.randn()) }, bin(Add)},
		gradCase{"add/scalar", func(f *fixture) []*tensor.Tensor { return ts(f.randn(3)) }, withScalar(Add, 2.5)},
		gradCase{"sub/both broadcast", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 1), f.randn(1, 3)) }, bin(Sub)},
		gradCase{"mul/transposed", func(f *fixture) []*tensor.Tensor { return ts(f.transposed(2, 3), f.randn(2, 3)) }, bin(Mul)},
		gradCase{"mul/broadcast", func(f *fixture) []*tensor.Tensor { return ts(f.randn(3, 1), f.sliced(1, 2)) }, bin(Mul)},
		gradCase{"div/broadcast", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 3), f.positive(2, 1)) }, bin(Div)},
		gradCase{"pow/float exponent", func(f *fixture) []*tensor.Tensor { return ts(f.positive(3)) }, withScalar(Pow, 2.5)},
		gradCase{"pow/int exponent", func(f *fixture) []*tensor.Tensor { return ts(f.randn(3)) }, withScalar(Pow, 3)},
		gradCase{"pow/zero exponent", func(f *fixture) []*tensor.Tensor { return ts(f.randn(3)) }, withScalar(Pow, 0)},
		gradCase{"pow/tensor exponent", func(f *fixture) []*tensor.Tensor { return ts(f.positive(2, 3), f.randn(3)) }, bin(Pow)},
		gradCase{"pow/scalar base", func(f *fixture) []*tensor.Tensor { return ts(f.randn(3)) }, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
			return Pow(tensor.MustScalar(2.0), in[0])
		}},
		gradCase{"maximum", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 3), f.randn(3)) }, bin(Maximum)},
		gradCase{"minimum", func(f *fixture) []*tensor.Tensor { return ts(f.transposed(2, 3), f.randn(2, 3)) }, bin(Minimum)},
		gradCase{"where", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 3), f.randn(3)) }, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
			cond, err := tensor.Gt(in[0], tensor.MustScalar(0))
			if err != nil {
				return nil, err
			}
			return Where(cond, in[0], in[1])
		}},
		gradCase{"masked_fill", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 3), f.randn()) }, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
			mask := values([]uint8{1, 0, 1}, 3)
			return MaskedFill(in[0], mask, in[1])
		}},
	)
}

func viewCases() []gradCase {
	ts := func(xs ...*tensor.Tensor) []*tensor.Tensor { return xs }
	return []gradCase{
		{"reshape/copy", func(f *fixture) []*tensor.Tensor { return ts(f.transposed(2, 3)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) { return Reshape(x, 3, 2) })},
		{"reshape/view", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 3)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) { return Reshape(x, -1) })},
		{"view", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 3)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) { return View(x, 3, 1, 2) })},
		{"flatten", func(f *fixture) []*tensor.Tensor { return ts(f.sliced(2, 3)) }, un(Flatten)},
		{"transpose", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 3, 2)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) { return Transpose(x, 0, -1) })},
		{"permute", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 3, 2)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) { return Permute(x, 1, -1, 0) })},
		{"T", func(f *fixture) []*tensor.Tensor { return ts(f.sliced(2, 3)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) { return T(x), nil })},
		{"narrow", func(f *fixture) []*tensor.Tensor { return ts(f.randn(4, 2)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) { return Narrow(x, 0, 1, 2) })},
		{"select", func(f *fixture) []*tensor.Tensor { return ts(f.transposed(3, 2)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) { return Select(x, 1, -1) })},
		{"slice", func(f *fixture) []*tensor.Tensor { return ts(f.randn(5, 2)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) { return Slice(x, 0, 0, 5, 2) })},
		{"expand", func(f *fixture) []*tensor.Tensor { return ts(f.randn(3, 1)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) { return Expand(x, 2, 3, 4) })},
		{"squeeze", func(f *fixture) []*tensor.Tensor { return ts(f.randn(1, 3, 1)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) { return Squeeze(x) })},
		{"squeeze/dim", func(f *fixture) []*tensor.Tensor { return ts(f.randn(1, 3, 1)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) { return Squeeze(x, -1) })},
		{"unsqueeze", func(f *fixture) []*tensor.Tensor { return ts(f.randn(3)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) { return Unsqueeze(x, 0) })},
		{"contiguous", func(f *fixture) []*tensor.Tensor { return ts(f.transposed(2, 3)) }, un(Contiguous)},
		{"clone", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 2)) }, un(Clone)},
		{"index/basic", func(f *fixture) []*tensor.Tensor { return ts(f.randn(3, 4)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) {
			return Index(x, tensor.IndexInt(1), tensor.IndexSlice(ptr(1), nil, ptr(2)))
		})},
		{"index/repeated ints", func(f *fixture) []*tensor.Tensor { return ts(f.randn(3, 2)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) {
			return Index(x, tensor.IndexTensor(ints([]int64{2, 0, 2}, 3)))
		})},
		{"index/bool mask", func(f *fixture) []*tensor.Tensor { return ts(f.transposed(2, 3)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) {
			return Index(x, tensor.IndexEllipsis(), tensor.IndexTensor(values([]uint8{1, 0, 1}, 3)))
		})},
		{"gather", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 3)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) {
			return Gather(x, 1, ints([]int64{0, 0, 2, 1}, 2, 2))
		})},
		{"index_select", func(f *fixture) []*tensor.Tensor { return ts(f.randn(3, 2)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) {
			return IndexSelect(x, 0, ints([]int64{1, 1, 0}, 3))
		})},
		{"embedding", func(f *fixture) []*tensor.Tensor { return ts(f.randn(4, 2)) }, un(func(w *tensor.Tensor) (*tensor.Tensor, error) {
			return Embedding(ints([]int64{3, 0, 3, 1}, 2, 2), w)
		})},
		{"cat", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 1), f.transposed(2, 2)) }, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
			return Cat(in, -1)
		}},
		{"stack", func(f *fixture) []*tensor.Tensor { return ts(f.randn(3), f.randn(3)) }, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
			return Stack(in, 1)
		}},
		{"chunk", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 4)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) {
			parts, err := Chunk(x, 2, 1)
			if err != nil {
				return nil, err
			}
			return Mul(parts[0], parts[1])
		})},
		{"split_sizes", func(f *fixture) []*tensor.Tensor { return ts(f.randn(3, 2)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) {
			parts, err := SplitSizes(x, []int{1, 2}, 0)
			if err != nil {
				return nil, err
			}
			return Sub(parts[1], parts[0])
		})},
		{"split_unused_part", func(f *fixture) []*tensor.Tensor { return ts(f.randn(5, 2)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) {
			// Parts of 2, 2 and 1 rows; the middle one gets no gradient.
			parts, err := Split(x, 2, 0)
			if err != nil {
				return nil, err
			}
			return Mul(parts[0], must(Exp(parts[2])))
		})},
		{"flip", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 3)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) { return Flip(x, 0, 1) })},
		{"tril", func(f *fixture) []*tensor.Tensor { return ts(f.randn(3, 3)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) { return Tril(x, 0) })},
		{"triu", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 3)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) { return Triu(x, 1) })},
	}
}

func reduceCases() []gradCase {
	ts := func(xs ...*tensor.Tensor) []*tensor.Tensor { return xs }
	red := func(f func(*tensor.Tensor, []int, bool) (*tensor.Tensor, error), dims []int, keepdim bool) fn {
		return un(func(x *tensor.Tensor) (*tensor.Tensor, error) { return f(x, dims, keepdim) })
	}
	norm := func(p float64, dims []int) fn {
		return un(func(x *tensor.Tensor) (*tensor.Tensor, error) { return Norm(x, p, dims, false) })
	}
	withZero := func(f *fixture) []*tensor.Tensor {
		return ts(f.leaf(values([]float64{0.5, 0, 2, -1.5, 3, 0.7}, 2, 3)))
	}
	return []gradCase{
		{"sum/all", func(f *fixture) []*tensor.Tensor { return ts(f.transposed(2, 3)) }, red(Sum, nil, false)},
		{"sum/dims keepdim", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 3, 2)) }, red(Sum, []int{0, -1}, true)},
		{"mean/all", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 3)) }, red(Mean, nil, false)},
		{"mean/dim", func(f *fixture) []*tensor.Tensor { return ts(f.sliced(2, 3)) }, red(Mean, []int{1}, false)},
		{"prod/all with a zero", withZero, red(Prod, nil, false)},
		{"prod/dim", withZero, red(Prod, []int{0}, true)},
		{"amax/dim", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 3)) }, red(Amax, []int{1}, false)},
		{"amin/all", func(f *fixture) []*tensor.Tensor { return ts(f.transposed(2, 3)) }, red(Amin, nil, false)},
		{"max/dim", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 3)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) {
			v, _, err := Max(x, 0, false)
			return v, err
		})},
		{"min/dim keepdim", func(f *fixture) []*tensor.Tensor { return ts(f.sliced(2, 3)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) {
			v, _, err := Min(x, -1, true)
			return v, err
		})},
		{"var/dim", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 3)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) { return Var(x, []int{1}, 1, false) })},
		{"var/all biased", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 3)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) { return Var(x, nil, 0, false) })},
		{"std/dim", func(f *fixture) []*tensor.Tensor { return ts(f.transposed(2, 3)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) { return Std(x, []int{0}, 1, true) })},
		{"logsumexp", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 3)) }, red(Logsumexp, []int{1}, false)},
		{"norm/2", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 3)) }, norm(2, nil)},
		{"norm/1", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 3)) }, norm(1, []int{1})},
		{"norm/inf", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 3)) }, norm(math.Inf(1), []int{1})},
		{"norm/3", func(f *fixture) []*tensor.Tensor { return ts(f.sliced(2, 3)) }, norm(3, []int{0})},
		{"cumsum", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 3)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) { return Cumsum(x, 1) })},
	}
}

func linalgCases() []gradCase {
	ts := func(xs ...*tensor.Tensor) []*tensor.Tensor { return xs }
	return []gradCase{
		{"matmul/1-D·1-D", func(f *fixture) []*tensor.Tensor { return ts(f.randn(3), f.randn(3)) }, bin(Matmul)},
		{"matmul/2-D·1-D", func(f *fixture) []*tensor.Tensor { return ts(f.transposed(2, 3), f.randn(3)) }, bin(Matmul)},
		{"matmul/1-D·2-D", func(f *fixture) []*tensor.Tensor { return ts(f.randn(3), f.randn(3, 2)) }, bin(Matmul)},
		{"matmul/2-D·2-D", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 3), f.transposed(3, 2)) }, bin(Matmul)},
		{"matmul/3-D·2-D", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 2, 3), f.randn(3, 2)) }, bin(Matmul)},
		{"matmul/broadcast batch", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 1, 2, 3), f.randn(2, 3, 1)) }, bin(Matmul)},
		{"matmul/1-D·3-D", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2), f.randn(2, 2, 3)) }, bin(Matmul)},
		{"matmul/3-D·1-D", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 3, 2), f.randn(2)) }, bin(Matmul)},
		{"mm", func(f *fixture) []*tensor.Tensor { return ts(f.sliced(2, 3), f.randn(3, 2)) }, bin(Mm)},
		{"bmm", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 2, 3), f.randn(2, 3, 2)) }, bin(Bmm)},
		{"dot", func(f *fixture) []*tensor.Tensor { return ts(f.randn(4), f.randn(4)) }, bin(Dot)},
		{"outer", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2), f.randn(3)) }, bin(Outer)},
		{"linear/3-D with bias", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 2, 3), f.randn(2, 3), f.randn(2)) }, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
			return Linear(in[0], in[1], in[2])
		}},
		{"linear/transposed input", func(f *fixture) []*tensor.Tensor { return ts(f.transposed(4, 3), f.randn(2, 3), f.randn(2)) }, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
			return Linear(in[0], in[1], in[2])
		}},
		{"linear/1-D no bias", func(f *fixture) []*tensor.Tensor { return ts(f.randn(3), f.transposed(2, 3)) }, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
			return Linear(in[0], in[1], nil)
		}},
	}
}

func nnCases() []gradCase {
	ts := func(xs ...*tensor.Tensor) []*tensor.Tensor { return xs }
	loss := func(f func(x, target *tensor.Tensor, opt tensor.LossOptions) (*tensor.Tensor, error), target *tensor.Tensor, opt tensor.LossOptions) fn {
		return un(func(x *tensor.Tensor) (*tensor.Tensor, error) { return f(x, target, opt) })
	}
	logProbs := func(x *tensor.Tensor, target *tensor.Tensor, opt tensor.LossOptions) (*tensor.Tensor, error) {
		lp, err := LogSoftmax(x, 1)
		if err != nil {
			return nil, err
		}
		return NllLoss(lp, target, opt)
	}
	def := tensor.DefaultLossOptions()
	ignore1 := tensor.LossOptions{Reduction: "mean", IgnoreIndex: 1}
	none := tensor.LossOptions{Reduction: "none", IgnoreIndex: -100}
	sum := tensor.LossOptions{Reduction: "sum", IgnoreIndex: -100}
	target := ints([]int64{2, 0, 1}, 3)
	return []gradCase{
		{"softmax", func(f *fixture) []*tensor.Tensor { return ts(f.transposed(2, 3)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) { return Softmax(x, 1) })},
		{"log_softmax", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 3)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) { return LogSoftmax(x, 0) })},
		{"cross_entropy/mean", func(f *fixture) []*tensor.Tensor { return ts(f.randn(3, 4)) }, loss(CrossEntropy, target, def)},
		{"cross_entropy/none", func(f *fixture) []*tensor.Tensor { return ts(f.randn(3, 4)) }, loss(CrossEntropy, target, none)},
		{"cross_entropy/1-D", func(f *fixture) []*tensor.Tensor { return ts(f.randn(4)) }, loss(CrossEntropy, ints([]int64{3}, []int{}...), def)},
		{"nll_loss/ignore_index", func(f *fixture) []*tensor.Tensor { return ts(f.randn(3, 4)) }, loss(logProbs, target, ignore1)},
		{"nll_loss/sum", func(f *fixture) []*tensor.Tensor { return ts(f.randn(3, 4)) }, loss(logProbs, target, sum)},
		{"nll_loss/spatial", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 3, 2)) }, loss(logProbs, ints([]int64{0, 2, 1, 1}, 2, 2), def)},
		{"mse_loss", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 3), f.randn(2, 3)) }, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
			return MseLoss(in[0], in[1], "mean")
		}},
		{"mse_loss/broadcast none", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 3), f.randn(3)) }, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
			return MseLoss(in[0], in[1], "none")
		}},
		{"layer_norm", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 3), f.randn(3), f.randn(3)) }, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
			return LayerNorm(in[0], []int{3}, in[1], in[2], 1e-5)
		}},
		{"layer_norm/no affine", func(f *fixture) []*tensor.Tensor { return ts(f.transposed(2, 4)) }, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
			return LayerNorm(in[0], []int{2, 4}, nil, nil, 1e-5)
		}},
		{"dropout", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 4)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) {
			return Dropout(x, 0.5, true, tensor.NewGenerator(7)) // same mask every call
		})},
		{"to", func(f *fixture) []*tensor.Tensor { return ts(f.randn(3)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) {
			return To(x, tensor.Float64)
		})},
	}
}

// TestGradCheck compares every differentiable operation's backward formula
// with central differences, on broadcast, transposed and sliced inputs.
func TestGradCheck(t *testing.T) {
	var cases []gradCase
	cases = append(cases, elementwiseCases()...)
	cases = append(cases, viewCases()...)
	cases = append(cases, reduceCases()...)
	cases = append(cases, linalgCases()...)
	cases = append(cases, nnCases()...)
	cases = append(cases, opsCases()...)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			in := tc.inputs(newFixture(t))
			out, err := tc.f(in)
			if err != nil {
				t.Fatal(err)
			}
			if !out.RequiresGrad() {
				t.Fatal("output does not require grad")
			}
			if err := GradCheck(tc.f, in, GradCheckOptions{}); err != nil {
				t.Fatalf("%v\ngraph:\n%s", err, GraphString(out))
			}
		})
	}
}

// TestGradCheckCatchesWrongFormula makes sure the checker is not vacuous:
// a function whose recorded derivative is wrong must fail.
func TestGradCheckCatchesWrongFormula(t *testing.T) {
	f := newFixture(t)
	x := f.randn(3)
	wrong := func(in []*tensor.Tensor) (*tensor.Tensor, error) {
		// sin recorded with Cos's node: the derivative has the wrong sign.
		out, err := tensor.Sin(in[0])
		if err != nil {
			return nil, err
		}
		n := newNode("SinBackward0", in[0])
		n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
			return []*tensor.Tensor{c.neg(c.mul(g, c.cos(in[0])))}
		}
		return n.attach(out), nil
	}
	if err := GradCheck(wrong, []*tensor.Tensor{x}, GradCheckOptions{}); err == nil {
		t.Fatal("GradCheck accepted a wrong derivative")
	}
	if err := GradCheck(un(Sin), []*tensor.Tensor{x}, GradCheckOptions{}); err != nil {
		t.Fatal(err)
	}
}

func TestGradCheckRefusesUnsuitableInputs(t *testing.T) {
	f := newFixture(t)
	tests := []struct {
		name  string
		input *tensor.Tensor
		msg   string
	}{
		{"float32", f.leaf(must(tensor.Randn(f.g, tensor.Float32, 3))), "check in float64"},
		{"broadcast view", f.leaf(must(must(tensor.Randn(f.g, tensor.Float64, 1)).Expand(3))), "overlapping elements"},
		{"not a leaf", must(Exp(f.randn(3))), "not a leaf"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := GradCheck(un(Sin), []*tensor.Tensor{tc.input}, GradCheckOptions{})
			if err == nil || !strings.Contains(err.Error(), tc.msg) {
				t.Fatalf("got %v, want an error about %q", err, tc.msg)
			}
		})
	}
}
