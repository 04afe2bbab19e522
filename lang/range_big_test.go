package lang

import (
	"context"
	"testing"
)

// bigRangeCases are ranges of ints beyond 64 bits, with CPython 3.11's
// outcomes: everything but len() (and what needs it, list()) works.
// Membership of a float or a str is left out: CPython answers it by
// iterating, which for these ranges does not end.
var bigRangeCases = []struct{ src, want string }{
	{"r = range(10**20)\nr, r.start, r.stop, r.step, bool(r), type(r) is range, isinstance(r, range)", "(range(0, 100000000000000000000), 0, 100000000000000000000, 1, True, True, True)"},
	{"len(range(10**20))", "OverflowError: Python int too large to convert to C ssize_t"},
	{"len(range(-2**63, 2**63-1))", "OverflowError: Python int too large to convert to C ssize_t"},
	{"r = range(0, 10**30, 10**10)\nr[5], r[-1], r[10**19], r[-10**20], r[2:5], r[::-1], r[10**19:], r[::2**70], r[-3:], r[:-10**25]", "(50000000000, 999999999999999999990000000000, 100000000000000000000000000000, 0, range(20000000000, 50000000000, 10000000000), range(999999999999999999990000000000, -10000000000, -10000000000), range(100000000000000000000000000000, 1000000000000000000000000000000, 10000000000), range(0, 1000000000000000000000000000000, 11805916207174113034240000000000), range(999999999999999999970000000000, 1000000000000000000000000000000, 10000000000), range(0, 0, 10000000000))"},
	{"range(0, 10**30, 10**10)[10**20]", "IndexError: range object index out of range"},
	{"range(10)[2**70]", "IndexError: range object index out of range"},
	{"range(10**20)['a']", "TypeError: range indices must be integers or slices, not str"},
	{"r = range(0, 10**30, 10**10)\n10**29 in r, 10**29 + 1 in r, 5 in r, -10 in r, 10**30 in r, True in r", "(True, False, False, False, False, False)"},
	{"r = range(0, 10**30, 10**10)\nr.index(10**29), r.count(10**29), r.count(3), r.index(10**20)", "(10000000000000000000, 1, 0, 10000000000)"},
	{"range(0, 10**30, 10**10).index(3)", "ValueError: 3 is not in range"},
	{"list(reversed(range(10**20, 10**20 + 3))), list(reversed(range(2**63 - 2, 2**63 + 2, 2))), type(reversed(range(10**20))).__name__, type(iter(range(10**20))).__name__", "([100000000000000000002, 100000000000000000001, 100000000000000000000], [9223372036854775808, 9223372036854775806], 'longrange_iterator', 'longrange_iterator')"},
	{"list(range(2**64, 2**64 + 6, 2)), [i for i in range(-2**64, -2**64 - 3, -1)], sum(range(2**63, 2**63 + 4))", "([18446744073709551616, 18446744073709551618, 18446744073709551620], [-18446744073709551616, -18446744073709551617, -18446744073709551618], 36893488147419103238)"},
	{"it = iter(range(10**20))\nnext(it), next(it), next(iter(range(2**63 - 1, 2**63 + 1))), list(range(2**63 - 2, 2**63 + 1))", "(0, 1, 9223372036854775807, [9223372036854775806, 9223372036854775807, 9223372036854775808])"},
	{"range(0, 2**70, 2**70) == range(0, 1), range(10**20) == range(10**20), range(10**20) == range(0, 10**20, 1), range(10**20) != range(1, 10**20), range(2**64, 2**64) == range(0), hash(range(0, 2**70, 2**70)) == hash(range(1)), {range(0, 10**20): 1}[range(10**20)]", "(True, True, True, True, True, True, 1)"},
	{"range(10**20)[::-1], range(2**62, 2**63 - 1)[::-1], range(-2**63, 2**63 - 1)[::2], range(10)[2:8:2], range(10**20)[5:3]", "(range(99999999999999999999, -1, -1), range(9223372036854775806, 4611686018427387903, -1), range(-9223372036854775808, 9223372036854775807, 2), range(2, 8, 2), range(5, 3))"},
	{"list(range(10**20))", "OverflowError: Python int too large to convert to C ssize_t"},
	{"len(range(2**63, 2**63 + 10)), range(2**63, 2**63 + 10)[3], repr(range(-10**20, 10**20, -3)), str(range(10**20, 0, -1))", "(10, 9223372036854775811, 'range(-100000000000000000000, 100000000000000000000, -3)', 'range(100000000000000000000, 0, -1)')"},
	{"list(range(0, -10**20, -10**19)), list(range(10**20, 0, -3*10**19))", "([0, -10000000000000000000, -20000000000000000000, -30000000000000000000, -40000000000000000000, -50000000000000000000, -60000000000000000000, -70000000000000000000, -80000000000000000000, -90000000000000000000], [100000000000000000000, 70000000000000000000, 40000000000000000000, 10000000000000000000])"},
	{"range(10**20, 0, 0)", "ValueError: range() arg 3 must not be zero"},
	{"r = range(10**20)\nr[::0]", "ValueError: slice step cannot be zero"},
	{"x, *y = range(2**64, 2**64 + 3)\nx, y, max(range(2**64, 2**64 + 3)), sorted(range(2**64 + 2, 2**64 - 1, -1))", "(18446744073709551616, [18446744073709551617, 18446744073709551618], 18446744073709551618, [18446744073709551616, 18446744073709551617, 18446744073709551618])"},
}

func TestBigRange(t *testing.T) { checkCellCases(t, "", bigRangeCases) }

func TestBigRangeAgainstCPython(t *testing.T) {
	checkCellCasesAgainstCPython(t, "", bigRangeCases)
}

// TestRangeStaysInt64 checks that range() of ints that fit, and their
// slices that fit, keep the *Range that the loops' fast paths take.
func TestRangeStaysInt64(t *testing.T) {
	for _, src := range []string{"range(10)", "range(-2**63, 2**63 - 1, 7)", "range(2**70)[:5]", "range(0, 10**30, 10**10)[:3]", "range(10)[::-2]"} {
		v, _, err := NewSession(IO{}).Eval(context.Background(), src)
		if err != nil {
			t.Fatalf("%s: %v", src, err.Render())
		}
		if _, ok := v.(*Range); !ok {
			t.Errorf("%s is a %T, want a *Range", src, v)
		}
	}
}
