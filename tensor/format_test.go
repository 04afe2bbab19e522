package tensor

import (
	"math"
	"strings"
	"testing"
	"time"
)

func TestFormatLikePyTorch(t *testing.T) {
	ints := mustReshape(t, Arange64(t, 6), 2, 3)
	tests := []struct {
		name string
		x    *Tensor
		want string
	}{
		{"int matrix", ints, "tensor([[0, 1, 2],\n        [3, 4, 5]])"},
		{"integer-valued floats", mustTensor(t, []float32{1, -2, 3}), "tensor([ 1., -2.,  3.])"},
		{"fixed point", mustTensor(t, []float64{1.5, 0.25}), "tensor([1.5000, 0.2500], dtype=torch.float64)"},
		{"scientific", mustTensor(t, []float64{1e-5, 1e3}), "tensor([1.0000e-05, 1.0000e+03], dtype=torch.float64)"},
		{"special floats", mustTensor(t, []float32{float32(math.Inf(1)), float32(math.NaN()), 0.5}), "tensor([   inf,    nan, 0.5000])"},
		{"bool", mustTensor(t, []uint8{1, 0}), "tensor([ True, False])"},
		{"0-d", MustScalar(2.5), "tensor(2.5000, dtype=torch.float64)"},
		{"empty", mustReshape(t, mustTensor(t, []float32{}), 0, 3), "tensor([], size=(0, 3))"},
		{"3-D", mustReshape(t, Arange64(t, 8), 2, 2, 2), "tensor([[[0, 1],\n         [2, 3]],\n\n        [[4, 5],\n         [6, 7]]])"},
		{"transposed view", ints.T(), "tensor([[0, 3],\n        [1, 4],\n        [2, 5]])"},
	}
	for _, tt := range tests {
		if got := tt.x.String(); got != tt.want {
			t.Errorf("%s:\ngot  %s\nwant %s", tt.name, got, tt.want)
		}
	}
}

func TestFormatSummarizes(t *testing.T) {
	x := Arange64(t, 2000)
	got := x.String()
	want := "tensor([   0,    1,    2,  ..., 1997, 1998, 1999])"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	m := mustReshape(t, Arange64(t, 100*100), 100, 100)
	lines := strings.Split(m.String(), "\n")
	if len(lines) != 7 || strings.TrimSpace(lines[3]) != "...," {
		t.Errorf("summarized matrix:\n%s", m)
	}
}

func TestFormatWrapsLongRows(t *testing.T) {
	x := Arange64(t, 30)
	for _, line := range strings.Split(x.String(), "\n") {
		if len(line) > 80 {
			t.Errorf("line longer than 80: %q", line)
		}
	}
}

// TestFormatManyDims: printing walks dims by index, in time linear in
// them, so a tensor of 64,000 dims prints at once rather than in minutes
// (each level used to select a sub-tensor, copying its shape).
func TestFormatManyDims(t *testing.T) {
	shape := make([]int, 64000)
	for i := range shape {
		shape[i] = 1
	}
	x, err := Ones(Float32, shape...)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	s := Format(x, DefaultPrintOptions)
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("Format of 64,000 dims took %v", d)
	}
	want := "tensor(" + strings.Repeat("[", 64000) + "1." + strings.Repeat("]", 64000) + ")"
	if s != want {
		t.Errorf("Format of 64,000 dims: got %.40s...", s)
	}
	y, err := Ones(Float32, 2, 1, 2)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := Format(y, DefaultPrintOptions), "tensor([[[1., 1.]],\n\n        [[1., 1.]]])"; got != want {
		t.Errorf("Format(ones(2, 1, 2)) = %q, want %q", got, want)
	}
}
