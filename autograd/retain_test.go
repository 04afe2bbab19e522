package autograd

import (
	"runtime"
	"strings"
	"testing"
	"weak"

	"github.com/kael-dev/kael/tensor"
)

// freedErr is the start of PyTorch's error for a second backward through
// freed saved tensors.
const freedErr = "Trying to backward through the graph a second time"

// TestSecondBackward runs two backward passes through one graph: without
// retain_graph the first frees what the nodes saved, and a second pass
// through a node that saved tensors fails while one through nodes that
// saved nothing accumulates again, as in PyTorch 1.13 (the per-op rule is
// checked against PyTorch itself by lang's TestBackwardTwiceLikePyTorch).
func TestSecondBackward(t *testing.T) {
	for _, tc := range []struct {
		name    string
		f       func(x *tensor.Tensor) *tensor.Tensor
		retain  bool      // retain_graph on the first pass
		wantErr bool      // the second pass fails
		want    []float64 // x.grad after both passes, x = [1, 2]
	}{
		{"sum saves nothing", func(x *tensor.Tensor) *tensor.Tensor { return must(Sum(x, nil, false)) }, false, false, []float64{2, 2}},
		{"add of a number saves nothing", func(x *tensor.Tensor) *tensor.Tensor {
			return must(Sum(must(Add(x, num(1))), nil, false))
		}, false, false, []float64{2, 2}},
		{"a view saves nothing", func(x *tensor.Tensor) *tensor.Tensor {
			return must(Sum(must(Reshape(x, 2, 1)), nil, false))
		}, false, false, []float64{2, 2}},
		{"mul saves its inputs", func(x *tensor.Tensor) *tensor.Tensor { return must(Sum(must(Mul(x, x)), nil, false)) }, false, true, []float64{2, 4}},
		{"mul with retain_graph", func(x *tensor.Tensor) *tensor.Tensor { return must(Sum(must(Mul(x, x)), nil, false)) }, true, false, []float64{4, 8}},
		{"exp saves its output", func(x *tensor.Tensor) *tensor.Tensor { return must(Sum(must(Exp(x)), nil, false)) }, false, true, []float64{2.718281828459045, 7.38905609893065}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			x := newFixture(t).leaf(values([]float64{1, 2}, 2))
			y := tc.f(x)
			if err := BackwardWith([]*tensor.Tensor{y}, nil, BackwardOptions{RetainGraph: tc.retain}); err != nil {
				t.Fatal(err)
			}
			err := Backward(y, nil)
			if tc.wantErr != (err != nil) {
				t.Fatalf("second backward: err = %v, want an error: %v", err, tc.wantErr)
			}
			if err != nil && !strings.HasPrefix(err.Error(), "RuntimeError: "+freedErr) {
				t.Fatalf("second backward: err = %v, want PyTorch's %q", err, freedErr)
			}
			if got := floats(Grad(x)); !near(got, tc.want) {
				t.Fatalf("x.grad = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestBackwardFreesSavedTensors checks that a backward pass without
// retain_graph lets the garbage collector reclaim an intermediate tensor
// that only a node's saved tensors kept alive, and that retain_graph keeps
// it.
func TestBackwardFreesSavedTensors(t *testing.T) {
	for _, retain := range []bool{false, true} {
		x := newFixture(t).leaf(values([]float64{1, 2, 3}, 3))
		h := must(Mul(x, x))
		ref := weak.Make(h)
		y := must(Sum(must(Sin(h)), nil, false)) // SinBackward0 saves h
		h = nil
		if err := BackwardWith([]*tensor.Tensor{y}, nil, BackwardOptions{RetainGraph: retain}); err != nil {
			t.Fatal(err)
		}
		runtime.GC()
		if alive := ref.Value() != nil; alive != retain {
			t.Errorf("retain_graph=%v: the saved intermediate is alive after backward: %v", retain, alive)
		}
		runtime.KeepAlive(y)
	}
}

// TestGradients checks autograd.grad: gradients of outputs with respect to
// leaves and computed tensors, returned rather than accumulated.
func TestGradients(t *testing.T) {
	for _, tc := range []struct {
		name    string
		opts    BackwardOptions
		inputs  func(x, h *tensor.Tensor) []*tensor.Tensor // h = x * x, y = (h * 3).sum()
		want    [][]float64                                // nil for a nil gradient
		wantErr string
	}{
		{"a leaf", BackwardOptions{}, func(x, h *tensor.Tensor) []*tensor.Tensor { return []*tensor.Tensor{x} }, [][]float64{{6, 12}}, ""},
		{"a computed tensor", BackwardOptions{}, func(x, h *tensor.Tensor) []*tensor.Tensor { return []*tensor.Tensor{h} }, [][]float64{{3, 3}}, ""},
		{"both", BackwardOptions{}, func(x, h *tensor.Tensor) []*tensor.Tensor { return []*tensor.Tensor{h, x} }, [][]float64{{3, 3}, {6, 12}}, ""},
		{"unused", BackwardOptions{}, func(x, h *tensor.Tensor) []*tensor.Tensor {
			return []*tensor.Tensor{newFixture(t).leaf(values([]float64{1}, 1))}
		}, nil, "appears to not have been used in the graph"},
		{"unused allowed", BackwardOptions{AllowUnused: true}, func(x, h *tensor.Tensor) []*tensor.Tensor {
			return []*tensor.Tensor{x, newFixture(t).leaf(values([]float64{1}, 1))}
		}, [][]float64{{6, 12}, nil}, ""},
		{"an input that does not require grad", BackwardOptions{}, func(x, h *tensor.Tensor) []*tensor.Tensor {
			return []*tensor.Tensor{values([]float64{1}, 1)}
		}, nil, "One of the differentiated Tensors does not require grad"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			x := newFixture(t).leaf(values([]float64{1, 2}, 2))
			h := must(Mul(x, x))
			y := must(Sum(must(Mul(h, num(3))), nil, false))
			got, err := Gradients([]*tensor.Tensor{y}, tc.inputs(x, h), nil, tc.opts)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for i, w := range tc.want {
				if (got[i] == nil) != (w == nil) || (w != nil && !near(floats(got[i]), w)) {
					t.Errorf("gradient %d = %v, want %v", i, got[i], w)
				}
			}
			if Grad(x) != nil {
				t.Errorf("grad accumulated x.grad = %v", Grad(x))
			}
		})
	}
}

// TestGradientsFreesOnlyWhatRan checks that autograd.grad with respect to
// a computed tensor runs (and frees) only the nodes after it: a backward
// through the graph before it still works.
func TestGradientsFreesOnlyWhatRan(t *testing.T) {
	x := newFixture(t).leaf(values([]float64{1, 2}, 2))
	h := must(Mul(x, x))
	y := must(Sum(must(Mul(h, h)), nil, false))
	if _, err := Gradients([]*tensor.Tensor{y}, []*tensor.Tensor{h}, nil, BackwardOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := Backward(must(Sum(h, nil, false)), nil); err != nil {
		t.Fatalf("backward through the nodes grad did not run: %v", err)
	}
	if err := Backward(y, nil); err == nil || !strings.Contains(err.Error(), freedErr) {
		t.Fatalf("backward through the nodes grad ran and freed: err = %v", err)
	}
}
