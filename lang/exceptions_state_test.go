package lang

import "testing"

// exceptionStateCases are what pickle and copy use of an exception:
// __reduce__ (an OSError's file names back in its args) and
// __setstate__ (each item set as an attribute, an ImportError's name and
// path among them), as CPython 3.11's.
var exceptionStateCases = []struct{ src, want string }{
	{"OSError('foo', 'bar', 'baz').__reduce__()", "(<class 'OSError'>, ('foo', 'bar', 'baz'))"},
	{"OSError(2, 'No such file', 'a', None, 'b').__reduce__()", "(<class 'FileNotFoundError'>, (2, 'No such file', 'a', None, 'b'))"},
	{"OSError('foo', 'bar').__reduce__(), OSError('a').__reduce__()", "((<class 'OSError'>, ('foo', 'bar')), (<class 'OSError'>, ('a',)))"},
	{"ImportError('t', name='n', path='p').__reduce__()", "(<class 'ImportError'>, ('t',), {'name': 'n', 'path': 'p'})"},
	{"e = ImportError('t')\ne.__setstate__({'name': 'n', 'path': 'p', 'x': 1})\ne.args, e.msg, e.name, e.path, e.x", "(('t',), 't', 'n', 'p', 1)"},
	{"e = OSError('a', 'b')\ne.__setstate__({'filename': 'f'})\ne.filename, str(e)", "('f', \"[Errno a] b: 'f'\")"},
	{"e = ValueError(1)\ne.__setstate__(None)\ne.__setstate__(3)", "TypeError: state is not a dictionary"},
	{"e = ValueError(1)\ne.__setstate__({1: 2})", "TypeError: attribute name must be string, not 'int'"},
}

func TestExceptionState(t *testing.T) {
	checkCellCases(t, "", exceptionStateCases)
}

func TestExceptionStateAgainstCPython(t *testing.T) {
	checkCellCasesAgainstCPython(t, "", exceptionStateCases)
}
