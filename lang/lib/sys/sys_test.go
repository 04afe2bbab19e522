package sys_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	// The module under test, and the one its cases import.
	_ "github.com/kael-dev/kael/lang/lib/inspect"
	_ "github.com/kael-dev/kael/lang/lib/io"
	_ "github.com/kael-dev/kael/lang/lib/os"
	_ "github.com/kael-dev/kael/lang/lib/sys"
)

const sysPrelude = "import sys\n"

// sysCases hold CPython 3.11's outcomes; TestSysAgainstCPython checks
// them there.
var sysCases = []langtest.Case{
	{"sys.version_info >= (3, 8), sys.version_info[:2], sys.version_info.major, sys.version_info.minor, sys.version_info.releaselevel, type(sys.version_info).__name__, isinstance(sys.version_info, tuple), len(sys.version_info), sys.version_info < (4,), sys.version_info == (3, 11)", "(True, (3, 11), 3, 11, 'final', 'version_info', True, 5, True, False)"},
	{"sys.version.startswith('3.11.'), sys.hexversion >> 16, tuple(sys.version_info)[:2]", "(True, 779, (3, 11))"},
	{"sys.float_info, sys.float_info.epsilon, sys.float_info.max, sys.float_info[0], sys.float_info.dig", "(sys.float_info(max=1.7976931348623157e+308, max_exp=1024, max_10_exp=308, min=2.2250738585072014e-308, min_exp=-1021, min_10_exp=-307, dig=15, mant_dig=53, epsilon=2.220446049250313e-16, radix=2, rounds=1), 2.220446049250313e-16, 1.7976931348623157e+308, 1.7976931348623157e+308, 15)"},
	{"sys.maxsize, sys.maxsize == 9223372036854775807, sys.byteorder, sys.platform", "(9223372036854775807, True, 'little', 'linux')"},
	{"repr(sys.stdout), repr(sys.stderr), sys.stdout.name, sys.stderr.encoding, sys.stdout.flush(), sys.stdout.isatty(), sys.stdout.write('')", "(\"<_io.TextIOWrapper name='<stdout>' mode='w' encoding='utf-8'>\", \"<_io.TextIOWrapper name='<stderr>' mode='w' encoding='utf-8'>\", '<stdout>', 'utf-8', None, False, 0)"},
	{"sys.stderr.write('h\u00e9llo\\n')", "6"},
	{"sys.stdout.write(3)", "TypeError: write() argument must be str, not int"},
	{"b = sys.stdout.buffer\nb.mode, b.write(b''), b.writable(), b.readable(), b.isatty(), b.flush(), sys.stdout.reconfigure(encoding='utf-8'), sys.stderr.buffer.name", "('wb', 0, True, False, False, None, None, '<stderr>')"},
	{"sys.stdout.buffer.write('s')", "TypeError: a bytes-like object is required, not 'str'"},
	{"sys.exc_info(), sys.exception()", "((None, None, None), None)"},
	{"try:\n    1 / 0\nexcept ZeroDivisionError as e:\n    t, v, tb = sys.exc_info()\n    r = (t, v is e, tb is not None, sys.exception() is e)\nr", "(<class 'ZeroDivisionError'>, True, True, True)"},
	{"try:\n    try:\n        raise KeyError('k')\n    except KeyError:\n        raise ValueError('v')\nexcept ValueError:\n    r = repr(sys.exc_info()[1]), repr(sys.exc_info()[1].__context__)\nr", "(\"ValueError('v')\", \"KeyError('k')\")"},
	{"sys.stderr.writelines([1])", "TypeError: write() argument must be str, not int"},
	{"sys.setrecursionlimit(0)", "ValueError: recursion limit must be greater or equal than 1"},
	{"sys.setrecursionlimit(1.5)", "TypeError: 'float' object cannot be interpreted as an integer"},
	{"try:\n    sys.exit('bye')\nexcept SystemExit as e:\n    r = (repr(e), e.code, str(e), e.args)\nr", "(\"SystemExit('bye')\", 'bye', 'bye', ('bye',))"},
	{"try:\n    sys.exit()\nexcept SystemExit as e:\n    r = (repr(e), e.code, e.args)\nr", "('SystemExit()', None, ())"},
	{"SystemExit().code, SystemExit(3).code, SystemExit(1, 2).code, isinstance(SystemExit(), Exception), issubclass(SystemExit, BaseException)", "(None, 3, (1, 2), False, True)"},
	{"try:\n    sys.exit(2)\nexcept Exception:\n    r = 'caught by Exception'\nexcept BaseException as e:\n    r = type(e).__name__\nr", "'SystemExit'"},
	{"import os\n'os' in sys.modules, sys.modules['os'] is os, type(sys.modules).__name__, 'os.path' in sys.modules or True", "(True, True, 'dict', True)"},
	{"type(sys.argv).__name__, type(sys.path).__name__, isinstance(sys.executable, str), sys.getdefaultencoding()", "('list', 'list', True, 'utf-8')"},
	{"sys.setrecursionlimit(60)\ndef f(n):\n    return f(n + 1)\ntry:\n    f(0)\nexcept RecursionError:\n    r = 'RecursionError'\nr", "'RecursionError'"},
	{"from sys import argv, exit, stdout, version_info\nversion_info.major, callable(exit)", "(3, True)"},
	{"import io\nold = sys.stdout\nsys.stdout = io.StringIO()\nprint('a', 1)\nprint('b', end='')\nv = sys.stdout.getvalue()\nsys.stdout = old\nv, sys.stdout is sys.__stdout__, sys.stderr is sys.__stderr__", "('a 1\\nb', True, True)"},
	{"class W:\n    def __init__(self):\n        self.parts = []\n    def write(self, s):\n        self.parts.append(s)\nold, sys.stdout = sys.stdout, W()\nprint(1, 2, sep='-')\nw, sys.stdout = sys.stdout, old\nw.parts", "['1', '-', '2', '\\n']"},
	{"sys.excepthook is sys.__excepthook__, callable(sys.excepthook), sys.stdin.name, sys.stdin.readable(), sys.stdin.writable(), sys.stdout.readable()", "(True, True, '<stdin>', True, False, False)"},
	{"import io\ndef f():\n    blech = 1\n    return bluch\ntry:\n    f()\nexcept NameError:\n    old, sys.stderr = sys.stderr, io.StringIO()\n    r = sys.__excepthook__(*sys.exc_info())\n    v, sys.stderr = sys.stderr.getvalue(), old\nr, v.splitlines()[0], v.splitlines()[-1]", "(None, 'Traceback (most recent call last):', \"NameError: name 'bluch' is not defined. Did you mean: 'blech'?\")"},
	{"import io\nclass A:\n    Foo = 1\ntry:\n    A().foo\nexcept AttributeError:\n    old, sys.stderr = sys.stderr, io.StringIO()\n    sys.excepthook(*sys.exc_info())\n    v, sys.stderr = sys.stderr.getvalue(), old\nv.splitlines()[-1]", "\"AttributeError: 'A' object has no attribute 'foo'. Did you mean: 'Foo'?\""},
	{"import io\nold, sys.stderr = sys.stderr, io.StringIO()\nsys.__excepthook__(ValueError, 3, None)\nsys.__excepthook__(None, None, None)\nv, sys.stderr = sys.stderr.getvalue(), old\nv", "'TypeError: print_exception(): Exception expected for value, int found\\nTypeError: print_exception(): Exception expected for value, NoneType found\\n'"},
	// A generator keeps its own handled exception: sys.exc_info() in it
	// sees it where it resumes, not after it yields; with none of its
	// own it sees its caller's (bare raise and __context__ too).
	{"def g():\n    try:\n        raise KeyError('in gen')\n    except KeyError:\n        yield sys.exc_info()[1]\n        yield sys.exc_info()[1]\n    yield sys.exc_info()[1]\nit = g()\nr = [repr(next(it)), sys.exc_info()]\ntry:\n    raise ValueError('caller')\nexcept ValueError:\n    r += [repr(next(it)), repr(next(it)), repr(sys.exc_info()[1])]\nr, sys.exc_info()", "([\"KeyError('in gen')\", (None, None, None), \"KeyError('in gen')\", \"ValueError('caller')\", \"ValueError('caller')\"], (None, None, None))"},
	{"def h():\n    yield sys.exc_info()[1]\n    try:\n        raise\n    except Exception as e:\n        yield 'reraised ' + repr(e)\ntry:\n    raise IndexError('i')\nexcept IndexError:\n    it2 = h()\n    r = repr(next(it2)), next(it2)\nr", "(\"IndexError('i')\", \"reraised IndexError('i')\")"},
	{"def k():\n    try:\n        1/0\n    except ZeroDivisionError:\n        yield 1\n        raise TypeError('t')\nit3 = k()\nnext(it3)\ntry:\n    next(it3)\nexcept TypeError as e:\n    r = repr(e.__context__)\nr, sys.exc_info()", "(\"ZeroDivisionError('division by zero')\", (None, None, None))"},
	{"def h():\n    yield 1\n    raise\nit = h()\nnext(it)\nnext(it)", "RuntimeError: No active exception to reraise"},
	{"import io\nout = []\nfor a in [('bad.py', 1, 2, 'abcdefg', 1, 7), ('bad.py', 1, 2, 'abcdefg', 1, 100), ('bad.py', 1, 4, 'abcdefg', 1, 2), ('bad.py', 1, -4, 'abcdefg', 1, -2), (None, 2, 3, '  ab\\ncd\\n', 3, 1), ('x.py', 'n', 1, 'abc', 1, 2)]:\n    try:\n        raise SyntaxError('bad bad', a)\n    except SyntaxError:\n        old, sys.stderr = sys.stderr, io.StringIO()\n        sys.__excepthook__(*sys.exc_info())\n        v, sys.stderr = sys.stderr.getvalue(), old\n        key = '  File \"' + (a[0] or '<string>') + '\"'\n        out.append(v[v.index(key):] if key in v else v.splitlines()[-1])\nout", "['  File \"bad.py\", line 1\\n    abcdefg\\n     ^^^^^\\nSyntaxError: bad bad\\n', '  File \"bad.py\", line 1\\n    abcdefg\\n     ^^^^^^\\nSyntaxError: bad bad\\n', '  File \"bad.py\", line 1\\n    abcdefg\\n       ^\\nSyntaxError: bad bad\\n', '  File \"bad.py\", line 1\\n    abcdefg\\nSyntaxError: bad bad\\n', '  File \"<string>\", line 2\\n    ab\\ncd\\n    ^^^^^\\nSyntaxError: bad bad\\n', 'SyntaxError: bad bad (x.py)']"},
	{"SyntaxError('m', ('f/a.py', 3, 1, 't')).args, str(SyntaxError('m', ('f/a.py', 3, 1, 't'))), str(SyntaxError()), SyntaxError('m', ('f', 1, 2, 't')).end_lineno, SyntaxError('m', ('f', 1, 2, 't', 1, 3)).end_offset, SyntaxError('m').print_file_and_line", "(('m', ('f/a.py', 3, 1, 't')), 'm (a.py, line 3)', 'None', None, 3, None)"},
	{"SyntaxError('m', ('f', 1, 2))", "TypeError: function takes at least 4 arguments (3 given)"},
	{"SyntaxError('m', ('f', 1, 2, 't', 1))", "TypeError: end_offset must be provided when end_lineno is provided"},
	{"e = SyntaxError('m')\ne.filename, e.lineno = '/a/b.py', 4\nstr(e), e.msg, e.text", "('m (b.py, line 4)', 'm', None)"},
	{"sys.stdin.write('x')", "UnsupportedOperation: not writable"},
	{"import io\nclass A:\n    blech = 1\n    def __getattr__(self, n):\n        raise AttributeError\nblech = 2\nlines = []\nfor f in [lambda: A().bluch, lambda: bluch, lambda: ZeroDivisionErrr, lambda: A().somethingverywrong, lambda: id2, lambda: A().BLECH, lambda: A().Blech]:\n    try:\n        f()\n    except Exception:\n        old, sys.stderr = sys.stderr, io.StringIO()\n        sys.__excepthook__(*sys.exc_info())\n        v, sys.stderr = sys.stderr.getvalue(), old\n        lines.append(v.splitlines()[-1])\nlines", "[\"AttributeError. Did you mean: 'blech'?\", \"NameError: name 'bluch' is not defined. Did you mean: 'blech'?\", \"NameError: name 'ZeroDivisionErrr' is not defined. Did you mean: 'ZeroDivisionError'?\", 'AttributeError', \"NameError: name 'id2' is not defined. Did you mean: 'id'?\", 'AttributeError', \"AttributeError. Did you mean: 'blech'?\"]"},
	// frames: sys._getframe and what they hold
	{"def who():\n    return sys._getframe(1).f_code.co_name\ndef f():\n    return who()\n(f(), who())", "('f', '<module>')"},
	{"def f(a):\n    b = a + 1\n    return sorted(sys._getframe().f_locals), sys._getframe().f_code.co_name, sys._getframe().f_lineno, sys._getframe().f_globals is globals()\nf(1)", "(['a', 'b'], 'f', 3, True)"},
	{"def caller_locals():\n    return sys._getframe(1).f_locals\ndef f(x):\n    y = x * 2\n    return caller_locals()\nf(4)", "{'x': 4, 'y': 8}"},
	{"def h():\n    q = 1\n    f = sys._getframe()\n    q = 2\n    return f.f_locals['q']\nh()", "2"},
	{"sys._getframe(3)", "ValueError: call stack is not deep enough"},
	{"type(sys._getframe()).__name__, sys._getframe().f_code.co_name", "('frame', '<module>')"},
	{"class C:\n    def __repr__(self):\n        return sys._getframe(1).f_code.co_name\ndef show():\n    return repr(C())\nshow()", "'show'"},
	{"def g():\n    exec('r = sys._getframe()')\n    fr = locals()['r']\n    return fr.f_code.co_name, fr.f_code.co_filename, fr.f_back.f_code.co_name\ng()", "('<module>', '<string>', 'g')"},
	{"import inspect\ndef f():\n    fr = inspect.currentframe()\n    return fr.f_code.co_name, fr.f_back.f_code.co_name\nf()", "('f', '<module>')"},
	// getsizeof (sizeof.go): CPython 3.11's sizes
	{"[sys.getsizeof(x) for x in (None, True, False, 0, 1, 2**30, 2**60, -5, -2**100, 1.5, 1j, 1e300)]", "[16, 28, 28, 28, 28, 32, 36, 28, 40, 24, 32, 24]"},
	{"[sys.getsizeof(x) for x in ('', 'a', 'abc', 'é', 'aé', 'ab€', '😀', 'a😀')]", "[49, 50, 52, 74, 75, 80, 80, 84]"},
	{"[sys.getsizeof(x) for x in (b'', b'ab', (), (1, 2), [], [1, 2, 3], {}, {1: 2}, {'a': 1}, set(), {1}, frozenset(), range(5), bytearray(b'ab'), bytearray())]", "[33, 35, 40, 56, 56, 88, 64, 224, 184, 216, 216, 216, 48, 59, 56]"},
	{"def app(n):\n    l = []\n    for i in range(n):\n        l.append(i)\n    return sys.getsizeof(l)\n[app(n) for n in range(0, 40, 3)], [sys.getsizeof([i for i in range(n)]) for n in range(0, 40, 3)]", "([56, 88, 120, 184, 184, 184, 248, 248, 248, 312, 312, 376, 376, 376], [56, 88, 120, 184, 184, 184, 248, 248, 248, 312, 312, 376, 376, 376])"},
	{"[sys.getsizeof({i: i for i in range(n)}) for n in (5, 6, 10, 11, 21, 22, 42, 43, 85, 86, 200, 1000)]", "[224, 352, 352, 632, 632, 1168, 1168, 2264, 2264, 4688, 9304, 36952]"},
	{"[sys.getsizeof({str(i): i for i in range(n)}) for n in (5, 6, 10, 11, 21, 22, 42, 43, 85, 86, 200)]", "[184, 272, 272, 464, 464, 832, 832, 1584, 1584, 3328, 6576]"},
	{"[sys.getsizeof({i for i in range(n)}) for n in (4, 5, 18, 19, 76, 77, 300, 1000)]", "[216, 728, 728, 2264, 2264, 8408, 8408, 32984]"},
	{"class S:\n    def __sizeof__(self):\n        return 10\nclass T:\n    def __sizeof__(self):\n        raise TypeError('no')\nclass A:\n    pass\nsys.getsizeof(S()), sys.getsizeof(T(), 7), sys.getsizeof(A()), sys.getsizeof(1, 5)", "(42, 7, 56, 28)"},
	{"def f():\n    pass\nsys.getsizeof(f), sys.getsizeof(len), sys.getsizeof(sys), sys.getsizeof(int), sys.getsizeof(ValueError), sys.getsizeof(list)", "(152, 72, 72, 424, 424, 424)"},
	{"class T:\n    def __sizeof__(self):\n        raise TypeError('no')\nsys.getsizeof(T())", "TypeError: no"},
	{"class D:\n    __slots__ = ('a', 'b')\nclass E:\n    pass\nsys.getsizeof(D()), D().__sizeof__(), sys.getsizeof(object()), object().__sizeof__(), E().__sizeof__(), sys.getsizeof(E())", "(48, 32, 16, 16, 24, 56)"},
	{"class N:\n    def __sizeof__(self):\n        return -1\nsys.getsizeof(N())", "ValueError: __sizeof__() should return >= 0"},
	{"class N:\n    def __sizeof__(self):\n        return 'x'\nsys.getsizeof(N())", "TypeError: an integer is required"},
}

// sysSessionCases are kael's own: what a session's sys is (argv, path,
// where its streams write).
var sysSessionCases = []langtest.Case{
	{"import sys\nsys.argv, sys.path", "([''], [''])"},
	{"import sys\nsys.stdout.write('a\\n')\nprint('b', file=sys.stderr)\nsys.stderr.writelines(['c', 'd\\n'])", "a\nb\ncd\n"},
	{"import sys\nsys.getrecursionlimit()", "500"},
	{"import sys\nsys.setrecursionlimit(100)\nsys.getrecursionlimit()", "100"},
	{"import sys\nsys.setrecursionlimit(10**6)\nsys.getrecursionlimit()", "500"},
	{"import sys\nsys.exit(3)", "SystemExit: 3"},
	{"import sys\nimport sys as s2\ns2 is sys", "True"},
	{"import sys, io\nsys.stdout = io.StringIO()\nprint('hidden')\nsys.stdout = sys.__stdout__\nprint('shown')", "shown\n"},
	{"import sys, io\nsys.stdout.buffer.write(b'raw\\n')\nsys.stdout = io.TextIOWrapper(sys.stdout.buffer, encoding='utf-8')\nprint('h\u00e9')", "raw\nh\u00e9\n"},
	{"import sys\nsys.stdout.reconfigure(encoding='latin-1')", "ValueError: kael's sys streams write UTF-8 only, not 'latin-1'"},
}

func TestSys(t *testing.T) {
	langtest.CheckCellCases(t, sysPrelude, sysCases)
	langtest.RunCells(t, sysSessionCases)
}

func TestSysAgainstCPython(t *testing.T) {
	cpython.CheckCellCases(t, sysPrelude, sysCases)
}

// interpCases are the interpreter's facts of interp.go, checked in
// CPython 3.11 too (where kael's differ, the case asks what both share).
var interpCases = []langtest.Case{
	{"sys.int_info, sys.int_info.default_max_str_digits, sys.maxunicode, chr(sys.maxunicode) == '\\U0010ffff', sys.float_repr_style, sys.get_int_max_str_digits()", "(sys.int_info(bits_per_digit=30, sizeof_digit=4, default_max_str_digits=4300, str_digits_check_threshold=640), 4300, 1114111, True, 'short', 4300)"},
	{"f = sys.flags\ntype(f).__name__, f.optimize, f.debug, f.dev_mode, f.int_max_str_digits, f[0], len(f), f._fields if hasattr(f, '_fields') else 'no _fields', isinstance(f, tuple)", "('flags', 0, 0, False, -1, 0, 18, 'no _fields', True)"},
	{"h = sys.hash_info\nh.width, h.modulus == 2**61 - 1, h.inf == hash(float('inf')), h.imag, h.hash_bits, h.nan", "(64, True, True, 1000003, 64, 0)"},
	{"i = sys.implementation\ni.version == sys.version_info, i.hexversion == sys.hexversion, isinstance(i.name, str), repr(i).startswith('namespace(name=')", "(True, True, True, True)"},
	{"sys.getfilesystemencoding(), sys.getfilesystemencodeerrors(), sys.intern('ab' + 'c'), sys.abiflags, sys.platlibdir, sys.pycache_prefix, sys.warnoptions, sys.api_version", "('utf-8', 'surrogateescape', 'abc', '', 'lib', None, [], 1013)"},
	{"sys.gettrace(), sys.getprofile(), sys.is_finalizing(), sys.call_tracing(divmod, (7, 2)), sys.getswitchinterval()", "(None, None, False, (3, 1), 0.005)"},
	{"sys.setswitchinterval(0.01)\nsys.getswitchinterval()", "0.01"},
	{"isinstance(sys.prefix, str), sys.exec_prefix == sys.prefix, isinstance(sys.base_prefix, str), 'sys' in sys.builtin_module_names, type(sys.builtin_module_names).__name__", "(True, True, True, True, 'tuple')"},
	{"import io\nold, sys.stdout = sys.stdout, io.StringIO()\nsys.displayhook(None)\nsys.displayhook('a')\nsys.displayhook([1])\nv, sys.stdout = sys.stdout.getvalue(), old\nv", "\"'a'\\n[1]\\n\""},
	{"s = sys.stdlib_module_names\ntype(s).__name__, len(s), 'os' in s, 'asyncio' in s, 'torch' in s, 'numpy' in s, sorted(s)[:3]", "('frozenset', 305, True, True, False, False, ['__future__', '_abc', '_aix_support'])"},
	{"sys.intern(3)", "TypeError: intern() argument must be str, not int"},
	{"sys.call_tracing(len, [1])", "TypeError: call_tracing() argument 2 must be tuple, not list"},
	{"sys.setswitchinterval(0)", "ValueError: switch interval must be strictly positive"},
	{"sys.setswitchinterval('a')", "TypeError: must be real number, not str"},
}

func TestInterp(t *testing.T) { langtest.CheckCellCases(t, sysPrelude, interpCases) }

func TestInterpAgainstCPython(t *testing.T) {
	cpython.CheckCellCases(t, sysPrelude, interpCases)
}
