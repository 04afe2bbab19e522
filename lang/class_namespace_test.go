package lang

import "testing"

// classNamespaceCases are the entries of a class's __dict__ (vars(C)) in
// CPython 3.11's order: __module__, the docstring, the body's names, the
// __slots__ members, the __dict__ and __weakref__ descriptors the class
// adds to its instances, __doc__ None and the __hash__ None of an __eq__
// alone.
var classNamespaceCases = []string{
	"class C:\n    pass\nlist(C.__dict__.keys()), C.__dict__['__doc__']",
	"class D:\n    'doc'\n    a = 1\n    def m(self): pass\nclass E(D):\n    b = 2\nlist(vars(D)), list(vars(E)), vars(D)['__doc__']",
	"class F:\n    __slots__ = ('a', '__b')\nclass G:\n    __slots__ = ('a', '__dict__')\nclass J(F):\n    pass\nclass N(G):\n    pass\nlist(vars(F)), list(vars(G)), list(vars(J)), list(vars(N)), repr(F.__dict__['a']), repr(F.__dict__['_F__b'])",
	"class S:\n    __slots__ = 'x'\nclass W:\n    __slots__ = ('__weakref__',)\nlist(vars(S)), list(vars(W))",
	"class H(Exception):\n    pass\nclass K(list):\n    pass\nclass Kd(dict):\n    pass\nlist(vars(H)), list(vars(K)), list(vars(Kd))",
	"class I:\n    def __init__(self): pass\n    def __eq__(self, o): return True\nclass I2:\n    __hash__ = None\n    x = 1\nlist(vars(I)), list(vars(I2))",
	"class L:\n    x = 1\n    __module__ = 'zz'\nclass M:\n    __doc__ = 'set'\n    __qualname__ = 'Q'\nlist(vars(L)), L.__module__, list(vars(M)), M.__qualname__",
	"class C:\n    pass\nd = C.__dict__\nrepr(d['__dict__']), repr(d['__weakref__']), type(d['__dict__']).__name__, type(d['__weakref__']).__name__",
	"class Meta(type):\n    pass\nclass A(metaclass=Meta):\n    pass\nlist(vars(Meta)), list(vars(A))",
	"X = type('X', (), {'__module__': 'm', 'a': 1})\nY = type('Y', (X,), {'__module__': 'm'})\nlist(vars(X)), list(vars(Y))",
	"class P:\n    def __init__(self):\n        self.v = 1\n[k for k in vars(P) if not k.startswith('__')], sorted(vars(P()))",
}

func TestClassNamespaceAgainstCPython(t *testing.T) {
	checkMatchesCPython(t, "", classNamespaceCases)
}
