package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/kael-dev/kael/internal/book"
	"github.com/kael-dev/kael/internal/booksite"
)

// TestNotebooks executes every notebook of the book with nbconvert and the
// kael kernel: the solved source (notebooks/*.ipynb, as bookSite executed
// them for the book's site), the learner's copy
// (notebooks/learner/*.ipynb), and a copy in which every exercise runs the
// common wrong answer kept beside its solution (internal/book's Wrong), and
// reads the executed cells back. A cell may fail only when it is tagged
// raises-exception (an error the notebook shows on purpose). In the solved
// notebook every exercise check says "correct"; in the learner's every one
// says "not done yet"; with the wrong answers every one says what is wrong
// and points to hint(N). The last cell counts the exercises done.
func TestNotebooks(t *testing.T) {
	if testing.Short() {
		t.Skip("starts kernels through nbconvert")
	}
	py := python(t, "jupyter-nbconvert python3-nbclient", "nbconvert", "nbclient")
	solved, err := filepath.Glob("../../notebooks/*.ipynb")
	if err != nil || len(solved) == 0 {
		t.Fatalf("no notebooks found: %v", err)
	}
	learner, err := filepath.Glob("../../notebooks/learner/*.ipynb")
	if err != nil || len(learner) != len(solved) {
		t.Fatalf("%d learner notebooks for %d notebooks (run make book): %v", len(learner), len(solved), err)
	}
	wrongDir := t.TempDir()
	var wrong []string
	for _, src := range solved {
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		nb, err := book.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		w, err := nb.Wrong()
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		out, err := w.Encode()
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(wrongDir, filepath.Base(src))
		if err := os.WriteFile(path, out, 0o644); err != nil {
			t.Fatal(err)
		}
		wrong = append(wrong, path)
	}
	// The solved notebooks are those the book's site shows, executed once.
	executed, _ := bookSite(t)
	env := kernelEnv(t)
	for _, run := range []struct {
		kind      string
		notebooks []string
	}{
		{"solved", solved},
		{"learner", learner},
		{"wrong", wrong},
	} {
		for _, nb := range run.notebooks {
			t.Run(run.kind+"/"+filepath.Base(nb), func(t *testing.T) {
				dir := executed
				if run.kind != "solved" {
					// The executed cells are judged below, with the cell
					// and its output named.
					dir = t.TempDir()
					if err := booksite.Execute(context.Background(), py, "kael", env, nb, dir); err != nil {
						t.Fatal(err)
					}
				}
				data, err := os.ReadFile(filepath.Join(dir, filepath.Base(nb)))
				if err != nil {
					t.Fatal(err)
				}
				checkExecuted(t, data, run.kind)
			})
		}
	}
}

type executedCell struct {
	CellType string          `json:"cell_type"`
	Source   json.RawMessage `json:"source"`
	Metadata struct {
		Tags []string `json:"tags"`
	} `json:"metadata"`
	Outputs []struct {
		OutputType string          `json:"output_type"`
		Name       string          `json:"name"`
		Text       json.RawMessage `json:"text"`
		Ename      string          `json:"ename"`
		Evalue     string          `json:"evalue"`
	} `json:"outputs"`
}

// nbText reads nbformat's multiline strings: a string or a list of lines.
func nbText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var lines []string
	_ = json.Unmarshal(raw, &lines)
	return strings.Join(lines, "")
}

func hasCellTag(c executedCell, tag string) bool {
	for _, t := range c.Metadata.Tags {
		if t == tag {
			return true
		}
	}
	return false
}

var (
	checkLine    = regexp.MustCompile(`^Exercise (\d+): (.*)$`)
	progressLine = regexp.MustCompile(`^(\d+) of (\d+) exercises done`)
)

// checkExecuted fails on an error in a cell not tagged raises-exception,
// on an exercise (a cell with a solution, or tagged exercise) that prints
// no check or a check whose verdict does not fit the kind of run (solved,
// learner or wrong), and on a last cell that does not count the exercises
// as that run should.
func checkExecuted(t *testing.T, data []byte, kind string) {
	t.Helper()
	var nb struct {
		Cells []executedCell `json:"cells"`
	}
	if err := json.Unmarshal(data, &nb); err != nil {
		t.Fatal(err)
	}
	exercises := 0
	progress := ""
	for i, c := range nb.Cells {
		if c.CellType != "code" {
			continue
		}
		src := nbText(c.Source)
		var stdout strings.Builder
		for _, o := range c.Outputs {
			switch {
			case o.OutputType == "error" && !hasCellTag(c, "raises-exception"):
				t.Errorf("cell %d fails: %s: %s\n%s", i+1, o.Ename, o.Evalue, src)
			case o.OutputType == "stream" && o.Name == "stdout":
				stdout.WriteString(nbText(o.Text))
			}
		}
		if hasCellTag(c, book.ProgressTag) {
			progress = strings.TrimSpace(stdout.String())
		}
		if !strings.Contains(src, "# BEGIN SOLUTION") && !hasCellTag(c, book.ExerciseTag) {
			continue
		}
		exercises++
		checks := 0
		for _, line := range strings.Split(stdout.String(), "\n") {
			m := checkLine.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			checks++
			if msg := verdictProblem(kind, m[1], m[2]); msg != "" {
				t.Errorf("cell %d: exercise check printed %q: %s\n%s", i+1, line, msg, src)
			}
		}
		if checks == 0 {
			t.Errorf("cell %d: exercise printed no check (a line \"Exercise N: ...\"), got %q\n%s", i+1, stdout.String(), src)
		}
	}
	if exercises < 4 {
		t.Errorf("%d exercises, want at least 4", exercises)
	}
	m := progressLine.FindStringSubmatch(progress)
	switch {
	case m == nil:
		t.Errorf("the last cell printed %q, want \"N of M exercises done\"", progress)
	case m[2] != fmt.Sprint(exercises):
		t.Errorf("the last cell printed %q for %d exercises", progress, exercises)
	case kind == "solved" && m[1] != m[2], kind != "solved" && m[1] != "0":
		t.Errorf("the last cell printed %q after the %s exercises", progress, kind)
	}
}

// verdictProblem says what is wrong with a check's message for exercise n
// in a run of kind, or "" when it fits: "correct" when solved, "not done
// yet" in the learner's copy, and with a wrong answer a message of its own
// that points to hint(n).
func verdictProblem(kind, n, msg string) string {
	switch kind {
	case "solved":
		if msg != "correct" {
			return "want \"correct\""
		}
	case "learner":
		if msg != "not done yet" {
			return "want \"not done yet\""
		}
	default:
		if msg == "correct" || msg == "not done yet" {
			return "a wrong answer must be told what is wrong"
		}
		if !strings.Contains(msg, "hint("+n+")") && !strings.Contains(msg, "hint("+n+", 2)") {
			return "a message on a wrong answer must point to hint(" + n + ")"
		}
	}
	return ""
}
