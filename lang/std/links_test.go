package std_test

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// A library whose Python text imports a module, or whose Go code
// imports one with Args.Import, needs the Go package that registers that
// module linked into every program that links the library: otherwise
// `import collections` works under lang/std (which links everything)
// and fails with "No module named 'sys'" in a program that links
// collections alone. TestLibraryImportsAreLinked reads each library's
// imports and its Go dependencies (go list) and fails for an import
// whose module's package is not among them.

// libraryPackage is one Go package of kael's libraries, as go list sees it.
type libraryPackage struct {
	path string          // import path
	dir  string          // directory
	deps map[string]bool // import paths it depends on, itself included
}

var (
	// registration finds the literal name a Go file registers a module under.
	registration = regexp.MustCompile(`Register(?:Source|Session)?Module\(\s*"([A-Za-z0-9_.]+)"`)
	// goImport finds the literal module name Go code imports at run time.
	goImport = regexp.MustCompile(`\.Import\(\s*"([A-Za-z0-9_.]+)"\s*\)`)
	// pyImport and pyFromImport find the modules of a Python line's import.
	pyImport     = regexp.MustCompile(`^\s*import\s+(.+)$`)
	pyFromImport = regexp.MustCompile(`^\s*from\s+([A-Za-z0-9_.]+)\s+import\b`)
)

func TestLibraryImportsAreLinked(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	pkgs := listLibraryPackages(t)
	owner := map[string]string{} // module name -> import path of the package registering it
	for _, p := range pkgs {
		for _, f := range goSources(t, p.dir) {
			for _, m := range registration.FindAllSubmatch(readFile(t, f), -1) {
				owner[string(m[1])] = p.path
			}
		}
	}
	if len(owner) < 50 {
		t.Fatalf("found %d registered modules; the registration pattern no longer matches the libraries' code", len(owner))
	}
	var missing []string
	checked := 0
	for _, p := range pkgs {
		for _, imp := range libraryImports(t, p.dir) {
			for _, name := range dottedPrefixes(imp.module) {
				pkg, ok := owner[name]
				if !ok || p.deps[pkg] {
					if ok {
						checked++
					}
					continue
				}
				missing = append(missing, imp.where+": imports "+imp.module+", registered by "+pkg+", which "+p.path+" does not import in Go")
			}
		}
	}
	sort.Strings(missing)
	for _, m := range missing {
		t.Error(m)
	}
	if checked < 20 {
		t.Errorf("checked only %d imports; the import patterns no longer match the libraries' code", checked)
	}
}

// listLibraryPackages runs go list over the libraries and lang itself.
func listLibraryPackages(t *testing.T) []libraryPackage {
	t.Helper()
	gobin := filepath.Join(runtime.GOROOT(), "bin", "go")
	cmd := exec.Command(gobin, "list", "-f", "{{.ImportPath}}\t{{.Dir}}\t{{join .Deps \" \"}}",
		"github.com/kael-dev/kael/lang", "github.com/kael-dev/kael/lang/lib/...", "github.com/kael-dev/kael/lang/torch/...")
	cmd.Dir = "../.."
	out, err := cmd.Output()
	if err != nil {
		msg := ""
		if ee, ok := err.(*exec.ExitError); ok {
			msg = string(ee.Stderr)
		}
		t.Fatalf("go list: %v\n%s", err, msg)
	}
	var pkgs []libraryPackage
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		fields := strings.SplitN(sc.Text(), "\t", 3)
		if len(fields) != 3 {
			t.Fatalf("go list printed %q", sc.Text())
		}
		p := libraryPackage{path: fields[0], dir: fields[1], deps: map[string]bool{fields[0]: true}}
		for _, d := range strings.Fields(fields[2]) {
			p.deps[d] = true
		}
		pkgs = append(pkgs, p)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return pkgs
}

// libraryImport is one module a library imports, and where.
type libraryImport struct {
	module string
	where  string // file:line
}

// libraryImports lists the modules the Python files in dir import (not
// the relative ones) and those its Go files import with Args.Import.
func libraryImports(t *testing.T, dir string) []libraryImport {
	t.Helper()
	var out []libraryImport
	for _, f := range goSources(t, dir) {
		for i, line := range strings.Split(string(readFile(t, f)), "\n") {
			for _, m := range goImport.FindAllStringSubmatch(line, -1) {
				out = append(out, libraryImport{m[1], where(f, i)})
			}
		}
	}
	pys, err := filepath.Glob(filepath.Join(dir, "*.py"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range pys {
		for i, line := range strings.Split(string(readFile(t, f)), "\n") {
			if m := pyFromImport.FindStringSubmatch(line); m != nil {
				out = append(out, libraryImport{m[1], where(f, i)})
				continue
			}
			m := pyImport.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			clause, _, _ := strings.Cut(m[1], "#")
			for _, part := range strings.Split(clause, ",") {
				name, _, _ := strings.Cut(strings.TrimSpace(part), " ")
				if name != "" {
					out = append(out, libraryImport{name, where(f, i)})
				}
			}
		}
	}
	return out
}

// dottedPrefixes gives a, a.b and a.b.c for a.b.c: importing a.b.c
// imports each.
func dottedPrefixes(module string) []string {
	var out []string
	for i, c := range module {
		if c == '.' {
			out = append(out, module[:i])
		}
	}
	return append(out, module)
}

// goSources lists the non-test Go files of dir.
func goSources(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range files {
		if !strings.HasSuffix(f, "_test.go") {
			out = append(out, f)
		}
	}
	return out
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func where(file string, line int) string {
	if root, err := filepath.Abs("../.."); err == nil {
		if rel, err := filepath.Rel(root, file); err == nil {
			file = rel
		}
	}
	return file + ":" + strconv.Itoa(line+1)
}
