package lang

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestDeepEvaluationIsBounded checks that deep expressions and deep
// recursion through them end in an error, never a fatal Go stack overflow.
func TestDeepEvaluationIsBounded(t *testing.T) {
	terms := func(x string, n int) string { return strings.TrimSuffix(strings.Repeat(x+" + ", n), " + ") }
	tests := []struct{ name, src, want string }{
		{"2.8 MB constant chain", "x = " + terms("1", 1_400_000) + "\nx", "SyntaxError: expression nested too deeply (more than 150000 levels)"},
		{"power tower", "x = " + strings.Repeat("1**", 1_400_000) + "1", "SyntaxError: expression nested too deeply"},
		{"long constant chain", "x = " + terms("1", 400_000) + "\nx", "SyntaxError: expression nested too deeply (more than 150000 levels)"},
		{"constant chain within the limit", terms("1", 140_000), "140000"},
		{"long chain of names", "a = 1\nx = " + terms("a", 400_000), "SyntaxError: expression nested too deeply (more than 150000 levels)"},
		{"long chain in a class body", "class C:\n    __a = 1\n    x = " + terms("__a", 400_000), "SyntaxError: expression nested too deeply (more than 150000 levels)"},
		{"chain within the limit", "a = 1\n" + terms("a", 100_000), "100000"},
		{"call chain", "x = f" + strings.Repeat("()", 1_000_000), "SyntaxError: expression nested too deeply (more than 150000 levels)"},
		{"call chain as a statement", "f" + strings.Repeat("()", 1_000_000), "SyntaxError: expression nested too deeply (more than 150000 levels)"},
		{"call chain returned", "def g():\n    return f" + strings.Repeat("()", 1_000_000), "SyntaxError: expression nested too deeply (more than 150000 levels)"},
		{"call chain asserted", "assert f" + strings.Repeat("()", 1_000_000), "SyntaxError: expression nested too deeply (more than 150000 levels)"},
		{"super() call chain", "x = super" + strings.Repeat("()", 400_000), "SyntaxError: expression nested too deeply (more than 150000 levels)"},
		{"recursion through a deep expression", "def f(n):\n    return 0 if n == 0 else f(n - 1)" + strings.Repeat(".real", 20_000) + "\nf(400)",
			"RecursionError: maximum recursion depth exceeded (29 calls of deeply nested expressions)"},
		// A chain runs in a loop, so it costs a recursion no depth: 400
		// calls each adding 20,000 terms (CPython refuses to compile it).
		{"recursion through a long chain", "def f(n):\n    return 0 if n == 0 else f(n - 1) + " + terms("n", 20_000) + "\nf(400)", "1604000000"},
		{"chain of mixed operators", "a = 3\n" + strings.Repeat("a * 2 - ", 40) + "a", "-231"},
		{"chain of strings", "s = 'ab'\nlen(" + terms("s", 1000) + ")", "2000"},
		{"chain error at its term", "a = 1\n" + terms("a", 100) + " + 'x' + a", "TypeError: unsupported operand type(s) for +: 'int' and 'str'"},
	}
	for _, tt := range tests {
		if got := run(t, tt.src); got != tt.want {
			t.Errorf("%s: got %.200s, want %s", tt.name, got, tt.want)
		}
	}
}

// TestGrowthIsGuarded checks the memory guards of building lists and
// strings: concatenation and comprehensions stop with a MemoryError, as
// repetition does, instead of exhausting the process. The limit is lowered
// for the test (the real one, 2**26 elements, is a gigabyte of list).
func TestGrowthIsGuarded(t *testing.T) {
	defer func(saved int) { growthLimit = saved }(growthLimit)
	growthLimit = 1000
	tests := []struct{ name, src, want string }{
		{"string doubling", "s = 'ab'\nfor i in range(40):\n    s = s + s", "MemoryError: concatenating two strs of 512 and 512 elements needs too much memory"},
		{"list doubling", "l = [0]\nfor i in range(40):\n    l = l + l", "MemoryError: concatenating two lists of 512 and 512 elements needs too much memory"},
		{"list +=", "l = [0]\nfor i in range(40):\n    l += l", "MemoryError: concatenating two lists of 512 and 512 elements needs too much memory"},
		{"tuple doubling", "t = (0,)\nfor i in range(40):\n    t = t + t", "MemoryError: concatenating two tuples of 512 and 512 elements needs too much memory"},
		{"within the limit", "len('a' * 500 + 'b' * 500), len([0] * 999 + [1])", "(1000, 1000)"},
		{"comprehension", "[i for i in range(10**12)]", "MemoryError: a list comprehension of more than 1000 elements is too long"},
		{"nested comprehension", "[i * j for i in range(100) for j in range(100)]", "MemoryError: a list comprehension of more than 1000 elements is too long"},
		{"comprehension within the limit", "len([i for i in range(1000)])", "1000"},
	}
	for _, tt := range tests {
		if got := run(t, tt.src); got != tt.want {
			t.Errorf("%s: got %.200s, want %s", tt.name, got, tt.want)
		}
	}
	s := NewSession(IO{})
	s.Exec(context.Background(), "", "s = 'ab'")
	s.Exec(context.Background(), "", "for i in range(40):\n    s = s + s")
	if got := outcome(s.Exec(context.Background(), "", "len(s)")); got != "512" {
		t.Errorf("after the MemoryError s has %s characters, want the 512 it had", got)
	}
}

// TestDeepListsCompareCorrectly checks == on containers nested deeper than
// any recursion limit, and on lists that hold themselves.
func TestDeepListsCompareCorrectly(t *testing.T) {
	nest := "def nest(n):\n    l = []\n    for i in range(n):\n        l = [l]\n    return l\n"
	tests := []struct{ src, want string }{
		{nest + "nest(1001) == nest(1001)", "True"},
		{nest + "nest(100000) == nest(100000)", "True"},
		{nest + "nest(1001) == nest(1002)", "False"},
		{nest + "a = nest(5000)\nb = nest(5000)\nb[0][0][0] = [1]\na == b, a != b", "(False, True)"},
		{"a = [1]\na.append(a)\nb = [1]\nb.append(b)\na == b, a == [1, a]", "(True, True)"},
		{"d = {'k': 1}\nd['me'] = d\ne = {'k': 1}\ne['me'] = e\nd == e", "True"},
		{"[1, (2, [3, {'a': [4]}])] == [1, (2, [3, {'a': [4]}])], [1, [2]] == [1, [3]]", "(True, False)"},
	}
	for _, tt := range tests {
		if got := run(t, tt.src); got != tt.want {
			t.Errorf("%.60q: got %.200s, want %s", tt.src, got, tt.want)
		}
	}
}

// TestDeepImportIsRecursionError imports dotted names of many parts: as in
// CPython, whose importlib nests calls for each package, past the
// recursion limit it is a RecursionError at once; a short one is the
// ModuleNotFoundError of its first part. CPython's message depends on
// where the limit is met, so the kinds are compared with it.
func TestDeepImportIsRecursionError(t *testing.T) {
	dotted := func(n int) string { return strings.Repeat("a.", n-1) + "a" }
	srcs := []string{"import " + dotted(10), "import " + dotted(300), "import " + dotted(16_000),
		"import " + dotted(16_000) + " as b", "from " + dotted(16_000) + " import b"}
	want := cpythonCellOutcomes(t, "", srcs)
	for i, src := range srcs {
		start := time.Now()
		got := run(t, src)
		kind, _, _ := strings.Cut(got, ":")
		wantKind, _, _ := strings.Cut(want[i], ":")
		if kind != wantKind || kind == "RecursionError" && got != "RecursionError: maximum recursion depth exceeded" {
			t.Errorf("%.60s...: got %.100s, CPython %.100s", src, got, want[i])
		}
		if took := time.Since(start); took > 10*time.Second {
			t.Errorf("%.60s...: took %v", src, took)
		}
	}
	recursion := "RecursionError: maximum recursion depth exceeded"
	checkCellCases(t, "import sys\nsys.setrecursionlimit(100)", []struct{ src, want string }{
		{"import " + dotted(20), "ModuleNotFoundError: No module named 'a'"},
		{"import " + dotted(30), recursion},
		{"def f(n):\n    if n:\n        return f(n - 1)\n    import " + dotted(20) + "\nf(50)", recursion},
	})
}
