// Package langtest is the harness of the tests that run kael code: it
// runs sources in fresh sessions of package lang and writes each outcome
// as the tables of cases hold it, the repr of its value, "<none>" for a
// statement, or "Kind: message" for an error. It is built on lang's
// exported API only, so a library's tests (lang/lib/..., lang/torch) use
// it from the library's own package.
//
// The Python side of the same tables (what CPython or PyTorch gives for
// each case) is lang/internal/cpython's; a test that holds a table to both
// calls langtest.CheckCellCases and cpython.CheckCellCases.
//
// Package lang's own internal tests cannot import langtest (it imports
// lang); lang/cpython_test.go keeps their thin copy of the kael side.
package langtest

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/kael-dev/kael/internal/reftest"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/internal/cpython"
)

// Case is a source and the outcome it must have (cpython.Case).
type Case = cpython.Case

// Outcome is r as the tables write it: "Kind: message" of its error, else
// the repr of its value, or "<none>" when it has none.
func Outcome(r lang.Result) string {
	if r.Err != nil {
		return string(r.Err.Kind) + ": " + r.Err.Msg
	}
	if r.Value == nil {
		return "<none>"
	}
	return lang.Repr(r.Value)
}

// Run executes src in a fresh session and returns its Outcome.
func Run(src string) string {
	return Outcome(lang.NewSession(lang.IO{}).Exec(context.Background(), "", src))
}

// CheckCellCases runs each case's source as a cell in a fresh session
// after prelude and fails where kael's outcome is not the case's Want.
func CheckCellCases(t testing.TB, prelude string, cases []Case) {
	t.Helper()
	for _, tt := range cases {
		s := lang.NewSession(lang.IO{})
		if r := s.Exec(context.Background(), "", prelude); r.Err != nil {
			t.Fatal(r.Err.Render())
		}
		if got := Outcome(s.Exec(context.Background(), "", tt.Src)); got != tt.Want {
			t.Errorf("%s\n got %s\nwant %s", tt.Src, got, tt.Want)
		}
	}
}

// CheckMatchesCPython runs each source, after prelude, in a fresh kael
// session and in CPython (cpython.CellOutcomes), and reports where their
// outcomes differ.
func CheckMatchesCPython(t testing.TB, prelude string, srcs []string) {
	t.Helper()
	CheckMatches(t, "CPython", prelude, srcs, cpython.CellOutcomes(t, prelude, srcs))
}

// CheckMatchesTorch is CheckMatchesCPython against Debian's Python with
// PyTorch (cpython.TorchCellOutcomes), its floats compared within
// reftest.Printed: PyTorch's last bits, and kael's where a reduction's
// order follows the threads it gets, change with the machine, and a value
// printed to a few digits on a rounding boundary prints either way.
func CheckMatchesTorch(t testing.TB, prelude string, srcs []string) {
	t.Helper()
	want := cpython.TorchCellOutcomes(t, prelude, srcs)
	for i, src := range srcs {
		got := Outcome(lang.NewSession(lang.IO{}).Exec(context.Background(), "", prelude+src))
		if err := reftest.CompareText(got, want[i], reftest.Printed); err != nil {
			t.Errorf("%s\n kael    %s\n PyTorch %s\n%v", src, got, want[i], err)
		}
	}
}

// CheckMatches compares kael's outcome of each source, run after prelude
// in a fresh session, with want, the reference's.
func CheckMatches(t testing.TB, reference, prelude string, srcs, want []string) {
	t.Helper()
	for i, src := range srcs {
		got := Outcome(lang.NewSession(lang.IO{}).Exec(context.Background(), "", prelude+src))
		if got != want[i] {
			t.Errorf("%s\n kael    %s\n %-7s %s", src, got, reference, want[i])
		}
	}
}

// RunCells runs each cell in a fresh session and checks its CellOutcome
// with Matches: a Want starting with "~" need only be contained in it.
func RunCells(t testing.TB, cells []Case) {
	t.Helper()
	for _, c := range cells {
		if got := CellOutcome(lang.NewSession(lang.IO{}), c.Src); !Matches(got, c.Want) {
			t.Errorf("%s\n got %s\nwant %s", c.Src, got, c.Want)
		}
	}
}

// CellOutcome runs src in s and returns what it printed followed by the
// repr of its value or "Kind: message" of its error.
func CellOutcome(s *lang.Session, src string) string {
	var out bytes.Buffer
	s.SetIO(lang.IO{Stdout: &out})
	r := s.Exec(context.Background(), "", src)
	switch {
	case r.Err != nil:
		out.WriteString(string(r.Err.Kind) + ": " + r.Err.Msg)
	case r.Value != nil:
		out.WriteString(lang.Repr(r.Value))
	}
	return out.String()
}

// Matches reports whether got is want or, for a want starting with "~",
// contains the rest of it.
func Matches(got, want string) bool {
	if sub, ok := strings.CutPrefix(want, "~"); ok {
		return strings.Contains(got, sub)
	}
	return got == want
}

// SyntaxErrorOutcome runs src in a fresh session and returns
// "line:col-endcol: msg" for the SyntaxError it reports (endcol 0 when the
// span ends on another line), as cpython.SyntaxErrors writes CPython's,
// "ok" when it runs, or the Outcome of another error.
func SyntaxErrorOutcome(src string) string {
	r := lang.NewSession(lang.IO{}).Exec(context.Background(), "", src)
	switch {
	case r.Err == nil:
		return "ok"
	case r.Err.Kind != lang.SyntaxError:
		return Outcome(r)
	}
	s := r.Err.Span
	end := s.End.Col
	if s.End.Line != s.Start.Line {
		end = 0
	}
	return fmt.Sprintf("%d:%d-%d: %s", s.Start.Line, s.Start.Col, end, r.Err.Msg)
}

// CheckStopsOnInterrupt runs src in s, interrupted 50 ms in, and checks
// that it ends in KeyboardInterrupt long before it could finish (the bound
// is generous; speed itself is for benchmarks).
func CheckStopsOnInterrupt(t testing.TB, s *lang.Session, src string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	time.AfterFunc(50*time.Millisecond, cancel)
	start := time.Now()
	got := Outcome(s.Exec(ctx, "", src))
	took := time.Since(start)
	if got != "KeyboardInterrupt: interrupted" {
		t.Errorf("%s: got %.80s, want KeyboardInterrupt", src, got)
	}
	if took > 10*time.Second {
		t.Errorf("%s: stopped %v after the interrupt", src, took)
	}
}

// FilePrelude is the prelude of cases that use the file system: imports
// (Python text, "import os, glob"), then a new empty directory of the
// case's own under root, made the working directory. It imports os.
func FilePrelude(root, imports string) string {
	return fmt.Sprintf("import os\n%s\n_d = os.path.join(%q, str(len(os.listdir(%q))))\nos.mkdir(_d)\nos.chdir(_d)\n", imports, root, root)
}

// InTempDirs runs check with a new temporary directory as the root of
// FilePrelude's directories, and restores the working directory after.
func InTempDirs(t testing.TB, check func(root string)) {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.Chdir(wd) })
	check(t.TempDir())
}
