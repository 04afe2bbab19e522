package lang

import (
	"context"
	"testing"
)

// starredCases are starred assignment targets that kael and CPython must
// run alike.
var starredCases = []string{
	"a, *rest = [1, 2, 3]\na, rest",
	"first, *mid, last = range(5)\nfirst, mid, last",
	"*a, b = (1, 2)\na, b",
	"*a, = 'abc'\na",
	"a, *b = 'xyz'\na, b",
	"a, *b = {'k': 1, 'j': 2}\na, b",
	"[a, *b] = 1, 2, 3\na, b",
	"a, *b, c = [1, 2]\na, b, c",
	"a, *b = (1,)\nb, type(b)",
	"(a, *b), c = (1, 2, 3), 4\na, b, c",
	"a, *(b, c) = 1, 2, 3\na, b, c",
	"a, *[b, *c] = 1, 2, 3, 4\na, b, c",
	"x = y = 0\nx, *y = z = [5, 6]\nx, y, z",
	"l = [0, 0, 0]\nl[0], *l[1:] = 'abc'\nl",
	"d = {}\nd['a'], *d['b'] = range(3)\nd",
	"class O:\n    pass\no = O()\no.x, *o.y = 1, 2, 3\no.x, o.y",
	"i, *l = 0, 1, 2\ni, l",
	"a, *b, c = [1]",
	"*a, b, c = 'x'",
	"a, *b = ()",
	"a, *b = 1",
	"a, *b = None",
	"a, (b, *c, d) = 1, [2]",
	"out = []\nfor a, *b in [(1, 2, 3), (4,)]:\n    out.append((a, b))\nout",
	"out = []\nfor (a, *b), c in [((1, 2), 3)]:\n    out.append((a, b, c))\nout",
	"for a, *b, c in [(1,)]:\n    pass",
	"[b for a, *b in [(1, 2), (3, 4, 5)]]",
	"{a: b for a, *b in ['xy', 'z']}",
	"def f(xs):\n    h, *t = xs\n    return h, t\nf([1, 2, 3])",
	"def f():\n    *a, b = 1, 2\n    return lambda: a\nf()()",
	"t = 9\ndef f(xs):\n    h, *t = xs\n    return t\nf('ab'), t",
	"class C:\n    a, *b = 1, 2, 3\nC.a, C.b",
	"a, *b = [[1, 2], [3]]\nb[0].append(4)\na, b",
	// Starred elements of a display unpack into it.
	"a = [1, 2]\n[*a, 3], (*a, 4), (0, *a, *'xy'), [*a], (*a,)",
	"x = *range(3), 9\nx",
	"def f(a):\n    return *a, len(a)\nf([5, 6])",
	"out = []\nfor x in *[1], 2:\n    out.append(x)\nout",
	"[*{'a': 1, 'b': 2}, *{}, *(), *'']",
	"[*1]",
	"(*None, 2)",
	"log = []\ndef g(v):\n    log.append(v)\n    return [v]\n[*g(1), g(2), *g(3)], log",
	"h, *t = 'abc'\nys = *t, h\nys",
	"a = [1]\nb = [*a]\nb.append(2)\na, b",
	"if (*[],):\n    r = 'nonempty'\nr",
	"f'{*[1, 2], 3}'",
	"[[*[x, x * 2]] for x in range(2)]",
	"class It:\n    def __iter__(self):\n        return iter([7, 8])\nclass No:\n    pass\n[*It()], [*No()]",
}

// starredTorchCases unpack tensors, by rows as PyTorch does, and
// torch.Size.
var starredTorchCases = []string{
	"x = torch.zeros(2, 3, 4)\n*batch, C = x.shape\nbatch, C",
	"B, *rest = torch.Size([5])\nB, rest",
	"x = torch.arange(6.).reshape(3, 2)\nfirst, *rest = x\nfirst.tolist(), [r.tolist() for r in rest]",
	"x = torch.arange(6.).reshape(3, 2)\n*init, last = x\nlen(init), last.tolist()",
	"w = torch.ones(3, 2, requires_grad=True)\nh, *t = w * 2\n(h.sum() + t[1].sum() * 3).backward()\nw.grad.tolist()",
	"w = torch.ones(2, requires_grad=True)\nfor a, *b in (w * torch.ones(3, 2)):\n    (a * b[0]).backward()\nw.grad.tolist()",
	"a, *b = torch.tensor(1.)",
	"x = torch.arange(4.).reshape(2, 2)\n[r.tolist() for r in [*x, x[0]]]",
	"(*torch.Size([2, 3]), 4)",
	"w = torch.ones(2, 2, requires_grad=True)\nrows = [*w * 3]\n(rows[0].sum() + rows[1][0]).backward()\nw.grad.tolist()",
}

func TestStarredTensorsMatchTorch(t *testing.T) {
	checkMatchesTorch(t, "import torch\n", starredTorchCases)
}

// loopElseCases are else clauses of for and while loops.
var loopElseCases = []string{
	"out = []\nfor i in range(3):\n    out.append(i)\nelse:\n    out.append('else')\nout",
	"out = []\nfor i in range(3):\n    if i == 1:\n        break\nelse:\n    out.append('else')\nout, i",
	"out = []\nfor i in []:\n    out.append(i)\nelse:\n    out.append('else')\nout",
	"out = []\nfor i in range(0):\n    pass\nelse:\n    out.append('else')\nout",
	"out = []\nfor i, j in [(1, 2)]:\n    continue\nelse:\n    out.append('else')\nout",
	"out = []\nfor i in range(4):\n    if i % 2:\n        continue\n    out.append(i)\nelse:\n    out.append('else')\nout",
	"out = []\nfor c in 'ab':\n    if c == 'b':\n        break\nelse:\n    out.append('else')\nout",
	"out = []\nfor k in {'a': 1}:\n    out.append(k)\nelse:\n    out.append('else')\nout",
	"n = 0\nwhile n < 3:\n    n += 1\nelse:\n    n *= 10\nn",
	"n = 0\nwhile n < 3:\n    n += 1\n    if n == 2:\n        break\nelse:\n    n *= 10\nn",
	"n = 5\nwhile n < 3:\n    n += 1\nelse:\n    n = -n\nn",
	"def find(xs, y):\n    for i, x in enumerate(xs):\n        if x == y:\n            return i\n    else:\n        return -1\nfind([3, 4], 4), find([3, 4], 5)",
	"def f():\n    for i in range(3):\n        return i\n    else:\n        return 'else'\nf()",
	"def primes(n):\n    ps = []\n    for k in range(2, n):\n        for p in ps:\n            if k % p == 0:\n                break\n        else:\n            ps.append(k)\n    return ps\nprimes(20)",
	"out = []\nfor i in range(3):\n    for j in range(2):\n        pass\n    else:\n        if i == 1:\n            break\n        out.append(i)\nout",
	"out = []\nfor i in range(3):\n    while False:\n        pass\n    else:\n        continue\n    out.append(i)\nout",
	"out = []\nfor i in range(2):\n    pass\nelse:\n    for j in range(2):\n        out.append(j)\n    else:\n        out.append('inner')\nout",
	"def f():\n    for i in range(2):\n        pass\n    else:\n        late = i\n    return late\nf()",
	"for i in range(2):\n    pass\nelse:\n    1 / 0",
	"for x in 5:\n    pass\nelse:\n    y = 1",
	"out = []\nfor i in range(2): out.append(i)\nelse: out.append('else')\nout",
	"[i for i in range(2)]\nfor i in range(1):\n    pass\nelse:\n    i = 'e'\ni",
}

func TestStarredAndLoopElseMatchCPython(t *testing.T) {
	checkMatchesCPython(t, "", append(append([]string(nil), starredCases...), loopElseCases...))
}

// starredSyntaxCases hold CPython's SyntaxErrors (line:col-endcol: msg)
// for starred expressions where kael reports the same; the test checks
// the table against CPython too.
var starredSyntaxCases = []struct{ src, want string }{
	{"*a = [1]", "1:1-3: starred assignment target must be in a list or tuple"},
	{"a = *b = [1]", "1:5-7: starred assignment target must be in a list or tuple"},
	{"for *a in [1]: pass", "1:5-7: starred assignment target must be in a list or tuple"},
	{"[x for *a in y]", "1:8-10: starred assignment target must be in a list or tuple"},
	{"a, *b, *c = [1]", "1:1-10: multiple starred expressions in assignment"},
	{"[a, *b, *c] = [1]", "1:1-12: multiple starred expressions in assignment"},
	{"(*a, *b) = [1]", "1:1-9: multiple starred expressions in assignment"},
	{"a, (*b, *c) = 1, 2", "1:4-12: multiple starred expressions in assignment"},
	{"for a, *b, *c in [1]: pass", "1:5-14: multiple starred expressions in assignment"},
	{"x = *a", "1:5-7: can't use starred expression here"},
	{"*a", "1:1-3: can't use starred expression here"},
	{"x = 1\n*a\n", "2:1-3: can't use starred expression here"},
	{"(*a) = [1]", "1:2-4: cannot use starred expression here"},
	{"x = (*a)", "1:6-8: cannot use starred expression here"},
	{"[*a for a in b]", "1:2-4: iterable unpacking cannot be used in comprehension"},
	{"(*a for a in b)", "1:2-4: iterable unpacking cannot be used in comprehension"},
	{"del (*a, b)", "1:6-8: cannot delete starred"},
	{"a, *f() = 1, 2", "1:5-8: cannot assign to function call"},
	{"a, *b = 1, 2\nc, *d = 3, 4", "ok"},
	{"a, *(b, c) = 1, 2, 3", "ok"},
	{"a, *b = *c, d = [1, 2]\na, b, c, d", "ok"},
}

func TestStarredSyntaxErrorsMatchCPython(t *testing.T) {
	srcs := caseSources(starredSyntaxCases)
	checkCasesAgainst(t, "CPython", starredSyntaxCases, cpythonSyntaxErrors(t, srcs))
	for _, tt := range starredSyntaxCases {
		if tt.want == "ok" {
			continue
		}
		if got := syntaxErrorOutcome(tt.src); got != tt.want {
			t.Errorf("%q\n kael %s\n want %s", tt.src, got, tt.want)
		}
	}
}

// TestFailingStarredAssignmentChangesNothing checks kael's promise, which
// CPython does not keep for a, (b, *c) = ...: a statement that fails
// binds none of its targets.
func TestFailingStarredAssignmentChangesNothing(t *testing.T) {
	tests := []struct{ src, want string }{
		{"a, *b, c = [1]", "ValueError: not enough values to unpack (expected at least 2, got 1)"},
		{"a, (b, *c, d) = 1, [2]", "ValueError: not enough values to unpack (expected at least 2, got 1)"},
		{"a, *b = c, d = [1, 2, 3]", "ValueError: too many values to unpack (expected 2)"},
		{"a, *l[5:] = 1, 2", "NameError: name 'l' is not defined"},
		{"a, *b, o.missing = 1, 2", "NameError: name 'o' is not defined"},
		{"a, *b = 1", "TypeError: cannot unpack non-iterable int object"},
	}
	for _, tt := range tests {
		s := NewSession(IO{})
		ctx := context.Background()
		if r := s.Exec(ctx, "", "a = b = c = d = 'old'"); r.Err != nil {
			t.Fatal(r.Err.Render())
		}
		if got := outcome(s.Exec(ctx, "", tt.src)); got != tt.want {
			t.Errorf("%s\n got %s\nwant %s", tt.src, got, tt.want)
		}
		if got := outcome(s.Exec(ctx, "", "a, b, c, d")); got != "('old', 'old', 'old', 'old')" {
			t.Errorf("after %s: a, b, c, d = %s", tt.src, got)
		}
	}
}
