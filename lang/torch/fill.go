package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// torch.fill and Tensor.fill_diagonal_ (autograd/fill.go).

func defFills() {
	lang.NewBuiltin(lang.AsFunc, "fill(input, value)", "A new tensor of input's shape and dtype with every element value (a number or a 0-d tensor): the out-of-place input.fill_(value).", func(a *lang.Args) (lang.Value, error) {
		x, v := tensorArg(a, "input"), a.TensorLike("value")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if err := checkFillValue(v); err != nil {
			return nil, err
		}
		return result(autograd.Filled(x, v))
	})
	lang.NewBuiltin(lang.AsMethod, "fill_diagonal_(input, fill_value, wrap=False)", "In place: writes fill_value (a number or 0-d tensor) into the main diagonal of input (input[i, i, ...]), whose dimensions must all be of one length unless it is a matrix; with wrap=True a matrix taller than wide has its diagonal start again every cols+1 rows. Returns input.", func(a *lang.Args) (lang.Value, error) {
		if v, ok := a.Value("fill_value").(*tensor.Tensor); ok && (v.Dim() != 0 || v.RequiresGrad()) { // a 0-d tensor without grad is a number, as PyTorch's Scalar
			a.Fail(a.WrongType("fill_value", "Number", v))
		}
		x, v, wrap := a.Tensor("input"), a.TensorLike("fill_value"), a.Bool("wrap")
		if err := a.Err(); err != nil {
			return nil, err
		}
		shape := x.Shape()
		if len(shape) < 2 {
			return nil, lang.Errorf(lang.RuntimeError, "dimensions must larger than 1").
				WithHint("a diagonal needs a matrix or more dimensions")
		}
		if len(shape) > 2 {
			for _, n := range shape {
				if n != shape[0] {
					return nil, lang.Errorf(lang.RuntimeError, "all dimensions of input must be of equal length")
				}
			}
		}
		return inPlace(x, autograd.FillDiagonal(x, v.Detach(), wrap))
	})
}

// checkFillValue refuses a fill value that is not 0-d, as fill_ does.
func checkFillValue(v *tensor.Tensor) error {
	if v.Dim() != 0 {
		return lang.Errorf(lang.RuntimeError, "fill_ only supports 0-dimension value tensor but got tensor with %d dimensions.", v.Dim()).
			WithHint("to copy a tensor's elements, use x.copy_(src)")
	}
	return nil
}
