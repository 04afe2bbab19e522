package pickle_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
	"github.com/kael-dev/kael/lang/internal/langtest"
)

// subclassCases round-trip objects of classes derived from int, str and
// tuple. CPython's cell harness cannot pickle a class of its cells (it
// finds no module holding them), so TestPickleSubclassesAgainstCPython
// runs each case as a script, where the classes live in __main__.
var subclassCases = []langtest.Case{
	{"a = A(7)\na.tag = 'x'\nb = pickle.loads(pickle.dumps(a))\nb, type(b).__name__, b.tag, pickle.loads(pickle.dumps(S('hi'), 4)), type(pickle.loads(pickle.dumps(S('hi')))).__name__", "(7, 'A', 'x', 'hi', 'S')"},
	{"p = pickle.loads(pickle.dumps(T((1, 2))))\np, type(p).__name__, p[1]", "((1, 2), 'T', 2)"},
}

const subclassPrelude = picklePrelude + "class A(int):\n    pass\nclass S(str):\n    pass\nclass T(tuple):\n    pass\n"

func TestPickleSubclasses(t *testing.T) {
	langtest.CheckCellCases(t, subclassPrelude, subclassCases)
}

// TestPickleSubclassesAgainstCPython runs each case as a script under
// Debian's python3, printing the repr of its last line, and compares with
// the outcome the cases record.
func TestPickleSubclassesAgainstCPython(t *testing.T) {
	python := reftest.CPython(t)
	for _, c := range subclassCases {
		body, last, _ := strings.Cut(reverseCut(c.Src), "\n")
		script := subclassPrelude + last + "\nprint(repr((" + body + ")))\n"
		out, err := exec.Command(python, "-c", script).CombinedOutput()
		if err != nil {
			t.Fatalf("python3: %v\n%s", err, out)
		}
		if got := strings.TrimSpace(string(out)); got != c.Want {
			t.Errorf("%s\nCPython %s\nwant    %s", c.Src, got, c.Want)
		}
	}
}

// reverseCut puts src's last line first, then the lines before it, so
// that strings.Cut splits off the final expression.
func reverseCut(src string) string {
	i := strings.LastIndex(src, "\n")
	if i < 0 {
		return src + "\n"
	}
	return src[i+1:] + "\n" + src[:i]
}
