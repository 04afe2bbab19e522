package torch

import (
	"fmt"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The element-wise builtins (autograd/elementwise.go, tensor/binary.go and
// tensor/unary.go): those of the op table, and round, clamp and the in-place
// writes zero_, fill_, copy_.

// exposureKind is the NewBuiltin kind of an op the language offers as exposure
// says.
func exposureKind(e autograd.Exposure) lang.BuiltinKind {
	kind := lang.AsValue
	if e&autograd.Function != 0 {
		kind |= lang.AsFunc
	}
	if e&autograd.Method != 0 {
		kind |= lang.AsMethod
	}
	return kind
}

func defElementwise() {
	for _, op := range autograd.BinaryOps() {
		if op.Expose == autograd.Custom || op.Expose == autograd.Special {
			continue
		}
		params := "(input, " + op.Other + ")"
		switch {
		case op.Alpha:
			params = "(input, " + op.Other + ", *, alpha=1)"
		case op.Rounding != nil:
			params = "(input, " + op.Other + ", *, rounding_mode=None)"
		}
		defBinary(exposureKind(op.Expose), op.Name+params, op.Doc, op)
		if op.InPlaceDoc != "" {
			defInPlace(op.Name+"_"+params, op.InPlaceDoc, op, op.Other)
		}
	}
	for _, op := range autograd.UnaryOps() {
		if op.Expose == autograd.Custom || op.Expose == autograd.Special {
			continue
		}
		defUnary(exposureKind(op.Expose), op.Name+"(input)", op.Doc, op.Apply)
	}
	lang.NewBuiltin(lang.AsMethod, "round(input, *, decimals=0)", autograd.RoundOp.Doc, func(a *lang.Args) (lang.Value, error) {
		x, decimals := tensorArg(a, "input"), a.Int("decimals")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.RoundDecimals(x, decimals))
	})
	lang.NewBuiltin(lang.AsMethod, "round_(input, *, decimals=0)", "In place: input = round(input, decimals=decimals); returns input.", func(a *lang.Args) (lang.Value, error) {
		x, decimals := tensorArg(a, "input"), a.Int("decimals")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if decimals == 0 {
			if err := autograd.CheckInPlace(x); err != nil {
				return nil, err
			}
			return inPlace(x, autograd.RoundOp.InPlace(x))
		}
		return inPlace(x, autograd.Rewrite(x, "round_", func(old *tensor.Tensor) (*tensor.Tensor, error) {
			return autograd.RoundDecimals(old, decimals)
		}))
	})
	lang.NewBuiltin(lang.AsBoth, "clamp(input, min=None, max=None)", "Each element limited to [min, max]; either bound may be None, a number or a tensor. The gradient passes where min <= input <= max.", func(a *lang.Args) (lang.Value, error) {
		x, lo, hi := clampArgs(a)
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.Clamp(x, lo, hi))
	})
	lang.NewBuiltin(lang.AsMethod, "clamp_(input, min=None, max=None)", "In place: limits each element to [min, max]; returns input.", func(a *lang.Args) (lang.Value, error) {
		x, lo, hi := clampArgs(a)
		if err := a.Err(); err != nil {
			return nil, err
		}
		if ok, err := autograd.ClampNumbersInPlace(x, lo, hi); ok {
			if err != nil {
				return nil, err
			}
			return x, nil
		}
		bounds := []struct {
			op *autograd.BinaryOp
			t  *tensor.Tensor
		}{{autograd.MaximumOp, lo}, {autograd.MinimumOp, hi}}
		for _, b := range bounds { // check both before changing x
			if b.t == nil {
				continue
			}
			if call, err := b.op.Prepare(x, b.t); err != nil {
				return nil, err
			} else if out := call.Out(); !tensor.CanCast(out, x.DType()) {
				return nil, tensor.CastError(out, x.DType()).
					WithHint("use x = x.clamp(...) to get a new tensor, or convert x with .to(%s) first", out)
			}
		}
		for _, b := range bounds {
			if b.t == nil {
				continue
			}
			if err := b.op.InPlace(x, b.t); err != nil {
				return nil, err
			}
		}
		return x, nil
	})
	lang.NewBuiltin(lang.AsMethod, "zero_(input)", "In place: sets every element to 0; returns input.", func(a *lang.Args) (lang.Value, error) {
		x := a.Tensor("input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return inPlace(x, autograd.Zero(x))
	})
	lang.NewBuiltin(lang.AsMethod, "fill_(input, value)", "In place: sets every element to value (a number or a 0-d tensor); returns input.", func(a *lang.Args) (lang.Value, error) {
		x, v := a.Tensor("input"), a.TensorLike("value")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if err := checkFillValue(v); err != nil {
			return nil, err
		}
		return inPlace(x, autograd.Fill(x, v))
	})
	lang.NewBuiltin(lang.AsMethod, "copy_(input, src)", "In place: copies the elements of src (broadcast and converted to input's dtype) into input; returns input.", func(a *lang.Args) (lang.Value, error) {
		x, src := a.Tensor("input"), a.TensorLike("src")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return inPlace(x, autograd.Copy(x, src))
	})
}

// defBinary defines an element-wise builtin of input and a second operand
// (see binaryOperands) that applies op.
func defBinary(kind lang.BuiltinKind, sig, doc string, op *autograd.BinaryOp) {
	b := lang.NewBuiltin(kind, sig, doc, nil)
	markRoundingModeOmitted(b)
	other := b.ParamNames()[1]
	b.SetFn(func(a *lang.Args) (lang.Value, error) {
		op, x, y, alpha, err := binaryOperands(a, op, other)
		if err != nil {
			return nil, err
		}
		if op == autograd.SubOp && x.IsWrappedNumber() && !y.IsWrappedNumber() {
			// torch.sub(3, x) is sub's (Tensor, Tensor) overload with the
			// number wrapped: PyTorch records SubBackward0, where 3 - x,
			// which Python runs as x.__rsub__(3), records RsubBackward1.
			return result(autograd.Composite("SubBackward0", []*tensor.Tensor{x, y}, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
				return alpha.apply(op, in[0], in[1])
			}))
		}
		return result(alpha.apply(op, x, y))
	})
}

// defInPlace defines the in-place method of op, whose second operand is
// the parameter other.
func defInPlace(sig, doc string, op *autograd.BinaryOp, other string) {
	markRoundingModeOmitted(lang.NewBuiltin(lang.AsMethod, sig, doc, func(a *lang.Args) (lang.Value, error) {
		op, x, y, alpha, err := binaryOperands(a, op, other)
		if err != nil {
			return nil, err
		}
		return inPlace(x, alpha.applyInPlace(op, x, y))
	}))
}

// scaleBy is the alpha of add and sub: none (alpha=1, or a builtin
// without one), a real number, which one fused kernel applies where the
// operands promote to float32 or float64, as PyTorch's add kernel does
// (one rounding an element: issue 34), or any other number (a complex
// alpha, a NumPy scalar, or operands of other dtypes), which scales other
// first, a separate operation.
type scaleBy struct {
	given  bool
	number bool           // value is the alpha, a Python int or float
	isInt  bool           // the alpha was a Python int, n
	n      int64          //
	value  float64        // the alpha as a float64
	t      *tensor.Tensor // the alpha as a tensor, made when a kernel needs one
}

// tensor returns the alpha as a wrapped number: t, or for a Python int
// or float the number itself (an int stays an int, whose product with an
// integer tensor is exact).
func (s scaleBy) tensor() *tensor.Tensor {
	if s.t != nil {
		return s.t
	}
	if s.isInt {
		return tensor.MustScalar(s.n)
	}
	return tensor.MustScalar(s.value)
}

// apply computes x op alpha·y into a new tensor.
func (s scaleBy) apply(op *autograd.BinaryOp, x, y *tensor.Tensor) (*tensor.Tensor, error) {
	if !s.given {
		return op.Apply(x, y)
	}
	if s.number && op.Spec.Scales(x, y) {
		return op.ApplyScaled(x, y, s.value)
	}
	y, err := autograd.Mul(y, s.tensor())
	if err != nil {
		return nil, err
	}
	return op.Apply(x, y)
}

// applyInPlace computes x op alpha·y into x.
func (s scaleBy) applyInPlace(op *autograd.BinaryOp, x, y *tensor.Tensor) error {
	if !s.given {
		return op.InPlace(x, y)
	}
	if s.number && op.Spec.Scales(x, y) {
		return op.InPlaceScaled(x, y, s.value)
	}
	y, err := autograd.Mul(y, s.tensor())
	if err != nil {
		return err
	}
	return op.InPlace(x, y)
}

// roundingModeOmitted is the default of the parameter rounding_mode, which
// tells a call that leaves it out from one that gives None: PyTorch records
// div(x, y) as DivBackward0 and div(x, y, rounding_mode=None) as
// DivBackward2. Help shows the default as None (the signature's text).
type roundingModeOmitted struct{}

// markRoundingModeOmitted makes roundingModeOmitted the default of b's
// rounding_mode, if it has one.
func markRoundingModeOmitted(b *lang.Builtin) {
	if b.HasParam("rounding_mode") {
		b.SetDefault("rounding_mode", roundingModeOmitted{})
	}
}

// binaryOperands returns the descriptor to apply, the input tensor and
// the other operand, a tensor or a number (a weak operand in promotion):
// op, or for a builtin with rounding_mode (div) called with one, the
// descriptor of the mode it names, and the alpha to scale the operand by
// when the builtin has one.
func binaryOperands(a *lang.Args, op *autograd.BinaryOp, other string) (_ *autograd.BinaryOp, x, y *tensor.Tensor, alpha scaleBy, err error) {
	if err := refuseSequences(a, "input", other, "alpha"); err != nil {
		return nil, nil, nil, alpha, err
	}
	if numbersToo, ok := numberFirst[op]; ok {
		x = firstOperand(a, numbersToo, other)
	} else {
		x = tensorArg(a, "input")
	}
	if op.TensorOther {
		y = a.Tensor(other)
	} else {
		y = a.TensorLike(other)
	}
	if a.Builtin().HasParam("alpha") {
		switch v := a.Value("alpha").(type) {
		case int64:
			if v != 1 {
				alpha = scaleBy{given: true, number: true, isInt: true, n: v, value: float64(v)}
			}
		case float64:
			alpha = scaleBy{given: true, number: true, value: v}
		default:
			alpha = scaleBy{given: true, t: a.TensorLike("alpha")}
		}
	}
	var mode *string
	rounded := false
	if a.Builtin().HasParam("rounding_mode") {
		_, omitted := a.Value("rounding_mode").(roundingModeOmitted)
		rounded = !omitted
		if rounded && !a.IsNone("rounding_mode") {
			s := a.Str("rounding_mode")
			mode = &s
		}
	}
	if err := a.Err(); err != nil {
		return nil, nil, nil, alpha, err
	}
	if rounded {
		if op, err = op.Rounded(mode); err != nil {
			return nil, nil, nil, alpha, err
		}
	}
	return op, x, y, alpha, nil
}

// refuseSequences returns PyTorch's TypeError for a list or tuple given
// for one of the named parameters that a builtin has: an element-wise
// operand must be a tensor or a number, never data to convert
// (torch.add(t, [1, 2]) is "add(): argument 'other' (position 2) must be
// Tensor, not list"), and alpha a number.
func refuseSequences(a *lang.Args, names ...string) error {
	b := a.Builtin()
	for _, name := range names {
		if !b.HasParam(name) {
			continue
		}
		v := a.Value(name)
		switch v.(type) {
		case *lang.List, lang.Tuple:
		default:
			continue
		}
		want := "Tensor"
		if name == "alpha" {
			want = "Number"
		}
		at := ""
		if pos := a.Position(name); pos > 0 {
			at = fmt.Sprintf(" (position %d)", pos)
		}
		return lang.Errorf(lang.TypeError, "%s(): argument '%s'%s must be %s, not %s", b.Name, name, at, want, lang.TypeName(v))
	}
	return nil
}

// numberFirst says which binary functions take a Python number as input,
// as PyTorch's do: add, sub, mul and the divisions take numbers wherever a
// tensor goes, both operands included (its argument parser's
// should_allow_numbers_as_tensors: torch.add(2, 3) is tensor(5)); the
// others named have a (Number self, Tensor other) overload. The number is
// a weak operand in promotion, as the other way round.
var numberFirst = map[*autograd.BinaryOp]bool{ // true: other may be a number too
	autograd.AddOp: true, autograd.SubOp: true, autograd.MulOp: true,
	autograd.DivOp: true, autograd.DivideOp: true, autograd.TrueDivideOp: true, autograd.FloorDivideOp: true,
	autograd.RemainderOp: false, autograd.XlogyOp: false,
	autograd.BitwiseAndOp: false, autograd.BitwiseOrOp: false, autograd.BitwiseXorOp: false,
	autograd.BitwiseLeftShiftOp: false, autograd.BitwiseRightShiftOp: false,
}

// firstOperand reads the input of a binary builtin that takes a Python
// number first (see numberFirst): a tensor, or a number when the operand
// other is a tensor or numbersToo.
func firstOperand(a *lang.Args, numbersToo bool, other string) *tensor.Tensor {
	if isPythonNumber(a.Value("input")) {
		if _, tensorOther := a.Value(other).(*tensor.Tensor); numbersToo || tensorOther {
			return a.TensorLike("input")
		}
	}
	return tensorArg(a, "input")
}

// isPythonNumber reports whether v is a Python bool, int, float or complex
// (or a NumPy scalar).
func isPythonNumber(v lang.Value) bool {
	switch v.(type) {
	case bool, int64, float64, lang.Complex, lang.Number:
		return true
	}
	return false
}

// inPlace finishes an in-place method: it returns the changed tensor, or
// the error.
func inPlace(x *tensor.Tensor, err error) (lang.Value, error) {
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
	if autograd.InPlaceRecorded(x) {
		return notRecorded(op)
	}
	return nil
}

func notRecorded(op string) error {
	return lang.Errorf(lang.RuntimeError, "%s cannot be recorded by autograd here: it would overwrite values that require grad", op).
		WithHint("build a new tensor instead (where, masked_fill, cat), or do it inside `with no_grad():` or on x.detach()")
}

// clampArgs returns the input and the bounds of clamp; a missing bound is
// nil.
func clampArgs(a *lang.Args) (x, lo, hi *tensor.Tensor) {
	x = tensorArg(a, "input")
	if a.IsNone("min") && a.IsNone("max") {
		a.Fail(lang.Errorf(lang.RuntimeError, "%s: At least one of 'min' or 'max' must not be None", a.Builtin().Name))
	}
	if !a.IsNone("min") {
		lo = a.TensorLike("min")
	}
	if !a.IsNone("max") {
		hi = a.TensorLike("max")
	}
	return x, lo, hi
}
