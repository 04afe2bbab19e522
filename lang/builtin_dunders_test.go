package lang

import "testing"

// builtinDunderCases: builtins' __name__, __qualname__, __module__ and
// __doc__, and a bound method's __self__, as CPython 3.11 has them.
var builtinDunderCases = []string{
	"len.__name__, len.__qualname__, len.__module__, print.__module__, list.append.__name__, list.append.__qualname__, int.__name__, int.__qualname__, int.__module__",
	"[].append.__name__, [].append.__qualname__, [].append.__module__, {}.get.__qualname__, 'a'.upper.__self__",
	"type(len.__doc__).__name__, type(list.append.__doc__).__name__, type([].append.__doc__).__name__",
}

func TestBuiltinDundersAgainstCPython(t *testing.T) {
	checkMatchesCPython(t, "", builtinDunderCases)
}
