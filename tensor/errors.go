package tensor

import (
	"errors"
	"fmt"
)

// ErrorKind names the class of a tensor error, after Python's exception
// names so that the language can show it unchanged.
type ErrorKind string

// The kinds of error the tensor core reports.
const (
	TypeError         ErrorKind = "TypeError"
	ValueError        ErrorKind = "ValueError"
	IndexError        ErrorKind = "IndexError"
	ZeroDivisionError ErrorKind = "ZeroDivisionError"
	RuntimeError      ErrorKind = "RuntimeError"
	MemoryError       ErrorKind = "MemoryError"
	// KeyboardInterrupt reports a computation stopped by Interruptible's
	// context.
	KeyboardInterrupt ErrorKind = "KeyboardInterrupt"
)

// Error is the error type of package tensor. Msg says what went wrong; Hint,
// when set, says what to do about it.
type Error struct {
	Kind ErrorKind
	Msg  string
	Hint string
}

func (e *Error) Error() string { return string(e.Kind) + ": " + e.Msg }

func newError(kind ErrorKind, format string, args ...any) *Error {
	return &Error{Kind: kind, Msg: fmt.Sprintf(format, args...)}
}

func typeErrorf(format string, args ...any) *Error  { return newError(TypeError, format, args...) }
func valueErrorf(format string, args ...any) *Error { return newError(ValueError, format, args...) }
func indexErrorf(format string, args ...any) *Error { return newError(IndexError, format, args...) }

// withHint returns e with its hint set.
func (e *Error) withHint(format string, args ...any) *Error {
	e.Hint = fmt.Sprintf(format, args...)
	return e
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
