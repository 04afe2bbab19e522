package autograd

import (
	"testing"

	"github.com/kael-dev/kael/tensor"
)

// gruCellOut runs FusedGRUCell, failing the test where it refuses.
func gruCellOut(t *testing.T, in []*tensor.Tensor) (*tensor.Tensor, error) {
	hy, ok, err := FusedGRUCell(in[0], in[1], in[2])
	if !ok {
		t.Fatal("FusedGRUCell refused float64 operands of the usual shapes")
	}
	return hy, err
}

// TestFusedGRUCellGradCheck checks the fused GRU cell's one-pass backward
// against central differences, its backward under create_graph the same
// way through a second derivative, and that both give the same gradients.
func TestFusedGRUCellGradCheck(t *testing.T) {
	f := newFixture(t)
	inputs := []*tensor.Tensor{f.randn(3, 6), f.randn(3, 6), f.randn(3, 2)}
	if err := GradCheck(func(in []*tensor.Tensor) (*tensor.Tensor, error) { return gruCellOut(t, in) }, inputs, GradCheckOptions{}); err != nil {
		t.Fatal(err)
	}
	weights := must(tensor.Randn(f.g, tensor.Float64, 3, 2))
	grads := func(in []*tensor.Tensor, create bool) (*tensor.Tensor, error) {
		out, err := gruCellOut(t, in)
		if err != nil {
			return nil, err
		}
		loss, err := Sum(must(Mul(must(Mul(out, out)), weights)), nil, false)
		if err != nil {
			return nil, err
		}
		gs, err := Gradients([]*tensor.Tensor{loss}, in, nil, BackwardOptions{CreateGraph: create, RetainGraph: create})
		if err != nil {
			return nil, err
		}
		return Cat(gs, 1)
	}
	if err := GradCheck(func(in []*tensor.Tensor) (*tensor.Tensor, error) { return grads(in, true) }, inputs, GradCheckOptions{}); err != nil {
		t.Fatal(err)
	}
	recorded, plain := must(grads(inputs, true)), must(grads(inputs, false))
	if !must(tensor.Allclose(recorded, plain, 1e-12, 1e-12, false)) {
		t.Errorf("create_graph gradients %v, one-pass %v", recorded, plain)
	}
}

// TestFusedGRUCellRefuses checks that other dtypes and shapes are left to
// the composed cell.
func TestFusedGRUCellRefuses(t *testing.T) {
	z := func(d tensor.DType, shape ...int) *tensor.Tensor { return must(tensor.Zeros(d, shape...)) }
	for _, c := range []struct {
		name      string
		gi, gh, h *tensor.Tensor
	}{
		{"bfloat16", z(tensor.BFloat16, 2, 6), z(tensor.BFloat16, 2, 6), z(tensor.BFloat16, 2, 2)},
		{"mixed", z(tensor.Float64, 2, 6), z(tensor.Float64, 2, 6), z(tensor.Float32, 2, 2)},
		{"gates", z(tensor.Float32, 2, 8), z(tensor.Float32, 2, 8), z(tensor.Float32, 2, 2)},
		{"batch", z(tensor.Float32, 3, 6), z(tensor.Float32, 2, 6), z(tensor.Float32, 2, 2)},
	} {
		if _, ok, err := FusedGRUCell(c.gi, c.gh, c.h); ok || err != nil {
			t.Errorf("%s: ok %v, err %v; want refused", c.name, ok, err)
		}
	}
}
