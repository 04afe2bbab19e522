package lang

import "testing"

// TestComprehensionFrames checks the frames of a traceback through list,
// set and dict comprehensions: each has a frame of its own, <listcomp>,
// <setcomp> or <dictcomp>, below the frame that evaluated it, as
// CPython 3.11's, at any depth, at module level and in a class body,
// and through a call made from it; its first iterable is evaluated, and
// iter() called on it, in the enclosing frame. Each case's outcome is
// CPython's: the names of the traceback's frames
// (lang/lib/unittest's testdata/comprehension_tracebacks.py compares
// the printed tracebacks, lines and carets included).
func TestComprehensionFrames(t *testing.T) {
	const prelude = `def names(e):
    tb, out = e.__traceback__, []
    while tb is not None:
        out.append(tb.tb_frame.f_code.co_name)
        tb = tb.tb_next
    return out
def frames(fn):
    try:
        fn()
    except Exception as e:
        return names(e)
xs = [1, 0]
def h(y):
    return 1 // y
def gen():
    yield 1
    raise ValueError('g')
`
	checkMatchesCPython(t, prelude, []string{
		"frames(lambda: [1 // x for x in xs])",
		"frames(lambda: {1 // x for x in xs})",
		"frames(lambda: {x: 1 // x for x in xs})",
		"frames(lambda: {[x]: 1 for x in xs})",
		"frames(lambda: {x for x in [[1]]})",
		"def f():\n    return {x: [1 // y for y in x] for x in [(1,), (0,)]}\nframes(f)",
		"def f():\n    return [h(x)\n            for x in xs]\nframes(f)",
		"def f():\n    return [(lambda: 1 // x)() for x in xs]\nframes(f)",
		"def f():\n    return [sum(1 // y for y in [x]) for x in xs]\nframes(f)",
		"def f():\n    return sum([1 // y for y in [x]][0] for x in xs)\nframes(f)",
		"def f():\n    return [x for x in 5]\nframes(f)",
		"def f():\n    return {x: x for x in None}\nframes(f)",
		"def f():\n    return [x for x in h(0)]\nframes(f)",
		"def f():\n    return [x for x in gen()]\nframes(f)",
		"def f():\n    return [y for x in xs for y in x]\nframes(f)",
		"def f():\n    return [x for x in xs if 1 // x]\nframes(f)",
		"def f():\n    return [a for a, b in xs]\nframes(f)",
		"def f():\n    return [[y for y in [1 // x]] for x in xs]\nframes(f)",
		"def f():\n    return [x for x in [1 // y for y in xs]]\nframes(f)",
		"def f(n):\n    return [f(n - 1) for _ in [0]] if n else 1 // n\nframes(lambda: f(2))",
		"def f():\n    return [next(g) for g in [gen()] for _ in range(3)]\nframes(f)",
		"def f():\n    return [int(s) for s in ['1', 'a']]\nframes(f)",
		"def f():\n    class C:\n        z = {1 // y for y in xs}\nframes(f)",
		"try:\n    [1 // x for x in xs]\nexcept ZeroDivisionError as e:\n    r = names(e)\nr",
		"try:\n    {x: h(x) for x in xs}\nexcept ZeroDivisionError as e:\n    r = names(e)\nr",
		"def f():\n    try:\n        return [1 // x for x in xs]\n    except ZeroDivisionError as e:\n        return names(e)\nf()",
		"def f():\n    return [x for x in xs], sorted({x for x in xs}), {x: 1 for x in xs}, [x for x in []]\nf()",
	})
}
