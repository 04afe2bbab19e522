package tensor

import (
	"math"
	"slices"
	"testing"
)

func TestFromValueInference(t *testing.T) {
	f64 := MustScalar(2.5)
	f64.wrapped = false
	cases := []struct {
		name  string
		v     any
		dtype []DType
		want  string
	}{
		{"bools", []any{true, false}, nil, "tensor([ True, False])"},
		{"ints", []int{1, 2}, nil, "tensor([1, 2])"},
		{"ints and bools", []any{true, 2}, nil, "tensor([1, 2])"},
		{"one float", []any{1, 2.5, true}, nil, "tensor([1.0000, 2.5000, 1.0000])"},
		{"float64 slice", []float64{1, 2}, nil, "tensor([1., 2.])"},
		{"nested", [][]int{{1, 2}, {3, 4}}, nil, "tensor([[1, 2],\n        [3, 4]])"},
		{"nested any", []any{[]any{1.5}, []float32{2}}, nil, "tensor([[1.5000],\n        [2.0000]])"},
		{"array", [2][3]int8{{1, 2, 3}, {4, 5, 6}}, nil, "tensor([[1, 2, 3],\n        [4, 5, 6]])"},
		{"uint", []uint64{7}, nil, "tensor([7])"},
		{"scalar float", 3.0, nil, "tensor(3.)"},
		{"scalar int", int32(-4), nil, "tensor(-4)"},
		{"scalar bool", true, nil, "tensor(True)"},
		{"empty", []any{}, nil, "tensor([])"},
		{"empty rows", [][]int{{}, {}}, nil, "tensor([], size=(2, 0))"},
		{"tensor elements", []any{f64, 1}, nil, "tensor([2.5000, 1.0000], dtype=torch.float64)"},
		{"explicit dtype", []any{1.7, -2.2}, []DType{Int64}, "tensor([ 1, -2])"},
		{"explicit bool", []float64{0, 0.5}, []DType{Bool}, "tensor([False,  True])"},
		{"explicit f64", []int{1}, []DType{Float64}, "tensor([1.], dtype=torch.float64)"},
		{"tensor copy", mustOp(FromSlice([]int64{1, 2})), []DType{Float32}, "tensor([1., 2.])"},
	}
	for _, c := range cases {
		got, err := FromValue(c.v, c.dtype...)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if s := got.String(); s != c.want {
			t.Errorf("%s: got\n%s\nwant\n%s", c.name, s, c.want)
		}
	}
	src := mustOp(FromSlice([]int64{1, 2}))
	if c := mustOp(FromValue(src)); c.SharesStorage(src) {
		t.Errorf("FromValue of a tensor must copy")
	}
}

func TestFromValueErrors(t *testing.T) {
	cases := []struct {
		name string
		v    any
		kind ErrorKind
		msg  string
	}{
		{"ragged", [][]int{{1, 2}, {1, 2, 3}}, ValueError, "expected sequence of length 2 at dim 1 (got 3)"},
		{"ragged deep", []any{[]any{[]int{1}}, []any{[]int{1, 2}}}, ValueError, "expected sequence of length 1 at dim 2 (got 2)"},
		{"scalar among rows", []any{[]int{1, 2}, 3}, ValueError, "expected sequence of length 2 at dim 1 (got a scalar of type int)"},
		{"row among scalars", []any{1, []int{2}}, ValueError, "expected a number at dim 1 (got a sequence of length 1)"},
		{"string", []any{"a"}, TypeError, "new(): invalid data type 'string'"},
		{"nil", nil, TypeError, "Could not infer dtype of NoneType"},
		{"nil element", []any{1, nil}, TypeError, "Could not infer dtype of NoneType"},
		{"big tensor element", []any{mustOp(Zeros(Float32, 2))}, ValueError, "only one element tensors can be converted to Python scalars"},
		{"overflow", []uint64{math.MaxUint64}, RuntimeError, "Overflow when unpacking long"},
	}
	for _, c := range cases {
		checkError(t, c.name, errOf(FromValue(c.v)), c.kind, c.msg, "")
	}
	checkError(t, "two dtypes", errOf(FromValue(1, Int64, Bool)), TypeError, "at most one dtype", "")
}

func TestArangeLinspace(t *testing.T) {
	cases := []struct {
		name string
		got  func() (*Tensor, error)
		want string
	}{
		{"ints", func() (*Tensor, error) { return Arange(0, 5, 1, Int64) }, "tensor([0, 1, 2, 3, 4])"},
		{"float step", func() (*Tensor, error) { return Arange(1, 2.5, 0.5, Float32) }, "tensor([1.0000, 1.5000, 2.0000])"},
		{"ceil count", func() (*Tensor, error) { return Arange(0, 1, 0.3, Float64) }, "tensor([0.0000, 0.3000, 0.6000, 0.9000], dtype=torch.float64)"},
		{"negative step", func() (*Tensor, error) { return Arange(3, 0, -1, Int64) }, "tensor([3, 2, 1])"},
		{"empty", func() (*Tensor, error) { return Arange(2, 2, 1, Float32) }, "tensor([])"},
		{"linspace", func() (*Tensor, error) { return Linspace(0, 1, 5, Float32) }, "tensor([0.0000, 0.2500, 0.5000, 0.7500, 1.0000])"},
		{"linspace down", func() (*Tensor, error) { return Linspace(2, -2, 3, Float64) }, "tensor([ 2.,  0., -2.], dtype=torch.float64)"},
		{"linspace one", func() (*Tensor, error) { return Linspace(3, 9, 1, Float32) }, "tensor([3.])"},
		{"linspace zero", func() (*Tensor, error) { return Linspace(3, 9, 0, Float32) }, "tensor([])"},
		{"linspace int", func() (*Tensor, error) { return Linspace(0, 10, 5, Int64) }, "tensor([ 0,  2,  5,  7, 10])"},
		{"eye", func() (*Tensor, error) { return Eye(2, 3, Int64) }, "tensor([[1, 0, 0],\n        [0, 1, 0]])"},
		{"eye tall bool", func() (*Tensor, error) { return Eye(3, 2, Bool) }, "tensor([[ True, False],\n        [False,  True],\n        [False, False]])"},
		{"eye empty", func() (*Tensor, error) { return Eye(0, 2, Float32) }, "tensor([], size=(0, 2))"},
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
	// Linspace ends exactly on end, even where start + (n-1)*step rounds.
	ls := mustOp(Values[float64](mustOp(Linspace(0.1, 0.7, 7, Float64))))
	if ls[0] != 0.1 || ls[6] != 0.7 {
		t.Errorf("linspace ends: %v", ls)
	}
	// The element count is ceil((end-start)/step).
	for _, c := range []struct{ start, end, step float64 }{{0, 10, 3}, {0, 1, 0.1}, {-1, 1, 0.25}, {5, -5, -0.7}} {
		x := mustOp(Arange(c.start, c.end, c.step, Float64))
		if n := int(math.Ceil((c.end - c.start) / c.step)); x.Numel() != n {
			t.Errorf("arange(%v, %v, %v) has %d elements, want %d", c.start, c.end, c.step, x.Numel(), n)
		}
	}
}

func TestCreationErrors(t *testing.T) {
	cases := []struct {
		name string
		err  error
		kind ErrorKind
		msg  string
	}{
		{"arange zero step", errOf(Arange(0, 1, 0, Float32)), RuntimeError, "step must be nonzero"},
		{"arange sign", errOf(Arange(0, 1, -1, Float32)), RuntimeError, "upper bound and larger bound inconsistent with step sign"},
		{"arange nan", errOf(Arange(0, math.NaN(), 1, Float32)), RuntimeError, "unsupported range: 0 -> NaN"},
		{"arange inf", errOf(Arange(0, math.Inf(1), 1, Float32)), RuntimeError, "unsupported range"},
		{"arange bool", errOf(Arange(0, 2, 1, Bool)), TypeError, "arange does not support bool tensors"},
		{"arange huge", errOf(Arange(0, 1e300, 1, Float32)), ValueError, "too large"},
		{"linspace steps", errOf(Linspace(0, 1, -1, Float32)), RuntimeError, "number of steps must be non-negative"},
		{"linspace bool", errOf(Linspace(0, 1, 2, Bool)), TypeError, "linspace does not support bool tensors"},
		{"eye n", errOf(Eye(-1, 2, Float32)), RuntimeError, "n must be greater or equal to 0, got -1"},
		{"eye m", errOf(Eye(1, -2, Float32)), RuntimeError, "m must be greater or equal to 0, got -2"},
	}
	for _, c := range cases {
		checkError(t, c.name, c.err, c.kind, c.msg, "")
	}
}

func TestLike(t *testing.T) {
	x := mustOp(mustOp(FromSlice([]int64{1, 2, 3, 4, 5, 6}, 2, 3)).Transpose(0, 1))
	cases := []struct {
		name string
		got  *Tensor
		want []float64
	}{
		{"zeros", mustOp(ZerosLike(x)), []float64{0, 0, 0, 0, 0, 0}},
		{"empty", mustOp(EmptyLike(x)), []float64{0, 0, 0, 0, 0, 0}},
		{"ones", mustOp(OnesLike(x)), []float64{1, 1, 1, 1, 1, 1}},
		{"full", mustOp(FullLike(x, 7.9)), []float64{7, 7, 7, 7, 7, 7}},
	}
	for _, c := range cases {
		if c.got.DType() != Int64 || !slices.Equal(c.got.Shape(), []int{3, 2}) || !c.got.IsContiguous() {
			t.Errorf("%s: %s %v", c.name, c.got.DType(), c.got.Shape())
		}
		if v := mustOp(c.got.Float64s()); !slices.Equal(v, c.want) {
			t.Errorf("%s: %v, want %v", c.name, v, c.want)
		}
	}
}
