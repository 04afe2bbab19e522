package torch

import (
	"strings"

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

// defUpsample defines PyTorch's deprecated F.upsample, F.upsample_nearest
// and F.upsample_bilinear: each warns, then calls F.interpolate (bilinear
// with align_corners=True).
func defUpsample() {
	for _, u := range []struct {
		sig, mode string
		corners   lang.Value
	}{
		{"upsample(input, size=None, scale_factor=None, mode='nearest', align_corners=None)", "", nil},
		{"upsample_nearest(input, size=None, scale_factor=None)", "nearest", lang.None},
		{"upsample_bilinear(input, size=None, scale_factor=None)", "bilinear", true},
	} {
		name, _, _ := strings.Cut(u.sig, "(")
		functionalOnlyDef(lang.NewBuiltin(lang.AsValue, u.sig, "Deprecated: warns, then resizes as interpolate"+map[bool]string{true: "(mode='" + u.mode + "')", false: ""}[u.mode != ""]+" does.", func(a *lang.Args) (lang.Value, error) {
			mode, corners := lang.Value(u.mode), u.corners
			if u.mode == "" {
				mode, corners = a.Value("mode"), a.Value("align_corners")
			}
			pos := []lang.Value{a.Value("input"), a.Value("size"), a.Value("scale_factor")}
			if err := a.Err(); err != nil {
				return nil, err
			}
			if err := warnUser(a, "nn.functional."+name+" is deprecated. Use nn.functional.interpolate instead."); err != nil {
				return nil, err
			}
			interp, _ := lang.LookupBuiltin("interpolate")
			return a.CallKw(interp, pos, []string{"mode", "align_corners"}, []lang.Value{mode, corners})
		}))
	}
}
