//go:build kaelsplitstat && linux

package pool

import (
	"strings"
	"testing"
)

// TestSplitStatCounts checks what the kaelsplitstat build counts: a Run's
// bodies and their CPU time by site, and regions by whether they split,
// the nested ones not counted. go test -tags kaelsplitstat.
func TestSplitStatCounts(t *testing.T) {
	saved := enabled
	enabled = true
	defer func() { enabled = saved }()
	spinFor := func(n int) {
		x := 0
		for i := range n {
			x += i * i
		}
		if x == 42 {
			t.Log(x)
		}
	}
	cases := []struct {
		bodies int
		split  bool
	}{{2, true}, {3, false}, {4, true}}
	for _, c := range cases {
		stat.mu.Lock()
		stat.runs, stat.regions, stat.runsTotal = nil, nil, 0
		stat.mu.Unlock()
		outer, cpu0 := Enter()
		inner, _ := Enter()
		if !outer || inner {
			t.Fatalf("Enter: outer %v, nested %v", outer, inner)
		}
		Run(c.bodies, func(i int) { spinFor(200000 * (i + 1)) })
		Leave(inner, !c.split, 0)
		Leave(outer, c.split, cpu0)
		if stat.depth.Load() != 0 {
			t.Fatalf("depth %d after the regions", stat.depth.Load())
		}
		if stat.runsTotal != 1 || len(stat.runs) != 1 {
			t.Fatalf("%d runs at %d sites, want 1", stat.runsTotal, len(stat.runs))
		}
		for site, r := range stat.runs {
			if r.runs != 1 || r.bodies != int64(c.bodies) || r.maxNs <= 0 || r.sumNs < r.maxNs || r.wallNs <= 0 {
				t.Errorf("site %s: %+v", site, *r)
			}
		}
		if len(stat.regions) != 1 {
			t.Fatalf("regions %v, want the outer one only", stat.regions)
		}
		for site, r := range stat.regions {
			if r.split != c.split || r.calls != 1 || r.ns <= 0 || strings.HasSuffix(site, "(one thread)") == c.split {
				t.Errorf("region %s: %+v, want split %v", site, *r, c.split)
			}
		}
	}
}
