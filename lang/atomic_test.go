package lang

import (
	"context"
	"testing"
)

func TestFailingAssignmentsChangeNothing(t *testing.T) {
	s := NewSession(IO{})
	ctx := context.Background()
	s.Exec(ctx, "", "x = 1\nl = [1, 2]\nd = {'k': 1}\nclass O:\n    pass\no = O()\no.a = 1")
	for _, src := range []string{
		"x, l[9] = 5, 6",
		"l[0], d['k'], l[9] = 7, 8, 9",
		"x = l[0] = l[9] = 3",
		"del x, nope",
		"del l[0], l[9]",
		"del d['k'], d['zz']",
		"del o.a, o.zz",
		"for x, l[9] in [(1, 2)]: pass",
		"l[9] += 1",
	} {
		if r := s.Exec(ctx, "", src); r.Err == nil {
			t.Fatalf("%q did not fail", src)
		}
	}
	if got := outcome(s.Exec(ctx, "", "x, l, d, o.a")); got != "(1, [1, 2], {'k': 1}, 1)" {
		t.Errorf("state after failures: %s", got)
	}
	// Names bound earlier in a target list are visible to later targets.
	s.Exec(ctx, "", "i, l[i] = 1, 5")
	if got := outcome(s.Exec(ctx, "", "i, l")); got != "(1, [1, 5])" {
		t.Errorf("i, l[i] = 1, 5 gives %s", got)
	}
	// x[f()] += 1 evaluates f() once.
	s.Exec(ctx, "", "n = [0]\ndef f():\n    n[0] += 1\n    return 0\nl[f()] += 10")
	if got := outcome(s.Exec(ctx, "", "n, l")); got != "([1], [11, 5])" {
		t.Errorf("augmented assignment: %s", got)
	}
}

func TestDeepTuplesAreBounded(t *testing.T) {
	s := NewSession(IO{})
	ctx := context.Background()
	if r := s.Exec(ctx, "", "t = ()\nfor i in range(100000):\n    t = (t,)\nl = [t]\nl.append(l)"); r.Err != nil {
		t.Fatal(r.Err)
	}
	if r := s.Exec(ctx, "", "s = repr(l)"); r.Err != nil {
		t.Fatal(r.Err)
	}
	if r := s.Exec(ctx, "", "{t: 1}"); r.Err == nil {
		t.Error("a tuple nested 100000 deep hashed")
	}
}

func TestToolsOnOddInputDoNotPanic(t *testing.T) {
	s := NewSession(IO{})
	s.Exec(context.Background(), "", "x = [1]\nd = {}")
	for _, code := range []string{"", "x.", "x..", "d.keys(", "é.ü", "((((", "x.append.", "None.", "1.", ")"} {
		for _, cur := range []int{-5, 0, 1, 3, len(code), len(code) + 10} {
			s.Complete(code, cur)
			s.Inspect(code, cur, 1)
		}
		s.Explain(context.Background(), code)
	}
}

func TestDelResolvesListIndicesInTurn(t *testing.T) {
	tests := []struct{ src, want string }{
		{"l = [1, 2, 3, 4]\ndel l[-1], l[-1]\nl", "[1, 2]"},
		{"l = [1, 2, 3]\ndel l[0], l[1]\nl", "[2]"},
		{"l = [1, 2]\ndel l[0], l[1]", "IndexError: list assignment index out of range"},
		{"d = {'a': 1}\ndel d['a'], d['a']", "KeyError: 'a'"},
	}
	for _, tt := range tests {
		if got := run(t, tt.src); got != tt.want {
			t.Errorf("%q: got %s, want %s", tt.src, got, tt.want)
		}
	}
}
