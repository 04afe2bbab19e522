package lang

import "testing"

// excReinitCases run an exception's __init__ again, or a subclass's, as
// CPython 3.11 does: OSError's fields and args are set by __new__ (unless
// a subclass defines __init__ but not __new__: oserror_use_init), the
// other exceptions' by __init__.
var excReinitCases = []struct{ src, want string }{
	{"e = OSError(2, 'gone', 'a')\ne.__init__(5, 'io')\ne.args, e.errno, e.strerror, e.filename, str(e)", "((2, 'gone'), 2, 'gone', 'a', \"[Errno 2] gone: 'a'\")"},
	{"e = OSError(2, 'gone', 'a', None, 'b')\ne.__init__()\ne.args, e.errno, e.strerror, e.filename, e.filename2, str(e)", "((2, 'gone'), 2, 'gone', 'a', 'b', \"[Errno 2] gone: 'a' -> 'b'\")"},
	{"e = FileNotFoundError(2, 'gone')\ne.__init__(1)\ne.args, e.errno, str(e)", "((2, 'gone'), 2, '[Errno 2] gone')"},
	{"e = ImportError('m', name='n', path='p')\ne.__init__('x')\ne.args, e.name, e.path, e.msg", "(('x',), None, None, 'x')"},
	{"e = ImportError('m', name='n', path='p')\ne.__init__('x', name='q')\ne.args, e.name, e.path, e.msg", "(('x',), 'q', None, 'x')"},
	{"e = ModuleNotFoundError('m', name='n')\ne.__init__()\ne.args, e.name, e.msg", "((), None, None)"},
	{"e = SyntaxError('bad', ('f', 1, 2, 'x', 1, 3))\ne.__init__('w')\ne.args, e.msg, e.filename, e.lineno, e.offset, e.text", "(('w',), 'w', 'f', 1, 2, 'x')"},
	{"e = SyntaxError('bad', ('f', 1, 2, 'x', 1, 3))\ne.__init__('w', ('g', 5, 6, 'y'))\ne.args, e.msg, e.filename, e.lineno, e.offset, e.text, e.end_lineno", "(('w', ('g', 5, 6, 'y')), 'w', 'g', 5, 6, 'y', None)"},
	{"e = StopIteration(5)\ne.__init__(7)\ne.args, e.value", "((7,), 7)"},
	{"e = StopIteration(5)\ne.__init__()\ne.args, e.value", "((), None)"},
	{"e = StopAsyncIteration(5)\ne.__init__(7)\ne.args", "(7,)"},
	{"e = KeyError('k')\ne.__init__('j')\ne.args, str(e)", "(('j',), \"'j'\")"},
	{"e = UnicodeDecodeError('utf-8', b'\\xff', 0, 1, 'bad')\ne.__init__('ascii', b'\\xfe', 0, 1, 'worse')\ne.args, e.encoding, e.object, e.reason, str(e)", "(('ascii', b'\\xfe', 0, 1, 'worse'), 'ascii', b'\\xfe', 'worse', \"'ascii' codec can't decode byte 0xfe in position 0: worse\")"},
	{"e = UnicodeEncodeError('ascii', 'é', 0, 1, 'bad')\ne.__init__('latin-1', 'x', 0, 1, 'w')\ne.args, e.encoding, e.object, e.reason", "(('latin-1', 'x', 0, 1, 'w'), 'latin-1', 'x', 'w')"},
	{"e = UnicodeTranslateError('é', 0, 1, 'bad')\ne.__init__('x', 0, 1, 'w')\ne.args, e.object, e.reason", "(('x', 0, 1, 'w'), 'x', 'w')"},
	{"e = SystemExit(3)\ne.__init__(4)\ne.args, e.code", "((4,), 4)"},
	{"e = ValueError(1)\ne.__init__(2, 3)\ne.args", "(2, 3)"},
	{"e = NameError('x', name='n')\ne.__init__('y')\ne.args, e.name", "(('y',), None)"},
	{"e = AttributeError('x', name='n', obj=1)\ne.__init__('y')\ne.args, e.name, e.obj", "(('y',), None, None)"},
	{"e = OSError(2, 'gone', 'a')\ne.__init__(5, 'io', 'b', 4, 'c')\ne.args, e.errno, e.filename, e.filename2", "((2, 'gone'), 2, 'a', None)"},
	{"class E(OSError):\n    def __init__(self, *a):\n        super().__init__(*a)\ne = E(2, 'gone', 'a')\ne.args, e.errno, e.strerror, e.filename", "((2, 'gone'), 2, 'gone', 'a')"},
	{"class E(OSError):\n    def __init__(self, x):\n        super().__init__(2, 'gone', x)\ne = E('f')\ne.args, e.errno, e.strerror, e.filename, str(e)", "((2, 'gone'), 2, 'gone', 'f', \"[Errno 2] gone: 'f'\")"},
	{"class E(ImportError):\n    def __init__(self, x):\n        super().__init__(x, name='n')\ne = E('f')\ne.args, e.name", "(('f',), 'n')"},
	{"class E(StopIteration):\n    def __init__(self, x):\n        super().__init__(x, 2)\ne = E('f')\ne.args, e.value", "(('f', 2), 'f')"},
	{"class E(SyntaxError):\n    def __init__(self, x):\n        super().__init__(x, ('f', 1, 2, 'x'))\ne = E('m')\ne.args, e.msg, e.lineno", "(('m', ('f', 1, 2, 'x')), 'm', 1)"},
	{"class E(UnicodeDecodeError):\n    def __init__(self):\n        super().__init__('utf-8', b'\\xff', 0, 1, 'bad')\ne = E()\ne.args, e.reason", "(('utf-8', b'\\xff', 0, 1, 'bad'), 'bad')"},
	{"class E(OSError):\n    def __new__(cls, *a):\n        return super().__new__(cls, 2, 'x')\n    def __init__(self, *a):\n        pass\ne = E(9, 'y', 'z')\ne.args, e.errno, e.strerror", "((2, 'x'), 2, 'x')"},
	{"class E(OSError):\n    def __init__(self, a, b):\n        pass\ne = E(9, 'y')\ne.args, e.errno, e.strerror", "((), None, None)"},
	{"OSError(1, x=2)", "TypeError: OSError() takes no keyword arguments"},
	{"e = OSError(1, 'a')\ne.__init__(x=1)\ne.args", "(1, 'a')"},
	{"type(OSError(2, 'x')), OSError.__new__(OSError, 2, 'x').args, type(OSError.__new__(OSError, 2, 'x'))", "(<class 'FileNotFoundError'>, (2, 'x'), <class 'FileNotFoundError'>)"},
	{"class E(OSError):\n    pass\ne = E(2, 'x', 'f')\ne.__init__(3, 'y')\ntype(e).__name__, e.args, e.errno, e.filename", "('E', (2, 'x'), 2, 'f')"},
	{"class E(OSError):\n    def __init__(self, *a):\n        super().__init__(*a)\ne = E(2, 'x', 'f')\ne.__init__(3, 'y')\ntype(e).__name__, e.args, e.errno, e.filename", "('E', (3, 'y'), 3, 'f')"},
	{"e = OSError(2, 'x', 'f')\nOSError.__init__(e, 7, 'z')\ne.args, e.errno", "((2, 'x'), 2)"},
}

func TestExceptionReinit(t *testing.T) { checkCellCases(t, "", excReinitCases) }

func TestExceptionReinitAgainstCPython(t *testing.T) {
	checkCellCasesAgainstCPython(t, "", excReinitCases)
}
