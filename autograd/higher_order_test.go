package autograd

import (
	"math"
	"strings"
	"testing"

	"github.com/kael-dev/kael/tensor"
)

// hvpOf returns the gradient of Σ w·∇(Σ f(x)) with respect to x, the
// product of f's Hessian with w, computed by a pass with CreateGraph and a
// plain pass through what it recorded.
func hvpOf(t *testing.T, f func(x *tensor.Tensor) (*tensor.Tensor, error), x, w *tensor.Tensor) *tensor.Tensor {
	t.Helper()
	y := must(Sum(must(f(x)), nil, false))
	g := must(Gradients([]*tensor.Tensor{y}, []*tensor.Tensor{x}, nil, BackwardOptions{CreateGraph: true, RetainGraph: true}))[0]
	if !g.RequiresGrad() {
		t.Fatalf("the gradient of a pass with CreateGraph has no graph")
	}
	dot := must(Sum(must(Mul(g, w)), nil, false))
	return must(Gradients([]*tensor.Tensor{dot}, []*tensor.Tensor{x}, nil, BackwardOptions{}))[0]
}

// gradDot returns Σ w·∇(Σ f(x)) by a plain pass, for central differences.
func gradDot(f func(x *tensor.Tensor) (*tensor.Tensor, error), x, w *tensor.Tensor) float64 {
	l := must(x.Clone())
	must(0, SetRequiresGrad(l, true))
	y := must(Sum(must(f(l)), nil, false))
	g := must(Gradients([]*tensor.Tensor{y}, []*tensor.Tensor{l}, nil, BackwardOptions{}))[0]
	return must(must(Sum(must(tensor.Mul(g, w)), nil, false)).Float64s())[0]
}

// TestCreateGraphSecondDerivatives compares the Hessian-vector products
// that passes with CreateGraph give with central differences of the first
// gradient, for operations of each kind the recording pass supports.
func TestCreateGraphSecondDerivatives(t *testing.T) {
	f := newFixture(t)
	m := f.randn(3, 4)
	for _, c := range []struct {
		name string
		fn   func(x *tensor.Tensor) (*tensor.Tensor, error)
	}{
		{"mul", func(x *tensor.Tensor) (*tensor.Tensor, error) { return Mul(x, must(Mul(x, x))) }},
		{"div-pow", func(x *tensor.Tensor) (*tensor.Tensor, error) {
			return Div(must(Pow(x, tensor.MustScalar(3.0))), must(Add(must(Mul(x, x)), tensor.MustScalar(1.0))))
		}},
		{"exp-log-sqrt", func(x *tensor.Tensor) (*tensor.Tensor, error) {
			return Mul(must(Exp(x)), must(Log(must(Sqrt(must(Add(must(Mul(x, x)), tensor.MustScalar(1.0))))))))
		}},
		{"tanh-sigmoid-sin", func(x *tensor.Tensor) (*tensor.Tensor, error) {
			return Mul(must(Tanh(x)), must(Add(must(Sigmoid(x)), must(Sin(x)))))
		}},
		{"softmax", func(x *tensor.Tensor) (*tensor.Tensor, error) { return Mul(must(Softmax(x, 1)), x) }},
		{"logsoftmax", func(x *tensor.Tensor) (*tensor.Tensor, error) {
			return Pow(must(LogSoftmax(x, 0)), tensor.MustScalar(2.0))
		}},
		{"matmul", func(x *tensor.Tensor) (*tensor.Tensor, error) {
			return Tanh(must(Matmul(x, must(Transpose(must(Mul(x, m)), 0, 1)))))
		}},
		{"views", func(x *tensor.Tensor) (*tensor.Tensor, error) {
			v := must(Select(must(Permute(must(Reshape(x, 2, 6)), 1, 0)), 1, 1))
			return Mul(must(Expand(must(Unsqueeze(v, 0)), 3, 6)), must(Narrow(must(Reshape(x, 12)), 0, 2, 6)))
		}},
		{"cat-stack", func(x *tensor.Tensor) (*tensor.Tensor, error) {
			st := must(Reshape(must(Stack([]*tensor.Tensor{x, must(Sin(x))}, 0)), 6, 4))
			return Exp(must(Mul(must(Cat([]*tensor.Tensor{x, must(Mul(x, x))}, 0)), T(T(st)))))
		}},
		{"split-chunk", func(x *tensor.Tensor) (*tensor.Tensor, error) {
			// x is [3, 4]: three parts of one node, the middle one unused,
			// and chunks of a product.
			p := must(Split(x, 1, 0))
			c := must(Chunk(must(Mul(x, x)), 2, 1))
			return Mul(must(Mul(p[0], must(Sin(p[2])))), must(Cat([]*tensor.Tensor{c[1], c[0]}, 1)))
		}},
		{"norm-mean", func(x *tensor.Tensor) (*tensor.Tensor, error) {
			return Mul(must(Norm(x, 2, []int{1}, true)), must(Mean(must(Mul(x, x)), []int{0}, false)))
		}},
		{"where-relu-clamp", func(x *tensor.Tensor) (*tensor.Tensor, error) {
			c := must(tensor.Gt(x, tensor.MustScalar(0.2)))
			return Mul(must(Where(c, must(Mul(x, x)), must(Relu(must(Neg(x)))))), must(Clamp(x, tensor.MustScalar(-0.5), tensor.MustScalar(0.5))))
		}},
		{"linear", func(x *tensor.Tensor) (*tensor.Tensor, error) {
			return Sigmoid(must(Linear(x, must(Mul(x, m)), must(Select(x, 1, 0)))))
		}},
		// conv_double.go: the input and the weight both depend on x
		{"conv2d", func(x *tensor.Tensor) (*tensor.Tensor, error) {
			o := tensor.Conv2dOptions{Stride: [2]int{2, 1}, Padding: [4]int{1, 0, 1, 1}, Dilation: [2]int{1, 2}, Groups: 1}
			w := must(Reshape(must(Narrow(must(Reshape(must(Mul(x, m)), 12)), 0, 0, 8)), 2, 1, 2, 2))
			return Tanh(must(Conv2d(must(Reshape(x, 1, 1, 3, 4)), w, must(Narrow(must(Select(x, 0, 1)), 0, 0, 2)), o)))
		}},
		{"conv-transpose2d", func(x *tensor.Tensor) (*tensor.Tensor, error) {
			o := tensor.Conv2dOptions{Stride: [2]int{2, 2}, Padding: [4]int{1, 1, 0, 0}, Dilation: [2]int{1, 1}, Groups: 2}
			w := must(Reshape(must(Narrow(must(Reshape(must(Mul(x, m)), 12)), 0, 0, 8)), 2, 1, 2, 2))
			return Sin(must(ConvTranspose2d(must(Reshape(x, 1, 2, 2, 3)), w, nil, o, [2]int{1, 0})))
		}},
		{"maxpool2d", func(x *tensor.Tensor) (*tensor.Tensor, error) {
			o := tensor.MaxPool2dOptions{Kernel: [2]int{2, 2}, Stride: [2]int{1, 1}, Dilation: [2]int{1, 1}}
			v, _ := must2(MaxPool2d(must(Reshape(must(Mul(x, x)), 1, 3, 4)), o))
			return Mul(v, v)
		}},
		// nn_double.go, reduce_double.go
		{"layer_norm", func(x *tensor.Tensor) (*tensor.Tensor, error) {
			return Mul(must(LayerNorm(x, []int{4}, must(Select(x, 0, 2)), must(Select(x, 0, 0)), 1e-5)), m)
		}},
		{"var-std-logsumexp", func(x *tensor.Tensor) (*tensor.Tensor, error) {
			return Mul(must(Mul(must(Var(x, []int{1}, 1, true)), must(Std(x, []int{0}, 0, true)))), must(Logsumexp(x, []int{1}, true)))
		}},
		{"prod-cumprod-cumsum", func(x *tensor.Tensor) (*tensor.Tensor, error) {
			return Add(must(Mul(must(Prod(x, []int{0}, true)), must(Cumprod(x, 1)))), must(Mul(must(Cumsum(x, 0)), x)))
		}},
		{"amax-max", func(x *tensor.Tensor) (*tensor.Tensor, error) {
			v, _ := must2(Max(x, 1, true))
			return Mul(must(Mul(must(Amax(x, []int{0}, true)), v)), x)
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			x := f.randn(3, 4)
			w := must(tensor.Randn(f.g, tensor.Float64, 3, 4))
			got := must(hvpOf(t, c.fn, x, w).Float64s())
			const eps = 1e-6
			xv := must(x.Float64s())
			for i := range xv {
				shifted := func(d float64) *tensor.Tensor {
					v := append([]float64(nil), xv...)
					v[i] += d
					return must(must(tensor.FromValue(v, tensor.Float64)).Reshape(3, 4))
				}
				num := (gradDot(c.fn, shifted(eps), w) - gradDot(c.fn, shifted(-eps), w)) / (2 * eps)
				if math.Abs(got[i]-num) > 1e-5+1e-4*math.Abs(num) {
					t.Errorf("element %d: Hessian·w %.9g, central difference %.9g", i, got[i], num)
				}
			}
		})
	}
}

// TestCreateGraphRefusal checks that a pass with CreateGraph refuses a
// node whose formula it cannot record when its gradient needs a graph,
// naming it, and runs it when the gradient is a constant; and that a
// plain pass gives gradients without a graph even with grad mode on.
func TestCreateGraphRefusal(t *testing.T) {
	f := newFixture(t)
	x := f.positive(4)
	y := must(Sum(must(LgammaOp.Apply(x)), nil, false))
	_, err := Gradients([]*tensor.Tensor{y}, []*tensor.Tensor{x}, nil, BackwardOptions{CreateGraph: true})
	if err == nil || !strings.Contains(err.Error(), "kael cannot differentiate the backward of LgammaBackward0 (create_graph=True) yet") {
		t.Fatalf("error %v, want the refusal naming LgammaBackward0", err)
	}
	// lgamma of a constant, times x: its node is not in x's graph.
	c := must(tensor.Rand(f.g, tensor.Float64, 4))
	y = must(Sum(must(Mul(x, must(LgammaOp.Apply(c)))), nil, false))
	if _, err := Gradients([]*tensor.Tensor{y}, []*tensor.Tensor{x}, nil, BackwardOptions{CreateGraph: true}); err != nil {
		t.Fatal(err)
	}
	// cumsum's node, reached by a constant gradient and saving nothing
	// that requires grad: its result is exact without a graph.
	z := must(Sum(must(Cumsum(x, 0)), nil, false))
	g := must(Gradients([]*tensor.Tensor{z}, []*tensor.Tensor{x}, nil, BackwardOptions{CreateGraph: true}))[0]
	if v := must(g.Float64s()); v[0] != 4 || v[3] != 1 {
		t.Fatalf("cumsum's gradient %v, want [4 3 2 1]", v)
	}
	y = must(Sum(must(Mul(x, x)), nil, false))
	g = must(Gradients([]*tensor.Tensor{y}, []*tensor.Tensor{x}, nil, BackwardOptions{}))[0]
	if g.RequiresGrad() {
		t.Fatal("a plain pass recorded its gradient")
	}
}
