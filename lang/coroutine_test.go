package lang

import (
	"context"
	"runtime"
	"testing"
	"time"
)

// coroutinePrelude drives coroutines without an event loop: Step(v) is an
// awaitable that yields v and is what is sent back; drive sends each of
// sends in turn (None first) and lists what the coroutine yields, then
// ('ret', value) or ('exc', class name, message).
const coroutinePrelude = `class Step:
    def __init__(self, v):
        self.v = v
    def __await__(self):
        r = yield self.v
        return r
def drive(co, *sends):
    out = []
    it = iter(sends)
    v = None
    try:
        while True:
            out.append(co.send(v))
            v = next(it, None)
    except StopIteration as e:
        out.append(('ret', e.value))
    except Exception as e:
        out.append(('exc', type(e).__name__, str(e)))
    return out
`

// TestCoroutinesMatchCPython: coroutines, await, async with, async for,
// async generators and the builtins aiter and anext, as CPython runs them.
func TestCoroutinesMatchCPython(t *testing.T) {
	checkMatchesCPython(t, coroutinePrelude, []string{
		// a coroutine object: nothing runs until it is sent None
		"log = []\nasync def f(x):\n    log.append(x)\n    return x * 2\nc = f(3)\n(type(c).__name__, log, repr(c).startswith('<coroutine object f at 0x'), c.__name__, c.__qualname__, drive(c), log)",
		"class A:\n    async def m(self):\n        return 1\nc = A().m()\n(c.__qualname__, drive(c))",
		// await of coroutines and of objects with __await__; what is sent comes back
		"async def inner(x):\n    v = await Step('in')\n    return (x, v)\nasync def outer():\n    a = await inner(1)\n    b = await Step('out')\n    return a, b\ndrive(outer(), 10, 20)",
		"async def f():\n    return [await Step(i) for i in range(3)]\ndrive(f(), 'a', 'b', 'c')",
		"async def f():\n    x = 1, await Step(2)\n    return x, (await Step(4)) + 1\ndrive(f(), 3, 5)",
		// errors: what cannot be awaited, a coroutine awaited twice
		"async def f():\n    await 3\ndrive(f())",
		"def g():\n    yield 1\nasync def f():\n    await g()\ndrive(f())",
		"class B:\n    def __await__(self):\n        return 5\nasync def f():\n    await B()\ndrive(f())",
		"async def h():\n    return 1\nc = h()\nasync def f():\n    await c\n    await c\ndrive(f())",
		"async def h():\n    return 1\nc = h()\n(drive(c), drive(c))",
		"async def f():\n    pass\ndrive(f(), 1)[0]",
		"async def f():\n    await Step(0)\nc = f()\nc.send(None)\ndrive(c, 5) and c.send(1) if False else (c.send(None) if False else 0)",
		"async def f():\n    raise StopIteration(3)\ndrive(f())",
		"async def f():\n    pass\nc = f()\ntry:\n    c.send(5)\nexcept TypeError as e:\n    r = str(e)\nc.close()\nr",
		// throw and close at an await; cr_ attributes
		"async def f():\n    try:\n        await Step(1)\n    except ValueError as e:\n        return 'caught ' + str(e)\nc = f()\n(c.send(None), drive(c) if False else None)\ntry:\n    c.throw(ValueError('x'))\nexcept StopIteration as e:\n    r = e.value\nr",
		"log = []\nasync def f():\n    try:\n        await Step(1)\n    finally:\n        log.append('fin')\nc = f()\nc.send(None)\nc.close()\n(log, c.cr_frame, c.cr_await, c.cr_running)",
		"async def f():\n    await Step(1)\nc = f()\nbefore = (c.cr_await, c.cr_running, c.cr_frame is not None)\nc.send(None)\n(before, type(c.cr_await).__name__, c.cr_frame is not None)",
		"async def g():\n    await Step(1)\nasync def f():\n    await g()\nc = f()\nc.send(None)\n(type(c.cr_await).__name__, c.cr_await.cr_await.v)",
		"async def f():\n    await c\nc = f()\ndrive(c)",
		"async def f():\n    return 7\nw = f().__await__()\ntry:\n    w.send(None)\nexcept StopIteration as e:\n    r = e.value\nr, sorted(n for n in dir(w) if not n.startswith('_'))",
		"async def f():\n    return 7\nw = f().__await__()\ntry:\n    next(w)\nexcept StopIteration as e:\n    r = e.value\n(type(w).__name__, r)",
		// async with
		"log = []\nclass M:\n    def __init__(self, suppress):\n        self.suppress = suppress\n    async def __aenter__(self):\n        log.append('enter')\n        await Step('e')\n        return self\n    async def __aexit__(self, t, v, tb):\n        log.append(('exit', t and t.__name__, str(v)))\n        return self.suppress\nasync def f(s):\n    async with M(s) as m, M(False):\n        log.append(type(m).__name__)\n        raise KeyError('k')\n    return 'after'\n(drive(f(True)), drive(f(False)), log)",
		"class M:\n    async def __aenter__(self):\n        return 1\n    async def __aexit__(self, *a):\n        pass\nasync def f():\n    for i in range(3):\n        async with M() as m:\n            if i == 1:\n                return i\ndrive(f())",
		"async def f():\n    async with 3:\n        pass\ndrive(f())",
		"class E:\n    def __enter__(self):\n        pass\n    def __exit__(self, *a):\n        pass\nasync def f():\n    async with E():\n        pass\ndrive(f())",
		"class M:\n    async def __aenter__(self):\n        pass\nasync def f():\n    async with M():\n        pass\ndrive(f())",
		// async for: a class's __aiter__/__anext__, else/break
		"class R:\n    def __init__(self, n):\n        self.i, self.n = 0, n\n    def __aiter__(self):\n        return self\n    async def __anext__(self):\n        await Step(self.i)\n        if self.i >= self.n:\n            raise StopAsyncIteration\n        self.i += 1\n        return self.i\nasync def f():\n    out = []\n    async for x in R(3):\n        out.append(x)\n    else:\n        out.append('else')\n    async for x in R(5):\n        if x == 2:\n            break\n    else:\n        out.append('no')\n    return out\ndrive(f())",
		"async def f():\n    async for x in [1, 2]:\n        pass\ndrive(f())",
		"class I:\n    def __aiter__(self):\n        return 1\nasync def f():\n    async for x in I():\n        pass\ndrive(f())",
		// async generators
		"async def ag(n):\n    for i in range(n):\n        yield i\n        await Step(('tick', i))\nasync def f():\n    return [x async for x in ag(3)] if False else [x for x in [1]]\ng = ag(2)\n(type(g).__name__, repr(g).startswith('<async_generator object ag at 0x'), g.__aiter__() is g, g.ag_running)",
		"async def ag(n):\n    for i in range(n):\n        yield i\n        await Step(('tick', i))\nasync def f():\n    out = []\n    async for x in ag(3):\n        out.append(x)\n    return out\ndrive(f())",
		"async def ag():\n    got = yield 1\n    got = yield ('got', got)\n    yield ('got', got)\nasync def f():\n    g = ag()\n    a = await g.asend(None)\n    b = await g.asend('x')\n    c = await g.__anext__()\n    try:\n        await g.__anext__()\n    except StopAsyncIteration:\n        d = 'stop'\n    return a, b, c, d\ndrive(f())",
		"log = []\nasync def ag():\n    try:\n        yield 1\n        yield 2\n    except ValueError as e:\n        log.append(str(e))\n        yield 'handled'\n    finally:\n        log.append('fin')\nasync def f():\n    g = ag()\n    a = await anext(g)\n    b = await g.athrow(ValueError('v'))\n    c = await g.aclose()\n    d = await anext(g, 'dflt')\n    return a, b, c, d\n(drive(f()), log)",
		"async def ag():\n    try:\n        yield 1\n    except GeneratorExit:\n        yield 2\nasync def f():\n    g = ag()\n    await anext(g)\n    await g.aclose()\ndrive(f())",
		"async def ag():\n    yield 1\n    raise StopAsyncIteration\nasync def f():\n    return [x async for x in ag()] if False else [x async for x in ag()]\ndrive(f())",
		"async def ag():\n    yield 1\nasync def f():\n    g = ag()\n    await g.asend(1)\ndrive(f())",
		"async def ag():\n    yield 1\nasync def f():\n    it = aiter(ag())\n    return (await anext(it), await anext(it, 'end'))\ndrive(f())",
		"aiter(3)",
		"anext(3)",
		"class I:\n    def __aiter__(self):\n        return 1\naiter(I())",
		"async def f():\n    return [x * 2 async for x in aiter(ag())]\nasync def ag():\n    for i in range(3):\n        await Step(i)\n        yield i\ndrive(f())",
		"async def f():\n    return {x: await Step(x) async for x in ag()}, {x async for x in ag()}\nasync def ag():\n    yield 1\n    yield 2\ndrive(f(), 'a', 'b')",
	})
}

// TestCoroutineSyntaxErrors: what CPython's compiler rejects in async code.
func TestCoroutineSyntaxErrors(t *testing.T) {
	checkMatchesCPython(t, "", []string{
		"try:\n    compile('async def f():\\n    yield from g()', '<s>', 'exec')\nexcept SyntaxError as e:\n    r = e.msg\nr",
		"try:\n    compile('def f():\\n    await g()', '<s>', 'exec')\nexcept SyntaxError as e:\n    r = e.msg\nr",
		"try:\n    compile('async def f():\\n    yield 1\\n    return 2', '<s>', 'exec')\nexcept SyntaxError as e:\n    r = e.msg\nr",
	})
}

// TestAbandonedCoroutineEnds: a coroutine or async generator dropped while
// suspended does not keep its goroutine: the session ends it, as it ends
// an abandoned generator.
func TestAbandonedCoroutineEnds(t *testing.T) {
	s := NewSession(IO{})
	src := coroutinePrelude + "async def f():\n    await Step(1)\nasync def ag():\n    yield 1\n    await Step(2)\nasync def g():\n    a = ag()\n    await anext(a)\n    await anext(a)\nfor i in range(50):\n    c = f()\n    c.send(None)\n    d = g()\n    d.send(None)\n"
	before := liveGenerators.Load()
	if r := s.Exec(context.Background(), "", src); r.Err != nil {
		t.Fatal(r.Err.Render())
	}
	if n := liveGenerators.Load() - before; n < 100 {
		t.Fatalf("%d coroutine bodies running, want at least 100 (the test does not suspend them)", n)
	}
	s.Exec(context.Background(), "", "c = d = None")
	deadline := time.Now().Add(10 * time.Second)
	for liveGenerators.Load()-before > 3 && time.Now().Before(deadline) {
		runtime.GC()
		s.Exec(context.Background(), "", "1")
		time.Sleep(10 * time.Millisecond)
	}
	if n := liveGenerators.Load() - before; n > 3 {
		t.Errorf("%d coroutine bodies still running after they were dropped", n)
	}
}
