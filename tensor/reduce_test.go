package tensor

import (
	"fmt"
	"math"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// mustOp returns v, panicking on err; for test set-up whose failure is a
// bug in the test.
func mustOp[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// refReduce reduces x over dims (all when empty) with f applied to the
// reduced elements in row-major order, by plain index arithmetic over a
// float64 copy: an implementation independent of reduce.go.
func refReduce(x *Tensor, dims []int, keepdim bool, f func([]float64) float64) ([]int, []float64) {
	vals := mustOp(x.Float64s())
	shape := x.Shape()
	red := make([]bool, len(shape))
	for _, d := range dims {
		red[(d+len(shape))%max(len(shape), 1)] = true
	}
	if len(dims) == 0 {
		for i := range red {
			red[i] = true
		}
	}
	var outShape, keptSizes []int
	for i, s := range shape {
		switch {
		case !red[i]:
			outShape = append(outShape, s)
			keptSizes = append(keptSizes, s)
		case keepdim:
			outShape = append(outShape, 1)
		}
	}
	groups := make([][]float64, numel(keptSizes))
	idx := make([]int, len(shape))
	for _, v := range vals {
		o := 0
		for d, i := range idx {
			if !red[d] {
				o = o*shape[d] + i
			}
		}
		groups[o] = append(groups[o], v)
		for d := len(idx) - 1; d >= 0; d-- {
			idx[d]++
			if idx[d] < shape[d] {
				break
			}
			idx[d] = 0
		}
	}
	out := make([]float64, len(groups))
	for i, g := range groups {
		out[i] = f(g)
	}
	if outShape == nil {
		outShape = []int{}
	}
	return outShape, out
}

func refSum(g []float64) float64 {
	s := 0.0
	for _, v := range g {
		s += v
	}
	return s
}

func refProd(g []float64) float64 {
	p := 1.0
	for _, v := range g {
		p *= v
	}
	return p
}

func refMax(g []float64) float64 {
	m := g[0]
	for _, v := range g {
		if v > m || math.IsNaN(v) && !math.IsNaN(m) {
			m = v
		}
	}
	return m
}

func refMin(g []float64) float64 {
	m := g[0]
	for _, v := range g {
		if v < m || math.IsNaN(v) && !math.IsNaN(m) {
			m = v
		}
	}
	return m
}

func refArgmax(g []float64) float64 {
	best := 0
	for i, v := range g {
		if v > g[best] || math.IsNaN(v) && !math.IsNaN(g[best]) {
			best = i
		}
	}
	return float64(best)
}

func refArgmin(g []float64) float64 {
	best := 0
	for i, v := range g {
		if v < g[best] || math.IsNaN(v) && !math.IsNaN(g[best]) {
			best = i
		}
	}
	return float64(best)
}

func refMean(g []float64) float64 { return refSum(g) / float64(len(g)) }

func refVar(correction int) func([]float64) float64 {
	return func(g []float64) float64 {
		m := refMean(g)
		ss := 0.0
		for _, v := range g {
			ss += (v - m) * (v - m)
		}
		return ss / float64(max(len(g)-correction, 0))
	}
}

func refAll(g []float64) float64 {
	for _, v := range g {
		if v == 0 {
			return 0
		}
	}
	return 1
}

func refAny(g []float64) float64 {
	for _, v := range g {
		if v != 0 {
			return 1
		}
	}
	return 0
}

func refLogsumexp(g []float64) float64 {
	m := refMax(g)
	if math.IsInf(m, 0) {
		m = 0
	}
	s := 0.0
	for _, v := range g {
		s += math.Exp(v - m)
	}
	return math.Log(s) + m
}

func refNorm(p float64) func([]float64) float64 {
	return func(g []float64) float64 {
		switch {
		case math.IsInf(p, 1):
			m := 0.0
			for _, v := range g {
				m = max(m, math.Abs(v))
			}
			return m
		case math.IsInf(p, -1):
			m := math.Inf(1)
			for _, v := range g {
				m = min(m, math.Abs(v))
			}
			return m
		case p == 0:
			n := 0.0
			for _, v := range g {
				if v != 0 {
					n++
				}
			}
			return n
		}
		s := 0.0
		for _, v := range g {
			s += math.Pow(math.Abs(v), p)
		}
		return math.Pow(s, 1/p)
	}
}

// closeTo reports whether got matches want elementwise within a relative
// tolerance, NaN matching NaN.
// dtypeTol scales the float32 tolerance tol to dtype d: tighter for
// float64, looser for the 16-bit floats, which round every result.
func dtypeTol(d DType, tol float64) float64 {
	switch eps := FloatInfoOf(d).Eps; {
	case d == Float64:
		return tol / 1e4
	case eps > 0x1p-23:
		return max(tol, 4*eps)
	}
	return tol
}

func closeTo(got, want []float64, tol float64) bool {
	if len(got) != len(want) {
		return false
	}
	for i, w := range want {
		g := got[i]
		if math.IsNaN(w) || math.IsNaN(g) {
			if math.IsNaN(w) != math.IsNaN(g) {
				return false
			}
			continue
		}
		if g != w && math.Abs(g-w) > tol*(1+math.Abs(w)) {
			return false
		}
	}
	return true
}

// layouts returns x (contiguous, 3-D) and views of the same values with
// other layouts: permuted, transposed and sliced with a step, each paired
// with a contiguous copy.
func layouts(t *testing.T, d DType) map[string]*Tensor {
	t.Helper()
	g := NewGenerator(7)
	var base *Tensor
	switch d {
	case Int64:
		base = mustOp(Randint(g, -5, 6, 4, 6, 10))
	case Bool:
		base = mustOp(mustOp(Randint(g, 0, 2, 4, 6, 10)).To(Bool))
	case Float32, Float64:
		base = mustOp(Randn(g, d, 4, 6, 10))
	case Int8, Int16, Int32:
		base = mustOp(mustOp(Randint(g, -5, 6, 4, 6, 10)).To(d))
	case Uint8, Uint16, Uint32, Uint64:
		base = mustOp(mustOp(Randint(g, 0, 6, 4, 6, 10)).To(d))
	case Float16, BFloat16, Complex64, Complex128:
		base = mustOp(mustOp(Randn(g, Float32, 4, 6, 10)).To(d))
	}
	contig := mustOp(base.Slice(2, 0, 5, 1))
	contig = mustOp(contig.Contiguous())
	permuted := mustOp(mustOp(base.Slice(2, 0, 5, 1)).Permute(2, 0, 1))
	transposed := mustOp(mustOp(base.Slice(2, 0, 5, 1)).Transpose(0, 2))
	stepped := mustOp(base.Slice(2, 0, 10, 2))
	expanded := mustOp(mustOp(mustOp(base.Select(2, 3)).Unsqueeze(1)).Expand(4, 3, 6))
	return map[string]*Tensor{
		"contiguous": contig, "permuted": permuted, "transposed": transposed,
		"stepped": stepped, "expanded": expanded,
	}
}

var dimCases = [][]int{nil, {0}, {1}, {2}, {-1}, {0, 2}, {2, 0}, {1, -1}, {0, 1}, {0, 1, 2}}

type reduction struct {
	name   string
	dtypes []DType
	out    func(in DType) DType // the result dtype
	fn     func(x *Tensor, dims []int, keepdim bool) (*Tensor, error)
	ref    func([]float64) float64
	tol    float64
}

func sameType(d DType) DType { return d }

func intToLong(d DType) DType {
	if d.IsFloating() {
		return d
	}
	return Int64
}

// realDTypes are the dtypes the reference reductions compute for (as
// float64); complex reductions are checked against PyTorch in
// TestComplexMatchesPyTorch.
var realDTypes = slices.DeleteFunc(slices.Clone(DTypes), DType.IsComplex)

var reductions = []reduction{
	{"sum", realDTypes, intToLong, Sum, refSum, 1e-5},
	// float16 is refused, as PyTorch's CPU has no prod_cpu for it (lang/torch's TestHalfKernelRefusalsMatchTorch).
	{"prod", noHalf(realDTypes), intToLong, Prod, refProd, 1e-5},
	{"mean", []DType{Float32, Float64}, sameType, Mean, refMean, 1e-5},
	{"amax", realDTypes, sameType, Amax, refMax, 0},
	{"amin", realDTypes, sameType, Amin, refMin, 0},
	{"all", realDTypes, func(DType) DType { return Bool }, All, refAll, 0},
	{"any", realDTypes, func(DType) DType { return Bool }, Any, refAny, 0},
	{"var", []DType{Float32, Float64}, sameType, func(x *Tensor, dims []int, keep bool) (*Tensor, error) { return Var(x, dims, 1, keep) }, refVar(1), 1e-4},
	{"var0", []DType{Float32, Float64}, sameType, func(x *Tensor, dims []int, keep bool) (*Tensor, error) { return Var(x, dims, 0, keep) }, refVar(0), 1e-4},
	{"std", []DType{Float32, Float64}, sameType, func(x *Tensor, dims []int, keep bool) (*Tensor, error) { return Std(x, dims, 1, keep) },
		func(g []float64) float64 { return math.Sqrt(refVar(1)(g)) }, 1e-4},
	// float16 is refused, as PyTorch's CPU refuses its exp (refuseHalf).
	{"logsumexp", noHalf(realDTypes), func(d DType) DType { return floatDType(d) }, Logsumexp, refLogsumexp, 1e-5},
	{"norm2", []DType{Float32, Float64}, sameType, func(x *Tensor, dims []int, keep bool) (*Tensor, error) { return Norm(x, 2, dims, keep) }, refNorm(2), 1e-5},
	{"norm1", []DType{Float32, Float64}, sameType, func(x *Tensor, dims []int, keep bool) (*Tensor, error) { return Norm(x, 1, dims, keep) }, refNorm(1), 1e-5},
	{"norm3", []DType{Float32, Float64}, sameType, func(x *Tensor, dims []int, keep bool) (*Tensor, error) { return Norm(x, 3, dims, keep) }, refNorm(3), 1e-5},
	{"norm0", []DType{Float32, Float64}, sameType, func(x *Tensor, dims []int, keep bool) (*Tensor, error) { return Norm(x, 0, dims, keep) }, refNorm(0), 0},
	{"norminf", []DType{Float32, Float64}, sameType, func(x *Tensor, dims []int, keep bool) (*Tensor, error) { return Norm(x, math.Inf(1), dims, keep) }, refNorm(math.Inf(1)), 0},
	{"norm-inf", []DType{Float32, Float64}, sameType, func(x *Tensor, dims []int, keep bool) (*Tensor, error) { return Norm(x, math.Inf(-1), dims, keep) }, refNorm(math.Inf(-1)), 0},
}

// TestReductionsLayouts checks every reduction, for every dtype it accepts,
// over every dim list with and without keepdim, on strided views against
// the independent reference and against the same reduction of a contiguous
// copy.
func TestReductionsLayouts(t *testing.T) {
	for _, r := range reductions {
		for _, d := range r.dtypes {
			for lname, x := range layouts(t, d) {
				copyX := mustOp(x.Clone())
				for _, dims := range dimCases {
					for _, keep := range []bool{false, true} {
						name := fmt.Sprintf("%s/%s/%s/%v/keep=%v", r.name, d, lname, dims, keep)
						got, err := r.fn(x, dims, keep)
						if err != nil {
							t.Errorf("%s: %v", name, err)
							continue
						}
						wantShape, want := refReduce(x, dims, keep, r.ref)
						if !slices.Equal(got.Shape(), wantShape) || got.DType() != r.out(d) {
							t.Errorf("%s: got %s %v, want %s %v", name, got.DType(), got.Shape(), r.out(d), wantShape)
							continue
						}
						tol := dtypeTol(d, r.tol)
						if vals := mustOp(got.Float64s()); !closeTo(vals, want, tol) {
							t.Errorf("%s: got %v, want %v", name, vals, want)
						}
						fromCopy := mustOp(r.fn(copyX, dims, keep))
						if vals, cv := mustOp(got.Float64s()), mustOp(fromCopy.Float64s()); !closeTo(vals, cv, tol) {
							t.Errorf("%s: view gives %v, contiguous copy %v", name, vals, cv)
						}
					}
				}
			}
		}
	}
}

// TestArgReductionsLayouts checks Max, Min, Argmax and Argmin along every
// dim of strided views.
func TestArgReductionsLayouts(t *testing.T) {
	type argFn func(x *Tensor, dim int, keep bool) (values, indices *Tensor, err error)
	argmax := func(x *Tensor, dim int, keep bool) (*Tensor, *Tensor, error) {
		i, err := Argmax(x, dim, keep)
		return nil, i, err
	}
	argmin := func(x *Tensor, dim int, keep bool) (*Tensor, *Tensor, error) {
		i, err := Argmin(x, dim, keep)
		return nil, i, err
	}
	cases := []struct {
		name          string
		dtypes        []DType
		fn            argFn
		refVal, refIx func([]float64) float64
	}{
		{"max", realDTypes, Max, refMax, refArgmax},
		{"min", realDTypes, Min, refMin, refArgmin},
		{"argmax", []DType{Float32, Float64, Int64}, argmax, nil, refArgmax},
		{"argmin", []DType{Float32, Float64, Int64}, argmin, nil, refArgmin},
	}
	for _, c := range cases {
		for _, d := range c.dtypes {
			for lname, x := range layouts(t, d) {
				if all := map[string]func(*Tensor) (*Tensor, error){"argmax": ArgmaxAll, "argmin": ArgminAll}[c.name]; all != nil {
					_, want := refReduce(x, nil, false, c.refIx)
					if got := mustOp(all(x)); got.Dim() != 0 || !closeTo(mustOp(got.Float64s()), want, 0) {
						t.Errorf("%sAll/%s/%s: %v, want %v", c.name, d, lname, got, want)
					}
				}
				for _, dim := range []int{0, 1, 2, -1, -3} {
					for _, keep := range []bool{false, true} {
						name := fmt.Sprintf("%s/%s/%s/%d/keep=%v", c.name, d, lname, dim, keep)
						vals, idx, err := c.fn(x, dim, keep)
						if err != nil {
							t.Fatalf("%s: %v", name, err)
						}
						shape, wantIdx := refReduce(x, []int{dim}, keep, c.refIx)
						if idx.DType() != Int64 || !slices.Equal(idx.Shape(), shape) || !closeTo(mustOp(idx.Float64s()), wantIdx, 0) {
							t.Errorf("%s: indices %v, want %v %v", name, idx, shape, wantIdx)
						}
						if c.refVal == nil {
							continue
						}
						_, wantVals := refReduce(x, []int{dim}, keep, c.refVal)
						if vals.DType() != d || !closeTo(mustOp(vals.Float64s()), wantVals, 0) {
							t.Errorf("%s: values %v, want %v", name, vals, wantVals)
						}
					}
				}
			}
		}
	}
}

// TestReductionsLarge exercises the parallel paths (chunked long rows,
// column blocks with split rows, many outputs) on sizes above GrainSize,
// checks them against the reference and checks that the result does not
// depend on the number of goroutines.
func TestReductionsLarge(t *testing.T) {
	g := NewGenerator(3)
	base := mustOp(Randn(g, Float32, 3, 70001))
	cases := []struct {
		name string
		x    *Tensor
		dims []int
	}{
		{"rows-long", base, []int{1}},
		{"all", base, nil},
		{"cols-narrow", base.T(), []int{0}},
		{"cols-wide", mustOp(Randn(g, Float32, 300, 9000)), []int{0}},
		{"cols-strided", mustOp(mustOp(Randn(g, Float32, 3000, 40)).Slice(1, 0, 40, 2)), []int{0}},
		{"many-rows", mustOp(Randn(g, Float32, 20000, 7)), []int{1}},
		{"outer-and-inner", mustOp(Randn(g, Float32, 50, 40, 30)), []int{0, 2}},
		{"ints", mustOp(Randint(g, -100, 100, 2, 100000)), []int{1}},
	}
	for _, c := range cases {
		for _, r := range []reduction{reductions[0], reductions[3], reductions[11]} {
			if c.x.DType() == Int64 && r.name == "norm2" {
				continue
			}
			_, want := refReduce(c.x, c.dims, false, r.ref)
			got := mustOp(mustOp(r.fn(c.x, c.dims, false)).Float64s())
			if !closeTo(got, want, 1e-5) {
				t.Errorf("%s/%s: got %v, want %v", c.name, r.name, got[:min(4, len(got))], want[:min(4, len(want))])
			}
			prev := runtime.GOMAXPROCS(1)
			serial := mustOp(mustOp(r.fn(c.x, c.dims, false)).Float64s())
			runtime.GOMAXPROCS(prev)
			if !slices.Equal(got, serial) {
				t.Errorf("%s/%s: result depends on GOMAXPROCS", c.name, r.name)
			}
		}
		for _, dim := range []int{0, -1} {
			_, want := refReduce(c.x, []int{dim}, false, refArgmax)
			got := mustOp(mustOp(Argmax(c.x, dim, false)).Float64s())
			if !closeTo(got, want, 0) {
				t.Errorf("%s/argmax %d: got %v, want %v", c.name, dim, got[:min(4, len(got))], want[:min(4, len(want))])
			}
		}
	}
}

// TestSumFloat32Accuracy checks the pairwise float32 sum: adding 0.1 four
// million times in float32 one by one drifts by percents.
func TestSumFloat32Accuracy(t *testing.T) {
	n := 1 << 22
	x := mustOp(Full(0.1, Float32, n))
	got := mustOp(mustOp(Sum(x, nil, false)).Item()).(float64)
	want := float64(float32(0.1)) * float64(n)
	if math.Abs(got-want)/want > 1e-6 {
		t.Errorf("sum of %d × 0.1f = %v, want %v", n, got, want)
	}
	cols := mustOp(Full(0.1, Float32, n/4, 4))
	for _, v := range mustOp(mustOp(Sum(cols, []int{0}, false)).Float64s()) {
		if w := want / 4; math.Abs(v-w)/w > 1e-6 {
			t.Errorf("column sum = %v, want %v", v, w)
		}
	}
}

func TestReductionValues(t *testing.T) {
	nan := math.NaN()
	f := func(v ...float64) *Tensor { return mustOp(FromSlice(v)) }
	cases := []struct {
		name string
		got  func() (*Tensor, error)
		want string
	}{
		{"sum bool", func() (*Tensor, error) { return Sum(mustOp(FromBools([]bool{true, true, false})), nil, false) }, "tensor(2)"},
		{"sum int keepdim", func() (*Tensor, error) { return Sum(mustOp(FromSlice([]int64{1, 2, 3, 4}, 2, 2)), []int{1}, true) }, "tensor([[3],\n        [7]])"},
		{"prod int", func() (*Tensor, error) { return Prod(mustOp(FromSlice([]int64{2, 3, 4})), nil, false) }, "tensor(24)"},
		{"amax nan", func() (*Tensor, error) { return Amax(f(1, nan, 3), nil, false) }, "tensor(nan, dtype=torch.float64)"},
		{"amin nan", func() (*Tensor, error) { return Amin(f(1, nan, 3), nil, false) }, "tensor(nan, dtype=torch.float64)"},
		{"argmax nan first", func() (*Tensor, error) { return ArgmaxAll(f(1, nan, 5, nan)) }, "tensor(1)"},
		{"argmin first tie", func() (*Tensor, error) { return ArgminAll(f(3, 1, 2, 1)) }, "tensor(1)"},
		{"argmax flattened transposed", func() (*Tensor, error) {
			return ArgmaxAll(mustOp(FromSlice([]int64{1, 9, 3, 4}, 2, 2)).T())
		}, "tensor(2)"},
		{"argmax -inf", func() (*Tensor, error) { return ArgmaxAll(f(math.Inf(-1), math.Inf(-1))) }, "tensor(0)"},
		{"all float nan", func() (*Tensor, error) { return All(f(1, nan), nil, false) }, "tensor(True)"},
		{"any zeros", func() (*Tensor, error) { return Any(f(0, 0), nil, false) }, "tensor(False)"},
		{"sum empty", func() (*Tensor, error) { return Sum(mustOp(Zeros(Float32, 0, 3)), []int{0}, false) }, "tensor([0., 0., 0.])"},
		{"prod empty", func() (*Tensor, error) { return Prod(mustOp(Zeros(Int64, 0)), nil, false) }, "tensor(1)"},
		{"all empty", func() (*Tensor, error) { return All(mustOp(Zeros(Float32, 0)), nil, false) }, "tensor(True)"},
		{"mean empty", func() (*Tensor, error) { return Mean(mustOp(Zeros(Float32, 0)), nil, false) }, "tensor(nan)"},
		{"amax over no results", func() (*Tensor, error) { return Amax(mustOp(Zeros(Float32, 3, 0)), []int{0}, false) }, "tensor([])"},
		{"sum 0-d", func() (*Tensor, error) { return Sum(MustScalar(2.5), []int{0}, false) }, "tensor(2.5000, dtype=torch.float64)"},
		{"max 0-d", func() (*Tensor, error) { _, i, err := Max(MustScalar(int64(4)), -1, true); return i, err }, "tensor(0)"},
		{"var single", func() (*Tensor, error) { return Var(f(3), nil, 1, false) }, "tensor(nan, dtype=torch.float64)"},
		{"var population", func() (*Tensor, error) { return Var(f(1, 2, 3, 4), nil, 0, false) }, "tensor(1.2500, dtype=torch.float64)"},
		{"std", func() (*Tensor, error) { return Std(f(2, 4, 4, 4, 5, 5, 7, 9), nil, 0, false) }, "tensor(2., dtype=torch.float64)"},
		{"logsumexp big", func() (*Tensor, error) { return Logsumexp(f(1000, 1000), nil, false) }, "tensor(1000.6931, dtype=torch.float64)"},
		{"logsumexp inf", func() (*Tensor, error) { return Logsumexp(f(math.Inf(-1), math.Inf(-1)), nil, false) }, "tensor(-inf, dtype=torch.float64)"},
		{"logsumexp +inf", func() (*Tensor, error) { return Logsumexp(f(math.Inf(1), 1), nil, false) }, "tensor(inf, dtype=torch.float64)"},
		{"logsumexp int", func() (*Tensor, error) { return Logsumexp(mustOp(FromSlice([]int64{0, 0})), nil, false) }, "tensor(0.6931)"},
		{"logsumexp empty", func() (*Tensor, error) { return Logsumexp(mustOp(Zeros(Float32, 0)), nil, false) }, "tensor(-inf)"},
		{"norm 3-4-5", func() (*Tensor, error) { return Norm(f(3, -4), 2, nil, false) }, "tensor(5., dtype=torch.float64)"},
		{"norm empty", func() (*Tensor, error) { return Norm(mustOp(Zeros(Float32, 0)), 2, nil, false) }, "tensor(0.)"},
		{"cumsum bool", func() (*Tensor, error) { return Cumsum(mustOp(FromBools([]bool{true, false, true})), 0) }, "tensor([1, 1, 2])"},
		{"cumsum rows", func() (*Tensor, error) { return Cumsum(mustOp(FromSlice([]float32{1, 2, 3, 4, 5, 6}, 2, 3)), 1) }, "tensor([[ 1.,  3.,  6.],\n        [ 4.,  9., 15.]])"},
		{"cumsum cols transposed", func() (*Tensor, error) {
			return Cumsum(mustOp(FromSlice([]int64{1, 2, 3, 4, 5, 6}, 2, 3)).T(), 0)
		}, "tensor([[ 1,  4],\n        [ 3,  9],\n        [ 6, 15]])"},
		{"cumsum 0-d", func() (*Tensor, error) { return Cumsum(MustScalar(int64(3)), 0) }, "tensor(3)"},
	}
	for _, c := range cases {
		got, err := c.got()
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if s := got.String(); s != c.want {
			t.Errorf("%s: got\n%s\nwant\n%s", c.name, s, c.want)
		}
	}
}

// TestCumsumLayouts checks Cumsum along every dim of strided views against
// a running sum of the reference, and that the input is left alone.
func TestCumsumLayouts(t *testing.T) {
	for _, d := range noHalf(realDTypes) { // float16 is refused, as by PyTorch's CPU

		for lname, x := range layouts(t, d) {
			before := mustOp(x.Float64s())
			for dim := range 3 {
				got := mustOp(Cumsum(x, dim))
				if got.DType() != intToLong(d) || !slices.Equal(got.Shape(), x.Shape()) {
					t.Fatalf("%s/%s/%d: %s %v", d, lname, dim, got.DType(), got.Shape())
				}
				// The last element along dim is the sum.
				last := mustOp(got.Select(dim, x.shape[dim]-1))
				_, want := refReduce(x, []int{dim}, false, refSum)
				if v := mustOp(last.Float64s()); !closeTo(v, want, dtypeTol(d, 1e-5)) {
					t.Errorf("%s/%s/%d: last %v, want %v", d, lname, dim, v, want)
				}
				// Differences of neighbours give back the input.
				if x.shape[dim] > 1 {
					hi := mustOp(got.Narrow(dim, 1, x.shape[dim]-1))
					lo := mustOp(got.Narrow(dim, 0, x.shape[dim]-1))
					diff := mustOp(mustOp(Sub(hi, lo)).Float64s())
					want := mustOp(mustOp(x.Narrow(dim, 1, x.shape[dim]-1)).Float64s())
					if !closeTo(diff, want, 4*dtypeTol(d, 1e-5)) {
						t.Errorf("%s/%s/%d: differences %v, want %v", d, lname, dim, diff, want)
					}
				}
			}
			if after := mustOp(x.Float64s()); !slices.Equal(before, after) {
				t.Errorf("%s/%s: Cumsum changed its input", d, lname)
			}
		}
	}
}

func TestReductionErrors(t *testing.T) {
	i64 := mustOp(FromSlice([]int64{1, 2}))
	b := mustOp(FromBools([]bool{true}))
	empty := mustOp(Zeros(Float32, 0, 3))
	x := mustOp(Zeros(Float32, 2, 3))
	cases := []struct {
		name string
		err  error
		kind ErrorKind
		msg  string
		hint string
	}{
		{"mean int", errOf(Mean(i64, nil, false)), TypeError,
			"mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. Got: int64", ".to(float32)"},
		{"mean bool", errOf(Mean(b, nil, false)), TypeError, "Got: bool", ""},
		{"var int", errOf(Var(i64, nil, 1, false)), TypeError, "std and var only support floating point and complex dtypes", ".to(float32)"},
		{"std int", errOf(Std(i64, nil, 1, false)), TypeError, "std and var only support floating point", ""},
		{"norm int", errOf(Norm(i64, 2, nil, false)), TypeError, "linalg.vector_norm: Expected a floating point or complex tensor as input. Got int64", ""},
		{"norm nan", errOf(Norm(x, math.NaN(), nil, false)), ValueError, "norm order must be a number", ""},
		{"norm inf empty", errOf(Norm(empty, math.Inf(1), []int{0}, false)), RuntimeError, "cannot compute the inf norm on an empty tensor", ""},
		{"amax empty dim", errOf(Amax(empty, []int{0}, false)), IndexError, "amax(): Expected reduction dim 0 to have non-zero size.", ""},
		{"amin empty all", errOf(Amin(empty, nil, false)), RuntimeError, "amin(): Expected reduction dim to be specified for input.numel() == 0.", ""},
		{"max empty", errOf3(Max(empty, 0, false)), IndexError, "max(): Expected reduction dim 0 to have non-zero size.", ""},
		{"argmax empty", errOf(ArgmaxAll(empty)), RuntimeError, "argmax(): Expected reduction dim to be specified", ""},
		{"argmin empty dim", errOf(Argmin(empty, -2, false)), IndexError, "argmin(): Expected reduction dim 0 to have non-zero size.", ""},
		{"argmax bool", errOf(Argmax(b, 0, false)), TypeError, "argmax does not support bool tensors", ".to(int64)"},
		{"dim range", errOf(Sum(x, []int{2}, false)), IndexError, "Dimension out of range (expected to be in range of [-2, 1], but got 2)", ""},
		{"dim repeated", errOf(Sum(x, []int{1, -1}, false)), RuntimeError, "dim 1 appears multiple times in the list of dims", ""},
		{"max dim range", errOf3(Max(x, -3, false)), IndexError, "Dimension out of range", ""},
		{"cumsum dim", errOf(Cumsum(x, 2)), IndexError, "Dimension out of range", ""},
	}
	for _, c := range cases {
		checkError(t, c.name, c.err, c.kind, c.msg, c.hint)
	}
}

func errOf[T any](_ T, err error) error { return err }

func errOf3[T, U any](_ T, _ U, err error) error { return err }

// checkError checks that err is a tensor error of the given kind whose
// message contains msg and whose hint contains hint.
func checkError(t *testing.T, name string, err error, kind ErrorKind, msg, hint string) {
	t.Helper()
	e, ok := err.(*Error)
	switch {
	case !ok:
		t.Errorf("%s: got %v, want a %s", name, err, kind)
	case e.Kind != kind || !strings.Contains(e.Msg, msg) || !strings.Contains(e.Hint, hint):
		t.Errorf("%s: got %s: %s (hint %q), want %s containing %q (hint %q)", name, e.Kind, e.Msg, e.Hint, kind, msg, hint)
	}
}

// noHalf is dtypes without float16, which PyTorch 1.13's CPU (and so kael)
// refuses for some operations.
func noHalf(dtypes []DType) []DType {
	return slices.DeleteFunc(slices.Clone(dtypes), func(d DType) bool { return d == Float16 })
}
