package autograd

import (
	"strings"
	"testing"

	"github.com/kael-dev/kael/tensor"
)

// TestComposite checks that an operation recorded with Composite is one
// node of its name, leading to its inputs, with the gradient of the
// operations it is made of, and that it frees, refuses a second backward
// and catches in-place changes like any node.
func TestComposite(t *testing.T) {
	square := func(in []*tensor.Tensor) (*tensor.Tensor, error) { return Mul(in[0], in[0]) }   // saves x
	plusOne := func(in []*tensor.Tensor) (*tensor.Tensor, error) { return Add(in[0], num(1)) } // saves nothing
	for _, tc := range []struct {
		name       string
		f          func(in []*tensor.Tensor) (*tensor.Tensor, error)
		change     bool      // modify x in place after the forward pass
		want       []float64 // x.grad after one backward, x = [1, 2]
		secondErr  string    // what a second backward says ("" when it works)
		changedErr string
	}{
		{"saves tensors", square, false, []float64{2, 4}, freedErr, ""},
		{"saves nothing", plusOne, false, []float64{1, 1}, "", ""},
		{"input changed in place", square, true, nil, "", "which SquareBackward0 saved, is at version 1; expected version 0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			base := newFixture(t).leaf(values([]float64{1, 2}, 2))
			x := must(Add(base, num(0))) // a computed tensor (saving nothing), which may change in place
			y := must(Composite("SquareBackward0", []*tensor.Tensor{x, nil}, tc.f))
			if got := y.Autograd().GradFn.Name(); got != "SquareBackward0" {
				t.Fatalf("grad_fn = %s", got)
			}
			if next := NextFunctions(y.Autograd().GradFn); len(next) != 2 || next[0].Fn != x.Autograd().GradFn || next[1].Fn != nil || next[1].Leaf != nil {
				t.Fatalf("next_functions = %+v, want x's node and nothing", next)
			}
			if tc.change {
				if err := NoGrad(func() error { return x.Fill(0) }); err != nil {
					t.Fatal(err)
				}
			}
			loss := must(Sum(y, nil, false))
			err := Backward(loss, nil)
			if tc.changedErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.changedErr) {
					t.Fatalf("err = %v, want %q", err, tc.changedErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := floats(Grad(base)); !near(got, tc.want) {
				t.Fatalf("grad = %v, want %v", got, tc.want)
			}
			err = Backward(loss, nil)
			if (err == nil) != (tc.secondErr == "") || (err != nil && !strings.Contains(err.Error(), tc.secondErr)) {
				t.Fatalf("second backward: err = %v, want %q", err, tc.secondErr)
			}
		})
	}
}
