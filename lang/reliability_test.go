package lang

import (
	"strings"
	"testing"
)

// reliabilityPrelude defines classes whose special methods raise, iterate
// forever or return a new iterable instead of an iterator (issue 35).
const reliabilityPrelude = `class E:
    def __eq__(self, o):
        raise ValueError("eq boom")
    def __hash__(self):
        return 1
class S:
    def __str__(self):
        raise ValueError("str boom")
    def __format__(self, spec):
        raise ValueError("format boom")
    def __repr__(self):
        raise KeyError("repr boom")
class Endless:
    def __getitem__(self, i):
        return i
class Fresh:
    def __iter__(self):
        return Fresh()
class FreshList(list):
    def __iter__(self):
        return FreshList()
e, s = E(), S()
r = "unset"
`

// TestSpecialMethodErrorsPropagate: an exception raised by __eq__ during
// in or ==, or by __str__/__format__/__repr__ during an f-string or %,
// is the statement's exception, and nothing is bound, as in CPython.
func TestSpecialMethodErrorsPropagate(t *testing.T) {
	cases := []struct{ src, want string }{
		{"r = e in [1, 2]", "ValueError: eq boom"},
		{"r = 1 in [e]", "ValueError: eq boom"},
		{"r = e not in (1, 2)", "ValueError: eq boom"},
		{"r = [e] == [1]", "ValueError: eq boom"},
		{"r = (1, e) == (1, 2)", "ValueError: eq boom"},
		{"r = [e] == [e]", "<none>"}, // identity first, no __eq__
		{"e in [e]", "True"},
		{"[e, 1].index(e)", "0"},
		{"[1, 2].index(e)", "ValueError: eq boom"},
		{"[e].index(3)", "ValueError: eq boom"},
		{"[e].count(3)", "ValueError: eq boom"},
		{"[e].remove(3)", "ValueError: eq boom"},
		{`r = f"{s}"`, "ValueError: format boom"},
		{`r = f"{s:>4}"`, "ValueError: format boom"},
		{`r = f"{s!s}"`, "ValueError: str boom"},
		{`r = f"{s!r}"`, "KeyError: 'repr boom'"},
		{`r = f"{[s]}"`, "KeyError: 'repr boom'"},
		{`r = "%s" % (s,)`, "ValueError: str boom"},
		{`r = "%r" % (s,)`, "KeyError: 'repr boom'"},
		{`r = "%s" % s`, "ValueError: str boom"},
		{`r = "{}".format(s)`, "ValueError: format boom"},
		{`r = "%s" % [s]`, "KeyError: 'repr boom'"},
	}
	for _, c := range cases {
		kind, _, failed := strings.Cut(c.want, ":")
		if c.src[0] != 'r' || !failed {
			continue
		}
		// The failed statement bound nothing: r is still unset.
		cases = append(cases, struct{ src, want string }{
			"try:\n    " + c.src + "\nexcept Exception as x:\n    r = (r, type(x).__name__)\nr",
			"('unset', '" + kind + "')",
		})
	}
	checkCellCases(t, reliabilityPrelude, cases)
	checkCellCasesAgainstCPython(t, reliabilityPrelude, cases)
}

// TestEndlessAndSelfIterators: unpacking an endless __getitem__ iterator
// stops after one value too many, and an __iter__ that returns a new
// iterable rather than an iterator is a TypeError, not a stack overflow.
func TestEndlessAndSelfIterators(t *testing.T) {
	cases := []struct{ src, want string }{
		{"a, b = Endless()", "ValueError: too many values to unpack (expected 2)"},
		{"a, *b, c = Fresh()", "TypeError: iter() returned non-iterator of type 'Fresh'"},
		{"a, b = Fresh()", "TypeError: iter() returned non-iterator of type 'Fresh'"},
		{"list(Fresh())", "TypeError: iter() returned non-iterator of type 'Fresh'"},
		{"[x for x in Fresh()]", "TypeError: iter() returned non-iterator of type 'Fresh'"},
		{"for x in Fresh(): pass", "TypeError: iter() returned non-iterator of type 'Fresh'"},
		{"iter(Fresh())", "TypeError: iter() returned non-iterator of type 'Fresh'"},
		{"tuple(Fresh())", "TypeError: iter() returned non-iterator of type 'Fresh'"},
		{"list(FreshList([1]))", "TypeError: iter() returned non-iterator of type 'FreshList'"},
		{"for x in FreshList([1]): pass", "TypeError: iter() returned non-iterator of type 'FreshList'"},
		{"a, b, c = Endless(); (a, b, c)", "ValueError: too many values to unpack (expected 3)"},
		{"[next(iter(Endless())) for _ in range(2)]", "[0, 0]"},
	}
	checkCellCases(t, reliabilityPrelude, cases)
	checkCellCasesAgainstCPython(t, reliabilityPrelude, cases)
}
