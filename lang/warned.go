package lang

import "strings"

// Warned is what an Operand or UnaryOperand returns as its error when
// its result comes with warnings, as NumPy's scalar arithmetic warns of
// an overflow ("overflow encountered in scalar add"), and what a library
// attribute's getter or setter returns to warn as it is read or assigned
// (Tensor.volatile, RegisterTensorAttr): the engine issues
// each message as a warning of Category (a builtin Warning class,
// "RuntimeWarning") through the warnings module, at the statement that
// ran the operation, so that its filters and catch_warnings apply, and
// goes on with Value, or raises Err when it is not nil (NumPy warns of
// one error and raises for another, as np.seterr says).
type Warned struct {
	Value    Value
	Category string
	Messages []string
	Err      error
}

// Error lists the warnings, for Go code that meets a Warned outside the
// engine's operators.
func (w *Warned) Error() string { return w.Category + ": " + strings.Join(w.Messages, "; ") }

// warned issues the warnings err carries when it is a *Warned and
// returns its value; any other error or result passes through.
func (in *interp) warned(v Value, err error) (Value, error) {
	w, ok := err.(*Warned)
	if !ok {
		return v, err
	}
	mod, err := in.importIn("warnings")
	if err != nil {
		return nil, err
	}
	warn, ok := mod.Attrs["warn"]
	if !ok {
		return nil, Errorf(AttributeError, "module 'warnings' has no attribute 'warn'")
	}
	cat, ok := exceptionClasses[w.Category]
	if !ok {
		return nil, Errorf(TypeError, "category must be a Warning subclass, not '%s'", w.Category)
	}
	for _, msg := range w.Messages {
		if _, err := in.call(warn, []Value{msg, cat}, nil, nil, in.stmtNode()); err != nil {
			return nil, err
		}
	}
	if w.Err != nil {
		return nil, w.Err
	}
	return w.Value, nil
}
