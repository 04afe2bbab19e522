package nn

import (
	"testing"

	"github.com/kael-dev/kael/tensor"
)

// TestEdgeShapesDoNotPanic runs the layers and functions of this package
// on empty, one-element and mismatched inputs: each returns a result or an
// error, never a panic. Their values are checked against PyTorch by the
// language's tests (lang/testdata/pytorch/nn_*.py).
func TestEdgeShapesDoNotPanic(t *testing.T) {
	shapes := [][]int{{}, {0}, {1}, {3}, {0, 3}, {2, 0}, {1, 1}, {2, 3}, {1, 1, 1}, {2, 3, 0}, {2, 4, 3},
		{1, 1, 1, 1}, {2, 4, 0, 2}, {1, 4, 3, 3}, {1, 2, 1, 1, 1}}
	lstm, err := NewRNN(RNNConfig{Mode: ModeLSTM, InputSize: 3, HiddenSize: 2, NumLayers: 2, Bias: true, Bidirectional: true}, tensor.Float32)
	if err != nil {
		t.Fatal(err)
	}
	gru, err := NewRNNCell(ModeGRU, 3, 2, true, tensor.Float32)
	if err != nil {
		t.Fatal(err)
	}
	bn, err := NewNorm("BatchNorm2d", 4, 1e-5, nil, true, true, tensor.Float32)
	if err != nil {
		t.Fatal(err)
	}
	in, err := NewNorm("InstanceNorm1d", 3, 1e-5, nil, false, false, tensor.Float32)
	if err != nil {
		t.Fatal(err)
	}
	weights := tensor.MustScalar(0.25)
	funcs := map[string]func(x *tensor.Tensor) (*tensor.Tensor, error){
		"lstm": func(x *tensor.Tensor) (*tensor.Tensor, error) {
			out, _, _, err := lstm.Run(x, nil, nil)
			return out, err
		},
		"packed": func(x *tensor.Tensor) (*tensor.Tensor, error) {
			lengths := make([]int, 0)
			if x.Dim() > 1 {
				for i := 0; i < x.Shape()[1]; i++ {
					lengths = append(lengths, max(x.Shape()[0]-i, 1))
				}
			}
			p, err := PackPadded(x, lengths, false, false)
			if err != nil {
				return nil, err
			}
			padded, _, err := PadPacked(p, true, 0, 0)
			return padded, err
		},
		"gru cell": func(x *tensor.Tensor) (*tensor.Tensor, error) {
			h, _, err := gru.Run(x, nil, nil)
			return h, err
		},
		"batch norm":    bn.Forward,
		"instance norm": in.Forward,
		"group norm":    func(x *tensor.Tensor) (*tensor.Tensor, error) { return GroupNormFunc(x, 2, nil, nil, 1e-5) },
		"glu":           func(x *tensor.Tensor) (*tensor.Tensor, error) { return GLU(x, -1) },
		"prelu":         func(x *tensor.Tensor) (*tensor.Tensor, error) { return PReLU(x, weights) },
		"hardswish":     Hardswish,
		"softmin":       func(x *tensor.Tensor) (*tensor.Tensor, error) { return Softmin(x, 0) },
		"reflect":       func(x *tensor.Tensor) (*tensor.Tensor, error) { return Pad(x, []int{1, 1}, "reflect", 0) },
		"circular":      func(x *tensor.Tensor) (*tensor.Tensor, error) { return Pad(x, []int{1, 0, 0, 1}, "circular", 0) },
		"replicate":     func(x *tensor.Tensor) (*tensor.Tensor, error) { return Pad(x, []int{2, 2}, "replicate", 0) },
		"crop":          func(x *tensor.Tensor) (*tensor.Tensor, error) { return Pad(x, []int{-1, 2}, "constant", 1) },
		"pixel shuffle": func(x *tensor.Tensor) (*tensor.Tensor, error) { return PixelShuffle(x, 2) },
		"unshuffle":     func(x *tensor.Tensor) (*tensor.Tensor, error) { return PixelUnshuffle(x, 1) },
		"bilinear": func(x *tensor.Tensor) (*tensor.Tensor, error) {
			return Interpolate(x, InterpolateOptions{Scale: []float64{2, 0.5}, Mode: "bilinear"})
		},
		"linear": func(x *tensor.Tensor) (*tensor.Tensor, error) {
			return Interpolate(x, InterpolateOptions{Size: []int{4}, Mode: "linear", AlignCorners: true})
		},
		"nearest": func(x *tensor.Tensor) (*tensor.Tensor, error) {
			return Interpolate(x, InterpolateOptions{Size: []int{3}, Mode: "nearest"})
		},
		"adaptive": func(x *tensor.Tensor) (*tensor.Tensor, error) { return AdaptiveAvgPool(x, []int{2, -1}) },
		"avg pool": func(x *tensor.Tensor) (*tensor.Tensor, error) {
			return AvgPool(x, AvgPoolOptions{Kernel: []int{2}, Stride: []int{1}, Padding: []int{1}, CeilMode: true})
		},
		"channel dropout": func(x *tensor.Tensor) (*tensor.Tensor, error) { return FeatureDropout(x, 0.5, true, 3) },
		"smooth l1":       func(x *tensor.Tensor) (*tensor.Tensor, error) { return SmoothL1Loss(x, x, "mean", 0) },
		"kl div":          func(x *tensor.Tensor) (*tensor.Tensor, error) { return KLDivLoss(x, x, "batchmean", false) },
		"cross entropy": func(x *tensor.Tensor) (*tensor.Tensor, error) {
			return CrossEntropyLoss(x, x, ClassLossOptions{Reduction: "mean", LabelSmoothing: 0.1, IgnoreIndex: -100})
		},
	}
	for name, f := range funcs {
		for _, shape := range shapes {
			x, err := tensor.Ones(tensor.Float32, shape...)
			if err != nil {
				t.Fatal(err)
			}
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Errorf("%s of %v panicked: %v", name, shape, r)
					}
				}()
				out, err := f(x)
				if err == nil && out == nil {
					t.Errorf("%s of %v: no result and no error", name, shape)
				}
			}()
		}
	}
}
