package lang

import (
	"context"
	"strings"
	"testing"
)

// Issue 34: a generator that a for loop makes with a call (for x in
// f(...)) and runs inline goes back to its session once the loop is over
// (Session.genPool), and the next generator function's call reuses it.
// These cases are the escape rule: a generator the program holds is
// never one of those, and one taken from the pool is a generator like
// any other, whatever the loops around it do. Each first runs loops that
// fill the pool.

const recyclePrelude = `
import sys, inspect, traceback, types

def count(n):
    for i in range(n):
        yield i

def fails():
    yield 1
    1 / 0

def closure(n):
    def add(x):
        return x + n
    for i in range(3):
        yield add(i)

def guarded(log):
    try:
        yield 1
        yield 2
    finally:
        log.append('finally')

def grab():
    global F
    F = sys._getframe()
    yield 1
    yield 2

def fill():
    for x in count(2):
        for y in count(2):
            pass
`

var recycleCases = []struct{ src, want string }{
	// A generator made after loops gave theirs back, kept in a name,
	// with loops between its steps.
	{"fill()\ng = count(3)\na = next(g)\nfill()\nfor x in count(2):\n    pass\na, next(g), list(g)", "(0, 1, [2])"},
	// Its gi_* attributes, send, next after its end, close twice.
	{"fill()\ng = count(2)\ns0 = (inspect.getgeneratorstate(g), g.gi_frame is not None, g.gi_running, g.gi_suspended)\nfill()\ns1 = (next(g), g.send(None), next(g, 'end'))\nfill()\ns0, s1, inspect.getgeneratorstate(g), g.gi_frame, g.gi_suspended, g.close(), g.close(), next(g, 'end')",
		"(('GEN_CREATED', True, False, False), (0, 1, 'end'), 'GEN_CLOSED', None, False, None, None, 'end')"},
	{"fill()\ng = count(3)\nnext(g)\nfill()\ng.close(), g.close(), inspect.getgeneratorstate(g), next(g, 'end')", "(None, None, 'GEN_CLOSED', 'end')"},
	{"fill()\ng = count(3)\nnext(g)\ng.close()\nfill()\ng.throw(ValueError('x'))", "ValueError: x"},
	{"fill()\ng = count(3)\nnext(g)\nfill()\nr = g.send(5)\nfill()\nr, list(g)", "(1, [2])"},
	// Live generators are distinct objects, each its own.
	{"fill()\ngs = [count(1) for _ in range(5)]\nfill()\nlen(set(map(id, gs))), [list(h) for h in gs]", "(5, [[0], [0], [0], [0], [0]])"},
	{"fill()\nh = closure(10)\nfill()\nh.__name__, h.__qualname__, list(h), repr(h)[:26]", "('closure', 'closure', [10, 11, 12], '<generator object closure ')"},
	// Stopped early: the body's finally runs at the break, nested loops.
	{"log = []\nfor x in guarded(log):\n    break\nout = []\nfor x in guarded(log):\n    for y in count(3):\n        if y == 1:\n            break\n        out.append((x, y))\nlog, out", "(['finally', 'finally'], [(1, 0), (2, 0)])"},
	{"def first():\n    for x in count(5):\n        if x == 3:\n            return x\nfirst(), first(), [x for x in count(2)]", "(3, 3, [0, 1])"},
	{"r = []\nfor x in count(2):\n    r.append(x)\nelse:\n    r.append('else')\nfor x in count(2):\n    break\nelse:\n    r.append('no')\nr", "[0, 1, 'else']"},
	// Deeper than the pool: loops over generators nested 18 deep.
	{"def total(d):\n    s = 0\n    for x in count(2):\n        s += x + (total(d - 1) if d else 0)\n    return s\ntotal(12)", "8191"},
	// The body's error, its traceback kept across later loops; a frame
	// the body kept.
	{"try:\n    for x in fails():\n        pass\nexcept ZeroDivisionError as e:\n    tb = e.__traceback__\nfill()\n[f.name for f in traceback.extract_tb(tb)][-1], type(tb.tb_frame).__name__", "('fails', 'frame')"},
	{"for x in grab():\n    pass\nfill()\nF.f_code.co_name", "'grab'"},
	{"for x in fails():\n    fill()", "ZeroDivisionError: division by zero"},
	// An error in the loop body, raised through the generator's yield.
	{"def bad():\n    for x in count(3):\n        fill()\n        {}[x]\ntry:\n    bad()\nexcept KeyError as e:\n    k = e.args\nfill()\nk, list(count(2))", "((0,), [0, 1])"},
	// types.coroutine's generator, then a plain one from the pool.
	{"@types.coroutine\ndef tc():\n    yield 1\nfor x in tc():\n    pass\ng = count(2)\nlist(g), inspect.iscoroutinefunction(count)", "([0, 1], False)"},
	// A generator of a name (not a call) is the program's: the loop
	// leaves it to the program.
	{"fill()\ng = count(3)\nfor x in g:\n    break\nfill()\nnext(g), g.gi_suspended", "(1, True)"},
	{"fill()\ngs = []\nfor i in range(3):\n    g = count(2)\n    for x in g:\n        pass\n    gs.append(g)\nfill()\nlen(set(map(id, gs))), [inspect.getgeneratorstate(x) for x in gs]", "(3, ['GEN_CLOSED', 'GEN_CLOSED', 'GEN_CLOSED'])"},
	// Keyword arguments and defaults take the general call.
	{"def kw(a, b=10):\n    yield a\n    yield b\nout = []\nfor x in kw(1):\n    out.append(x)\nfor x in kw(2, b=3):\n    out.append(x)\nfor x in kw(b=4, a=5):\n    out.append(x)\nout", "[1, 10, 2, 3, 5, 4]"},
	{"for x in count():\n    pass", "TypeError: count() missing 1 required positional argument: 'n'"},
	{"for x in count(1, 2):\n    pass", "TypeError: count() takes 1 positional argument but 2 were given"},
	{"for x in count(1 / 0):\n    pass", "ZeroDivisionError: division by zero"},
}

// TestRecycledGenerators runs recycleCases in kael.
func TestRecycledGenerators(t *testing.T) {
	checkCellCases(t, recyclePrelude, recycleCases)
}

// TestRecycledGeneratorsAgainstCPython checks recycleCases' table against
// CPython 3.11.
func TestRecycledGeneratorsAgainstCPython(t *testing.T) {
	checkCellCasesAgainstCPython(t, recyclePrelude, recycleCases)
}

// TestGeneratorPoolTakesOnlyLoops checks which generators go back to the
// session: those a for loop made with a call, run to the end or stopped,
// and not one the program named, nor one next() or a builtin ran.
func TestGeneratorPoolTakesOnlyLoops(t *testing.T) {
	cases := []struct {
		src  string
		pool int
	}{
		{"for x in count(3):\n    pass", 1},
		{"for x in count(3):\n    break", 1},
		{"for x in count(3):\n    for y in count(2):\n        pass", 2},
		{"for i in range(5):\n    for x in count(3):\n        pass", 1},
		{"g = count(3)\nfor x in g:\n    pass", 0},
		{"g = count(3)\nnext(g)\nlist(g)", 0},
		{"list(count(3)), sum(count(3)), [x for x in count(2)]", 0},
		{"try:\n    for x in fails():\n        pass\nexcept ZeroDivisionError:\n    pass", 1},
		{"def f():\n    for x in count(3):\n        yield x\nfor y in f():\n    pass", 1}, // f's inner loop is in a generator: not consumed
	}
	for _, tt := range cases {
		s := NewSession(IO{})
		if r := s.Exec(context.Background(), "", recyclePrelude); r.Err != nil {
			t.Fatal(r.Err.Render())
		}
		if r := s.Exec(context.Background(), "", tt.src); r.Err != nil {
			t.Fatalf("%s: %s", tt.src, r.Err.Render())
		}
		if got := len(s.genPool); got != tt.pool {
			t.Errorf("%s\n %d generators recycled, want %d", tt.src, got, tt.pool)
		}
		for _, g := range s.genPool {
			if st := g.st; st.fr != nil || st.sink != nil || st.started || st.name != "" {
				t.Errorf("%s\n a recycled generator keeps its state: %q %v %v %v", tt.src, st.name, st.fr != nil, st.sink != nil, st.started)
			}
		}
	}
}

// TestGenShortAllocations checks that a generator made and run by a for
// loop each iteration (kaelbench's genshort row) allocates nothing of its
// own: the generator comes back from the pool, the loop's step is the
// yield's sink, the call's arguments go straight into the frame. What is
// left is the ints' boxes, a slab of them now and then.
func TestGenShortAllocations(t *testing.T) {
	s := NewSession(IO{})
	ctx := context.Background()
	const n = 2000
	src := strings.ReplaceAll(loopSource(t, "GenShort"), "N", "2000")
	if r := s.Exec(ctx, "", src); r.Err != nil { // warm: frames, pool, slabs
		t.Fatal(r.Err.Render())
	}
	allocs := testing.AllocsPerRun(5, func() {
		if r := s.Exec(ctx, "", src); r.Err != nil {
			t.Fatal(r.Err.Render())
		}
	})
	if perIter := allocs / n; perIter > 0.5 {
		t.Errorf("%.2f allocations an iteration (%.0f a run of %d), want under 0.5 (7 before the pool)", perIter, allocs, n)
	}
}

// loopSource is the source of the loop program named name.
func loopSource(t *testing.T, name string) string {
	t.Helper()
	for _, p := range loopPrograms {
		if p.name == name {
			return p.src
		}
	}
	t.Fatalf("no loop program %q", name)
	return ""
}
