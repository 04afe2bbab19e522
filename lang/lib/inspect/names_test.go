package inspect_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/asyncio" // the coroutines await asyncio.sleep
)

const namesPrelude = `import inspect, asyncio
def f(a, b=1, *c, d, **e): pass
def k(a):
    return inspect.getargvalues(inspect.currentframe())
class A: pass
class B(A): pass
class C(A): pass
class D(B, C): pass
class E: pass
def g():
    a = 1
    yield a
    b = 2
    yield b
async def inner():
    await asyncio.sleep(0)
async def co(x):
    q = x + 1
    await inner()
    return q
def nm(t):
    if isinstance(t, list):
        return [nm(x) for x in t]
    return (t[0].__name__, tuple(b.__name__ for b in t[1]))
def err(f, *args, **kw):
    try:
        return f(*args, **kw)
    except Exception as e:
        return type(e).__name__ + ": " + str(e)
`

// namesExprs are names.go's, computed by kael and by CPython 3.11.
var namesExprs = []string{
	"s = inspect.getfullargspec(f)\ns, isinstance(s, inspect.FullArgSpec), inspect.FullArgSpec._fields, inspect.FullArgSpec(*range(7)), type(s).__name__, type(s).__module__",
	"inspect.ArgInfo._fields, inspect.Arguments._fields, inspect.Attribute._fields, inspect.FrameInfo._fields[:6], inspect.Traceback._fields[:5]",
	"inspect.ArgInfo([1], None, None, {}), inspect.Arguments(['a'], 'b', None), inspect.Attribute('n', 'data', 'A', 1), k(3), isinstance(k(3), inspect.ArgInfo), isinstance(inspect.getargs(f.__code__), inspect.Arguments)",
	"fi = inspect.getframeinfo(inspect.currentframe())\nisinstance(fi, inspect.Traceback), isinstance(inspect.stack()[0], inspect.FrameInfo), fi[:3] == (fi.filename, fi.lineno, fi.function), all(isinstance(a, inspect.Attribute) for a in inspect.classify_class_attrs(A))",
	"nm(inspect.getclasstree([D, C, B, A, E]))",
	"nm(inspect.getclasstree([D, C, B, A], unique=True)), nm(inspect.getclasstree([D, B])), inspect.getclasstree([])",
	"l = [E, D, A]\nnm(inspect.walktree(l, {A: [C, B]}, None)), [c.__name__ for c in l]",
	"gen = g()\nr = [dict(inspect.getgeneratorlocals(gen))]\nnext(gen)\nr.append(dict(inspect.getgeneratorlocals(gen)))\nnext(gen)\nr.append(dict(inspect.getgeneratorlocals(gen)))\nlist(gen)\nr + [inspect.getgeneratorlocals(gen), err(inspect.getgeneratorlocals, 1)]",
	"gen = g()\nnext(gen)\ngen.gi_frame.f_locals, g().gi_frame is not None, (list(gen), gen.gi_frame)",
	"import typing\nr = inspect.formatannotationrelativeto(A)\nr(A), r(int), r(typing.List[int]), r('x'), r(inspect.Parameter), inspect.formatannotationrelativeto(3)(A) == inspect.formatannotation(A)",
	"cr = co(1)\nr = [inspect.getcoroutinestate(cr), dict(inspect.getcoroutinelocals(cr))]\ncr.send(None)\nr += [inspect.getcoroutinestate(cr), dict(inspect.getcoroutinelocals(cr))]\nr.append(err(cr.send, None))\nr + [inspect.getcoroutinestate(cr), inspect.getcoroutinelocals(cr)]",
	"async def me():\n    return inspect.getcoroutinestate(task_co)\ntask_co = me()\nc2 = co(5)\nc2.close()\nerr(task_co.send, None), inspect.getcoroutinestate(c2), inspect.getcoroutinelocals(c2)",
}

func TestNamesMatchCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, namesPrelude, namesExprs)
}
