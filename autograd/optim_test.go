package autograd

import (
	"math"
	"testing"

	"github.com/kael-dev/kael/tensor"
)

func TestSGDStep(t *testing.T) {
	tests := []struct {
		name string
		opt  SGDOptions
		want []float64 // parameter after two steps with gradient [0.5, -1]
	}{
		// p -= 0.1·g twice
		{"plain", SGDOptions{LR: 0.1}, []float64{0.9, 2.2}},
		// v1 = g, v2 = 0.9·g + g = 1.9·g: p -= 0.1·2.9·g
		{"momentum", SGDOptions{LR: 0.1, Momentum: 0.9}, []float64{1 - 0.145, 2 + 0.29}},
		// steps use g + 0.9·v: 1.9·g then g + 0.9·1.9·g = 2.71·g
		{"nesterov", SGDOptions{LR: 0.1, Momentum: 0.9, Nesterov: true}, []float64{1 - 0.05*4.61, 2 + 0.1*4.61}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := f32(t, 1, 2)
			opt := must(NewSGD([]*tensor.Tensor{p}, tc.opt))
			for range 2 {
				if err := SetGrad(p, values([]float32{0.5, -1}, 2)); err != nil {
					t.Fatal(err)
				}
				if err := opt.Step(); err != nil {
					t.Fatal(err)
				}
			}
			if got := floats(p); !near32(got, tc.want) {
				t.Fatalf("p = %v, want %v", got, tc.want)
			}
			if !IsLeaf(p) || !p.RequiresGrad() || !IsGradEnabled() {
				t.Fatal("Step changed p's autograd state or the grad mode")
			}
			opt.ZeroGrad()
			if Grad(p) != nil {
				t.Fatal("ZeroGrad left a gradient")
			}
		})
	}
	// Weight decay adds wd·p to the gradient: p = 1 - 0.1·(0 + 0.5·1).
	p := f32(t, 1)
	opt := must(NewSGD([]*tensor.Tensor{p}, SGDOptions{LR: 0.1, WeightDecay: 0.5}))
	if err := SetGrad(p, values([]float32{0}, 1)); err != nil {
		t.Fatal(err)
	}
	if err := opt.Step(); err != nil {
		t.Fatal(err)
	}
	if got := floats(p); !near32(got, []float64{0.95}) {
		t.Fatalf("with weight decay p = %v, want [0.95]", got)
	}
}

// near32 compares within float32 precision.
func near32(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Abs(a[i]-b[i]) > 1e-5 {
			return false
		}
	}
	return true
}

func TestAdamStep(t *testing.T) {
	// Bias correction makes Adam's first step lr·g/|g| (up to eps).
	p := f32(t, 1, 2, 3)
	opt := must(NewAdam([]*tensor.Tensor{p}, AdamOptions{LR: 0.1, Beta1: 0.9, Beta2: 0.999, Eps: 1e-8}))
	if err := SetGrad(p, values([]float32{0.5, -2, 0}, 3)); err != nil {
		t.Fatal(err)
	}
	if err := opt.Step(); err != nil {
		t.Fatal(err)
	}
	if got := floats(p); !near32(got, []float64{0.9, 2.1, 3}) {
		t.Fatalf("p = %v, want [0.9 2.1 3]", got)
	}
}

func TestOptimizerOptionsAndParams(t *testing.T) {
	w := f32(t, 1)
	if _, err := NewSGD([]*tensor.Tensor{w}, SGDOptions{LR: 0.1, Nesterov: true}); err == nil {
		t.Error("Nesterov without momentum accepted")
	}
	if _, err := NewAdam([]*tensor.Tensor{w}, AdamOptions{LR: 0.1, Beta1: 1}); err == nil {
		t.Error("beta1 = 1 accepted")
	}
	y := must(Mul(w, w))
	if _, err := NewSGD([]*tensor.Tensor{y}, SGDOptions{LR: 0.1}); err == nil {
		t.Error("a non-leaf accepted as a parameter")
	}
}

// twoMoons returns n points of two interleaved half circles with noise,
// and their labels 0 and 1.
func twoMoons(g *tensor.Generator, n int) (x, y *tensor.Tensor) {
	xs := make([]float32, 0, 2*n)
	ys := make([]int64, n)
	for i := range n {
		a := math.Pi * g.Float64()
		px, py := math.Cos(a), math.Sin(a)
		if i%2 == 1 {
			px, py = 1-px, 0.5-py
			ys[i] = 1
		}
		xs = append(xs, float32(px+0.1*g.NormFloat64()), float32(py+0.1*g.NormFloat64()))
	}
	return values(xs, n, 2), values(ys, n)
}

// mlp is a 2-16-2 perceptron with a ReLU hidden layer.
type mlp struct{ w1, b1, w2, b2 *tensor.Tensor }

func newMLP(t *testing.T, g *tensor.Generator) *mlp {
	param := func(scale float64, shape ...int) *tensor.Tensor {
		p := must(tensor.Mul(must(tensor.Randn(g, tensor.Float32, shape...)), tensor.MustScalar(scale)))
		if err := SetRequiresGrad(p, true); err != nil {
			t.Fatal(err)
		}
		return p
	}
	return &mlp{param(1, 16, 2), param(0, 16), param(0.35, 2, 16), param(0, 2)}
}

func (m *mlp) params() []*tensor.Tensor { return []*tensor.Tensor{m.w1, m.b1, m.w2, m.b2} }

func (m *mlp) loss(x, y *tensor.Tensor) (*tensor.Tensor, error) {
	h, err := Linear(x, m.w1, m.b1)
	if err == nil {
		h, err = Relu(h)
	}
	if err == nil {
		h, err = Linear(h, m.w2, m.b2)
	}
	if err != nil {
		return nil, err
	}
	return CrossEntropy(h, y, tensor.DefaultLossOptions())
}

// TestTrainMLP trains a small network on two moons with each optimizer:
// the loss must fall below a threshold in a fixed number of steps, and the
// run must be reproducible from the seed.
func TestTrainMLP(t *testing.T) {
	tests := []struct {
		name  string
		opt   func(ps []*tensor.Tensor) (Optimizer, error)
		steps int
		below float64
	}{
		{"sgd", func(ps []*tensor.Tensor) (Optimizer, error) {
			return NewSGD(ps, SGDOptions{LR: 0.2, Momentum: 0.9})
		}, 300, 0.05},
		{"adam", func(ps []*tensor.Tensor) (Optimizer, error) {
			o := DefaultAdamOptions()
			o.LR = 0.05
			return NewAdam(ps, o)
		}, 300, 0.05},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			train := func() float64 {
				g := tensor.NewGenerator(42)
				x, y := twoMoons(g, 200)
				m := newMLP(t, g)
				opt := must(tc.opt(m.params()))
				var last float64
				for step := range tc.steps {
					opt.ZeroGrad()
					loss := must(m.loss(x, y))
					if err := Backward(loss, nil); err != nil {
						t.Fatal(err)
					}
					if err := opt.Step(); err != nil {
						t.Fatal(err)
					}
					last = floats(loss)[0]
					if step == 0 {
						t.Logf("initial loss %.4f", last)
					}
				}
				return last
			}
			first := train()
			t.Logf("loss after %d steps: %.5f", tc.steps, first)
			if first > tc.below {
				t.Fatalf("loss %.5f after %d steps, want below %g", first, tc.steps, tc.below)
			}
			if again := train(); again != first {
				t.Fatalf("a second run with the same seed ended at %v, not %v", again, first)
			}
		})
	}
}
