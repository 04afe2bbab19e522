package autograd

import (
	"slices"
	"testing"

	"github.com/kael-dev/kael/tensor"
)

// TestRounded: div's rounding modes pick their descriptors, which record
// DivBackward2, 'trunc' and 'floor' with a zero gradient for both inputs
// (lang's tests compare the values with PyTorch); another mode is
// PyTorch's RuntimeError, and an operation without rounding_mode refuses
// one, even None.
func TestRounded(t *testing.T) {
	mode := func(s string) *string { return &s }
	for _, tt := range []struct {
		op   *BinaryOp
		mode *string
		want *BinaryOp
		kind tensor.ErrorKind
	}{
		{DivOp, nil, divRounding.Exact, ""},
		{DivideOp, nil, divRounding.Exact, ""},
		{DivOp, mode("trunc"), divRounding.Trunc, ""},
		{DivideOp, mode("floor"), divRounding.Floor, ""},
		{DivOp, mode("x"), nil, tensor.RuntimeError},
		{DivOp, mode(""), nil, tensor.RuntimeError},
		{TrueDivideOp, mode("floor"), nil, tensor.TypeError},
		{TrueDivideOp, nil, nil, tensor.TypeError},
	} {
		got, err := tt.op.Rounded(tt.mode)
		if got != tt.want || tensor.KindOf(err) != tt.kind {
			t.Errorf("%s.Rounded(%v) = %v, %v; want %v, a %q error", tt.op.Name, tt.mode, got, err, tt.want, tt.kind)
		}
	}
	for _, op := range []*BinaryOp{divRounding.Trunc, divRounding.Floor} {
		a, b := values([]float64{7, -7.5, 1}, 3), values([]float64{2}, 1)
		for _, x := range []*tensor.Tensor{a, b} {
			if err := SetRequiresGrad(x, true); err != nil {
				t.Fatal(err)
			}
		}
		y, err := op.Apply(a, b)
		if err != nil {
			t.Fatal(err)
		}
		if got := y.Autograd().GradFn.Name(); got != "DivBackward2" {
			t.Errorf("%s: grad_fn %s, want DivBackward2", op.Spec.Name, got)
		}
		if err := Backward(y, values([]float64{1, 2, 3}, 3)); err != nil {
			t.Fatal(err)
		}
		for _, x := range []*tensor.Tensor{a, b} {
			g := Grad(x)
			if !slices.Equal(floats(g), make([]float64, x.Numel())) || !slices.Equal(g.Shape(), x.Shape()) {
				t.Errorf("%s: grad %v of shape %v, want zeros of shape %v", op.Spec.Name, floats(g), g.Shape(), x.Shape())
			}
		}
	}
}
