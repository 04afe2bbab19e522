package autograd

import (
	"testing"

	"github.com/kael-dev/kael/tensor"
)

// TestLinearTSumsInPlace runs a recurrence h ← tanh(x_t + h·Wᵀ + b) over
// many steps twice, once with Linear at every step and once with LinearT
// and one T(W) for all of them (a recurrent layer's W_hh, whose gradient
// the engine then sums in place, calc.addMatmul), and checks that every
// gradient is the same bit for bit, in float32 and float64, for sizes
// the GEMM kernels take and the plain loop's.
func TestLinearTSumsInPlace(t *testing.T) {
	for _, tc := range []struct {
		name                 string
		dtype                tensor.DType
		steps, batch, hidden int
	}{
		{"f32 lstm-like", tensor.Float32, 12, 20, 40},
		{"f64", tensor.Float64, 9, 5, 17},
		{"f32 small", tensor.Float32, 6, 2, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			run := func(shared bool) []*tensor.Tensor {
				g := tensor.NewGenerator(5)
				w := must(tensor.Randn(g, tc.dtype, tc.hidden, tc.hidden))
				b := must(tensor.Randn(g, tc.dtype, tc.hidden))
				h0 := must(tensor.Randn(g, tc.dtype, tc.batch, tc.hidden))
				xs := must(tensor.Randn(g, tc.dtype, tc.steps, tc.batch, tc.hidden))
				for _, p := range []*tensor.Tensor{w, b, h0, xs} {
					must(0, SetRequiresGrad(p, true))
				}
				steps := NewStepWeight(w)
				h := h0
				for s := 0; s < tc.steps; s++ {
					var gh *tensor.Tensor
					if shared {
						gh = must(LinearT(h, steps, b))
					} else {
						gh = must(Linear(h, w, b))
					}
					x := must(Select(xs, 0, s))
					h = must(Tanh(must(Add(x, gh))))
				}
				loss := must(Sum(must(Mul(h, h)), nil, false))
				if err := Backward(loss, nil); err != nil {
					t.Fatal(err)
				}
				return []*tensor.Tensor{w.Autograd().Grad, b.Autograd().Grad, h0.Autograd().Grad, xs.Autograd().Grad}
			}
			want, got := run(false), run(true)
			for i, name := range []string{"W", "b", "h0", "x"} {
				if got[i] == nil || !tensor.Equal(got[i], want[i]) {
					t.Errorf("grad of %s: %v\nwant %v", name, got[i], want[i])
				}
			}
		})
	}
}
