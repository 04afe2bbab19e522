package lang

import (
	"context"
	"testing"
)

// typeNewCases are type(name, bases, dict) and the classes it makes,
// each checked against CPython.
var typeNewCases = []struct{ src, want string }{
	{"C = type('C', (), {'a': 1})\n(C.__name__, C.a, C.__mro__ == (C, object), C.__bases__, type(C))", "('C', 1, True, (<class 'object'>,), <class 'type'>)"},
	{"class A:\n    def hi(self):\n        return 'A.hi'\ndef init(self, v):\n    self.v = v\nC = type('C', (A,), {'__init__': init, '__doc__': 'd'})\nc = C(3)\n(c.v, c.hi(), C.__doc__, isinstance(c, A), type(c) is C)", "(3, 'A.hi', 'd', True, True)"},
	{"class B:\n    def __init_subclass__(cls):\n        cls.tag = cls.__name__ * 2\ntype('X', (B,), {}).tag", "'XX'"},
	{"type('E', (), {}, 1)", "TypeError: type() takes 1 or 3 arguments"},
	{"type('E', ())", "TypeError: type() takes 1 or 3 arguments"},
	{"type(1, (), {})", "TypeError: type.__new__() argument 1 must be str, not int"},
	{"type('E', [], {})", "TypeError: type.__new__() argument 2 must be tuple, not list"},
	{"type('E', (), [])", "TypeError: type.__new__() argument 3 must be dict, not list"},
}

func TestTypeNew(t *testing.T) {
	srcs := make([]string, len(typeNewCases))
	for i, tt := range typeNewCases {
		srcs[i] = tt.src
		got := outcome(NewSession(IO{}).Exec(context.Background(), "", tt.src))
		if got != tt.want {
			t.Errorf("%s\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
	for i, got := range cpythonCellOutcomes(t, "", srcs) {
		if want := typeNewCases[i].want; got != want {
			t.Errorf("%s: CPython gives %s, the table says %s", typeNewCases[i].src, got, want)
		}
	}
}
