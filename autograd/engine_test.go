package autograd

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/kael-dev/kael/tensor"
)

// f32 returns a float32 leaf that requires grad.
func f32(t *testing.T, vals ...float32) *tensor.Tensor {
	t.Helper()
	x := values(vals, len(vals))
	if err := SetRequiresGrad(x, true); err != nil {
		t.Fatal(err)
	}
	return x
}

// wantError checks that err is a *tensor.Error of kind whose message
// contains msg.
func wantError(t *testing.T, err error, kind tensor.ErrorKind, msg string) *tensor.Error {
	t.Helper()
	var e *tensor.Error
	if !errors.As(err, &e) {
		t.Fatalf("got error %v, want a %s containing %q", err, kind, msg)
	}
	if e.Kind != kind || !strings.Contains(e.Msg, msg) {
		t.Fatalf("got %s: %s, want a %s containing %q", e.Kind, e.Msg, kind, msg)
	}
	return e
}

func TestBackwardComputesGradients(t *testing.T) {
	// loss = mean((w + b) * w) = mean(w² + b·w): dw = (2w + b)/3, db = w/3.
	w, b := f32(t, 1, 2, 3), f32(t, 0.5, -1, 2)
	loss := must(Mean(must(Mul(must(Add(w, b)), w)), nil, false))
	if err := Backward(loss, nil); err != nil {
		t.Fatal(err)
	}
	if got, want := floats(Grad(w)), []float64{2.5 / 3, 3.0 / 3, 8.0 / 3}; !near(got, want) {
		t.Errorf("w.grad = %v, want %v", got, want)
	}
	if got, want := floats(Grad(b)), []float64{1.0 / 3, 2.0 / 3, 3.0 / 3}; !near(got, want) {
		t.Errorf("b.grad = %v, want %v", got, want)
	}
	if Grad(w).DType() != tensor.Float32 || IsLeaf(loss) || !IsLeaf(w) {
		t.Error("wrong dtype or leaf status")
	}
}

// TestWorkedExample is the example of docs/autograd.md.
func TestWorkedExample(t *testing.T) {
	x := values([]float32{1, 2, 3, 4, 5, 6}, 2, 3)
	w := f32(t, 0.5, -1, 2)
	loss := must(Sum(must(Matmul(x, w)), nil, false))
	if err := Backward(loss, nil); err != nil {
		t.Fatal(err)
	}
	if got := Grad(w).String(); got != "tensor([5., 7., 9.])" {
		t.Errorf("w.grad = %s", got)
	}
	want := "SumBackward0\n└─ MvBackward0\n   └─ AccumulateGrad (float32[3])"
	if got := GraphString(loss); got != want {
		t.Errorf("graph\n%s\nwant\n%s", got, want)
	}
}

func TestGradientsAccumulate(t *testing.T) {
	w := f32(t, 1, 2)
	step := func() *tensor.Tensor {
		loss := must(Sum(must(Mul(w, w)), nil, false))
		if err := Backward(loss, nil); err != nil {
			t.Fatal(err)
		}
		return loss
	}
	step()
	loss := step() // a second forward and backward adds to the first
	if got := floats(Grad(w)); !near(got, []float64{4, 8}) {
		t.Fatalf("after two passes w.grad = %v, want [4 8]", got)
	}
	// The pass freed what MulBackward0 saved: a second one through the
	// same graph fails and leaves the gradient alone.
	if err := Backward(loss, nil); err == nil || !strings.Contains(err.Error(), "backward through the graph a second time") {
		t.Fatalf("a second backward of one graph: err = %v, want PyTorch's error", err)
	}
	if got := floats(Grad(w)); !near(got, []float64{4, 8}) {
		t.Fatalf("after a failed second backward w.grad = %v, want [4 8]", got)
	}
	ZeroGrad(w)
	if Grad(w) != nil {
		t.Fatal("ZeroGrad left a gradient")
	}
}

func TestRequiresGradOnlyFloating(t *testing.T) {
	for _, d := range []tensor.DType{tensor.Int64, tensor.Bool} {
		x := must(tensor.Zeros(d, 3))
		e := wantError(t, SetRequiresGrad(x, true), tensor.RuntimeError, "only Tensors of floating point dtype can require gradients")
		if !strings.Contains(e.Hint, ".to(float32)") {
			t.Errorf("hint %q does not suggest a conversion", e.Hint)
		}
	}
	y := must(Mul(f32(t, 1), tensor.MustScalar(2)))
	wantError(t, SetRequiresGrad(y, false), tensor.RuntimeError, "only change requires_grad flags of leaf variables")
}

func TestBackwardArguments(t *testing.T) {
	w := f32(t, 1, 2)
	y := must(Mul(w, w))
	wantError(t, Backward(y, nil), tensor.RuntimeError, "grad can be implicitly created only for scalar outputs")
	wantError(t, Backward(y, values([]float32{1, 1, 1}, 3)), tensor.RuntimeError, "Mismatch in shape")
	wantError(t, Backward(values([]float32{1}), nil), tensor.RuntimeError, "does not require grad")
	// An explicit gradient is converted to the output's dtype.
	if err := Backward(y, values([]float64{1, 0.5}, 2)); err != nil {
		t.Fatal(err)
	}
	if got := floats(Grad(w)); !near(got, []float64{2, 2}) {
		t.Fatalf("w.grad = %v, want [2 2]", got)
	}
}

// buggy records an identity node named name whose backward returns
// wrong(g) instead of g.
func buggy(x *tensor.Tensor, name string, wrong func(c *calc, g *tensor.Tensor) *tensor.Tensor) *tensor.Tensor {
	out := must(x.Clone())
	n := newNode(name, x)
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor { return []*tensor.Tensor{wrong(c, g)} }
	return n.attach(out)
}

func TestNodesCheckReceivedGradients(t *testing.T) {
	tests := []struct {
		name  string
		wrong func(c *calc, g *tensor.Tensor) *tensor.Tensor
		msg   string
	}{
		{"dtype", func(c *calc, g *tensor.Tensor) *tensor.Tensor { return c.to(g, tensor.Float64) },
			"MulBackward0 received a gradient of dtype float64 but its output is float32"},
		{"shape", func(c *calc, g *tensor.Tensor) *tensor.Tensor { return c.sum(g, nil, false) },
			"MulBackward0 received a gradient of shape [] but its output has shape [2]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := f32(t, 1, 2)
			y := buggy(must(Mul(w, w)), "BuggyBackward", tc.wrong)
			err := Backward(must(Sum(y, nil, false)), nil)
			e := wantError(t, err, tensor.RuntimeError, tc.msg)
			if !strings.Contains(e.Hint, "BuggyBackward") {
				t.Errorf("hint %q does not name the sender", e.Hint)
			}
			if Grad(w) != nil {
				t.Error("a failed backward wrote a gradient")
			}
		})
	}
	// Leaves check too.
	w := f32(t, 1, 2)
	y := buggy(w, "BuggyBackward", func(c *calc, g *tensor.Tensor) *tensor.Tensor { return c.to(g, tensor.Float64) })
	wantError(t, Backward(must(Sum(y, nil, false)), nil), tensor.RuntimeError, "AccumulateGrad received a gradient of dtype float64")
}

func TestGradientsCastBackToInputDType(t *testing.T) {
	f := newFixture(t)
	w32 := f32(t, 1, 2, 3)
	w64 := f.leaf(values([]float64{4, 5, 6}, 3))
	s64 := f.leaf(values([]float64{2}, []int{}...)) // a 0-d float64 tensor, not a wrapped number
	tests := []struct {
		name    string
		op      *BinaryOp
		a, b    *tensor.Tensor
		out     tensor.DType
		gradOfA []float64
	}{
		{"int64 + float32 leaf", AddOp, values([]int64{1, 2, 3}, 3), w32, tensor.Float32, nil},
		{"float32 leaf * float64 leaf", MulOp, w32, w64, tensor.Float64, []float64{4, 5, 6}},
		{"float32 leaf + wrapped float64", AddOp, w32, tensor.MustScalar(2.5), tensor.Float32, []float64{1, 1, 1}},
		{"float32 leaf * 0-d float64 leaf", MulOp, w32, s64, tensor.Float32, []float64{2, 2, 2}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ZeroGrad(w32, w64, s64)
			y := must(tc.op.Apply(tc.a, tc.b))
			if y.DType() != tc.out {
				t.Fatalf("output dtype %s, want %s", y.DType(), tc.out)
			}
			if err := Backward(must(Sum(y, nil, false)), nil); err != nil {
				t.Fatal(err)
			}
			for _, in := range []*tensor.Tensor{tc.a, tc.b} {
				g := Grad(in)
				if !in.RequiresGrad() {
					if g != nil {
						t.Errorf("an input that does not require grad got %v", g)
					}
					continue
				}
				if g.DType() != in.DType() || !slices.Equal(g.Shape(), in.Shape()) {
					t.Errorf("gradient [%s] for an input [%s]", describe(g.DType(), g.Shape()), describe(in.DType(), in.Shape()))
				}
			}
			if tc.gradOfA != nil {
				if got := floats(Grad(tc.a)); !near(got, tc.gradOfA) {
					t.Errorf("grad of a = %v, want %v", got, tc.gradOfA)
				}
			}
		})
	}
	// to(dtype) casts the gradient back.
	ZeroGrad(w32)
	y := must(To(w32, tensor.Float64))
	if err := Backward(must(Sum(y, nil, false)), nil); err != nil {
		t.Fatal(err)
	}
	if Grad(w32).DType() != tensor.Float32 {
		t.Errorf("to(float64) gave a %s gradient to a float32 leaf", Grad(w32).DType())
	}
}

func TestInPlaceChangeOfSavedTensorIsRefused(t *testing.T) {
	t.Run("output saved by exp", func(t *testing.T) {
		w := f32(t, 1, 2, 3)
		y := must(Exp(w)) // ExpBackward0 saves y
		if err := AddOp.InPlace(y, tensor.MustScalar(1)); err != nil {
			t.Fatal(err)
		}
		err := Backward(must(Sum(y, nil, false)), nil)
		e := wantError(t, err, tensor.RuntimeError,
			"one of the variables needed for gradient computation has been modified by an inplace operation: [float32 [3]], which ExpBackward0 saved, is at version 1; expected version 0 instead")
		if e.Hint == "" {
			t.Error("no hint")
		}
		if Grad(w) != nil {
			t.Error("a refused backward wrote a gradient")
		}
	})
	t.Run("parameter updated before backward", func(t *testing.T) {
		w := f32(t, 1, 2, 3)
		loss := must(Sum(must(Mul(w, w)), nil, false))
		if err := NoGrad(func() error { return SubOp.InPlace(w, tensor.MustScalar(0.1)) }); err != nil {
			t.Fatal(err)
		}
		wantError(t, Backward(loss, nil), tensor.RuntimeError, "which MulBackward0 saved, is at version 1; expected version 0")
	})
}

// TestViewTakesItsBaseHistoryAfterInPlace: a view taken before its base
// was changed in place is, as in PyTorch, AsStridedBackward0 of the base's
// new history, so backward through it sees the change.
func TestViewTakesItsBaseHistoryAfterInPlace(t *testing.T) {
	w := f32(t, 1, 2, 3)
	h := must(Mul(w, tensor.MustScalar(1)))
	v := must(Select(h, 0, 0))
	if err := MulOp.InPlace(h, tensor.MustScalar(2)); err != nil {
		t.Fatal(err)
	}
	if got := v.Autograd().GradFn.Name(); got != "AsStridedBackward0" {
		t.Fatalf("view's grad_fn is %s, want AsStridedBackward0", got)
	}
	if err := Backward(v, nil); err != nil {
		t.Fatal(err)
	}
	if got, _ := Grad(w).Float64s(); !slices.Equal(got, []float64{2, 0, 0}) {
		t.Errorf("w.grad = %v, want [2 0 0]", got)
	}
}

func TestInPlaceOnLeafRequiringGrad(t *testing.T) {
	w := f32(t, 1, 2)
	msg := "a leaf Variable that requires grad is being used in an in-place operation."
	wantError(t, AddOp.InPlace(w, tensor.MustScalar(1)), tensor.RuntimeError, msg)
	wantError(t, ExpOp.InPlace(w), tensor.RuntimeError, msg)
	wantError(t, IndexPut(w, []tensor.Index{tensor.IndexInt(0)}, tensor.MustScalar(5.0)), tensor.RuntimeError, msg)
	wantError(t, CheckInPlace(w), tensor.RuntimeError, msg)
	// Under no_grad it is how parameters are updated.
	err := NoGrad(func() error {
		if err := CheckInPlace(w); err != nil {
			return err
		}
		return AddOp.InPlace(w, tensor.MustScalar(1))
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := floats(w); !near(got, []float64{2, 3}) || !IsLeaf(w) || !w.RequiresGrad() {
		t.Fatalf("after w += 1 under no_grad: %v, leaf %v, requires grad %v", got, IsLeaf(w), w.RequiresGrad())
	}
}

func TestInPlaceRewritesHistory(t *testing.T) {
	w := f32(t, 1, 2, 3)
	a := must(Mul(w, tensor.MustScalar(2)))
	if err := MulOp.InPlace(a, w); err != nil { // a = 2w·w
		t.Fatal(err)
	}
	if err := ExpOp.InPlace(a); err != nil { // a = exp(2w²)
		t.Fatal(err)
	}
	if got := a.Autograd().GradFn.Name(); got != "ExpBackward0" {
		t.Fatalf("a's grad_fn is %s", got)
	}
	if err := Backward(must(Sum(a, nil, false)), nil); err != nil {
		t.Fatal(err)
	}
	// d/dw exp(2w²) = 4w·exp(2w²)
	want := make([]float64, 3)
	for i, v := range floats(w) {
		want[i] = 4 * v * floats(a)[i]
	}
	if got := floats(Grad(w)); !near(got, want) {
		t.Fatalf("w.grad = %v, want %v", got, want)
	}
	// A view of a leaf that requires grad cannot be changed in place
	// (inplace_view_test.go has the views of other tensors).
	v := must(Transpose(must(Reshape(w, 3, 1)), 0, 1))
	wantError(t, AddOp.InPlace(v, tensor.MustScalar(1)), tensor.RuntimeError, "a view of a leaf Variable that requires grad")
	// Non-differentiable in-place operations cannot change it either.
	wantError(t, FloorDivideOp.InPlace(a, tensor.MustScalar(2)), tensor.RuntimeError, "floor_divide_ is not differentiable")
}

func TestIndexPut(t *testing.T) {
	u, w := f32(t, 1, 2, 3), f32(t, 5)
	z := must(Mul(u, tensor.MustScalar(2)))
	wv := must(Reshape(w, []int{}...))
	if err := IndexPut(z, []tensor.Index{tensor.IndexInt(0)}, wv); err != nil {
		t.Fatal(err)
	}
	if got := floats(z); !near(got, []float64{5, 4, 6}) {
		t.Fatalf("z = %v", got)
	}
	if err := Backward(must(Sum(must(Mul(z, z)), nil, false)), nil); err != nil {
		t.Fatal(err)
	}
	// loss = w² + (2u1)² + (2u2)²: u0 was overwritten and gets nothing.
	if got := floats(Grad(u)); !near(got, []float64{0, 16, 24}) {
		t.Errorf("u.grad = %v, want [0 16 24]", got)
	}
	if got := floats(Grad(w)); !near(got, []float64{10}) {
		t.Errorf("w.grad = %v, want [10]", got)
	}
	// A constant tensor becomes part of the graph when a value that
	// requires grad is stored into it.
	c := must(tensor.Zeros(tensor.Float32, 3))
	if err := IndexPut(c, []tensor.Index{tensor.IndexSlice(ptr(1), nil, nil)}, w); err != nil {
		t.Fatal(err)
	}
	if !c.RequiresGrad() || c.Autograd().GradFn.Name() != "CopySlices" {
		t.Fatal("c is not in the graph")
	}
}

func TestNoGrad(t *testing.T) {
	w := f32(t, 1, 2)
	var y *tensor.Tensor
	err := NoGrad(func() error {
		if IsGradEnabled() {
			t.Error("grad mode on inside NoGrad")
		}
		y = must(Mul(w, w))
		return errors.New("stop")
	})
	if err == nil || !IsGradEnabled() {
		t.Fatal("NoGrad did not return f's error or did not restore grad mode")
	}
	if y.RequiresGrad() || y.Autograd() != nil {
		t.Fatal("an operation under no_grad was recorded")
	}
	func() {
		defer func() { _ = recover() }()
		_ = NoGrad(func() error { panic("boom") })
	}()
	if !IsGradEnabled() {
		t.Fatal("a panic left grad mode off")
	}
	if prev := SetGradEnabled(false); !prev {
		t.Fatal("SetGradEnabled did not return the previous mode")
	}
	if prev := SetGradEnabled(true); prev {
		t.Fatal("SetGradEnabled did not return the previous mode")
	}
}

func TestNonDifferentiableOpsLeaveTheGraph(t *testing.T) {
	w := f32(t, 1, -2, 3)
	_, idx := must2(Max(w, 0, false))
	tests := map[string]*tensor.Tensor{
		"gt":          must(GtOp.Apply(w, tensor.MustScalar(0))),
		"logical_not": must(LogicalNotOp.Apply(w)),
		"argmax":      must(tensor.Argmax(w, 0, false)),
		"max indices": idx,
		"to int64":    must(To(w, tensor.Int64)),
		"detach":      Detach(must(Mul(w, w))),
		"same dtype":  must(To(tensor.MustScalar(1.0), tensor.Float64)),
	}
	for name, y := range tests {
		if y.RequiresGrad() {
			t.Errorf("%s requires grad", name)
		}
	}
	if same := must(To(w, tensor.Float32)); same != w {
		t.Error("to(same dtype) did not return its input")
	}
}

func must2[A, B any](a A, b B, err error) (A, B) {
	if err != nil {
		panic(err)
	}
	return a, b
}

func TestGraphString(t *testing.T) {
	w, b := f32(t, 1, 2, 3), f32(t, 0, 0, 0)
	loss := must(Mean(must(Mul(must(Add(w, b)), w)), nil, false))
	want := `MeanBackward0
└─ MulBackward0
   ├─ AddBackward0
   │  ├─ AccumulateGrad (float32[3])
   │  └─ AccumulateGrad (float32[3])
   └─ AccumulateGrad (float32[3])`
	if got := GraphString(loss); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	y := must(Exp(w))
	shared := must(Add(y, must(Mul(y, values([]float32{2, 2, 2}, 3)))))
	want = `AddBackward0
├─ ExpBackward0
│  └─ AccumulateGrad (float32[3])
└─ MulBackward0
   └─ ExpBackward0 (shown above)`
	if got := GraphString(shared); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if got := GraphString(values([]float32{1})); got != "" {
		t.Errorf("a constant's graph is %q", got)
	}
	if got := GraphString(w); got != "AccumulateGrad (float32[3])" {
		t.Errorf("a leaf's graph is %q", got)
	}
}

func TestSetGrad(t *testing.T) {
	w := f32(t, 1, 2)
	wantError(t, SetGrad(w, values([]float64{1, 1}, 2)), tensor.RuntimeError, "does not match")
	if err := SetGrad(w, values([]float32{3, 4}, 2)); err != nil {
		t.Fatal(err)
	}
	if err := Backward(must(Sum(w, nil, false)), nil); err != nil {
		t.Fatal(err)
	}
	if got := floats(Grad(w)); !near(got, []float64{4, 5}) {
		t.Fatalf("w.grad = %v, want [4 5]", got)
	}
}

// TestSummedGradientsStayApart checks the engine's in-place sums: a
// gradient summed from several uses (n below) that a backward hands on
// as it is to two inputs (add's does) must not change when one of them
// receives more before the other has run (the engine runs the nodes in
// reverse postorder from the loss, so adding extra first gives that
// order); and a leaf used many times gets the sum of all its
// contributions.
func TestSummedGradientsStayApart(t *testing.T) {
	two, three, five, seven := values([]float32{2}), values([]float32{3}), values([]float32{5}), values([]float32{7})
	for _, extraFirst := range []bool{false, true} {
		x := f32(t, 1, 2)
		a, b := must(Mul(x, two)), must(Mul(x, three))
		n := must(Add(a, b))
		out := must(Add(must(Sum(n, nil, false)), must(Sum(n, nil, false))))
		extra := must(Add(must(Sum(must(Mul(a, five)), nil, false)), must(Sum(must(Mul(b, seven)), nil, false))))
		loss := must(Add(out, extra))
		if extraFirst {
			loss = must(Add(extra, out))
		}
		if err := Backward(loss, nil); err != nil {
			t.Fatal(err)
		}
		// d/dx of 2·(2x + 3x) + 5·2x + 7·3x = 41.
		if got, want := floats(Grad(x)), []float64{41, 41}; !near(got, want) {
			t.Errorf("extra first %v: x.grad = %v, want %v", extraFirst, got, want)
		}
	}
	w := f32(t, 1, -1, 0.5)
	var terms *tensor.Tensor
	for k := 1; k <= 6; k++ {
		term := must(Mul(w, values([]float32{float32(k)})))
		if terms == nil {
			terms = term
		} else {
			terms = must(Add(terms, term))
		}
	}
	if err := Backward(must(Sum(terms, nil, false)), nil); err != nil {
		t.Fatal(err)
	}
	if got, want := floats(Grad(w)), []float64{21, 21, 21}; !near(got, want) {
		t.Errorf("w.grad = %v, want %v", got, want)
	}
}
