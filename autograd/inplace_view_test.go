package autograd

import (
	"math"
	"testing"

	"github.com/kael-dev/kael/tensor"
)

// TestInPlaceOnView checks in-place changes of views of a tensor that
// requires grad: the base takes CopySlices and the view
// AsStridedBackward0, the values change through the view, and the
// gradient reaches the base's history outside the view and the change
// inside it. The gradients are worked out by hand: y = 2w, then the view
// changed, then the sum of y weighted by 1..n.
func TestInPlaceOnView(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(y *tensor.Tensor) error
		values []float64 // y after the change, w = [1 2 3 4]
		grad   []float64 // d/dw of Σ (i+1)·y[i]
	}{
		{"y[1:3] += 1", func(y *tensor.Tensor) error {
			return AddOp.InPlace(must(Slice(y, 0, 1, 3, 1)), tensor.MustScalar(1))
		}, []float64{2, 5, 7, 8}, []float64{2, 4, 6, 8}},
		{"y[0] *= 2·w[3]", func(y *tensor.Tensor) error {
			w := y.Autograd().GradFn.(*Node).next[0].leaf
			return MulOp.InPlace(must(Select(y, 0, 0)), must(Mul(must(Select(w, 0, 3)), tensor.MustScalar(float32(2)))))
		}, []float64{16, 4, 6, 8}, []float64{16, 4, 6, 12}},
		{"y.view(2, 2).t()[1].exp_()", func(y *tensor.Tensor) error {
			return ExpOp.InPlace(must(Select(must(Transpose(must(View(y, 2, 2)), 0, 1)), 0, 1)))
		}, nil, nil},
		{"y[::2][1:] -= 3, a view of a view", func(y *tensor.Tensor) error {
			return SubOp.InPlace(must(Slice(must(Slice(y, 0, 0, 4, 2)), 0, 1, 2, 1)), tensor.MustScalar(3))
		}, []float64{2, 4, 3, 8}, []float64{2, 4, 6, 8}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := f32(t, 1, 2, 3, 4)
			if err := SetRequiresGrad(w, true); err != nil {
				t.Fatal(err)
			}
			y := must(Mul(w, tensor.MustScalar(float32(2))))
			if err := tc.change(y); err != nil {
				t.Fatal(err)
			}
			if got := y.Autograd().GradFn.Name(); got != "CopySlices" {
				t.Errorf("y.grad_fn is %s, want CopySlices", got)
			}
			weights := f32(t, 1, 2, 3, 4)
			if err := Backward(must(Sum(must(Mul(y, weights)), nil, false)), nil); err != nil {
				t.Fatal(err)
			}
			values, grad := tc.values, tc.grad
			if values == nil { // exp of y[1] = 4 and y[3] = 8
				e4, e8 := math.Exp(4), math.Exp(8)
				values = []float64{2, e4, 6, e8}
				grad = []float64{2, 2 * 2 * e4, 6, 4 * 2 * e8}
			}
			if got := floats(y); !nearRel(got, values) {
				t.Errorf("y = %v, want %v", got, values)
			}
			if got := floats(Grad(w)); !nearRel(got, grad) {
				t.Errorf("w.grad = %v, want %v", got, grad)
			}
		})
	}
}

// nearRel compares within float32's relative precision.
func nearRel(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Abs(a[i]-b[i]) > 1e-6*math.Max(1, math.Abs(b[i])) {
			return false
		}
	}
	return true
}
