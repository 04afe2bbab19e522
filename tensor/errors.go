package tensor

import (
	"errors"
	"fmt"
	"math"
	"strconv"
)

// ErrorKind names the class of an error after Python's exception names, so
// that the language can show it unchanged. It is the one kind type of kael,
// and the constants below are its one list: package lang re-exports them
// under the same names.
type ErrorKind string

// The kinds of error: the first seven are those the tensor core and
// autograd report, the others those only a program in the language raises.
const (
	TypeError         ErrorKind = "TypeError"
	ValueError        ErrorKind = "ValueError"
	IndexError        ErrorKind = "IndexError"
	ZeroDivisionError ErrorKind = "ZeroDivisionError"
	RuntimeError      ErrorKind = "RuntimeError"
	MemoryError       ErrorKind = "MemoryError"
	// LinAlgError is PyTorch's torch.linalg.LinAlgError (the class
	// torch._C._LinAlgError, a RuntimeError): a singular or not
	// positive-definite matrix met by a decomposition.
	LinAlgError ErrorKind = "_LinAlgError"
	// KeyboardInterrupt reports a computation stopped by Interruptible's
	// context.
	KeyboardInterrupt ErrorKind = "KeyboardInterrupt"

	SyntaxError    ErrorKind = "SyntaxError"
	NameError      ErrorKind = "NameError"
	KeyError       ErrorKind = "KeyError"
	AttributeError ErrorKind = "AttributeError"
	OverflowError  ErrorKind = "OverflowError"
	RecursionError ErrorKind = "RecursionError"
	AssertionError ErrorKind = "AssertionError"
	EOFError       ErrorKind = "EOFError"
	// ModuleNotFoundError and ImportError are import's; StopIteration is
	// next()'s on an exhausted iterator.
	ModuleNotFoundError ErrorKind = "ModuleNotFoundError"
	ImportError         ErrorKind = "ImportError"
	StopIteration       ErrorKind = "StopIteration"
	// NotImplementedError is raised by calling a module without a forward
	// (nn.ModuleList).
	NotImplementedError ErrorKind = "NotImplementedError"
	// UnboundLocalError is raised by reading a local variable (or a free
	// variable of a closure) before it is assigned; as in Python, a kind of
	// NameError.
	UnboundLocalError ErrorKind = "UnboundLocalError"
	// InternalError reports a bug in kael itself (a recovered Go panic).
	InternalError ErrorKind = "InternalError"
)

// Error is the error type of packages tensor and autograd. Msg says what
// went wrong; Hint, when set, says what to do about it. Build one with
// Errorf (and WithHint), not as a literal.
type Error struct {
	Kind ErrorKind
	Msg  string
	Hint string
}

// Error returns "Kind: msg".
func (e *Error) Error() string { return string(e.Kind) + ": " + e.Msg }

// Errorf returns an error of the given kind whose message is formatted as
// fmt.Sprintf does.
func Errorf(kind ErrorKind, format string, args ...any) *Error {
	return &Error{Kind: kind, Msg: fmt.Sprintf(format, args...)}
}

func typeErrorf(format string, args ...any) *Error  { return Errorf(TypeError, format, args...) }
func valueErrorf(format string, args ...any) *Error { return Errorf(ValueError, format, args...) }
func indexErrorf(format string, args ...any) *Error { return Errorf(IndexError, format, args...) }

// runtimeErrorf is for what PyTorch checks in C++ (TORCH_CHECK), which
// Python sees as a RuntimeError: shapes that do not fit, bad sizes and steps.
func runtimeErrorf(format string, args ...any) *Error { return Errorf(RuntimeError, format, args...) }

// WithHint sets e's hint, formatted as fmt.Sprintf does, and returns e.
func (e *Error) WithHint(format string, args ...any) *Error {
	e.Hint = fmt.Sprintf(format, args...)
	return e
}

// CastError reports that a result of dtype out cannot be written into a
// tensor of dtype target (an in-place operation or out=), as PyTorch words
// it. Callers add the hint that fits what the user wrote.
func CastError(out, target DType) *Error {
	return typeErrorf("result type %s can't be cast to the desired output type %s", out, target)
}

// KindOf reports the ErrorKind of err, or "" when err is not a tensor error.
func KindOf(err error) ErrorKind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return ""
}

// asError is errors.As for *Error, for brevity inside the package.
func asError(err error, target **Error) bool { return errors.As(err, target) }

// streamDouble writes v as C++'s ostream does by default, which is how
// PyTorch's messages show a double: %g with six digits, and nan, inf and
// -inf in lower case.
func streamDouble(v float64) string {
	switch {
	case math.IsNaN(v):
		return "nan"
	case math.IsInf(v, 1):
		return "inf"
	case math.IsInf(v, -1):
		return "-inf"
	}
	return strconv.FormatFloat(v, 'g', 6, 64)
}
