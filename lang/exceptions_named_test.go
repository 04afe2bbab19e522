package lang

import (
	"context"
	"testing"
)

// namedExceptionCases are the name, obj, path and msg attributes of
// NameError, AttributeError and ImportError, each checked against CPython.
var namedExceptionCases = []struct{ src, want string }{
	{"try:\n    undefined_q\nexcept NameError as e:\n    r = e.name\nr", "'undefined_q'"},
	{"def f():\n    print(z)\n    z = 1\ntry:\n    f()\nexcept NameError as e:\n    r = (type(e).__name__, e.name)\nr", "('UnboundLocalError', None)"},
	{"class A:\n    pass\na = A()\ntry:\n    a.zz\nexcept AttributeError as e:\n    r = (e.name, e.obj is a)\nr", "('zz', True)"},
	{"try:\n    (1).foo\nexcept AttributeError as e:\n    r = (e.name, e.obj)\nr", "('foo', 1)"},
	{"try:\n    int.foo\nexcept AttributeError as e:\n    r = (e.name, e.obj)\nr", "('foo', <class 'int'>)"},
	{"import math\ntry:\n    math.nope\nexcept AttributeError as e:\n    r = (e.name, e.obj is math)\nr", "('nope', True)"},
	{"try:\n    import no_such_module_q\nexcept ImportError as e:\n    r = (e.name, e.path, e.msg)\nr", "('no_such_module_q', None, \"No module named 'no_such_module_q'\")"},
	{"e = NameError('m', name='q')\n(e.name, e.args, str(e), repr(e))", "('q', ('m',), 'm', \"NameError('m')\")"},
	{"e = AttributeError('m', name='q', obj=1)\n(e.name, e.obj)", "('q', 1)"},
	{"e = ImportError('m', name='q', path='p')\n(e.name, e.path, e.msg, repr(e))", "('q', 'p', 'm', \"ImportError('m')\")"},
	{"e = ImportError('a', 'b')\n(e.msg, e.name, e.path)", "(None, None, None)"},
	{"(NameError('x').name, AttributeError().obj, ModuleNotFoundError().name)", "(None, None, None)"},
	{"e = AttributeError('a')\ne.name = 'q'\ne.obj = 3\n(e.name, e.obj)", "('q', 3)"},
	{"NameError('m', foo=1)", "TypeError: 'foo' is an invalid keyword argument for NameError()"},
	{"AttributeError('m', path=1)", "TypeError: 'path' is an invalid keyword argument for AttributeError()"},
	{"ImportError('m', obj=1)", "TypeError: 'obj' is an invalid keyword argument for ImportError()"},
	{"KeyError('m', name=1)", "TypeError: KeyError() takes no keyword arguments"},
	{"class E(AttributeError):\n    pass\ne = E('m', name='n', obj=2)\n(e.name, e.obj)", "('n', 2)"},
}

func TestNamedExceptionAttributes(t *testing.T) {
	srcs := make([]string, len(namedExceptionCases))
	for i, tt := range namedExceptionCases {
		srcs[i] = tt.src
		got := outcome(NewSession(IO{}).Exec(context.Background(), "", tt.src))
		if got != tt.want {
			t.Errorf("%s\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
	for i, got := range cpythonCellOutcomes(t, "", srcs) {
		if want := namedExceptionCases[i].want; got != want {
			t.Errorf("%s: CPython gives %s, the table says %s", namedExceptionCases[i].src, got, want)
		}
	}
}
