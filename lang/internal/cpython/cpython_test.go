package cpython

import "testing"

func TestOutcomes(t *testing.T) {
	srcs := []string{"1 + 1", "x = 1", "x = 2\nx * 3", "1 / 0", "n"}
	CheckAgainst(t, "CPython", []Case{
		{"1 + 1", "2"}, {"x = 1", "<none>"}, {"x = 2\nx * 3", "<none>"}, {"1 / 0", "ZeroDivisionError: division by zero"}, {"n", "5"},
	}, Outcomes(t, "n = 5", srcs))
	CheckAgainst(t, "CPython", []Case{
		{"1 + 1", "2"}, {"x = 1", "<none>"}, {"x = 2\nx * 3", "6"}, {"1 / 0", "ZeroDivisionError: division by zero"}, {"n", "5"},
	}, CellOutcomes(t, "n = 5", srcs))
}

func TestSyntaxErrors(t *testing.T) {
	got := SyntaxErrors(t, []string{"(1 +\n 2", "x = (1,\n 2)"})
	if want := []string{"1:1-0: '(' was never closed", "ok"}; got[0] != want[0] || got[1] != want[1] {
		t.Errorf("SyntaxErrors = %q, want %q", got, want)
	}
}
