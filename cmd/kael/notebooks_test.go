package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNotebooks executes every notebook of the book with nbconvert and the
// kael kernel, both the solved source (notebooks/*.ipynb) and the learner's
// copy (notebooks/learner/*.ipynb), and reads the executed cells back.
// A cell may fail only when it is tagged raises-exception (an error the
// notebook shows on purpose). In the solved notebook every exercise check
// says "correct"; in the learner's every one says "not done yet".
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
	prefix := t.TempDir()
	if _, errOut, code := runCmd(t, "", "kernel", "install", "--prefix", prefix); code != 0 {
		t.Fatal(errOut)
	}
	// The kernelspec points at this test binary; mainEnv makes it act as kael.
	env := []string{"JUPYTER_PATH=" + filepath.Join(prefix, "share", "jupyter"), "JUPYTER_DATA_DIR=" + t.TempDir()}
	for _, run := range []struct {
		kind      string
		notebooks []string
		verdict   string
	}{
		{"solved", solved, "correct"},
		{"learner", learner, "not done yet"},
	} {
		for _, nb := range run.notebooks {
			t.Run(run.kind+"/"+filepath.Base(nb), func(t *testing.T) {
				dir := t.TempDir()
				// --allow-errors: the executed cells are judged below, with
				// the cell and its output named.
				runPython(t, py, env, "-m", "nbconvert", "--to", "notebook", "--execute", "--allow-errors",
					"--ExecutePreprocessor.kernel_name=kael", "--ExecutePreprocessor.timeout=120",
					"--output-dir", dir, nb)
				data, err := os.ReadFile(filepath.Join(dir, filepath.Base(nb)))
				if err != nil {
					t.Fatal(err)
				}
				checkExecuted(t, data, run.verdict)
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

// checkExecuted fails on an error in a cell not tagged raises-exception, and
// on an exercise (a cell with a solution, or tagged exercise) that prints no
// check or a check that does not end in verdict.
func checkExecuted(t *testing.T, data []byte, verdict string) {
	t.Helper()
	var nb struct {
		Cells []executedCell `json:"cells"`
	}
	if err := json.Unmarshal(data, &nb); err != nil {
		t.Fatal(err)
	}
	exercises := 0
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
		if !strings.Contains(src, "# BEGIN SOLUTION") && !hasCellTag(c, "exercise") {
			continue
		}
		exercises++
		// Checks print "Exercise N: ..."; promotion notes may come in between.
		checks := 0
		for _, line := range strings.Split(stdout.String(), "\n") {
			if !strings.HasPrefix(line, "Exercise ") {
				continue
			}
			checks++
			if !strings.HasSuffix(line, ": "+verdict) {
				t.Errorf("cell %d: exercise check printed %q, want it to end in %q\n%s", i+1, line, ": "+verdict, src)
			}
		}
		if checks == 0 {
			t.Errorf("cell %d: exercise printed no check (want \"Exercise N: %s\"), got %q\n%s", i+1, verdict, stdout.String(), src)
		}
	}
	if exercises < 4 {
		t.Errorf("%d exercises, want at least 4", exercises)
	}
}
