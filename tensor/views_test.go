package tensor

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"
)

func arange6(t *testing.T) *Tensor { return mustTensor(t, []int64{0, 1, 2, 3, 4, 5}, 2, 3) }

func checkValues(t *testing.T, x *Tensor, shape []int, want []int64) {
	t.Helper()
	if !slices.Equal(x.Shape(), shape) {
		t.Fatalf("shape %v, want %v", x.Shape(), shape)
	}
	got, err := Values[int64](x)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("values %v, want %v", got, want)
	}
}

func TestViewsShareStorage(t *testing.T) {
	x := arange6(t)
	tr, _ := x.Transpose(0, 1)
	sel, _ := x.Select(1, -1)
	sl, _ := x.Slice(1, 0, 3, 2)
	nar, _ := x.Narrow(1, 1, 2)
	exp, _ := sel.Unsqueeze(1)
	exp, _ = exp.Expand(2, 4)
	perm, _ := x.Permute(1, 0)
	sq, _ := exp.Squeeze()
	v, _ := x.View(3, 2)
	tests := []struct {
		name  string
		view  *Tensor
		shape []int
		want  []int64
	}{
		{"transpose", tr, []int{3, 2}, []int64{0, 3, 1, 4, 2, 5}},
		{"T", x.T(), []int{3, 2}, []int64{0, 3, 1, 4, 2, 5}},
		{"permute", perm, []int{3, 2}, []int64{0, 3, 1, 4, 2, 5}},
		{"select", sel, []int{2}, []int64{2, 5}},
		{"slice step", sl, []int{2, 2}, []int64{0, 2, 3, 5}},
		{"narrow", nar, []int{2, 2}, []int64{1, 2, 4, 5}},
		{"expand", exp, []int{2, 4}, []int64{2, 2, 2, 2, 5, 5, 5, 5}},
		{"squeeze", sq, []int{2, 4}, []int64{2, 2, 2, 2, 5, 5, 5, 5}},
		{"view", v, []int{3, 2}, []int64{0, 1, 2, 3, 4, 5}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkValues(t, tt.view, tt.shape, tt.want)
			if !tt.view.SharesStorage(x) {
				t.Error("view does not share storage")
			}
		})
	}
	// A write through a view is seen by the base tensor.
	if err := sel.Fill(9); err != nil {
		t.Fatal(err)
	}
	checkValues(t, x, []int{2, 3}, []int64{0, 1, 9, 3, 4, 9})
	if x.Version() != 1 {
		t.Errorf("version %d after one write, want 1", x.Version())
	}
}

func TestViewNeedsCompatibleStrides(t *testing.T) {
	x := arange6(t)
	_, err := x.T().View(6)
	if KindOf(err) != RuntimeError {
		t.Fatalf("view of transpose: %v, want RuntimeError", err)
	}
	r, err := x.T().Reshape(6)
	if err != nil {
		t.Fatal(err)
	}
	checkValues(t, r, []int{6}, []int64{0, 3, 1, 4, 2, 5})
	if r.SharesStorage(x) {
		t.Error("reshape of a transpose must copy")
	}
	r2, _ := x.Reshape(-1, 2)
	checkValues(t, r2, []int{3, 2}, []int64{0, 1, 2, 3, 4, 5})
	if !r2.SharesStorage(x) {
		t.Error("reshape of a contiguous tensor must be a view")
	}
	// A view splitting a sliced dimension keeps working without a copy.
	y, _ := Zeros(Int64, 4, 6)
	s, _ := y.Slice(1, 0, 4, 1)
	if _, err := s.View(2, 2, 4); err != nil {
		t.Errorf("view of a column slice: %v", err)
	}
	for _, bad := range [][]int{{4}, {-1, -1}, {5, -1}} {
		if _, err := x.View(bad...); KindOf(err) != RuntimeError {
			t.Errorf("View(%v) = %v, want RuntimeError", bad, err)
		}
	}
}

func TestViewErrors(t *testing.T) {
	x := arange6(t)
	scalar := MustScalar(1)
	tests := []struct {
		name string
		err  error
		kind ErrorKind
		msg  string
	}{
		{"dim out of range", second(x.Transpose(0, 2)), IndexError, "Dimension out of range (expected to be in range of [-2, 1], but got 2)"},
		{"select out of range", second(x.Select(0, 2)), IndexError, "index 2 is out of bounds for dimension 0 with size 2"},
		{"select 0-d", second(scalar.Select(0, 0)), IndexError, "invalid index of a 0-dim tensor"},
		{"negative step", second(x.Slice(0, 0, 2, -1)), ValueError, "step must be greater than zero"},
		{"narrow too long", second(x.Narrow(1, 2, 2)), IndexError, "start (2) + length (2) exceeds dimension size (3)"},
		{"expand mismatch", second(x.Expand(2, 4)), RuntimeError, "The expanded size of the tensor (4) must match the existing size (3) at non-singleton dimension 1.  Target sizes: [2, 4].  Tensor sizes: [2, 3]"},
		{"permute dup", second(x.Permute(0, 0)), RuntimeError, "permute(): duplicate dims are not allowed"},
		{"negative shape", second(Zeros(Float32, 2, -1)), RuntimeError, "negative dimension -1 in shape [2 -1]"},
		{"overflow", second(Zeros(Float32, 1<<40, 1<<40)), RuntimeError, "Storage size calculation overflowed with sizes=[1099511627776, 1099511627776]"},
	}
	for _, tt := range tests {
		var e *Error
		if !asError(tt.err, &e) || e.Kind != tt.kind || e.Msg != tt.msg {
			t.Errorf("%s: got %v, want %s: %s", tt.name, tt.err, tt.kind, tt.msg)
		}
	}
}

func TestMemoryLimit(t *testing.T) {
	prev := SetMemoryLimit(1 << 20)
	defer SetMemoryLimit(prev)
	_, err := Zeros(Float64, 1<<18)
	if KindOf(err) != MemoryError {
		t.Fatalf("err = %v, want MemoryError", err)
	}
	if want := "MemoryError: cannot allocate 2.0 MiB for 262144 float64 elements: the limit is 1.0 MiB"; err.Error() != want {
		t.Errorf("message %q", err.Error())
	}
}

func second[T any](_ T, err error) error { return err }

func TestSliceClampsLikePython(t *testing.T) {
	x := mustTensor(t, []int64{0, 1, 2, 3, 4})
	tests := []struct {
		start, stop, step int
		want              []int64
	}{
		{0, 5, 1, []int64{0, 1, 2, 3, 4}},
		{-2, 100, 1, []int64{3, 4}},
		{-100, 2, 1, []int64{0, 1}},
		{1, 5, 3, []int64{1, 4}},
		{3, 1, 1, []int64{}},
		{0, -1, 2, []int64{0, 2}},
	}
	for _, tt := range tests {
		s, err := x.Slice(0, tt.start, tt.stop, tt.step)
		if err != nil {
			t.Fatal(err)
		}
		checkValues(t, s, []int{len(tt.want)}, tt.want)
	}
}

func TestToReturnsSameTensor(t *testing.T) {
	x := mustTensor(t, []float32{1.5, -2})
	if y, _ := x.To(Float32); y != x {
		t.Error("To(same dtype) copied")
	}
	y, _ := x.To(Int64)
	checkValues(t, y, []int{2}, []int64{1, -2})
	c, _ := x.Clone()
	if c.SharesStorage(x) {
		t.Error("clone shares storage")
	}
	cont, _ := x.Contiguous()
	if cont != x {
		t.Error("Contiguous of a contiguous tensor copied")
	}
}

func TestItem(t *testing.T) {
	x := mustTensor(t, []int64{1, 2, 3})
	s, _ := x.Select(0, 2)
	if v, err := s.Item(); err != nil || v != int64(3) {
		t.Errorf("Item = %v, %v", v, err)
	}
	if _, err := x.Item(); KindOf(err) != ValueError {
		t.Errorf("Item of 3 elements: %v", err)
	}
	if v, _ := MustScalar(true).Item(); v != true {
		t.Errorf("bool item = %v", v)
	}
}

func TestMemoryLimitCountsLiveTensors(t *testing.T) {
	prev := SetMemoryLimit(300 << 20)
	defer SetMemoryLimit(prev)
	a, err := Zeros(Float32, 50<<20) // 200 MiB
	if err != nil {
		t.Fatal(err)
	}
	_, err = Zeros(Float32, 30<<20) // 120 MiB more would pass the limit
	if KindOf(err) != MemoryError {
		t.Fatalf("second allocation: %v, want MemoryError", err)
	}
	runtime.KeepAlive(a)
	// a is dead now: garbage is collected before a request is refused.
	if _, err := Zeros(Float32, 30<<20); err != nil {
		t.Errorf("allocation after the first tensor died: %v", err)
	}
}

// TestAsStrided views a storage of 12 elements with given sizes, strides
// and offsets, and refuses views that reach outside it.
func TestAsStrided(t *testing.T) {
	base, err := Arange(0, 12, 1, Float32)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		shape, strides []int
		offset         int
		want           string // the values, or the error
	}{
		{[]int{3, 4}, []int{4, 1}, 0, "[[0 1 2 3] [4 5 6 7] [8 9 10 11]]"},
		{[]int{4, 3}, []int{1, 4}, 0, "[[0 4 8] [1 5 9] [2 6 10] [3 7 11]]"},
		{[]int{2, 2}, []int{4, 1}, 6, "[[6 7] [10 11]]"},
		{[]int{3}, []int{0}, 5, "[5 5 5]"},
		{[]int{0, 5}, []int{5, 1}, 12, "[]"},
		{[]int{}, []int{}, 11, "11"},
		{[]int{3, 4}, []int{4, 1}, 1, "ValueError: as_strided: setStorage: sizes [3 4], strides [4 1], storage offset 1 need a storage of 13 elements, but it has 12"},
		{[]int{2}, []int{-1}, 5, "RuntimeError: as_strided: negative stride -1"},
		{[]int{2}, []int{1, 1}, 0, "ValueError: as_strided: 1 sizes but 2 strides"},
		{[]int{2}, []int{1}, -1, "RuntimeError: as_strided: negative storage offset -1"},
		{[]int{1 << 40}, []int{1 << 40}, 0, "ValueError: as_strided: the view reaches beyond any storage"},
	}
	for _, tt := range tests {
		v, err := base.AsStrided(tt.shape, tt.strides, tt.offset)
		got := ""
		if err != nil {
			got = err.Error()
		} else {
			vals, _ := ToList(v)
			got = strings.ReplaceAll(fmt.Sprint(vals), ".0", "")
			if !v.SharesStorage(base) {
				t.Errorf("AsStrided(%v, %v, %d) does not share the storage", tt.shape, tt.strides, tt.offset)
			}
		}
		if got != tt.want {
			t.Errorf("AsStrided(%v, %v, %d) = %s, want %s", tt.shape, tt.strides, tt.offset, got, tt.want)
		}
	}
}
