package autograd

import (
	"math"
	"runtime"
	"strings"
	"testing"
	"weak"

	"github.com/kael-dev/kael/tensor"
)

// nonLeaf returns w * 2 for a float64 leaf w holding vals: a computed tensor
// that requires grad and may be changed in place.
func nonLeaf(t *testing.T, vals ...float64) (w, h *tensor.Tensor) {
	t.Helper()
	w = values(vals, len(vals))
	if err := SetRequiresGrad(w, true); err != nil {
		t.Fatal(err)
	}
	return w, must(Mul(w, tensor.MustScalar(2.0)))
}

// A unary node saves only the tensor its derivative reads, so changing the
// other one in place afterwards is fine, as in PyTorch.
func TestUnaryNodesSaveOnlyWhatTheyRead(t *testing.T) {
	one := tensor.MustScalar(1.0)

	// NegBackward0 reads nothing: y = -h; y += 1 keeps a valid graph.
	w, h := nonLeaf(t, 1, 2)
	y := must(Neg(h))
	if err := AddOp.InPlace(y, one); err != nil {
		t.Fatal(err)
	}
	if err := Backward(must(Sum(y, nil, false)), nil); err != nil {
		t.Fatalf("backward after y += 1 on -h: %v", err)
	}
	if got := floats(Grad(w)); !near(got, []float64{-2, -2}) {
		t.Errorf("grad %v, want [-2 -2]", got)
	}

	// FloorBackward0 reads nothing: its input and output may both change.
	w, h = nonLeaf(t, 1.5, -0.5)
	f := must(Floor(h))
	if err := MulOp.InPlace(h, tensor.MustScalar(3.0)); err != nil {
		t.Fatal(err)
	}
	if err := AddOp.InPlace(f, one); err != nil {
		t.Fatal(err)
	}
	if err := Backward(must(Sum(f, nil, false)), nil); err != nil {
		t.Fatalf("backward through floor after in-place changes: %v", err)
	}
	if got := floats(Grad(w)); !near(got, []float64{0, 0}) {
		t.Errorf("grad %v, want zeros", got)
	}

	// ExpBackward0 reads its output: changing the output is still refused,
	// changing the input is not.
	_, h = nonLeaf(t, 1, 2)
	e := must(Exp(h))
	if err := AddOp.InPlace(h, one); err != nil {
		t.Fatal(err)
	}
	if err := Backward(must(Sum(e, nil, false)), nil); err != nil {
		t.Fatalf("exp's input changed: %v", err)
	}
	_, h = nonLeaf(t, 1, 2)
	e = must(Exp(h))
	if err := AddOp.InPlace(e, one); err != nil {
		t.Fatal(err)
	}
	wantError(t, Backward(must(Sum(e, nil, false)), nil), tensor.RuntimeError, "modified by an inplace operation")

	// SinBackward0 reads its input: changing it is refused.
	_, h = nonLeaf(t, 1, 2)
	s := must(Sin(h))
	if err := AddOp.InPlace(h, one); err != nil {
		t.Fatal(err)
	}
	wantError(t, Backward(must(Sum(s, nil, false)), nil), tensor.RuntimeError, "which SinBackward0 saved")
}

// The zero derivative of floor, ceil, round and sign is one broadcast zero
// inside the graph, and a leaf still gets a zero gradient of its own dtype,
// shape and storage.
func TestZeroDerivative(t *testing.T) {
	for _, shape := range [][]int{{2, 3}, {}, {0, 2}} {
		x := must(tensor.Ones(tensor.Float32, shape...))
		if err := SetRequiresGrad(x, true); err != nil {
			t.Fatal(err)
		}
		for _, op := range []func(*tensor.Tensor) (*tensor.Tensor, error){Floor, Ceil, Round, Sign} {
			y := must(op(x))
			g := must(tensor.Ones(tensor.Float32, shape...))
			gx := y.Autograd().GradFn.(*Node).backward(&calc{}, g)[0]
			if gx.DType() != tensor.Float32 || tensor.FormatShape(gx.Shape()) != tensor.FormatShape(shape) {
				t.Fatalf("%v: zero gradient is %s", shape, describe(gx.DType(), gx.Shape()))
			}
			for d, st := range gx.Strides() {
				if st != 0 && gx.Shape()[d] > 1 {
					t.Errorf("%v: zero gradient has strides %v, want a broadcast zero", shape, gx.Strides())
				}
			}
			for range 2 { // the second pass adds into the Grad the first one made
				if err := Backward(y, g); err != nil {
					t.Fatal(err)
				}
			}
			gr := Grad(x)
			if gr.DType() != tensor.Float32 || gr.HasInternalOverlap() || !near(floats(gr), make([]float64, gr.Numel())) {
				t.Errorf("%v: leaf grad %v (strides %v)", shape, gr, gr.Strides())
			}
			ZeroGrad(x)
		}
	}

	// Mixed with a real derivative, the zero adds nothing.
	x := values([]float64{0.3, 1.7}, 2)
	if err := SetRequiresGrad(x, true); err != nil {
		t.Fatal(err)
	}
	y := must(Add(must(Mul(x, tensor.MustScalar(2.0))), must(Round(x))))
	if err := Backward(must(Sum(y, nil, false)), nil); err != nil {
		t.Fatal(err)
	}
	if got := floats(Grad(x)); !near(got, []float64{2, 2}) {
		t.Errorf("grad %v, want [2 2]", got)
	}
}

// collected reports whether the tensor behind p was garbage collected.
func collected(p weak.Pointer[tensor.Tensor]) bool {
	runtime.GC()
	runtime.GC()
	return p.Value() == nil
}

// Nodes keep only the tensors their backward reads: an intermediate result
// used by neg or cat can be freed while the graph lives.
func TestNodesDoNotKeepUnreadTensorsAlive(t *testing.T) {
	for name, op := range map[string]func(h *tensor.Tensor) (*tensor.Tensor, error){
		"neg":   Neg,
		"floor": Floor,
		"cat":   func(h *tensor.Tensor) (*tensor.Tensor, error) { return Cat([]*tensor.Tensor{h, h}, 0) },
		"stack": func(h *tensor.Tensor) (*tensor.Tensor, error) { return Stack([]*tensor.Tensor{h, h}, 0) },
	} {
		w, h := nonLeaf(t, 1, 2)
		y := must(op(h))
		p := weak.Make(h)
		h = nil
		if !collected(p) {
			t.Errorf("%s: its node keeps its input alive", name)
		}
		if err := Backward(must(Sum(y, nil, false)), nil); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		runtime.KeepAlive(w)
	}
}

// A graph far deeper than a recursive walk would like still runs backward,
// and its drawing is cut instead of growing with the square of its depth.
func TestDeepGraph(t *testing.T) {
	w := values([]float64{1}, 1)
	if err := SetRequiresGrad(w, true); err != nil {
		t.Fatal(err)
	}
	y := w
	one := tensor.MustScalar(1.0)
	for range 100_000 {
		y = must(Add(y, one))
	}
	if err := Backward(must(Sum(y, nil, false)), nil); err != nil {
		t.Fatal(err)
	}
	if got := floats(Grad(w)); !near(got, []float64{1}) {
		t.Errorf("grad %v, want [1]", got)
	}
	s := GraphString(y)
	if lines := strings.Count(s, "\n") + 1; lines != maxGraphLines+1 || len(s) > 4<<20 {
		t.Errorf("drawing of a 100000-deep graph: %d lines, %d bytes", lines, len(s))
	}
	if !strings.HasSuffix(s, "... (cut after 1000 lines)") {
		t.Errorf("drawing ends %q", s[max(0, len(s)-60):])
	}
}

// A Grad the user assigned as a broadcast view is replaced by the sum, not
// added into in place (which would add every element into the one shared
// place).
func TestAccumulateIntoBroadcastGrad(t *testing.T) {
	w := values([]float64{1, 2, 3}, 3)
	if err := SetRequiresGrad(w, true); err != nil {
		t.Fatal(err)
	}
	zero := must(must(tensor.Scalar(0.0)).Expand(3))
	if err := SetGrad(w, zero); err != nil {
		t.Fatal(err)
	}
	if err := Backward(must(Sum(must(Mul(w, w)), nil, false)), nil); err != nil {
		t.Fatal(err)
	}
	if got := floats(Grad(w)); !near(got, []float64{2, 4, 6}) {
		t.Errorf("grad %v, want [2 4 6]", got)
	}
	if got := floats(zero); !near(got, []float64{0, 0, 0}) {
		t.Errorf("the assigned tensor changed to %v", got)
	}
}

// A Grad assigned as a view of the leaf itself is not added into in place:
// that would change the parameter.
func TestAccumulateIntoGradSharingTheLeaf(t *testing.T) {
	w := values([]float64{1, 2, 3}, 3)
	if err := SetRequiresGrad(w, true); err != nil {
		t.Fatal(err)
	}
	if err := SetGrad(w, w.Detach()); err != nil {
		t.Fatal(err)
	}
	if err := Backward(must(Sum(must(Mul(w, w)), nil, false)), nil); err != nil {
		t.Fatal(err)
	}
	if got := floats(w); !near(got, []float64{1, 2, 3}) {
		t.Errorf("backward changed the parameter to %v", got)
	}
	if got := floats(Grad(w)); !near(got, []float64{3, 6, 9}) {
		t.Errorf("grad %v, want [3 6 9]", got)
	}
}

func TestOptimizersRejectNaNOptions(t *testing.T) {
	w := values([]float64{1}, 1)
	if err := SetRequiresGrad(w, true); err != nil {
		t.Fatal(err)
	}
	ps := []*tensor.Tensor{w}
	nan := math.NaN()
	for _, o := range []SGDOptions{{LR: nan}, {LR: 0.1, Momentum: nan}, {LR: 0.1, WeightDecay: nan}} {
		_, err := NewSGD(ps, o)
		wantError(t, err, tensor.ValueError, "invalid SGD options")
	}
	for _, o := range []AdamOptions{{LR: nan, Beta1: 0.9, Beta2: 0.999}, {LR: 0.1, Beta1: nan, Beta2: 0.999},
		{LR: 0.1, Beta1: 0.9, Beta2: nan}, {LR: 0.1, Beta1: 0.9, Beta2: 0.999, Eps: nan}} {
		_, err := NewAdam(ps, o)
		wantError(t, err, tensor.ValueError, "invalid Adam options")
	}
}

// Several steps of SGD and Adam, with weight decay, agree with the formulas
// computed on plain numbers, and leave the gradients untouched.
func TestOptimizersFollowTheirFormulas(t *testing.T) {
	p0, grads := []float64{1, -2}, [][]float64{{0.5, -1}, {0.25, 2}, {-1, 0.5}}
	run := func(o Optimizer, p *tensor.Tensor) [][]float64 {
		var got [][]float64
		for _, g := range grads {
			gt := values(g, 2)
			if err := SetGrad(p, gt); err != nil {
				t.Fatal(err)
			}
			if err := o.Step(); err != nil {
				t.Fatal(err)
			}
			if !near(floats(gt), g) {
				t.Fatalf("step changed the gradient to %v", floats(gt))
			}
			got = append(got, floats(p))
		}
		return got
	}
	param := func() *tensor.Tensor {
		p := values(append([]float64{}, p0...), 2)
		if err := SetRequiresGrad(p, true); err != nil {
			t.Fatal(err)
		}
		return p
	}

	for _, nesterov := range []bool{false, true} {
		opt := SGDOptions{LR: 0.1, Momentum: 0.9, WeightDecay: 0.1, Nesterov: nesterov}
		p := param()
		got := run(must(NewSGD([]*tensor.Tensor{p}, opt)), p)
		for i := range p0 {
			x, v := p0[i], 0.0
			for s, g := range grads {
				d := g[i] + opt.WeightDecay*x
				if s == 0 {
					v = d
				} else {
					v = opt.Momentum*v + d
				}
				if nesterov {
					d += opt.Momentum * v
				} else {
					d = v
				}
				x -= opt.LR * d
				if math.Abs(got[s][i]-x) > 1e-12 {
					t.Errorf("SGD nesterov=%v step %d element %d: %v, want %v", nesterov, s, i, got[s][i], x)
				}
			}
		}
	}

	opt := AdamOptions{LR: 0.1, Beta1: 0.9, Beta2: 0.99, Eps: 1e-8, WeightDecay: 0.1}
	p := param()
	got := run(must(NewAdam([]*tensor.Tensor{p}, opt)), p)
	for i := range p0 {
		x, m, v := p0[i], 0.0, 0.0
		for s, g := range grads {
			d := g[i] + opt.WeightDecay*x
			m = opt.Beta1*m + (1-opt.Beta1)*d
			v = opt.Beta2*v + (1-opt.Beta2)*d*d
			t1 := float64(s + 1)
			mhat, vhat := m/(1-math.Pow(opt.Beta1, t1)), v/(1-math.Pow(opt.Beta2, t1))
			x -= opt.LR * mhat / (math.Sqrt(vhat) + opt.Eps)
			if math.Abs(got[s][i]-x) > 1e-12 {
				t.Errorf("Adam step %d element %d: %v, want %v", s, i, got[s][i], x)
			}
		}
	}
}

// GradCheck reports an f whose output size depends on the input's values
// instead of reading past the end of the shorter output, and puts the
// perturbed input back.
func TestGradCheckOutputSizeChanges(t *testing.T) {
	x := values([]float64{0.5}, 1)
	if err := SetRequiresGrad(x, true); err != nil {
		t.Fatal(err)
	}
	f := func(in []*tensor.Tensor) (*tensor.Tensor, error) {
		if floats(in[0])[0] == 0.5 {
			return Cat([]*tensor.Tensor{in[0], in[0]}, 0)
		}
		return Mul(in[0], tensor.MustScalar(1.0))
	}
	err := GradCheck(f, []*tensor.Tensor{x}, GradCheckOptions{})
	if err == nil || !strings.Contains(err.Error(), "elements at a perturbed input") {
		t.Fatalf("got %v", err)
	}
	if got := floats(x)[0]; got != 0.5 {
		t.Errorf("the input was left perturbed at %v", got)
	}
}

// Mean's gradient divides the reduced g and broadcasts it back: a view, no
// input-sized tensor (the loss.mean() at the end of most training steps).
func TestMeanGradientIsBroadcast(t *testing.T) {
	x := must(tensor.Ones(tensor.Float32, 4, 5))
	if err := SetRequiresGrad(x, true); err != nil {
		t.Fatal(err)
	}
	for _, dims := range [][]int{nil, {1}} {
		y := must(Mean(x, dims, false))
		g := must(tensor.Ones(tensor.Float32, y.Shape()...))
		c := &calc{}
		gx := y.Autograd().GradFn.(*Node).backward(c, g)[0]
		if c.err != nil {
			t.Fatal(c.err)
		}
		if !gx.HasInternalOverlap() {
			t.Errorf("dims %v: mean's gradient has strides %v, want a broadcast view", dims, gx.Strides())
		}
		want := 1.0 / float64(reducedCount(x.Shape(), dims))
		for _, v := range floats(gx) {
			if math.Abs(v-want) > 1e-7 {
				t.Fatalf("dims %v: gradient %v, want %v everywhere", dims, floats(gx), want)
			}
		}
	}
}
