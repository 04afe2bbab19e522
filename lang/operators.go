package lang

import (
	"errors"
	"math"
	"math/big"
	"reflect"
	"slices"
	"strings"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/internal/libm"
	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// binaryOperators maps operator tokens to the operations they apply on
// tensors, autograd's descriptors (autograd.BinaryOps).
var binaryOperators = map[syntax.Token]*autograd.BinaryOp{
	syntax.PLUS: autograd.AddOp, syntax.MINUS: autograd.SubOp, syntax.STAR: autograd.MulOp, syntax.SLASH: autograd.DivOp,
	syntax.SLASHSLASH: autograd.FloorDivideOp, syntax.PERCENT: autograd.RemainderOp, syntax.STARSTAR: autograd.PowOp,
	syntax.AMP: autograd.BitwiseAndOp, syntax.PIPE: autograd.BitwiseOrOp, syntax.CARET: autograd.BitwiseXorOp,
	syntax.LSHIFT: autograd.BitwiseLeftShiftOp, syntax.RSHIFT: autograd.BitwiseRightShiftOp,
	syntax.EQL: autograd.EqOp, syntax.NEQ: autograd.NeOp, syntax.LT: autograd.LtOp, syntax.LE: autograd.LeOp,
	syntax.GT: autograd.GtOp, syntax.GE: autograd.GeOp,
}

// isTensorOperand reports whether an operator with v should use tensor
// semantics.
func isTensor(v Value) bool {
	_, ok := v.(*tensor.Tensor)
	return ok
}

func (in *interp) unary(op syntax.Token, v Value, at syntax.Node) (Value, error) {
	if op == syntax.NOT {
		t, err := Truth(v)
		return !t, err
	}
	if x, ok := v.(*Instance); ok {
		return in.userUnary(op, x)
	}
	if x, ok := v.(UnaryOperand); ok {
		return in.warned(x.UnaryOp(op))
	}
	if d, ok := v.(*Dict); ok && d.kind != nil && d.kind.Unary != nil {
		if r, ok, err := d.kind.Unary(op, d); ok || err != nil {
			return r, err
		}
	}
	if t, ok := v.(*tensor.Tensor); ok {
		switch op {
		case syntax.MINUS:
			return ops.neg(t)
		case syntax.PLUS:
			return t, nil
		case syntax.TILDE:
			return autograd.BitwiseNotOp.Apply(t)
		}
	}
	switch x := v.(type) {
	case bool:
		return in.unary(op, boolInt(x), at)
	case int64:
		switch op {
		case syntax.MINUS:
			if x == math.MinInt64 {
				return BigInt{v: new(big.Int).Neg(big.NewInt(x))}, nil
			}
			return -x, nil
		case syntax.PLUS:
			return x, nil
		case syntax.TILDE:
			return ^x, nil
		}
	case BigInt:
		if r, ok := bigUnary(op, x.v); ok {
			return r, nil
		}
	case Complex:
		switch op {
		case syntax.MINUS:
			return -x, nil
		case syntax.PLUS:
			return x, nil
		}
	case float64:
		switch op {
		case syntax.MINUS:
			return -x, nil
		case syntax.PLUS:
			return x, nil
		}
	}
	return nil, Errorf(TypeError, "bad operand type for unary %s: '%s'", op, TypeName(v))
}

func boolInt(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// binary applies an arithmetic or bitwise operator; an error a special
// method raised on the way (the __str__ of "%s" % (x,)) is its error.
func (in *interp) binary(op syntax.Token, a, b Value, at syntax.Node) (Value, error) {
	v, err := in.warned(in.binaryValues(op, a, b, at))
	if err = in.raiseHooks(err); err != nil {
		return nil, err
	}
	return v, nil
}

func (in *interp) binaryValues(op syntax.Token, a, b Value, at syntax.Node) (Value, error) {
	if _, isStr := a.(string); (isUserValue(a) || isUserValue(b)) && !(isStr && op == syntax.PERCENT) {
		// str % x is str's formatting whatever x is, as in Python
		// (x's __rmod__ would be tried only for a subclass of str).
		return in.userBinary(op, a, b)
	}
	if r, ok, err := operandBinary(op, a, b); ok {
		return r, err
	}
	if r, ok, err := dialectBinary(op, a, b); ok || err != nil {
		return r, err
	}
	if r, ok, err := dictKindBinary(op, a, b); ok || err != nil {
		return r, err
	}
	if r, ok, err := dictUnion(op, a, b); ok {
		return r, err
	}
	if r, ok := typeUnion(op, a, b); ok { // int | None
		return r, nil
	}
	if op == syntax.AT && (isTensor(a) || isTensor(b)) {
		x, y, err := tensorOperands(op, a, b)
		if err != nil {
			return nil, err
		}
		in.noteBinary("@", x, y, tensor.ResultType(x, y), at)
		return ops.matmul(x, y)
	}
	if (isTensor(a) || isTensor(b)) && !IsBuiltinSequence(a) && !IsBuiltinSequence(b) {
		// Tensor's operators return NotImplemented for a sequence, so
		// that [1, 2] * t repeats the list by t's __index__ and
		// [1] + t is list's own concatenation error, as in Python.
		return in.tensorBinary(op, a, b, at)
	}
	if r, ok, err := numberBinary(op, a, b); ok || err != nil {
		return r, err
	}
	if r, ok, err := sequenceBinary(op, a, b); ok || err != nil {
		return r, err
	}
	return nil, operandError(op, a, b)
}

// operandError is CPython's TypeError for a op b when neither operand
// takes the other; errUnsupportedOperands marks it for inPlaceError.
func operandError(op syntax.Token, a, b Value) error {
	if op == syntax.PLUS {
		switch typ := sequenceTypeName(a); typ {
		case "str", "list", "tuple": // CPython's sequence concatenation message
			return Errorf(TypeError, "can only concatenate %s (not \"%s\") to %s", typ, TypeName(b), typ)
		}
	}
	symbol := op.String()
	if op == syntax.STARSTAR {
		symbol = "** or pow()"
	}
	e := Errorf(TypeError, "unsupported operand type(s) for %s: '%s' and '%s'", symbol, TypeName(a), TypeName(b))
	e.Err = unsupportedOperands{a, b}
	return e
}

// unsupportedOperands is what operandError's error wraps: the operands,
// so that inPlaceError rewords only the error of the augmented
// assignment's own operands, not one raised inside a special method it
// called.
type unsupportedOperands struct{ a, b Value }

func (u unsupportedOperands) Error() string { return "unsupported operand types" }

// inPlaceError is err reworded for cur op= v, as CPython words it
// ("unsupported operand type(s) for +=: ..."), when err is operandError's
// for cur and v themselves; any other error is returned as it is.
func inPlaceError(err error, op syntax.Token, cur, v Value) error {
	e, ok := err.(*Error)
	if !ok {
		return err
	}
	u, ok := e.Err.(unsupportedOperands)
	if !ok || !identical(u.a, cur) || !identical(u.b, v) {
		return err
	}
	r := Errorf(TypeError, "unsupported operand type(s) for %s=: '%s' and '%s'", op, TypeName(cur), TypeName(v))
	r.Err = u
	return r
}

// IsBuiltinSequence reports whether v is a str, bytes, bytearray, list or
// tuple: what no tensor operator takes (Tensor.__add__ gives
// NotImplemented for them) and what Python repeats by an integer.
func IsBuiltinSequence(v Value) bool {
	switch v.(type) {
	case string, Bytes, *ByteArray, *List, Tuple:
		return true
	}
	return false
}

// tensorOperands converts both operands of op to tensors; a sequence is
// not an operand (t + [1, 2] is a TypeError in PyTorch), unlike the
// arguments of functions that take a tensor or its data.
func tensorOperands(op syntax.Token, a, b Value) (x, y *tensor.Tensor, err error) {
	if IsBuiltinSequence(a) || IsBuiltinSequence(b) {
		return nil, nil, operandError(op, a, b)
	}
	x, err = ToTensor(a)
	if err == nil {
		y, err = ToTensor(b)
	}
	if err == errUnpackLong {
		return nil, nil, err
	}
	if err != nil {
		return nil, nil, operandError(op, a, b)
	}
	return x, y, nil
}

func (in *interp) tensorBinary(op syntax.Token, a, b Value, at syntax.Node) (Value, error) {
	top, ok := binaryOperators[op]
	if !ok {
		return nil, operandError(op, a, b)
	}
	x, y, err := tensorOperands(op, a, b)
	if err != nil {
		return nil, err
	}
	if (op == syntax.SLASH || op == syntax.STARSTAR) && x.IsWrappedNumber() && !y.IsWrappedNumber() {
		return in.reflectedOp(top, op, x, y, at)
	}
	return in.tensorOp(top, op, x, y, at)
}

// reflectedOp computes n / y and n ** y for a plain number n as PyTorch's
// reflected operators do (Python runs them as y.__rtruediv__(n) and
// y.__rpow__(n)): n / y is y.reciprocal() * n, and n ** y makes n a
// tensor of dtype result_type(n, y) first. The values and the recorded
// nodes (ReciprocalBackward0 then MulBackward0; PowBackward1, where
// torch.pow(n, y) records PowBackward2) are then PyTorch's; the dtype and
// the promotion note are those of top.
func (in *interp) reflectedOp(top *autograd.BinaryOp, op syntax.Token, n, y *tensor.Tensor, at syntax.Node) (Value, error) {
	call, err := top.Prepare(n, y)
	if err != nil {
		return nil, err
	}
	in.noteBinary(op.String(), n, y, call.Out(), at)
	if op == syntax.SLASH {
		r, err := autograd.Reciprocal(y)
		if err != nil {
			return nil, err
		}
		return autograd.Mul(r, n)
	}
	base, err := n.Clone() // a tensor, no longer a wrapped number
	if err == nil {
		base, err = base.To(call.Out())
	}
	if err != nil {
		return nil, err
	}
	return autograd.Pow(base, y)
}

// tensorOp applies top, the operation of operator op, to two tensors.
func (in *interp) tensorOp(top *autograd.BinaryOp, op syntax.Token, x, y *tensor.Tensor, at syntax.Node) (Value, error) {
	call, err := top.Prepare(x, y)
	if err != nil {
		return nil, err
	}
	if out := call.Out(); out != tensor.Bool || x.DType() == tensor.Bool { // comparisons are not promotions
		in.noteBinary(op.String(), x, y, out, at)
	}
	return top.Run(call)
}

// noteBinary records a note when x symbol y, whose result has dtype out,
// promotes: when out differs from the dtype of a tensor operand, or
// integer division produces floats.
func (in *interp) noteBinary(symbol string, x, y *tensor.Tensor, out tensor.DType, at syntax.Node) {
	changed := false
	for _, t := range []*tensor.Tensor{x, y} {
		if !t.IsWrappedNumber() && t.DType() != out {
			changed = true
		}
	}
	if !changed {
		return
	}
	text := operandName(x) + " " + symbol + " " + operandName(y) + " → " + out.String()
	if symbol == "/" && !x.DType().IsFloating() && !y.DType().IsFloating() {
		text += " (true division)"
	}
	in.addNote(at.Span(), text)
}

// operandName names an operand in a promotion note: its dtype, or the
// Python type of a wrapped number.
func operandName(t *tensor.Tensor) string {
	if t.IsWrappedNumber() {
		switch t.DType() {
		case tensor.Float32, tensor.Float64, tensor.Float16, tensor.BFloat16:
			return "float"
		case tensor.Int64, tensor.Uint8, tensor.Int8, tensor.Int16, tensor.Int32, tensor.Uint16, tensor.Uint32, tensor.Uint64:
			return "int"
		case tensor.Bool:
			return "bool"
		case tensor.Complex64, tensor.Complex128:
			return "complex"
		}
	}
	return t.DType().String()
}

func (in *interp) addNote(span syntax.Span, text string) {
	if keep := in.s.noteFilter; keep != nil && !keep(text) {
		return
	}
	for _, n := range in.notes {
		if n.Text == text {
			return
		}
	}
	in.notes = append(in.notes, Note{Span: span, Text: text})
}

// mergeNotes adds the notes a called function's frame (or exec's code)
// collected to in's, each text once, as addNote keeps them: a function
// called in a loop notes what it does once, not once a call.
func (in *interp) mergeNotes(notes []Note) {
	for _, n := range notes {
		if !slices.ContainsFunc(in.notes, func(m Note) bool { return m.Text == n.Text }) {
			in.notes = append(in.notes, n)
		}
	}
}

// inPlace runs t op= y on a tensor, writing into t.
func (in *interp) inPlace(op syntax.Token, t, y *tensor.Tensor) error {
	top, ok := binaryOperators[op]
	if !ok {
		return operandError(op, t, y)
	}
	return ops.inPlace(top, t, y)
}

// numberBinary applies an operator to Python numbers with Python's rules:
// int op int stays int (but / gives float), bools count as ints.
func numberBinary(op syntax.Token, a, b Value) (Value, bool, error) {
	ai, aInt := a.(int64)
	bi, bInt := b.(int64)
	if ab, ok := a.(bool); ok {
		ai, aInt = boolInt(ab), true
	}
	if bb, ok := b.(bool); ok {
		bi, bInt = boolInt(bb), true
	}
	if !aInt || !bInt {
		if r, ok, err := bigNumberBinary(op, a, b); ok || err != nil {
			return r, ok, err
		}
		if r, ok, err := complexBinary(op, a, b); ok || err != nil {
			return r, ok, err
		}
	}
	if aInt && bInt {
		if _, aBool := a.(bool); aBool {
			if _, bBool := b.(bool); bBool && (op == syntax.AMP || op == syntax.PIPE || op == syntax.CARET) {
				r, _, err := intBinary(op, ai, bi)
				return r.(int64) != 0, true, err
			}
		}
		return intBinary(op, ai, bi)
	}
	af, aNum := asNumber(a)
	bf, bNum := asNumber(b)
	if !aNum || !bNum {
		return nil, false, nil
	}
	switch op {
	case syntax.PLUS:
		return af + bf, true, nil
	case syntax.MINUS:
		return af - bf, true, nil
	case syntax.STAR:
		return af * bf, true, nil
	case syntax.SLASH:
		if bf == 0 {
			return nil, true, Errorf(ZeroDivisionError, "float division by zero")
		}
		return af / bf, true, nil
	case syntax.SLASHSLASH:
		if bf == 0 {
			return nil, true, Errorf(ZeroDivisionError, "float floor division by zero")
		}
		return tensor.FloorDivFloat(af, bf), true, nil
	case syntax.PERCENT:
		if bf == 0 {
			return nil, true, Errorf(ZeroDivisionError, "float modulo")
		}
		if r := tensor.RemainderFloat(af, bf); r != 0 {
			return r, true, nil
		}
		// A zero remainder has the divisor's sign in Python (-5 % 0.5 is
		// 0.0); PyTorch's tensors keep the dividend's.
		return math.Copysign(0, bf), true, nil
	case syntax.STARSTAR:
		r, err := floatPow(af, bf)
		return r, true, err
	}
	return nil, false, nil
}

// floatPow is a ** b of two floats as CPython's float_pow: a negative
// number to a finite power that is not an integer is the complex power
// ((-8.0) ** (1/3) is (1.0000000000000002+1.7320508075688772j), not
// nan), and a finite power whose result overflows is OverflowError (34,
// 'Numerical result out of range'), where C's pow gives inf.
func floatPow(a, b float64) (Value, error) {
	switch {
	case a == 0 && b < 0:
		return nil, Errorf(ZeroDivisionError, "0.0 cannot be raised to a negative power")
	case a < 0 && !math.IsInf(a, 0) && !math.IsInf(b, 0) && !math.IsNaN(b) && b != math.Trunc(b):
		r, err := complexPow(complex(a, 0), complex(b, 0))
		return Complex(r), err
	}
	r := libm.Pow(a, b)
	if math.IsInf(r, 0) && !math.IsInf(a, 0) && !math.IsInf(b, 0) && !math.IsNaN(a) && !math.IsNaN(b) {
		return nil, Errorf(OverflowError, "(34, 'Numerical result out of range')")
	}
	return r, nil
}

func asNumber(v Value) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case int64:
		return float64(x), true
	case bool:
		return float64(boolInt(x)), true
	}
	return 0, false
}

func intBinary(op syntax.Token, a, b int64) (Value, bool, error) {
	overflow := func() (Value, bool, error) { // the result is a big int
		r, err := bigBinary(op, big.NewInt(a), big.NewInt(b))
		return r, true, err
	}
	switch op {
	case syntax.PLUS:
		r := a + b
		if (r > a) != (b > 0) {
			return overflow()
		}
		return r, true, nil
	case syntax.MINUS:
		r := a - b
		if (r < a) != (b > 0) {
			return overflow()
		}
		return r, true, nil
	case syntax.STAR:
		r, ok := mulInt(a, b)
		if !ok {
			return overflow()
		}
		return r, true, nil
	case syntax.SLASH:
		if b == 0 {
			return nil, true, Errorf(ZeroDivisionError, "division by zero")
		}
		return float64(a) / float64(b), true, nil
	case syntax.SLASHSLASH, syntax.PERCENT:
		if b == 0 && op == syntax.PERCENT {
			return nil, true, Errorf(ZeroDivisionError, "integer modulo by zero")
		}
		if b == 0 {
			return nil, true, Errorf(ZeroDivisionError, "integer division or modulo by zero")
		}
		if a == math.MinInt64 && b == -1 {
			return overflow()
		}
		if op == syntax.SLASHSLASH {
			return tensor.FloorDivInt(a, b), true, nil
		}
		return tensor.RemainderInt(a, b), true, nil
	case syntax.STARSTAR:
		if b < 0 {
			if a == 0 {
				return nil, true, Errorf(ZeroDivisionError, "0.0 cannot be raised to a negative power")
			}
			return libm.Pow(float64(a), float64(b)), true, nil
		}
		// By squaring: |a|**(2**k) for the top bit 2**k of b divides the
		// result, so a square that overflows means the result does too.
		r, sq := int64(1), a
		for e := b; e > 0; e >>= 1 {
			var ok bool
			if e&1 == 1 {
				if r, ok = mulInt(r, sq); !ok {
					return overflow()
				}
			}
			if e > 1 {
				if sq, ok = mulInt(sq, sq); !ok {
					return overflow()
				}
			}
		}
		return r, true, nil
	case syntax.AMP:
		return a & b, true, nil
	case syntax.PIPE:
		return a | b, true, nil
	case syntax.CARET:
		return a ^ b, true, nil
	case syntax.LSHIFT:
		if b < 0 {
			return nil, true, Errorf(ValueError, "negative shift count")
		}
		if a == 0 {
			return int64(0), true, nil
		}
		if b >= 64 || a<<b>>b != a {
			return overflow()
		}
		return a << b, true, nil
	case syntax.RSHIFT:
		if b < 0 {
			return nil, true, Errorf(ValueError, "negative shift count")
		}
		return a >> min(b, 63), true, nil
	}
	return nil, false, nil
}

// MulInt returns a*b and whether it fits in an int64, for libraries that
// compute with Python ints (math.lcm, math.prod).
func MulInt(a, b int64) (int64, bool) { return mulInt(a, b) }

// mulInt returns a*b and whether it fits in an int64.
func mulInt(a, b int64) (int64, bool) {
	if a == 0 || b == 0 {
		return 0, true
	}
	r := a * b
	if r/b != a || a == -1 && b == math.MinInt64 || b == -1 && a == math.MinInt64 {
		return 0, false
	}
	return r, true
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// sequenceBinary handles + and * on lists, tuples and strings.
func sequenceBinary(op syntax.Token, a, b Value) (Value, bool, error) {
	if isSize(a) || isSize(b) {
		return sizeBinary(op, a, b)
	}
	switch op {
	case syntax.PLUS:
		switch x := a.(type) {
		case string:
			if y, ok := b.(string); ok {
				if err := concatGuard(a, len(x), len(y)); err != nil {
					return nil, true, err
				}
				return x + y, true, nil
			}
		case *List:
			if y, ok := b.(*List); ok {
				if err := concatGuard(a, len(x.Elems), len(y.Elems)); err != nil {
					return nil, true, err
				}
				return &List{Elems: append(append([]Value(nil), x.Elems...), y.Elems...)}, true, nil
			}
		case Tuple:
			if y, ok := b.(Tuple); ok {
				if err := concatGuard(a, len(x), len(y)); err != nil {
					return nil, true, err
				}
				return append(append(Tuple(nil), x...), y...), true, nil
			}
		case Bytes, *ByteArray:
			xb, _ := bytesLike(x)
			if yb, ok := bytesLike(b); ok {
				if err := concatGuard(a, len(xb), len(yb)); err != nil {
					return nil, true, err
				}
				joined := append(append([]byte(nil), xb...), yb...)
				if _, mutable := x.(*ByteArray); mutable { // the left operand's type, as CPython
					return &ByteArray{b: joined}, true, nil
				}
				return Bytes{b: joined}, true, nil
			}
			return nil, true, Errorf(TypeError, "can't concat %s to %s", TypeName(b), TypeName(a))
		}
	case syntax.STAR:
		if _, big := a.(BigInt); big {
			a, b = b, a
		}
		if _, big := b.(BigInt); big {
			if r, ok, err := repeat(a, 0); ok || err != nil { // a sequence
				return r, ok, Errorf(OverflowError, "cannot fit 'int' into an index-sized integer")
			}
		}
		if n, ok := b.(int64); ok {
			return repeat(a, n)
		}
		if n, ok := a.(int64); ok {
			return repeat(b, n)
		}
		if IsBuiltinSequence(a) && !IsBuiltinSequence(b) {
			r, err := repeatBy(a, b)
			return r, true, err
		}
		if IsBuiltinSequence(b) && !IsBuiltinSequence(a) {
			r, err := repeatBy(b, a)
			return r, true, err
		}
	}
	return nil, false, nil
}

// repeatBy is seq * count for a count that is not an int: a bool, a
// one-element integer tensor or a library integer, through its
// __index__ as Python's sequence repetition takes it; anything else is
// CPython's TypeError (PyTorch's Tensor.__index__ error for a tensor).
func repeatBy(seq, count Value) (Value, error) {
	n, err := RepeatCount(count)
	if err != nil {
		return nil, err
	}
	r, _, err := repeat(seq, n)
	return r, err
}

// RepeatCount is n of seq * n, as CPython's sequence repeat reads it: an
// int, or a value with __index__, that fits an index; otherwise
// CPython's TypeError or OverflowError (a tensor's own __index__ error).
func RepeatCount(count Value) (int64, error) {
	n, err := IndexValue(count)
	if err != nil {
		if isTensor(count) {
			return 0, err
		}
		return 0, Errorf(TypeError, "can't multiply sequence by non-int of type '%s'", TypeName(count))
	}
	if _, big := n.(BigInt); big {
		return 0, Errorf(OverflowError, "cannot fit 'int' into an index-sized integer")
	}
	return n.(int64), nil
}

// MaxRepeat bounds the elements a repeated or concatenated list or string
// may have, so that [0] * 10**12 (or s = s + s in a loop) is a MemoryError
// rather than an exhausted process.
const MaxRepeat = 1 << 26

// checkLength is the one memory guard of strings and containers, as the
// memory limit is tensors' (tensor.SetMemoryLimit): an operation about
// to build a string of n characters, or a list, tuple, set or dict of n
// elements, calls it first, and beyond growthLimit (MaxRepeat) it is a
// MemoryError whose message, format and args, says what was refused,
// rather than an exhausted process. n is a float64 so that callers
// compute it without overflow.
func checkLength(n float64, format string, args ...any) error {
	if n <= float64(growthLimit) {
		return nil
	}
	return Errorf(MemoryError, format, args...).
		WithHint("kael holds at most %d elements (characters) in one string or container; for large numeric data use a tensor, e.g. zeros(n)", growthLimit)
}

// concatGuard refuses a + b when the result would be longer than
// growthLimit, and stops at an interrupt: a chain [1] + [1] + ... of many
// terms copies quadratically many elements in one expression, with no loop
// to look at the interrupt.
func concatGuard(a Value, la, lb int) error {
	if tensor.Interrupted() {
		return ErrInterrupted()
	}
	return checkLength(float64(la)+float64(lb), "concatenating two %ss of %d and %d elements needs too much memory", TypeName(a), la, lb)
}

func repeat(v Value, n int64) (Value, bool, error) {
	n = max(n, 0)
	size := func(l int) error {
		return checkLength(float64(l)*float64(n), "repeating a %s of %d elements %d times needs too much memory", TypeName(v), l, n)
	}
	switch x := v.(type) {
	case string:
		if err := size(len(x)); err != nil {
			return nil, true, err
		}
		return strings.Repeat(x, int(n)), true, nil
	case *List:
		if err := size(len(x.Elems)); err != nil {
			return nil, true, err
		}
		return &List{Elems: slices.Repeat(x.Elems, int(n))}, true, nil
	case Tuple:
		if err := size(len(x)); err != nil {
			return nil, true, err
		}
		return slices.Repeat(x, int(n)), true, nil
	case Bytes:
		if err := size(len(x.b)); err != nil {
			return nil, true, err
		}
		return Bytes{b: slices.Repeat(x.b, int(n))}, true, nil
	case *ByteArray:
		if err := size(len(x.b)); err != nil {
			return nil, true, err
		}
		return &ByteArray{b: slices.Repeat(x.b, int(n))}, true, nil
	}
	return nil, false, nil
}

// compare applies a comparison operator; an error a special method raised
// on the way (the __eq__ of an element in x in [...] or [a] == [b]) is its
// error, as in Python.
func (in *interp) compare(op syntax.Token, a, b Value, at syntax.Node) (Value, error) {
	v, err := in.compareValues(op, a, b, at)
	if err = in.raiseHooks(err); err != nil {
		return nil, err
	}
	return v, nil
}

func (in *interp) compareValues(op syntax.Token, a, b Value, at syntax.Node) (Value, error) {
	switch op {
	case syntax.IN, syntax.NOTIN:
		found, err := containsIn(in.s, b, a)
		if err != nil {
			return nil, err
		}
		return found == (op == syntax.IN), nil
	case syntax.IS, syntax.ISNOT:
		return identical(a, b) == (op == syntax.IS), nil
	}
	if isUserValue(a) || isUserValue(b) {
		return in.userCompare(op, a, b)
	}
	if r, ok, err := operandBinary(op, a, b); ok {
		return in.warned(r, err) // a comparison that warns (NumPy's FutureWarning)
	}
	if isTensor(a) || isTensor(b) {
		r, err := in.tensorBinary(op, a, b, at)
		if err != nil && !tensorLike(a, b) {
			if op == syntax.EQL || op == syntax.NEQ {
				return op == syntax.NEQ, nil // Tensor.__eq__ gives NotImplemented: t == None is False
			}
			return nil, Errorf(TypeError, "'%s' not supported between instances of '%s' and '%s'", op, TypeName(a), TypeName(b))
		}
		return r, err
	}
	switch op {
	case syntax.EQL:
		return equalE(a, b)
	case syntax.NEQ:
		eq, err := equalE(a, b)
		return !eq, err
	}
	if r, ok, err := dialectCompare(op, a, b); ok || err != nil {
		return r, err
	}
	if _, ok, nan := numCompare(a, b); ok && nan {
		return false, nil // no order holds with a NaN
	}
	if xs, ys, ok := orderedSeqs(a, b); ok {
		return in.seqOrder(op, xs, ys, at, 0)
	}
	if xs, ys, ok := librarySeqs(a, b); ok {
		// a deque's comparison is a bool, the truth of its elements'
		r, err := in.seqOrder(op, xs, ys, at, 0)
		if err != nil {
			return nil, err
		}
		return Truth(r)
	}
	c, err := Compare(a, b)
	if err != nil {
		return nil, Errorf(TypeError, "'%s' not supported between instances of '%s' and '%s'", op, TypeName(a), TypeName(b))
	}
	switch op {
	case syntax.LT, syntax.LE, syntax.GT, syntax.GE:
		return orderHolds(op, c), nil
	}
	return nil, Errorf(TypeError, "unsupported comparison %s", op)
}

// orderedSeqs returns the elements of a and b when both are lists or
// both tuples (named tuples and torch.Size count as tuples), the pairs
// whose <, <=, > and >= Python's list and tuple define.
func orderedSeqs(a, b Value) (xs, ys []Value, ok bool) {
	if !(isPlainList(a) && isPlainList(b)) && !(isTupleKind(a) && isTupleKind(b)) {
		return nil, nil, false
	}
	xs, xok := seqElems(a)
	ys, yok := seqElems(b)
	return xs, ys, xok && yok
}

// librarySeqs are the elements of a and b when one is a library
// sequence that orders as a list with the other (SequenceOrderer).
func librarySeqs(a, b Value) (xs, ys []Value, ok bool) {
	if x, isSeq := a.(SequenceOrderer); isSeq {
		if xs, ys, ok := x.SequenceOrder(b); ok {
			return xs, ys, true
		}
	}
	if y, isSeq := b.(SequenceOrderer); isSeq {
		if ys, xs, ok := y.SequenceOrder(a); ok {
			return xs, ys, true
		}
	}
	return nil, nil, false
}

// seqOrder is <, <=, > or >= between two lists or two tuples, as
// CPython's list and tuple comparisons are: the first index whose
// elements are not equal (the same object, or == true) decides, by op
// between those two elements and with its result as it is; when one
// sequence runs out first, the lengths decide. So a user class's __eq__
// is asked before its __lt__, and (nan, 1) < (nan, 2) is False.
func (in *interp) seqOrder(op syntax.Token, xs, ys []Value, at syntax.Node, depth int) (Value, error) {
	if depth > maxNesting {
		return nil, Errorf(RecursionError, "maximum recursion depth exceeded in comparison")
	}
	for i := 0; i < len(xs) && i < len(ys); i++ {
		x, y := xs[i], ys[i]
		if simpleLeaf(x) && simpleLeaf(y) { // numbers and strings: no == of their own to ask
			if c, ok, nan := numCompare(x, y); ok {
				if nan {
					if sameNaN(x, y) {
						continue // the same NaN object is equal to itself here
					}
					return false, nil // x == y is False, and no order holds with a NaN
				}
				if c != 0 {
					return orderHolds(op, c), nil
				}
				continue
			}
			if sx, ok := x.(string); ok {
				if sy, ok := y.(string); ok {
					if c := strings.Compare(sx, sy); c != 0 {
						return orderHolds(op, c), nil
					}
					continue
				}
			}
		}
		if sameObject(x, y) || sameList(x, y) {
			continue // Python compares container elements identity first
		}
		r, err := in.compareValues(syntax.EQL, x, y, at)
		if err != nil {
			return nil, err
		}
		eq, err := Truth(r)
		if err != nil {
			return nil, err
		}
		if eq {
			continue
		}
		if xs2, ys2, ok := orderedSeqs(x, y); ok {
			return in.seqOrder(op, xs2, ys2, at, depth+1)
		}
		return in.compareValues(op, x, y, at)
	}
	return orderHolds(op, len(xs)-len(ys)), nil
}

// sameList reports whether a and b are one list.
func sameList(a, b Value) bool {
	l, ok := a.(*List)
	return ok && l == b
}

// orderHolds reports whether the ordering op holds for a three-way
// comparison's result c.
func orderHolds(op syntax.Token, c int) bool {
	switch op {
	case syntax.LT:
		return c < 0
	case syntax.LE:
		return c <= 0
	case syntax.GT:
		return c > 0
	}
	return c >= 0 // syntax.GE
}

// maxNesting bounds how deep conversions and printing follow nested
// containers, so that a list holding itself cannot recurse forever.
const maxNesting = 1000

// equalLeaf is Python's == for values that are not lists, tuples or dicts
// (equal compares those element by element).
func equalLeaf(a, b Value) bool {
	if c, ok := a.(Complex); ok {
		return c.Equal(b)
	}
	if c, ok := b.(Complex); ok {
		return c.Equal(a)
	}
	if c, ok, nan := numCompare(a, b); ok {
		return c == 0 && !nan
	}
	if IsInt(a) || isFloat(a) {
		return false
	}
	switch x := a.(type) {
	case string:
		y, ok := b.(string)
		return ok && x == y
	case NoneType:
		_, ok := b.(NoneType)
		return ok
	case EllipsisType:
		_, ok := b.(EllipsisType)
		return ok
	case tensor.DType:
		// A dtype equals only itself: torch.bool == bool is False in
		// PyTorch, although dtype=bool names torch.bool as an argument.
		y, ok := b.(tensor.DType)
		return ok && x == y
	case *Builtin:
		return a == b
	}
	return identical(a, b)
}

// Identical is Python's a is b.
func Identical(a, b Value) bool { return identical(a, b) }

func identical(a, b Value) bool {
	switch x := a.(type) {
	case tensor.DType: // one object per dtype: torch.bool is not the builtin bool
		y, ok := b.(tensor.DType)
		return ok && x == y
	case float64:
		// Floats equal in value are taken as one object (kael does not
		// track which computation made a float), but not 0.0 and -0.0,
		// and a NaN is only the same NaN (sameNaN).
		y, ok := b.(float64)
		if !ok {
			return false
		}
		if x != x {
			return sameNaN(a, b)
		}
		return math.Float64bits(x) == math.Float64bits(y)
	case Complex:
		y, ok := b.(Complex)
		if !ok {
			return false
		}
		if isNaNValue(x) {
			return sameNaN(a, b)
		}
		return math.Float64bits(real(x)) == math.Float64bits(real(y)) && math.Float64bits(imag(x)) == math.Float64bits(imag(y))
	case int64, bool, string, NoneType, EllipsisType:
		return a == b // the same type and value: 1 is not 1.0, True is not 1
	case BigInt:
		y, ok := b.(BigInt)
		return ok && x.v.Cmp(y.v) == 0
	case Tuple:
		// the same tuple shares its elements' array; () is one object
		y, ok := b.(Tuple)
		return ok && len(x) == len(y) && (len(x) == 0 || &x[0] == &y[0])
	case *GradFnValue: // each read of grad_fn wraps its node anew
		y, ok := b.(*GradFnValue)
		return ok && identical(x.Fn, y.Fn)
	}
	// Everything else (lists, tensors, functions, modules, optimizers, ...)
	// is the same only when it is the very same object.
	ta, tb := reflect.TypeOf(a), reflect.TypeOf(b)
	return ta == tb && ta != nil && ta.Comparable() && a == b
}

// Compare compares numbers, strings, and lists or tuples lexicographically.
func Compare(a, b Value) (int, error) { return orderDepth(a, b, 0) }

func orderDepth(a, b Value, depth int) (int, error) {
	if depth > maxNesting {
		return 0, Errorf(RecursionError, "maximum recursion depth exceeded in comparison")
	}
	if x, isOrd := a.(Orderer); isOrd {
		if c, ok, err := x.Order(b); ok || err != nil {
			return c, err
		}
	}
	if c, ok, _ := numCompare(a, b); ok {
		return c, nil // a NaN compares as equal here; compare says false
	}
	if x, ok := a.(string); ok {
		if y, ok := b.(string); ok {
			return strings.Compare(x, y), nil
		}
	}
	if x, ok := orderedBytes(a); ok {
		if y, ok := orderedBytes(b); ok {
			return strings.Compare(string(x), string(y)), nil
		}
	}
	// After the number and string cases, which take no Instance: sorting
	// plain values pays nothing for user classes.
	if isUserValue(a) || isUserValue(b) {
		return userOrder(a, b)
	}
	if xs, ys, ok := librarySeqs(a, b); ok { // two deques
		return elemsOrder(xs, ys, depth)
	}
	xs, xok := seqElems(a)
	ys, yok := seqElems(b)
	if (isTensor(a) || isTensor(b)) && !xok && !yok {
		return tensorOrder(a, b)
	}
	if isOperand(a) || isOperand(b) {
		return operandOrder(a, b)
	}
	if xok && yok && !listTupleMix(a, b) { // [1] < (2,) has no order
		return elemsOrder(xs, ys, depth)
	}
	e := Errorf(TypeError, "not comparable")
	e.Err = errNotComparable
	return 0, e
}

// elemsOrder orders two sequences by their elements, then their lengths.
func elemsOrder(xs, ys []Value, depth int) (int, error) {
	for i := 0; i < len(xs) && i < len(ys); i++ {
		c, err := orderDepth(xs[i], ys[i], depth+1)
		if err != nil || c != 0 {
			return c, err
		}
	}
	return len(xs) - len(ys), nil
}

// errNotComparable is what Compare's error wraps when a and b have no
// order at all, which max, min and sorted word as Python's TypeError for
// their operator; an error an order raised (a user __lt__'s, an ambiguous
// tensor's truth) is theirs to pass on.
var errNotComparable = errors.New("not comparable")

// notComparable reports whether err is Compare's error for values with no
// order.
func notComparable(err error) bool {
	e, ok := err.(*Error)
	return ok && e.Err == errNotComparable
}

// tensorOrder orders a tensor and a tensor or number as Python's sorted
// and max do, through the tensor's < and its truth: a one-element result
// decides, a larger one is PyTorch's ambiguity error.
func tensorOrder(a, b Value) (int, error) {
	x, y, err := tensorOperands(syntax.LT, a, b)
	if err != nil {
		e := Errorf(TypeError, "not comparable")
		e.Err = errNotComparable
		return 0, e
	}
	return orderThroughLess(x, y, func(p, q Value) (Value, error) {
		return binaryOperators[syntax.LT].Apply(p.(*tensor.Tensor), q.(*tensor.Tensor))
	})
}

// isOperand reports whether v is a library value with operators of its
// own (a NumPy array).
func isOperand(v Value) bool {
	_, ok := v.(Operand)
	return ok
}

// operandOrder orders a library value and another value as Python's sorted
// and max do, through their < and its truth: NumPy's arrays of several
// elements raise their ambiguity error.
func operandOrder(a, b Value) (int, error) {
	return orderThroughLess(a, b, func(p, q Value) (Value, error) {
		r, ok, err := operandBinary(syntax.LT, p, q)
		if !ok && err == nil {
			e := Errorf(TypeError, "not comparable")
			e.Err = errNotComparable
			return nil, e
		}
		return r, err
	})
}

// orderThroughLess orders a and b as Python's sorted does, through <
// alone: -1 when less(a, b) is true, 1 when less(b, a) is, else 0 (equal,
// or unordered as NaN is).
func orderThroughLess(a, b Value, less func(x, y Value) (Value, error)) (int, error) {
	for i, pair := range [2][2]Value{{a, b}, {b, a}} {
		r, err := less(pair[0], pair[1])
		if err != nil {
			return 0, err
		}
		t, err := Truth(r)
		if err != nil {
			return 0, err
		}
		if t {
			return 2*i - 1, nil // -1 when a < b, 1 when b < a
		}
	}
	return 0, nil
}

// orderedBytes is the content of bytes or a bytearray, which order by
// their bytes; a memoryview has no order, as in CPython.
func orderedBytes(v Value) ([]byte, bool) {
	if _, isView := v.(*MemoryView); isView {
		return nil, false
	}
	return bytesLike(v)
}

// Elems returns the elements of a list, a tuple or a named tuple, without
// copying them, and false for any other value.
func Elems(v Value) ([]Value, bool) { return seqElems(v) }

func seqElems(v Value) ([]Value, bool) {
	switch x := v.(type) {
	case *List:
		return x.Elems, true
	case Tuple:
		return x, true
	case *NamedTuple:
		return x.Elems, true
	}
	return nil, false
}

// tensorOrNumber is PyTorch's isinstance(v, (torch.Tensor, Number)), what
// Tensor.__contains__ takes: a tensor, a Python number (a subclass's
// instance too) or a library scalar (np.float64(1.5)), not a NumPy array.
func tensorOrNumber(v Value) bool {
	switch valueOf(v).(type) {
	case *tensor.Tensor, bool, int64, BigInt, float64, Complex:
		return true
	}
	_, isNumber := v.(Number)
	_, isArray := v.(ScalarRefuser) // a NumPy array, 0-d too: not a Number
	return isNumber && !isArray
}

func contains(container, item Value) (bool, error) { return containsIn(nil, container, item) }

// containsIn is contains for session s, whose recorded special method
// error (an element's __eq__ raised) stops the search, as in Python.
func containsIn(s *Session, container, item Value) (bool, error) {
	switch c := container.(type) {
	case string:
		s, ok := item.(string)
		if !ok {
			return false, Errorf(TypeError, "'in <string>' requires string as left operand, not %s", TypeName(item))
		}
		return strings.Contains(c, s), nil
	case *Dict:
		_, found, err := c.Get(item)
		return found, err
	case *Set: // a lookup by hash, as set.__contains__; unhashable items are CPython's TypeError
		if s, isSet := item.(*Set); isSet && !s.frozen {
			item = s.copyAs(true) // {1} in {frozenset({1})}, as CPython retries a set as a frozenset
		}
		_, found, err := c.d.Get(item)
		return found, err
	case *UserClass:
		if h := c.classHooks(); h != nil && h.Contains != nil {
			if found, ok, err := h.Contains(c, item); ok || err != nil {
				return found, err
			}
		}
	case Bytes, *ByteArray:
		sub, err := bytesNeedle(item)
		if e, ok := err.(*Error); ok && e.Kind == ValueError {
			return false, err // an int out of range(256)
		} else if err != nil {
			return false, Errorf(TypeError, "a bytes-like object is required, not '%s'", TypeName(item))
		}
		b, _ := bytesLike(c)
		return strings.Contains(string(b), string(sub)), nil
	case *Range:
		return c.contains(item), nil
	case *bigRange:
		return c.contains(item), nil
	case *dictView:
		if c.kind == viewKeys { // k in d.keys() is a lookup, as k in d
			_, found, err := c.d.Get(item)
			return found, err
		}
	case *Instance:
		if found, ok, err := c.contains(item); ok || err != nil {
			return found, err
		}
	case *tensor.Tensor:
		if !tensorOrNumber(item) {
			return false, Errorf(RuntimeError, "Tensor.__contains__ only supports Tensor or scalar, but you passed in a %s.", Repr(TypeOf(item)))
		}
		y, err := ToTensor(valueOf(item))
		if err != nil {
			return false, err
		}
		eq, err := tensor.Eq(c, y)
		if err != nil {
			return false, err
		}
		anyT, err := tensor.Any(eq, nil, false)
		if err != nil {
			return false, err
		}
		return Truth(anyT)
	}
	found := false
	var eqErr error
	err := Iterate(container, func(e Value) bool {
		found, eqErr = elemEqualE(e, item)
		return !found && eqErr == nil && (s == nil || s.hookErr == nil)
	})
	if err == nil {
		err = eqErr
	}
	if e, ok := err.(*Error); ok && e.Err == errNonIterator && isUserValue(container) {
		// CPython's _PySequence_IterSearch rewords iter()'s TypeError
		return false, Errorf(TypeError, "argument of type '%s' is not iterable", TypeName(container))
	}
	return found, err
}

// tensorLike reports whether both operands of a comparison with a tensor
// convert to tensors; == and != of a tensor and another value (None, a
// str) compare identities, as PyTorch's Tensor.__eq__ returns
// NotImplemented for them.
func tensorLike(a, b Value) bool {
	if IsBuiltinSequence(a) || IsBuiltinSequence(b) {
		return false // t == [1, 2] is False, as Tensor.__eq__ gives NotImplemented
	}
	_, errA := ToTensor(a)
	_, errB := ToTensor(b)
	return errA == nil && errB == nil
}
