package lang

import (
	"context"
	"strings"
	"testing"
	"time"
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

// TestStringAndContainerGuard: strings, sets and dicts that one operation
// would make longer than growthLimit are a MemoryError from checkLength,
// the one guard, rather than an exhausted process; the cases keep their
// sizes small by lowering the limit, and the same sources at full size
// (growthLimit = MaxRepeat) fail as fast since the guard runs first.
func TestStringAndContainerGuard(t *testing.T) {
	defer func(saved int) { growthLimit = saved }(growthLimit)
	growthLimit = 1000
	cases := []struct{ src, want string }{
		{`"%*d" % (2**40, 1)`, "MemoryError: width 1099511627776 is too large"},
		{`"%*d" % (-2**40, 1)`, "MemoryError: width -1099511627776 is too large"},
		{`"%*d" % (5, 1)`, "'    1'"},
		{`"a".zfill(2**40)`, "MemoryError: width 1099511627776 is too large"},
		{`len("-1".zfill(900))`, "900"},
		{`"a".center(2**40)`, "MemoryError: width 1099511627776 is too large"},
		{`s = "a" * 100; s.replace("a", s)`, "MemoryError: replacing 100 occurrences makes a string of 10000 bytes, which needs too much memory"},
		{`("a" * 100).replace("a", "bb", 10)`, "'" + strings.Repeat("b", 20) + strings.Repeat("a", 90) + "'"},
		{`", ".join(["x" * 100] * 20)`, "MemoryError: joining 20 strings into one of 2038 bytes needs too much memory"},
		{`set(range(10**9))`, "MemoryError: a set of 1000000000 elements needs too much memory"},
		{`frozenset(range(10**9))`, "MemoryError: a set of 1000000000 elements needs too much memory"},
		{`set(i for i in range(10**9))`, "MemoryError: a dict or set of more than 1000 elements needs too much memory"},
		{`{i: i for i in range(10**9)}`, "MemoryError: a dict or set of more than 1000 elements needs too much memory"},
		{`{i for i in range(10**9)}`, "MemoryError: a dict or set of more than 1000 elements needs too much memory"},
		{"d = {}\nfor i in range(10**9):\n    d[i] = i", "MemoryError: a dict or set of more than 1000 elements needs too much memory"},
		{`len(set(range(1000)))`, "1000"},
	}
	checkCellCases(t, "", cases)
	growthLimit = MaxRepeat // at full size the guard refuses them as fast
	start := time.Now()
	checkCellCases(t, "", []struct{ src, want string }{
		{`set(range(10**9))`, "MemoryError: a set of 1000000000 elements needs too much memory"},
		{`frozenset(range(10**9))`, "MemoryError: a set of 1000000000 elements needs too much memory"},
		{`"%*d" % (2**40, 1)`, "MemoryError: width 1099511627776 is too large"},
		{`"a".zfill(2**40)`, "MemoryError: width 1099511627776 is too large"},
		{`s = "a" * 2**20; s.replace("a", s)`, "MemoryError: replacing 1048576 occurrences makes a string of 1099511627776 bytes, which needs too much memory"},
		{`", ".join(["x" * 2**20] * 2**16)`, "MemoryError: joining 65536 strings into one of 68719607806 bytes needs too much memory"},
	})
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("the full-size cases took %v", d)
	}
}

// TestFormattedTextOfHugeContainer: f"{x}", f"{x!r}", format(x) and
// "%s" % (x,) of a container whose text passes maxReprBytes raise
// str(x)'s MemoryError rather than a text cut short.
func TestFormattedTextOfHugeContainer(t *testing.T) {
	defer func(saved int) { maxReprBytes = saved }(maxReprBytes)
	maxReprBytes = 1000
	want := "MemoryError: the text of this list would be longer than 1000 B"
	cases := []struct{ src, want string }{
		{`str(x)`, want},
		{`f"{x}"`, want},
		{`f"{x!r}"`, want},
		{`f"{x!s}"`, want},
		{`f"{x!a}"`, want},
		{`"{}".format(x)`, want},
		{`format(x)`, want},
		{`"%s" % (x,)`, want},
		{`"%r" % (x,)`, want},
		{`len(f"{x[:10]}")`, "70"},
	}
	checkCellCases(t, "x = ['abc'] * 1000\n", cases)
}

// TestLongInputsFailOrStopFast: a 16,000-part import fails at once (as
// CPython's, with a RecursionError; TestDeepImportIsRecursionError), and a
// long chain of list concatenations, with no loop in it, stops at an
// interrupt. The chain has 100,000 terms, some 200 ms of work on a fast
// CPU, so that the interrupt at 20 ms always finds it running.
func TestLongInputsFailOrStopFast(t *testing.T) {
	start := time.Now()
	src := "import " + strings.TrimSuffix(strings.Repeat("a.", 16000), ".")
	if got := outcome(NewSession(IO{}).Exec(context.Background(), "", src)); got != "RecursionError: maximum recursion depth exceeded" {
		t.Errorf("import a.a...: got %.100s", got)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("import a.a... took %v", d)
	}
	src = strings.TrimSuffix(strings.Repeat("[1] + ", 100000), " + ")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	time.AfterFunc(20*time.Millisecond, cancel)
	start = time.Now()
	if got := outcome(NewSession(IO{}).Exec(ctx, "", src)); got != "KeyboardInterrupt: interrupted" {
		t.Errorf("[1] + [1] + ...: got %.100s, want KeyboardInterrupt", got)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("[1] + [1] + ... stopped %v after the interrupt", d)
	}
}
