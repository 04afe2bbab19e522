package lang_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// subscriptMisuses are subscripts and slices of the built-in types with
// keys they refuse, their TypeErrors compared with CPython 3.11's text:
// the sequences' index and slice-bound rules (one place each in the
// engine: indicesError, errSliceIndices), and "'T' object is not
// subscriptable" for values without __getitem__ (subscriptTypeName). The
// keys come from variables, as literal ones are SyntaxWarnings as well.
var subscriptMisuses = []string{
	"[1, 2][f:]",
	"[1, 2][:f]",
	"[1, 2][::f]",
	"[1, 2][f]",
	"[1, 2][s]",
	"[1, 2][n]",
	"[1, 2][1, 2]",
	"[1][s:'b']",
	"(1, 2)[f]",
	"(1, 2)[s:]",
	"'ab'[f]",
	"'ab'[n:s]",
	"'ab'[(1,)]",
	"range(3)[f]",
	"range(3)[s:]",
	"b'ab'[f]",
	"b'ab'[s:]",
	"bytearray(b'ab')[f]",
	"f[1]",
	"i[0]",
	"n[0]",
	"n[1:2]",
	"{1: 2}[[1]]",
	"{1: 2}[1:2]",
	"len[0]",
	"[].append[0]",
	"x = [1, 2]\nx[f] = 3",
	"x = [1, 2]\ndel x[f]",
	"x = [1, 2]\nx[s:] = [3]",
	"'ab'[1:2:0]",
	"[1][2]",
	"'abc'[2**100]",
}

// TestSubscriptMisusesMatchCPython checks subscriptMisuses' errors against
// CPython's.
func TestSubscriptMisusesMatchCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, "f, s, n, i = 2.5, 'a', None, 5\n", subscriptMisuses)
}
