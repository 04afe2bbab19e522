package unittest_test

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/kael-dev/kael/lang"
)

// CPython's own grammar and exception tests, unchanged
// (testdata/cpython311, see its SOURCE), are a bar kael's language is
// held to: TestCPythonSuites runs them with kael's unittest and fails
// when fewer pass than passCounts records, when a test listed in
// testdata/cpython311/NOT_YET.txt passes (take it off the list, raise
// the count), or when a test not listed there fails.

// passCounts are the tests of each suite that pass today.
var passCounts = map[string]int{
	"test_grammar":         74,
	"test_exceptions":      75,
	"test_except_star":     59,
	"test_exception_group": 47,
}

const suitesDir = "testdata/cpython311"

// unfinishedReason starts the reason NOT_YET.txt gives for a test that
// does not finish under kael (it recurses or loops without end): the
// runner leaves it out.
const unfinishedReason = "does not finish"

// suiteDriver runs the suite module NAME and prints one line per test:
// PASS id, FAIL id<TAB>the first line of its last exception, or SKIP
// id<TAB>reason.
// The tests in UNFINISHED, which do not finish under kael, are not run.
const suiteDriver = `import unittest
import test.NAME as module
unfinished = UNFINISHED

def flatten(suite):
    out = []
    for t in suite:
        if isinstance(t, unittest.TestSuite):
            out.extend(flatten(t))
        else:
            out.append(t)
    return out

tests = flatten(unittest.defaultTestLoader.loadTestsFromModule(module))
result = unittest.TestResult()
unittest.TestSuite([t for t in tests if t.id() not in unfinished]).run(result)
bad = {}
for t, err in result.errors + result.failures:
    case = getattr(t, "test_case", t)
    lines = err.strip().splitlines()
    starts = [i for i, l in enumerate(lines) if l.startswith("Traceback (most recent call last)")]
    rest = [l for l in lines[starts[-1] + 1 if starts else 0:] if l and not l.startswith(" ")]
    bad.setdefault(case.id(), rest[0] if rest else "")
skipped = {}
for t, reason in result.skipped:
    skipped[getattr(t, "test_case", t).id()] = reason
for t in tests:
    if t.id() in unfinished:
        print("FAIL " + t.id() + "\tnot run: " + unfinished[t.id()])
    elif t.id() in bad:
        print("FAIL " + t.id() + "\t" + bad[t.id()])
    elif t.id() in skipped:
        print("SKIP " + t.id() + "\tskipped: " + skipped[t.id()])
    else:
        print("PASS " + t.id())
`

// runSuite runs the suite module name and returns the ids of the tests
// that passed and, for the others, why not.
func runSuite(t *testing.T, dir, name string, listed map[string]string) (passed []string, notPassed map[string]string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	s := lang.NewSession(lang.IO{Stdout: &stdout, Stderr: &stderr})
	driver := filepath.Join(dir, "run_"+name+".py")
	s.SetScript(driver)
	s.SetArgv([]string{driver})
	notPassed = map[string]string{}
	var unfinished []string
	for id, why := range listed {
		if strings.HasPrefix(why, unfinishedReason) {
			unfinished = append(unfinished, strconv.Quote(id)+": "+strconv.Quote(why))
		}
	}
	sort.Strings(unfinished)
	src := strings.NewReplacer("NAME", name, "UNFINISHED", "{"+strings.Join(unfinished, ", ")+"}").Replace(suiteDriver)
	r := s.Exec(context.Background(), driver, src)
	if r.Err != nil {
		// The module did not load (or the run stopped): no test passed.
		notPassed[name+" (module)"] = r.Err.Error()
		return nil, notPassed
	}
	sc := bufio.NewScanner(&stdout)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "PASS "):
			passed = append(passed, strings.TrimPrefix(line, "PASS "))
		case strings.HasPrefix(line, "FAIL "), strings.HasPrefix(line, "SKIP "):
			id, why, _ := strings.Cut(line[5:], "\t")
			notPassed[id] = why
		}
	}
	return passed, notPassed
}

// notYet reads NOT_YET.txt: test id, a tab, why it does not pass.
func notYet(t *testing.T, dir string) map[string]string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "NOT_YET.txt"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		id, why, ok := strings.Cut(line, "\t")
		if !ok || strings.TrimSpace(why) == "" {
			t.Errorf("NOT_YET.txt: %q lacks a tab and a reason", line)
		}
		out[id] = why
	}
	return out
}

func TestCPythonSuites(t *testing.T) {
	if testing.Short() {
		t.Skip("the suites take seconds")
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(wd, suitesDir)
	listed := notYet(t, dir)
	tmp := t.TempDir()
	// The suites write their scratch files (TESTFN) in the working
	// directory.
	if err := os.Chdir(tmp); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = os.Chdir(wd) }()
	names := make([]string, 0, len(passCounts))
	for name := range passCounts {
		names = append(names, name)
	}
	sort.Strings(names)
	seen := map[string]bool{}
	for _, name := range names {
		passed, notPassed := runSuite(t, dir, name, listed)
		if len(passed) < passCounts[name] {
			t.Errorf("%s: %d tests pass, fewer than the %d recorded", name, len(passed), passCounts[name])
		} else if len(passed) > passCounts[name] {
			t.Errorf("%s: %d tests pass, more than the %d recorded: raise passCounts and update docs/language.md", name, len(passed), passCounts[name])
		}
		for _, id := range passed {
			if _, ok := listed[id]; ok {
				t.Errorf("%s passes now: take it off NOT_YET.txt", id)
			}
		}
		ids := make([]string, 0, len(notPassed))
		for id := range notPassed {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		for _, id := range ids {
			seen[id] = true
			if _, ok := listed[id]; !ok {
				t.Errorf("%s does not pass and NOT_YET.txt does not list it: %s", id, notPassed[id])
			}
		}
		t.Logf("%s: %d passed, %d not", name, len(passed), len(notPassed))
	}
	for id := range listed {
		if !seen[id] {
			t.Errorf("NOT_YET.txt lists %s, which the suites no longer have or which passes", id)
		}
	}
}
