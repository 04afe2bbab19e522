package lang

import (
	"context"
	"strings"
	"testing"
)

// TestRecycledFramesForgetTheirFunctions checks that the frames a cell's
// calls leave for reuse keep nothing of those calls once the cell has run:
// no function, closure or values, so that deleting a function frees what
// its closure holds.
func TestRecycledFramesForgetTheirFunctions(t *testing.T) {
	s := NewSession(IO{})
	src := "def outer():\n    big = [0] * 1000\n    def inner(n):\n        return len(big) + n\n    return inner\nf = outer()\ndef fib(n):\n    if n < 2:\n        return f(n)\n    return fib(n - 1) + fib(n - 2)\nr = fib(12)"
	if res := s.Exec(context.Background(), "", src); res.Err != nil {
		t.Fatal(res.Err.Render())
	}
	if s.frames == nil {
		t.Fatal("the calls left no frames for reuse")
	}
	i := 0
	for fr := s.frames; fr != nil; fr, i = fr.nextFree, i+1 {
		if fr.fn != nil || fr.free != nil || fr.code != nil || fr.info != nil || fr.ctx != nil || fr.glob != nil || fr.ret != nil || fr.notes != nil {
			t.Errorf("recycled frame %d still refers to its last call: fn=%v free=%v", i, fr.fn, fr.free)
		}
		for j, v := range fr.locals[:cap(fr.locals)] {
			if v != nil {
				t.Errorf("recycled frame %d keeps slot %d = %v", i, j, v)
			}
		}
	}
	var fib func(n int64) int64
	fib = func(n int64) int64 {
		if n < 2 {
			return 1000 + n
		}
		return fib(n-1) + fib(n-2)
	}
	if res := s.Exec(context.Background(), "", "r"); res.Err != nil || res.Value != Value(fib(12)) {
		t.Errorf("r = %v (%v), want %d", res.Value, res.Err, fib(12))
	}
}

// TestRecursionAcrossFunctionsInOneFrame checks frames reused by different
// functions at one depth: each call sees its own function's globals,
// closure and statements (an error inside one points at its own line).
func TestRecursionAcrossFunctionsInOneFrame(t *testing.T) {
	s := NewSession(IO{})
	src := "def make(k):\n    def g(n):\n        return n + k\n    return g\nadd1, add2 = make(1), make(2)\ndef h(n):\n    return add1(n) + add2(n)\nout = [h(i) for i in range(3)]\ndef bad(n):\n    return add1(n) + sorted([1, 2], key=lambda x: x / 0)[0]\n"
	if res := s.Exec(context.Background(), "", src); res.Err != nil {
		t.Fatal(res.Err.Render())
	}
	if res := s.Exec(context.Background(), "", "out"); res.Err != nil || Repr(res.Value) != "[3, 5, 7]" {
		t.Errorf("out = %v (%v), want [3, 5, 7]", res.Value, res.Err)
	}
	res := s.Exec(context.Background(), "cell.py", "bad(1)")
	if res.Err == nil || res.Err.Kind != ZeroDivisionError {
		t.Fatalf("bad(1) gave %v, want ZeroDivisionError", res.Err)
	}
	if got := res.Err.Render(); !strings.Contains(got, "sorted([1, 2], key=lambda x: x / 0)") {
		t.Errorf("the error does not show the failing line of bad:\n%s", got)
	}
}

// TestSpecialMethodFramesHavePositions checks the traceback of a special
// method called from Go code (len calling __len__), from a function and
// from a lambda that a builtin calls: every frame has the position of its
// call, none the 0:0 of a frame without a statement.
func TestSpecialMethodFramesHavePositions(t *testing.T) {
	cls := "class L:\n    def __len__(self):\n        return 1 // 0\n"
	cases := []struct {
		src    string
		frames int
	}{
		{cls + "def f(x):\n    return len(x)\nf(L())", 2},
		{cls + "def f(x):\n    return sorted([3, 1], key=lambda v: len(x))\nf(L())", 3},
		{cls + "g = lambda x: len(x)\ng(L())", 2},
	}
	for _, c := range cases {
		res := NewSession(IO{}).Exec(context.Background(), "cell.py", c.src)
		if res.Err == nil || res.Err.Kind != ZeroDivisionError {
			t.Fatalf("%s: got %v, want ZeroDivisionError", c.src, res.Err)
		}
		if len(res.Err.Trace) != c.frames {
			t.Errorf("%s: %d frames, want %d:\n%s", c.src, len(res.Err.Trace), c.frames, res.Err.Render())
		}
		for _, fr := range res.Err.Trace {
			if !fr.Span.Start.IsValid() {
				t.Errorf("%s: a frame has no position:\n%s", c.src, res.Err.Render())
			}
		}
	}
}
