package lang

import (
	"context"
	"strings"
	"testing"
	"time"
)

// run executes src in a fresh session and returns the repr of its value, or
// "Kind: msg" of its error.
func run(t *testing.T, src string) string {
	t.Helper()
	s := NewSession(IO{})
	return outcome(s.Exec(context.Background(), "", src))
}

func outcome(r Result) string {
	if r.Err != nil {
		return string(r.Err.Kind) + ": " + r.Err.Msg
	}
	if r.Value == nil {
		return "<none>"
	}
	return Repr(r.Value)
}

func TestExpressions(t *testing.T) {
	tests := []struct{ src, want string }{
		{"1 + 2 * 3", "7"},
		{"-2 ** 2", "-4"},
		{"2 ** -1", "0.5"},
		{"7 // 2, -7 // 2, 7 % -3, -7 % 3", "(3, -4, -2, 2)"},
		{"7 / 2", "3.5"},
		{"1.5 // 0.5, 5.5 % 2", "(3.0, 1.5)"},
		{"True + True", "2"},
		{"1 < 2 < 3, 1 < 3 < 2", "(True, False)"},
		{"0 or 'x', 1 and 0, not 0", "('x', 0, True)"},
		{"'a' if 1 > 2 else 'b'", "'b'"},
		{"[1, 2] + [3], (1,) * 2, 'ab' * 2", "([1, 2, 3], (1, 1), 'abab')"},
		{"3 in [1, 2, 3], 'b' in 'abc', 4 not in (1, 2)", "(True, True, True)"},
		{"None is None, [] is []", "(True, False)"},
		{"[1, 2, 3][-1], 'hello'[1:4], [0, 1, 2, 3, 4][::2], [0, 1, 2][::-1]", "(3, 'ell', [0, 2, 4], [2, 1, 0])"},
		{"{'a': 1, 'b': 2}['b']", "2"},
		{"[x * x for x in range(5) if x % 2 == 1]", "[1, 9]"},
		{"[(i, j) for i in range(2) for j in range(2)]", "[(0, 0), (0, 1), (1, 0), (1, 1)]"},
		{"(lambda a, b=2: a * b)(3)", "6"},
		{"6 & 3, 6 | 3, 6 ^ 3, ~6, 1 << 4, -16 >> 2", "(2, 7, 5, -7, 16, -4)"},
		{"1e-3, .5, 2., 1.0", "(0.001, 0.5, 2.0, 1.0)"},
		{"(1, 2) == [1, 2], [1, 2] < [1, 3]", "(False, True)"},
		{"float32, int64", "(torch.float32, torch.int64)"},
		{"math.pi > 3, math.floor(2.7)", "(True, 2)"},
		{"F != 0, F == F, math is math, ... == ..., [F] == [F], F == math", "(True, True, True, True, True, False)"},
	}
	for _, tt := range tests {
		if got := run(t, tt.src); got != tt.want {
			t.Errorf("%s\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

func TestStatements(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"assign and augment", "x = 1\nx += 2\nx *= 3\nx", "9"},
		{"chained", "a = b = 4\na + b", "8"},
		{"unpack", "a, b = 1, 2\na, b = b, a\n[a, b]", "[2, 1]"},
		{"nested unpack", "(a, b), c = (1, 2), 3\na + b + c", "6"},
		{"if elif else", "x = 5\nif x < 3:\n    y = 'small'\nelif x < 10:\n    y = 'mid'\nelse:\n    y = 'big'\ny", "'mid'"},
		{"for with break/continue", "s = 0\nfor i in range(10):\n    if i == 7:\n        break\n    if i % 2:\n        continue\n    s += i\ns", "12"},
		{"while", "n = 0\nwhile n < 5:\n    n += 1\nn", "5"},
		{"def and return", "def f(a, b=10, *rest, **kw):\n    return a + b + len(rest) + len(kw)\nf(1), f(1, 2, 3, 4), f(1, x=5)", "(11, 5, 12)"},
		{"recursion", "def fib(n):\n    return n if n < 2 else fib(n - 1) + fib(n - 2)\nfib(15)", "610"},
		{"closure", "def make(k):\n    def add(x):\n        return x + k\n    return add\nmake(3)(4)", "7"},
		{"del", "x = 1\ndel x\n'x' in [1]", "False"},
		{"list index assign", "l = [1, 2, 3]\nl[0] = 9\nl[1:2] = [7, 8]\nl", "[9, 7, 8, 3]"},
		{"dict ops", "d = {}\nd['k'] = 1\nd['k'] += 1\ndel d['k']\nlen(d)", "0"},
		{"list += extends in place", "a = [1]\nb = a\na += [2]\nb", "[1, 2]"},
		{"assert that holds", "assert 1 < 2\n'ok'", "'ok'"},
		{"pass and semicolons", "x = 1; y = 2; pass\nx + y", "3"},
		{"for over dict and string", "out = []\nfor k in {'a': 1, 'b': 2}:\n    out.append(k)\nfor c in 'xy':\n    out.append(c)\nout", "['a', 'b', 'x', 'y']"},
		{"last statement not an expression", "x = 1", "<none>"},
		{"None result hidden", "None", "<none>"},
		{"underscore holds last result", "1 + 1\n", "2"},
		{"list holding itself", "x = [1]\nx.append(x)\nx, x == x", "([1, [...]], True)"},
		{"dict holding itself", "d = {}\nd['me'] = d\nd", "{'me': {...}}"},
	}
	for _, tt := range tests {
		if got := run(t, tt.src); got != tt.want {
			t.Errorf("%s: got %s, want %s", tt.name, got, tt.want)
		}
	}
}

func TestErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{"undefined", "NameError: name 'undefined' is not defined"},
		{"1 / 0", "ZeroDivisionError: division by zero"},
		{"1 // 0", "ZeroDivisionError: integer division or modulo by zero"},
		{"1.0 % 0", "ZeroDivisionError: float modulo"},
		{"'a' + 1", "TypeError: can only concatenate str (not \"int\") to str"},
		{"[1][5]", "IndexError: list index out of range"},
		{"{'a': 1}['b']", "KeyError: 'b'"},
		{"(1).foo", "AttributeError: 'int' object has no attribute 'foo'"},
		{"a, b = 1, 2, 3", "ValueError: too many values to unpack (expected 2)"},
		{"def f(x):\n    return x\nf()", "TypeError: f() missing 1 required positional argument: 'x'"},
		{"def f(x):\n    return x\nf(1, 2)", "TypeError: f() takes 1 positional argument but 2 were given"},
		{"len(1, 2)", "TypeError: len() takes exactly one argument (2 given)"},
		{"range(1, step=0)", "ValueError: range() arg 3 must not be zero"},
		{"def f(n):\n    return f(n + 1)\nf(0)", "RecursionError: maximum recursion depth exceeded (500 calls)"},
		{"9223372036854775807 + 1", "9223372036854775808"},
		{"break", "SyntaxError: 'break' outside loop"},
		{"return 1", "SyntaxError: 'return' outside function"},
		{"x = (1,", "SyntaxError: '(' was never closed"},
		{"import torchh", "ModuleNotFoundError: No module named 'torchh'"},
		{"float32(1)", "TypeError: 'dtype' object is not callable"},
		{"assert 1 + 1 == 3, 'math is broken'", "AssertionError: math is broken"},
		{"assert []", "AssertionError"},
		{"list(range(10**12))", "MemoryError: a range of 1000000000000 elements is too long to hold in a list"},
		{"x = [1]\nx.append(x)\ntensor(x)", "ValueError: nested sequences are deeper than 64 levels"},
		{"print(1, sepp='-')", "TypeError: print() got an unexpected keyword argument 'sepp'"},
	}
	for _, tt := range tests {
		got := run(t, tt.src)
		if !strings.HasPrefix(got, tt.want) {
			t.Errorf("%q\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

func TestErrorRendering(t *testing.T) {
	s := NewSession(IO{})
	s.Exec(context.Background(), "", "total = 1")
	r := s.Exec(context.Background(), "cell.kael", "y = totl + lenn([1])")
	if r.Err == nil {
		t.Fatal("no error")
	}
	want := "cell.kael:1:5: NameError: name 'totl' is not defined\n" +
		"1 | y = totl + lenn([1])\n" +
		"  |     ^^^^\n" +
		"hint: did you mean `total`?"
	if got := r.Err.Render(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	r = s.Exec(context.Background(), "", "def f(x):\n    return x / 0\n\nf(2)")
	got := r.Err.Render()
	for _, part := range []string{"in call at 4:1", "4 | f(2)", "2:12: ZeroDivisionError: division by zero", "2 |     return x / 0", "^^^^^"} {
		if !strings.Contains(got, part) {
			t.Errorf("traceback lacks %q:\n%s", part, got)
		}
	}
	// Builtins and user functions bind arguments with the same rules and
	// hints.
	s.Exec(context.Background(), "", "def g(a, b=1, *rest, scale=2, **kw):\n    return (a, b, rest, scale, kw)\ndef h(a, scale=2):\n    return a")
	for _, tt := range []struct{ src, msg, hint string }{
		{"print(1, sepp=2)", "print() got an unexpected keyword argument 'sepp'", "did you mean `sep`?"},
		{"h(1, scael=3)", "h() got an unexpected keyword argument 'scael'", "did you mean `scale`?"},
		{"h(1, 2, 3)", "h() takes from 1 to 2 positional arguments but 3 were given", ""},
		{"g(b=2)", "g() missing 1 required positional argument: 'a'", "the signature is g(a, b=1, *rest, scale=2, **kw)"},
		{"g(1, a=2)", "g() got multiple values for argument 'a'", ""},
		{"g(1, rest=2)", "", ""}, // rest goes to **kw, as in Python
	} {
		r = s.Exec(context.Background(), "", tt.src)
		switch {
		case tt.msg == "" && r.Err != nil:
			t.Errorf("%s: %v", tt.src, r.Err)
		case tt.msg != "" && (r.Err == nil || r.Err.Msg != tt.msg || r.Err.Hint != tt.hint):
			t.Errorf("%s: got %+v, want %q with hint %q", tt.src, r.Err, tt.msg, tt.hint)
		}
	}
	if v, _, err := s.Eval(context.Background(), "g(1, 2, 3, 4, scale=5, z=6)"); err != nil || Repr(v) != "(1, 2, (3, 4), 5, {'z': 6})" {
		t.Errorf("g(1, 2, 3, 4, scale=5, z=6) = %s, %v", Repr(v), err)
	}
}

func TestFailingStatementChangesNothing(t *testing.T) {
	s := NewSession(IO{})
	ctx := context.Background()
	s.Exec(ctx, "", "x = 1\nl = [1, 2]\na, b = 10, 20")
	for _, src := range []string{
		"x = undefined",
		"x = 1 / 0",
		"a, b = 1, 2, 3",
		"l[5] = 0",
		"x += 'a'",
		"x = [1, 2][9]",
	} {
		if r := s.Exec(ctx, "", src); r.Err == nil {
			t.Fatalf("%q did not fail", src)
		}
	}
	if got := outcome(s.Exec(ctx, "", "x, l, a, b")); got != "(1, [1, 2], 10, 20)" {
		t.Errorf("state after failures: %s", got)
	}
	// Statements before the failing one in the same cell have run.
	s.Exec(ctx, "", "x = 2\ny = nope")
	if got := outcome(s.Exec(ctx, "", "x")); got != "2" {
		t.Errorf("x = %s", got)
	}
}

func TestCancellationStopsLoops(t *testing.T) {
	s := NewSession(IO{})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan Result)
	go func() { done <- s.Exec(ctx, "", "i = 0\nwhile True:\n    i += 1") }()
	time.Sleep(50 * time.Millisecond)
	start := time.Now()
	cancel()
	var r Result
	select {
	case r = <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("loop did not stop")
	}
	if r.Err == nil || r.Err.Kind != KeyboardInterrupt {
		t.Fatalf("result %v", r.Err)
	}
	if d := time.Since(start); d > 5*time.Second { // generous: a loaded 2-core machine
		t.Errorf("stopping took %v", d)
	}
	if got := outcome(s.Exec(context.Background(), "", "i > 0")); got != "True" {
		t.Errorf("i > 0 = %s after interrupt", got)
	}
}

func TestPrintAndUnderscore(t *testing.T) {
	var out strings.Builder
	s := NewSession(IO{Stdout: &out})
	ctx := context.Background()
	s.Exec(ctx, "", "print('a', 1, 2.5, None, [1, 'x'], sep='|')\nprint('b', end='')")
	if got := out.String(); got != "a|1|2.5|None|[1, 'x']\nb" {
		t.Errorf("printed %q", got)
	}
	s.Exec(ctx, "", "21 * 2")
	if got := outcome(s.Exec(ctx, "", "_ + 1")); got != "43" {
		t.Errorf("_ + 1 = %s", got)
	}
}

func TestCompleteness(t *testing.T) {
	tests := []struct{ src, status, indent string }{
		{"x = 1", "complete", ""},
		{"def f(x):", "incomplete", "    "},
		{"x = (1,", "incomplete", ""},
		{"x = )", "invalid", ""},
	}
	for _, tt := range tests {
		st, ind := Completeness(tt.src)
		if st.String() != tt.status || ind != tt.indent {
			t.Errorf("%q: %s %q, want %s %q", tt.src, st, ind, tt.status, tt.indent)
		}
	}
}

func TestComplete(t *testing.T) {
	s := NewSession(IO{})
	s.Exec(context.Background(), "", "weights = 1\nwidth = 2\nl = [1]")
	tests := []struct {
		code   string
		has    []string
		lacks  []string
		start  int
		cursor int
	}{
		{code: "we", has: []string{"weights"}, lacks: []string{"width"}, start: 0},
		{code: "y = wi", has: []string{"width", "with"}, start: 4},
		{code: "l.app", has: []string{"append"}, start: 2},
		{code: "math.s", has: []string{"sqrt", "sin"}, start: 5},
		{code: "print(1, se", has: []string{"sep="}, start: 9},
		{code: "xyz.a", lacks: []string{"append"}, start: 4},
	}
	for _, tt := range tests {
		c := s.Complete(tt.code, len([]rune(tt.code)))
		for _, h := range tt.has {
			if !contains1(c.Matches, h) {
				t.Errorf("%q: %v lacks %s", tt.code, c.Matches, h)
			}
		}
		for _, l := range tt.lacks {
			if contains1(c.Matches, l) {
				t.Errorf("%q: %v has %s", tt.code, c.Matches, l)
			}
		}
		if c.Start != tt.start || c.End != len([]rune(tt.code)) {
			t.Errorf("%q: range %d-%d, want %d-%d", tt.code, c.Start, c.End, tt.start, len(tt.code))
		}
	}
}

func contains1(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func TestInspect(t *testing.T) {
	s := NewSession(IO{})
	s.Exec(context.Background(), "", "def area(w, h=2):\n    'Area of a rectangle.'\n    return w * h")
	in, ok := s.Inspect("area(", 5, 0)
	if !ok || in.Text != "area(w, h=2)\n    Area of a rectangle." {
		t.Errorf("inspect area: %q %v", in.Text, ok)
	}
	in, ok = s.Inspect("len", 1, 0)
	if !ok || !strings.HasPrefix(in.Text, "len(obj)") {
		t.Errorf("inspect len: %q", in.Text)
	}
	if _, ok := s.Inspect("nothing_here", 3, 0); ok {
		t.Error("inspected an undefined name")
	}
}

func TestInternalErrorsAreRecovered(t *testing.T) {
	s := NewSession(IO{})
	s.Set("boom", &Builtin{Name: "boom", Sig: "boom()", fn: func(*Args) (Value, error) { panic("index out of range") }})
	s.Exec(context.Background(), "", "kept = 7")
	r := s.Exec(context.Background(), "", "boom()")
	if r.Err == nil || r.Err.Kind != InternalError || !strings.Contains(r.Err.Msg, "index out of range") {
		t.Fatalf("err = %v", r.Err)
	}
	if got := outcome(s.Exec(context.Background(), "", "kept")); got != "7" {
		t.Errorf("kept = %s", got)
	}
}

func TestEvalLeavesNoTrace(t *testing.T) {
	s := NewSession(IO{})
	ctx := context.Background()
	s.Exec(ctx, "", "x = 2\n40 + x")
	v, _, err := s.Eval(ctx, "x * 10")
	if err != nil || Repr(v) != "20" {
		t.Fatalf("Eval = %v, %v", v, err)
	}
	if got := outcome(s.Exec(ctx, "", "_")); got != "42" {
		t.Errorf("_ = %s after Eval, want 42", got)
	}
	if n := len(s.Inputs()); n != 2 {
		t.Errorf("Eval recorded an input: %d inputs", n)
	}
	if _, _, err := s.Eval(ctx, "x +"); err == nil || err.Kind != SyntaxError {
		t.Errorf("Eval of bad syntax: %v", err)
	}
	if _, _, err := s.Eval(ctx, "y"); err == nil || err.Kind != NameError || err.Span.Start.Col != 1 {
		t.Errorf("Eval of undefined name: %v", err)
	}
}
