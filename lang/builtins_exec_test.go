package lang

import (
	"context"
	"testing"
)

// execCases hold eval, exec, compile, globals() and code objects to
// CPython 3.11's behaviour: each runs as a cell in both, and the value
// or the uncaught error must match.
var execCases = []struct{ src, want string }{
	// exec and eval in the module's own namespace
	{"x = 1\nexec('y = x + 1')\ny", "2"},
	{"x = 2\neval('x * 10')", "20"},
	{"eval('  1 + 1')", "2"},
	{"eval(b'3 * 3')", "9"},
	{"exec('1 + 1') is None", "True"},
	{"exec('def f(n):\\n    return n * 2\\nz = f(4)')\n(z, f(5))", "(8, 10)"},
	{"exec('for i in range(3):\\n    total = i')\n(i, total)", "(2, 2)"},
	{"eval('[k * k for k in range(4)]')", "[0, 1, 4, 9]"},
	{"eval('undefined_name')", "NameError: name 'undefined_name' is not defined"},
	{"exec('1 / 0')", "ZeroDivisionError: division by zero"},
	{"exec('raise ValueError(\"inner\")')", "ValueError: inner"},
	// globals dicts
	{"d = {'a': 2}\nexec('b = a * 3', d)\n(sorted(d), d['b'])", "(['__builtins__', 'a', 'b'], 6)"},
	{"d = {}\nexec('def f(): return g\\ng = 5', d)\nd['g'] = 7\nd['f']()", "7"},
	{"d = {'a': 1}\neval('a + 1', d)", "2"},
	{"d = {}\nexec('import math\\nr = math.floor(2.5)', d)\nd['r']", "2"},
	{"d = {}\nexec('x = 1', d)\n'x' in globals()", "False"},
	{"exec('q = 1', globals())\nq", "1"},
	{"d = {}\nexec('', d)\n(type(d['__builtins__']).__name__, d['__builtins__']['len'] is len)", "('dict', True)"},
	{"d = {'__builtins__': None, 'q': 3}\nexec('w = q', d)\nd['w']", "3"},
	// separate locals
	{"g = {'a': 1}\nl = {}\nexec('b = a + 1', g, l)\n(sorted(g), l)", "(['__builtins__', 'a'], {'b': 2})"},
	{"g = {}\nl = {'v': 4}\neval('v * 2', g, l)", "8"},
	{"g = {'v': 1}\nl = {'v': 4}\nexec('w = v', g, l)\n(g['v'], l)", "(1, {'v': 4, 'w': 4})"},
	{"l = {'gone': 1}\nexec('del gone', {}, l)\nl", "{}"},
	{"eval('x', None, {'x': 9})", "9"},
	// in a function: its locals, in a dict of their own
	{"def f(p):\n    exec('r = p + 1')\n    return locals()['r']\nf(3)", "4"},
	{"def f(p):\n    q = 2\n    return eval('p * q')\nf(5)", "10"},
	{"def f():\n    exec('t = 1')\n    return 't' in locals()\nf()", "True"},
	// globals() is the module's namespace
	{"x = 1\ng = globals()\ng['x'] = 5\nx", "5"},
	{"globals()['fresh'] = 'new'\nfresh", "'new'"},
	{"g = globals()\nlate = 3\n(g['late'], 'late' in g)", "(3, True)"},
	{"v = 1\ndel globals()['v']\nv", "NameError: name 'v' is not defined"},
	{"globals() is globals()", "True"},
	{"type(globals()).__name__", "'dict'"},
	{"n1 = 1\nn2 = 'two'\n[k for k, v in globals().items() if not k.startswith('_') and isinstance(v, (int, str))]", "['n1', 'n2']"},
	{"def f():\n    global h\n    h = 4\nf()\nglobals()['h']", "4"},
	{"def f():\n    return hits\nglobals().update(hits=2)\nf()", "2"},
	{"globals().setdefault('sd', 6)\nsd", "6"},
	{"u = 1\nglobals().pop('u')\n'u' in globals()", "False"},
	{"g = globals()\nlate = 3\nr1 = ('late' in g.copy(), 'late' in {**g}, 'late' in dict(**g))\ndel late\nr2 = ('late' in g.copy(), 'late' in {**g}, 'late' in dict(**g), 'late' in repr(list(g)))\nlate = 4\n(r1, r2, g.copy()['late'], g['late'])", "((True, True, True), (False, False, False, False), 4, 4)"},
	{"g = globals()\ng['k2'] = 1\ndel g['k2']\ntry:\n    del g['k2']\nexcept KeyError as e:\n    r = repr(e)\n(r, 'k2' in g)", "(\"KeyError('k2')\", False)"},
	{"g = globals()\ng[1] = 'one'\nr = (g[1], 1 in g)\ndel g[1]\n(r, 1 in g)", "(('one', True), False)"},

	// compile and code objects
	{"c = compile('1 + 2', '<x>', 'eval')\n(type(c).__name__, c.co_name, c.co_filename, eval(c))", "('code', '<module>', '<x>', 3)"},
	{"c = compile('k = 7', 'file.py', 'exec')\nexec(c)\n(k, eval(c))", "(7, None)"},
	{"exec(compile('8', '<s>', 'eval')) is None", "True"},
	{"compile('1', '<s>', 'bad')", "ValueError: compile() mode must be 'exec', 'eval' or 'single'"},
	{"compile(1, '<s>', 'exec')", "TypeError: compile() arg 1 must be a string, bytes or AST object"},
	{"exec(1)", "TypeError: exec() arg 1 must be a string, bytes or code object"},
	{"eval([])", "TypeError: eval() arg 1 must be a string, bytes or code object"},
	{"exec('x = 1', [])", "TypeError: exec() globals must be a dict, not list"},
	{"eval('1', 5)", "TypeError: globals must be a dict"},
	{"exec('x = 1', {}, 5)", "TypeError: locals must be a mapping or None, not int"},
	{"eval('1', {}, 5)", "TypeError: locals must be a mapping"},
	{"def f(a, b=1, *args, c, **kw):\n    t = a\n    return t\nc = f.__code__\n(c.co_name, c.co_argcount, c.co_kwonlyargcount, c.co_posonlyargcount, c.co_varnames)", "('f', 2, 1, 0, ('a', 'b', 'c', 'args', 'kw', 't'))"},
	{"def f(a, /, b):\n    pass\n(f.__code__.co_argcount, f.__code__.co_posonlyargcount)", "(2, 1)"},
	{"(lambda x, y: x).__code__.co_varnames", "('x', 'y')"},
	{"def f():\n    pass\nf.__globals__ is globals()", "True"},
	{"def f():\n    pass\nf.__code__.co_filename == f.__code__.co_filename, type(f.__code__).__name__", "(True, 'code')"},
	{"def f():\n    global ran\n    ran = 1\nexec(f.__code__)\nran", "1"},
	{"d = {}\nexec('def f(): return 2', d)\nd['f'].__globals__ is d", "True"},
	{"def f(x):\n    def g():\n        return x\n    return g\nexec(f(1).__code__)", "TypeError: code object requires a closure of exactly length 1"},
	// traceback frames
	{"def inner(a):\n    b = a * 2\n    1 / 0\ndef outer():\n    z = 5\n    inner(3)\ntry:\n    outer()\nexcept ZeroDivisionError as e:\n    tb = e.__traceback__.tb_next\n    r = []\n    while tb:\n        f = tb.tb_frame\n        r.append((f.f_code.co_name, f.f_lineno, f.f_lineno - f.f_code.co_firstlineno, sorted(f.f_locals), f.f_back.f_code.co_name, f.f_globals is globals()))\n        tb = tb.tb_next\nr", "[('outer', 6, 2, ['z'], '<module>', True), ('inner', 3, 2, ['a', 'b'], 'outer', True)]"},
	{"try:\n    1 / 0\nexcept ZeroDivisionError as e:\n    tb = e.__traceback__\n    r = (type(tb.tb_frame).__name__, tb.tb_frame is tb.tb_frame, tb.tb_frame.f_code.co_name, tb.tb_frame.f_globals is globals())\nr", "('frame', True, '<module>', True)"},
	// f_locals follows a frame while its call runs, and keeps what the call ended with
	{"def g():\n    x = 1\n    try:\n        raise ValueError\n    except ValueError as e:\n        tb = e.__traceback__\n    x = 2\n    return tb.tb_frame.f_locals['x']\ng()", "2"},
	{"def r():\n    y = 1\n    try:\n        raise ValueError\n    except ValueError as e:\n        err = e\n    y = 5\n    return err\nr().__traceback__.tb_frame.f_locals['y']", "5"},
	{"def inner(a):\n    b = a + 1\n    raise KeyError(b)\ndef outer():\n    z = 3\n    try:\n        inner(z)\n    except KeyError as e:\n        z = 4\n        tb = e.__traceback__\n    return tb.tb_frame.f_locals['z'], tb.tb_next.tb_frame.f_locals\nouter()", "(4, {'a': 3, 'b': 4})"},
	{"def many(a, b, c, d, e, f):\n    raise ValueError\ntry:\n    many(1, 2, 3, 4, 5, 6)\nexcept ValueError as e:\n    r = sorted(e.__traceback__.tb_next.tb_frame.f_locals.items())\nr", "[('a', 1), ('b', 2), ('c', 3), ('d', 4), ('e', 5), ('f', 6)]"},
	{"def f():\n    exec('1 / 0')\ntry:\n    f()\nexcept ZeroDivisionError as e:\n    tb = e.__traceback__\n    r = []\n    while tb:\n        r.append((tb.tb_frame.f_code.co_name, tb.tb_frame.f_code.co_filename == '<string>', tb.tb_lineno))\n        tb = tb.tb_next\nr", "[('<module>', False, 4), ('f', False, 2), ('<module>', True, 1)]"},
}

func TestExecMatchesCPython(t *testing.T) {
	checkCellCases(t, "", execCases)
	checkCellCasesAgainstCPython(t, "", execCases)
}

// execSyntaxErrorCases are the SyntaxErrors of exec, eval and compile:
// the attributes a program reads from them, as CPython gives them.
var execSyntaxErrorCases = []struct{ src, want string }{
	{"try:\n    exec('x = (1,')\nexcept SyntaxError as e:\n    r = (e.filename, e.lineno)\nr", "('<string>', 1)"},
	{"try:\n    compile('a = 1\\nb = = 2', 'f.py', 'exec')\nexcept SyntaxError as e:\n    r = (e.filename, e.lineno, e.offset, e.text)\nr", "('f.py', 2, 5, 'b = = 2\\n')"},
	{"try:\n    compile('return 1', '<t>', 'exec')\nexcept SyntaxError as e:\n    r = (e.filename, e.lineno, e.offset, e.msg)\nr", "('<t>', 1, 1, \"'return' outside function\")"},
	{"try:\n    compile('a = 1\\nb = 2', '<s>', 'single')\nexcept SyntaxError as e:\n    r = (e.msg, e.filename, e.lineno)\nr", "('multiple statements found while compiling a single statement', '<s>', 1)"},
	{"try:\n    eval('x = 1')\nexcept SyntaxError as e:\n    r = (e.filename, e.lineno)\nr", "('<string>', 1)"},
	{"try:\n    exec('if 1:\\npass')\nexcept SyntaxError as e:\n    r = (e.filename, e.lineno, e.msg)\nr", "('<string>', 2, \"expected an indented block after 'if' statement on line 1\")"},
}

func TestExecSyntaxErrorsMatchCPython(t *testing.T) {
	checkCellCases(t, "", execSyntaxErrorCases)
	checkCellCasesAgainstCPython(t, "", execSyntaxErrorCases)
}

// TestCellCodeHasAFilename: a function defined in a cell run without a
// file name (the REPL's) has co_filename '<stdin>', as CPython's
// interactive interpreter gives; a named cell (the kernel's In[n]) keeps
// its name.
func TestCellCodeHasAFilename(t *testing.T) {
	s := NewSession(IO{})
	for _, c := range []struct{ file, want string }{{"", "'<stdin>'"}, {"In[3]", "'In[3]'"}} {
		r := s.Exec(context.Background(), c.file, "def f():\n    pass\nrepr(f.__code__.co_filename)")
		if r.Err != nil || r.Value != c.want {
			t.Errorf("cell %q: co_filename %v (%v), want %s", c.file, r.Value, r.Err, c.want)
		}
	}
}
