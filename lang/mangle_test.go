package lang

import "testing"

// manglingCases are private names inside class bodies, mangled as
// CPython 3.11's compiler mangles them (__x in class C is _C__x), with
// CPython's outcomes; TestPrivateNameManglingAgainstCPython checks them
// there.
var manglingCases = []struct{ src, want string }{
	{"class C:\n    def __init__(self):\n        self.__x = 1\n    def get(self):\n        return self.__x\nc = C()\nc.get(), c._C__x, hasattr(c, '__x'), sorted(vars(c))", "(1, 1, False, ['_C__x'])"},
	{"class C:\n    def __m(self):\n        return 'm'\n    def call(self):\n        return self.__m()\nC().call(), C._C__m.__name__, C._C__m.__qualname__, '__m' in C.__dict__", "('m', '__m', 'C.__m', False)"},
	{"class C:\n    __k = 10\n    def f(self):\n        return C.__k, self.__k\nC().f(), C._C__k", "((10, 10), 10)"},
	{"class _Under:\n    __a = 1\nclass __Dunder:\n    __b = 2\nclass ___:\n    __c = 3\n'_Under__a' in vars(_Under), '_Dunder__b' in vars(__Dunder), '__c' in vars(___)", "(True, True, True)"},
	{"class C:\n    __match_args__ = ('a',)\n    def __repr__(self):\n        return 'C()'\n'__match_args__' in vars(C), repr(C())", "(True, 'C()')"},
	{"class C:\n    def f(self):\n        __v = 3\n        def inner():\n            return __v\n        return inner(), [__i for __i in range(2)], (lambda __p: __p)(5)\nC().f()", "(3, [0, 1], 5)"},
	{"class C:\n    def f(self):\n        return {k: __w for k, __w in [(1, 2)]}, self.__class__.__name__\nC().f()", "({1: 2}, 'C')"},
	{"__g = 'global'\nclass C:\n    def f(self):\n        return __g\nC().f()", "NameError: name '_C__g' is not defined"},
	{"_C__g = 'mangled global'\nclass C:\n    def f(self):\n        return __g\nC().f()", "'mangled global'"},
	{"class C:\n    def f(self):\n        global __h\n        __h = 5\nC().f()\n_C__h", "5"},
	{"class Outer:\n    class Inner:\n        def f(self):\n            self.__z = 1\n            return sorted(vars(self))\n    def g(self):\n        return self.Inner().f()\nOuter().g()", "['_Inner__z']"},
	{"class C:\n    def f(self, __a):\n        return __a\nC().f(4), C.f.__code__.co_varnames", "(4, ('self', '_C__a'))"},
	{"class C:\n    def f(self, __a):\n        return __a\nC().f(__a=4)", "TypeError: C.f() got an unexpected keyword argument '__a'"},
	{"class C:\n    def __init__(self):\n        self.__secret = 1\nC().__secret", "AttributeError: 'C' object has no attribute '__secret'"},
	{"class C:\n    def __init__(self):\n        self.__secret = 1\ngetattr(C(), '__secret', 'none'), getattr(C(), '_C__secret')", "('none', 1)"},
	{"class C:\n    import os as __os\n    def f(self):\n        return self.__os.sep\nC().f()", "'/'"},
	{"class A:\n    def __init__(self):\n        self.__v = 'A'\nclass B(A):\n    def __init__(self):\n        super().__init__()\n        self.__v = 'B'\nsorted(vars(B()).items())", "[('_A__v', 'A'), ('_B__v', 'B')]"},
	{"class C:\n    def f(self):\n        try:\n            del self.__nope\n        except AttributeError as e:\n            return str(e)\nC().f()", "\"'C' object has no attribute '_C__nope'\""},
	{"class C:\n    def f(self):\n        return __missing\nC().f()", "NameError: name '_C__missing' is not defined"},
	{"class C:\n    def f(self, x):\n        match x:\n            case [__a, *__rest]:\n                return __a, __rest\nC().f([1, 2, 3])", "(1, [2, 3])"},
	{"class C:\n    def __private(self):\n        return 1\nclass D(C):\n    def f(self):\n        return self.__private()\nD().f()", "AttributeError: 'D' object has no attribute '_D__private'"},
	{"class C:\n    def __init__(self):\n        self.__n = 0\n    def f(self):\n        self.__n += 2\n        return f'{self.__n}!'\nC().f()", "'2!'"},
	{"class C:\n    __slots__ = ('__a', 'b')\n    def __init__(self):\n        self.__a = 1\n        self.b = 2\n    def get(self):\n        return self.__a\nc = C()\nc.get(), c._C__a", "(1, 1)"},
	{"class C:\n    __slots__ = ('__a',)\nc = C()\nc.__a = 1", "AttributeError: 'C' object has no attribute '__a'"},
	// imports: the module or name imported is mangled too (IMPORT_NAME,
	// IMPORT_FROM), not a dotted module path
	{"class C:\n    try:\n        import __nomod\n    except ImportError as e:\n        r = type(e).__name__, e.name\nC.r", "('ModuleNotFoundError', '_C__nomod')"},
	{"class C:\n    try:\n        from os import __nope\n    except ImportError as e:\n        r = str(e).split(' from ')[0]\nC.r", "\"cannot import name '_C__nope'\""},
	{"class C:\n    def f(self):\n        try:\n            from __nomod import x\n        except ImportError as e:\n            return e.name\nC().f()", "'_C__nomod'"},
	{"class C:\n    try:\n        import __nomod.sub\n    except ImportError as e:\n        r = e.name\nC.r", "'__nomod'"},
	{"class C:\n    from os import sep as __s\n    import os as __o\n'_C__s' in vars(C), '_C__o' in vars(C), '__s' in vars(C)", "(True, True, False)"},
}

func TestPrivateNameMangling(t *testing.T) {
	for _, c := range manglingCases {
		if got := cellOutcome(NewSession(IO{}), c.src); got != c.want {
			t.Errorf("%s\n got %s\nwant %s", c.src, got, c.want)
		}
	}
}

func TestPrivateNameManglingAgainstCPython(t *testing.T) {
	checkCellCasesAgainstCPython(t, "", manglingCases)
}
