package lang

import "testing"

const reducePrelude = `import copy
class C:
    def __init__(self):
        self.a = 1
class D:
    __slots__ = ('x', 'y')
    def __init__(self):
        self.x = 5
class A(int):
    pass
class G:
    def __getstate__(self):
        return {'g': 1}
class N:
    def __new__(cls, *a):
        return object.__new__(cls)
    def __getnewargs__(self):
        return (1, 2)
class R:
    def __reduce__(self):
        return (R, ())
class S:
    def __reduce_ex__(self, p):
        return super().__reduce_ex__(p)
def names(v):
    if isinstance(v, type):
        return v.__name__
    if isinstance(v, tuple):
        return tuple(names(e) for e in v)
    return v
`

// TestObjectReduceMatchesCPython: object's __reduce_ex__, __reduce__,
// __getstate__ and __sizeof__, on every object as in CPython 3.11.
func TestObjectReduceMatchesCPython(t *testing.T) {
	checkMatchesCPython(t, reducePrelude, []string{
		"c = C()\nnames((c.__reduce_ex__(2)[1:], c.__reduce_ex__(0)[1:], c.__reduce__()[1:], object().__reduce_ex__(2)[1:], object().__reduce__()[1:]))",
		"d = D()\nnames(d.__reduce_ex__(2)[1:]), d.__getstate__(), C().__getstate__(), object().__getstate__()",
		"names((A(3).__reduce_ex__(2)[1:], A(3).__reduce_ex__(1)[1:], G().__reduce_ex__(2)[2], N().__reduce_ex__(2)[1][1:], R().__reduce_ex__(2), R().__reduce_ex__(0)))",
		"C().__sizeof__(), D().__sizeof__(), object().__sizeof__(), hasattr(C(), '__reduce_ex__'), hasattr(C(), '__sizeof__')",
		"r = C().__reduce_ex__(2)\nr[0].__name__, C().__reduce_ex__(1)[0].__name__, type(r[0](*r[1])).__name__, r[0](*r[1]).__dict__",
		"s = S()\ns.v = [1]\nu = copy.deepcopy(s)\ntype(u).__name__, u.v, u.v is s.v, copy.copy(s).v is s.v",
		"C().__reduce_ex__('x')",
		"e = ValueError('x', 2)\ne.note = 1\nnames((ValueError('x').__reduce__(), e.__reduce_ex__(2), ImportError('t', name='n').__reduce__(), ImportError('t').__reduce_ex__(4)))",
	})
}

// TestPlainObjectMatchesCPython checks object() itself, the sentinel of
// so much Python code: its type is object, and its repr CPython's.
func TestPlainObjectMatchesCPython(t *testing.T) {
	checkMatchesCPython(t, "o = object()\n", []string{
		"type(o) is object, type(o).__name__, isinstance(o, object), repr(o).startswith('<object object at 0x'), str(o) == repr(o)",
		"o == o, o != object(), hash(o) == hash(o), type(o)() is not o, type(object) is type",
	})
}
