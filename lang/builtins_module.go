package lang

import (
	"errors"
	"io"
	"sort"
	"strings"
)

// The builtins module (lang/lib/builtins) shows the names every module
// sees without an import; a program may assign one of its attributes,
// which replaces (or adds) that builtin for the whole session, as
// builtins.print = f does in CPython.

// BuiltinNames lists the names of Python's builtins module that kael has:
// its functions and classes, the exception classes and the constants
// (NotImplemented, Ellipsis, __debug__), sorted. kael's own predefined
// names (the tensor functions a program may call bare, zeros(3), and the
// dtypes) are not among them: they are no attributes of the builtins
// module, as they are none of CPython's (see BuiltinName). The engine
// defines every one of these names itself, so listing them defines no
// library.
func BuiltinNames() []string {
	var names []string
	for n := range builtins {
		if pythonBuiltins[n] {
			names = append(names, n)
		}
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

// IsPythonBuiltin reports whether name is a function or class of CPython
// 3.11's builtins module (len, print, sum, object), whether kael has it
// or not: a library's namespace that copies the builtin functions (torch)
// leaves these out, as PyTorch's has no torch.len.
func IsPythonBuiltin(name string) bool { return pythonBuiltins[name] }

// pythonBuiltins are the functions and classes of CPython 3.11's builtins
// module (dir(builtins) less the exceptions, the constants and the
// module's own dunders). The engine's builtins table holds these and
// kael's predefined names beside them (the tensor functions, display,
// tqdm): name resolution finds both, after a module's globals, while the
// builtins module, its __dict__ and a library's namespace tell them apart
// by this list.
var pythonBuiltins = func() map[string]bool {
	set := map[string]bool{}
	for _, name := range strings.Fields(`__build_class__ __import__
		abs aiter all anext any ascii bin bool breakpoint bytearray bytes
		callable chr classmethod compile complex copyright credits delattr
		dict dir divmod enumerate eval exec exit filter float format
		frozenset getattr globals hasattr hash help hex id input int
		isinstance issubclass iter len license list locals map max
		memoryview min next object oct open ord pow print property quit
		range repr reversed round set setattr slice sorted staticmethod str
		sum super tuple type vars zip`) {
		set[name] = true
	}
	return set
}()

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
