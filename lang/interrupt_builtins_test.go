package lang_test

import (
	"context"
	"io"
	"testing"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestLongBuiltinsStopOnInterrupt checks that builtins whose work grows
// with their input (building lists, sorting, printing) look at the
// interrupt between chunks: interrupted 50 ms in, each cell ends in
// KeyboardInterrupt, long before it could finish (the bound is generous;
// speed itself is for benchmarks).
func TestLongBuiltinsStopOnInterrupt(t *testing.T) {
	s := lang.NewSession(lang.IO{Stdout: io.Discard})
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
		langtest.CheckStopsOnInterrupt(t, s, src)
	}
	if got := langtest.Outcome(s.Exec(context.Background(), "", "len(big), big[:3], len(repr(big[:10]))")); got != "(10000000, [0, 1, 2], 30)" {
		t.Errorf("after the interrupts: got %s", got)
	}
}
