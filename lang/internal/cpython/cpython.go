// Package cpython runs Python sources in CPython (python3 on PATH) or in
// Debian's python3 with PyTorch, and gives the outcome of each as kael's
// tests write kael's: the repr of its value, "<none>" for a statement, or
// "Kind: message" for an exception. The tables of Python behaviour in
// kael's tests hold CPython's answers, not ones typed from memory; the
// Check functions hold each table to them.
//
// The package does not import lang, so that package lang's own tests can
// use it as well as the libraries' (through lang/internal/langtest, which
// runs the kael side of the same tables). A test is skipped when python3
// is absent, and when PyTorch is, unless KAEL_REQUIRE_TORCH is set.
package cpython

import (
	"encoding/json"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
)

// DebianPython is the interpreter with python3-torch (Debian's).
const DebianPython = "/usr/bin/python3"

// Case is a source and the outcome it must have, kael's and (unless the
// table says otherwise) CPython's. It is an alias of a struct type, not a
// type of its own, so that a table in another package writes its cases
// unkeyed, {"1 + 1", "2"}, without go vet's composites warning.
type Case = struct{ Src, Want string }

// Sources are the cases' sources.
func Sources(cases []Case) []string {
	srcs := make([]string, len(cases))
	for i, c := range cases {
		srcs[i] = c.Src
	}
	return srcs
}

// Outcomes evaluates each source in CPython, in a fresh namespace after
// prelude, and returns the outcome of each: a source that is not one
// expression runs as statements, "<none>".
func Outcomes(t testing.TB, prelude string, srcs []string) []string {
	t.Helper()
	return run(t, python3(t), prelude, srcs, false)
}

// CellOutcomes is Outcomes for sources that are cells, as kael's Exec
// runs them: statements whose last one, when an expression, gives the
// value.
func CellOutcomes(t testing.TB, prelude string, srcs []string) []string {
	t.Helper()
	return run(t, python3(t), prelude, srcs, true)
}

// TorchCellOutcomes is CellOutcomes in Debian's python3 with PyTorch; it
// skips when PyTorch is not installed, unless KAEL_REQUIRE_TORCH is set.
func TorchCellOutcomes(t testing.TB, prelude string, srcs []string) []string {
	t.Helper()
	if err := exec.Command(DebianPython, "-c", "import torch").Run(); err != nil {
		if os.Getenv("KAEL_REQUIRE_TORCH") != "" {
			t.Fatalf("KAEL_REQUIRE_TORCH is set but %s cannot import torch: %v", DebianPython, err)
		}
		t.Skipf("%s with torch is not available: %v", DebianPython, err)
	}
	return run(t, DebianPython, prelude, srcs, true)
}

// CheckCases runs each case's source in CPython after prelude (as
// Outcomes does) and fails where CPython's outcome is not the case's Want.
func CheckCases(t testing.TB, prelude string, cases []Case) {
	t.Helper()
	CheckAgainst(t, "CPython", cases, Outcomes(t, prelude, Sources(cases)))
}

// CheckCellCases is CheckCases for cases that are cells: statements whose
// last one, an expression, gives the value.
func CheckCellCases(t testing.TB, prelude string, cases []Case) {
	t.Helper()
	CheckAgainst(t, "CPython", cases, CellOutcomes(t, prelude, Sources(cases)))
}

// CheckCellCasesTorch is CheckCellCases in Debian's Python with PyTorch
// (TorchCellOutcomes).
func CheckCellCasesTorch(t testing.TB, prelude string, cases []Case) {
	t.Helper()
	CheckAgainst(t, "PyTorch", cases, TorchCellOutcomes(t, prelude, Sources(cases)))
}

// CheckAgainst fails where the reference's outcome of a case, in
// outcomes, is not the case's Want.
func CheckAgainst(t testing.TB, reference string, cases []Case, outcomes []string) {
	t.Helper()
	for i, got := range outcomes {
		if want := cases[i].Want; got != want {
			t.Errorf("%s: %s gives %s, the table says %s", cases[i].Src, reference, got, want)
		}
	}
}

// SyntaxErrors compiles each source in CPython and returns, for each,
// "line:col-endcol: msg" for the SyntaxError it raises (endcol 0 when the
// span ends on another line), or "ok" when it compiles.
func SyntaxErrors(t testing.TB, srcs []string) []string {
	t.Helper()
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
	return runHarness(t, python3(t), harness, srcs, len(srcs))
}

// python3 is CPython 3.11 (reftest.CPython: Debian's, or a 3.11 on
// PATH); it skips t when there is none.
func python3(t testing.TB) string {
	t.Helper()
	return reftest.CPython(t)
}

// run runs the outcome harness in the python binary.
func run(t testing.TB, python, prelude string, srcs []string, cells bool) []string {
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
            code = None
        # Outside the except clause: the case sees no exception handled.
        if code is None:
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
func runHarness(t testing.TB, python, harness string, req any, n int) []string {
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
