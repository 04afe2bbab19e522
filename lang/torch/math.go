package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The element-wise functions of tensor/unary_math.go and binary_math.go
// beyond the op table's (which registers tan, erf, atan2, ... itself), and
// the in-place forms (x.exp_()) of every element-wise function of one
// tensor that PyTorch has one for.

// inPlaceUnary names the functions of one tensor that have a PyTorch
// in-place method name_.
var inPlaceUnary = []string{
	"neg", "abs", "exp", "log", "sqrt", "sin", "cos", "tan", "tanh", "sigmoid", "relu", "floor", "ceil",
	"sign", "logical_not", "bitwise_not", "asin", "acos", "atan", "sinh", "cosh", "asinh", "acosh", "atanh",
	"log2", "log10", "log1p", "expm1", "erf", "erfc", "rsqrt", "reciprocal", "trunc", "frac",
	"exp2", "erfinv", "lgamma", "digamma", "sinc", "i0",
}

func defMath() {
	for _, name := range inPlaceUnary {
		op := unaryOpNamed(name)
		lang.NewBuiltin(lang.AsMethod, name+"_(input)", "In place: input = "+name+"(input); returns input.", func(a *lang.Args) (lang.Value, error) {
			x := tensorArg(a, "input")
			if err := a.Err(); err != nil {
				return nil, err
			}
			if err := autograd.CheckInPlace(x); err != nil {
				return nil, err
			}
			return inPlace(x, op.InPlace(x))
		})
	}
	lang.NewBuiltin(lang.AsBoth, "lerp(input, end, weight)", "input + weight * (end - input): input and end share a floating dtype; weight is a number or a tensor of that dtype.", func(a *lang.Args) (lang.Value, error) {
		x, end, w := tensorArg(a, "input"), a.Tensor("end"), a.TensorLike("weight")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.Lerp(x, end, w))
	})
	lang.NewBuiltin(lang.AsMethod, "lerp_(input, end, weight)", "In place: input = lerp(input, end, weight); returns input.", func(a *lang.Args) (lang.Value, error) {
		x, end, w := tensorArg(a, "input"), a.Tensor("end"), a.TensorLike("weight")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return inPlace(x, autograd.Rewrite(x, "lerp_", func(old *tensor.Tensor) (*tensor.Tensor, error) {
			return autograd.Lerp(old, end, w)
		}, end, w))
	})
	lang.NewBuiltin(lang.AsBoth, "isclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False)", "Whether |input - other| <= atol + rtol * |other|, element-wise, as a bool tensor; both must have one dtype.", func(a *lang.Args) (lang.Value, error) {
		x, y := tensorArg(a, "input"), a.TensorLike("other")
		rtol, atol, equalNaN := a.Float("rtol"), a.Float("atol"), a.Bool("equal_nan")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if y.IsWrappedNumber() {
			var err error
			if y, err = y.To(x.DType()); err != nil {
				return nil, err
			}
		}
		return result(tensor.Isclose(x, y, rtol, atol, equalNaN))
	})
	for _, inplace := range []bool{false, true} {
		name, doc := "nan_to_num", "input with NaN replaced by nan, +inf by posinf and -inf by neginf (None: the largest and lowest finite values of the dtype)."
		if inplace {
			name, doc = "nan_to_num_", "In place: input = nan_to_num(input, ...); returns input."
		}
		kind := lang.AsBoth
		if inplace {
			kind = lang.AsMethod
		}
		lang.NewBuiltin(kind, name+"(input, nan=0.0, posinf=None, neginf=None)", doc, func(a *lang.Args) (lang.Value, error) {
			x, nan := tensorArg(a, "input"), a.Float("nan")
			posinf, neginf := a.OptFloat("posinf"), a.OptFloat("neginf")
			if err := a.Err(); err != nil {
				return nil, err
			}
			if !inplace {
				return result(autograd.NanToNum(x, nan, posinf, neginf))
			}
			return inPlace(x, autograd.Rewrite(x, name, func(old *tensor.Tensor) (*tensor.Tensor, error) {
				return autograd.NanToNum(old, nan, posinf, neginf)
			}))
		})
	}
}

// unaryOpNamed returns the op table's unary operation with the given name;
// a missing one is a programming error caught by every test run.
func unaryOpNamed(name string) *autograd.UnaryOp {
	for _, op := range autograd.UnaryOps() {
		if op.Name == name {
			return op
		}
	}
	panic("no unary operation " + name)
}
