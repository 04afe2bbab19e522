package lang

import (
	"context"
	"testing"
	"time"
)

// TestClassGuarantees checks that the language's guarantees hold for
// classes: special methods that recurse through Go code (a __repr__
// calling repr) stop with a RecursionError instead of exhausting the
// stack, and a failing statement changes nothing.
func TestClassGuarantees(t *testing.T) {
	tests := []struct{ setup, src, want, after, afterWant string }{
		{"class R:\n    def __repr__(self):\n        return repr(self)", "repr(R())", "RecursionError: maximum recursion depth exceeded (500 calls)", "", ""},
		{"class P:\n    @property\n    def x(self):\n        return self.x", "P().x", "RecursionError: maximum recursion depth exceeded (500 calls)", "", ""},
		{"class E:\n    def __eq__(self, o):\n        return [self] == [o]", "E() == E()", "RecursionError: maximum recursion depth exceeded (500 calls)", "", ""},
		{"class H:\n    def __hash__(self):\n        return hash(self)", "{H(): 1}", "RecursionError: maximum recursion depth exceeded (500 calls)", "", ""},
		{"class L:\n    def __len__(self):\n        return len(self)", "bool(L())", "RecursionError: maximum recursion depth exceeded (500 calls)", "", ""},
		{"class S:\n    def __str__(self):\n        return 1 / 0", "print(S())", "ZeroDivisionError: division by zero", "", ""},
		// A class whose body fails is not bound; the old class stays.
		{"class A:\n    v = 1", "class A:\n    v = 2\n    w = 1 / 0", "ZeroDivisionError: division by zero", "A.v", "1"},
		// A failing __init__ binds nothing.
		{"class B:\n    def __init__(self, x):\n        self.x = 1 / x\nb = 5", "b = B(0)", "ZeroDivisionError: division by zero", "b", "5"},
		// Several targets: an attribute set before a failing store is undone.
		{"class C:\n    pass\nc = C()\nc.a = 1\nl = []", "c.a = c.b = l[3] = 7", "IndexError: list assignment index out of range", "c.a, hasattr(c, 'b')", "(1, False)"},
		{"class D:\n    def __setitem__(self, k, v):\n        self.k = 1 / v\nd = D()", "d[0] = 0", "ZeroDivisionError: division by zero", "hasattr(d, 'k')", "False"},
	}
	for _, tt := range tests {
		s := NewSession(IO{})
		if r := s.Exec(context.Background(), "", tt.setup); r.Err != nil {
			t.Fatalf("%s: %v", tt.setup, r.Err)
		}
		if got := outcome(s.Exec(context.Background(), "", tt.src)); got != tt.want {
			t.Errorf("%s\n got %s\nwant %s", tt.src, got, tt.want)
		}
		if tt.after != "" {
			if got := outcome(s.Exec(context.Background(), "", tt.after)); got != tt.afterWant {
				t.Errorf("after %s: %s is %s, want %s", tt.src, tt.after, got, tt.afterWant)
			}
		}
	}
}

// TestClassInterrupt interrupts loops running in a method and in a
// __repr__ that print calls.
func TestClassInterrupt(t *testing.T) {
	for _, src := range []string{"Spin().run()", "print(Spin())", "[x for x in Spin()]"} {
		s := NewSession(IO{})
		setup := "class Spin:\n    def run(self):\n        while True:\n            pass\n" +
			"    def __repr__(self):\n        self.run()\n        return ''\n" +
			"    def __getitem__(self, i):\n        return i\n"
		if r := s.Exec(context.Background(), "", setup); r.Err != nil {
			t.Fatal(r.Err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan Result, 1)
		go func() { done <- s.Exec(ctx, "", src) }()
		time.Sleep(100 * time.Millisecond)
		cancel()
		select {
		case r := <-done:
			if r.Err == nil || r.Err.Kind != KeyboardInterrupt {
				t.Errorf("%s: got %v, want KeyboardInterrupt", src, r.Err)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s did not stop", src)
		}
	}
}
