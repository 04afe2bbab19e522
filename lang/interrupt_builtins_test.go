package lang

import (
	"context"
	"io"
	"testing"
	"time"
)

// TestLongBuiltinsStopOnInterrupt checks that builtins whose work grows
// with their input (building lists, sorting, printing) look at the
// interrupt between chunks: interrupted 50 ms in, each cell ends in
// KeyboardInterrupt, long before it could finish (the bound is generous;
// speed itself is for benchmarks).
func TestLongBuiltinsStopOnInterrupt(t *testing.T) {
	s := NewSession(IO{Stdout: io.Discard})
	if r := s.Exec(context.Background(), "", "big = list(range(10**7))\nd = {i: i for i in range(10**6)}"); r.Err != nil {
		t.Fatal(r.Err)
	}
	tests := []string{
		"sorted(range(2*10**7))",
		"list(range(5*10**7))",
		"tuple(range(5*10**7))",
		"big.sort(reverse=True)",
		"repr(big)",
		"str(big)",
		"print(big)",
		"repr(d)",
		"repr([big, big])",
	}
	for _, src := range tests {
		checkStopsOnInterrupt(t, s, src)
	}
	if got := outcome(s.Exec(context.Background(), "", "len(big), big[:3], len(repr(big[:10]))")); got != "(10000000, [0, 1, 2], 30)" {
		t.Errorf("after the interrupts: got %s", got)
	}
}

// checkStopsOnInterrupt runs src in s, interrupted 50 ms in, and checks
// that it ends in KeyboardInterrupt long before it could finish (the bound
// is generous; speed itself is for benchmarks).
func checkStopsOnInterrupt(t *testing.T, s *Session, src string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	time.AfterFunc(50*time.Millisecond, cancel)
	start := time.Now()
	got := outcome(s.Exec(ctx, "", src))
	took := time.Since(start)
	if got != "KeyboardInterrupt: interrupted" {
		t.Errorf("%s: got %.80s, want KeyboardInterrupt", src, got)
	}
	if took > 10*time.Second {
		t.Errorf("%s: stopped %v after the interrupt", src, took)
	}
}
