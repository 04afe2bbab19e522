package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// quantile and nanquantile (autograd.Quantile): q is a number or a 0-d or
// 1-D tensor of input's dtype.

func defQuantile() {
	for _, name := range []string{"quantile", "nanquantile"} {
		doc := "The q-th quantiles of input (q a number or a 1-D tensor of input's dtype, values in [0, 1]) along dim, or of all elements; a 1-D q adds a first dimension. interpolation says how a quantile between two elements is found: 'linear', 'lower', 'higher', 'midpoint' or 'nearest' (ties to even). A line with NaN gives NaN."
		if name == "nanquantile" {
			doc = "quantile leaving NaNs out: the q-th quantiles of the non-NaN values along dim, or of all elements; a line of NaNs only gives NaN."
		}
		ignoreNaN := name == "nanquantile"
		lang.NewBuiltin(lang.AsBoth, name+"(input, q, dim=None, keepdim=False, *, interpolation='linear')", doc, func(a *lang.Args) (lang.Value, error) {
			x, dim, keep, mode := tensorArg(a, "input"), a.OptInt("dim"), a.Bool("keepdim"), a.Str("interpolation")
			q, _ := a.Value("q").(*tensor.Tensor)
			if q == nil && a.Err() == nil {
				v := a.Float("q")
				if err := a.Err(); err != nil {
					return nil, err
				}
				if !(v >= 0 && v <= 1) {
					return nil, lang.Errorf(lang.RuntimeError, "quantile() q must be in the range [0, 1] but got %v", v)
				}
				var err error
				if q, err = tensor.Full(v, x.DType(), []int{}...); err != nil {
					return nil, err
				}
			}
			if err := a.Err(); err != nil {
				return nil, err
			}
			return result(autograd.Quantile(x, q, dim, keep, mode, ignoreNaN))
		})
	}
}
