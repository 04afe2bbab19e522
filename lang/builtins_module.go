package lang

import (
	"errors"
	"io"
	"sort"
)

// The builtins module (lang/lib/builtins) shows the names every module
// sees without an import; a program may assign one of its attributes,
// which replaces (or adds) that builtin for the whole session, as
// builtins.print = f does in CPython.

// BuiltinNames lists the names of Python's builtins module that kael has:
// its functions and classes, the exception classes and the constants
// (NotImplemented, Ellipsis, __debug__), sorted.
func BuiltinNames() []string {
	loadLibraries()
	var names []string
	for n := range builtins {
		names = append(names, n)
	}
	for n := range exceptionClasses {
		names = append(names, n)
	}
	for n := range builtinConstants {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// SetBuiltin assigns the builtin name in s: every module of the session
// that has no global of that name sees v (builtins.name = v).
func (s *Session) SetBuiltin(name string, v Value) {
	if s.builtinsSet == nil {
		s.builtinsSet = map[string]Value{}
	}
	s.builtinsSet[name] = v
}

// Builtin is the session's value of the builtin name: what SetBuiltin
// assigned, else BuiltinName's.
func (s *Session) Builtin(name string) (Value, bool) {
	if v, ok := s.builtinsSet[name]; ok {
		return v, true
	}
	return BuiltinName(name)
}

// Input asks the front end for a line of text after prompt, as input()
// does; with password it asks the front end not to show what is typed
// (getpass.getpass), which a front end that cannot hide it ignores.
func (a *Args) Input(prompt string, password bool) (Value, error) {
	name := a.b.Name
	if a.in.s.io.Input == nil {
		return nil, Errorf(RuntimeError, "%s() is not available: this front end cannot read input", name).
			WithHint("in Jupyter, run the cell from a front end that allows stdin")
	}
	line, err := a.in.s.io.Input(prompt, password)
	if errors.Is(err, io.EOF) {
		return nil, Errorf(EOFError, "no more input: the input ended before %s() read a line", name)
	}
	return line, err
}
