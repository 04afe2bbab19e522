package lang

import (
	"math"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/tensor"
)

// The tensor operations: element-wise functions, reductions, linear
// algebra, neural-network functions, joining and indexing, and views. Those
// with a derivative go through package autograd, so that they are recorded
// when an input requires grad; the others call package tensor.

func init() {
	defElementwise()
	defReductions()
	defLinalg()
	defNN()
	defJoining()
	defViews()
}

// binaryOp is an element-wise operation of two operands.
type binaryOp struct {
	name, spec string // the builtin's name and the tensor operation's
	kind       int
	doc        string
}

var binaryOps = []binaryOp{
	{"mul", "mul", asBoth, "input * other, element-wise with broadcasting."},
	{"div", "div", asBoth, "input / other: true division, so integers give float32."},
	{"true_divide", "div", asBoth, "input / other, the same as div."},
	{"floor_divide", "floor_divide", asBoth, "input // other: the quotient rounded down; integers stay integers."},
	{"remainder", "remainder", asBoth, "input % other, with the sign of other as in Python."},
	{"maximum", "maximum", asBoth, "The larger of input and other, element-wise (NaN wins)."},
	{"minimum", "minimum", asBoth, "The smaller of input and other, element-wise (NaN wins)."},
	{"eq", "eq", asBoth, "input == other, element-wise, as a bool tensor."},
	{"ne", "ne", asBoth, "input != other, element-wise, as a bool tensor."},
	{"lt", "lt", asBoth, "input < other, element-wise, as a bool tensor."},
	{"le", "le", asBoth, "input <= other, element-wise, as a bool tensor."},
	{"gt", "gt", asBoth, "input > other, element-wise, as a bool tensor."},
	{"ge", "ge", asBoth, "input >= other, element-wise, as a bool tensor."},
	{"logical_and", "logical_and", asBoth, "Whether both elements are true (non-zero), as a bool tensor."},
	{"logical_or", "logical_or", asBoth, "Whether either element is true (non-zero), as a bool tensor."},
	{"logical_xor", "logical_xor", asBoth, "Whether exactly one element is true (non-zero), as a bool tensor."},
	{"bitwise_and", "bitwise_and", asBoth, "input & other for integer and bool tensors."},
	{"bitwise_or", "bitwise_or", asBoth, "input | other for integer and bool tensors."},
	{"bitwise_xor", "bitwise_xor", asBoth, "input ^ other for integer and bool tensors."},
}

// unaryOps are the element-wise functions of one tensor: name, kind, doc.
var unaryOps = []struct {
	name string
	kind int
	doc  string
}{
	{"neg", asBoth, "-input."},
	{"abs", asMethod, "The absolute value, element-wise."},
	{"exp", asBoth, "e ** input, element-wise (integers give float32)."},
	{"log", asBoth, "The natural logarithm, element-wise (integers give float32)."},
	{"sqrt", asBoth, "The square root, element-wise (integers give float32)."},
	{"sin", asBoth, "The sine, element-wise."},
	{"cos", asBoth, "The cosine, element-wise."},
	{"tanh", asBoth, "The hyperbolic tangent, element-wise."},
	{"sigmoid", asBoth, "1 / (1 + e ** -input), element-wise."},
	{"relu", asBoth, "max(input, 0), element-wise."},
	{"floor", asBoth, "The largest integer not above each element; its gradient is zero."},
	{"ceil", asBoth, "The smallest integer not below each element; its gradient is zero."},
	{"sign", asBoth, "-1, 0 or 1 by the sign of each element; its gradient is zero."},
	{"logical_not", asBoth, "Whether each element is false (zero), as a bool tensor."},
	{"bitwise_not", asBoth, "~input for integer and bool tensors."},
}

func defElementwise() {
	for _, op := range []struct{ name, symbol string }{{"add", "+"}, {"sub", "-"}} {
		defBinary(asBoth, op.name+"(input, other, *, alpha=1)", "input "+op.symbol+" alpha * other, element-wise with broadcasting.", op.name)
		defInPlace(op.name+"_(input, other, *, alpha=1)", "In place: input "+op.symbol+"= alpha * other; returns input.", op.name)
	}
	for _, op := range binaryOps {
		defBinary(op.kind, op.name+"(input, other)", op.doc, op.spec)
	}
	for _, op := range []struct{ name, symbol string }{{"mul", "*"}, {"div", "/"}} {
		defInPlace(op.name+"_(input, other)", "In place: input "+op.symbol+"= other; returns input.", op.name)
	}
	defBinary(asMethod, "pow(input, exponent)", "input ** exponent, element-wise; the exponent may be a number or a tensor.", "pow")
	for _, op := range unaryOps {
		spec, ok := tensor.LookupUnary(op.name)
		if !ok {
			panic("no tensor operation " + op.name)
		}
		defUnary(op.kind, op.name+"(input)", op.doc, func(x *tensor.Tensor) (*tensor.Tensor, error) {
			return autograd.Unary(spec, x)
		})
	}
	def(asMethod, "round(input, *, decimals=0)", "Each element rounded to the given number of decimals, halves to even; its gradient is zero.", func(a *Args) (Value, error) {
		x, decimals := tensorArg(a, "input"), a.Int("decimals")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if decimals == 0 {
			return result(autograd.Round(x))
		}
		scale := tensor.MustScalar(math.Pow(10, float64(decimals)))
		scaled, err := autograd.Mul(x, scale)
		if err != nil {
			return nil, err
		}
		if scaled, err = autograd.Round(scaled); err != nil {
			return nil, err
		}
		return result(autograd.Div(scaled, scale))
	})
	def(asBoth, "clamp(input, min=None, max=None)", "Each element limited to [min, max]; either bound may be None, a number or a tensor. The gradient passes where min <= input <= max.", func(a *Args) (Value, error) {
		x, lo, hi := clampArgs(a)
		if err := a.Err(); err != nil {
			return nil, err
		}
		out, err := clampSide(tensor.Lt, x, lo)
		if err != nil {
			return nil, err
		}
		return result(clampSide(tensor.Gt, out, hi))
	})
	def(asMethod, "clamp_(input, min=None, max=None)", "In place: limits each element to [min, max]; returns input.", func(a *Args) (Value, error) {
		x, lo, hi := clampArgs(a)
		if err := a.Err(); err != nil {
			return nil, err
		}
		bounds := []struct {
			spec *tensor.BinarySpec
			t    *tensor.Tensor
		}{{tensor.MaximumSpec, lo}, {tensor.MinimumSpec, hi}}
		for _, b := range bounds { // check both before changing x
			if b.t == nil {
				continue
			}
			if _, out, err := b.spec.Types(x, b.t); err != nil {
				return nil, err
			} else if !tensor.CanCast(out, x.DType()) {
				return nil, newErrorf(TypeError, "result type %s can't be cast to the desired output type %s", out, x.DType()).
					withHint("use x = x.clamp(...) to get a new tensor, or convert x with .to(%s) first", out)
			}
		}
		for _, b := range bounds {
			if b.t == nil {
				continue
			}
			if err := autograd.InPlace(b.spec, x, b.t); err != nil {
				return nil, err
			}
		}
		return x, nil
	})
	def(asMethod, "zero_(input)", "In place: sets every element to 0; returns input.", func(a *Args) (Value, error) {
		x := a.Tensor("input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if err := checkOverwrite(x, "zero_"); err != nil {
			return nil, err
		}
		return inPlace(x, x.Fill(0))
	})
	def(asMethod, "fill_(input, value)", "In place: sets every element to value (a number or a 0-d tensor); returns input.", func(a *Args) (Value, error) {
		x, v := a.Tensor("input"), a.TensorLike("value")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if v.Dim() != 0 {
			return nil, newErrorf(RuntimeError, "fill_ only supports 0-dimension value tensor but got tensor with %d dimensions.", v.Dim()).
				withHint("to copy a tensor's elements, use x.copy_(src)")
		}
		if err := checkOverwrite(x, "fill_"); err != nil {
			return nil, err
		}
		if v.RequiresGrad() && autograd.IsGradEnabled() {
			return nil, notRecorded("fill_")
		}
		return inPlace(x, x.CopyFrom(v))
	})
	def(asMethod, "copy_(input, src)", "In place: copies the elements of src (broadcast and converted to input's dtype) into input; returns input.", func(a *Args) (Value, error) {
		x, src := a.Tensor("input"), a.TensorLike("src")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if err := checkOverwrite(x, "copy_"); err != nil {
			return nil, err
		}
		if src.RequiresGrad() && autograd.IsGradEnabled() {
			return nil, notRecorded("copy_")
		}
		return inPlace(x, x.CopyFrom(src))
	})
}

// defBinary defines an element-wise builtin of input and a second operand
// (see binaryOperands) that calls the tensor operation spec.
func defBinary(kind int, sig, doc, spec string) {
	b := def(kind, sig, doc, nil)
	other := b.params[1].name
	b.fn = func(a *Args) (Value, error) {
		x, y, err := binaryOperands(a, other)
		if err != nil {
			return nil, err
		}
		return result(ops.binary(spec, x, y))
	}
}

// defInPlace defines the in-place method of the binary operation name.
func defInPlace(sig, doc, name string) {
	spec, _ := tensor.LookupBinary(name)
	def(asMethod, sig, doc, func(a *Args) (Value, error) {
		x, y, err := binaryOperands(a, "other")
		if err != nil {
			return nil, err
		}
		return inPlace(x, autograd.InPlace(spec, x, y))
	})
}

// binaryOperands returns the input tensor and the other operand, a tensor
// or a number (a weak operand in promotion), scaled by alpha when the
// builtin has one.
func binaryOperands(a *Args, other string) (x, y *tensor.Tensor, err error) {
	x, y = tensorArg(a, "input"), a.TensorLike(other)
	var alpha *tensor.Tensor
	if a.b.paramIndex("alpha") >= 0 {
		if n, ok := a.Value("alpha").(int64); !ok || n != 1 {
			alpha = a.TensorLike("alpha")
		}
	}
	if err := a.Err(); err != nil {
		return nil, nil, err
	}
	if alpha != nil {
		y, err = ops.binary("mul", y, alpha)
	}
	return x, y, err
}

// inPlace finishes an in-place method: it returns the changed tensor, or
// the error.
func inPlace(x *tensor.Tensor, err error) (Value, error) {
	if err != nil {
		return nil, err
	}
	return x, nil
}

// checkOverwrite refuses to overwrite x in place when autograd could not
// follow: a leaf that requires grad (outside no_grad), or a tensor computed
// from one, whose recorded history the new values would not match.
func checkOverwrite(x *tensor.Tensor, op string) error {
	if err := autograd.CheckInPlace(x); err != nil {
		return err
	}
	if autograd.IsGradEnabled() && x.RequiresGrad() {
		return notRecorded(op)
	}
	return nil
}

func notRecorded(op string) error {
	return newErrorf(RuntimeError, "%s cannot be recorded by autograd here: it would overwrite values that require grad", op).
		withHint("build a new tensor instead (where, masked_fill, cat), or do it inside `with no_grad():` or on x.detach()")
}

// clampArgs returns the input and the bounds of clamp; a missing bound is
// nil.
func clampArgs(a *Args) (x, lo, hi *tensor.Tensor) {
	x = tensorArg(a, "input")
	if a.IsNone("min") && a.IsNone("max") {
		a.fail(newErrorf(RuntimeError, "%s: At least one of 'min' or 'max' must not be None", a.b.Name))
	}
	if !a.IsNone("min") {
		lo = a.TensorLike("min")
	}
	if !a.IsNone("max") {
		hi = a.TensorLike("max")
	}
	return x, lo, hi
}

// clampSide replaces the elements of x beyond bound (where beyond(x, bound)
// holds) by bound, through autograd.Where so that the gradient reaches x
// where it was kept and bound where it was used. A nil bound leaves x as it
// is.
func clampSide(beyond func(a, b *tensor.Tensor) (*tensor.Tensor, error), x, bound *tensor.Tensor) (*tensor.Tensor, error) {
	if bound == nil {
		return x, nil
	}
	cond, err := beyond(x, bound)
	if err != nil {
		return nil, err
	}
	return autograd.Where(cond, bound, x)
}

// tensorArg returns a tensor argument; a number or a list gets a hint to
// make it a tensor.
func tensorArg(a *Args, name string) *tensor.Tensor {
	switch v := a.Value(name).(type) {
	case int64, float64, bool:
		a.fail(a.typeError(name, "Tensor", v).withHint("make it a tensor first: %s(tensor(x)); the math module has functions of plain numbers", a.b.Name))
		return nil
	case *List, Tuple:
		a.fail(a.typeError(name, "Tensor", v).withHint("make it a tensor first: %s(tensor([...]))", a.b.Name))
		return nil
	}
	return a.Tensor(name)
}

func defReductions() {
	defReduce(asMethod, "sum", true, "The sum of the elements over dim (all when None); integers and bools give int64.", autograd.Sum)
	defReduce(asBoth, "mean", true, "The mean of the elements over dim (all when None); the input must be floating.", autograd.Mean)
	defReduce(asBoth, "prod", true, "The product of the elements over dim (all when None); integers and bools give int64.", autograd.Prod)
	defReduce(asBoth, "amax", false, "The largest element over dim (all when None); ties share the gradient.", autograd.Amax)
	defReduce(asBoth, "amin", false, "The smallest element over dim (all when None); ties share the gradient.", autograd.Amin)
	defReduce(asMethod, "all", false, "Whether every element over dim (all when None) is true, as a bool tensor.", tensor.All)
	defReduce(asMethod, "any", false, "Whether some element over dim (all when None) is true, as a bool tensor.", tensor.Any)
	defExtremum("max", "maximum", "The largest element as a 0-d tensor; with dim, a tuple (values, indices) along dim; with a tensor, the element-wise maximum.", autograd.Amax, autograd.Max)
	defExtremum("min", "minimum", "The smallest element as a 0-d tensor; with dim, a tuple (values, indices) along dim; with a tensor, the element-wise minimum.", autograd.Amin, autograd.Min)
	defArg("argmax", "The index of the largest element, in the flattened tensor or along dim, as int64.", tensor.ArgmaxAll, tensor.Argmax)
	defArg("argmin", "The index of the smallest element, in the flattened tensor or along dim, as int64.", tensor.ArgminAll, tensor.Argmin)
	defSpread("var", "The variance over dim (all when None), unbiased (dividing by N-1) unless unbiased=False or correction says otherwise.", autograd.Var)
	defSpread("std", "The standard deviation over dim (all when None), unbiased unless unbiased=False or correction says otherwise.", autograd.Std)
	defWithInt(asBoth, "cumsum(input, dim, *, dtype=None)", "The running sum along dim; integers and bools give int64.", autograd.Cumsum)
	def(asBoth, "logsumexp(input, dim, keepdim=False)", "log(sum(exp(input))) over dim, computed without overflow.", func(a *Args) (Value, error) {
		x, dims, keep := tensorArg(a, "input"), a.Ints("dim"), a.Bool("keepdim")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.Logsumexp(x, dims, keep))
	})
	def(asBoth, "norm(input, p='fro', dim=None, keepdim=False, dtype=None)", "The vector p-norm over dim (all when None): p may be a number, inf, -inf or 'fro' (2).", func(a *Args) (Value, error) {
		x, err := reduceInput(a)
		if err != nil {
			return nil, err
		}
		var p float64
		switch v := a.Value("p").(type) {
		case string:
			if v != "fro" {
				return nil, newErrorf(ValueError, "norm(): unsupported norm type '%s'", v).
					withHint("kael has vector norms: p may be a number, inf, -inf or 'fro'")
			}
			p = 2
		default:
			p = a.Float("p")
		}
		dims, keep := a.Ints("dim"), a.Bool("keepdim")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.Norm(x, p, dims, keep))
	})
}

// reduceInput returns the input of a reduction, converted to the dtype
// argument when the builtin has one and it is given.
func reduceInput(a *Args) (*tensor.Tensor, error) {
	x := tensorArg(a, "input")
	if a.b.paramIndex("dtype") < 0 || a.IsNone("dtype") {
		return x, a.Err()
	}
	d := a.DType("dtype")
	if err := a.Err(); err != nil {
		return nil, err
	}
	return autograd.To(x, d)
}

// defReduce defines a reduction over some or all dimensions; withDType
// adds PyTorch's dtype argument, the dtype to convert the input to first.
func defReduce(kind int, name string, withDType bool, doc string, f func(x *tensor.Tensor, dims []int, keepdim bool) (*tensor.Tensor, error)) {
	sig := name + "(input, dim=None, keepdim=False)"
	if withDType {
		sig = name + "(input, dim=None, keepdim=False, *, dtype=None)"
	}
	def(kind, sig, doc, func(a *Args) (Value, error) {
		x, err := reduceInput(a)
		if err != nil {
			return nil, err
		}
		dims, keep := a.Ints("dim"), a.Bool("keepdim")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(f(x, dims, keep))
	})
}

// defWithInt defines a builtin of input and an int, its second parameter.
// The input is converted to the dtype argument first when the builtin has
// one (see reduceInput).
func defWithInt(kind int, sig, doc string, f func(x *tensor.Tensor, n int) (*tensor.Tensor, error)) {
	b := def(kind, sig, doc, nil)
	name := b.params[1].name
	b.fn = func(a *Args) (Value, error) {
		x, err := reduceInput(a)
		if err != nil {
			return nil, err
		}
		n := a.Int(name)
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(f(x, n))
	}
}

// defExtremum defines max or min: over everything, along a dimension with
// indices, or element-wise against another tensor.
func defExtremum(name, elementwise, doc string,
	all func(x *tensor.Tensor, dims []int, keepdim bool) (*tensor.Tensor, error),
	along func(x *tensor.Tensor, dim int, keepdim bool) (*tensor.Tensor, *tensor.Tensor, error)) {
	def(asMethod, name+"(input, dim=None, keepdim=False)", doc, func(a *Args) (Value, error) {
		x := tensorArg(a, "input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if other, ok := a.Value("dim").(*tensor.Tensor); ok {
			return result(ops.binary(elementwise, x, other))
		}
		keep, dim := a.Bool("keepdim"), a.OptInt("dim")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if dim == nil {
			return result(all(x, nil, false))
		}
		values, indices, err := along(x, *dim, keep)
		if err != nil {
			return nil, err
		}
		return Tuple{values, indices}, nil
	})
}

// defArg defines argmax or argmin.
func defArg(name, doc string, all func(x *tensor.Tensor) (*tensor.Tensor, error),
	along func(x *tensor.Tensor, dim int, keepdim bool) (*tensor.Tensor, error)) {
	def(asBoth, name+"(input, dim=None, keepdim=False)", doc, func(a *Args) (Value, error) {
		x, keep, dim := tensorArg(a, "input"), a.Bool("keepdim"), a.OptInt("dim")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if dim == nil {
			out, err := all(x)
			if err != nil || !keep {
				return result(out, err)
			}
			ones := make([]int, x.Dim())
			for i := range ones {
				ones[i] = 1
			}
			return result(out.Reshape(ones...))
		}
		return result(along(x, *dim, keep))
	})
}

// defSpread defines var or std, which take PyTorch's unbiased flag or its
// newer correction.
func defSpread(name, doc string, f func(x *tensor.Tensor, dims []int, correction int, keepdim bool) (*tensor.Tensor, error)) {
	def(asBoth, name+"(input, dim=None, unbiased=True, keepdim=False, *, correction=None)", doc, func(a *Args) (Value, error) {
		x, unbiased := tensorArg(a, "input"), a.Bool("unbiased")
		var dims []int
		if b, ok := a.Value("dim").(bool); ok { // x.var(False): the unbiased flag
			unbiased = b
		} else {
			dims = a.Ints("dim")
		}
		keep := a.Bool("keepdim")
		correction := 0
		if unbiased {
			correction = 1
		}
		if !a.IsNone("correction") {
			correction = a.Int("correction")
		}
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(f(x, dims, correction, keep))
	})
}

func defLinalg() {
	for _, op := range []struct {
		name string
		f    func(a, b *tensor.Tensor) (*tensor.Tensor, error)
		doc  string
	}{
		{"matmul", autograd.Matmul, "The matrix product input @ other, with PyTorch's rules for 1-D and batched operands."},
		{"mm", autograd.Mm, "The product of two matrices."},
		{"bmm", autograd.Bmm, "The batched product of [b, n, m] and [b, m, p] tensors."},
		{"dot", autograd.Dot, "The dot product of two 1-D tensors, as a 0-d tensor."},
		{"outer", autograd.Outer, "The outer product of two 1-D tensors."},
	} {
		def(asBoth, op.name+"(input, other)", op.doc, func(a *Args) (Value, error) {
			x, y := tensorArg(a, "input"), tensorArg(a, "other")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return result(op.f(x, y))
		})
	}
}

func defNN() {
	for _, op := range []struct {
		name string
		f    func(x *tensor.Tensor, dim int) (*tensor.Tensor, error)
		doc  string
	}{
		{"softmax", autograd.Softmax, "exp(input) normalized to sum to 1 along dim."},
		{"log_softmax", autograd.LogSoftmax, "log(softmax(input, dim)), computed stably."},
	} {
		defWithInt(asBoth, op.name+"(input, dim, dtype=None)", op.doc, op.f)
	}
	def(asFunc, "gelu(input, approximate='none')", "The GELU activation x·Φ(x); approximate='tanh' uses the tanh formula.", func(a *Args) (Value, error) {
		x, approx := tensorArg(a, "input"), a.Str("approximate")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.Gelu(x, approx))
	})
	defUnary(asFunc, "silu(input)", "The SiLU (swish) activation x·sigmoid(x).", autograd.Silu)
	for _, op := range []struct {
		name string
		f    func(x, target *tensor.Tensor, opt tensor.LossOptions) (*tensor.Tensor, error)
		doc  string
	}{
		{"cross_entropy", autograd.CrossEntropy, "The cross-entropy loss of logits input ([N, C] or [C]) at the int64 class indices target; reduction 'mean', 'sum' or 'none'; targets equal to ignore_index do not count."},
		{"nll_loss", autograd.NllLoss, "The negative log-likelihood loss of log-probabilities input at the int64 class indices target; reduction 'mean', 'sum' or 'none'."},
	} {
		def(asFunc, op.name+"(input, target, *, ignore_index=-100, reduction='mean')", op.doc, func(a *Args) (Value, error) {
			x, target := tensorArg(a, "input"), tensorArg(a, "target")
			opt := tensor.DefaultLossOptions()
			opt.IgnoreIndex, opt.Reduction = a.Int64("ignore_index"), a.Str("reduction")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return result(op.f(x, target, opt))
		})
	}
	def(asFunc, "mse_loss(input, target, *, reduction='mean')", "The mean squared error (input - target)², reduced by 'mean', 'sum' or 'none'.", func(a *Args) (Value, error) {
		x, target, reduction := tensorArg(a, "input"), a.TensorLike("target"), a.Str("reduction")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.MseLoss(x, target, reduction))
	})
	def(asFunc, "layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-05)", "Normalizes input over its last dimensions (normalized_shape) to mean 0 and variance 1, then scales by weight and adds bias when given.", func(a *Args) (Value, error) {
		x, shape := tensorArg(a, "input"), a.Ints("normalized_shape")
		weight, bias, eps := a.OptTensor("weight"), a.OptTensor("bias"), a.Float("eps")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.LayerNorm(x, shape, weight, bias, eps))
	})
	def(asFunc, "linear(input, weight, bias=None)", "input @ weight.T + bias: weight is [out_features, in_features].", func(a *Args) (Value, error) {
		x, weight, bias := tensorArg(a, "input"), tensorArg(a, "weight"), a.OptTensor("bias")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.Linear(x, weight, bias))
	})
	def(asFunc, "embedding(input, weight)", "The rows of weight ([num_embeddings, dim]) picked by the int64 indices input.", func(a *Args) (Value, error) {
		x, weight := tensorArg(a, "input"), tensorArg(a, "weight")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.Embedding(x, weight))
	})
	def(asFunc, "dropout(input, p=0.5, training=True)", "Zeroes each element with probability p and scales the others by 1/(1-p); the input itself when training is False.", func(a *Args) (Value, error) {
		x, p, training := tensorArg(a, "input"), a.Float("p"), a.Bool("training")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.Dropout(x, p, training, nil))
	})
}

func defJoining() {
	for _, op := range []struct {
		name string
		f    func(x *tensor.Tensor, diagonal int) (*tensor.Tensor, error)
		doc  string
	}{
		{"tril", autograd.Tril, "The lower triangle of the matrices in input (the elements on and below the diagonal-th diagonal), zeros elsewhere."},
		{"triu", autograd.Triu, "The upper triangle of the matrices in input (the elements on and above the diagonal-th diagonal), zeros elsewhere."},
	} {
		defWithInt(asBoth, op.name+"(input, diagonal=0)", op.doc, op.f)
	}
	def(asBoth, "masked_fill(input, mask, value)", "input with value (a number or a 0-d tensor) wherever the bool mask is true.", func(a *Args) (Value, error) {
		x, mask, v := tensorArg(a, "input"), a.Tensor("mask"), a.TensorLike("value")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.MaskedFill(x, mask, v))
	})
	def(asFunc, "where(condition, input, other)", "input where the bool condition is true and other elsewhere, broadcasting all three; input and other may be numbers.", func(a *Args) (Value, error) {
		cond, x, y := a.Tensor("condition"), a.TensorLike("input"), a.TensorLike("other")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.Where(cond, x, y))
	})
	for _, op := range []struct {
		name string
		f    func(ts []*tensor.Tensor, dim int) (*tensor.Tensor, error)
		doc  string
	}{
		{"cat", autograd.Cat, "The tensors joined along an existing dimension dim; dtypes are promoted."},
		{"stack", autograd.Stack, "The tensors, all of one shape, joined along a new dimension dim."},
	} {
		def(asFunc, op.name+"(tensors, dim=0)", op.doc, func(a *Args) (Value, error) {
			ts, dim := tensorList(a, "tensors"), a.Int("dim")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return result(op.f(ts, dim))
		})
	}
	def(asBoth, "split(tensor, split_size_or_sections, dim=0)", "A tuple of views of tensor along dim: pieces of split_size_or_sections elements (the last may be shorter), or of the sizes in a list.", func(a *Args) (Value, error) {
		x, dim := tensorArg(a, "tensor"), a.Int("dim")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if sizes, ok := intSequence(a.Value("split_size_or_sections")); ok {
			return tensorTuple(autograd.SplitSizes(x, sizes, dim))
		}
		size := a.Int("split_size_or_sections")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return tensorTuple(autograd.Split(x, size, dim))
	})
	def(asBoth, "chunk(input, chunks, dim=0)", "A tuple of at most chunks views of input along dim, of equal size except the last.", func(a *Args) (Value, error) {
		x, chunks, dim := tensorArg(a, "input"), a.Int("chunks"), a.Int("dim")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return tensorTuple(autograd.Chunk(x, chunks, dim))
	})
	def(asBoth, "flip(input, dims)", "A copy of input with the order of the elements reversed along dims (an int or a tuple).", func(a *Args) (Value, error) {
		x, dims := tensorArg(a, "input"), a.Ints("dims")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.Flip(x, dims...))
	})
	for _, op := range []struct {
		name string
		f    func(x *tensor.Tensor, dim int, index *tensor.Tensor) (*tensor.Tensor, error)
		doc  string
	}{
		{"gather", autograd.Gather, "The elements of input at the int64 index along dim: out[i][j] = input[index[i][j]][j] for dim 0."},
		{"index_select", autograd.IndexSelect, "The entries of input at the int64 positions in the 1-D index along dim."},
	} {
		def(asBoth, op.name+"(input, dim, index)", op.doc, func(a *Args) (Value, error) {
			x, dim, index := tensorArg(a, "input"), a.Int("dim"), a.TensorLike("index")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return result(op.f(x, dim, index))
		})
	}
}

// tensorList returns an argument that is a list or tuple of tensors.
func tensorList(a *Args, name string) []*tensor.Tensor {
	return tensorListValue(a, name, a.Value(name))
}

// tensorTuple converts the parts of a split to a tuple.
func tensorTuple(parts []*tensor.Tensor, err error) (Value, error) {
	if err != nil {
		return nil, err
	}
	out := make(Tuple, len(parts))
	for i, p := range parts {
		out[i] = p
	}
	return out, nil
}

func defViews() {
	defShaped(asMethod, "view(input, *shape)", "A view of input with a new shape sharing its elements: x.view(2, 3), x.view(-1) (-1 is inferred). Fails when the strides do not allow it; reshape copies then.", autograd.View)
	defShaped(asBoth, "reshape(input, *shape)", "input with a new shape: a view when possible, else a copy; one size may be -1.", autograd.Reshape)
	defShaped(asBoth, "permute(input, *dims)", "A view of input with its dimensions in the given order: x.permute(2, 0, 1).", autograd.Permute)
	defShaped(asMethod, "expand(input, *sizes)", "A view of input with size-1 dimensions repeated to the given sizes, without copying; -1 keeps a size.", autograd.Expand)
	def(asBoth, "broadcast_to(input, size)", "A view of input broadcast to size, like expand.", func(a *Args) (Value, error) {
		x, shape := tensorArg(a, "input"), a.Ints("size")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.BroadcastTo(x, shape...))
	})
	def(asBoth, "flatten(input, start_dim=0, end_dim=-1)", "input with dimensions start_dim..end_dim merged into one (a view when possible).", func(a *Args) (Value, error) {
		x, start, end := tensorArg(a, "input"), a.Int("start_dim"), a.Int("end_dim")
		if err := a.Err(); err != nil {
			return nil, err
		}
		shape, err := flattenShape(x.Shape(), start, end)
		if err != nil || x.Dim() > 0 && len(shape) == x.Dim() {
			return result(x, err) // start_dim == end_dim: x itself, as in PyTorch
		}
		return result(autograd.Reshape(x, shape...))
	})
	def(asBoth, "squeeze(input, dim=None)", "A view of input without its size-1 dimensions (only those in dim, an int or a tuple, when given).", func(a *Args) (Value, error) {
		x, dims := tensorArg(a, "input"), a.Ints("dim")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.Squeeze(x, dims...))
	})
	defWithInt(asBoth, "unsqueeze(input, dim)", "A view of input with a size-1 dimension inserted at dim.", autograd.Unsqueeze)
	def(asBoth, "transpose(input, dim0, dim1)", "A view of input with dimensions dim0 and dim1 swapped.", func(a *Args) (Value, error) {
		x, d0, d1 := tensorArg(a, "input"), a.Int("dim0"), a.Int("dim1")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.Transpose(x, d0, d1))
	})
	defUnary(asBoth, "t(input)", "The transpose of a matrix (a view); 0-d and 1-d tensors come back as they are.", func(x *tensor.Tensor) (*tensor.Tensor, error) {
		if x.Dim() > 2 {
			return nil, newErrorf(RuntimeError, "t() expects a tensor with <= 2 dimensions, but self is %dD", x.Dim()).
				withHint("use x.transpose(dim0, dim1) or x.permute(...) for more dimensions")
		}
		return autograd.T(x), nil
	})
	def(asBoth, "narrow(input, dim, start, length)", "A view of length elements of input along dim, from start.", func(a *Args) (Value, error) {
		x, dim, start, length := tensorArg(a, "input"), a.Int("dim"), a.Int("start"), a.Int("length")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.Narrow(x, dim, start, length))
	})
	defUnary(asMethod, "contiguous(input)", "input itself when its elements are in row-major order, else a row-major copy.", autograd.Contiguous)
	defUnary(asBoth, "clone(input)", "A copy of input with its own storage; gradients flow back to input.", autograd.Clone)
	defUnary(asBoth, "detach(input)", "input cut from the autograd graph: shares its elements and does not require grad.", func(x *tensor.Tensor) (*tensor.Tensor, error) {
		return autograd.Detach(x), nil
	})
}

// defUnary defines a builtin of one tensor, input, that computes f(input).
func defUnary(kind int, sig, doc string, f func(x *tensor.Tensor) (*tensor.Tensor, error)) {
	def(kind, sig, doc, func(a *Args) (Value, error) {
		x := tensorArg(a, "input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(f(x))
	})
}

// defShaped defines a view taking a variadic shape or dimension list, given
// as separate ints or as one tuple or list.
func defShaped(kind int, sig, doc string, f func(x *tensor.Tensor, shape ...int) (*tensor.Tensor, error)) {
	b := def(kind, sig, doc, nil)
	variadic := b.params[len(b.params)-1].name
	b.fn = func(a *Args) (Value, error) {
		x, shape := tensorArg(a, "input"), a.Shape(variadic)
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(f(x, shape...))
	}
}

// flattenShape returns the shape flatten(start, end) gives a tensor of the
// given shape.
func flattenShape(shape []int, start, end int) ([]int, error) {
	n := len(shape)
	if n == 0 {
		return []int{1}, nil
	}
	norm := func(d int) (int, error) {
		if d < -n || d >= n {
			return 0, newErrorf(IndexError, "Dimension out of range (expected to be in range of [%d, %d], but got %d)", -n, n-1, d)
		}
		if d < 0 {
			d += n
		}
		return d, nil
	}
	start, err := norm(start)
	if err != nil {
		return nil, err
	}
	if end, err = norm(end); err != nil {
		return nil, err
	}
	if start > end {
		return nil, newErrorf(RuntimeError, "flatten() has invalid args: start_dim cannot come after end_dim")
	}
	merged := 1
	for _, s := range shape[start : end+1] {
		merged *= s
	}
	out := append(append([]int(nil), shape[:start]...), merged)
	return append(out, shape[end+1:]...), nil
}
