package nn

import (
	"slices"
	"strings"
	"testing"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/tensor"
)

// The reprs are PyTorch 1.13's for the same constructor calls (the lang
// corpus, testdata/pytorch/nn_layers.py, checks them against PyTorch).
func TestLayerReprs(t *testing.T) {
	pad := 1
	dim := 1
	for _, tc := range []struct {
		m    func() (Module, error)
		want string
	}{
		{func() (Module, error) { return NewLinear(3, 2, true, tensor.Float32) }, "Linear(in_features=3, out_features=2, bias=True)"},
		{func() (Module, error) { return NewLinear(4, 3, false, tensor.Float64) }, "Linear(in_features=4, out_features=3, bias=False)"},
		{func() (Module, error) {
			return NewConv2d(Conv2dConfig{InChannels: 2, OutChannels: 3, KernelSize: [2]int{3, 3}, Stride: [2]int{1, 1}, Padding: [2]int{1, 1}, Dilation: [2]int{1, 1}, Groups: 1, Bias: true}, tensor.Float32)
		}, "Conv2d(2, 3, kernel_size=(3, 3), stride=(1, 1), padding=(1, 1))"},
		{func() (Module, error) {
			return NewConv2d(Conv2dConfig{InChannels: 4, OutChannels: 4, KernelSize: [2]int{3, 3}, Stride: [2]int{1, 1}, PaddingString: "same", Dilation: [2]int{2, 2}, Groups: 2}, tensor.Float32)
		}, "Conv2d(4, 4, kernel_size=(3, 3), stride=(1, 1), padding=same, dilation=(2, 2), groups=2, bias=False)"},
		{func() (Module, error) { return NewMaxPool2d([]int{2}, nil, []int{0}, []int{1}, false, false) }, "MaxPool2d(kernel_size=2, stride=2, padding=0, dilation=1, ceil_mode=False)"},
		{func() (Module, error) { return NewEmbedding(4, 2, &pad, tensor.Float32) }, "Embedding(4, 2, padding_idx=1)"},
		{func() (Module, error) { return NewLayerNorm([]int{2, 3}, 1e-6, false, tensor.Float32) }, "LayerNorm((2, 3), eps=1e-06, elementwise_affine=False)"},
		{func() (Module, error) { return NewDropout(0.1, false) }, "Dropout(p=0.1, inplace=False)"},
		{func() (Module, error) { return NewReLU(true), nil }, "ReLU(inplace=True)"},
		{func() (Module, error) { return NewGELU("tanh"), nil }, "GELU(approximate='tanh')"},
		{func() (Module, error) { return NewSoftmax("LogSoftmax", &dim), nil }, "LogSoftmax(dim=1)"},
		{func() (Module, error) { return NewSoftmax("Softmax", nil), nil }, "Softmax(dim=None)"},
		{func() (Module, error) { return NewFlatten(1, -1), nil }, "Flatten(start_dim=1, end_dim=-1)"},
		{func() (Module, error) { return NewUnflatten(1, []int{2, 2}), nil }, "Unflatten(dim=1, unflattened_size=(2, 2))"},
		{func() (Module, error) {
			return NewLoss("CrossEntropyLoss", LossConfig{Reduction: "mean", IgnoreIndex: -100})
		}, "CrossEntropyLoss()"},
		{func() (Module, error) { return NewSequential(NewTanh(), NewModuleList(NewSigmoid())), nil }, "Sequential(\n  (0): Tanh()\n  (1): ModuleList(\n    (0): Sigmoid()\n  )\n)"},
	} {
		m, err := tc.m()
		if err != nil {
			t.Fatalf("%s: %v", tc.want, err)
		}
		if got := Repr(m); got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
}

func TestContainerItems(t *testing.T) {
	a, b, c := NewTanh(), NewSigmoid(), NewIdentity()
	l := NewModuleList(a, b)
	l.Insert(0, c)
	if got := l.Items(); !slices.Equal(got, []Module{c, a, b}) || !slices.Equal(l.Keys(), []string{"0", "1", "2"}) {
		t.Fatalf("insert: %v %v", got, l.Keys())
	}
	if m, err := l.At(-1); err != nil || m != b {
		t.Fatalf("At(-1) = %v, %v", m, err)
	}
	if _, err := l.At(3); err == nil || err.Error() != "IndexError: index 3 is out of range" {
		t.Fatalf("At(3): %v", err)
	}
	s := NewSequential(a, b, c).Slice([]int{1, 2})
	if !slices.Equal(s.Keys(), []string{"1", "2"}) {
		t.Errorf("a Sequential slice keeps its names: %v", s.Keys())
	}
	if _, err := NewModuleList().Forward(nil); err == nil {
		t.Error("ModuleList has no forward")
	}
}

func TestDropoutFollowsTraining(t *testing.T) {
	d, err := NewDropout(0.5, false)
	if err != nil {
		t.Fatal(err)
	}
	seq := NewSequential(d)
	x := must(tensor.Ones(tensor.Float32, 1000))
	y := must(seq.Forward(x))
	zeros := 0
	for _, v := range must(y.Float64s()) {
		if v == 0 {
			zeros++
		}
	}
	if zeros < 350 || zeros > 650 {
		t.Errorf("training: %d of 1000 zeroed, want about half", zeros)
	}
	Train(seq, false)
	if y := must(seq.Forward(x)); y != x {
		t.Error("eval mode must pass the input through")
	}
}

func TestConvertTensorsKeepsIdentity(t *testing.T) {
	l := must(NewLinear(2, 2, true, tensor.Float32))
	w := l.Base().Parameter("weight")
	w.Autograd().Grad = must(tensor.Ones(tensor.Float32, 2, 2))
	err := ConvertTensors(l, func(t *tensor.Tensor) (*tensor.Tensor, error) { return t.To(tensor.Float64) })
	if err != nil {
		t.Fatal(err)
	}
	if l.Base().Parameter("weight") != w || w.DType() != tensor.Float64 || autograd.Grad(w).DType() != tensor.Float64 || !IsParameter(w) {
		t.Fatal("the weight must stay the same parameter, now float64 with a float64 grad")
	}
	out := must(l.Forward(must(tensor.Ones(tensor.Float64, 1, 2))))
	if out.DType() != tensor.Float64 {
		t.Errorf("forward after conversion: %s", out.DType())
	}
}

func TestEmbeddingPaddingGetsNoGradient(t *testing.T) {
	pad := 1
	e := must(NewEmbedding(3, 2, &pad, tensor.Float32))
	idx := must(tensor.FromSlice([]int64{0, 1, 1, 2}, 4))
	out := must(e.Forward(idx))
	if err := autograd.Backward(must(autograd.Sum(out, nil, false)), nil); err != nil {
		t.Fatal(err)
	}
	got := must(autograd.Grad(e.Base().Parameter("weight")).Float64s())
	if want := []float64{1, 1, 0, 0, 1, 1}; !slices.Equal(got, want) {
		t.Errorf("grad %v, want %v", got, want)
	}
}

func TestLossNeedsTarget(t *testing.T) {
	l := must(NewLoss("MSELoss", LossConfig{Reduction: "mean"}))
	if _, err := l.Forward(nil); err == nil {
		t.Fatal("a loss's one-tensor Forward must refuse")
	}
	if _, err := NewLoss("HingeLoss", LossConfig{}); err == nil {
		t.Fatal("unknown loss")
	}
	x := must(tensor.FromSlice([]float64{1, 2}, 2))
	if _, err := must(NewLoss("L1Loss", LossConfig{Reduction: "avg"})).Loss(x, x); err == nil {
		t.Fatal("a bad reduction is an error when the loss runs")
	}
}

func TestSequentialInsideItself(t *testing.T) {
	s := NewSequential(NewReLU(false))
	s.Append(s)
	_, err := s.Forward(must(tensor.Ones(tensor.Float32, 1)))
	if err == nil || !strings.Contains(err.Error(), "RecursionError") {
		t.Fatalf("err = %v, want a RecursionError", err)
	}
	shared := NewSequential(NewTanh())
	if _, err := NewSequential(shared, shared).Forward(must(tensor.Ones(tensor.Float32, 1))); err != nil {
		t.Fatalf("a module used twice in a row is not recursion: %v", err)
	}
}
