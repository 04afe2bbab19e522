package torch

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/nn"
	"github.com/kael-dev/kael/tensor"
)

// nn.Unfold and nn.Fold with F.unfold and F.fold (package nn's fold.go).

// readFold reads the block arguments of fold and unfold.
func readFold(a *lang.Args) nn.FoldOptions {
	return nn.FoldOptions{Kernel: intPair(a, "kernel_size"), Dilation: intPair(a, "dilation"), Padding: intPair(a, "padding"), Stride: intPair(a, "stride")}
}

func defFold() {
	const unfoldDoc = "Extracts the sliding kernel_size blocks of the zero-padded image [N, C, H, W] (or [C, H, W]) as the columns of [N, C·kh·kw, L] (im2col)."
	const foldDoc = "Sums the columns of [N, C·kh·kw, L] (or [C·kh·kw, L]), each a sliding kernel_size block, into an image of output_size (col2im): the adjoint of unfold."
	functionalOnlyDef(lang.NewBuiltin(lang.AsValue, "unfold(input, kernel_size, dilation=1, padding=0, stride=1)", unfoldDoc, func(a *lang.Args) (lang.Value, error) {
		x, o := tensorArg(a, "input"), readFold(a)
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(nn.Unfold(x, o))
	}))
	functionalOnlyDef(lang.NewBuiltin(lang.AsValue, "fold(input, output_size, kernel_size, dilation=1, padding=0, stride=1)", foldDoc, func(a *lang.Args) (lang.Value, error) {
		x, out, o := tensorArg(a, "input"), intPair(a, "output_size"), readFold(a)
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(nn.Fold(x, out, o))
	}))
	blockExtra := func(a *lang.Args) string {
		return "kernel_size=" + given(a, "kernel_size") + ", dilation=" + given(a, "dilation") + ", padding=" + given(a, "padding") + ", stride=" + given(a, "stride")
	}
	defFunc("fold", "Unfold(kernel_size, dilation=1, padding=0, stride=1)", unfoldDoc, func(a *lang.Args) (string, func(*tensor.Tensor) (*tensor.Tensor, error)) {
		o := readFold(a)
		return blockExtra(a), func(x *tensor.Tensor) (*tensor.Tensor, error) { return nn.Unfold(x, o) }
	})
	defFunc("fold", "Fold(output_size, kernel_size, dilation=1, padding=0, stride=1)", foldDoc, func(a *lang.Args) (string, func(*tensor.Tensor) (*tensor.Tensor, error)) {
		out, o := intPair(a, "output_size"), readFold(a)
		return "output_size=" + given(a, "output_size") + ", " + blockExtra(a), func(x *tensor.Tensor) (*tensor.Tensor, error) { return nn.Fold(x, out, o) }
	})
}
