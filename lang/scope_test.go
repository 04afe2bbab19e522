package lang

import "testing"

// TestGlobalNonlocal checks global and nonlocal statements, and their
// SyntaxErrors, against CPython.
func TestGlobalNonlocal(t *testing.T) {
	checkMatchesCPython(t, "", []string{
		// global
		"x = 1\ndef f():\n    global x\n    x = 5\nf()\nx",
		"def f():\n    global fresh\n    fresh = 2\nf()\nfresh",
		"def f():\n    global a, b\n    a, b = 1, 2\nf()\n(a, b)",
		"x = 1\ndef f():\n    global x\n    x += 1\n    return x\nf(), f(), x",
		"def h():\n    global y\n    y = 3\n    def k():\n        return y\n    return k()\nh(), y",
		"class A:\n    global z\n    z = 7\nz, hasattr(A, 'z')",
		"def f():\n    global q\n    del q\nq = 1\nf()\nq",
		"def f():\n    global nope\n    return nope\nf()",
		"def f():\n    global g1\n    def g1():\n        return 'g1'\nf()\ng1()",
		"def f():\n    global C1\n    class C1: pass\nf()\nC1.__name__",
		"def f():\n    global i\n    for i in range(3): pass\nf()\ni",
		"global x\nx = 4\nx",
		"x = 0\ndef f():\n    if True:\n        global x\n    x = 9\nf()\nx",
		"f = lambda: 1\ndef g():\n    global f\n    f = lambda: 2\ng()\nf()",
		// nonlocal
		"def g():\n    n = 0\n    def inc():\n        nonlocal n\n        n += 1\n        return n\n    inc(); inc()\n    return n, inc()\ng()",
		"def outer():\n    a = 1\n    def mid():\n        def inner():\n            nonlocal a\n            a = 10\n        inner()\n        return a\n    return mid(), a\nouter()",
		"def outer():\n    a = 1\n    def mid():\n        nonlocal a\n        a = 2\n        def inner():\n            nonlocal a\n            a += 10\n        inner()\n        return a\n    return mid(), a\nouter()",
		"def f():\n    x = 1\n    class A:\n        nonlocal x\n        x = 2\n    return x, hasattr(A, 'x')\nf()",
		"def f():\n    x = 1\n    def g():\n        nonlocal x\n        del x\n    g()\n    return x\nf()",
		"def mk():\n    count = 0\n    def c():\n        nonlocal count\n        count += 1\n        return count\n    return c\nc = mk()\nc(), c(), c()",
		"def f():\n    x = 1\n    class A:\n        nonlocal x\n        x = 2\n        def m(self):\n            return x\n    return A().m(), x\nf()",
		"def g():\n    global gg\n    gg = 5\n    return [gg + i for i in range(2)], (lambda: gg)()\ng()",
		"def h():\n    v = 0\n    def a():\n        def b():\n            nonlocal v\n            v += 1\n        b(); b()\n    a()\n    return v\nh()",
		"def f(x):\n    def g():\n        nonlocal x\n        x *= 2\n    g()\n    return x\nf(21)",
		"def f():\n    xs = []\n    def g():\n        nonlocal xs\n        xs = xs + [1]\n    g(); g()\n    return xs\nf()",
	})
	srcs := []string{
		"def f():\n    x = 1\n    global x",
		"def f():\n    print(x)\n    global x",
		"def f(x):\n    global x",
		"def f():\n    x: int = 1\n    global x",
		"def f():\n    global x\n    x: int = 1",
		"nonlocal x",
		"def f():\n    nonlocal x",
		"def f():\n    nonlocal f",
		"def g():\n    x = 1\n    def f():\n        global x\n        nonlocal x",
		"def g():\n    x = 1\n    def f():\n        nonlocal x\n        global x",
		"def g():\n    x = 1\n    def f(x):\n        nonlocal x",
		"def g():\n    x = 1\n    def f():\n        x = 2\n        nonlocal x",
		"def g():\n    x = 1\n    def f():\n        print(x)\n        nonlocal x",
		"class A:\n    nonlocal x",
		"def g():\n    global x\n    def f():\n        nonlocal x",
		"x = 1\nglobal x",
		"def f():\n    for x in []: pass\n    global x",
		"def f():\n    x += 1\n    global x",
		"def f():\n    del x\n    global x",
		"def f():\n    def x(): pass\n    global x",
		"def f():\n    global x, x\n    x = 1\nf()\nx",
		"def f():\n    global x\n    x = 1\n    global x\nf()\nx",
		"def f():\n    try:\n        pass\n    except E as x:\n        pass\n    global x",
		"def f():\n    import x\n    global x",
		"def f():\n    from m import x\n    global x",
		"def f():\n    import os.path\n    global os",
		"x = 0\ndef f():\n    global x\n    from math import pi as x\nf()\nround(x, 2)",
	}
	want := cpythonSyntaxErrors(t, srcs)
	for i, src := range srcs {
		if got := syntaxErrorOutcome(src); got != want[i] {
			t.Errorf("%s\n kael    %s\n CPython %s", src, got, want[i])
		}
	}
}
