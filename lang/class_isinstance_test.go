package lang

import (
	"context"
	"testing"
)

// TestInstanceChecksMatchCPython runs isinstance(x, C) for user classes
// at call sites that have seen it answered inline (callIsInstance: a
// class without a metaclass or hooks is asked only of x's MRO) with the
// values and classes that must keep CPython's answers: other kinds of
// value, subclasses, classes themselves, metaclasses with
// __instancecheck__, and a class that gains a base's instances later.
func TestInstanceChecksMatchCPython(t *testing.T) {
	prelude := "out = []\ndef p(*a):\n    out.append(' '.join([str(x) for x in a]))\n" +
		"class Value:\n    pass\nclass Sub(Value):\n    pass\nclass Other:\n    pass\n" +
		"def check(x, cls):\n    return isinstance(x, cls)\n" +
		"def warm(cls):\n    for _ in range(3):\n        check(cls(), cls)\n"
	srcs := []string{
		// Instances, other objects and classes against a plain class.
		"warm(Value)\np([check(x, Value) for x in (Value(), Sub(), Other(), 1, 2.5, 'v', None, (Value(),), [Value()], Value, Sub, type)])",
		// The subclass and an unrelated class at the same site.
		"warm(Value)\np([check(x, c) for x in (Value(), Sub(), Other(), 1.0) for c in (Value, Sub, Other, object)])",
		// Inside a method, as micrograd's __add__ and __mul__ do.
		"class V:\n    def __init__(self, d):\n        self.d = d\n    def __add__(self, o):\n        o = o if isinstance(o, V) else V(o)\n        return V(self.d + o.d)\nr = V(1)\nfor x in (2, V(3), 4.5, True):\n    r = r + x\np(r.d)",
		// A metaclass's __instancecheck__ decides, for any value.
		"class M(type):\n    def __instancecheck__(cls, x):\n        p('check', type(x).__name__)\n        return isinstance(x, float)\nclass F(metaclass=M):\n    pass\nfor x in (F(), 1.5, 2, Value()):\n    p(check(x, F))",
		// A metaclass's __subclasscheck__ is not asked by isinstance for an
		// instance of the class itself, but is for others.
		"class M(type):\n    def __subclasscheck__(cls, sub):\n        p('sub', sub.__name__)\n        return sub is int\nclass F(metaclass=M):\n    pass\nfor x in (F(), 1, 'a'):\n    p(check(x, F))",
		// A class object against a class whose metaclass it is an instance of.
		"class M(type):\n    pass\nclass K(metaclass=M):\n    pass\nwarm(Value)\np(check(K, M), check(Value, M), check(M, M), check(K(), K), check(1, M))",
		// Classes made after the site warmed, and a class rebound.
		"warm(Value)\nclass Value:\n    pass\np(check(Value(), Value), check(Sub(), Value))",
		// Tuples of classes go the general way.
		"warm(Value)\np(check(1.0, (Value, float)), check(Sub(), (Other, Value)), check(Other(), (Value,)))",
		// isinstance itself rebound after the site warmed.
		"warm(Value)\nimport builtins\nisinstance = lambda x, c: 'mine'\np(check(1, Value), check(Value(), Value))\ndel isinstance\np(check(1, Value))",
	}
	for i := range srcs {
		srcs[i] += "\nout"
	}
	checkMatchesCPython(t, prelude, srcs)
}

// TestInstanceCheckHooksSeenAfterWarm gives a class a library's
// InstanceCheck hook after isinstance sites answered for it inline: the
// hook must decide from then on, and no longer once it is taken away.
func TestInstanceCheckHooksSeenAfterWarm(t *testing.T) {
	s := NewSession(IO{})
	ctx := context.Background()
	src := "class C:\n    pass\ndef check(x):\n    return isinstance(x, C)\nfor _ in range(3):\n    check(C())\n"
	if r := s.Exec(ctx, "", src); r.Err != nil {
		t.Fatal(r.Err.Msg)
	}
	v, ok := s.Get("C")
	c, isClass := v.(*UserClass)
	if !ok || !isClass {
		t.Fatalf("C is %v", v)
	}
	cases := []struct {
		name  string
		hooks *ClassHooks
		want  string
	}{
		{"no hooks", nil, "[True, False, False]"},
		{"floats are Cs", &ClassHooks{InstanceCheck: func(_ *UserClass, v Value) (bool, bool, error) {
			_, isFloat := v.(float64)
			return isFloat, isFloat, nil
		}}, "[True, True, False]"},
		{"hooks taken away", nil, "[True, False, False]"},
	}
	for _, tc := range cases {
		c.SetClassHooks(tc.hooks)
		if r := outcome(s.Exec(ctx, "", "[check(C()), check(1.5), check(1)]")); r != tc.want {
			t.Errorf("%s: got %s, want %s", tc.name, r, tc.want)
		}
	}
}
