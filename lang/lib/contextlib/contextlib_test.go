package contextlib_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	// the torch cases import torch, which lang/std links in
	_ "github.com/kael-dev/kael/lang/std"
)

const prelude = "from contextlib import contextmanager, nullcontext, suppress, closing, ExitStack\nimport contextlib\n"

const tag = "log = []\n@contextmanager\ndef tag(name):\n    log.append('<' + name)\n    try:\n        yield name.upper()\n    finally:\n        log.append(name + '>')\n"

// cases hold CPython 3.11's outcomes; TestAgainstCPython checks them there.
var cases = []langtest.Case{
	// the async context managers
	{"import asyncio\nfrom contextlib import asynccontextmanager, aclosing\nlog = []\n@asynccontextmanager\nasync def res(name, suppress=False):\n    log.append(('open', name))\n    await asyncio.sleep(0)\n    try:\n        yield name.upper()\n    except KeyError as e:\n        log.append(('caught', str(e)))\n        if not suppress:\n            raise\n    finally:\n        log.append(('close', name))\nasync def ticks():\n    try:\n        for i in range(10):\n            yield i\n    finally:\n        log.append('ticks closed')\nasync def main():\n    async with res('a') as r:\n        log.append(r)\n    async with res('b', True):\n        raise KeyError('k')\n    try:\n        async with res('c'):\n            raise KeyError('k2')\n    except KeyError as e:\n        log.append(('out', str(e)))\n    async with aclosing(ticks()) as t:\n        async for i in t:\n            if i == 2:\n                break\n    log.append('after')\n    return 'done'\n(asyncio.run(main()), log)", "('done', [('open', 'a'), 'A', ('close', 'a'), ('open', 'b'), ('caught', \"'k'\"), ('close', 'b'), ('open', 'c'), ('caught', \"'k2'\"), ('close', 'c'), ('out', \"'k2'\"), 'ticks closed', 'after'])"},
	{"import asyncio\nclass A(contextlib.AbstractAsyncContextManager):\n    async def __aexit__(self, *e):\n        return None\nasync def main():\n    a = A()\n    async with a as x:\n        return x is a, isinstance(a, contextlib.AbstractAsyncContextManager)\nasyncio.run(main())", "(True, True)"},
	{"@contextlib.asynccontextmanager\nasync def bad():\n    if False:\n        yield\nimport asyncio\nasync def main():\n    async with bad():\n        pass\nasyncio.run(main())", "RuntimeError: generator didn't yield"},
	{"@contextlib.asynccontextmanager\nasync def two():\n    yield 1\n    yield 2\nimport asyncio\nasync def main():\n    async with two():\n        pass\nasyncio.run(main())", "RuntimeError: generator didn't stop"},
	// ContextDecorator, AbstractContextManager, a contextmanager as a decorator
	{"log = []\nclass CM(contextlib.ContextDecorator):\n    def __enter__(self):\n        log.append('enter')\n        return self\n    def __exit__(self, *e):\n        log.append(('exit', e[0]))\n        return False\n@CM()\ndef h(x, k=1):\n    log.append(('h', x, k))\n    return x + k\nh(1, k=2), h.__name__, log", "(3, 'h', ['enter', ('h', 1, 2), ('exit', None)])"},
	{"log = []\nclass CM(contextlib.ContextDecorator):\n    def __enter__(self):\n        return self\n    def __exit__(self, typ, val, tb):\n        log.append((typ, str(val)))\n@CM()\ndef boom():\n    raise ValueError('v')\ntry:\n    boom()\nexcept ValueError as e:\n    log.append('caught')\nlog, isinstance(CM(), contextlib.ContextDecorator)", "([(<class 'ValueError'>, 'v'), 'caught'], True)"},
	{"class Quiet(contextlib.ContextDecorator):\n    def __enter__(self):\n        return self\n    def __exit__(self, *e):\n        return True\nQuiet()(lambda: 1 / 0)(), 5", "(None, 5)"},
	{"class R(contextlib.ContextDecorator):\n    n = 0\n    def _recreate_cm(self):\n        R.n += 1\n        return self\n    def __enter__(self):\n        return self\n    def __exit__(self, *e):\n        return False\nf = R()(lambda: 7)\nf(), f(), R.n", "(7, 7, 2)"},
	{"class A(contextlib.AbstractContextManager):\n    def __exit__(self, *e):\n        return None\na = A()\nwith a as x:\n    same = x is a\nsame, isinstance(a, contextlib.AbstractContextManager)", "(True, True)"},
	{tag + "@tag('d')\ndef f(x):\n    log.append(x)\n    return x * 2\nf(1), f(2), log, f.__name__", "(2, 4, ['<d', 1, 'd>', '<d', 2, 'd>'], 'f')"},

	{"import io, sys\nbuf = io.StringIO()\nwith contextlib.redirect_stdout(buf) as b:\n    print('in', 1)\n    same = b is buf\nbuf.getvalue(), same, sys.stdout is sys.__stdout__", "('in 1\\n', True, True)"},
	{"import io, sys\nbuf = io.StringIO()\nr = contextlib.redirect_stderr(buf)\nwith r:\n    with r:\n        print('x', file=sys.stderr)\n    print('y', file=sys.stderr)\nbuf.getvalue(), sys.stderr is sys.__stderr__", "('x\\ny\\n', True)"},
	{"import io, sys\nbuf = io.StringIO()\ntry:\n    with contextlib.redirect_stdout(buf):\n        print('a')\n        1 / 0\nexcept ZeroDivisionError:\n    pass\nbuf.getvalue(), sys.stdout is sys.__stdout__", "('a\\n', True)"},
	{tag + "with tag('a') as t:\n    log.append(t)\nlog", "['<a', 'A', 'a>']"},
	{tag + "try:\n    with tag('b'):\n        raise KeyError('k')\nexcept KeyError as e:\n    r = repr(e)\nr, log", "(\"KeyError('k')\", ['<b', 'b>'])"},
	{"@contextmanager\ndef swallow():\n    try:\n        yield\n    except ZeroDivisionError as e:\n        pass\nwith swallow():\n    1 / 0\n'after'", "'after'"},
	{"@contextmanager\ndef convert():\n    try:\n        yield\n    except KeyError:\n        raise ValueError('converted')\nwith convert():\n    {}['x']", "ValueError: converted"},
	{"@contextmanager\ndef noyield():\n    if False:\n        yield\nwith noyield():\n    pass", "RuntimeError: generator didn't yield"},
	{"@contextmanager\ndef twice():\n    yield 1\n    yield 2\nwith twice():\n    pass", "RuntimeError: generator didn't stop"},
	{"@contextmanager\ndef twice():\n    try:\n        yield 1\n    except ValueError:\n        yield 2\nwith twice():\n    raise ValueError", "RuntimeError: generator didn't stop after throw()"},
	{"class Res:\n    @contextmanager\n    def opened(self, n):\n        yield n * 2\nwith Res().opened(4) as v:\n    pass\nv", "8"},
	{"with nullcontext(5) as v:\n    pass\nwith nullcontext() as w:\n    pass\nv, w", "(5, None)"},
	{"with suppress(FileNotFoundError, ZeroDivisionError):\n    1 / 0\nwith suppress(LookupError):\n    [][1]\nwith suppress():\n    pass\n'ok'", "'ok'"},
	{"with suppress(KeyError):\n    raise ValueError('v')", "ValueError: v"},
	{"class R:\n    def close(self):\n        self.closed = True\nwith closing(R()) as r:\n    n = type(r).__name__\nn", "'R'"},
	{tag + "with ExitStack() as stack:\n    xs = [stack.enter_context(tag(n)) for n in 'xyz']\n    stack.callback(log.append, 'callback')\nxs, log", "(['X', 'Y', 'Z'], ['<x', '<y', '<z', 'callback', 'z>', 'y>', 'x>'])"},
	{tag + "try:\n    with ExitStack() as stack:\n        stack.enter_context(tag('p'))\n        raise IndexError('i')\nexcept IndexError as e:\n    r = str(e)\nr, log", "('i', ['<p', 'p>'])"},
	{"with ExitStack() as stack:\n    stack.enter_context(suppress(KeyError))\n    {}['missing']\n'suppressed'", "'suppressed'"},
	{tag + "stack = ExitStack()\nstack.enter_context(tag('q'))\nother = stack.pop_all()\nstack.close()\nn = len(log)\nother.close()\nn, log", "(1, ['<q', 'q>'])"},
	{"calls = []\nwith ExitStack() as s:\n    s.callback(calls.append, 1)\n    s.push(lambda *exc: calls.append(exc[0]))\ncalls", "[None, 1]"},
	{"with ExitStack() as s:\n    s.enter_context(3)", "TypeError: 'builtins.int' object does not support the context manager protocol"},
}

// torchCases hold PyTorch's outcomes.
var torchCases = []langtest.Case{
	{"import torch\nwith ExitStack() as s:\n    s.enter_context(torch.no_grad())\n    inside = torch.is_grad_enabled()\ninside, torch.is_grad_enabled()", "(False, True)"},
	{"import torch\ndef run(train):\n    with (nullcontext() if train else torch.no_grad()):\n        return torch.is_grad_enabled()\nrun(True), run(False)", "(True, False)"},
}

func TestContextlib(t *testing.T) {
	langtest.CheckCellCases(t, prelude, cases)
	langtest.CheckCellCases(t, prelude, torchCases)
}

func TestAgainstCPython(t *testing.T) {
	cpython.CheckCellCases(t, prelude, cases)
	cpython.CheckCellCasesTorch(t, prelude, torchCases)
}

// chdirCases are contextlib.chdir's, run in kael and in CPython (each
// goes back to the directory it started in).
var chdirCases = []string{
	"import os, tempfile\nstart = os.getcwd()\nd = tempfile.mkdtemp()\nwith contextlib.chdir(d) as r:\n    inside = os.getcwd() == os.path.realpath(d)\nc = contextlib.chdir('/')\nwith c:\n    with c:\n        a = os.getcwd()\n    b = os.getcwd()\nos.rmdir(d)\n(r, inside, a, b, os.getcwd() == start)",
	"try:\n    with contextlib.chdir('/no/such/dir'):\n        pass\nexcept FileNotFoundError as e:\n    r = e.filename\nr",
}

func TestChdirMatchesCPython(t *testing.T) { langtest.CheckMatchesCPython(t, prelude, chdirCases) }

// asyncExitStackPrelude drives AsyncExitStack through every method, the
// unwinding order, suppression and the chaining of exits' exceptions.
const asyncExitStackPrelude = `import asyncio, contextlib
from contextlib import AsyncExitStack
log = []
class ACM:
    def __init__(self, name, suppress=False, fail=None):
        self.name, self.suppress, self.fail = name, suppress, fail
    async def __aenter__(self):
        log.append('aenter ' + self.name)
        await asyncio.sleep(0)
        return self.name.upper()
    async def __aexit__(self, t, e, tb):
        log.append(('aexit', self.name, t.__name__ if t else None))
        if self.fail:
            raise self.fail
        return self.suppress
ACM.__module__ = 'tests'
@contextlib.contextmanager
def scm(name):
    log.append('enter ' + name)
    yield name
    log.append('exit ' + name)
async def acb(x):
    await asyncio.sleep(0)
    log.append(('acb', x))
async def main():
    async with AsyncExitStack() as st:
        log.append(await st.enter_async_context(ACM('a')))
        log.append(st.enter_context(scm('s')))
        st.callback(log.append, 'cb')
        st.push_async_callback(acb, 1)
        st.push_async_exit(ACM('pushed'))
        async def aex(t, e, tb):
            log.append(('aex', t))
        st.push_async_exit(aex)
        st.push(lambda t, e, tb: log.append(('push', t)))
    log.append('---')
    async with AsyncExitStack() as st:
        await st.enter_async_context(ACM('sup', suppress=True))
        await st.enter_async_context(ACM('b'))
        raise KeyError('k')
    log.append('suppressed')
    try:
        async with AsyncExitStack() as st:
            await st.enter_async_context(ACM('f1', fail=ValueError('v1')))
            await st.enter_async_context(ACM('f2', fail=TypeError('t2')))
            raise KeyError('body')
    except Exception as e:
        log.append((type(e).__name__, str(e), type(e.__context__).__name__, type(e.__context__.__context__).__name__, e.__context__.__context__.__context__))
    st = AsyncExitStack()
    await st.enter_async_context(ACM('c'))
    st2 = st.pop_all()
    await st.aclose()
    log.append('after aclose of empty')
    await st2.aclose()
    try:
        await st.enter_async_context(scm('x'))
    except TypeError as e:
        log.append(str(e))
    try:
        st.enter_context(ACM('y'))
    except TypeError as e:
        log.append(str(e))
    r = st.push_async_callback(acb, 2)
    log.append(r is acb)
    await st.aclose()
    return 'done'
`

func TestAsyncExitStackMatchesCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, asyncExitStackPrelude, []string{
		"asyncio.run(main()), log",
		"isinstance(AsyncExitStack(), contextlib.AbstractAsyncContextManager), sorted(contextlib.__all__)",
		"async def bad():\n    async with AsyncExitStack() as st:\n        await st.enter_async_context(1)\ntry:\n    asyncio.run(bad())\nexcept TypeError as e:\n    r = str(e)\nr",
	})
}
