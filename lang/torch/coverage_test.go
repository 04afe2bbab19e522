package torch

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path"
	"strings"
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
	"github.com/kael-dev/kael/lang"
)

var updateCoverage = flag.Bool("update-docs", false, "rewrite docs/torch-coverage.md from PyTorch's names and kael's")

const (
	coverageDoc      = "../../docs/torch-coverage.md"
	coverageExcluded = "testdata/torch_excluded.txt"
)

// coverageNamespaces are the namespaces whose public names are counted:
// the name kael imports, and the expression naming the namespace in both.
var coverageNamespaces = []struct{ module, expr string }{
	{"torch", "torch"},
	{"torch", "torch.Tensor"},
	{"torch.nn", "torch.nn"},
	{"torch.nn", "torch.nn.Module"},
	{"torch.nn.functional", "torch.nn.functional"},
	{"torch.nn.init", "torch.nn.init"},
	{"torch.nn.utils", "torch.nn.utils"},
	{"torch.optim", "torch.optim"},
	{"torch.optim.lr_scheduler", "torch.optim.lr_scheduler"},
	{"torch.utils.data", "torch.utils.data"},
	{"torch.linalg", "torch.linalg"},
	{"torch.fft", "torch.fft"},
	{"torch.distributions", "torch.distributions"},
	{"torch.autograd", "torch.autograd"},
	{"torch.special", "torch.special"},
}

// exclusion is one line of testdata/torch_excluded.txt: the names of a
// namespace that match a glob, left out for a reason.
type exclusion struct {
	namespace, glob, reason string
	used                    bool
}

func readExclusions(t *testing.T) []*exclusion {
	t.Helper()
	f, err := os.Open(coverageExcluded)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []*exclusion
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		head, reason, ok := strings.Cut(line, ":")
		fields := strings.Fields(head)
		if !ok || len(fields) != 2 || strings.TrimSpace(reason) == "" {
			t.Fatalf("%s: %q is not \"namespace glob: reason\"", coverageExcluded, line)
		}
		if _, err := path.Match(fields[1], ""); err != nil {
			t.Fatalf("%s: bad glob %q: %v", coverageExcluded, fields[1], err)
		}
		out = append(out, &exclusion{namespace: fields[0], glob: fields[1], reason: strings.TrimSpace(reason)})
	}
	return out
}

// torchNames asks PyTorch for the public names of each namespace.
func torchNames(t *testing.T) map[string][]string {
	t.Helper()
	python := reftest.TorchPython(t)
	var exprs []string
	for _, ns := range coverageNamespaces {
		exprs = append(exprs, ns.expr)
	}
	script := `import json, sys, importlib, torch
out = {}
for expr in sys.argv[1:]:
    parts = expr.split(".")
    try:
        obj = importlib.import_module(expr)
    except ImportError:
        obj = getattr(importlib.import_module(".".join(parts[:-1])), parts[-1])
    out[expr] = sorted(n for n in dir(obj) if not n.startswith("_"))
json.dump(out, sys.stdout)
`
	cmd := exec.Command(python, append([]string{"-c", script}, exprs...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	raw, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3: %v\n%s", err, stderr.String())
	}
	var names map[string][]string
	if err := json.Unmarshal(raw, &names); err != nil {
		t.Fatal(err)
	}
	return names
}

// kaelHas returns which of names kael's namespace has: hasattr on the
// module (on torch.Tensor and on a tensor for the Tensor's names). A
// module kael does not have has none.
func kaelHas(t *testing.T, module, expr string, names []string) map[string]bool {
	t.Helper()
	list, _ := json.Marshal(names)
	probe := "m"
	switch expr {
	case "torch.Tensor":
		probe = "torch.ones(2, 2, dtype=torch.cfloat)" // imag raises on a real tensor, as in PyTorch
	case "torch.nn.Module":
		probe = "torch.nn.Linear(1, 1)" // the methods of a module
	}
	src := fmt.Sprintf("import torch\nimport %s as m\nm = %s\nfor n in %s:\n    if hasattr(m, n) or hasattr(%s, n):\n        print(n)\n", module, expr, list, probe)
	var out bytes.Buffer
	r := lang.NewSession(lang.IO{Stdout: &out}).Exec(context.Background(), "", src)
	has := map[string]bool{}
	if r.Err != nil {
		if strings.Contains(r.Err.Render(), "ModuleNotFoundError") {
			return has
		}
		t.Fatalf("%s: %s", expr, r.Err.Render())
	}
	for _, n := range strings.Fields(out.String()) {
		has[n] = true
	}
	return has
}

// TestTorchCoverage counts, for each namespace, PyTorch 1.13's public
// names, those kael leaves out on purpose (testdata/torch_excluded.txt,
// each with its reason) and those kael has, and checks that
// docs/torch-coverage.md, which lists them and the names still missing,
// says so (-update-docs rewrites it). Every exclusion must match a name.
func TestTorchCoverage(t *testing.T) {
	exclusions := readExclusions(t)
	names := torchNames(t)
	var doc strings.Builder
	doc.WriteString(coverageHeader)
	var table, missing, own strings.Builder
	table.WriteString("| namespace | PyTorch 1.13 | left out | kael has | missing |\n| --- | ---: | ---: | ---: | ---: |\n")
	var total [4]int
	for _, ns := range coverageNamespaces {
		all := names[ns.expr]
		has := kaelHas(t, ns.module, ns.expr, all)
		var out, miss []string
		present := 0
		for _, n := range all {
			if ex := excluded(exclusions, ns.expr, n); ex != nil && !has[n] {
				ex.used = true
				out = append(out, n)
				continue
			}
			if has[n] {
				present++
			} else {
				miss = append(miss, n)
			}
		}
		fmt.Fprintf(&table, "| `%s` | %d | %d | %d | %d |\n", ns.expr, len(all), len(out), present, len(miss))
		for i, v := range []int{len(all), len(out), present, len(miss)} {
			total[i] += v
		}
		if ns.module == ns.expr { // a module: its names PyTorch's lacks
			if extra := kaelOwnNames(t, ns.module, all); len(extra) > 0 {
				fmt.Fprintf(&own, "### `%s` (%d)\n\n`%s`\n\n", ns.expr, len(extra), strings.Join(extra, "`, `"))
			}
		}
		if len(miss) > 0 {
			fmt.Fprintf(&missing, "### `%s` (%d)\n\n", ns.expr, len(miss))
			for i, n := range miss {
				if i > 0 {
					missing.WriteString(", ")
				}
				missing.WriteString("`" + n + "`")
			}
			missing.WriteString("\n\n")
		}
	}
	fmt.Fprintf(&table, "| all | %d | %d | %d | %d |\n", total[0], total[1], total[2], total[3])
	doc.WriteString(table.String())
	doc.WriteString("\n## Left out on purpose\n\n| namespace | names | why |\n| --- | --- | --- |\n")
	for _, ex := range exclusions {
		if !ex.used {
			t.Errorf("%s: %s %s matches no name kael lacks; take it off", coverageExcluded, ex.namespace, ex.glob)
		}
		fmt.Fprintf(&doc, "| `%s` | `%s` | %s |\n", ex.namespace, ex.glob, ex.reason)
	}
	doc.WriteString("\n## Missing\n\n")
	doc.WriteString(missing.String())
	doc.WriteString("\n## kael's own names\n\n" + ownNamesIntro)
	doc.WriteString(own.String())
	got := strings.TrimRight(doc.String(), "\n") + "\n"
	if *updateCoverage {
		if err := os.WriteFile(coverageDoc, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(coverageDoc)
	if err != nil || string(want) != got {
		t.Errorf("%s is out of date; run go test ./lang/torch -run TestTorchCoverage -update-docs", coverageDoc)
	}
}

// ownNamesIntro heads the list of kaelOwnNames.
const ownNamesIntro = `The public names kael's modules have beside PyTorch 1.13's, kael's
additions: torch holds the functional layers as well (torch.gelu, as the
bare gelu) and the teaching helpers show_graph and show_storage;
torch.nn.functional holds every tensor function (F.zeros, F.matmul), as
docs/language.md says. None is one of Python's builtins: those are no
members of torch's modules (there is no torch.len), though torch has the
names PyTorch shares with them (torch.sum, torch.float); the test fails
on one.

`

// kaelOwnNames returns the public names of kael's module that PyTorch's
// (whose public names are torchNames) lacks, sorted; it fails t for one
// that is a Python builtin (lang.IsPythonBuiltin).
func kaelOwnNames(t *testing.T, module string, torchNames []string) []string {
	t.Helper()
	var out bytes.Buffer
	src := "import " + module + " as m\nfor n in sorted(dir(m)):\n    if not n.startswith('_'):\n        print(n)\n"
	if r := lang.NewSession(lang.IO{Stdout: &out}).Exec(context.Background(), "", src); r.Err != nil {
		t.Fatalf("%s: %s", module, r.Err.Render())
	}
	theirs := map[string]bool{}
	for _, n := range torchNames {
		theirs[n] = true
	}
	var own []string
	for _, n := range strings.Fields(out.String()) {
		if theirs[n] {
			continue
		}
		if lang.IsPythonBuiltin(n) {
			t.Errorf("%s.%s: a Python builtin among kael's %s names", module, n, module)
		}
		own = append(own, n)
	}
	return own
}

// excluded returns the exclusion that leaves out name of namespace ns.
func excluded(exclusions []*exclusion, ns, name string) *exclusion {
	for _, ex := range exclusions {
		if ex.namespace == ns {
			if ok, _ := path.Match(ex.glob, name); ok {
				return ex
			}
		}
	}
	return nil
}

const coverageHeader = `# torch coverage

How much of PyTorch 1.13's public surface kael has, namespace by
namespace: the public names (those of ` + "`dir()`" + ` not starting with
an underscore) of Debian's PyTorch, the names kael leaves out on purpose
(with the reason, from lang/torch/testdata/torch_excluded.txt), the names
kael has (` + "`hasattr`" + `; for ` + "`torch.Tensor`" + `, on the class
or on a tensor) and those still missing, listed at the end. A name counts
as present when kael has it at all; docs/nn.md, docs/language.md and the
tests say how far each one goes. This page is generated by
` + "`go test ./lang/torch -run TestTorchCoverage -update-docs`" + `, and the test
fails when it is out of date.

`
