package lang

import "sort"

// The builtins module (lang/lib/builtins) shows the names every module
// sees without an import; a program may assign one of its attributes,
// which replaces (or adds) that builtin for the whole session, as
// builtins.print = f does in CPython.

// BuiltinNames lists the names of Python's builtins module that kael has:
// its functions and classes, the exception classes and the constants
// (NotImplemented, Ellipsis, __debug__), sorted.
func BuiltinNames() []string {
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
