package programs

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/kael-dev/kael/internal/reftest"
	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/std"
)

var (
	update     = flag.Bool("update", false, "rewrite the main.out files from PyTorch's output")
	updateDocs = flag.Bool("update-docs", false, "rewrite the generated table of docs/programs.md")
)

const (
	notYetFile  = "testdata/NOT_YET.txt"
	programsDoc = "../../docs/programs.md"
	// programTimeout bounds one program under kael: the drivers are
	// small, and a program that hangs must fail the test, not stall it.
	programTimeout = 5 * time.Minute
)

// program is one directory of testdata.
type program struct {
	name, dir, source string
}

// programs lists testdata's programs, with the source line of each
// driver's SOURCE comment.
func programs(t *testing.T) []program {
	t.Helper()
	mains, err := filepath.Glob("testdata/*/main.py")
	if err != nil || len(mains) == 0 {
		t.Fatalf("no programs: %v", err)
	}
	var ps []program
	for _, m := range mains {
		dir := filepath.Dir(m)
		src, err := os.ReadFile(filepath.Join(dir, "SOURCE"))
		if err != nil {
			t.Fatalf("%s: every program says where its code comes from in a SOURCE file: %v", dir, err)
		}
		ps = append(ps, program{name: filepath.Base(dir), dir: dir, source: strings.TrimSpace(strings.SplitN(string(src), "\n", 2)[0])})
	}
	return ps
}

// notYet reads NOT_YET.txt: "name: what stops it" per line.
func notYet(t *testing.T) map[string]string {
	t.Helper()
	f, err := os.Open(notYetFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, why, ok := strings.Cut(line, ":")
		if !ok || strings.TrimSpace(why) == "" {
			t.Fatalf("%s: %q is not \"name: what stops it\"", notYetFile, line)
		}
		m[strings.TrimSpace(name)] = strings.TrimSpace(why)
	}
	return m
}

// runKael runs a program's main.py as `kael run` does, in the program's
// directory as TestProgramsAgainstPyTorch runs it under PyTorch (a
// program may read its own files by relative paths), and returns what it
// printed, or the error that stopped it.
func runKael(p program) (string, error) {
	main, err := filepath.Abs(filepath.Join(p.dir, "main.py"))
	if err != nil {
		return "", err
	}
	src, err := os.ReadFile(main)
	if err != nil {
		return "", err
	}
	// The process's directory comes back, also after a program's own
	// os.chdir.
	cwd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	defer os.Chdir(cwd)
	if err := os.Chdir(p.dir); err != nil {
		return "", err
	}
	var out bytes.Buffer
	// What goes to stderr (logging, warnings, progress bars) is not
	// compared, as the PyTorch side's harness captures stdout alone.
	s := lang.NewSession(lang.IO{Stdout: &out, Stderr: io.Discard})
	s.SetScript(main)
	ctx, cancel := context.WithTimeout(context.Background(), programTimeout)
	defer cancel()
	r := s.Exec(ctx, "main.py", string(src))
	if r.Err != nil {
		return out.String(), fmt.Errorf("%s", r.Err.Render())
	}
	return out.String(), nil
}

// TestPrograms runs each program under kael and compares with PyTorch's
// output; programs of NOT_YET.txt must still fail.
func TestPrograms(t *testing.T) {
	pending := notYet(t)
	ps := programs(t)
	known := map[string]bool{}
	for _, p := range ps {
		known[p.name] = true
	}
	for name := range pending {
		if !known[name] {
			t.Errorf("%s names %q, which is not a program of testdata", notYetFile, name)
		}
	}
	for _, p := range ps {
		t.Run(p.name, func(t *testing.T) {
			got, err := runKael(p)
			if err == nil {
				want, rerr := os.ReadFile(filepath.Join(p.dir, "main.out"))
				if rerr != nil {
					t.Fatalf("%v (run go test -update with PyTorch installed)", rerr)
				}
				err = reftest.CompareText(got, string(want), reftest.Printed)
				if err != nil {
					err = fmt.Errorf("kael prints\n%s\nPyTorch prints\n%s\n%v", got, want, err)
				}
			}
			why, listed := pending[p.name]
			switch {
			case listed && err == nil:
				t.Errorf("%s now runs as under PyTorch: take it off %s", p.name, notYetFile)
			case listed:
				t.Skipf("not yet (%s): %s", why, firstLine(err.Error()))
			case err != nil:
				t.Errorf("%s stops under kael (list it in %s only if that is expected):\n%v", p.name, notYetFile, err)
			}
		})
	}
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

// TestProgramsAgainstPyTorch runs every driver with Debian's python3 and
// PyTorch and checks main.out holds what it prints to stdout (-update
// writes it); warnings on stderr, which name the machine's paths, are not
// part of it. PyTorch runs on its AVX2 paths (reftest.PinnedCPUEnv): a
// program whose outputs amplify rounding (yunjey's CNN) prints other
// digits on an AVX-512 CPU.
func TestProgramsAgainstPyTorch(t *testing.T) {
	python := reftest.TorchPython(t)
	const harness = `
import contextlib, io, json, os, runpy, sys, traceback
out = {}
for d in json.load(sys.stdin):
    buf = io.StringIO()
    cwd, path, argv = os.getcwd(), list(sys.path), list(sys.argv)
    sys.path.insert(0, os.path.abspath(d))
    os.chdir(d)
    try:
        with contextlib.redirect_stdout(buf):
            runpy.run_path("main.py", run_name="__main__")
    except BaseException:
        buf.write("EXCEPTION " + traceback.format_exc())
    finally:
        os.chdir(cwd)
        sys.path[:] = path
        sys.argv = argv
        for name in [m for m, mod in sys.modules.items() if getattr(mod, "__file__", None) and os.path.abspath(mod.__file__).startswith(os.path.abspath(d))]:
            del sys.modules[name]
    out[d] = buf.getvalue()
json.dump(out, sys.stdout)
`
	ps := programs(t)
	var dirs []string
	for _, p := range ps {
		dirs = append(dirs, p.dir)
	}
	in, _ := json.Marshal(dirs)
	cmd := exec.Command(python, "-c", harness)
	cmd.Env = reftest.PinnedCPUEnv() // main.out holds the same on every CPU
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	raw, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3: %v\n%s", err, stderr.String())
	}
	var got map[string]string
	if err := json.Unmarshal(raw, &got); err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		if strings.Contains(got[p.dir], "EXCEPTION Traceback") {
			t.Errorf("%s fails under PyTorch:\n%s", p.name, got[p.dir])
			continue
		}
		golden := filepath.Join(p.dir, "main.out")
		if *update {
			if err := os.WriteFile(golden, []byte(got[p.dir]), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, _ := os.ReadFile(golden)
		if err := reftest.CompareText(got[p.dir], string(want), reftest.Printed); err != nil {
			t.Errorf("%s: PyTorch prints\n%s\n%s holds\n%s\n%v", p.name, got[p.dir], golden, want, err)
		}
	}
}

// TestProgramsDoc keeps the table of docs/programs.md in step with the
// corpus and NOT_YET.txt (-update-docs rewrites it).
func TestProgramsDoc(t *testing.T) {
	pending := notYet(t)
	ps := programs(t)
	sort.Slice(ps, func(i, j int) bool { return ps[i].name < ps[j].name })
	var b strings.Builder
	runs := 0
	for _, p := range ps {
		if _, ok := pending[p.name]; !ok {
			runs++
		}
	}
	fmt.Fprintf(&b, "%d of %d programs run under kael and print what PyTorch prints.\n\n", runs, len(ps))
	b.WriteString("| program | from | under kael |\n| --- | --- | --- |\n")
	for _, p := range ps {
		status := "runs, as under PyTorch"
		if why, ok := pending[p.name]; ok {
			status = "not yet: " + why
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s |\n", p.name, p.source, status)
	}
	raw, err := os.ReadFile(programsDoc)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(raw)
	begin, end := "<!-- generated:programs -->\n", "<!-- end:programs -->"
	i, j := strings.Index(doc, begin), strings.Index(doc, end)
	if i < 0 || j < i {
		t.Fatalf("%s lacks the markers %q and %q", programsDoc, begin, end)
	}
	want := doc[:i+len(begin)] + b.String() + doc[j:]
	if *updateDocs {
		if err := os.WriteFile(programsDoc, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if want != doc {
		t.Errorf("%s is out of date; run go test ./lang/programs -run TestProgramsDoc -update-docs", programsDoc)
	}
}
