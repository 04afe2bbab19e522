package torch

import (
	"fmt"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/nn"
	"github.com/kael-dev/kael/tensor"
)

// nn.LPPool1d/2d, nn.LocalResponseNorm, nn.CrossMapLRN2d, nn.ChannelShuffle and
// nn.Bilinear with their functions (package nn's pooling_lp.go).

// functionalOnlyDef makes b a member of torch.nn.functional only.
func functionalOnlyDef(b *lang.Builtin) { functionalOnly[b.Name] = b }

func defLPPoolAndFriends() {
	for d := 1; d <= 2; d++ {
		params := "norm_type, kernel_size, stride=None, ceil_mode=False"
		doc := fmt.Sprintf("The power-average pool (Σ x^p)^(1/p), p = norm_type, of each kernel_size window of the last %d dimension(s), moving by stride (default kernel_size).", d)
		read := func(a *lang.Args) (float64, []int, []int, bool) {
			p, kernel := a.Float("norm_type"), intsOf(a, "kernel_size", d)
			stride := kernel
			if !a.IsNone("stride") {
				stride = intsOf(a, "stride", d)
			}
			return p, kernel, stride, a.Bool("ceil_mode")
		}
		defFunc("pooling", fmt.Sprintf("LPPool%dd(%s)", d, params), doc, func(a *lang.Args) (string, func(*tensor.Tensor) (*tensor.Tensor, error)) {
			p, kernel, stride, ceil := read(a)
			extra := "norm_type=" + given(a, "norm_type") + ", kernel_size=" + given(a, "kernel_size") + ", stride=" + given(a, "stride") + ", ceil_mode=" + given(a, "ceil_mode")
			return extra, func(x *tensor.Tensor) (*tensor.Tensor, error) { return nn.LPPool(x, p, kernel, stride, ceil) }
		})
		functionalOnlyDef(lang.NewBuiltin(lang.AsValue, fmt.Sprintf("lp_pool%dd(input, %s)", d, params), doc, func(a *lang.Args) (lang.Value, error) {
			x := tensorArg(a, "input")
			p, kernel, stride, ceil := read(a)
			if err := a.Err(); err != nil {
				return nil, err
			}
			return result(nn.LPPool(x, p, kernel, stride, ceil))
		}))
	}
	const lrnDoc = "Local response normalisation: x / (k + alpha·mean of x² over size neighbouring channels)^beta, for inputs of 3 or more dimensions [N, C, *]."
	readLRN := func(a *lang.Args) (int, float64, float64, float64) {
		return a.Int("size"), a.Float("alpha"), a.Float("beta"), a.Float("k")
	}
	defFunc("normalization", "LocalResponseNorm(size, alpha=0.0001, beta=0.75, k=1.0)", lrnDoc, func(a *lang.Args) (string, func(*tensor.Tensor) (*tensor.Tensor, error)) {
		size, alpha, beta, k := readLRN(a)
		extra := given(a, "size") + ", alpha=" + given(a, "alpha") + ", beta=" + given(a, "beta") + ", k=" + given(a, "k")
		return extra, func(x *tensor.Tensor) (*tensor.Tensor, error) { return nn.LocalResponseNorm(x, size, alpha, beta, k) }
	})
	defFunc("normalization", "CrossMapLRN2d(size, alpha=0.0001, beta=0.75, k=1)", "Local response normalisation across channels as PyTorch's legacy Lua-Torch port computes it, for 4-D inputs [N, C, H, W]: x · (k + alpha/size · Σ x² over the neighbouring channels)^-beta, the window kept as a running sum (channel 0's square never leaves it, as in PyTorch), with that function's own gradient.", func(a *lang.Args) (string, func(*tensor.Tensor) (*tensor.Tensor, error)) {
		size, alpha, beta, k := readLRN(a)
		extra := given(a, "size") + ", alpha=" + given(a, "alpha") + ", beta=" + given(a, "beta") + ", k=" + given(a, "k")
		return extra, func(x *tensor.Tensor) (*tensor.Tensor, error) { return autograd.CrossMapLRN2d(x, size, alpha, beta, k) }
	})
	functionalOnlyDef(lang.NewBuiltin(lang.AsValue, "local_response_norm(input, size, alpha=0.0001, beta=0.75, k=1.0)", lrnDoc, func(a *lang.Args) (lang.Value, error) {
		x := tensorArg(a, "input")
		size, alpha, beta, k := readLRN(a)
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(nn.LocalResponseNorm(x, size, alpha, beta, k))
	}))

	const shuffleDoc = "Shuffles the channels (dimension 1) of [N, C, *]: split into groups groups, then interleaved."
	defFunc("channelshuffle", "ChannelShuffle(groups)", shuffleDoc, func(a *lang.Args) (string, func(*tensor.Tensor) (*tensor.Tensor, error)) {
		groups := a.Int("groups")
		return "groups=" + given(a, "groups"), func(x *tensor.Tensor) (*tensor.Tensor, error) { return nn.ChannelShuffle(x, groups) }
	})
	lang.NewBuiltin(lang.AsFunc, "channel_shuffle(input, groups)", shuffleDoc, func(a *lang.Args) (lang.Value, error) {
		x, groups := tensorArg(a, "input"), a.Int("groups")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(nn.ChannelShuffle(x, groups))
	})

	const bilinearDoc = "The bilinear map y_k = x1ᵀ·W_k·x2 + b_k over the last dimension of input1 and input2."
	lang.NewBuiltin(lang.AsFunc, "bilinear(input1, input2, weight, bias=None)", bilinearDoc, func(a *lang.Args) (lang.Value, error) {
		x1, x2, w, b := tensorArg(a, "input1"), tensorArg(a, "input2"), tensorArg(a, "weight"), a.OptTensor("bias")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(nn.Bilinear(x1, x2, w, b))
	})
	defLayer("linear", "Bilinear(in1_features, in2_features, out_features, bias=True, device=None, dtype=None)", bilinearDoc+" weight [out_features, in1_features, in2_features] and bias [out_features], uniform in ±1/√in1_features as PyTorch draws them. Called as bilinear(input1, input2).", func(a *lang.Args) (nn.Module, error) {
		in1, in2, out, bias, d := a.Int("in1_features"), a.Int("in2_features"), a.Int("out_features"), a.Bool("bias"), layerDType(a)
		layerDevice(a)
		if err := a.Err(); err != nil {
			return nil, err
		}
		return nn.NewBilinear(in1, in2, out, bias, d)
	})
	layerForwards["Bilinear"] = lang.NewBuiltin(lang.AsValue, "forward(self, input1, input2)", "The bilinear map of input1 and input2.", func(a *lang.Args) (lang.Value, error) {
		l, err := selfLayer[*nn.BilinearLayer](a)
		if err != nil {
			return nil, err
		}
		x1, x2 := tensorArg(a, "input1"), tensorArg(a, "input2")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(l.Apply(x1, x2))
	})
}
