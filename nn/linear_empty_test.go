package nn

import (
	"slices"
	"testing"

	"github.com/kael-dev/kael/tensor"
)

// Linear(0, n) on an input of shape (1, 0) took the matrix-vector fast
// path with k == 0, which panicked in gemv; PyTorch gives the bias.
func TestLinearZeroInFeatures(t *testing.T) {
	l, err := NewLinear(0, 2, true, tensor.Float32)
	if err != nil {
		t.Fatal(err)
	}
	x := must(tensor.Ones(tensor.Float32, 1, 0))
	y, err := l.Forward(x)
	if err != nil {
		t.Fatal(err)
	}
	if got := y.Shape(); !slices.Equal(got, []int{1, 2}) {
		t.Fatalf("shape %v, want [1 2]", got)
	}
}
