package tensor

import (
	"fmt"
	"math"
	"testing"
)

// TestEdgeShapesDoNotPanic runs ops on 0-d, empty and odd inputs: each
// must return a value or an error, never panic.
func TestEdgeShapesDoNotPanic(t *testing.T) {
	mk := func(shape ...int) *Tensor {
		x, err := Zeros(Float32, shape...)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	mki := func(shape ...int) *Tensor {
		x, err := Zeros(Int64, shape...)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	shapes := [][]int{{}, {0}, {2, 0}, {0, 3}, {1}, {2, 3}, {0, 0, 0}}
	type op struct {
		name string
		f    func(x *Tensor) error
	}
	e := func(_ any, err error) error { return err }
	e2 := func(_, _ any, err error) error { return err }
	ops := []op{
		{"neg", func(x *Tensor) error { return e(Neg(x)) }},
		{"exp", func(x *Tensor) error { return e(Exp(x)) }},
		{"add", func(x *Tensor) error { return e(Add(x, x)) }},
		{"floordiv_int", func(x *Tensor) error { xi, _ := x.To(Int64); return e(FloorDivide(xi, xi)) }},
		{"remainder_int", func(x *Tensor) error { xi, _ := x.To(Int64); return e(Remainder(xi, xi)) }},
		{"div_int", func(x *Tensor) error { xi, _ := x.To(Int64); return e(Div(xi, xi)) }},
		{"pow_int", func(x *Tensor) error { xi, _ := x.To(Int64); return e(Pow(xi, MustScalar(int64(-1)))) }},
		{"sum", func(x *Tensor) error { return e(Sum(x, nil, false)) }},
		{"sum-1", func(x *Tensor) error { return e(Sum(x, []int{-1}, true)) }},
		{"sum9", func(x *Tensor) error { return e(Sum(x, []int{9}, true)) }},
		{"mean", func(x *Tensor) error { return e(Mean(x, nil, false)) }},
		{"mean-1", func(x *Tensor) error { return e(Mean(x, []int{-1}, false)) }},
		{"prod", func(x *Tensor) error { return e(Prod(x, nil, false)) }},
		{"amax", func(x *Tensor) error { return e(Amax(x, nil, false)) }},
		{"amax-1", func(x *Tensor) error { return e(Amax(x, []int{-1}, false)) }},
		{"amin0", func(x *Tensor) error { return e(Amin(x, []int{0}, false)) }},
		{"all", func(x *Tensor) error { return e(All(x, nil, false)) }},
		{"any", func(x *Tensor) error { return e(Any(x, []int{-1}, false)) }},
		{"argmax", func(x *Tensor) error { return e(Argmax(x, -1, false)) }},
		{"argmin0", func(x *Tensor) error { return e(Argmin(x, 0, true)) }},
		{"argmaxall", func(x *Tensor) error { return e(ArgmaxAll(x)) }},
		{"argminall", func(x *Tensor) error { return e(ArgminAll(x)) }},
		{"max", func(x *Tensor) error { return e2(Max(x, -1, false)) }},
		{"min", func(x *Tensor) error { return e2(Min(x, 0, true)) }},
		{"var", func(x *Tensor) error { return e(Var(x, nil, 1, false)) }},
		{"std", func(x *Tensor) error { return e(Std(x, []int{-1}, 1, false)) }},
		{"std5", func(x *Tensor) error { return e(Std(x, []int{-1}, 5, false)) }},
		{"norm", func(x *Tensor) error { return e(Norm(x, 2, nil, false)) }},
		{"norminf", func(x *Tensor) error { return e(Norm(x, math.Inf(1), []int{-1}, false)) }},
		{"norm0", func(x *Tensor) error { return e(Norm(x, 0, nil, false)) }},
		{"logsumexp", func(x *Tensor) error { return e(Logsumexp(x, []int{-1}, false)) }},
		{"logsumexpall", func(x *Tensor) error { return e(Logsumexp(x, nil, false)) }},
		{"cumsum", func(x *Tensor) error { return e(Cumsum(x, -1)) }},
		{"softmax", func(x *Tensor) error { return e(Softmax(x, -1)) }},
		{"logsoftmax", func(x *Tensor) error { return e(LogSoftmax(x, 0)) }},
		{"layernorm", func(x *Tensor) error { return e(LayerNorm(x, x.Shape()[max(0, x.Dim()-1):], nil, nil, 1e-5)) }},
		{"gelu", func(x *Tensor) error { return e(Gelu(x, "tanh")) }},
		{"dropout", func(x *Tensor) error { return e(Dropout(x, 0.5, true, NewGenerator(1))) }},
		{"dropout1", func(x *Tensor) error { return e(Dropout(x, 1, true, NewGenerator(1))) }},
		{"flip", func(x *Tensor) error { return e(Flip(x, -1)) }},
		{"tril", func(x *Tensor) error { return e(Tril(x, 0)) }},
		{"triu", func(x *Tensor) error { return e(Triu(x, -5)) }},
		{"flatten", func(x *Tensor) error { return e(x.Flatten()) }},
		{"reshape-1", func(x *Tensor) error { return e(x.Reshape(-1)) }},
		{"reshape0-1", func(x *Tensor) error { return e(x.Reshape(0, -1)) }},
		{"reshape-1,0", func(x *Tensor) error { return e(x.Reshape(-1, 0)) }},
		{"view-1", func(x *Tensor) error { return e(x.View(-1)) }},
		{"transpose", func(x *Tensor) error { return e(x.Transpose(0, -1)) }},
		{"T", func(x *Tensor) error { x.T(); return nil }},
		{"permute", func(x *Tensor) error { return e(x.Permute()) }},
		{"squeeze", func(x *Tensor) error { return e(x.Squeeze()) }},
		{"squeeze0", func(x *Tensor) error { return e(x.Squeeze(0)) }},
		{"unsqueeze", func(x *Tensor) error { return e(x.Unsqueeze(-1)) }},
		{"unsqueeze0", func(x *Tensor) error { return e(x.Unsqueeze(0)) }},
		{"select", func(x *Tensor) error { return e(x.Select(0, 0)) }},
		{"select-1", func(x *Tensor) error { return e(x.Select(-1, -1)) }},
		{"narrow", func(x *Tensor) error { return e(x.Narrow(0, 0, 0)) }},
		{"slice", func(x *Tensor) error { return e(x.Slice(0, 5, 1, 1)) }},
		{"slicestep0", func(x *Tensor) error { return e(x.Slice(0, 0, 1, 0)) }},
		{"chunk", func(x *Tensor) error { _, err := Chunk(x, 3, 0); return err }},
		{"chunk0", func(x *Tensor) error { _, err := Chunk(x, 0, 0); return err }},
		{"split", func(x *Tensor) error { _, err := Split(x, 2, -1); return err }},
		{"split0", func(x *Tensor) error { _, err := Split(x, 0, -1); return err }},
		{"splitsizes", func(x *Tensor) error { _, err := SplitSizes(x, []int{}, 0); return err }},
		{"cat", func(x *Tensor) error { return e(Cat([]*Tensor{x, x}, 0)) }},
		{"cat-1", func(x *Tensor) error { return e(Cat([]*Tensor{x, x}, -1)) }},
		{"catnone", func(x *Tensor) error { return e(Cat(nil, 0)) }},
		{"stack", func(x *Tensor) error { return e(Stack([]*Tensor{x, x}, 0)) }},
		{"stacknone", func(x *Tensor) error { return e(Stack(nil, 0)) }},
		{"stack-1", func(x *Tensor) error { return e(Stack([]*Tensor{x, x}, -1)) }},
		{"matmul", func(x *Tensor) error { return e(Matmul(x, x.T())) }},
		{"matmulself", func(x *Tensor) error { return e(Matmul(x, x)) }},
		{"mm", func(x *Tensor) error { return e(Mm(x, x.T())) }},
		{"bmm", func(x *Tensor) error { return e(Bmm(x, x)) }},
		{"dot", func(x *Tensor) error { return e(Dot(x, x)) }},
		{"outer", func(x *Tensor) error { return e(Outer(x, x)) }},
		{"linear", func(x *Tensor) error { return e(Linear(x, x, nil)) }},
		{"index0", func(x *Tensor) error { return e(x.Index(IndexInt(0))) }},
		{"indexneg", func(x *Tensor) error { return e(x.Index(IndexInt(-1))) }},
		{"indexnone", func(x *Tensor) error { return e(x.Index(IndexNone(), IndexEllipsis())) }},
		{"indexslice", func(x *Tensor) error { return e(x.Index(IndexSlice(nil, nil, nil))) }},
		{"indextensor", func(x *Tensor) error { return e(x.Index(IndexTensor(mki(0)))) }},
		{"indextensorb", func(x *Tensor) error { m, _ := x.To(Bool); return e(x.Index(IndexTensor(m))) }},
		{"indexput", func(x *Tensor) error { return x.IndexPut([]Index{IndexEllipsis()}, MustScalar(1.0)) }},
		{"indexputbool", func(x *Tensor) error { m, _ := x.To(Bool); return x.IndexPut([]Index{IndexTensor(m)}, MustScalar(1.0)) }},
		{"indexselect", func(x *Tensor) error { return e(IndexSelect(x, 0, mki(0))) }},
		{"indexselect-1", func(x *Tensor) error { return e(IndexSelect(x, -1, mki(2))) }},
		{"gather", func(x *Tensor) error { xi, _ := x.To(Int64); return e(Gather(x, 0, xi)) }},
		{"gather-1", func(x *Tensor) error { xi, _ := x.To(Int64); return e(Gather(x, -1, xi)) }},
		{"embedding", func(x *Tensor) error { xi, _ := x.To(Int64); return e(Embedding(xi, mk(3, 2))) }},
		{"embedding0", func(x *Tensor) error { return e(Embedding(mki(2), x)) }},
		{"maskedfill", func(x *Tensor) error { m, _ := x.To(Bool); return e(MaskedFill(x, m, MustScalar(1.0))) }},
		{"where", func(x *Tensor) error { m, _ := x.To(Bool); return e(Where(m, x, x)) }},
		{"crossentropy", func(x *Tensor) error {
			return e(CrossEntropy(x, mki(x.Shape()[:min(1, x.Dim())]...), DefaultLossOptions()))
		}},
		{"nll", func(x *Tensor) error { return e(NllLoss(x, mki(x.Shape()[:min(1, x.Dim())]...), DefaultLossOptions())) }},
		{"mse", func(x *Tensor) error { return e(MseLoss(x, x, "mean")) }},
		{"msesum", func(x *Tensor) error { return e(MseLoss(x, x, "sum")) }},
		{"broadcastto", func(x *Tensor) error { return e(x.BroadcastTo(append([]int{2}, x.Shape()...)...)) }},
		{"expand-1", func(x *Tensor) error { return e(x.Expand(x.Shape()...)) }},
		{"item", func(x *Tensor) error { return e(x.Item()) }},
		{"tolist", func(x *Tensor) error { return e(ToList(x)) }},
		{"string", func(x *Tensor) error { _ = x.String(); return nil }},
		{"format", func(x *Tensor) error { _ = Format(x, DefaultPrintOptions); return nil }},
		{"contiguous", func(x *Tensor) error { return e(x.Contiguous()) }},
		{"clone", func(x *Tensor) error { return e(x.Clone()) }},
		{"tobool", func(x *Tensor) error { return e(x.To(Bool)) }},
		{"fill", func(x *Tensor) error { return x.Fill(math.NaN()) }},
		{"copyfrom", func(x *Tensor) error { return x.CopyFrom(MustScalar(2.0)) }},
		{"size-1", func(x *Tensor) error { return e(x.Size(-1)) }},
		{"allclose", func(x *Tensor) error { return e(Allclose(x, x, 1e-5, 1e-8, true)) }},
		{"equal", func(x *Tensor) error { Equal(x, x); return nil }},
		{"float64s", func(x *Tensor) error { return e(x.Float64s()) }},
		{"bitwisenot", func(x *Tensor) error { xi, _ := x.To(Int64); return e(BitwiseNot(xi)) }},
	}
	for _, s := range shapes {
		for _, o := range ops {
			t.Run(fmt.Sprintf("%s%v", o.name, s), func(t *testing.T) {
				defer func() {
					if r := recover(); r != nil {
						t.Errorf("panic: %v", r)
					}
				}()
				_ = o.f(mk(s...))
			})
		}
	}
}

// TestBadCreationArgsDoNotPanic feeds creation functions odd arguments:
// each must return a value or an error, never panic or hang.
func TestBadCreationArgsDoNotPanic(t *testing.T) {
	e := func(_ any, err error) error { return err }
	big := math.MaxInt / 2
	cases := map[string]func() error{
		"zerosneg":      func() error { return e(Zeros(Float32, -1)) },
		"zeroshuge":     func() error { return e(Zeros(Float32, big, big, big)) },
		"zeroshuge2":    func() error { return e(Zeros(Float32, math.MaxInt, 0)) },
		"zerosovf":      func() error { return e(Zeros(Float32, 1<<32, 1<<32)) },
		"emptyhuge":     func() error { return e(Empty(Float64, 1<<62)) },
		"arangestep0":   func() error { return e(Arange(0, 10, 0, Float32)) },
		"arangenan":     func() error { return e(Arange(0, math.NaN(), 1, Float32)) },
		"arangeinf":     func() error { return e(Arange(0, math.Inf(1), 1, Float32)) },
		"arangehuge":    func() error { return e(Arange(0, 1e30, 1, Int64)) },
		"arangeneg":     func() error { return e(Arange(0, 10, -1, Int64)) },
		"linspaceneg":   func() error { return e(Linspace(0, 1, -1, Float32)) },
		"linspace0":     func() error { return e(Linspace(0, 1, 0, Float32)) },
		"linspace1":     func() error { return e(Linspace(0, 1, 1, Float32)) },
		"linspacenan":   func() error { return e(Linspace(math.NaN(), 1, 3, Int64)) },
		"eyeneg":        func() error { return e(Eye(-1, 2, Float32)) },
		"eyehuge":       func() error { return e(Eye(big, big, Float32)) },
		"eye0":          func() error { return e(Eye(0, -1, Float32)) },
		"randint":       func() error { return e(Randint(NewGenerator(1), 5, 5, 3)) },
		"randintwide":   func() error { return e(Randint(NewGenerator(1), math.MinInt64, math.MaxInt64, 3)) },
		"randn":         func() error { return e(Randn(NewGenerator(1), Int64, 3)) },
		"normal":        func() error { return e(Normal(NewGenerator(1), 0, -1, Float32, 3)) },
		"normalnan":     func() error { return e(Normal(NewGenerator(1), 0, math.NaN(), Float32, 3)) },
		"fullnan":       func() error { return e(Full(math.NaN(), Int64, 3)) },
		"fullinf":       func() error { return e(Full(math.Inf(1), Int64, 3)) },
		"fromslice":     func() error { return e(FromSlice([]float32{1, 2, 3}, 2, 2)) },
		"fromsliceneg":  func() error { return e(FromSlice([]float32{1, 2}, -1, -2)) },
		"fromsliceneg1": func() error { return e(FromSlice([]float32{1, 2}, -1)) },
		"fromvalue":     func() error { return e(FromValue([]any{[]any{1.0}, 2.0})) },
		"fromvaluenil":  func() error { return e(FromValue(nil)) },
		"fromvalueempt": func() error { return e(FromValue([]any{})) },
		"fromvalueragg": func() error { return e(FromValue([]any{[]any{}, []any{1.0}})) },
		"scalarbad":     func() error { return e(Scalar(struct{}{})) },
		"reshapeovf": func() error {
			x, _ := Zeros(Float32, 0)
			return e(x.Reshape(1<<40, 1<<40, 0))
		},
		"reshapeovf2": func() error {
			x, _ := Zeros(Float32, 0)
			return e(x.Reshape(1<<40, 1<<40, -1))
		},
		"reshape2neg": func() error {
			x, _ := Zeros(Float32, 4)
			return e(x.Reshape(-1, -1))
		},
		"reshape-2": func() error {
			x, _ := Zeros(Float32, 4)
			return e(x.Reshape(-2, -2))
		},
		"expandovf": func() error {
			x, _ := Zeros(Float32, 1, 1)
			return e(x.Expand(1<<40, 1<<40))
		},
		"broadcastovf": func() error {
			return e(BroadcastShapes([]int{1 << 40, 1}, []int{1 << 40}))
		},
		"expandneg": func() error {
			x, _ := Zeros(Float32, 1)
			return e(x.Expand(-2))
		},
		"chunkneg": func() error {
			x, _ := Zeros(Float32, 4)
			_, err := Chunk(x, -1, 0)
			return err
		},
		"splitneg": func() error {
			x, _ := Zeros(Float32, 4)
			_, err := SplitSizes(x, []int{-1, 5}, 0)
			return err
		},
		"intdivzero": func() error {
			x, _ := FromSlice([]int64{math.MinInt64, 1}, 2)
			y, _ := FromSlice([]int64{-1, 0}, 2)
			if err := e(FloorDivide(x, y)); err != nil {
				return err
			}
			return e(Remainder(x, y))
		},
		"intpowneg": func() error {
			x, _ := FromSlice([]int64{0, 2}, 2)
			return e(Pow(x, MustScalar(int64(-2))))
		},
		"crossentropybadtarget": func() error {
			x, _ := Zeros(Float32, 2, 3)
			y, _ := FromSlice([]int64{5, -7}, 2)
			return e(CrossEntropy(x, y, LossOptions{Reduction: "mean", IgnoreIndex: -100}))
		},
		"crossentropyallignored": func() error {
			x, _ := Zeros(Float32, 2, 3)
			y, _ := FromSlice([]int64{-100, -100}, 2)
			return e(CrossEntropy(x, y, LossOptions{Reduction: "mean", IgnoreIndex: -100}))
		},
		"embeddingbad": func() error {
			w, _ := Zeros(Float32, 3, 2)
			y, _ := FromSlice([]int64{5, -7}, 2)
			return e(Embedding(y, w))
		},
		"gatherbad": func() error {
			w, _ := Zeros(Float32, 3, 2)
			y, _ := FromSlice([]int64{5, -7}, 2, 1)
			return e(Gather(w, 0, y))
		},
		"indexselectbad": func() error {
			w, _ := Zeros(Float32, 3, 2)
			y, _ := FromSlice([]int64{5, -7}, 2)
			return e(IndexSelect(w, 0, y))
		},
		"indextensorbad": func() error {
			w, _ := Zeros(Float32, 3, 2)
			y, _ := FromSlice([]int64{5, -7}, 2)
			return e(w.Index(IndexTensor(y)))
		},
		"indexputbad": func() error {
			w, _ := Zeros(Float32, 3, 2)
			y, _ := FromSlice([]int64{5, -7}, 2)
			return w.IndexPut([]Index{IndexTensor(y)}, MustScalar(1.0))
		},
		"indexfloat": func() error {
			w, _ := Zeros(Float32, 3, 2)
			y, _ := FromSlice([]float32{1}, 1)
			return e(w.Index(IndexTensor(y)))
		},
		"indextoomany": func() error {
			w, _ := Zeros(Float32, 3)
			return e(w.Index(IndexInt(0), IndexInt(0)))
		},
		"index2ellipsis": func() error {
			w, _ := Zeros(Float32, 3)
			return e(w.Index(IndexEllipsis(), IndexEllipsis()))
		},
		"indexslicestep0": func() error {
			w, _ := Zeros(Float32, 3)
			z := 0
			return e(w.Index(IndexSlice(nil, nil, &z)))
		},
		"indexslicestepneg": func() error {
			w, _ := Zeros(Float32, 3)
			z := -1
			return e(w.Index(IndexSlice(nil, nil, &z)))
		},
		"indexslicehuge": func() error {
			w, _ := Zeros(Float32, 3)
			a, b, z := math.MinInt, math.MaxInt, math.MaxInt
			return e(w.Index(IndexSlice(&a, &b, &z)))
		},
		"slicehuge": func() error {
			w, _ := Zeros(Float32, 3)
			return e(w.Slice(0, math.MinInt, math.MaxInt, math.MaxInt))
		},
		"narrowhuge": func() error {
			w, _ := Zeros(Float32, 3)
			return e(w.Narrow(0, math.MaxInt, math.MaxInt))
		},
		"narrowneg": func() error {
			w, _ := Zeros(Float32, 3)
			return e(w.Narrow(0, 1, -1))
		},
		"selecthuge": func() error {
			w, _ := Zeros(Float32, 3)
			return e(w.Select(0, math.MinInt))
		},
		"trilhuge": func() error {
			w, _ := Zeros(Float32, 3, 3)
			return e(Tril(w, math.MinInt))
		},
		"triuhuge": func() error {
			w, _ := Zeros(Float32, 3, 3)
			return e(Triu(w, math.MaxInt))
		},
		"permutedup": func() error {
			w, _ := Zeros(Float32, 3, 3)
			return e(w.Permute(0, 0))
		},
		"transposehuge": func() error {
			w, _ := Zeros(Float32, 3, 3)
			return e(w.Transpose(math.MinInt, 0))
		},
		"sumdup": func() error {
			w, _ := Zeros(Float32, 3, 3)
			return e(Sum(w, []int{0, -2}, false))
		},
		"sumhugedim": func() error {
			w, _ := Zeros(Float32, 3, 3)
			return e(Sum(w, []int{math.MinInt}, false))
		},
		"dropoutbad": func() error {
			w, _ := Zeros(Float32, 3, 3)
			return e(Dropout(w, math.NaN(), true, nil))
		},
		"geluBad": func() error {
			w, _ := Zeros(Float32, 3, 3)
			return e(Gelu(w, "zzz"))
		},
		"mseBad": func() error {
			w, _ := Zeros(Float32, 3, 3)
			return e(MseLoss(w, w, "zzz"))
		},
		"layernormbad": func() error {
			w, _ := Zeros(Float32, 3, 3)
			return e(LayerNorm(w, []int{4}, nil, nil, 1e-5))
		},
		"layernormempty": func() error {
			w, _ := Zeros(Float32, 3, 3)
			return e(LayerNorm(w, nil, nil, nil, 1e-5))
		},
		"layernormtoolong": func() error {
			w, _ := Zeros(Float32, 3, 3)
			return e(LayerNorm(w, []int{1, 3, 3}, nil, nil, 1e-5))
		},
		"stackmismatch": func() error {
			a, _ := Zeros(Float32, 3)
			b, _ := Zeros(Float32, 2)
			return e(Stack([]*Tensor{a, b}, 0))
		},
		"catmismatch": func() error {
			a, _ := Zeros(Float32, 3)
			b, _ := Zeros(Float32, 2, 2)
			return e(Cat([]*Tensor{a, b}, 0))
		},
		"catscalar": func() error {
			a := MustScalar(1.0)
			return e(Cat([]*Tensor{a, a}, 0))
		},
		"matmul0d": func() error {
			a := MustScalar(1.0)
			return e(Matmul(a, a))
		},
		"matmul1d0": func() error {
			a, _ := Zeros(Float32, 0)
			b, _ := Zeros(Float32, 0, 3)
			return e(Matmul(a, b))
		},
		"matmulbcast": func() error {
			a, _ := Zeros(Float32, 2, 0, 1, 3)
			b, _ := Zeros(Float32, 3, 3, 0)
			return e(Matmul(a, b))
		},
		"bmmbad": func() error {
			a, _ := Zeros(Float32, 2, 2, 3)
			b, _ := Zeros(Float32, 3, 3, 2)
			return e(Bmm(a, b))
		},
		"linearbias": func() error {
			a, _ := Zeros(Float32, 2, 3)
			w, _ := Zeros(Float32, 4, 3)
			b, _ := Zeros(Float32, 5)
			return e(Linear(a, w, b))
		},
		"linear1d": func() error {
			a, _ := Zeros(Float32, 3)
			w, _ := Zeros(Float32, 3)
			return e(Linear(a, w, nil))
		},
		"iterbad": func() error {
			return e(NewIter(IterConfig{}))
		},
		"parallelfor": func() error {
			return ParallelFor(10, 0, func(int, int) {})
		},
		"parallelforneg": func() error {
			return ParallelFor(-10, -1, func(int, int) {})
		},
	}
	for name, f := range cases {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("panic: %v", r)
				}
			}()
			_ = f()
		})
	}
}
