package lang

import (
	"context"
	"strings"
	"testing"
)

// Gaps CPython's grammar and exception suites (lang/lib/unittest's
// TestCPythonSuites) showed, each compared with CPython.

func TestFunctionAttributes(t *testing.T) {
	checkMatchesCPython(t, "def f():\n    'doc'\n    return 1\n", []string{
		"f.x = 3\nf.x",
		"f.__dict__",
		"f.a = 1\nf.b = [2]\nf.__dict__",
		"f.__dict__['c'] = 2\nf.c",
		"f.__dict__ = {'d': 4}\nf.d",
		"f.__dict__ = 3",
		"f.nope",
		"f.__name__ = 'g'\nf.__name__, f.__qualname__",
		"f.__qualname__ = 'C.g'\nf.__name__, f.__qualname__",
		"f.__doc__ = None\nf.__doc__ is None",
		"f.__name__ = 1",
		"f.x = 1\nhasattr(f, 'x'), getattr(f, 'y', 5), f()",
		"def deco(fn):\n    fn.marked = True\n    return fn\n@deco\ndef h(): pass\nh.marked",
	})
}

func TestBuiltinConstants(t *testing.T) {
	checkMatchesCPython(t, "", []string{
		"__debug__",
		"Ellipsis",
		"Ellipsis is ...",
		"NotImplemented",
	})
}

// TestSpecialMethodRefusedWhenRun: a class defining a special method
// kael does not call is refused when its statement runs, with the caret
// and hint of the refusal, so that the rest of a file (a test suite's
// other tests) still runs.
func TestSpecialMethodRefusedWhenRun(t *testing.T) {
	var out strings.Builder
	s := NewSession(IO{Stdout: &out})
	r := s.Exec(context.Background(), "", "print('before')\ndef make():\n    class C:\n        def __del__(self):\n            pass\n    return C\ntry:\n    make()\nexcept SyntaxError as e:\n    print('caught', e)\nclass D:\n    def __del__(self): pass\nprint('never')")
	if r.Err == nil || r.Err.Kind != SyntaxError || r.Err.Span.Start.Line != 12 || !strings.Contains(r.Err.Msg, "__del__") || r.Err.Hint == "" {
		t.Fatalf("got %v", r.Err)
	}
	// str() of a SyntaxError adds its line, as CPython's (no file: a cell).
	if want := "before\ncaught kael does not support the special method __del__ in a class (line 4)\n"; out.String() != want {
		t.Errorf("printed %q, want %q", out.String(), want)
	}
}

func TestDelattr(t *testing.T) {
	checkMatchesCPython(t, "class C:\n    pass\nc = C()\nc.a = 1\n", []string{
		"delattr(c, 'a')\nhasattr(c, 'a')",
		"delattr(c, 'b')",
		"delattr(c, 3)",
	})
}

func TestGrammarOf310(t *testing.T) {
	const cm = "log = []\nclass CM:\n    def __init__(self, n):\n        self.n = n\n    def __enter__(self):\n        log.append(self.n)\n        return self.n\n    def __exit__(self, *exc):\n        log.append(-self.n)\n"
	checkMatchesCPython(t, cm, []string{
		"with (CM(1) as a, CM(2) as b,):\n    r = (a, b)\nr, log",
		"with (CM(3)):\n    pass\nlog",
		"with (\n    CM(4),\n    CM(5)\n):\n    pass\nlog",
		"with (CM(6)) as c:\n    pass\nc, log",
		"with (CM(7)), CM(8) as d:\n    pass\nd, log",
		"del ()\n[] = ()\n() = []\nlog",
		"x = 1\ndel [x]\n'x' in dir()",
		"null = lambda f: f\n@d := null\ndef f():\n    return 1\nf(), d is null",
		"@[lambda f: f][0]\ndef g():\n    return 2\ng()",
		"@(lambda f: f) if True else None\ndef h():\n    return 3\nh()",
	})
}

// asyncSyntaxCases are CPython's SyntaxErrors for asynchronous code and
// except* where Python rejects them; "ok" where it compiles (and kael
// runs it: coroutine_test.go, exceptions_group_test.go).
var asyncSyntaxCases = []struct{ src, want string }{
	{"await x", "1:1-8: 'await' outside function"},
	{"def f():\n    await x", "2:5-12: 'await' outside async function"},
	{"async def f():\n    def g():\n        await x", "3:9-16: 'await' outside async function"},
	{"async for x in y:\n    pass", "1:1-0: 'async for' outside async function"},
	{"async with x:\n    pass", "1:1-0: 'async with' outside async function"},
	{"try:\n    pass\nexcept* A:\n    pass\nexcept B:\n    pass", "5:1-7: cannot have both 'except' and 'except*' on the same 'try'"},
	{"try:\n    pass\nexcept*:\n    pass", "3:8-9: expected one or more exception types"},
	{"if False:\n    async def f():\n        await g()\n        async for x in y:\n            pass\n        async with z as w, v:\n            pass", "ok"},
	{"if False:\n    try:\n        pass\n    except* (A, B) as e:\n        pass", "ok"},
	{"for x in y:\n    try:\n        pass\n    except* A:\n        break", "5:9-14: 'break', 'continue' and 'return' cannot appear in an except* block"},
	{"for x in y:\n    try:\n        pass\n    except* A:\n        if x:\n            continue", "6:13-21: 'break', 'continue' and 'return' cannot appear in an except* block"},
	{"def f():\n    try:\n        pass\n    except* A:\n        return 1", "5:16-17: 'break', 'continue' and 'return' cannot appear in an except* block"},
	{"def f():\n    try:\n        pass\n    except* A:\n        return", "5:9-15: 'break', 'continue' and 'return' cannot appear in an except* block"},
	{"try:\n    pass\nexcept* A:\n    break", "4:5-10: 'break', 'continue' and 'return' cannot appear in an except* block"},
	{"if False:\n    try:\n        pass\n    except* A:\n        for x in y:\n            break\n        def g():\n            return 1", "ok"},
}

func TestAsyncSyntaxMatchesCPython(t *testing.T) {
	srcs := make([]string, len(asyncSyntaxCases))
	for i, c := range asyncSyntaxCases {
		srcs[i] = c.src
	}
	checkCasesAgainst(t, "CPython", asyncSyntaxCases, cpythonSyntaxErrors(t, srcs))
	for _, tt := range asyncSyntaxCases {
		if got := syntaxErrorOutcome(tt.src); got != tt.want {
			t.Errorf("%q\n kael %s\n want %s", tt.src, got, tt.want)
		}
	}
}

func TestTracebackAttribute(t *testing.T) {
	checkMatchesCPython(t, "def f():\n    return 1 / 0\ntry:\n    f()\nexcept ZeroDivisionError as err:\n    e = err\ntb = e.__traceback__\n", []string{
		"type(tb).__name__, tb.tb_lineno, tb.tb_next.tb_lineno, tb.tb_next.tb_next",
		"e.__traceback__ is tb, tb.tb_next is tb.tb_next",
		"x = IndexError(5).with_traceback(tb)\nx.__traceback__ is tb",
		"x = Exception()\nx.__traceback__ is None",
		"x = Exception()\nx.__traceback__ = tb\nx.__traceback__ = None\nx.__traceback__ is None",
		"Exception().__traceback__ = 5",
		"Exception().with_traceback('tb')",
		"try:\n    raise e\nexcept ZeroDivisionError as again:\n    t2 = again.__traceback__\n    r = t2.tb_next.tb_lineno == tb.tb_lineno, t2.tb_next.tb_next.tb_lineno == tb.tb_next.tb_lineno, t2.tb_next.tb_next.tb_next\nr",
	})
}

func TestExceptionNotes(t *testing.T) {
	checkMatchesCPython(t, "e = ValueError(3)\n", []string{
		"hasattr(e, '__notes__')",
		"e.add_note('My Note')\ne.__notes__",
		"e.add_note('a')\ne.add_note('b')\ne.__notes__",
		"e.add_note(42)",
		"e.add_note('a')\ndel e.__notes__\nhasattr(e, '__notes__')",
		"e.__notes__ = 42\ne.add_note('x')",
		"e.__notes__ = ['x']\ne.add_note('y')\ne.__notes__",
		"class E(Exception):\n    pass\nx = E()\nx.add_note('n')\nx.__notes__, 'add_note' in dir(x)",
	})
}
