package nbtest

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/kael-dev/kael/render"
)

// dataDir is the JUPYTER_DATA_DIR gonbKernel installs into; TestMain
// removes it.
var dataDir string

func TestMain(m *testing.M) {
	code := m.Run()
	if dataDir != "" {
		_ = os.RemoveAll(dataDir)
	}
	os.Exit(code)
}

// gonbKernel installs the gonb kernelspec once, into a data directory of
// its own, and returns the environment that runs nbconvert with it.
var gonbKernel = sync.OnceValues(func() ([]string, error) {
	bin := os.Getenv("KAEL_GONB_BIN")
	root, err := filepath.Abs("../..")
	if err != nil {
		return nil, err
	}
	data, err := os.MkdirTemp("", "kael-gonb-jupyter")
	if err != nil {
		return nil, err
	}
	dataDir = data
	env := []string{"PATH=" + bin + string(os.PathListSeparator) + os.Getenv("PATH"),
		"JUPYTER_DATA_DIR=" + data, "KAEL_ROOT=" + root, "GOTOOLCHAIN=local"}
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if !slices.ContainsFunc(env, func(s string) bool { return strings.HasPrefix(s, name+"=") }) &&
			!strings.HasPrefix(name, "GONB_") && !strings.HasPrefix(name, "JUPYTER_") {
			env = append(env, kv)
		}
	}
	cmd := exec.Command(filepath.Join(bin, "gonb"), "--install", "--force_deps", "--raw_error", "--logtostderr=false")
	cmd.Env, cmd.Dir = env, data
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("gonb --install: %v\n%s", err, out)
	}
	return env, nil
})

// execute runs the notebook at path with nbconvert and the gonb kernel and
// returns the executed notebook. Errors in cells do not stop it
// (--allow-errors): check reports them.
func execute(t *testing.T, path string) notebook {
	t.Helper()
	if os.Getenv("KAEL_GONB_BIN") == "" {
		if os.Getenv("KAEL_REQUIRE_GONB") == "1" {
			t.Fatal("KAEL_REQUIRE_GONB=1 but KAEL_GONB_BIN (the directory with gonb and goimports) is not set; run make test-gonb")
		}
		t.Skip("KAEL_GONB_BIN is not set; make test-gonb builds gonb and sets it")
	}
	nbconvert, err := exec.LookPath("jupyter-nbconvert")
	if err != nil {
		t.Fatalf("jupyter-nbconvert (Debian jupyter-nbconvert, make jupyter-deps installs it): %v", err)
	}
	env, err := gonbKernel()
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	cmd := exec.Command(nbconvert, "--to", "notebook", "--execute", "--allow-errors",
		"--ExecutePreprocessor.kernel_name=gonb", "--ExecutePreprocessor.timeout=300",
		"--output-dir", out, "--output", "executed.ipynb", path)
	cmd.Env = env
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("nbconvert %s: %v\n%s", path, err, b)
	}
	b, err := os.ReadFile(filepath.Join(out, "executed.ipynb"))
	if err != nil {
		t.Fatal(err)
	}
	var nb notebook
	if err := json.Unmarshal(b, &nb); err != nil {
		t.Fatalf("the executed %s: %v", path, err)
	}
	return nb
}

type notebook struct {
	Metadata struct {
		Kael struct {
			Expect []string `json:"expect"`
			Absent []string `json:"absent"`
		} `json:"kael"`
	} `json:"metadata"`
	Cells []cell `json:"cells"`
}

type cell struct {
	CellType string    `json:"cell_type"`
	Source   multiline `json:"source"`
	Outputs  []output  `json:"outputs"`
}

type output struct {
	OutputType string                     `json:"output_type"`
	Name       string                     `json:"name"` // of a stream
	Text       multiline                  `json:"text"`
	Data       map[string]json.RawMessage `json:"data"`
	Ename      string                     `json:"ename"`
	Evalue     string                     `json:"evalue"`
}

// multiline is a notebook string: one string or a list of lines.
type multiline string

func (m *multiline) UnmarshalJSON(b []byte) error {
	var lines []string
	if err := json.Unmarshal(b, &lines); err == nil {
		*m = multiline(strings.Join(lines, ""))
		return nil
	}
	var s string
	err := json.Unmarshal(b, &s)
	*m = multiline(s)
	return err
}

func (o output) mime(name string) string {
	var m multiline
	if raw, ok := o.Data[name]; ok && json.Unmarshal(raw, &m) == nil {
		return string(m)
	}
	return ""
}

// tableMarker is in every tensor table kael renders.
var tableMarker = `class="` + render.TensorClass + `"`

// check lists what is wrong with an executed notebook: error outputs,
// panics or exit statuses on standard error, no tensor table shown, and
// expected strings missing from every output, unwanted ones present.
func check(nb notebook) []string {
	var problems []string
	var shown strings.Builder
	tables := 0
	for i, c := range nb.Cells {
		for _, o := range c.Outputs {
			switch o.OutputType {
			case "error":
				problems = append(problems, fmt.Sprintf("cell %d: error output %s: %s", i, o.Ename, o.Evalue))
			case "stream":
				if o.Name == "stderr" && (strings.Contains(string(o.Text), "panic:") || strings.Contains(string(o.Text), "exit status")) {
					problems = append(problems, fmt.Sprintf("cell %d: stderr: %s", i, o.Text))
				}
				shown.WriteString(string(o.Text))
			case "display_data", "execute_result":
				html := o.mime("text/html")
				if strings.Contains(html, tableMarker) {
					tables++
				}
				shown.WriteString(html + o.mime("text/markdown") + o.mime("text/plain"))
			}
		}
	}
	if tables == 0 {
		problems = append(problems, "no display_data shows a kael tensor table ("+tableMarker+")")
	}
	for _, want := range nb.Metadata.Kael.Expect {
		if !strings.Contains(shown.String(), want) {
			problems = append(problems, fmt.Sprintf("no output contains %q", want))
		}
	}
	for _, unwanted := range nb.Metadata.Kael.Absent {
		if strings.Contains(shown.String(), unwanted) {
			problems = append(problems, fmt.Sprintf("an output contains %q", unwanted))
		}
	}
	return problems
}

// TestNotebooks executes every notebook under notebooks/go/.
func TestNotebooks(t *testing.T) {
	notebooks, err := filepath.Glob("../../notebooks/go/*.ipynb")
	if err != nil || len(notebooks) == 0 {
		t.Fatalf("no notebooks under notebooks/go: %v", err)
	}
	for _, path := range notebooks {
		t.Run(filepath.Base(path), func(t *testing.T) {
			for _, p := range check(execute(t, path)) {
				t.Error(p)
			}
		})
	}
}

// TestCheckCatchesFailures runs a notebook whose cells fail in the ways a
// notebook can (a compile error, an error passed to Must, a panic) and
// checks that check reports each, so that TestNotebooks can fail.
func TestCheckCatchesFailures(t *testing.T) {
	problems := strings.Join(check(execute(t, "testdata/failing.ipynb")), "\n")
	for _, want := range []string{"cell 2: error output", "cell 3: error output", "cell 4: error output", "cell 4: stderr: panic: boom",
		"no display_data shows a kael tensor table", `no output contains "never shown"`, `an output contains "RuntimeError"`} {
		if !strings.Contains(problems, want) {
			t.Errorf("check did not report %q; it reported:\n%s", want, problems)
		}
	}
}

// TestFirstCell checks that every notebook under notebooks/go/ starts with
// the first cell docs/jupyter.md gives, the one that points gonb at the
// checkout. It needs no gonb.
func TestFirstCell(t *testing.T) {
	doc, err := os.ReadFile("../../docs/jupyter.md")
	if err != nil {
		t.Fatal(err)
	}
	var first string
	for line := range strings.Lines(string(doc)) {
		if strings.HasPrefix(line, "!*") && strings.Contains(line, "go mod edit -replace") {
			first = strings.TrimSuffix(line, "\n")
		}
	}
	if first == "" {
		t.Fatal("docs/jupyter.md shows no first cell (a line starting !* with go mod edit -replace)")
	}
	notebooks, err := filepath.Glob("../../notebooks/go/*.ipynb")
	if err != nil || len(notebooks) == 0 {
		t.Fatalf("no notebooks under notebooks/go: %v", err)
	}
	for _, path := range append(notebooks, "testdata/failing.ipynb") {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var nb notebook
		if err := json.Unmarshal(b, &nb); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		i := slices.IndexFunc(nb.Cells, func(c cell) bool { return c.CellType == "code" })
		if i < 0 || string(nb.Cells[i].Source) != first {
			t.Errorf("%s does not start with the first cell of docs/jupyter.md:\n%s", path, first)
		}
	}
}
