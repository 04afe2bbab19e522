package lang

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"
)

// generatorPrelude defines the generator functions and iterator classes
// the cases use.
const generatorPrelude = `
def count(n):
    for i in range(n):
        yield i

def echo(n):
    got = []
    for i in range(n):
        x = yield i
        got.append(x)
    return got

def naturals():
    n = 0
    while True:
        yield n
        n += 1

def delegate():
    r = yield from echo(2)
    yield r
    yield from "ab"

def bare():
    yield
    x = (yield)
    yield x

def early(n):
    for i in range(n):
        if i == 2:
            return
        yield i

def fails():
    yield 1
    1 / 0

def stop_inside():
    yield next(iter([]))

def tree(t):
    if isinstance(t, list):
        for c in t:
            yield from tree(c)
    else:
        yield t

def closure(n):
    def add(x):
        return x + n
    for i in range(3):
        yield add(i)

class Doubler:
    def __init__(self, n):
        self.it = iter(range(n))
    def __iter__(self):
        return self
    def __next__(self):
        return next(self.it) * 2

class Bag:
    def __init__(self, *xs):
        self.xs = xs
    def __iter__(self):
        for x in self.xs:
            yield x
`

var generatorCases = []struct{ src, want string }{
	{"list(count(4))", "[0, 1, 2, 3]"},
	{"type(count(1)).__name__", "'generator'"},
	{"class C:\n    def m(self):\n        yield 1\nrepr(count(1))[:24], repr(C().m())[:24], str((x for x in []))[:28]", "('<generator object count ', '<generator object C.m at', '<generator object <genexpr> ')"},
	{"3 in count(5), 9 in count(5), len(list(count(2)))", "(True, False, 2)"},
	{"len(count(2))", "TypeError: object of type 'generator' has no len()"},
	{"g = count(2)\nnext(g), next(g), next(g, 'end')", "(0, 1, 'end')"},
	{"g = count(1)\nnext(g)\nnext(g)", "StopIteration: "},
	{"g = count(3)\nlist(g), list(g)", "([0, 1, 2], [])"},
	{"g = count(3)\niter(g) is g", "True"},
	{"g = count(3)\ng.__next__(), g.__iter__() is g", "(0, True)"},
	{"sum(count(5)), max(count(5)), min(count(3)), sorted(count(3), reverse=True)", "(10, 4, 0, [2, 1, 0])"},
	{"sum(count(5), 10), sum(count(5), start=1)", "(20, 11)"},
	{"dict(zip('abc', count(9))), tuple(count(2)), set(count(2))", "({'a': 0, 'b': 1, 'c': 2}, (0, 1), {0, 1})"},
	{"[x * x for x in count(4) if x % 2]", "[1, 9]"},
	{"list(enumerate(count(2))), list(map(str, count(2)))", "([(0, 0), (1, 1)], ['0', '1'])"},
	{"a, b, c = count(3)\na + b + c", "3"},
	{"list(zip(naturals(), 'ab')), list(zip('abc', naturals()))", "([(0, 'a'), (1, 'b')], [('a', 0), ('b', 1), ('c', 2)])"},
	{"g = naturals()\nlist(zip(g, range(2))), next(g)", "([(0, 0), (1, 1)], 3)"},
	{"it = iter(range(6))\nlist(zip(it, it))", "[(0, 1), (2, 3), (4, 5)]"},
	{"list(map(lambda a, b: a * b, naturals(), [5, 6])), list(zip(Doubler(3), naturals()))", "([0, 6], [(0, 0), (2, 1), (4, 2)])"},
	{"list(zip()), list(zip(Bag(1, 2), 'xyz'))", "([], [(1, 'x'), (2, 'y')])"},
	{"out = []\nfor i, x in enumerate(naturals(), 1):\n    if i > 3:\n        break\n    out.append((i, x))\nout", "[(1, 0), (2, 1), (3, 2)]"},
	{"e = enumerate(count(3))\nnext(e), list(e), list(e), iter(e) is e", "((0, 0), [(1, 1), (2, 2)], [], True)"},
	{"e = enumerate(Doubler(2))\nnext(e), next(e), next(e, 'end')", "((0, 0), (1, 2), 'end')"},
	{"list(zip(enumerate(naturals()), 'ab'))", "[((0, 0), 'a'), ((1, 1), 'b')]"},
	{"[*count(2), *count(3)]", "[0, 1, 0, 1, 2]"},
	{"out = []\nfor i in naturals():\n    if i > 4:\n        break\n    out.append(i)\nout", "[0, 1, 2, 3, 4]"},
	{"g = naturals()\n[next(g) for _ in range(5)]", "[0, 1, 2, 3, 4]"},
	{"g = naturals()\nfor i in g:\n    if i == 2:\n        break\nnext(g)", "3"},
	{"g = echo(3)\nnext(g), g.send('a'), g.send('b')", "(0, 1, 2)"},
	{"g = echo(2)\nnext(g)\ng.send('a')\ng.send('b')", "StopIteration: ['a', 'b']"},
	{"g = echo(2)\ng.send(1)", "TypeError: can't send non-None value to a just-started generator"},
	{"g = echo(2)\ng.send(None)", "0"},
	{"list(delegate())", "[0, 1, [None, None], 'a', 'b']"},
	{"g = delegate()\nnext(g), g.send('x'), g.send('y')", "(0, 1, ['x', 'y'])"},
	{"list(bare())", "[None, None, None]"},
	{"g = bare()\nnext(g), next(g), g.send(5)", "(None, None, 5)"},
	{"list(early(5))", "[0, 1]"},
	{"list(fails())", "ZeroDivisionError: division by zero"},
	{"g = fails()\nnext(g)", "1"},
	{"g = fails()\nnext(g)\nnext(g)", "ZeroDivisionError: division by zero"},
	{"g = fails()\nnext(g)\ntry_again = list(g)", "ZeroDivisionError: division by zero"},
	{"list(stop_inside())", "RuntimeError: generator raised StopIteration"},
	{"list(tree([1, [2, [3, 4]], [], 5]))", "[1, 2, 3, 4, 5]"},
	{"list(closure(10))", "[10, 11, 12]"},
	{"g = count(3)\nnext(g)\ng.close()\nlist(g)", "[]"},
	{"g = count(3)\ng.close()\nnext(g, 'closed')", "'closed'"},
	{"g = naturals()\nnext(g)\ng.close(), g.close()", "(None, None)"},
	{"list(Doubler(3))", "[0, 2, 4]"},
	{"it = Doubler(2)\nnext(it), next(it), next(it, 'end')", "(0, 2, 'end')"},
	{"iter(Doubler(1)).__class__.__name__", "'Doubler'"},
	{"sorted(Bag(3, 1, 2)), list(Bag())", "([1, 2, 3], [])"},
	{"sum(x for x in Doubler(4))", "12"},
	// Generator expressions are lazy and single-use.
	{"g = (x * x for x in range(4))\nnext(g), list(g), list(g)", "(0, [1, 4, 9], [])"},
	{"type(x for x in []).__name__", "'generator'"},
	{"g = (x for x in naturals() if x * x > 50)\nnext(g)", "8"},
	{"next(x for x in naturals() if x > 3)", "4"},
	{"out = []\ng = (out.append(x) for x in range(3))\nlen(out)", "0"},
	{"sum(x for x in range(10)), ' '.join(str(i) for i in range(3))", "(45, '0 1 2')"},
	{"any(x > 2 for x in [1, 5]), all(x > 2 for x in [1, 5])", "(True, False)"},
	{"list((x, y) for x in range(2) for y in 'ab')", "[(0, 'a'), (0, 'b'), (1, 'a'), (1, 'b')]"},
	{"def f(xs):\n    k = 3\n    return (x * k for x in xs if x % 2)\nlist(f(range(8)))", "[3, 9, 15, 21]"},
	{"g = (1 / x for x in [1, 0])\nnext(g)\nnext(g)", "ZeroDivisionError: division by zero"},
	{"(x for x in 5)", "TypeError: 'int' object is not iterable"},
	// A generator expression that is the only argument of sum, any, all,
	// min, max, list, tuple or sorted runs without a coroutine
	// (genState.direct): the same answers, errors and early stops.
	{"sum(1 / x for x in [1, 0])", "ZeroDivisionError: division by zero"},
	{"list(next(iter([])) for x in [1])", "RuntimeError: generator raised StopIteration"},
	{"any(x > 3 for x in naturals()), all(x < 3 for x in naturals())", "(True, False)"},
	{"max(x for x in [])", "ValueError: max() arg is an empty sequence"},
	{"min(x % 5 for x in range(3, 7)), tuple(x for x in 'ab'), sorted(-x for x in range(3))", "(0, ('a', 'b'), [-2, -1, 0])"},
	{"sum(sum(y for y in range(x)) for x in range(5)), list(x for x in range(10, 0, -3))", "(10, [10, 7, 4, 1])"},
	{"sum = lambda g: next(g)\nsum(x for x in [7, 8])", "7"},
	{"def f(g):\n    return next(g), next(g)\nf(x * 2 for x in range(5))", "(0, 2)"},
	{"sum(x for x in [1, 2.5, True]), sum(x for x in [0.1] * 3), sum(x for x in [2**62] * 3)", "(4.5, 0.30000000000000004, 13835058055282163712)"},
	{"sum(x for x in [1, 'a'])", "TypeError: unsupported operand type(s) for +: 'int' and 'str'"},
	{"sum(([x] for x in range(3)), []), sum(iter([1.5, 2]), 1)", "([0, 1, 2], 4.5)"},
	{"any(x > 1 for x in count(5)), list(x for x in count(3) if x)", "(True, [1, 2])"},
	{"k = 2\nlist(x * k for x in range(3) for _ in 'ab')", "[0, 0, 2, 2, 4, 4]"},
	// A for statement over a generator function's call runs its loop
	// body as the generator's sink (iterateInline): the same breaks,
	// returns, errors, else clauses and nesting.
	{"out = []\nfor x in count(5):\n    if x == 3:\n        break\n    out.append(x)\nout", "[0, 1, 2]"},
	{"try:\n    for x in count(5):\n        1 / 0\nexcept ZeroDivisionError:\n    r = 'caught'\nr", "'caught'"},
	{"def f():\n    for x in naturals():\n        if x > 2:\n            return x\nf(), f()", "(3, 3)"},
	{"out = []\nfor a in count(2):\n    for b in count(2):\n        out.append((a, b))\nout", "[(0, 0), (0, 1), (1, 0), (1, 1)]"},
	{"def outer():\n    for x in count(3):\n        yield x * 10\nout = []\nfor y in outer():\n    out.append(y)\nout, list(outer())", "([0, 10, 20], [0, 10, 20])"},
	{"for x in count(2):\n    pass\nelse:\n    r = 'done'\nr, x", "('done', 1)"},
	{"out = []\ntry:\n    for x in fails():\n        out.append(x)\nexcept ZeroDivisionError as e:\n    out.append(str(e))\nout", "[1, 'division by zero']"},
	{"for x in stop_inside():\n    pass", "RuntimeError: generator raised StopIteration"},
	{"def rec():\n    got = []\n    for i in range(2):\n        got.append((yield i))\n    yield got\nout = []\nfor v in rec():\n    out.append(v)\nout", "[0, 1, [None, None]]"},
	{"g2 = count(3)\nout = []\nfor x in count(3):\n    out.append((x, next(g2)))\nout", "[(0, 0), (1, 1), (2, 2)]"},
	{"out = []\nfor v in tree([1, [2, [3]], 4]):\n    for w in count(v):\n        out.append(w)\nout", "[0, 0, 1, 0, 1, 2, 0, 1, 2, 3]"},
	{"def first(n):\n    for x in count(n):\n        for y in count(n):\n            if y == 1:\n                return x, y\nfirst(3)", "(0, 1)"},
	// The loop that consumes the generator closes it where it stops, as
	// CPython's does when it drops the generator: GeneratorExit at the
	// yield, finally clauses and with statements' exits before the
	// statement after the loop (or the loop's error, or the return).
	{"log = []\ndef fin():\n    try:\n        yield 1\n        yield 2\n    finally:\n        log.append('fin')\nfor x in fin():\n    log.append(x)\n    break\nlog.append('after')\nlog", "[1, 'fin', 'after']"},
	{"log = []\ndef fin():\n    try:\n        yield 1\n    except GeneratorExit as e:\n        log.append(type(e).__name__)\n        raise\n    finally:\n        log.append('fin')\ntry:\n    for x in fin():\n        raise KeyError('k')\nexcept KeyError as e:\n    log.append(repr(e))\nlog", "['GeneratorExit', 'fin', \"KeyError('k')\"]"},
	{"log = []\ndef fin():\n    try:\n        yield 1\n        yield 2\n    finally:\n        log.append('fin')\ndef f():\n    for x in fin():\n        return x\nlog.append(f())\nlog", "['fin', 1]"},
	{"log = []\nclass CM:\n    def __enter__(self):\n        return self\n    def __exit__(self, *a):\n        log.append(a[0].__name__)\ndef held():\n    with CM():\n        yield 1\n        yield 2\nfor x in held():\n    break\nlog", "['GeneratorExit']"},
	{"def ret():\n    try:\n        yield 1\n    except GeneratorExit:\n        return 5\nfor x in ret():\n    break\nx", "1"},
	{"log = []\ndef fin():\n    try:\n        yield 1\n    finally:\n        log.append('fin')\nfor x in fin():\n    pass\nelse:\n    log.append('else')\nlog", "['fin', 'else']"},
	{"import sys\ndef inexc():\n    try:\n        raise KeyError('g')\n    except KeyError:\n        yield sys.exc_info()[0].__name__\n        yield sys.exc_info()[0].__name__\nout = []\nfor x in inexc():\n    out.append((x, sys.exc_info()[0]))\nout", "[('KeyError', None), ('KeyError', None)]"},
	// The frame that resumed a generator is in the traceback of what
	// the generator's body raised, between its caller and the body.
	{"import traceback\ndef tb_h():\n    yield 1\n    raise ValueError('boom')\ndef tb_f1():\n    for v in tb_h():\n        pass\ndef tb_f2():\n    return list(tb_h())\ndef tb_f3():\n    it = tb_h()\n    next(it)\n    next(it)\ndef tb_f4():\n    it = tb_h()\n    for v in it:\n        pass\ndef tb_sub():\n    yield 1\n    raise KeyError('s')\ndef tb_deleg():\n    yield from tb_sub()\ndef tb_f5():\n    for v in tb_deleg():\n        pass\nout = []\nfor f in (tb_f1, tb_f2, tb_f3, tb_f4, tb_f5):\n    try:\n        f()\n    except Exception as e:\n        out.append([(fs.name, fs.lineno) for fs in traceback.extract_tb(e.__traceback__)][1:])\nout", "[[('tb_f1', 6), ('tb_h', 4)], [('tb_f2', 9), ('tb_h', 4)], [('tb_f3', 13), ('tb_h', 4)], [('tb_f4', 16), ('tb_h', 4)], [('tb_f5', 24), ('tb_deleg', 22), ('tb_sub', 20)]]"},
	{"import sys\ndef plain():\n    yield sys.exc_info()[0]\nout = []\ntry:\n    raise ValueError('outer')\nexcept ValueError:\n    for x in plain():\n        out.append((x.__name__, sys.exc_info()[0].__name__))\nout", "[('ValueError', 'ValueError')]"},
	{"def g():\n    x = yield 1\n    yield x * 2\nit = g()\nnext(it), it.send(21)", "(1, 42)"},
	{"def g():\n    yield 1, 2\nlist(g())", "[(1, 2)]"},
	{"def g():\n    return (yield)\nit = g()\nnext(it)\nnext(it, 'x')", "'x'"},
	{"f = lambda: (yield 5)\nlist(f())", "[5]"},
	{"def thrower():\n    try:\n        yield 1\n    except ZeroDivisionError as z:\n        yield 'zero ' + repr(z)\n    except KeyError as k:\n        yield 'key ' + repr(k)\n    yield 'end'\nit = thrower()\nnext(it)\nit.throw(ZeroDivisionError('z')), next(it)", "(\"zero ZeroDivisionError('z')\", 'end')"},
	{"def thrower():\n    try:\n        yield 1\n    except ZeroDivisionError as z:\n        yield 'zero ' + repr(z)\n    except KeyError as k:\n        yield 'key ' + repr(k)\n    yield 'end'\nout = []\nfor args in [(KeyError, 'k'), (KeyError, ('a', 'b')), (KeyError, KeyError('same')), (KeyError,)]:\n    it = thrower()\n    next(it)\n    out.append(it.throw(*args))\nout", "[\"key KeyError('k')\", \"key KeyError('a', 'b')\", \"key KeyError('same')\", 'key KeyError()']"},
	{"def thrower():\n    try:\n        yield 1\n    except ZeroDivisionError as z:\n        yield 'zero ' + repr(z)\n    except KeyError as k:\n        yield 'key ' + repr(k)\n    yield 'end'\nit = thrower()\nnext(it)\nit.throw(3)", "TypeError: exceptions must be classes or instances deriving from BaseException, not int"},
	{"def thrower():\n    try:\n        yield 1\n    except ZeroDivisionError as z:\n        yield 'zero ' + repr(z)\n    except KeyError as k:\n        yield 'key ' + repr(k)\n    yield 'end'\nit = thrower()\nnext(it)\nit.throw(KeyError('x'), 'v')", "TypeError: instance exception may not have a separate value"},
	{"def thrower():\n    try:\n        yield 1\n    except ZeroDivisionError as z:\n        yield 'zero ' + repr(z)\n    except KeyError as k:\n        yield 'key ' + repr(k)\n    yield 'end'\nit = thrower()\nnext(it)\nit.throw(KeyError, None, 5)", "TypeError: throw() third argument must be a traceback object"},
	{"def thrower():\n    try:\n        yield 1\n    except ZeroDivisionError as z:\n        yield 'zero ' + repr(z)\n    except KeyError as k:\n        yield 'key ' + repr(k)\n    yield 'end'\nit = thrower()\ntry:\n    it.throw(ValueError('fresh'))\nexcept ValueError as e:\n    r = str(e), list(it)\nr", "('fresh', [])"},
	{"def thrower():\n    try:\n        yield 1\n    except ZeroDivisionError as z:\n        yield 'zero ' + repr(z)\n    except KeyError as k:\n        yield 'key ' + repr(k)\n    yield 'end'\nit = thrower()\nnext(it)\ntry:\n    it.throw(ValueError('out'))\nexcept ValueError as e:\n    r = str(e), list(it)\ntry:\n    it.throw(ValueError('after'))\nexcept ValueError as e:\n    r += (str(e),)\nr", "('out', [], 'after')"},
	{"def main():\n    try:\n        raise IndexError('main')\n    except IndexError:\n        try:\n            yield\n        except KeyError:\n            pass\n        raise\ncoro = main()\ncoro.send(None)\ncoro.throw(KeyError())", "IndexError: main"},
	// x for x in it (issue 27: each item is the element, x not stored)
	{"x = 10\na = [x for x in range(3)]\nb = list(x for x in 'ab')\nc = sum(x for x in [1.5, 2])\na, b, c, x", "([0, 1, 2], ['a', 'b'], 3.5, 10)"},
	{"g = (x for x in range(3))\nnext(g), list(g), [x for x in range(4) if x % 2], [(lambda: x)() for x in range(2)]", "(0, [1, 2], [1, 3], [0, 1])"},
	{"class C:\n    vals = [x for x in (1, 2)]\n    total = sum(x for x in vals)\nC.vals, C.total, [x for x in [[1], [2]] for x in x]", "([1, 2], 3, [1, 2])"},
	{"sum(x for x in [1, 'a'])", "TypeError: unsupported operand type(s) for +: 'int' and 'str'"},
	// sum over a range's ints, unboxed (iterateInts): a range and x for
	// x in a range, past int64 into big ints, with float and int starts,
	// steps below zero, empty, and a generator stepped first (which sum
	// iterates as any generator).
	{"sum(x for x in range(2**62, 2**62 + 5)), sum(range(2**62, 2**62 + 5)), sum(x for x in range(-2**62, -2**62 - 9, -2))", "(23058430092136939530, 23058430092136939530, -23058430092136939540)"},
	{"sum((x for x in range(-5, 100, 7)), 0.5), sum(range(3), 1.5), sum(range(0)), sum(x for x in range(10, 0, -3)), sum((x for x in range(4)), start=10), sum(x for x in range(3, 3))", "(660.5, 4.5, 0, 22, 16, 0)"},
	{"g = (x for x in range(5))\nnext(g), sum(g), sum(g), sum(range(4), [1] * 0 or 2**64)", "(0, 10, 0, 18446744073709551622)"},
	{"sum((x for x in range(3)), 'a')", "TypeError: sum() can't sum strings [use ''.join(seq) instead]"},
	{"sum((x for x in range(3)), [])", "TypeError: can only concatenate list (not \"int\") to list"},
	// the comprehension's loop variable stored inline, and x * k, x % k
	// of a variable and a positive constant computed inline
	{"x = 9\n[x for x in range(3)], x, [y % 7 for y in range(-10, 10, 3)], [y % 3 for y in [-2**63, 2**63 - 1, True, 2.5]]", "([0, 1, 2], 9, [4, 0, 3, 6, 2, 5, 1], [1, 1, 1, 2.5])"},
	{"[x * 3 for x in range(-3, 3)], [x * 2 for x in [2**62, -2**62, 2**62 - 1, -2**62 - 1, 1.5, True, 'ab']], sum(x * 2 for x in range(10)), sum(y for y in range(20) if y > 5)", "([-9, -6, -3, 0, 3, 6], [9223372036854775808, -9223372036854775808, 9223372036854775806, -9223372036854775810, 3.0, 2, 'abab'], 90, 175)"},
	{"class Once:\n    n = 0\n    def __iter__(self):\n        Once.n += 1\n        return Bag()\ntry:\n    zip(Once(), [1])\nexcept TypeError:\n    pass\nOnce.n", "1"},
}

// TestGenerators checks kael against the table TestGeneratorsAgainstCPython
// checks CPython against.
func TestGenerators(t *testing.T) {
	checkCellCases(t, generatorPrelude, generatorCases)
}

func TestGeneratorsAgainstCPython(t *testing.T) {
	checkCellCasesAgainstCPython(t, generatorPrelude, generatorCases)
}

// TestGeneratorRefusals checks kael's own errors (CPython's SyntaxError
// adds the file and line to the message).
func TestGeneratorRefusals(t *testing.T) {
	checkCellCases(t, generatorPrelude, []struct{ src, want string }{
		{"yield 1", "SyntaxError: 'yield' outside function"},
		{"x = yield", "SyntaxError: 'yield' outside function"},
		{"class C:\n    yield 1", "SyntaxError: 'yield' outside function"},
		{"1 + yield 2", "SyntaxError: 'yield' stands only as a statement, on the right of '=', or in parentheses"},
		{"class It:\n    def __iter__(self):\n        return self\nlist(It())", "TypeError: iter() returned non-iterator of type 'It'"},
	})
}

// TestGeneratorGoroutinesEnd checks that abandoned generators, suspended
// at a yield, do not keep their goroutines: the next cell ends them, and
// a with statement they were suspended in exits.
func TestGeneratorGoroutinesEnd(t *testing.T) {
	s := NewSession(IO{})
	ctx := context.Background()
	if r := s.Exec(ctx, "", generatorPrelude); r.Err != nil {
		t.Fatal(r.Err.Render())
	}
	before := runtime.NumGoroutine()
	// Suspended by next, and by a for loop's break (the loop body was the
	// generator's sink, run inline: iterateInline, which closes it).
	if r := s.Exec(ctx, "", "for _ in range(200):\n    g = naturals()\n    next(g)\n    for x in naturals():\n        break\ng = None"); r.Err != nil {
		t.Fatal(r.Err.Render())
	}
	for i := 0; i < 50 && runtime.NumGoroutine() > before+10; i++ {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
		s.Exec(ctx, "", "1") // a cell ends the abandoned generators
	}
	if n := runtime.NumGoroutine(); n > before+10 {
		t.Errorf("%d goroutines after abandoning 400 generators, %d before", n, before)
	}
	src := "def ng():\n    with torch.no_grad():\n        yield torch.is_grad_enabled()\ng = ng()\nnext(g)"
	if got := outcome(s.Exec(ctx, "", src)); got != "False" {
		t.Fatalf("inside no_grad: %s", got)
	}
	if got := outcome(s.Exec(ctx, "", "g = None\ntorch.is_grad_enabled()")); got != "False" {
		t.Fatalf("suspended in no_grad: %s, want False as in PyTorch", got)
	}
	for i := 0; i < 50; i++ {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
		if got := outcome(s.Exec(ctx, "", "torch.is_grad_enabled()")); got == "True" {
			return
		}
	}
	t.Errorf("the abandoned generator's with statement did not exit")
}

// TestGeneratorInterrupt checks that cancelling a cell stops an endless
// generator's body.
func TestGeneratorInterrupt(t *testing.T) {
	s := NewSession(IO{})
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	r := s.Exec(ctx, "", "def spin():\n    while True:\n        pass\n    yield 1\nnext(spin())")
	if r.Err == nil || r.Err.Kind != KeyboardInterrupt {
		t.Fatalf("got %v, want KeyboardInterrupt", r.Err)
	}
	r = s.Exec(context.Background(), "", "def two():\n    yield 1\n    yield 2\nlist(two())")
	if got := outcome(r); got != "[1, 2]" {
		t.Errorf("after the interrupt: %s", got)
	}
}

// TestGeneratorBound checks that the generators running at once are
// bounded: each holds a goroutine.
func TestGeneratorBound(t *testing.T) {
	defer func(n int64) { maxLiveGenerators = n }(maxLiveGenerators)
	maxLiveGenerators = liveGenerators.Load() + 5
	checkCellCases(t, generatorPrelude, []struct{ src, want string }{
		{"gs = [naturals() for _ in range(10)]\nfor g in gs:\n    next(g)\n    g.close()\nlist(count(3))", "[0, 1, 2]"},
		{"gs = [naturals() for _ in range(10)]\n[next(g) for g in gs]", "MemoryError: more than " + fmt.Sprint(maxLiveGenerators) + " generators are running at once"},
	})
}

// TestGeneratorKillWhileRunning checks that a generator found abandoned
// while its body runs is ended later, once suspended, not forgotten.
func TestGeneratorKillWhileRunning(t *testing.T) {
	s := NewSession(IO{})
	ctx := context.Background()
	if r := s.Exec(ctx, "", generatorPrelude+"g = naturals()\nnext(g)"); r.Err != nil {
		t.Fatal(r.Err.Render())
	}
	g, _ := s.globals.get("g")
	st := g.(*Generator).st
	st.running = true
	queueKill(st)
	endAbandoned(s)
	st.running = false
	if st.done {
		t.Fatal("a running generator was killed")
	}
	endAbandoned(s)
	if !st.done {
		t.Error("the generator abandoned while running was never ended")
	}
}

// queuedKill reports whether st waits in s's queue of generators to end.
func queuedKill(s *Session, st *genState) bool {
	genKills.Lock()
	defer genKills.Unlock()
	for _, q := range genKills.by[s] {
		if q == st {
			return true
		}
	}
	return false
}

// TestAbandonedGeneratorQueued checks which dropped generators wait for
// their session to end them: only those whose body holds a goroutine.
// The others would keep their frames and iterables reachable until the
// session's next cell or started generator.
func TestAbandonedGeneratorQueued(t *testing.T) {
	cases := []struct {
		src    string
		queued bool
	}{
		{"g = naturals()", false},            // not started
		{"g = naturals()\nnext(g)", true},    // suspended at a yield
		{"g = count(2)\nlist(g)", false},     // run to its end
		{"g = (x for x in range(3))", false}, // a generator expression, not started
		{"g = (x for x in range(3))\nnext(g)", true},
		{"g = (x for x in range(3))\nlist(g)", false},
		{"g = naturals()\nnext(g)\ng.close()", false},
	}
	for _, c := range cases {
		s := NewSession(IO{})
		if r := s.Exec(context.Background(), "", generatorPrelude+c.src); r.Err != nil {
			t.Fatalf("%q: %s", c.src, r.Err.Render())
		}
		g, _ := s.globals.get("g")
		st := g.(*Generator).st
		queueKill(st)
		if got := queuedKill(s, st); got != c.queued {
			t.Errorf("%q: queued %v, want %v", c.src, got, c.queued)
		}
		endAbandoned(s)
		if st.live.Load() {
			t.Errorf("%q: its body's goroutine runs on after endAbandoned", c.src)
		}
	}
}

// TestConsumedGeneratorsFreed checks that generator expressions consumed
// by a builtin, in a program that starts no other generator, leave
// nothing queued once collected (they used to wait, each with its frame
// and what it iterated, for the next cell).
func TestConsumedGeneratorsFreed(t *testing.T) {
	s := NewSession(IO{})
	src := "xs = [1, 2, 3]\nfor i in range(200):\n    t = tuple(x for x in xs)\n    n = sum(x for x in xs)\nt"
	if r := s.Exec(context.Background(), "", src); r.Err != nil || outcome(r) != "(1, 2, 3)" {
		t.Fatalf("got %s", outcome(r))
	}
	for i := 0; i < 5; i++ {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
	genKills.Lock()
	n := len(genKills.by[s])
	genKills.Unlock()
	if n != 0 {
		t.Errorf("%d consumed generators wait to be ended", n)
	}
}

// TestGeneratorLoopCloseReportsIgnored checks what a for loop's closing
// of the generator it stops early cannot raise (a yield after
// GeneratorExit, an error in a finally clause): CPython writes it to
// stderr as raised while the generator was freed, and the loop's own
// outcome stands.
func TestGeneratorLoopCloseReportsIgnored(t *testing.T) {
	var out, errs strings.Builder
	s := NewSession(IO{Stdout: &out, Stderr: &errs})
	src := `def h():
    try:
        yield 1
    finally:
        yield 2
def k():
    try:
        yield 1
    finally:
        raise ValueError("in finally")
got = []
for x in h():
    got.append(x)
    break
for x in k():
    got.append(x)
    break
got`
	if got := outcome(s.Exec(context.Background(), "", src)); got != "[1, 1]" {
		t.Fatalf("cell: %s", got)
	}
	text := errs.String()
	for _, want := range []string{
		"Exception ignored in: <generator object h at 0x",
		"RuntimeError: generator ignored GeneratorExit",
		"Exception ignored in: <generator object k at 0x",
		"ValueError: in finally",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("stderr lacks %q:\n%s", want, text)
		}
	}
}

// TestDroppedGeneratorClosed checks the closing of generators dropped
// while suspended, at a collection (CollectGarbage, which gc.collect
// runs) and at the program's end (Shutdown): their finally clauses run,
// their output goes where the program's goes, and what the closing
// raises is written to stderr as CPython writes an exception ignored
// while an object is freed.
func TestDroppedGeneratorClosed(t *testing.T) {
	const prelude = `def f(n):
    try:
        yield 1
    finally:
        print("finally", n)
def bad():
    try:
        yield 1
    finally:
        raise ValueError("boom")
def stubborn():
    try:
        yield 1
    finally:
        yield 2
`
	cases := []struct {
		name, src string
		collect   bool // CollectGarbage after src, else Shutdown
		out       string
		errs      []string
	}{
		{"dropped", "g = f(1)\nnext(g)\ndel g", true, "finally 1\n", nil},
		{"kept to the end", "g = f(2)\nnext(g)", false, "finally 2\n", nil},
		{"in order at the end", "g = f(3)\nnext(g)\nh = f(4)\nnext(h)\nk = f(5)\nnext(k)", false, "finally 3\nfinally 4\nfinally 5\n", nil},
		{"closed before the end", "g = f(6)\nnext(g)\ng.close()", false, "finally 6\n", nil},
		{"raises", "g = bad()\nnext(g)\ndel g", true, "", []string{
			"Exception ignored in: <generator object bad at 0x", "ValueError: boom"}},
		{"yields again", "g = stubborn()\nnext(g)\ndel g", true, "", []string{
			"Exception ignored in: <generator object stubborn at 0x", "RuntimeError: generator ignored GeneratorExit"}},
		{"raises at the end", "g = bad()\nnext(g)", false, "", []string{
			"Exception ignored in: <generator object bad at 0x", "ValueError: boom"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var out, errs strings.Builder
			s := NewSession(IO{Stdout: &out, Stderr: &errs})
			ctx := context.Background()
			if r := s.Exec(ctx, "", prelude+c.src); r.Err != nil {
				t.Fatal(r.Err.Render())
			}
			if c.collect {
				s.CollectGarbage()
			} else if err := s.Shutdown(ctx); err != nil {
				t.Fatal(err.Render())
			}
			if out.String() != c.out {
				t.Errorf("stdout %q, want %q", out.String(), c.out)
			}
			for _, want := range c.errs {
				if !strings.Contains(errs.String(), want) {
					t.Errorf("stderr lacks %q:\n%s", want, errs.String())
				}
			}
			if c.errs == nil && errs.Len() > 0 {
				t.Errorf("stderr: %s", errs.String())
			}
			if len(s.suspended) != 0 {
				t.Errorf("%d generators still tracked as suspended", len(s.suspended))
			}
		})
	}
}

// TestGenExprFrameName checks the frames of a traceback through a
// generator expression, however it is consumed: the generator
// expression's frame is <genexpr>, as CPython's, below the frame that
// consumed it.
func TestGenExprFrameName(t *testing.T) {
	const prelude = `def frames(fn):
    try:
        fn()
    except Exception as e:
        tb, out = e.__traceback__, []
        while tb is not None:
            out.append(tb.tb_frame.f_code.co_name)
            tb = tb.tb_next
        return out
xs = [1, 0]
def outer(consume):
    return consume(1 // x for x in xs)
`
	checkMatchesCPython(t, prelude, []string{
		"frames(lambda: outer(sum))",
		"frames(lambda: outer(list))",
		"frames(lambda: outer(tuple))",
		"frames(lambda: outer(sorted))",
		"frames(lambda: outer(min))",
		"frames(lambda: outer(max))",
		"def f():\n    return sum(1 // x for x in xs)\nframes(f)",
		"def f():\n    return next(1 // x for x in xs if x == 0)\nframes(f)",
		"def f():\n    for v in (1 // x for x in xs):\n        pass\nframes(f)",
		"def f():\n    g = (1 // x for x in xs)\n    return list(zip(xs, g))\nframes(f)",
		"def f():\n    return sum(x for x in range(3) if 1 // (x - 1))\nframes(f)",
		"def f():\n    return sum(int(s) for s in ['1', 'a'])\nframes(f)",
		"def f():\n    return any(1 // x for x in [0, 1])\nframes(f)",
	})
}
