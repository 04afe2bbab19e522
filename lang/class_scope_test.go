package lang

import "testing"

// classScopeCases are the names a class body's comprehensions, lambdas and
// functions see: in CPython 3.11 a comprehension is a function of its own,
// so past its first iterable (evaluated in the class body) it does not see
// the class's names, and neither does a lambda or def.
var classScopeCases = []string{
	"class A:\n    x = 1\n    y = [x for _ in range(2)]",
	"class A:\n    x = 2\n    y = [i for i in range(x)]\nA.y",
	"x = 'g'\nclass A:\n    x = 1\n    y = [x for _ in range(2)]\n    z = {k: x for k in 'ab'}\n    w = {x for _ in 'a'}\n    v = list(x for _ in 'a')\nA.y, A.z, A.w, A.v",
	"class A:\n    n = 3\n    y = [j for i in range(n) for j in range(n)]",
	"class A:\n    n = 3\n    y = [i for i in range(2) if i < n]",
	"class A:\n    n = 2\n    y = [[j for j in range(n)] for i in range(n)]",
	"class A:\n    n = 2\n    y = [[j for j in range(i)] for i in range(n)]\nA.y",
	"class A:\n    x = 1\n    f = lambda: x\nA.f()",
	"class A:\n    x = 1\n    def g():\n        return x\nA.g()",
	"def outer():\n    x = 'outer'\n    class A:\n        x = 1\n        y = [x for _ in range(2)]\n    return A.y\nouter()",
	"def outer():\n    x = 'outer'\n    class A:\n        y = [x for _ in range(2)]\n        x = 1\n    return A.y, A.x\nouter()",
	"class A:\n    y = [z for z in range(3)]\n    z = 5\nA.y, A.z",
	"class A:\n    x = 1\n    y = [(lambda: x)() for _ in range(1)]",
	"class A:\n    x = [1, 2]\n    y = [x for x in x]\nA.y",
	"class A:\n    __p = 4\n    y = [__p for _ in range(1)]",
	// A name the body assigns reads what it names outside the class until
	// it is assigned (LOAD_NAME, LOAD_CLASSDEREF).
	"X = 5\nclass A:\n    X = X + 1\n    len = len\nA.X, A.len([1])",
	"X = 5\ndef f():\n    y = 7\n    class C:\n        X = X\n        y = y + 1\n        z = [X, y]\n    return C.X, C.y, C.z\nf()",
	"def f():\n    class C:\n        q = q\n    return C\nf()",
	"class A:\n    print = print\n    del print\n    r = print is not None\nA.r",
	"def f():\n    v = 1\n    class C:\n        w = v\n        v = 2\n        u = v\n    return C.w, C.u, v\nf()",
}

func TestClassScopeAgainstCPython(t *testing.T) {
	checkMatchesCPython(t, "", classScopeCases)
}

// TestMappingUnpackingAgainstCPython checks {**m} and f(**m) of mappings
// that are no dicts: an object with keys() and __getitem__, UserDict,
// ChainMap.
func TestMappingUnpackingAgainstCPython(t *testing.T) {
	checkMatchesCPython(t, "class M:\n    def keys(self): return ['a', 'b']\n    def __getitem__(self, k): return k * 2\ndef f(**kw): return sorted(kw.items())\n", []string{
		"{**M()}, f(**M()), dict(M()), {**M(), 'c': 1}",
		"from collections import UserDict, ChainMap\n{**UserDict(x=1)}, f(**ChainMap({'p': 1}, {'q': 2}))",
		"{**3}",
	})
}
