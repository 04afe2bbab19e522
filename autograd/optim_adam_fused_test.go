package autograd

import (
	"math"
	"testing"

	"github.com/kael-dev/kael/tensor"
)

// TestAdamFloat32MatchesOperations checks the one-pass float32 step of
// Adam and AdamW (adamFloat32) bit for bit against the tensor operations
// of the general path, which a transposed parameter and gradient take:
// the same values, stepped side by side for several steps, with weight
// decay, maximize and extreme gradients (zeros, tiny, huge).
func TestAdamFloat32MatchesOperations(t *testing.T) {
	cases := []struct {
		rule string
		h    Hyper
	}{
		{"Adam", Hyper{"lr": 1e-3, "beta1": 0.9, "beta2": 0.999, "eps": 1e-8}},
		{"Adam", Hyper{"lr": 0.0002, "beta1": 0.5, "beta2": 0.999, "eps": 1e-8, "weight_decay": 0.01, "maximize": 1}},
		{"AdamW", Hyper{"lr": 6e-4, "beta1": 0.9, "beta2": 0.95, "eps": 1e-8, "weight_decay": 0.1}},
		{"AdamW", Hyper{"lr": 0.1, "beta1": 0.8, "beta2": 0.9, "eps": 1e-3, "weight_decay": 0}},
	}
	gen := tensor.NewGenerator(5)
	for _, c := range cases {
		t.Run(c.rule, func(t *testing.T) {
			rule := OptimRules[c.rule]
			base := must(tensor.Randn(gen, tensor.Float32, 13, 7))
			fast := must(base.Clone())                                             // contiguous [13, 7]
			slow := must(must(must(base.Transpose(0, 1)).Clone()).Transpose(0, 1)) // the same values, transposed strides
			if slow.IsContiguous() || !fast.IsContiguous() {
				t.Fatal("the layouts are not the ones the test needs")
			}
			stFast := must(rule.NewState(fast, c.h))
			stSlow := must(rule.NewState(slow, c.h))
			for step := range 6 {
				g := must(tensor.Randn(gen, tensor.Float32, 13, 7))
				vals := must(tensor.Values[float32](g))
				vals[0], vals[1], vals[2], vals[3] = 0, 1e-30, -3e30, float32(math.SmallestNonzeroFloat32)
				g = must(tensor.FromSlice(vals, 13, 7))
				gSlow := must(must(must(g.Transpose(0, 1)).Clone()).Transpose(0, 1))
				if err := rule.Update(fast, g, stFast, c.h); err != nil {
					t.Fatal(err)
				}
				if err := rule.Update(slow, gSlow, stSlow, c.h); err != nil {
					t.Fatal(err)
				}
				for _, pair := range [][2]*tensor.Tensor{{fast, slow}, {stFast.Buffers["exp_avg"], stSlow.Buffers["exp_avg"]}, {stFast.Buffers["exp_avg_sq"], stSlow.Buffers["exp_avg_sq"]}} {
					a, b := must(tensor.Values[float32](pair[0])), must(tensor.Values[float32](pair[1]))
					for i := range a {
						if math.Float32bits(a[i]) != math.Float32bits(b[i]) {
							t.Fatalf("step %d, element %d: one pass %v, tensor operations %v", step, i, a[i], b[i])
						}
					}
				}
			}
		})
	}
}
