package magic

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kael-dev/kael/lang"
)

// ipythonPython returns a Python with IPython, skipping the test without
// one unless KAEL_REQUIRE_JUPYTER=1 (make test) requires it.
func ipythonPython(t *testing.T) string {
	for _, candidate := range []string{"/usr/bin/python3", "python3"} {
		if path, err := exec.LookPath(candidate); err == nil && exec.Command(path, "-c", "import IPython").Run() == nil {
			return path
		}
	}
	if os.Getenv("KAEL_REQUIRE_JUPYTER") == "1" {
		t.Fatal("no python3 with IPython (apt-get install python3-ipython)")
	}
	t.Skip("no python3 with IPython (apt-get install python3-ipython)")
	return ""
}

// TestAgainstIPython runs the same magics in IPython (testdata/
// ipython_magics.py) and here: %load's next input, text and replace flag,
// for files, -r ranges and indented lines; what %%timeit's setup and
// statements and %timeit do to the namespace (setup once per run, the
// statement once per loop, assignments gone afterwards); and %timeit's
// report and time format for the same timings and precisions.
func TestAgainstIPython(t *testing.T) {
	python := ipythonPython(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "f.kael")
	if err := os.WriteFile(file, []byte("a = 1\n    b = 2\n    c = 3\nd = 4\ne = 5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	loads := []string{file, "-r 2-3,5 " + file, "-r 2:4 " + file, "-r 3- " + file, "-r -2 " + file, "-r 2 " + file, "-y " + file}
	timings := [][]any{
		{1000, 3, []float64{1e-3, 1e-3, 9e-3}},
		{1, 3, []float64{2e-3, 4e-3}},
		{1000000, 3, []float64{0.5, 0.52, 0.49, 0.51, 0.5, 0.5, 0.5}},
		{10, 5, []float64{1.23456e-4, 1.3e-4}},
		{100, 1, []float64{70, 70}},
	}
	times := [][]any{{0, 3}, {1.5e-9, 3}, {2.34567e-7, 3}, {0.999, 3}, {1.23456e-5, 5}, {65, 3}, {3725.5, 2}, {0.0015, 1}}
	cases, _ := json.Marshal(map[string]any{"file": file, "loads": loads, "timings": timings, "times": times})
	casesFile := filepath.Join(dir, "cases.json")
	if err := os.WriteFile(casesFile, cases, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(python, "testdata/ipython_magics.py", casesFile)
	cmd.Env = append(os.Environ(), "IPYTHONDIR="+filepath.Join(dir, "ipython"))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	var want struct {
		Loads    [][2]any `json:"loads"`
		Log      string   `json:"log"`
		Assigned []string `json:"assigned"`
		Reports  []string `json:"reports"`
		Times    []string `json:"times"`
	}
	if err := json.Unmarshal(out, &want); err != nil {
		t.Fatalf("%v: %s", err, out)
	}

	sh := newShell()
	for i, args := range loads {
		got := mustRun(t, sh, "%load "+args)
		if got.NextInput != want.Loads[i][0] || got.ReplaceInput != want.Loads[i][1] {
			t.Errorf("%%load %s: next input %q (replace %v), IPython %q (replace %v)", args, got.NextInput, got.ReplaceInput, want.Loads[i][0], want.Loads[i][1])
		}
	}
	mustRun(t, sh, "log = []")
	mustRun(t, sh, "%%timeit -n 4 -r 3 -q log.append('s')\nlog.append('t')\ny = 1\n")
	mustRun(t, sh, "%timeit -n 2 -r 2 -q z = log.append('u')")
	if v, _ := sh.Session().Get("log"); lang.Repr(v) != want.Log {
		t.Errorf("log = %s, IPython %s", lang.Repr(v), want.Log)
	}
	var assigned []string
	for _, name := range []string{"y", "z"} {
		if _, ok := sh.Session().Get(name); ok {
			assigned = append(assigned, name)
		}
	}
	if strings.Join(assigned, ",") != strings.Join(want.Assigned, ",") {
		t.Errorf("the timed code left %v assigned, IPython %v", assigned, want.Assigned)
	}
	for i, tc := range timings {
		loops, precision, runs := tc[0].(int), tc[1].(int), tc[2].([]float64)
		perLoop := make([]float64, len(runs))
		for j, r := range runs {
			perLoop[j] = r / float64(loops)
		}
		report := strings.TrimSuffix(TimeitReport(perLoop, loops, precision), "\n")
		if last := report[strings.LastIndexByte(report, '\n')+1:]; last != want.Reports[i] {
			t.Errorf("timings %v: %q, IPython %q", tc, last, want.Reports[i])
		}
	}
	for i, tc := range times {
		seconds := float64(0)
		switch s := tc[0].(type) {
		case int:
			seconds = float64(s)
		case float64:
			seconds = s
		}
		if got := formatTime(seconds, tc[1].(int)); got != want.Times[i] {
			t.Errorf("formatTime(%v, %v) = %q, IPython %q", tc[0], tc[1], got, want.Times[i])
		}
	}
}

// transformCells are cells whose line magics and help requests IPython's
// input transformer rewrites, or leaves alone (in strings, in brackets,
// after a backslash, in comments, the % operator).
var transformCells = []string{
	"x = ones(3)\n%explain x + 1\n",
	"for i in range(2):\n    %time i\n",
	"y = %time 1 + 1\n",
	"a, b = %time 1, 2\n",
	"x = 1\nx?\n",
	"x = 1\nx??\n",
	"x = 1\n?x\n",
	"x = 1\nx.shape?\n",
	"%explain x\n%time y\n",
	"x = 1\n  %who\n",
	"%who  \nx = 2\n",
	"x = 1\n%time x = 'it''s'\n",
	"x = 1\n%timeit -n 2 x + 1\n",
	"s = '''\n%time 1\n'''\n",
	"s = \"\"\"a\n%time 1\n\"\"\"\n%who\n",
	"f(1,\n%time)\n",
	"x = [1,\n  2]\n%who\n",
	"x = 1 \\\n%time\n",
	"a = 1 % 2\nb = '%time'\n",
	"x=1\n%lsmagic\n# %time in a comment\n",
	"x = '#'\n%who\n",
	"x = 'a\\'b'\n%who\n",
}

// TestTransformAgainstIPython rewrites each cell as IPython 8's
// TransformerManager does (with get_ipython().run_line_magic named
// __kael_magic__), so that magics run on any line of a cell (issue 32:
// a magic after the first line was a SyntaxError).
func TestTransformAgainstIPython(t *testing.T) {
	python := ipythonPython(t)
	cells, _ := json.Marshal(transformCells)
	cmd := exec.Command(python, "-c", `import json, sys
from IPython.core.inputtransformer2 import TransformerManager
tm = TransformerManager()
print(json.dumps([tm.transform_cell(c) for c in json.load(sys.stdin)]))`)
	cmd.Stdin = strings.NewReader(string(cells))
	cmd.Env = append(os.Environ(), "IPYTHONDIR="+t.TempDir())
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	var want []string
	if err := json.Unmarshal(out, &want); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	for i, src := range transformCells {
		got, _ := TransformMagics(src)
		w := strings.ReplaceAll(want[i], "get_ipython().run_line_magic", magicCallee)
		if got != w {
			t.Errorf("%q\n kael    %q\n IPython %q", src, got, w)
		}
	}
}
