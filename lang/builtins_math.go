package lang

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/tensor"
)

// The element-wise functions of tensor/unary_math.go and binary_math.go,
// and the in-place forms (x.exp_()) of every element-wise function of one
// tensor that PyTorch has one for.

func init() { defMath() }

// mathUnaryOps are the functions of one tensor added beside unaryOps.
var mathUnaryOps = []struct {
	name string
	kind int
	doc  string
}{
	{"tan", asBoth, "The tangent, element-wise (integers give float32)."},
	{"asin", asBoth, "The arcsine, element-wise (integers give float32); NaN outside [-1, 1]."},
	{"acos", asBoth, "The arccosine, element-wise (integers give float32); NaN outside [-1, 1]."},
	{"atan", asBoth, "The arctangent, element-wise (integers give float32)."},
	{"sinh", asBoth, "The hyperbolic sine, element-wise (integers give float32)."},
	{"cosh", asBoth, "The hyperbolic cosine, element-wise (integers give float32)."},
	{"asinh", asBoth, "The inverse hyperbolic sine, element-wise (integers give float32)."},
	{"acosh", asBoth, "The inverse hyperbolic cosine, element-wise (integers give float32); NaN below 1."},
	{"atanh", asBoth, "The inverse hyperbolic tangent, element-wise (integers give float32); ±inf at ±1."},
	{"log2", asBoth, "The base-2 logarithm, element-wise (integers give float32)."},
	{"log10", asBoth, "The base-10 logarithm, element-wise (integers give float32)."},
	{"log1p", asBoth, "log(1 + input), accurate for small input (integers give float32)."},
	{"expm1", asBoth, "e ** input - 1, accurate for small input (integers give float32)."},
	{"erf", asBoth, "The error function, element-wise (integers give float32)."},
	{"erfc", asBoth, "1 - erf(input), accurate where erf is near 1 (integers give float32)."},
	{"rsqrt", asBoth, "1 / sqrt(input), element-wise (integers give float32)."},
	{"reciprocal", asBoth, "1 / input, element-wise (integers give float32)."},
	{"trunc", asBoth, "Each element rounded toward zero; integers come back unchanged; its gradient is zero."},
	{"frac", asBoth, "input - trunc(input), the fractional part with input's sign; floating tensors only."},
	{"isnan", asBoth, "Whether each element is NaN, as a bool tensor."},
	{"isinf", asBoth, "Whether each element is +inf or -inf, as a bool tensor."},
	{"isposinf", asBoth, "Whether each element is +inf, as a bool tensor."},
	{"isneginf", asBoth, "Whether each element is -inf, as a bool tensor."},
	{"isfinite", asBoth, "Whether each element is neither infinite nor NaN, as a bool tensor."},
}

// inPlaceUnary names the functions of one tensor that have a PyTorch
// in-place method name_.
var inPlaceUnary = []string{
	"neg", "abs", "exp", "log", "sqrt", "sin", "cos", "tan", "tanh", "sigmoid", "relu", "floor", "ceil",
	"sign", "logical_not", "bitwise_not", "asin", "acos", "atan", "sinh", "cosh", "asinh", "acosh", "atanh",
	"log2", "log10", "log1p", "expm1", "erf", "erfc", "rsqrt", "reciprocal", "trunc", "frac",
}

func defMath() {
	for _, op := range mathUnaryOps {
		spec := mustUnary(op.name)
		defUnary(op.kind, op.name+"(input)", op.doc, func(x *tensor.Tensor) (*tensor.Tensor, error) {
			return autograd.Unary(spec, x)
		})
	}
	for _, name := range inPlaceUnary {
		spec := mustUnary(name)
		def(asMethod, name+"_(input)", "In place: input = "+name+"(input); returns input.", func(a *Args) (Value, error) {
			x := tensorArg(a, "input")
			if err := a.Err(); err != nil {
				return nil, err
			}
			if err := autograd.CheckInPlace(x); err != nil {
				return nil, err
			}
			return inPlace(x, autograd.InPlaceUnary(spec, x))
		})
	}
	defBinary(asBoth, "atan2(input, other)", "The angle of the point (other, input) in radians, in [-pi, pi] (integers give float32).", "atan2")
	defInPlace("atan2_(input, other)", "In place: input = atan2(input, other); returns input.", "atan2")
	defBinary(asBoth, "hypot(input, other)", "sqrt(input ** 2 + other ** 2) without overflow, element-wise; floating tensors only.", "hypot")
	defInPlace("hypot_(input, other)", "In place: input = hypot(input, other); returns input.", "hypot")
	def(asBoth, "lerp(input, end, weight)", "input + weight * (end - input): input and end share a floating dtype; weight is a number or a tensor of that dtype.", func(a *Args) (Value, error) {
		x, end, w := tensorArg(a, "input"), a.Tensor("end"), a.TensorLike("weight")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.Lerp(x, end, w))
	})
	def(asMethod, "lerp_(input, end, weight)", "In place: input = lerp(input, end, weight); returns input.", func(a *Args) (Value, error) {
		x, end, w := tensorArg(a, "input"), a.Tensor("end"), a.TensorLike("weight")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return inPlace(x, autograd.Rewrite(x, "lerp_", func(old *tensor.Tensor) (*tensor.Tensor, error) {
			return autograd.Lerp(old, end, w)
		}, end, w))
	})
	def(asBoth, "isclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False)", "Whether |input - other| <= atol + rtol * |other|, element-wise, as a bool tensor; both must have one dtype.", func(a *Args) (Value, error) {
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
		kind := asBoth
		if inplace {
			kind = asMethod
		}
		def(kind, name+"(input, nan=0.0, posinf=None, neginf=None)", doc, func(a *Args) (Value, error) {
			x, nan := tensorArg(a, "input"), a.Float("nan")
			posinf, neginf := optFloat(a, "posinf"), optFloat(a, "neginf")
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

// mustUnary returns the tensor spec of a unary operation the language
// names; a missing one is a programming error caught by every test run.
func mustUnary(name string) *tensor.UnarySpec {
	spec, ok := tensor.LookupUnary(name)
	if !ok {
		panic("no tensor operation " + name)
	}
	return spec
}

// optFloat returns a number argument, or nil for None.
func optFloat(a *Args, name string) *float64 {
	if a.IsNone(name) {
		return nil
	}
	f := a.Float(name)
	return &f
}
