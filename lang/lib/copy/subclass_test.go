package copy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestCopySubclassesMatchCPython copies objects of classes derived from
// int, str, tuple and set.
func TestCopySubclassesMatchCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+"class A(int):\n    pass\nclass T(tuple):\n    pass\nclass S(set):\n    pass\n", []string{
		"a = A(3)\na.tag = [1]\nb = copy.copy(a)\nc = copy.deepcopy(a)\nb, type(b).__name__, b.tag is a.tag, c, c.tag == a.tag, c.tag is a.tag",
		"t = T(([1], 2))\nu = copy.deepcopy(t)\nu[0].append(5)\nt, u, type(u).__name__, copy.copy(t) == t",
		"s = S([1, 2])\nc = copy.copy(s)\nc.add(3)\nsorted(s), sorted(c), type(c).__name__, sorted(copy.deepcopy(s))",
	})
}
