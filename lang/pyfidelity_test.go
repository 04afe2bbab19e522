package lang

import (
	"testing"
)

// pythonFidelityCases are Python that learners' scripts run, with CPython
// 3.11's outcomes; TestPythonFidelityAgainstCPython checks them there.
var pythonFidelityCases = []struct{ src, want string }{
	// a subscript with a trailing comma is a tuple (test_grammar's test_selectors)
	{"d = {}\nd[1] = 1\nd[1,] = 2\nd[1, 2] = 3\nd, d[1,], d[1]", "({1: 1, (1,): 2, (1, 2): 3}, 2, 1)"},
	// assert's exception holds its message as given, or no arguments
	{"try:\n    assert 0, ['m']\nexcept AssertionError as e:\n    a = e.args\ntry:\n    assert False\nexcept AssertionError as e:\n    b = e.args\na, b, str(AssertionError())", "((['m'],), (), '')"},
	// a generator expression reads its function's variables when it computes an element
	{"def f():\n    x = 10; t = False; g = ((i, j) for i in range(x) if t for j in range(x))\n    x = 2; t = True\n    gens = [(i * k for i in range(3)) for k in range(3)]\n    return list(g)[:3], [list(h) for h in gens]\nf()", "([(0, 0), (0, 1), (1, 0)], [[0, 2, 4], [0, 2, 4], [0, 2, 4]])"},
	// f.__call__ of a function or builtin calls it
	{"def f(a, b=2):\n    return a + b\nf.__call__(1), f.__call__.__call__(1, b=5), len.__call__([1, 2]), callable(f.__call__)", "(3, 6, 2, True)"},
	// dict() and d.update() take keyword arguments.
	{"dict(a=1, b=2), dict([(\"a\", 1)], b=2), dict({\"x\": 1}, x=2), dict(), dict(pairs=1), dict(iterable=3)", "({'a': 1, 'b': 2}, {'a': 1, 'b': 2}, {'x': 2}, {}, {'pairs': 1}, {'iterable': 3})"},
	{"dict(1, 2)", "TypeError: dict expected at most 1 argument, got 2"},
	{"d = {\"a\": 1}\nd.update(b=2, a=3)\nd.update([(\"c\", 4)], d=5)\nd", "{'a': 3, 'b': 2, 'c': 4, 'd': 5}"},
	{"{}.update(1, 2)", "TypeError: update expected at most 1 argument, got 2"},
	{"config = dict(lr=0.1, epochs=5)\nf\"lr={config['lr']} epochs={config['epochs']}\"", "'lr=0.1 epochs=5'"},
	// int() of a string, with a base.
	{"int(\"  42 \"), int(\"0x1f\", 16), int(\"1_000\"), int(\"0x1f\", 0), int(\"000\", 0), int(\"0x_1f\", 16), int(\"0b101\", 2), int(\"z\", 36), int(\"+5\"), int(\"-0x10\", 16), int(\"12\", base=8), int(\"0o17\", 8)", "(42, 31, 1000, 31, 0, 31, 5, 35, 5, -16, 10, 15)"},
	{"int(\"-9223372036854775808\"), int(\"9223372036854775807\"), int(\"0\"), int(\"-0\")", "(-9223372036854775808, 9223372036854775807, 0, 0)"},
	{"int(\"010\", 0)", "ValueError: invalid literal for int() with base 0: '010'"},
	{"int(\"1__0\")", "ValueError: invalid literal for int() with base 10: '1__0'"},
	{"int(\"_1\")", "ValueError: invalid literal for int() with base 10: '_1'"},
	{"int(\"x\")", "ValueError: invalid literal for int() with base 10: 'x'"},
	{"int(\"1\", 37)", "ValueError: int() base must be >= 2 and <= 36, or 0"},
	{"int(3.5, 10)", "TypeError: int() can't convert non-string with explicit base"},
	{"int(\"\")", "ValueError: invalid literal for int() with base 10: ''"},
	{"int(\"0x\", 16)", "ValueError: invalid literal for int() with base 16: '0x'"},
	{"int(\"1.5e3\")", "ValueError: invalid literal for int() with base 10: '1.5e3'"},
	{"int(\"12\", 2)", "ValueError: invalid literal for int() with base 2: '12'"},
	// round of an int stays an int.
	{"round(12345, -2), round(12355, -1), round(12345, -1), round(-12355, -1), round(5, 2), round(15, -1), round(25, -1), round(123, -5), type(round(5, 0)).__name__", "(12300, 12360, 12340, -12360, 5, 20, 20, 0, 'int')"},
	// pow with a modulus.
	{"pow(2, 10, 1000), pow(3, -1, 7), pow(2, 0.5), pow(-2, 3, 5), pow(2, 3, -5), pow(5, 0, 1), pow(True, 2, 3), pow(10, 18, 7)", "(24, 5, 1.4142135623730951, 2, -2, 0, 1, 1)"},
	{"pow(2, 3, 0)", "ValueError: pow() 3rd argument cannot be 0"},
	{"pow(2, -1, 4)", "ValueError: base is not invertible for the given modulus"},
	{"pow(2.0, 3, 5)", "TypeError: pow() 3rd argument not allowed unless all arguments are integers"},
	// pow's three operands go through each type's power slot, as
	// CPython's ternary_op: float and complex refuse any modulus, a user
	// class's __pow__ takes it, anything else names the three types.
	{"pow(2, 2.0, 3)", "TypeError: pow() 3rd argument not allowed unless all arguments are integers"},
	{"pow(2, 2, 3.0)", "TypeError: pow() 3rd argument not allowed unless all arguments are integers"},
	{"pow(2.0, 'a', 3)", "TypeError: pow() 3rd argument not allowed unless all arguments are integers"},
	{"pow(2j, 2, 3)", "ValueError: complex modulo"},
	{"pow(2, 2, 3j)", "ValueError: complex modulo"},
	{"pow(2, 'a', 3)", "TypeError: unsupported operand type(s) for ** or pow(): 'int', 'str', 'int'"},
	{"pow(2, 2, 'a')", "TypeError: unsupported operand type(s) for ** or pow(): 'int', 'int', 'str'"},
	{"pow(None, 2, 3)", "TypeError: unsupported operand type(s) for ** or pow(): 'NoneType', 'int', 'int'"},
	{"class P:\n    def __pow__(self, e, m=None):\n        return ('pow', e, m)\nclass Q:\n    def __rpow__(self, b):\n        return 'r'\npow(P(), 2, 3), pow(P(), 2), 2 ** Q()", "(('pow', 2, 3), ('pow', 2, None), 'r')"},
	{"class Q:\n    def __rpow__(self, b):\n        return 'r'\npow(2, Q(), 3)", "TypeError: unsupported operand type(s) for ** or pow(): 'int', 'Q', 'int'"},
	{"pow(2, 3, None), pow(2.0, 2, None), pow(2, 3, mod=5), pow(2, exp=3), pow(2, exp=3, mod=5), pow(True, True, 2), pow(2**70, 3, 7)", "(8, 4.0, 3, 8, 3, 1, 1)"},
	{"pow(2)", "TypeError: pow() missing required argument 'exp' (pos 2)"},
	{"pow(2, mod=5)", "TypeError: pow() missing required argument 'exp' (pos 2)"},
	{"pow(2, 3, 4, 5)", "TypeError: pow() takes at most 3 arguments (4 given)"},
	{"pow(2, 3, exp=4)", "TypeError: argument for pow() given by name ('exp') and position (2)"},
	{"pow(2, 3, z=1)", "TypeError: 'z' is an invalid keyword argument for pow()"},
	// range's arguments go through operator.index.
	{"range(1.5)", "TypeError: 'float' object cannot be interpreted as an integer"},
	{"range(0, 5, 'a')", "TypeError: 'str' object cannot be interpreted as an integer"},
	{"range(5, None)", "TypeError: 'NoneType' object cannot be interpreted as an integer"},
	{"class I:\n    def __index__(self):\n        return 3\nlist(range(I())), list(range(True, 7, I())), range(0, 5, 0) if False else list(range(-2))", "([0, 1, 2], [1, 4], [])"},
	{"range(0, 5, 0)", "ValueError: range() arg 3 must not be zero"},
	// round's ndigits by name; one-argument builtins count their arguments.
	{"round(1.55, ndigits=1), round(2.5, ndigits=None), round(12345, ndigits=-2)", "(1.6, 2, 12300)"},
	{"round(1.5, 1, 2)", "TypeError: round() takes at most 2 arguments (3 given)"},
	{"round(1.5, 1, ndigits=1)", "TypeError: round() takes at most 2 arguments (3 given)"},
	{"round(1.5, z=1)", "TypeError: 'z' is an invalid keyword argument for round()"},
	{"sum([1], z=1)", "TypeError: 'z' is an invalid keyword argument for sum()"},
	{"max(1, 2, z=1)", "TypeError: 'z' is an invalid keyword argument for max()"},
	{"abs(1, 2)", "TypeError: abs() takes exactly one argument (2 given)"},
	{"any([1], 2)", "TypeError: any() takes exactly one argument (2 given)"},
	{"all([1], z=1)", "TypeError: all() takes no keyword arguments"},
	// repr of strings quotes as CPython does.
	{"repr(\"it's\"), repr('say \"hi\"'), repr(\"both ' and \\\"\"), repr(\"a\\tb\\nc\\\\\"), repr(\"\\x07\\x7f\\xa0é€😀\"), repr(\"\\u200b\"), str([\"it's\"]), repr(\"\\r\")", "('\"it\\'s\"', '\\'say \"hi\"\\'', '\\'both \\\\\\' and \"\\'', \"'a\\\\tb\\\\nc\\\\\\\\'\", \"'\\\\x07\\\\x7f\\\\xa0é€😀'\", \"'\\\\u200b'\", '[\"it\\'s\"]', \"'\\\\r'\")"},
	{"print_me = [\"a'b\", \"c\"]\nrepr(print_me), f\"{'x'!r}\", \"%r\" % \"it's\"", "('[\"a\\'b\", \\'c\\']', \"'x'\", '\"it\\'s\"')"},
	// str.lower and the other methods of the classes, unbound.
	{"sorted([\"b\", \"A\", \"c\"], key=str.lower), str.lower is str.lower, list(map(str.strip, [\" a \", \"b \"])), str.join(\"-\", \"ab\"), dict.get({\"a\": 1}, \"a\"), str.upper(\"x\")", "(['A', 'b', 'c'], True, ['a', 'b'], 'a-b', 1, 'X')"},
	{"l = []\nlist.append(l, 1)\nl, str.split(\"a b\"), str.replace(\"aa\", \"a\", \"b\"), max([\"bb\", \"a\", \"ccc\"], key=len)", "([1], ['a', 'b'], 'bb', 'ccc')"},
	{"str.lower(5)", "TypeError: descriptor 'lower' for 'str' objects doesn't apply to a 'int' object"},
	// ranges: slices are ranges, == compares the ints.
	{"range(5)[1:3], range(10)[2:8:2], range(0, 10, 3)[::-1], range(10)[::-2], range(5)[10:], range(5)[-2:], range(3)[:], list(range(10)[::-3])", "(range(1, 3), range(2, 8, 2), range(9, -3, -3), range(9, -1, -2), range(5, 5), range(3, 5), range(0, 3), [9, 6, 3, 0])"},
	{"range(3) == range(3), range(0) == range(3, 3), range(0, 3, 2) == range(0, 4, 2), range(1, 2) == range(1, 5, 10), range(3) == [0, 1, 2], range(3) != range(4)", "(True, True, True, True, False, True)"},
	{"range(10**12)[::2][5], len(range(10**12)[1::3]), range(5)[1:3][0], range(10)[-1], range(2, 20, 3)[2]", "(10, 333333333333, 1, 9, 8)"},
	{"range(3)[5]", "IndexError: range object index out of range"},
	{"range(3)[\"a\"]", "TypeError: range indices must be integers or slices, not str"},
	// random.sample and random.choices draw CPython's values for the same seed.
	{"import random\nrandom.seed(0)\nrandom.sample(range(10), 3), random.sample(\"abcdef\", 6), random.sample([1, 2, 3], 0), random.sample(range(100), 7), random.sample(range(10**6), 5)", "([6, 9, 0], ['c', 'e', 'd', 'b', 'f', 'a'], [], [45, 74, 27, 64, 17, 36, 96], [99437, 648406, 838234, 262674, 953938])"},
	{"import random\nrandom.seed(42)\nxs = list(range(50))\nbatch = random.sample(xs, 10)\nbatch, sorted(random.sample(xs, 50)) == xs", "([40, 7, 1, 17, 15, 14, 8, 6, 34, 5], True)"},
	{"import random\nrandom.seed(1)\nrandom.choices([1, 2, 3]), random.choices(\"ab\", k=5), random.choices(range(10), k=3), random.choices([1, 2], k=0)", "([1], ['b', 'b', 'a', 'a', 'a'], [6, 7, 0], [])"},
	{"import random\nrandom.seed(7)\nrandom.choices([\"a\", \"b\", \"c\"], weights=[10, 1, 1], k=8), random.choices(\"xyz\", cum_weights=[1, 1, 5], k=6), random.choices([0, 1], [0.5, 0.5], k=4)", "(['a', 'a', 'a', 'a', 'a', 'a', 'a', 'a'], ['x', 'z', 'x', 'x', 'z', 'z'], [0, 0, 1, 1])"},
	{"import random\nrandom.sample([1, 2], 3)", "ValueError: Sample larger than population or is negative"},
	{"import random\nrandom.sample({1, 2}, 1)", "TypeError: Population must be a sequence.  For dicts or sets, use sorted(d)."},
	{"import random\nrandom.sample([1, 2], -1)", "ValueError: Sample larger than population or is negative"},
	{"import random\nrandom.choices([])", "IndexError: list index out of range"},
	{"import random\nrandom.choices([1, 2], weights=[1])", "ValueError: The number of weights does not match the population"},
	{"import random\nrandom.choices([1, 2], [1, 2], cum_weights=[1, 2])", "TypeError: Cannot specify both weights and cumulative weights"},
	{"import random\nrandom.choices([1, 2], weights=[0, 0])", "ValueError: Total of weights must be greater than zero"},
	{"import random\nrandom.choices([], weights=[], k=1)", "IndexError: list index out of range"},
	// itertools: the finite iterators, CPython's elements and order.
	{"import itertools\nlist(itertools.product([1, 2], \"ab\")), list(itertools.product(\"ab\", repeat=2)), list(itertools.product()), list(itertools.product([1, 2], repeat=0)), list(itertools.product([1], []))", "([(1, 'a'), (1, 'b'), (2, 'a'), (2, 'b')], [('a', 'a'), ('a', 'b'), ('b', 'a'), ('b', 'b')], [()], [()], [])"},
	{"import itertools\nlist(itertools.chain([1], (2, 3), \"ab\")), list(itertools.chain()), list(itertools.combinations(\"abcd\", 2)), list(itertools.combinations(range(4), 3)), list(itertools.combinations(\"ab\", 3)), list(itertools.combinations(\"abc\", 0))", "([1, 2, 3, 'a', 'b'], [], [('a', 'b'), ('a', 'c'), ('a', 'd'), ('b', 'c'), ('b', 'd'), ('c', 'd')], [(0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)], [], [()])"},
	{"import itertools\nlist(itertools.permutations([1, 2, 3])), list(itertools.permutations(\"abc\", 2)), list(itertools.permutations([1, 2], 5))", "([(1, 2, 3), (1, 3, 2), (2, 1, 3), (2, 3, 1), (3, 1, 2), (3, 2, 1)], [('a', 'b'), ('a', 'c'), ('b', 'a'), ('b', 'c'), ('c', 'a'), ('c', 'b')], [])"},
	{"import itertools\nlist(itertools.accumulate([1, 2, 3, 4])), list(itertools.accumulate([1, 2, 3], initial=10)), list(itertools.accumulate([3, 1, 4, 1, 5], max)), list(itertools.accumulate([1, 2, 3], lambda a, b: a * b)), list(itertools.accumulate([]))", "([1, 3, 6, 10], [10, 11, 13, 16], [3, 3, 4, 4, 5], [1, 2, 6], [])"},
	{"import itertools\nlist(itertools.islice(\"abcdef\", 3)), list(itertools.islice(\"abcdef\", 2, None, 2)), list(itertools.islice(range(10), 1, 4)), list(itertools.islice([1, 2], 5)), list(itertools.islice(\"abc\", None))", "(['a', 'b', 'c'], ['c', 'e'], [1, 2, 3], [1, 2], ['a', 'b', 'c'])"},
	{"import itertools\nlist(itertools.zip_longest(\"ab\", [1], fillvalue=0)), list(itertools.zip_longest([1, 2, 3], \"x\")), list(itertools.pairwise([1, 2, 3])), list(itertools.pairwise(\"a\")), list(itertools.repeat(\"x\", 3)), list(itertools.repeat(1, -2))", "([('a', 1), ('b', 0)], [(1, 'x'), (2, None), (3, None)], [(1, 2), (2, 3)], [], ['x', 'x', 'x'], [])"},
	{"import itertools\nseen = []\nfor i, (a, b) in enumerate(itertools.product(range(2), repeat=2)):\n    seen.append((i, a + b))\ngrid = [(lr, bs) for lr, bs in itertools.product([0.1, 0.01], [16, 32])]\nseen, grid", "([(0, 0), (1, 1), (2, 1), (3, 2)], [(0.1, 16), (0.1, 32), (0.01, 16), (0.01, 32)])"},
	{"import itertools\nit = itertools.chain([1], [2])\nnext(it), list(it), list(it)", "(1, [2], [])"},
	{"import itertools\nlen(list(itertools.combinations(range(30), 28))), len(list(itertools.combinations(range(20), 10))), len(list(itertools.permutations(range(8), 3)))", "(435, 184756, 336)"},
	{"import itertools\nlist(itertools.combinations([1, 2], -1))", "ValueError: r must be non-negative"},
	{"import itertools\nlist(itertools.product([1], repeat=-1))", "ValueError: repeat argument cannot be negative"},
	{"import itertools\nitertools.islice([1], -1)", "ValueError: Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize."},
	{"import itertools\nitertools.islice([1], 0, 1, 0)", "ValueError: Step for islice() must be a positive integer or None."},
	// dict and set comprehensions insert each element as it comes: key,
	// value, insertion, then the next; an unhashable one stops the loop
	{"log = []\ndef k(i):\n    log.append(('k', i))\n    return [] if i == 1 else i\ndef v(i):\n    log.append(('v', i))\n    return i\ntry:\n    {k(i): v(i) for i in range(3)}\nexcept TypeError as e:\n    log.append(str(e))\ntry:\n    {k(i) for i in range(3)}\nexcept TypeError as e:\n    log.append(str(e))\nlog", "[('k', 0), ('v', 0), ('k', 1), ('v', 1), \"unhashable type: 'list'\", ('k', 0), ('k', 1), \"unhashable type: 'list'\"]"},
	{"{i % 3: i for i in range(7)}, {c for c in 'abcab'} == set('abc'), {k: v for k, v in zip('ab', range(5))}, {x: y for x in range(2) for y in 'ab' if x}", "({0: 6, 1: 4, 2: 5}, True, {'a': 0, 'b': 1}, {1: 'b'})"},
	// functools.reduce and partial.
	{"from functools import reduce, partial\nreduce(lambda a, b: a * b, [1, 2, 3, 4]), reduce(lambda a, b: a + b, [], 0), reduce(max, [3, 9, 2]), reduce(lambda acc, w: acc + len(w), [\"ab\", \"c\"], 0)", "(24, 0, 9, 3)"},
	{"from functools import reduce\nreduce(lambda a, b: a + b, [])", "TypeError: reduce() of empty iterable with no initial value"},
	{"from functools import partial\ndef scale(x, factor=2, shift=0):\n    return x * factor + shift\ndouble = partial(scale, factor=2)\ntriple_plus = partial(scale, factor=3, shift=1)\ndouble(5), triple_plus(2), triple_plus(2, shift=10), partial(pow, 2)(10), list(map(partial(scale, shift=1), [1, 2]))", "(10, 7, 16, 1024, [3, 5])"},
	{"import functools\nfunctools.partial(3)", "TypeError: the first argument must be callable"},
}

func TestPythonFidelity(t *testing.T) {
	checkCellCases(t, "", pythonFidelityCases)
}

func TestPythonFidelityAgainstCPython(t *testing.T) {
	checkCellCasesAgainstCPython(t, "", pythonFidelityCases)
}

// TestPythonFidelityRefusals checks where kael deliberately differs from
// CPython: kael's errors, not CPython's.
func TestPythonFidelityRefusals(t *testing.T) {
	checkCellCases(t, "", []struct{ src, want string }{
		// kael's combinatoric iterators compute their elements at once.
		{"import itertools\nlist(itertools.product(range(10000), range(10000)))", "MemoryError: itertools.product would make more than 67108864 elements"},
		{"import itertools\nlen(list(itertools.permutations(range(12))))", "MemoryError: itertools.permutations would make more than 67108864 elements"},
	})
}

// FuzzIntLiteral feeds int(text, base) any text: it never panics, and the
// text of what it reads reads back to the same int.
func FuzzIntLiteral(f *testing.F) {
	for _, s := range []string{"42", " -0x1f ", "1_000", "0b_101", "010", "z", "9223372036854775808", "+_1", ""} {
		f.Add(s, int64(0))
		f.Add(s, int64(16))
	}
	f.Fuzz(func(t *testing.T, text string, base int64) {
		n, err := parseIntLiteral(text, base)
		if err != nil {
			return
		}
		b := max(base, 10)
		if base == 0 {
			b = 10
		}
		z, _ := BigOf(n)
		back, err := parseIntLiteral(z.Text(int(b)), b)
		if err != nil || !equal(back, n) {
			t.Fatalf("int(%q, %d) = %d, whose text in base %d reads as %d, %v", text, base, n, b, back, err)
		}
	})
}
