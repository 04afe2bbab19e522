package lang

import "testing"

// pyAuditCases are the constructs issue 27's audit found different from
// CPython 3.11 and fixed: each runs under kael and CPython, and their
// outcomes (value, or error class and message) must agree.
var pyAuditCases = []string{
	// extended-slice assignment to a list: same length, or CPython's errors
	"l = [1, 2, 3, 4, 5]\nl[::2] = ['a', 'b', 'c']\nl",
	"l = [1, 2, 3, 4, 5]\nl[::-2] = (7, 8, 9)\nl",
	"l = [1, 2, 3, 4, 5]\nl[4:0:-3] = iter([0, 0])\nl",
	"l = [1, 2, 3]\nl[::2] = [1]",
	"l = [1, 2, 3]\nl[::2] = 5",
	"l = [1, 2, 3]\nl[0:1] = 5",
	"l = [1, 2, 3]\nl[5::2] = []\nl",
	"l = list(range(10))\ndel l[1::3]\nl[::-4] = 'xyz'\nl",
	// StopIteration's value: made directly, or by a generator's return
	"StopIteration(5).value, StopIteration().value, StopIteration(1, 2).value",
	"def g():\n    yield 1\n    return 'done'\nit = g()\nnext(it)\ntry:\n    next(it)\nexcept StopIteration as e:\n    r = (e.value, e.args, str(e))\nr",
	"def g():\n    return [1]\n    yield\ntry:\n    next(g())\nexcept StopIteration as e:\n    r = e.value\nr",
	"def g():\n    yield 1\n    return 5\nnext(g())\nit = g()\nnext(it)\nnext(it)",
	"def sub():\n    yield 1\n    return 'r'\ndef g():\n    x = yield from sub()\n    yield x\nlist(g())",
	// a generator's __name__, __qualname__ and gi_running
	"def gen():\n    yield 1\ng = gen()\ng.__name__, g.__qualname__, g.gi_running",
	"class C:\n    def m(self):\n        yield self\ng = C().m()\ng.__name__, g.__qualname__",
	"def f():\n    def inner():\n        yield 1\n    return inner()\nf().__name__, f().__qualname__",
	"(x for x in []).__name__",
	// list[int](...) calls list
	"list[int]((1, 2)), dict[str, int](a=1), type(list[int]()).__name__, callable(list[int])",
	// vars() without an argument is locals()
	"def f(a):\n    b = 2\n    return vars()\nf(1)",
	"vars(1, 2)",
	// __qualname__ as CPython's compiler makes it: C.name in a class
	// body, f.<locals>.name in a function
	"class A:\n    class B:\n        def m(self):\n            return lambda: 0\n    def k(self):\n        class D:\n            pass\n        return D\nA.B.__qualname__, A.B.m.__qualname__, A().k().__qualname__, A.B().m().__qualname__, A.k.__qualname__",
	"def f():\n    def g():\n        pass\n    return g\nf().__qualname__, f().__name__, f.__qualname__",
	"def outer():\n    def inner(a):\n        return a\n    return inner\nouter()()",
	"def outside(self):\n    pass\nclass C:\n    m = outside\n    def __private(self):\n        pass\nC.m.__qualname__, C._C__private.__qualname__",
	// slice objects: made by slice(), passed to __getitem__/__setitem__/
	// __delitem__ for a:b:c, and subscripting as a:b:c
	"s = slice(1, 5, 2)\ns, s.start, s.stop, s.step, slice(3), slice(None), s.indices(4), slice(-1, None, -1).indices(3), s == slice(1, 5, 2), s != slice(1, 5), type(s).__name__",
	"[0, 1, 2, 3, 4, 5][slice(1, 5, 2)], 'abcdef'[slice(None, None, -1)], (1, 2, 3)[slice(2)], range(10)[slice(2, 8, 3)]",
	"l = [0, 1, 2, 3]\nl[slice(1, 3)] = ['x']\ndel l[slice(0, 1)]\nl",
	"log = []\nclass S:\n    def __getitem__(self, k):\n        return k\n    def __setitem__(self, k, v):\n        log.append(('set', k, v))\n    def __delitem__(self, k):\n        log.append(('del', k))\ns = S()\ns[1:2] = 5\ndel s[::3]\ns[1:2], s[:], s[1:2, 3], s[::-1, ...], log",
	"hash(slice(1, 2))",
	"{}[slice(1, 2)]",
	"slice()",
	"slice(1, 2, 3, 4)",
	"slice(1, 2, 0).indices(5)",
	"slice(1, 2).indices(-1)",
	// open()'s encoding: UTF-8 by its names; CPython's errors
	"import os, tempfile\np = os.path.join(tempfile.mkdtemp(), 'f.txt')\nwith open(p, 'w', encoding='UTF_8') as f:\n    f.write('h\u00e9')\nopen(p, encoding='utf8').read(), open(p, encoding='ascii' if False else 'u8').read()",
	"import os, tempfile\nopen(os.path.join(tempfile.mkdtemp(), 'f'), 'wb', encoding='utf-8')",
	"import os, tempfile\nopen(os.path.join(tempfile.mkdtemp(), 'f'), 'w', encoding='bogus')",
	"import os, tempfile\nopen(os.path.join(tempfile.mkdtemp(), 'f'), 'w', encoding=5)",
	// round with ndigits None; divmod's float division by zero
	"round(2.5, None), round(3.5, None), round(7, None), type(round(2.5, None)).__name__",
	"divmod(1.0, 0)",
	"divmod(1, 0.0)",
	"divmod(1, 0)",
	"divmod(True, False)",
	// hex() with a separator
	"b'\\x01\\x02\\xff\\x03'.hex('-', 2), b'\\x01\\x02\\xff\\x03'.hex('-', -3), b'\\x01\\x02\\xff\\x03'.hex(b':', 3), b'\\x01\\x02\\xff'.hex(':'), b''.hex(':'), b'ab'.hex(' ', 0), b'ab'.hex(' ', 9)",
	"bytearray(b'abc').hex(' '), memoryview(b'abcd').hex('_', -1)",
	"b'a'.hex(1)",
	"b'a'.hex([1])",
	"b'a'.hex([1, 2])",
	"b'a'.hex('ab')",
	"b'a'.hex('\\xe9')",
	// the latin-1 codec
	"'é'.encode('latin-1'), b'\\xe9\\xff'.decode('latin_1'), 'aé'.encode('iso-8859-1'), bytes('ÿ', 'l1'), bytearray(b'\\xe9').decode('latin1')",
	"'€'.encode('latin-1')",
	"'a€'.encode('latin-1', 'replace'), 'a€'.encode('latin-1', 'ignore')",
}

func TestPyAuditAgainstCPython(t *testing.T) {
	checkMatchesCPython(t, "", pyAuditCases)
}
