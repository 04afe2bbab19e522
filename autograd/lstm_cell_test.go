package autograd

import (
	"testing"

	"github.com/kael-dev/kael/tensor"
)

// lstmCellOut runs FusedLSTMCell and returns hy and cy side by side, so
// that GradCheck sees both outputs.
func lstmCellOut(t *testing.T, in []*tensor.Tensor) (*tensor.Tensor, error) {
	hy, cy, ok, err := FusedLSTMCell(in[0], in[1], in[2])
	if !ok {
		t.Fatal("FusedLSTMCell refused float64 operands of the usual shapes")
	}
	if err != nil {
		return nil, err
	}
	return Cat([]*tensor.Tensor{hy, cy}, 1)
}

// TestFusedLSTMCellGradCheck checks the fused cell's one-pass backward
// against central differences, and its backward under create_graph (the
// cell composed again in recording operations) the same way, through a
// second derivative.
func TestFusedLSTMCellGradCheck(t *testing.T) {
	f := newFixture(t)
	inputs := []*tensor.Tensor{f.randn(3, 8), f.randn(3, 8), f.randn(3, 2)}
	if err := GradCheck(func(in []*tensor.Tensor) (*tensor.Tensor, error) { return lstmCellOut(t, in) }, inputs, GradCheckOptions{}); err != nil {
		t.Fatal(err)
	}
	weights := must(tensor.Randn(f.g, tensor.Float64, 3, 4))
	secondOrder := func(in []*tensor.Tensor) (*tensor.Tensor, error) {
		out, err := lstmCellOut(t, in)
		if err != nil {
			return nil, err
		}
		loss, err := Sum(must(Mul(must(Mul(out, out)), weights)), nil, false)
		if err != nil {
			return nil, err
		}
		gs, err := Gradients([]*tensor.Tensor{loss}, in, nil, BackwardOptions{CreateGraph: true, RetainGraph: true})
		if err != nil {
			return nil, err
		}
		return Cat(gs, 1)
	}
	if err := GradCheck(secondOrder, inputs, GradCheckOptions{}); err != nil {
		t.Fatal(err)
	}
	// The recorded gradients are the one-pass kernel's.
	recorded := must(secondOrder(inputs))
	out := must(lstmCellOut(t, inputs))
	loss := must(Sum(must(Mul(must(Mul(out, out)), weights)), nil, false))
	plain := must(Gradients([]*tensor.Tensor{loss}, inputs, nil, BackwardOptions{}))
	want := must(Cat(plain, 1))
	if !must(tensor.Allclose(recorded, want, 1e-12, 1e-12, false)) {
		t.Errorf("create_graph gradients %v, one-pass %v", recorded, want)
	}
}

// TestFusedLSTMCellRefuses checks that other dtypes and shapes are left
// to the composed cell.
func TestFusedLSTMCellRefuses(t *testing.T) {
	for _, c := range []struct {
		name       string
		gi, gh, cx *tensor.Tensor
	}{
		{"float16", must(tensor.Zeros(tensor.Float16, 2, 8)), must(tensor.Zeros(tensor.Float16, 2, 8)), must(tensor.Zeros(tensor.Float16, 2, 2))},
		{"mixed", must(tensor.Zeros(tensor.Float32, 2, 8)), must(tensor.Zeros(tensor.Float64, 2, 8)), must(tensor.Zeros(tensor.Float32, 2, 2))},
		{"gates", must(tensor.Zeros(tensor.Float32, 2, 6)), must(tensor.Zeros(tensor.Float32, 2, 6)), must(tensor.Zeros(tensor.Float32, 2, 2))},
		{"batch", must(tensor.Zeros(tensor.Float32, 2, 8)), must(tensor.Zeros(tensor.Float32, 2, 8)), must(tensor.Zeros(tensor.Float32, 3, 2))},
		{"1-D", must(tensor.Zeros(tensor.Float32, 8)), must(tensor.Zeros(tensor.Float32, 8)), must(tensor.Zeros(tensor.Float32, 2))},
	} {
		if _, _, ok, err := FusedLSTMCell(c.gi, c.gh, c.cx); ok || err != nil {
			t.Errorf("%s: ok %v, err %v; want refused", c.name, ok, err)
		}
	}
}
