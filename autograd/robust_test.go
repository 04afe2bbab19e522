package autograd

import (
	"fmt"
	"testing"

	"github.com/kael-dev/kael/tensor"
)

// TestEdgeShapesBackwardDoNotPanic runs forward and backward through ops
// on 0-d and empty leaves: each must give a result or an error, never
// panic.
func TestEdgeShapesBackwardDoNotPanic(t *testing.T) {
	shapes := [][]int{{}, {0}, {2, 0}, {0, 3}, {1}}
	e2 := func(v, _ *tensor.Tensor, err error) (*tensor.Tensor, error) { return v, err }
	ops := map[string]func(x *tensor.Tensor) (*tensor.Tensor, error){
		"sum":        func(x *tensor.Tensor) (*tensor.Tensor, error) { return Sum(x, nil, false) },
		"mean":       func(x *tensor.Tensor) (*tensor.Tensor, error) { return Mean(x, []int{-1}, false) },
		"amax":       func(x *tensor.Tensor) (*tensor.Tensor, error) { return Amax(x, nil, false) },
		"max":        func(x *tensor.Tensor) (*tensor.Tensor, error) { return e2(Max(x, -1, false)) },
		"min":        func(x *tensor.Tensor) (*tensor.Tensor, error) { return e2(Min(x, 0, true)) },
		"norm":       func(x *tensor.Tensor) (*tensor.Tensor, error) { return Norm(x, 2, nil, false) },
		"logsumexp":  func(x *tensor.Tensor) (*tensor.Tensor, error) { return Logsumexp(x, []int{-1}, false) },
		"cumsum":     func(x *tensor.Tensor) (*tensor.Tensor, error) { return Cumsum(x, -1) },
		"softmax":    func(x *tensor.Tensor) (*tensor.Tensor, error) { return Softmax(x, -1) },
		"logsoftmax": func(x *tensor.Tensor) (*tensor.Tensor, error) { return LogSoftmax(x, 0) },
		"exp":        func(x *tensor.Tensor) (*tensor.Tensor, error) { return Exp(x) },
		"mul":        func(x *tensor.Tensor) (*tensor.Tensor, error) { return Mul(x, x) },
		"flip":       func(x *tensor.Tensor) (*tensor.Tensor, error) { return Flip(x, -1) },
		"matmul":     func(x *tensor.Tensor) (*tensor.Tensor, error) { return Matmul(x, x) },
		"cat":        func(x *tensor.Tensor) (*tensor.Tensor, error) { return Cat([]*tensor.Tensor{x, x}, -1) },
		"stack":      func(x *tensor.Tensor) (*tensor.Tensor, error) { return Stack([]*tensor.Tensor{x, x}, 0) },
		"narrow":     func(x *tensor.Tensor) (*tensor.Tensor, error) { return Narrow(x, 0, 0, 0) },
		"index": func(x *tensor.Tensor) (*tensor.Tensor, error) {
			return Index(x, tensor.IndexEllipsis(), tensor.IndexNone())
		},
		"layernorm": func(x *tensor.Tensor) (*tensor.Tensor, error) {
			return LayerNorm(x, x.Shape()[max(0, x.Dim()-1):], nil, nil, 1e-5)
		},
		"mse":  func(x *tensor.Tensor) (*tensor.Tensor, error) { return MseLoss(x, x, "mean") },
		"gelu": func(x *tensor.Tensor) (*tensor.Tensor, error) { return Gelu(x, "none") },
		"var":  func(x *tensor.Tensor) (*tensor.Tensor, error) { return Var(x, nil, 1, false) },
		"std":  func(x *tensor.Tensor) (*tensor.Tensor, error) { return Std(x, []int{-1}, 1, true) },
	}
	for _, s := range shapes {
		for name, f := range ops {
			t.Run(fmt.Sprintf("%s%v", name, s), func(t *testing.T) {
				defer func() {
					if r := recover(); r != nil {
						t.Errorf("panic: %v", r)
					}
				}()
				x := must(tensor.Zeros(tensor.Float64, s...))
				if err := SetRequiresGrad(x, true); err != nil {
					t.Fatal(err)
				}
				y, err := f(x)
				if err != nil {
					return
				}
				if y, err = Sum(y, nil, false); err != nil {
					return
				}
				_ = Backward(y, nil)
			})
		}
	}
}
