package autograd

import (
	"math"
	"slices"
	"testing"

	"github.com/kael-dev/kael/tensor"
)

// TestRecycledGradientsMatch runs each graph's backward twice on equal
// graphs: once retaining the graph, which recycles nothing, and once
// plainly, which hands the gradients it is done with back to the
// allocator (recycle.go). The leaves' gradients must be the same bits, and
// the plain pass must have recycled: a recycled buffer that a pending
// gradient still used would be overwritten by the next gradient of its
// size. The tensors are 128×128 float64 (128 KiB), in the recycled sizes.
func TestRecycledGradientsMatch(t *testing.T) {
	const n = 128
	sum := func(x *tensor.Tensor) *tensor.Tensor { return must(Sum(x, nil, false)) }
	cases := []struct {
		name  string
		build func(x, w *tensor.Tensor) *tensor.Tensor
	}{
		// add hands its gradient to both of its inputs as it is: the same
		// tensor waits at exp's and sin's nodes.
		{"add fans out", func(x, w *tensor.Tensor) *tensor.Tensor {
			s := must(Add(must(Exp(x)), must(Sin(x))))
			return sum(must(Mul(s, s)))
		}},
		// a value used twice: its gradients are summed into one tensor.
		{"used twice", func(x, w *tensor.Tensor) *tensor.Tensor {
			a := must(Tanh(must(Mul(x, w))))
			b := must(Add(must(Mul(a, x)), must(Sigmoid(a))))
			return sum(must(Mul(b, must(Exp(a)))))
		}},
		// views hand on views of the gradient.
		{"views", func(x, w *tensor.Tensor) *tensor.Tensor {
			a := must(Transpose(must(Mul(x, w)), 0, 1))
			b := must(Reshape(must(Tanh(a)), n*2, n/2))
			c := must(Reshape(must(Mul(b, b)), n, n))
			return sum(must(Mul(c, must(Add(x, a)))))
		}},
		// split's parts share one node; cat joins their gradients.
		{"split", func(x, w *tensor.Tensor) *tensor.Tensor {
			parts := must(Split(must(Mul(x, w)), n/2, 1))
			p := must(Mul(parts[0], must(Tanh(parts[1]))))
			return sum(must(Add(must(Cat([]*tensor.Tensor{p, p}, 1)), x)))
		}},
		// products: the weight's gradient is summed over two uses.
		{"matmul", func(x, w *tensor.Tensor) *tensor.Tensor {
			h := must(Tanh(must(Matmul(x, w))))
			o := must(Matmul(h, w))
			return sum(must(Mul(o, must(Sigmoid(h)))))
		}},
		// a broadcast: the gradient is summed down to the row.
		{"broadcast", func(x, w *tensor.Tensor) *tensor.Tensor {
			row := must(Sum(w, []int{0}, true))
			a := must(Mul(must(Exp(must(Mul(x, tensor.MustScalar(0.01))))), row))
			return sum(must(Mul(a, must(Relu(x)))))
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			grads := func(retain bool) ([][]float64, uint64) {
				f := newFixture(t)
				x, w := f.randn(n, n), f.randn(n, n)
				loss := c.build(x, w)
				recycled := backwardRecycled(t, loss, retain)
				var gs [][]float64
				for _, l := range []*tensor.Tensor{x, w} {
					if g := Grad(l); g != nil {
						gs = append(gs, must(g.Float64s()))
					}
				}
				return gs, recycled
			}
			want, kept := grads(true)
			got, recycled := grads(false)
			if kept != 0 {
				t.Errorf("a pass retaining its graph recycled %d gradients", kept)
			}
			if recycled == 0 {
				t.Errorf("the plain pass recycled nothing")
			}
			for i := range want {
				if !slices.EqualFunc(got[i], want[i], func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }) {
					t.Errorf("leaf %d: the gradients differ from the pass that recycled nothing", i)
				}
			}
		})
	}
}

// TestRecycleSparesProgramTensors checks that a pass recycles no tensor
// the program can reach: the gradient it passed in, and a retained
// gradient (whose hook turns recycling off for the pass).
func TestRecycleSparesProgramTensors(t *testing.T) {
	const n = 128
	f := newFixture(t)
	x := f.randn(n, n)
	y := must(Exp(x))
	z := must(Tanh(y))
	seed := must(tensor.Randn(f.g, tensor.Float64, n, n))
	seedBits := must(seed.Float64s())
	if err := RetainGrad(y); err != nil {
		t.Fatal(err)
	}
	if err := BackwardWith([]*tensor.Tensor{z}, []*tensor.Tensor{seed}, BackwardOptions{}); err != nil {
		t.Fatal(err)
	}
	if got := must(seed.Float64s()); !slices.Equal(got, seedBits) {
		t.Errorf("the gradient passed to backward changed")
	}
	// y's retained gradient is seed·(1 − tanh²(y)), and x's is y's times
	// exp(x) = y.
	yg := must(Grad(y).Float64s())
	tz, ty := must(z.Float64s()), must(y.Float64s())
	xg := must(Grad(x).Float64s())
	for i := range yg {
		if want := seedBits[i] * (1 - tz[i]*tz[i]); yg[i] != want {
			t.Fatalf("y.grad[%d] = %v, want %v", i, yg[i], want)
		}
		if want := yg[i] * ty[i]; xg[i] != want {
			t.Fatalf("x.grad[%d] = %v, want %v", i, xg[i], want)
		}
	}
}

// TestLogSoftmaxWritesIntoNllGradient checks that log_softmax's backward
// writes into nll's gradient when the pass holds it alone (calc.writable):
// the leaf's gradient is the bits of a pass retaining its graph, which
// writes into nothing, and the plain pass of loss = nll(log_softmax(x))
// recycles no gradient, where without the writing it recycled nll's (the
// only gradient in the recycled sizes that dies in the pass). When the
// log-probabilities feed a second use, their gradient is a sum the pass
// holds alone too; when the program's own gradient is passed in, it is not
// written.
func TestLogSoftmaxWritesIntoNllGradient(t *testing.T) {
	const rows, classes = 96, 1000 // [96, 1000]: 384 KiB in float32
	opt := tensor.DefaultLossOptions()
	cases := []struct {
		name  string
		dtype tensor.DType
		twice bool // the log-probabilities are used twice
	}{
		{"float32", tensor.Float32, false},
		{"float64", tensor.Float64, false},
		{"float32 used twice", tensor.Float32, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			run := func(retain bool) ([]float64, uint64) {
				g := tensor.NewGenerator(7)
				x := must(must(tensor.Randn(g, tensor.Float64, rows, classes)).To(c.dtype))
				if err := SetRequiresGrad(x, true); err != nil {
					t.Fatal(err)
				}
				target := must(tensor.Randint(g, 0, classes, rows))
				lp := must(LogSoftmax(x, 1))
				loss := must(NllLoss(lp, target, opt))
				if c.twice {
					loss = must(Add(loss, must(Sum(must(Mul(lp, tensor.MustScalar(0.001))), nil, false))))
				}
				recycled := backwardRecycled(t, loss, retain)
				return must(Grad(x).Float64s()), recycled
			}
			want, _ := run(true)
			got, recycled := run(false)
			if recycled != 0 && !c.twice {
				t.Errorf("the plain pass recycled %d gradients, want none", recycled)
			}
			if !slices.EqualFunc(got, want, func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }) {
				t.Errorf("the gradient differs from the pass that writes into nothing")
			}
		})
	}
	t.Run("the program's gradient", func(t *testing.T) {
		g := tensor.NewGenerator(8)
		x := must(tensor.Randn(g, tensor.Float32, rows, classes))
		if err := SetRequiresGrad(x, true); err != nil {
			t.Fatal(err)
		}
		lp := must(LogSoftmax(x, 1))
		checkProgramGradientKept(t, x, lp, must(tensor.Randn(g, tensor.Float32, rows, classes)))
	})
}

// checkProgramGradientKept runs backward from out with the program's
// gradient seed and checks that the pass neither wrote into seed nor
// made x's gradient share its memory: a gradient the program passes in
// is never one the pass holds alone.
func checkProgramGradientKept(t *testing.T, x, out, seed *tensor.Tensor) {
	t.Helper()
	seedBits := must(seed.Float64s())
	if err := BackwardWith([]*tensor.Tensor{out}, []*tensor.Tensor{seed}, BackwardOptions{}); err != nil {
		t.Fatal(err)
	}
	if got := must(seed.Float64s()); !slices.Equal(got, seedBits) {
		t.Errorf("the gradient passed to backward changed")
	}
	if Grad(x).SharesMemory(seed) {
		t.Errorf("x.grad shares the program's gradient's memory")
	}
}

// TestInPlaceLeakyReLUWritesIntoItsGradient checks that the backward of
// an in-place activation that saved its result (leaky_relu_,
// ActivationInPlaceFloat32) writes into its incoming gradient when the
// pass holds it alone (calc.writable), as dcgan's four LeakyReLUs do
// (issue 34). In loss = Σ leaky_relu_(x·s)·c the plain pass then recycles
// one gradient (the one handed on through leaky_relu_, once x·s's node has
// used it) where a new tensor for leaky_relu_'s gradient made it two;
// the leaf's gradient is the bits of a pass retaining its graph, which
// writes into nothing. A gradient the program passes in is not written.
func TestInPlaceLeakyReLUWritesIntoItsGradient(t *testing.T) {
	const rows, cols, slope = 64, 1024, float32(0.2) // 256 KiB in float32
	leaky := func(y *tensor.Tensor) error {
		_, err := ActivationInPlaceFloat32("LeakyReluBackward1", "leaky_relu_", y,
			func(dst, src []float32) { tensor.LeakyReLUFloat32(dst, src, slope) },
			func(dst, g, y []float32) { tensor.LeakyReLUGradFloat32(dst, g, y, slope) },
			func(y float64) float64 {
				if y > 0 {
					return 1
				}
				return float64(slope)
			})
		return err
	}
	build := func(seed uint64) (x, y, c *tensor.Tensor) {
		g := tensor.NewGenerator(seed)
		x = must(tensor.Randn(g, tensor.Float32, rows, cols))
		c = must(tensor.Randn(g, tensor.Float32, rows, cols))
		if err := SetRequiresGrad(x, true); err != nil {
			t.Fatal(err)
		}
		y = must(MulScalar(x, 1.5))
		if err := leaky(y); err != nil {
			t.Fatal(err)
		}
		if fn := y.Autograd().GradFn; fn == nil || fn.Name() != "LeakyReluBackward1" {
			t.Fatalf("y has no LeakyReluBackward1 node")
		}
		return x, y, c
	}
	run := func(retain bool) ([]float64, uint64) {
		x, y, c := build(9)
		loss := must(Sum(must(Mul(y, c)), nil, false))
		recycled := backwardRecycled(t, loss, retain)
		return must(Grad(x).Float64s()), recycled
	}
	want, _ := run(true)
	got, recycled := run(false)
	if recycled != 1 {
		t.Errorf("the plain pass recycled %d gradients, want 1 (leaky_relu_'s written into its incoming one)", recycled)
	}
	if !slices.EqualFunc(got, want, func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }) {
		t.Errorf("the gradient differs from the pass that writes into nothing")
	}
	t.Run("the program's gradient", func(t *testing.T) {
		x, y, _ := build(10)
		checkProgramGradientKept(t, x, y, must(tensor.Randn(tensor.NewGenerator(11), tensor.Float32, rows, cols)))
	})
}

// TestBatchNormWritesIntoItsGradient checks that BatchNorm's backward
// writes the input's gradient into its incoming gradient when the pass
// holds it alone (calc.writable), as after dcgan's in-place LeakyReLUs
// (issue 34): in loss = Σ BatchNorm(x·1.5)·c on [16, 32, 8, 8] the plain
// pass recycles one gradient (the product's, handed on through BatchNorm
// until x·1.5's node has used it) where a new tensor for BatchNorm's
// input gradient made it two; the gradients are the bits of a pass
// retaining its graph, which writes into nothing.
func TestBatchNormWritesIntoItsGradient(t *testing.T) {
	shape := []int{16, 32, 8, 8} // 128 KiB in float32
	run := func(retain bool) ([][]float64, uint64) {
		g := tensor.NewGenerator(12)
		x := must(tensor.Randn(g, tensor.Float32, shape...))
		c := must(tensor.Randn(g, tensor.Float32, shape...))
		w := must(tensor.Randn(g, tensor.Float32, shape[1]))
		b := must(tensor.Randn(g, tensor.Float32, shape[1]))
		for _, p := range []*tensor.Tensor{x, w, b} {
			if err := SetRequiresGrad(p, true); err != nil {
				t.Fatal(err)
			}
		}
		y, _, err := BatchNormTrain(must(MulScalar(x, 1.5)), w, b, 1e-5, nil)
		if err != nil {
			t.Fatal(err)
		}
		loss := must(Sum(must(Mul(y, c)), nil, false))
		recycled := backwardRecycled(t, loss, retain)
		return [][]float64{must(Grad(x).Float64s()), must(Grad(w).Float64s()), must(Grad(b).Float64s())}, recycled
	}
	want, _ := run(true)
	got, recycled := run(false)
	if recycled != 1 {
		t.Errorf("the plain pass recycled %d gradients, want 1 (BatchNorm's input gradient written into its incoming one)", recycled)
	}
	for i := range want {
		if !slices.EqualFunc(got[i], want[i], func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }) {
			t.Errorf("gradient %d differs from the pass that writes into nothing", i)
		}
	}
}

// backwardRecycled runs backward from loss (retaining its graph or not)
// and returns how many gradient buffers the pass recycled.
func backwardRecycled(t *testing.T, loss *tensor.Tensor, retain bool) uint64 {
	t.Helper()
	_, before, _ := tensor.RecycleStats()
	if err := BackwardWith([]*tensor.Tensor{loss}, nil, BackwardOptions{RetainGraph: retain}); err != nil {
		t.Fatal(err)
	}
	_, after, _ := tensor.RecycleStats()
	return after - before
}
