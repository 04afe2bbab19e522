package numpy

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// asOperand reads a value NumPy computes with: arrays, NumPy scalars,
// Python numbers and nested lists of them. ok is false for other values
// (a torch tensor: PyTorch's rules then apply).
func asOperand(v lang.Value) (operand, bool, error) {
	if arr, ok := subArray(v); ok {
		v = arr // an instance of an ndarray subclass (subclass.go)
	}
	switch x := v.(type) {
	case *Array:
		return operand{t: x.val(), weak: x.store.Dim() == 0}, true, nil
	case *Scalar:
		return operand{t: x.t, weak: true}, true, nil
	case bool, int64, float64, lang.Complex: // NumPy's dtype of a Python number is its Go type's
		t, err := pyScalar(x)
		return operand{t: t, weak: true}, true, err
	case lang.BigInt: // from 2^63 to 2^64-1 a uint64, as NumPy's value-based casting makes it
		if t, ok := uint64Array(x); ok {
			return operand{t: t, weak: true}, true, nil
		}
	case *lang.List, lang.Tuple:
		t, err := arrayFrom(x, 0, false)
		if err != nil {
			return operand{}, false, err
		}
		return operand{t: t, weak: t.Dim() == 0}, true, nil
	}
	return operand{}, false, nil
}

// castTensor converts t to dt (t itself when it has that dtype).
func castTensor(t *tensor.Tensor, dt tensor.DType) (*tensor.Tensor, error) {
	if t.DType() == dt {
		return t, nil
	}
	if dt == tensor.Bool && t.DType().IsComplex() {
		// NumPy's complex to bool is True unless both parts are zero;
		// PyTorch's (Tensor.To) reads the real part only.
		return tensor.Truth(t)
	}
	return t.To(dt)
}

// wrap returns the array for t, or a scalar when t is 0-d: what NumPy's
// operations give; nil for a nil t, so that return wrap(r), err is safe.
func wrap(t *tensor.Tensor) lang.Value {
	if t == nil { // the operation failed: its error says why
		return nil
	}
	if t.Dim() == 0 {
		return &Scalar{t: t}
	}
	return &Array{store: t}
}

// wrapArray returns the array for t, even 0-d.
func wrapArray(t *tensor.Tensor) *Array { return &Array{store: t} }

// binaryKernels are the tensor functions of NumPy's binary operators,
// applied to operands already cast to the result's dtype.
var binaryKernels = map[syntax.Token]func(a, b *tensor.Tensor) (*tensor.Tensor, error){
	syntax.PLUS:       tensor.Add,
	syntax.MINUS:      tensor.Sub,
	syntax.STAR:       tensor.Mul,
	syntax.SLASH:      tensor.Div,
	syntax.SLASHSLASH: tensor.FloorDivide,
	syntax.PERCENT:    tensor.Remainder,
	syntax.STARSTAR:   tensor.Pow,
	syntax.AMP:        tensor.BitwiseAnd,
	syntax.PIPE:       tensor.BitwiseOr,
	syntax.CARET:      tensor.BitwiseXor,
	syntax.EQL:        tensor.Eq,
	syntax.NEQ:        tensor.Ne,
	syntax.LT:         tensor.Lt,
	syntax.LE:         tensor.Le,
	syntax.GT:         tensor.Gt,
	syntax.GE:         tensor.Ge,
}

// ufuncNames name the operators in NumPy's messages.
var ufuncNames = map[syntax.Token]string{
	syntax.PLUS: "add", syntax.MINUS: "subtract", syntax.STAR: "multiply", syntax.SLASH: "true_divide",
	syntax.SLASHSLASH: "floor_divide", syntax.PERCENT: "remainder", syntax.STARSTAR: "power",
	syntax.AMP: "bitwise_and", syntax.PIPE: "bitwise_or", syntax.CARET: "bitwise_xor",
	syntax.LSHIFT: "left_shift", syntax.RSHIFT: "right_shift",
	syntax.EQL: "equal", syntax.NEQ: "not_equal", syntax.LT: "less", syntax.LE: "less_equal",
	syntax.GT: "greater", syntax.GE: "greater_equal", syntax.AT: "matmul",
}

// swapped is the comparison seen from the other side: a < b is b > a.
var swapped = map[syntax.Token]syntax.Token{syntax.LT: syntax.GT, syntax.GT: syntax.LT, syntax.LE: syntax.GE, syntax.GE: syntax.LE}

// binaryOp applies op to self and other (other on the left when
// reflected) with NumPy's rules; ok is false when other is not something
// NumPy computes with.
func binaryOp(op syntax.Token, self, other lang.Value, reflected bool) (lang.Value, bool, error) {
	if r, ok, err := float64ScalarOp(op, self, other, reflected); ok {
		return r, true, err
	}
	a, ok, err := asOperand(self)
	if !ok || err != nil {
		return nil, ok, err
	}
	b, ok, err := asOperand(other)
	if err != nil {
		return nil, true, err
	}
	if !ok {
		if _, none := other.(lang.NoneType); none && (op == syntax.EQL || op == syntax.NEQ) {
			// compared with an object, element by element
			r, err := tensor.Full(map[bool]float64{true: 1, false: 0}[op == syntax.NEQ], tensor.Bool, a.t.Shape()...)
			if err != nil {
				return nil, true, err
			}
			return wrap(r), true, nil
		}
		if op == syntax.EQL || op == syntax.NEQ {
			return op == syntax.NEQ, true, nil
		}
		return nil, false, nil
	}
	if reflected {
		a, b = b, a
	}
	r, err := applyBinary(op, a, b)
	if err != nil {
		return nil, true, err
	}
	return r, true, nil
}

// scalarArith are the operators float64ScalarOp computes.
var scalarArith = map[syntax.Token]func(a, b *tensor.Tensor) (*tensor.Tensor, error){
	syntax.PLUS: tensor.Add, syntax.MINUS: tensor.Sub, syntax.STAR: tensor.Mul, syntax.SLASH: tensor.Div,
}

// float64ScalarOp is the short way of a float64 array (not 0-d) and a
// Python int or float under + - * /, the commonest mixed operation: by
// NumPy's rules the result is float64 whatever the number's value, so the
// number becomes a float64 0-d tensor at once (float64(int64) rounds once,
// as NumPy's cast of a Python int does) instead of going through its own
// dtype, the promotion and a cast. ok is false where the general path
// applies.
func float64ScalarOp(op syntax.Token, self, other lang.Value, reflected bool) (lang.Value, bool, error) {
	arr, isArr := self.(*Array)
	if !isArr || arr.store.DType() != tensor.Float64 || arr.store.Dim() == 0 {
		return nil, false, nil
	}
	var v float64
	switch x := other.(type) {
	case float64:
		v = x
	case int64:
		v = float64(x)
	default:
		return nil, false, nil
	}
	kernel, ok := scalarArith[op]
	if !ok {
		return nil, false, nil
	}
	s, err := tensor.FromSlice([]float64{v}, []int{}...)
	if err != nil {
		return nil, true, err
	}
	x, y := arr.val(), s
	if reflected {
		x, y = y, x
	}
	r, err := kernel(x, y)
	if err != nil {
		return nil, true, err
	}
	return wrap(r), true, nil
}

// applyBinary computes a op b.
func applyBinary(op syntax.Token, a, b operand) (lang.Value, error) {
	name := ufuncNames[op]
	if op == syntax.AT {
		if a.t.Dim() == 0 || b.t.Dim() == 0 {
			return nil, lang.Errorf(lang.ValueError, "matmul: Input operand %d does not have enough dimensions (has 0, gufunc core with signature (n?,k),(k,m?)->(n?,m?) requires 1)", map[bool]int{true: 0, false: 1}[a.t.Dim() == 0])
		}
		if err := matmulError(a.t.Shape(), b.t.Shape()); err != nil {
			return nil, err
		}
		dt := promote(a.t.DType(), b.t.DType())
		in := dt
		if dt == tensor.Float16 {
			in = tensor.Float32 // NumPy's float16 products sum in float32
		}
		x, y, err := castBoth(a.t, b.t, in)
		if err != nil {
			return nil, err
		}
		r, err := tensor.Matmul(x, y)
		if err == nil {
			r, err = castTensor(r, dt)
		}
		if err != nil {
			return nil, err
		}
		return wrap(r), nil
	}
	if err := broadcastError(a.t.Shape(), b.t.Shape()); err != nil {
		return nil, err
	}
	if op == syntax.LSHIFT || op == syntax.RSHIFT {
		return shiftOp(op, a, b)
	}
	kernel, ok := binaryKernels[op]
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "unsupported operand type(s) for %s: 'numpy.ndarray' and 'numpy.ndarray'", op)
	}
	dt, err := resultType(a, b)
	if err != nil {
		return nil, err
	}
	switch op {
	case syntax.SLASH:
		if !dt.IsFloating() && !dt.IsComplex() {
			dt = tensor.Float64
		}
	case syntax.MINUS:
		if dt == tensor.Bool {
			return nil, lang.Errorf(lang.TypeError, "numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the `^` operator, or the logical_xor function instead.")
		}
	case syntax.SLASHSLASH, syntax.PERCENT:
		if dt.IsComplex() {
			return nil, lang.Errorf(lang.TypeError, "ufunc '%s' not supported for the input types, and the inputs could not be safely coerced to any supported types according to the casting rule ''safe''", name)
		}
	case syntax.AMP, syntax.PIPE, syntax.CARET:
		if dt.IsFloating() {
			return nil, lang.Errorf(lang.TypeError, "ufunc '%s' not supported for the input types, and the inputs could not be safely coerced to any supported types according to the casting rule ''safe''", name)
		}
	case syntax.STARSTAR:
		if kindRank(dt) == 1 {
			if neg, err := anyNegative(b.t); err != nil {
				return nil, err
			} else if neg {
				return nil, lang.Errorf(lang.ValueError, "Integers to negative integer powers are not allowed.")
			}
		}
	}
	x, y, err := castBoth(a.t, b.t, dt)
	if err != nil {
		return nil, err
	}
	if dt == tensor.Uint64 {
		if r, ok, err := uint64Binary(op, x, y); ok {
			return r, err
		}
	}
	if (op == syntax.SLASHSLASH || op == syntax.PERCENT) && kindRank(dt) == 1 {
		return intDivision(op, x, y, dt)
	}
	if less, ok := complexComparisons[op]; ok && dt.IsComplex() {
		r, err := complexBinary(x, y, func(a, b complex128) uint8 {
			if less(a, b) {
				return 1
			}
			return 0
		})
		if err == nil {
			r, err = castTensor(r, tensor.Bool)
		}
		if err != nil {
			return nil, err
		}
		return wrap(r), nil
	}
	if op == syntax.STARSTAR && dt.IsComplex() {
		r, err := complexPower(x, y, dt)
		if err != nil {
			return nil, err
		}
		return wrap(r), nil
	}
	r, err := kernel(x, y)
	if err != nil {
		return nil, err
	}
	return wrap(r), nil
}

func castBoth(a, b *tensor.Tensor, dt tensor.DType) (*tensor.Tensor, *tensor.Tensor, error) {
	x, err := castTensor(a, dt)
	if err != nil {
		return nil, nil, err
	}
	y, err := castTensor(b, dt)
	return x, y, err
}

func anyNegative(t *tensor.Tensor) (bool, error) {
	if isUnsigned(t.DType()) {
		return false, nil
	}
	zero, _ := tensor.Scalar(int64(0))
	lt, err := tensor.Lt(t, zero)
	if err != nil {
		return false, err
	}
	any, err := tensor.Any(lt, nil, false)
	if err != nil {
		return false, err
	}
	v, err := any.Item()
	return v == true, err
}

// intDivision is // and % on integers of dtype dt, where NumPy gives 0
// for a zero divisor (with a RuntimeWarning) instead of raising.
func intDivision(op syntax.Token, x, y *tensor.Tensor, dt tensor.DType) (lang.Value, error) {
	x, y, err := castBoth(x, y, tensor.Int64)
	if err != nil {
		return nil, err
	}
	shape, err := tensor.BroadcastShapes(x.Shape(), y.Shape())
	if err != nil {
		return nil, err
	}
	xs, err := broadcastValues[int64](x, shape)
	if err != nil {
		return nil, err
	}
	ys, err := broadcastValues[int64](y, shape)
	if err != nil {
		return nil, err
	}
	out := make([]int64, len(xs))
	for i := range xs {
		if ys[i] == 0 {
			continue
		}
		if op == syntax.SLASHSLASH {
			out[i] = tensor.FloorDivInt(xs[i], ys[i])
		} else {
			out[i] = tensor.RemainderInt(xs[i], ys[i])
		}
	}
	r, err := fromValues(out, shape)
	if err != nil {
		return nil, err
	}
	if r, err = castTensor(r, dt); err != nil {
		return nil, err
	}
	return wrap(r), nil
}

// broadcastValues returns t's elements broadcast to shape, in order.
func broadcastValues[T tensor.Element](t *tensor.Tensor, shape []int) ([]T, error) {
	e, err := t.Expand(shape...)
	if err != nil {
		return nil, err
	}
	c, err := e.Contiguous()
	if err != nil {
		return nil, err
	}
	return tensor.Values[T](c)
}

// unaryOp is -x, +x and ~x.
func unaryOp(op syntax.Token, t *tensor.Tensor) (lang.Value, error) {
	switch op {
	case syntax.MINUS:
		if t.DType() == tensor.Bool {
			return nil, boolNegativeError()
		}
		r, err := negate(t)
		if err != nil {
			return nil, err
		}
		return wrap(r), nil
	case syntax.PLUS:
		r, err := t.Clone()
		if err != nil {
			return nil, err
		}
		return wrap(r), nil
	case syntax.TILDE:
		if t.DType().IsFloating() {
			return nil, lang.Errorf(lang.TypeError, "ufunc 'invert' not supported for the input types, and the inputs could not be safely coerced to any supported types according to the casting rule ''safe''")
		}
		r, err := tensor.BitwiseNot(t)
		if err != nil {
			return nil, err
		}
		return wrap(r), nil
	}
	return nil, lang.Errorf(lang.TypeError, "bad operand type for unary %s: 'numpy.ndarray'", op)
}
