package autograd

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/kael-dev/kael/tensor"
)

// scaled is a custom function of one input: forward x·k, backward g·k
// (or what back says), run the way the language runs a Function subclass:
// forward under NoGrad, then Attach.
func scaled(t *testing.T, x *tensor.Tensor, ks []float64, back func(gs []*tensor.Tensor) ([]*tensor.Tensor, error)) []*tensor.Tensor {
	t.Helper()
	var outs []*tensor.Tensor
	if err := NoGrad(func() error {
		for _, k := range ks {
			o, err := tensor.Mul(x, must(tensor.Scalar(k)))
			if err != nil {
				return err
			}
			outs = append(outs, o)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if back == nil {
		back = func(gs []*tensor.Tensor) ([]*tensor.Tensor, error) {
			sum := must(tensor.Zeros(tensor.Float64, x.Shape()...))
			for i, g := range gs {
				sum = must(tensor.Add(sum, must(tensor.Mul(g, must(tensor.Scalar(ks[i]))))))
			}
			return []*tensor.Tensor{sum}, nil
		}
	}
	outs, err := CustomFunction{Name: "Scale", Inputs: []*tensor.Tensor{x}, Outputs: outs, Saved: []*tensor.Tensor{x}, Backward: back}.Attach()
	if err != nil {
		t.Fatal(err)
	}
	return outs
}

func TestCustomFunction(t *testing.T) {
	sumBackward := func(t *testing.T, y *tensor.Tensor) error {
		return Backward(must(Sum(y, nil, false)), nil)
	}
	for _, tc := range []struct {
		name string
		ks   []float64
		back func(gs []*tensor.Tensor) ([]*tensor.Tensor, error)
		// run does the backward pass(es) from the outputs.
		run      func(t *testing.T, x *tensor.Tensor, outs []*tensor.Tensor) error
		wantGrad []float64 // of x = [1, 2, 3]
		wantErr  string
	}{
		{name: "one output", ks: []float64{2}, run: func(t *testing.T, x *tensor.Tensor, outs []*tensor.Tensor) error {
			return sumBackward(t, outs[0])
		}, wantGrad: []float64{2, 2, 2}},
		{name: "graph retained: two backward passes accumulate", ks: []float64{2}, run: func(t *testing.T, x *tensor.Tensor, outs []*tensor.Tensor) error {
			y := must(Sum(outs[0], nil, false))
			if err := BackwardWith([]*tensor.Tensor{y}, nil, BackwardOptions{RetainGraph: true}); err != nil {
				return err
			}
			return Backward(y, nil)
		}, wantGrad: []float64{4, 4, 4}},
		{name: "two outputs, both used", ks: []float64{2, 3}, run: func(t *testing.T, x *tensor.Tensor, outs []*tensor.Tensor) error {
			return sumBackward(t, must(Add(outs[0], outs[1])))
		}, wantGrad: []float64{5, 5, 5}},
		{name: "two outputs, second unused gets zeros", ks: []float64{2, 3}, run: func(t *testing.T, x *tensor.Tensor, outs []*tensor.Tensor) error {
			return sumBackward(t, outs[0])
		}, wantGrad: []float64{2, 2, 2}},
		{name: "backward from the second output", ks: []float64{2, 3}, run: func(t *testing.T, x *tensor.Tensor, outs []*tensor.Tensor) error {
			return sumBackward(t, outs[1])
		}, wantGrad: []float64{3, 3, 3}},
		{name: "output used twice downstream", ks: []float64{2}, run: func(t *testing.T, x *tensor.Tensor, outs []*tensor.Tensor) error {
			return sumBackward(t, must(Mul(outs[0], outs[0]))) // d(4x²)/dx = 8x
		}, back: nil, wantGrad: []float64{8, 16, 24}},
		{name: "broadcast gradient is summed down", ks: []float64{1}, back: func(gs []*tensor.Tensor) ([]*tensor.Tensor, error) {
			return []*tensor.Tensor{must(tensor.Ones(tensor.Float64, 2, 3))}, nil
		}, run: func(t *testing.T, x *tensor.Tensor, outs []*tensor.Tensor) error {
			return sumBackward(t, outs[0])
		}, wantGrad: []float64{2, 2, 2}},
		{name: "float32 gradient cast to the input's dtype", ks: []float64{1}, back: func(gs []*tensor.Tensor) ([]*tensor.Tensor, error) {
			return []*tensor.Tensor{must(tensor.Ones(tensor.Float32, 3))}, nil
		}, run: func(t *testing.T, x *tensor.Tensor, outs []*tensor.Tensor) error {
			return sumBackward(t, outs[0])
		}, wantGrad: []float64{1, 1, 1}},
		{name: "too many gradients", ks: []float64{1}, back: func(gs []*tensor.Tensor) ([]*tensor.Tensor, error) {
			return []*tensor.Tensor{gs[0], gs[0]}, nil
		}, run: func(t *testing.T, x *tensor.Tensor, outs []*tensor.Tensor) error {
			return sumBackward(t, outs[0])
		}, wantErr: "function ScaleBackward returned an incorrect number of gradients (expected 1, got 2)"},
		{name: "gradient of a wrong shape", ks: []float64{1}, back: func(gs []*tensor.Tensor) ([]*tensor.Tensor, error) {
			return []*tensor.Tensor{must(tensor.Ones(tensor.Float64, 2))}, nil
		}, run: func(t *testing.T, x *tensor.Tensor, outs []*tensor.Tensor) error {
			return sumBackward(t, outs[0])
		}, wantErr: "Function ScaleBackward returned an invalid gradient at index 0 - got [2] but expected shape compatible with [3]"},
		{name: "None gradient leaves the input's grad unset", ks: []float64{1}, back: func(gs []*tensor.Tensor) ([]*tensor.Tensor, error) {
			return []*tensor.Tensor{nil}, nil
		}, run: func(t *testing.T, x *tensor.Tensor, outs []*tensor.Tensor) error {
			return sumBackward(t, outs[0])
		}, wantGrad: nil},
		{name: "saved input modified in place", ks: []float64{1}, run: func(t *testing.T, x *tensor.Tensor, outs []*tensor.Tensor) error {
			if err := NoGrad(func() error { return x.Fill(0) }); err != nil {
				return err
			}
			return sumBackward(t, outs[0])
		}, wantErr: "which ScaleBackward saved, is at version 1; expected version 0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			x := newFixture(t).leaf(must(tensor.FromSlice([]float64{1, 2, 3}, 3)))
			outs := scaled(t, x, tc.ks, tc.back)
			for i, o := range outs {
				if got := o.Autograd().GradFn.Name(); got != "ScaleBackward" {
					t.Fatalf("output %d grad_fn = %q", i, got)
				}
			}
			err := tc.run(t, x, outs)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want %q", err, tc.wantErr)
				}
				if Grad(x) != nil {
					t.Errorf("a failed backward wrote x.grad = %v", Grad(x))
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tc.wantGrad == nil {
				if Grad(x) != nil {
					t.Fatalf("x.grad = %v, want None", Grad(x))
				}
				return
			}
			got := must(Grad(x).Float64s())
			if !slices.Equal(got, tc.wantGrad) {
				t.Errorf("x.grad = %v, want %v", got, tc.wantGrad)
			}
		})
	}
}

func TestCustomFunctionCallbackError(t *testing.T) {
	x := newFixture(t).leaf(must(tensor.FromSlice([]float64{1, 2, 3}, 3)))
	boom := errors.New("boom from the user's backward")
	outs := scaled(t, x, []float64{1}, func([]*tensor.Tensor) ([]*tensor.Tensor, error) {
		if IsGradEnabled() {
			t.Error("the callback runs with grad mode on")
		}
		return nil, boom
	})
	if err := Backward(must(Sum(outs[0], nil, false)), nil); err != boom {
		t.Fatalf("err = %v, want the callback's error unchanged", err)
	}
}

func TestCustomFunctionNotRecorded(t *testing.T) {
	x := must(tensor.FromSlice([]float64{1, 2, 3}, 3)) // requires no grad
	y := must(tensor.Mul(x, x))
	outs, err := CustomFunction{Name: "Square", Inputs: []*tensor.Tensor{x}, Outputs: []*tensor.Tensor{y},
		Backward: func([]*tensor.Tensor) ([]*tensor.Tensor, error) { return nil, nil }}.Attach()
	if err != nil || outs[0] != y || y.RequiresGrad() {
		t.Fatalf("outs = %v, err = %v: want y unchanged, not requiring grad", outs, err)
	}
}

func TestCustomFunctionReturnsInput(t *testing.T) {
	x := newFixture(t).leaf(must(tensor.FromSlice([]float64{1, 2, 3}, 3)))
	outs, err := CustomFunction{Name: "Same", Inputs: []*tensor.Tensor{x}, Outputs: []*tensor.Tensor{x},
		Backward: func(gs []*tensor.Tensor) ([]*tensor.Tensor, error) { return gs, nil }}.Attach()
	if err != nil {
		t.Fatal(err)
	}
	if outs[0] == x || !IsLeaf(x) || IsLeaf(outs[0]) || !outs[0].SharesStorage(x) {
		t.Fatal("an output that is the input must become a new tensor sharing its storage, the input staying a leaf")
	}
	if err := Backward(must(Sum(outs[0], nil, false)), nil); err != nil {
		t.Fatal(err)
	}
	if got := must(Grad(x).Float64s()); !slices.Equal(got, []float64{1, 1, 1}) {
		t.Errorf("x.grad = %v", got)
	}
}

func TestCustomFunctionNextFunctions(t *testing.T) {
	x := newFixture(t).leaf(must(tensor.FromSlice([]float64{1, 2, 3}, 3)))
	outs := scaled(t, x, []float64{2, 3}, nil)
	y := must(Add(outs[0], outs[1]))
	next := NextFunctions(y.Autograd().GradFn)
	if len(next) != 2 || next[0].Fn != next[1].Fn || next[0].OutputNr != 0 || next[1].OutputNr != 1 {
		t.Fatalf("next_functions of a + b over one custom node's two outputs: %+v", next)
	}
}

// TestCustomFunctionGradientCount checks PyTorch 1.13's rules for what the
// backward of a function with a tensor and a non-tensor argument (f(x, 3))
// returns: one gradient per argument, extra ones only if None, and None
// for the non-tensor (lang's TestAutogradMatchesPyTorch runs the same
// cases in PyTorch).
func TestCustomFunctionGradientCount(t *testing.T) {
	for _, tc := range []struct {
		name    string
		grads   func(g *tensor.Tensor) []*tensor.Tensor
		wantErr string
	}{
		{"one per argument", func(g *tensor.Tensor) []*tensor.Tensor { return []*tensor.Tensor{g, nil} }, ""},
		{"extra Nones are dropped", func(g *tensor.Tensor) []*tensor.Tensor { return []*tensor.Tensor{g, nil, nil, nil} }, ""},
		{"too few", func(g *tensor.Tensor) []*tensor.Tensor { return []*tensor.Tensor{g} },
			"function FBackward returned an incorrect number of gradients (expected 2, got 1)"},
		{"an extra gradient", func(g *tensor.Tensor) []*tensor.Tensor { return []*tensor.Tensor{g, nil, g} },
			"function FBackward returned an incorrect number of gradients (expected 2, got 3)"},
		{"a gradient for the non-tensor", func(g *tensor.Tensor) []*tensor.Tensor { return []*tensor.Tensor{g, g} },
			"function FBackward returned a gradient different than None at position 2, but the corresponding forward input was not a Variable"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			x := newFixture(t).leaf(values([]float64{1, 2}, 2))
			outs, err := CustomFunction{Name: "F", Inputs: []*tensor.Tensor{x, nil}, Outputs: []*tensor.Tensor{must(tensor.Mul(x, num(2)))},
				Backward: func(gs []*tensor.Tensor) ([]*tensor.Tensor, error) { return tc.grads(gs[0]), nil }}.Attach()
			if err != nil {
				t.Fatal(err)
			}
			err = Backward(must(Sum(outs[0], nil, false)), nil)
			if tc.wantErr == "" {
				if err != nil {
					t.Fatal(err)
				}
				if got := floats(Grad(x)); !near(got, []float64{1, 1}) {
					t.Fatalf("x.grad = %v, want [1 1]", got)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Fatalf("err = %v, want %q", err, tc.wantErr)
			}
		})
	}
}
