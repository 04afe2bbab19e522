package lang

import "testing"

// importFunctionCases: __import__, absolute and relative, with CPython's
// errors for bad arguments.
var importFunctionCases = []string{
	"__import__('os').__name__, __import__('json', None, None, (), 0).__name__, __import__(name='json').__name__, __import__('os.path') is __import__('os')",
	"__import__('nope_mod_x')",
	"__import__('x', {'__name__': 'm'}, None, (), 1)",
	"__import__('x', {}, None, (), 1)",
	"__import__('x', None, None, (), 1)",
	"__import__('x', {'__package__': 5}, None, (), 1)",
	"__import__('x', {'__name__': 'nopkg_q.b'}, None, (), 1)",
	"import os, json\nos.__name__, json.__name__",
	"__import__(5)",
	"__import__('')",
	"__import__('os', level=-1)",
}

func TestImportFunctionAgainstCPython(t *testing.T) {
	checkMatchesCPython(t, "", importFunctionCases)
}
