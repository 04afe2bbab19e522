package lang

import (
	"context"
	"runtime"
	"testing"
)

// TestBoxedNumbersKeepTheirValues checks that the ints and floats the
// fast paths box into a session's slabs (box.go) stay what they were
// across many slabs and garbage collections, and work as dict keys and
// set members like ordinary ints.
func TestBoxedNumbersKeepTheirValues(t *testing.T) {
	s := NewSession(IO{})
	ctx := context.Background()
	src := "xs = []\nfs = []\nd = {}\nfor i in range(300, 5300):\n    xs.append(i * 3 - 1)\n    fs.append(i * 0.5 + 0.25)\n    d[i + 1000] = i\n"
	if r := s.Exec(ctx, "", src); r.Err != nil {
		t.Fatal(r.Err.Render())
	}
	runtime.GC()
	// More boxing after the collection must not reuse the cells of values
	// still held.
	if r := s.Exec(ctx, "", "t = 0\nfor i in range(100000):\n    t = t + i * 7"); r.Err != nil {
		t.Fatal(r.Err.Render())
	}
	runtime.GC()
	xs, _ := s.Get("xs")
	fs, _ := s.Get("fs")
	for j, v := range xs.(*List).Elems {
		i := int64(j + 300)
		if v != Value(i*3-1) {
			t.Fatalf("xs[%d] = %v, want %d", j, v, i*3-1)
		}
		if f := fs.(*List).Elems[j]; f != Value(float64(i)*0.5+0.25) {
			t.Fatalf("fs[%d] = %v, want %v", j, f, float64(i)*0.5+0.25)
		}
	}
	tests := []struct{ src, want string }{
		{"d[1300], d[6299], len(d), 5299 * 3 - 1 in set(xs)", "(300, 5299, 5000, True)"},
		{"t", "34999650000"},
		{"sum(xs) == sum([i * 3 - 1 for i in range(300, 5300)])", "True"},
	}
	for _, tt := range tests {
		if got := outcome(s.Exec(ctx, "", tt.src)); got != tt.want {
			t.Errorf("%s = %s, want %s", tt.src, got, tt.want)
		}
	}
}

// TestPairsAreTuples checks that the tuples of two made in one allocation
// (pair in box.go) are tuples in every way: their elements survive
// garbage collections, and they compare, hash, unpack, index, slice and
// concatenate as the tuples of other sizes do, and as CPython's.
func TestPairsAreTuples(t *testing.T) {
	s := NewSession(IO{})
	ctx := context.Background()
	if r := s.Exec(ctx, "", "ps = []\nfor i in range(20000):\n    ps.append((i, str(i)))"); r.Err != nil {
		t.Fatal(r.Err.Render())
	}
	runtime.GC()
	if r := s.Exec(ctx, "", "junk = [(i, i) for i in range(50000)]\njunk = None"); r.Err != nil {
		t.Fatal(r.Err.Render())
	}
	runtime.GC()
	if got := outcome(s.Exec(ctx, "", "all([p == (i, str(i)) for i, p in enumerate(ps)])")); got != "True" {
		t.Errorf("pairs after collections: %s", got)
	}
	checkMatchesCPython(t, "a, b = 1, 'x'\n", []string{
		"p = (a, b)\n(type(p).__name__, len(p), p[0], p[-1], p[1:], p + (3,), p * 2, hash(p) == hash((1, 'x')))",
		"p = (a, b)\nx, y = p\n(x, y, p == (1, 'x'), p < (1, 'y'), {p: 1}[(1, 'x')], list(p), p.count(1), p.index('x'))",
		"p = (b, a)\n(p, repr(p), str(p), p is p, isinstance(p, tuple), [q for q in p])",
		"p = (a, b)\np[0] = 2",
	})
}
