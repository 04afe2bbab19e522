package tensor

import (
	"context"
	"slices"
	"testing"
)

func TestBroadcastShapes(t *testing.T) {
	tests := []struct {
		shapes [][]int
		want   []int
		err    string
	}{
		{[][]int{{3}, {2, 3}}, []int{2, 3}, ""},
		{[][]int{{2, 1}, {1, 3}}, []int{2, 3}, ""},
		{[][]int{{}, {4, 1, 5}}, []int{4, 1, 5}, ""},
		{[][]int{{5, 1, 3}, {4, 1}}, []int{5, 4, 3}, ""},
		{[][]int{{0}, {1}}, []int{0}, ""},
		{[][]int{{3}, {2}}, nil, "The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 0"},
		{[][]int{{2, 3}, {4, 3}}, nil, "The size of tensor a (2) must match the size of tensor b (4) at non-singleton dimension 0"},
	}
	for _, tt := range tests {
		got, err := BroadcastShapes(tt.shapes...)
		if tt.err != "" {
			var e *Error
			if !asError(err, &e) || e.Msg != tt.err || e.Kind != RuntimeError {
				t.Errorf("%v: err %v, want %q", tt.shapes, err, tt.err)
			}
			continue
		}
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("%v: got %v, %v; want %v", tt.shapes, got, err, tt.want)
		}
	}
}

func TestIterCoalescing(t *testing.T) {
	c, _ := Zeros(Float32, 4, 5, 6)
	tr, _ := c.Permute(2, 1, 0)
	col, _ := Zeros(Float32, 4, 1)
	row, _ := Zeros(Float32, 6)
	sliced, _ := c.Slice(2, 0, 4, 1)
	tests := []struct {
		name   string
		inputs []*Tensor
		shape  []int
	}{
		{"contiguous collapses to 1-D", []*Tensor{c, c}, []int{120}},
		{"same permutation collapses", []*Tensor{tr, tr}, []int{120}},
		{"scalar broadcast collapses", []*Tensor{c, MustScalar(1.0)}, []int{120}},
		{"column broadcast", []*Tensor{c, mustReshape(t, col, 4, 1, 1)}, []int{4, 30}},
		{"row broadcast", []*Tensor{c, row}, []int{20, 6}},
		{"narrowed inner dim stays apart", []*Tensor{sliced}, []int{20, 4}},
		{"uniform step coalesces", []*Tensor{mustSlice(t, c, 2, 2)}, []int{60}},
	}
	for _, tt := range tests {
		for i, in := range tt.inputs {
			if in.dtype != Float32 {
				tt.inputs[i], _ = in.To(Float32)
			}
		}
		it, err := NewIter(IterConfig{OutDType: Float32, Inputs: tt.inputs})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got := it.Shape(); !slices.Equal(got, tt.shape) {
			t.Errorf("%s: iteration shape %v, want %v", tt.name, got, tt.shape)
		}
	}
}

func mustReshape(t *testing.T, x *Tensor, shape ...int) *Tensor {
	t.Helper()
	r, err := x.Reshape(shape...)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestIterBroadcastStrideZero(t *testing.T) {
	a := mustTensor(t, []float32{1, 2, 3})
	b := mustTensor(t, []float32{10, 20}, 2, 1)
	it, err := NewIter(IterConfig{OutDType: Float32, Inputs: []*Tensor{a, b}})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(it.strides[1], []int{0, 1}) || !slices.Equal(it.strides[2], []int{1, 0}) {
		t.Errorf("strides %v", it.strides)
	}
}

func TestIterOutputFollowsInputLayout(t *testing.T) {
	x, _ := Zeros(Float32, 3, 4)
	y, _ := Add(x.T(), x.T())
	if !slices.Equal(y.Strides(), []int{1, 4}) {
		t.Errorf("output of transposed inputs has strides %v, want [1 4]", y.Strides())
	}
}

func TestIterInputsMustShareDType(t *testing.T) {
	a := mustTensor(t, []float32{1})
	b := mustTensor(t, []int64{1})
	_, err := NewIter(IterConfig{OutDType: Float32, Inputs: []*Tensor{a, b}})
	if KindOf(err) != TypeError || err.Error() != "TypeError: iterator inputs must share a dtype, got float32 and int64" {
		t.Errorf("err = %v", err)
	}
	if _, err := NewIter(IterConfig{OutDType: Bool, Inputs: []*Tensor{a, b}, MixedInputs: true}); err != nil {
		t.Errorf("mixed inputs refused: %v", err)
	}
}

func TestIterParallelMatchesSerial(t *testing.T) {
	// Large enough to split across goroutines, with a non-coalescable layout.
	n := 3 * GrainSize
	base, _ := Arange64(t, 2*n).Reshape(n, 2)
	col, _ := base.Select(1, 1)
	out, err := Add(col, MustScalar(1))
	if err != nil {
		t.Fatal(err)
	}
	got, _ := Values[int64](out)
	for i, v := range got {
		if v != int64(2*i+2) {
			t.Fatalf("element %d = %d, want %d", i, v, 2*i+2)
		}
	}
}

// Arange64 returns 0..n-1 as int64 without depending on creation.go.
func Arange64(t *testing.T, n int) *Tensor {
	data := make([]int64, n)
	for i := range data {
		data[i] = int64(i)
	}
	return mustTensor(t, data)
}

func TestInterruptibleStopsKernels(t *testing.T) {
	x, _ := Zeros(Float32, 1<<22)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := Interruptible(ctx, func() error {
		_, err := Add(x, x)
		return err
	})
	if KindOf(err) != KeyboardInterrupt {
		t.Fatalf("err = %v, want KeyboardInterrupt", err)
	}
	if Interrupted() {
		t.Error("interrupt flag still set after Interruptible returned")
	}
	if _, err := Add(x, x); err != nil {
		t.Errorf("kernel after interrupt: %v", err)
	}
}

func mustSlice(t *testing.T, x *Tensor, dim, step int) *Tensor {
	t.Helper()
	s, err := x.Slice(dim, 0, x.shape[dim], step)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
