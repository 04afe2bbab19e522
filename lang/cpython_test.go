package lang

import (
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
)

// cpythonOutcomes evaluates each source in python3 (CPython on PATH), in a
// fresh namespace after prelude, and returns the repr of each value, or
// "<none>" for a statement, or "Kind: message" for an exception, as run and
// outcome show kael's. It skips the test when python3 is absent.
func cpythonOutcomes(t *testing.T, prelude string, srcs []string) []string {
	t.Helper()
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed")
	}
	const harness = `
import sys, json
def outcome(src, g):
    try:
        try:
            code = compile(src, '<case>', 'eval')
        except SyntaxError:
            exec(src, g)
            return '<none>'
        return repr(eval(code, g))
    except Exception as e:
        return type(e).__name__ + ": " + str(e)
req = json.load(sys.stdin)
out = []
for src in req["srcs"]:
    g = {}
    exec(req["prelude"], g)
    out.append(outcome(src, g))
json.dump(out, sys.stdout)
`
	in, _ := json.Marshal(map[string]any{"prelude": prelude, "srcs": srcs})
	cmd := exec.Command(python, "-c", harness)
	cmd.Stdin = strings.NewReader(string(in))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	var got []string
	if err := json.Unmarshal(out, &got); err != nil || len(got) != len(srcs) {
		t.Fatalf("python3 answered %d results (%v), want %d", len(got), err, len(srcs))
	}
	return got
}

// checkCasesAgainstCPython runs each case's src in CPython after prelude
// and fails where CPython's outcome is not the case's want: the tables of
// Python behaviour hold CPython's answers, not ones typed from memory.
func checkCasesAgainstCPython(t *testing.T, prelude string, cases []struct{ src, want string }) {
	t.Helper()
	srcs := make([]string, len(cases))
	for i, c := range cases {
		srcs[i] = c.src
	}
	for i, got := range cpythonOutcomes(t, prelude, srcs) {
		if want := cases[i].want; got != want {
			t.Errorf("%s: CPython gives %s, the table says %s", srcs[i], got, want)
		}
	}
}
