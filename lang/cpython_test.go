package lang

import (
	"context"
	"fmt"
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
)

// The Python side of the tables (what CPython or PyTorch gives for each
// case) is lang/internal/cpython's; these names adapt it to the tables of
// package lang's tests, []struct{ src, want string }. The kael side
// (checkCellCases, checkMatches, syntaxErrorOutcome, outcome in
// eval_test.go) is a thin copy of lang/internal/langtest's, which these
// internal tests cannot import: langtest imports lang.

// cpythonOutcomes is cpython.Outcomes.
func cpythonOutcomes(t *testing.T, prelude string, srcs []string) []string {
	t.Helper()
	return cpython.Outcomes(t, prelude, srcs)
}

// cpythonCellOutcomes is cpython.CellOutcomes.
func cpythonCellOutcomes(t *testing.T, prelude string, srcs []string) []string {
	t.Helper()
	return cpython.CellOutcomes(t, prelude, srcs)
}

// torchCellOutcomes is cpython.TorchCellOutcomes.
func torchCellOutcomes(t *testing.T, prelude string, srcs []string) []string {
	t.Helper()
	return cpython.TorchCellOutcomes(t, prelude, srcs)
}

// checkMatchesCPython runs each source, after prelude, in a fresh kael
// session and in CPython (cpythonCellOutcomes), and reports where their
// outcomes differ.
func checkMatchesCPython(t *testing.T, prelude string, srcs []string) {
	t.Helper()
	checkMatches(t, "CPython", prelude, srcs, cpythonCellOutcomes(t, prelude, srcs))
}

// checkMatchesTorch is checkMatchesCPython against Debian's Python with
// PyTorch (torchCellOutcomes).
func checkMatchesTorch(t *testing.T, prelude string, srcs []string) {
	t.Helper()
	checkMatches(t, "PyTorch", prelude, srcs, torchCellOutcomes(t, prelude, srcs))
}

// checkMatches compares kael's outcome of each source with want, the
// reference's (langtest.CheckMatches).
func checkMatches(t *testing.T, reference, prelude string, srcs, want []string) {
	t.Helper()
	for i, src := range srcs {
		got := outcome(NewSession(IO{}).Exec(context.Background(), "", prelude+src))
		if got != want[i] {
			t.Errorf("%s\n kael    %s\n %-7s %s", src, got, reference, want[i])
		}
	}
}

// tableCases are the cases of a table of package lang's tests as
// cpython.Cases.
func tableCases(cases []struct{ src, want string }) []cpython.Case {
	cs := make([]cpython.Case, len(cases))
	for i, c := range cases {
		cs[i] = cpython.Case{Src: c.src, Want: c.want}
	}
	return cs
}

// checkCasesAgainstCPython is cpython.CheckCases.
func checkCasesAgainstCPython(t *testing.T, prelude string, cases []struct{ src, want string }) {
	t.Helper()
	cpython.CheckCases(t, prelude, tableCases(cases))
}

// checkCellCasesAgainstCPython is cpython.CheckCellCases.
func checkCellCasesAgainstCPython(t *testing.T, prelude string, cases []struct{ src, want string }) {
	t.Helper()
	cpython.CheckCellCases(t, prelude, tableCases(cases))
}

// checkCellCasesAgainstTorch is cpython.CheckCellCasesTorch.
func checkCellCasesAgainstTorch(t *testing.T, prelude string, cases []struct{ src, want string }) {
	t.Helper()
	cpython.CheckCellCasesTorch(t, prelude, tableCases(cases))
}

// caseSources are the cases' sources.
func caseSources(cases []struct{ src, want string }) []string {
	return cpython.Sources(tableCases(cases))
}

// checkCasesAgainst is cpython.CheckAgainst.
func checkCasesAgainst(t *testing.T, reference string, cases []struct{ src, want string }, outcomes []string) {
	t.Helper()
	cpython.CheckAgainst(t, reference, tableCases(cases), outcomes)
}

// checkCellCases runs each case's src as a cell in a fresh session after
// prelude and fails where kael's outcome is not the case's want
// (langtest.CheckCellCases).
func checkCellCases(t *testing.T, prelude string, cases []struct{ src, want string }) {
	t.Helper()
	for _, tt := range cases {
		s := NewSession(IO{})
		if r := s.Exec(context.Background(), "", prelude); r.Err != nil {
			t.Fatal(r.Err.Render())
		}
		if got := outcome(s.Exec(context.Background(), "", tt.src)); got != tt.want {
			t.Errorf("%s\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

// cpythonSyntaxErrors is cpython.SyntaxErrors.
func cpythonSyntaxErrors(t *testing.T, srcs []string) []string {
	t.Helper()
	return cpython.SyntaxErrors(t, srcs)
}

// syntaxErrorOutcome runs src in a fresh session and returns
// "line:col-endcol: msg" for the SyntaxError it reports (endcol 0 when the
// span ends on another line), "ok" when it runs, or the other error
// (langtest.SyntaxErrorOutcome).
func syntaxErrorOutcome(src string) string {
	r := NewSession(IO{}).Exec(context.Background(), "", src)
	switch {
	case r.Err == nil:
		return "ok"
	case r.Err.Kind != SyntaxError:
		return outcome(r)
	}
	s := r.Err.Span
	end := s.End.Col
	if s.End.Line != s.Start.Line {
		end = 0
	}
	return fmt.Sprintf("%d:%d-%d: %s", s.Start.Line, s.Start.Col, end, r.Err.Msg)
}
