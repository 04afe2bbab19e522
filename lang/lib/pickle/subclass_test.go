package pickle_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/enum"
)

// subclassCases round-trip objects of classes derived from int, str and
// tuple. CPython's cell harness cannot pickle a class of its cells (it
// finds no module holding them), so TestPickleSubclassesAgainstCPython
// runs each case as a script, where the classes live in __main__.
var subclassCases = []langtest.Case{
	{"a = A(7)\na.tag = 'x'\nb = pickle.loads(pickle.dumps(a))\nb, type(b).__name__, b.tag, pickle.loads(pickle.dumps(S('hi'), 4)), type(pickle.loads(pickle.dumps(S('hi')))).__name__", "(7, 'A', 'x', 'hi', 'S')"},
	{"p = pickle.loads(pickle.dumps(T((1, 2))))\np, type(p).__name__, p[1]", "((1, 2), 'T', 2)"},
	{"s = SS([3, 1])\ns.tag = [1]\nr = [pickle.loads(pickle.dumps(s, p)) for p in (0, 2, 4)]\n[(type(x).__name__, sorted(x), x.tag) for x in r]", "[('SS', [1, 3], [1]), ('SS', [1, 3], [1]), ('SS', [1, 3], [1])]"},
	{"b = BA(b'a\\xff\\x00')\nr = [pickle.loads(pickle.dumps(b, p)) for p in (0, 2, 3, 5)]\n[(type(x).__name__, x == b, hasattr(x, 'tag')) for x in r], repr(r[0])", "([('BA', True, False), ('BA', True, False), ('BA', True, False), ('BA', True, False)], \"BA(b'a\\\\xff\\\\x00')\")"},
	{"[pickle.loads(pickle.dumps(m, p)) is m for m in (Color.RED, Mode.A, Perm.R, Perm.R | Perm.W, E.A) for p in (0, 2, 4)].count(True), [repr(pickle.loads(pickle.dumps(Perm(n), 2))) for n in (12, 0, 5)]", "(15, ['<Perm.R|8: 12>', '<Perm: 0>', '<Perm.R|1: 5>'])"},
}

const subclassPrelude = picklePrelude + "class A(int):\n    pass\nclass S(str):\n    pass\nclass T(tuple):\n    pass\nclass SS(set):\n    pass\nclass BA(bytearray):\n    pass\n" +
	"from enum import Enum, IntEnum, StrEnum, IntFlag\nclass Color(IntEnum):\n    RED = 1\nclass Mode(StrEnum):\n    A = 'a'\nclass Perm(IntFlag):\n    R = 4\n    W = 2\nclass E(Enum):\n    A = (1, 2)\n"

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
