package numpy_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
	"github.com/kael-dev/kael/lang"
)

// A tutorialExample is one ">>>" example of a NumPy tutorial as
// testdata/tutorials holds it: where it stands in the document, its
// source, and why it is skipped or is known to differ, if it is.
type tutorialExample struct {
	where   string // "quickstart.rst:95"
	src     string
	skip    string // not run on either side: it needs something outside kael
	differs string // run, but kael's output is known not to be NumPy's yet
	edited  string // run, its source changed from the document's (seeded)
}

// readTutorial reads a file of testdata/tutorials: a header line
// "#### doc.rst:line", optionally followed by "skip: why", "differs: why"
// or "edited: why", opens each example, whose source is the lines up to the
// next header; lines before the first header are comments.
func readTutorial(t *testing.T, path string) []tutorialExample {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var exs []tutorialExample
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := sc.Text()
		if hdr, ok := strings.CutPrefix(line, "#### "); ok {
			ex := tutorialExample{where: hdr}
			if where, note, ok := strings.Cut(hdr, " "); ok {
				ex.where = where
				note = strings.TrimSpace(note)
				switch {
				case strings.HasPrefix(note, "skip: "):
					ex.skip = strings.TrimPrefix(note, "skip: ")
				case strings.HasPrefix(note, "differs: "):
					ex.differs = strings.TrimPrefix(note, "differs: ")
				case strings.HasPrefix(note, "edited: "):
					ex.edited = strings.TrimPrefix(note, "edited: ")
				default:
					t.Fatalf("%s: header %q: want skip:, differs: or edited:", path, line)
				}
			}
			exs = append(exs, ex)
			continue
		}
		if len(exs) == 0 {
			continue
		}
		exs[len(exs)-1].src += line + "\n"
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return exs
}

// tutorialNamespace is what the examples find defined before the first:
// NumPy's doctest runner (tools/refguide_check.py) gives them np, and the
// beginners' document uses np before its first import.
const tutorialNamespace = "import numpy as np\n"

// tutorialHarness runs the examples it reads, as JSON, on its stdin in one
// namespace (made by tutorialNamespace), each as doctest runs one (compiled in 'single' mode, so an
// expression statement prints its repr), and answers, in JSON, what each
// printed, followed by "Kind: message" where it raised.
const tutorialHarness = `
import sys, io, json, contextlib
req = json.load(sys.stdin)
srcs, tutorialNamespace = req["srcs"], req["namespace"]
g = {"__name__": "__main__"}
exec(tutorialNamespace, g)
out = []
for src in srcs:
    buf = io.StringIO()
    err = ""
    with contextlib.redirect_stdout(buf):
        try:
            exec(compile(src, "<doctest>", "single"), g)
        except Exception as e:
            err = type(e).__name__ + ": " + str(e)
    out.append(buf.getvalue() + err)
json.dump(out, sys.stdout)
`

// numpyTutorialOutcomes runs srcs, in order, in one namespace of Debian's
// python3 with NumPy 1.24, in the directory dir, and returns what each
// printed.
func numpyTutorialOutcomes(t *testing.T, dir string, srcs []string) []string {
	t.Helper()
	python := reftest.CPython(t)
	in, _ := json.Marshal(map[string]any{"srcs": srcs, "namespace": tutorialNamespace})
	cmd := exec.Command(python, "-c", tutorialHarness)
	cmd.Stdin = bytes.NewReader(in)
	cmd.Env = reftest.PinnedCPUEnv()
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v", python, err)
	}
	var got []string
	if err := json.Unmarshal(out, &got); err != nil || len(got) != len(srcs) {
		t.Fatalf("%s answered %d outcomes (%v), want %d", python, len(got), err, len(srcs))
	}
	return got
}

// kaelTutorialOutcome runs src in s, as a reader types it at kael's
// prompt, and returns what it printed followed by the repr of its value
// or "Kind: message" of its error.
func kaelTutorialOutcome(s *lang.Session, src string) string {
	var out bytes.Buffer
	s.SetIO(lang.IO{Stdout: &out})
	r := s.Exec(context.Background(), "", src)
	switch {
	case r.Err != nil:
		out.WriteString(string(r.Err.Kind) + ": " + r.Err.Msg)
	case r.Value != nil:
		out.WriteString(lang.Repr(r.Value) + "\n")
	}
	return out.String()
}

// TestNumPyTutorialsMatchNumPy walks NumPy 1.24's own beginner documents,
// the quickstart and "NumPy: the absolute basics for beginners": every
// ">>>" example, in order and in one session as a reader types them, runs
// in kael and in NumPy, and what each prints must be the same (floats
// within reftest.Printed: the last digit NumPy prints of a product or a
// solve follows its BLAS). The examples marked "differs" are kael's known
// gaps (docs/numpy.md, "NumPy's tutorials in kael"); one of them that
// comes to match is logged, to be unmarked. Each side runs in a new
// directory of its own, where the documents write their files.
func TestNumPyTutorialsMatchNumPy(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "tutorials", "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no tutorials in testdata/tutorials (%v)", err)
	}
	for _, path := range files {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txt"), func(t *testing.T) {
			var run []tutorialExample
			for _, ex := range readTutorial(t, path) {
				if ex.skip == "" {
					run = append(run, ex)
				}
			}
			srcs := make([]string, len(run))
			for i, ex := range run {
				srcs[i] = ex.src
			}
			want := numpyTutorialOutcomes(t, t.TempDir(), srcs)
			t.Chdir(t.TempDir())
			s := lang.NewSession(lang.IO{})
			if r := s.Exec(context.Background(), "", tutorialNamespace); r.Err != nil {
				t.Fatal(r.Err.Render())
			}
			passed := 0
			for i, ex := range run {
				// The documents raise on purpose, but never these: the
				// reference lacks a module, or the session lost a name.
				if strings.HasPrefix(want[i], "ModuleNotFoundError") || strings.HasPrefix(want[i], "NameError") {
					t.Fatalf("%s: NumPy's side cannot run the example (skip it, or mend the session): %s", ex.where, want[i])
				}
				got := kaelTutorialOutcome(s, ex.src)
				err := reftest.CompareText(strings.TrimRight(got, "\n"), strings.TrimRight(want[i], "\n"), reftest.Printed)
				switch {
				case err == nil && ex.differs != "":
					t.Logf("%s now matches NumPy; unmark it (differs: %s)", ex.where, ex.differs)
					passed++
				case err == nil:
					passed++
				case ex.differs == "":
					t.Errorf("%s\n%s kael:\n%s\nNumPy:\n%s\n%v", ex.where, ex.src, got, want[i], err)
				}
			}
			t.Logf("%d of %d examples run match NumPy", passed, len(run))
			if os.Getenv("KAEL_TUTORIAL_REPORT") != "" {
				fmt.Fprintf(os.Stderr, "%s: %d of %d run match\n", path, passed, len(run))
			}
		})
	}
}
