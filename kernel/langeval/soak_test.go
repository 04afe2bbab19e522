package langeval

import (
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kael-dev/kael/kernel/kerneltest"
)

// soakCells is how many cells TestSoak runs: 10,000 take about 10 s on two
// busy cores (KAEL_SOAK_CELLS overrides it; -short runs 1,000).
const soakCells = 10000

// soakHeapGrowth bounds how much the live Go heap may grow over the soak,
// after a warm-up, with everything the kernel keeps on purpose: the history
// of 10,000 short inputs and outputs (about 2 MB in memory) and the
// session's variables, which the cells overwrite. Measured: +1.5 MB. A leak
// of 1 KB per cell would exceed it. soakRSSGrowth bounds the resident set
// likewise (measured: +3.4 MB), which also counts memory the Go heap has
// freed but not yet returned.
const (
	soakHeapGrowth = 8 << 20
	soakRSSGrowth  = 48 << 20
)

// TestSoak runs many cells of every kind (tensor results with notes,
// prints, errors, assignments) through the real kernel and the kael engine,
// checking that every reply arrives in order and that memory does not
// grow with the number of cells (issue 19, "And in CI").
func TestSoak(t *testing.T) {
	n := soakCells
	if testing.Short() {
		n = 1000
	}
	if s := os.Getenv("KAEL_SOAK_CELLS"); s != "" {
		var err error
		if n, err = strconv.Atoi(s); err != nil {
			t.Fatalf("KAEL_SOAK_CELLS=%q", s)
		}
	}
	c := startLangKernel(t)
	cells := []struct {
		code   string
		status string
		output string // a message type the cell must publish
	}{
		{"x = randn(4, 4)", "ok", ""},
		{"x.sum() + 1", "ok", "execute_result"},
		{"tensor([1, 2]) + 0.5", "ok", "execute_result"},
		{"print('step', 3)", "ok", "stream"},
		{"nope + 1", "error", "error"},
		{"y = [i * i for i in range(50)]", "ok", ""},
		{"sum(y)", "ok", "execute_result"},
	}
	run := func(i int) {
		cell := cells[i%len(cells)]
		reply, msgs := c.Execute(cell.code)
		if reply["status"] != cell.status {
			t.Fatalf("cell %d %q: %v", i, cell.code, reply)
		}
		if cell.output != "" && len(kerneltest.OfType(msgs, cell.output)) == 0 {
			t.Fatalf("cell %d %q published no %s: %v", i, cell.code, cell.output, msgs)
		}
		if count, _ := reply["execution_count"].(float64); int(count) != i+1 {
			t.Fatalf("cell %d has execution_count %v", i, reply["execution_count"])
		}
	}
	warm := min(200, n/10)
	for i := range warm {
		run(i)
	}
	before := heapInUse()
	rssBefore := rss()
	start := time.Now()
	for i := warm; i < n; i++ {
		run(i)
	}
	grown := int64(heapInUse()) - int64(before)
	rssAfter := rss()
	t.Logf("%d cells in %v; heap %+.1f MB, RSS %s", n-warm, time.Since(start).Round(time.Millisecond), float64(grown)/(1<<20), rssDelta(rssBefore, rssAfter))
	if grown > soakHeapGrowth {
		t.Errorf("the heap grew by %.1f MB over %d cells; bound %d MB", float64(grown)/(1<<20), n-warm, soakHeapGrowth>>20)
	}
	if rssBefore > 0 && rssAfter-rssBefore > soakRSSGrowth {
		t.Errorf("the resident set grew by %.1f MB over %d cells; bound %d MB", float64(rssAfter-rssBefore)/(1<<20), n-warm, soakRSSGrowth>>20)
	}
}

func heapInUse() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// rss is the resident set size in bytes from /proc, or -1 where there is
// none.
func rss() int64 {
	data, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return -1
	}
	fields := strings.Fields(string(data))
	if len(fields) < 2 {
		return -1
	}
	pages, err := strconv.ParseInt(fields[1], 10, 64)
	if err != nil {
		return -1
	}
	return pages * int64(os.Getpagesize())
}

func rssDelta(before, after int64) string {
	if before < 0 || after < 0 {
		return "unknown"
	}
	return fmt.Sprintf("%.1f → %.1f MB", float64(before)/(1<<20), float64(after)/(1<<20))
}
