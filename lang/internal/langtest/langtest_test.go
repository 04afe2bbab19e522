package langtest

import (
	"testing"

	"github.com/kael-dev/kael/lang"

	// The engine's predefined names are math, torch, F and optim: a
	// session cannot look up a name without their modules.
	_ "github.com/kael-dev/kael/lang/lib/math"
	_ "github.com/kael-dev/kael/lang/torch"
)

func TestOutcome(t *testing.T) {
	for _, c := range []Case{
		{"1 + 1", "2"},
		{"x = 3", "<none>"},
		{"x = 'a'\nx * 2", "'aa'"},
		{"1 / 0", "ZeroDivisionError: division by zero"},
	} {
		if got := Run(c.Src); got != c.Want {
			t.Errorf("Run(%q) = %s, want %s", c.Src, got, c.Want)
		}
	}
}

func TestCheckCellCases(t *testing.T) {
	CheckCellCases(t, "x = 2\n", []Case{{"x * 3", "6"}, {"del x\nx", "NameError: name 'x' is not defined"}})
	RunCells(t, []Case{{"print(1)\n2", "1\n2"}, {"[1] * 3", "~1, 1"}})
}

func TestMatches(t *testing.T) {
	for _, c := range []struct {
		got, want string
		ok        bool
	}{
		{"abc", "abc", true}, {"abc", "ab", false}, {"abc", "~b", true}, {"abc", "~d", false}, {"x", "~", true},
	} {
		if Matches(c.got, c.want) != c.ok {
			t.Errorf("Matches(%q, %q) = %v", c.got, c.want, !c.ok)
		}
	}
}

func TestSyntaxErrorOutcome(t *testing.T) {
	for src, want := range map[string]string{
		"(1 +\n 2":  "1:1-2: '(' was never closed",
		"(1 +\n 2)": "ok",
		"1 / 0":     "ZeroDivisionError: division by zero",
	} {
		if got := SyntaxErrorOutcome(src); got != want {
			t.Errorf("SyntaxErrorOutcome(%q) = %s, want %s", src, got, want)
		}
	}
}

func TestCheckStopsOnInterrupt(t *testing.T) {
	CheckStopsOnInterrupt(t, lang.NewSession(lang.IO{}), "while True:\n    pass")
}
