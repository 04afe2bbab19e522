package lang

import (
	"context"
	"testing"
)

// annotationScopeCases are CPython 3.11's rules for where an annotated
// assignment stores its annotation and what it binds: a parenthesized
// name binds nothing without a value, yield may be the value, a class
// body stores into the __annotations__ of the namespace __prepare__
// returns, and a module's into whatever mapping its globals hold.
var annotationScopeCases = []struct{ src, want string }{
	{"g = 5\ndef f():\n    (g): int\n    return g\nf()", "5"},
	{"def f():\n    (h): int\n    return h\nf()", "NameError: name 'h' is not defined"},
	{"def f():\n    (x): int = 2\n    return x\nf()", "2"},
	{"def f():\n    x: int\n    return x\nf()", "UnboundLocalError: cannot access local variable 'x' where it is not associated with a value"},
	{"def f():\n    x: int = yield\n    return x\ng = f()\nnext(g)\ntry:\n    g.send(7)\nexcept StopIteration as e:\n    r = e.value\nr", "7"},
	{"def f():\n    x: tuple = yield 1, 2\n    return x\nnext(f())", "(1, 2)"},
	{"x: tuple = 1, 2\nx", "(1, 2)"},
	{"class Low:\n    def __init__(self):\n        self.d = {}\n    def __setitem__(self, k, v):\n        self.d[k.lower()] = v\n    def __getitem__(self, k):\n        return self.d[k]\nclass M(type):\n    @classmethod\n    def __prepare__(mcls, name, bases, **kw):\n        return {'__annotations__': Low()}\nclass C(metaclass=M):\n    XX: 'ann'\n    y: int = 3\nC.__annotations__.d, C.y", "({'xx': 'ann', 'y': <class 'int'>}, 3)"},
	{"class M(type):\n    @classmethod\n    def __prepare__(mcls, name, bases, **kw):\n        return {'__annotations__': {'a': 1}}\nclass C(metaclass=M):\n    b: int\nC.__annotations__", "{'a': 1, 'b': <class 'int'>}"},
	{"class Low:\n    def __init__(self):\n        self.d = {}\n    def __setitem__(self, k, v):\n        self.d[k.lower()] = v\nns = {'__annotations__': Low()}\nexec('X: int; Z: str = \"Z\"; (w): complex = 1j', ns)\nns['__annotations__'].d, ns['Z'], ns['w']", "({'x': <class 'int'>, 'z': <class 'str'>}, 'Z', 1j)"},
	{"ns = {'__annotations__': 3}\nexec('x: int = 1', ns)", "TypeError: 'int' object does not support item assignment"},
}

func TestAnnotationScopes(t *testing.T) {
	checkCellCases(t, "", annotationScopeCases)
}

func TestAnnotationScopesAgainstCPython(t *testing.T) {
	checkCellCasesAgainstCPython(t, "", annotationScopeCases)
}

// TestModuleAnnotationsMadeOnUse: a module's __annotations__ is an empty
// dict, kept in the module, when the module has no annotations (CPython
// 3.10's module type: import pkg; pkg.__annotations__ == {}).
func TestModuleAnnotationsMadeOnUse(t *testing.T) {
	s := writeModules(t, map[string]string{"plain.py": "x = 1\n", "annotated.py": "x: int = 1\n"})
	for _, c := range []struct{ src, want string }{
		{"import plain, annotated\nplain.__annotations__, annotated.__annotations__", "({}, {'x': <class 'int'>})"},
		{"plain.__annotations__ is plain.__annotations__, vars(plain)['__annotations__']", "(True, {})"},
		{"plain.__annotations__['y'] = str\nplain.__annotations__", "{'y': <class 'str'>}"},
	} {
		if got := outcome(s.Exec(context.Background(), "", c.src)); got != c.want {
			t.Errorf("%s\n got %s\nwant %s", c.src, got, c.want)
		}
	}
}
