package tensor

import (
	"math"
	"testing"
)

// TestNewOpsEdgeInputsDoNotPanic runs the operations of sort.go, count.go,
// shape_ops.go, scatter.go, linalg_lapack.go and conv.go on 0-d, empty and
// odd inputs and on absurd arguments: each must return a value or an
// error, never panic, and absurd sizes must be refused before allocating.
func TestNewOpsEdgeInputsDoNotPanic(t *testing.T) {
	prev := SetMemoryLimit(64 << 20)
	defer SetMemoryLimit(prev)
	e := func(_ any, err error) error { return err }
	e2 := func(_, _ any, err error) error { return err }
	e3 := func(_, _, _ any, err error) error { return err }
	ints := func(x *Tensor) *Tensor { xi, _ := x.To(Int64); return xi }
	inf := math.Inf(1)
	ops := []struct {
		name string
		f    func(x *Tensor) error
	}{
		{"sort", func(x *Tensor) error { return e2(Sort(x, -1, true)) }},
		{"sort0", func(x *Tensor) error { return e2(Sort(x, 0, false)) }},
		{"topk", func(x *Tensor) error { return e2(Topk(x, 1, -1, true)) }},
		{"topk-1", func(x *Tensor) error { return e2(Topk(x, -1, 0, true)) }},
		{"kthvalue", func(x *Tensor) error { return e2(Kthvalue(x, 1, -1, false)) }},
		{"median", func(x *Tensor) error { return e2(Median(x)) }},
		{"mediandim", func(x *Tensor) error { return e2(MedianDim(x, 0, true)) }},
		{"nanmedian", func(x *Tensor) error { return e2(Nanmedian(x)) }},
		{"nanmediandim", func(x *Tensor) error { return e2(NanmedianDim(x, 0, true)) }},
		{"mode", func(x *Tensor) error { return e2(Mode(x, -1, false)) }},
		{"unique", func(x *Tensor) error { return e3(Unique(x, true, true)) }},
		{"uniquedim", func(x *Tensor) error { return e3(UniqueDim(x, -1, true, true)) }},
		{"nonzero", func(x *Tensor) error { return e(Nonzero(x)) }},
		{"nonzerotuple", func(x *Tensor) error { return e(NonzeroTuple(x)) }},
		{"bincount", func(x *Tensor) error { return e(Bincount(ints(x), nil, 2)) }},
		{"bincounthuge", func(x *Tensor) error { return e(Bincount(mustFromSlice([]int64{1 << 50}), nil, 0)) }},
		{"histc", func(x *Tensor) error { return e(Histc(x, 3, 0, 0)) }},
		{"histchuge", func(x *Tensor) error { return e(Histc(x, 1<<50, 0, 1)) }},
		{"histcinf", func(x *Tensor) error { return e(Histc(x, 3, -inf, inf)) }},
		{"roll", func(x *Tensor) error { return e(Roll(x, []int{-7}, nil)) }},
		{"rolldims", func(x *Tensor) error { return e(Roll(x, []int{1}, []int{-1})) }},
		{"repeat", func(x *Tensor) error { return e(Repeat(x, 2, 0, 3, 1)) }},
		{"repeathuge", func(x *Tensor) error { return e(Repeat(x, 1<<40, 1<<40, 1<<40, 1<<40)) }},
		{"repeatinterleave", func(x *Tensor) error { return e(RepeatInterleave(x, MustScalar(int64(2)), nil)) }},
		{"repeatindexhuge", func(x *Tensor) error { return e(RepeatIndex(mustFromSlice([]int64{1 << 60}))) }},
		{"diagonal", func(x *Tensor) error { return e(Diagonal(x, 5, 0, -1)) }},
		{"diag", func(x *Tensor) error { return e(Diag(x, -3)) }},
		{"diaghuge", func(x *Tensor) error { return e(Diag(x, 1<<40)) }},
		{"trace", func(x *Tensor) error { return e(Trace(x)) }},
		{"cross", func(x *Tensor) error { return e(Cross(x, x, -1)) }},
		{"scatter", func(x *Tensor) error { return e(Scatter(x, 0, ints(x), x)) }},
		{"scatteradd", func(x *Tensor) error { return e(ScatterAdd(x, -1, ints(x), x)) }},
		{"inv", func(x *Tensor) error { return e(Inv(x)) }},
		{"det", func(x *Tensor) error { return e(Det(x)) }},
		{"slogdet", func(x *Tensor) error { return e2(Slogdet(x)) }},
		{"solve", func(x *Tensor) error { return e(Solve(x, x)) }},
		{"cholesky", func(x *Tensor) error { return e(Cholesky(x, false)) }},
		{"qr", func(x *Tensor) error { return e2(QR(x, "complete")) }},
		{"eigh", func(x *Tensor) error { return e2(Eigh(x, "U", true)) }},
		{"svd", func(x *Tensor) error { return e3(SVD(x, true, true)) }},
		{"svdvals", func(x *Tensor) error { return e3(SVD(x, false, false)) }},
		{"conv2d", func(x *Tensor) error { return e(Conv2d(x, x, nil, DefaultConv2dOptions())) }},
		{"conv2dpadhuge", func(x *Tensor) error {
			return e(Conv2d(mustZeros(Float32, 1, 1, 2, 2), mustZeros(Float32, 1, 1, 1, 1), nil,
				Conv2dOptions{Stride: [2]int{1, 1}, Padding: [4]int{1 << 40, 1 << 40, 1 << 40, 1 << 40}, Dilation: [2]int{1, 1}, Groups: 1}))
		}},
		{"maxpool", func(x *Tensor) error {
			return e2(MaxPool2d(x, MaxPool2dOptions{Kernel: [2]int{2, 2}, Stride: [2]int{1, 1}, Dilation: [2]int{1, 1}, CeilMode: true}))
		}},
		{"maxpoolbig", func(x *Tensor) error {
			return e2(MaxPool2d(mustZeros(Float32, 1, 2, 2), MaxPool2dOptions{Kernel: [2]int{5, 5}, Stride: [2]int{1, 1}, Dilation: [2]int{1, 1}}))
		}},
		{"nantonum", func(x *Tensor) error { return e(NanToNum(x, 0, nil, nil)) }},
		{"isclose", func(x *Tensor) error { return e(Isclose(x, x, 1e-5, 1e-8, true)) }},
		{"lerp", func(x *Tensor) error { return e(Lerp(x, x, MustScalar(0.5))) }},
	}
	shapes := [][]int{{}, {0}, {2, 0}, {0, 3}, {1}, {3}, {2, 3}, {3, 3}, {0, 0, 0}, {2, 1, 3, 3}}
	for _, op := range ops {
		for _, shape := range shapes {
			for _, d := range []DType{Float32, Float64, Int64, Bool} {
				x := mustZeros(d, shape...)
				func() {
					defer func() {
						if r := recover(); r != nil {
							t.Errorf("%s on %s %v panicked: %v", op.name, d, shape, r)
						}
					}()
					_ = op.f(x)
				}()
			}
		}
	}
}

// mustZeros is Zeros for tests.
func mustZeros(d DType, shape ...int) *Tensor {
	x, err := Zeros(d, shape...)
	if err != nil {
		panic(err)
	}
	return x
}

// mustFromSlice is FromSlice for tests.
func mustFromSlice[T Element](data []T, shape ...int) *Tensor {
	x, err := FromSlice(data, shape...)
	if err != nil {
		panic(err)
	}
	return x
}
