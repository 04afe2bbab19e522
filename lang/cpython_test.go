package lang

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// cpythonOutcomes evaluates each source in python3 (CPython on PATH), in a
// fresh namespace after prelude, and returns the repr of each value, or
// "<none>" for a statement, or "Kind: message" for an exception, as run and
// outcome show kael's. It skips the test when python3 is absent.
func cpythonOutcomes(t *testing.T, prelude string, srcs []string) []string {
	t.Helper()
	return cpythonRun(t, prelude, srcs, false)
}

// cpythonCellOutcomes is cpythonOutcomes for sources that are cells, as
// kael's Exec runs them: statements whose last one, when an expression,
// gives the value.
func cpythonCellOutcomes(t *testing.T, prelude string, srcs []string) []string {
	t.Helper()
	return cpythonRun(t, prelude, srcs, true)
}

// torchCellOutcomes is cpythonCellOutcomes in Debian's python3 with
// PyTorch; it skips when PyTorch is not installed, unless
// KAEL_REQUIRE_TORCH is set.
func torchCellOutcomes(t *testing.T, prelude string, srcs []string) []string {
	t.Helper()
	if err := exec.Command(debianPython, "-c", "import torch").Run(); err != nil {
		if os.Getenv("KAEL_REQUIRE_TORCH") != "" {
			t.Fatalf("KAEL_REQUIRE_TORCH is set but %s cannot import torch: %v", debianPython, err)
		}
		t.Skipf("%s with torch is not available: %v", debianPython, err)
	}
	return pythonRun(t, debianPython, prelude, srcs, true)
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
// reference's.
func checkMatches(t *testing.T, reference, prelude string, srcs, want []string) {
	t.Helper()
	for i, src := range srcs {
		got := outcome(NewSession(IO{}).Exec(context.Background(), "", prelude+src))
		if got != want[i] {
			t.Errorf("%s\n kael    %s\n %-7s %s", src, got, reference, want[i])
		}
	}
}

func cpythonRun(t *testing.T, prelude string, srcs []string, cells bool) []string {
	t.Helper()
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed")
	}
	return pythonRun(t, python, prelude, srcs, cells)
}

// pythonRun runs the harness in the python binary.
func pythonRun(t *testing.T, python, prelude string, srcs []string, cells bool) []string {
	t.Helper()
	const harness = `
import sys, json
req = json.load(sys.stdin)
import ast
def outcome(src, g):
    try:
        try:
            code = compile(src, '<case>', 'eval')
        except SyntaxError:
            if not req.get("cells"):
                exec(src, g)
                return '<none>'
            tree = ast.parse(src)
            last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
            exec(compile(tree, '<case>', 'exec'), g)
            if last is None:
                return '<none>'
            code = compile(ast.Expression(last.value), '<case>', 'eval')
        return repr(eval(code, g))
    except Exception as e:
        return type(e).__name__ + ": " + str(e)
out = []
for src in req["srcs"]:
    g = {}
    exec(req["prelude"], g)
    out.append(outcome(src, g))
json.dump(out, sys.stdout)
`
	return runHarness(t, python, harness, map[string]any{"prelude": prelude, "srcs": srcs, "cells": cells}, len(srcs))
}

// runHarness runs the Python program harness in python with req, as
// JSON, on its stdin and returns the n strings it answers in JSON.
func runHarness(t *testing.T, python, harness string, req any, n int) []string {
	t.Helper()
	in, _ := json.Marshal(req)
	cmd := exec.Command(python, "-c", harness)
	cmd.Stdin = strings.NewReader(string(in))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v", python, err)
	}
	var got []string
	if err := json.Unmarshal(out, &got); err != nil || len(got) != n {
		t.Fatalf("%s answered %d results (%v), want %d", python, len(got), err, n)
	}
	return got
}

// checkCasesAgainstCPython runs each case's src in CPython after prelude
// and fails where CPython's outcome is not the case's want: the tables of
// Python behaviour hold CPython's answers, not ones typed from memory.
func checkCasesAgainstCPython(t *testing.T, prelude string, cases []struct{ src, want string }) {
	t.Helper()
	checkAgainstCPython(t, prelude, cases, false)
}

// checkCellCasesAgainstCPython is checkCasesAgainstCPython for cases that
// are cells: statements whose last one, an expression, gives the value.
func checkCellCasesAgainstCPython(t *testing.T, prelude string, cases []struct{ src, want string }) {
	t.Helper()
	checkAgainstCPython(t, prelude, cases, true)
}

func checkAgainstCPython(t *testing.T, prelude string, cases []struct{ src, want string }, cells bool) {
	t.Helper()
	checkCasesAgainst(t, "CPython", cases, cpythonRun(t, prelude, caseSources(cases), cells))
}

// checkCellCasesAgainstTorch is checkCellCasesAgainstCPython in Debian's
// Python with PyTorch (torchCellOutcomes).
func checkCellCasesAgainstTorch(t *testing.T, prelude string, cases []struct{ src, want string }) {
	t.Helper()
	checkCasesAgainst(t, "PyTorch", cases, torchCellOutcomes(t, prelude, caseSources(cases)))
}

// caseSources are the cases' sources.
func caseSources(cases []struct{ src, want string }) []string {
	srcs := make([]string, len(cases))
	for i, c := range cases {
		srcs[i] = c.src
	}
	return srcs
}

// checkCasesAgainst fails where the reference's outcome of a case, in
// outcomes, is not the case's want.
func checkCasesAgainst(t *testing.T, reference string, cases []struct{ src, want string }, outcomes []string) {
	t.Helper()
	for i, got := range outcomes {
		if want := cases[i].want; got != want {
			t.Errorf("%s: %s gives %s, the table says %s", cases[i].src, reference, got, want)
		}
	}
}

// checkCellCases runs each case's src as a cell in a fresh session after
// prelude and fails where kael's outcome is not the case's want.
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

// cpythonSyntaxErrors compiles each source in CPython and returns, for
// each, the SyntaxError it raises as syntaxErrorOutcome writes kael's, or
// "ok" when it compiles.
func cpythonSyntaxErrors(t *testing.T, srcs []string) []string {
	t.Helper()
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed")
	}
	const harness = `
import sys, json
out = []
for src in json.load(sys.stdin):
    try:
        compile(src, '<case>', 'exec')
        out.append('ok')
    except SyntaxError as e:
        end = e.end_offset if e.end_lineno == e.lineno else 0
        out.append('%d:%d-%d: %s' % (e.lineno, e.offset, end, e.msg))
json.dump(out, sys.stdout)
`
	return runHarness(t, python, harness, srcs, len(srcs))
}

// syntaxErrorOutcome runs src in a fresh session and returns
// "line:col-endcol: msg" for the SyntaxError it reports (endcol 0 when the
// span ends on another line), "ok" when it runs, or the other error.
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
