//go:build kaelsplitstat && linux

package pool

// Split statistics for issue 34's question "what of a training step runs
// on one thread, and what does a split cost": built only with
// `go build -tags kaelsplitstat`, printed to stderr by Dump (kael prints
// them at exit when KAEL_SPLITSTAT is set). Without the tag StatOn is a
// false constant and none of this is compiled in (splitstat_off.go).
//
// Regions (tensor.ParallelFor and the GEMM's products) are timed where
// they start, outermost only, and counted as "would split" when their
// size passes the split threshold, whatever the thread count: at one
// thread, the time outside the "would split" regions is the step's
// serial part, independent of the machine's load. Each pool.Run is
// counted by the call site of its caller's caller: its bodies' CPU time
// on their own thread (CLOCK_THREAD_CPUTIME_ID, the goroutine locked to
// its thread while the body runs), the largest body's, its wall time,
// and whether a worker took any of its bodies.

import (
	"fmt"
	"os"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
	"unsafe"
)

// StatOn is true: this kael keeps split statistics.
const StatOn = true

var enabled = os.Getenv("KAEL_SPLITSTAT") != ""

// cpuStart is /proc/stat's per-CPU times when the process started, for
// the steal and idle time Dump prints.
var cpuStart = func() [][]int64 {
	if !enabled {
		return nil
	}
	return cpuTimes()
}()

// cpuTimes returns /proc/stat's fields (user nice system idle iowait irq
// softirq steal ..., in clock ticks) for each CPU, nil where unreadable.
func cpuTimes() [][]int64 {
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return nil
	}
	var cpus [][]int64
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) < 9 || !strings.HasPrefix(f[0], "cpu") || f[0] == "cpu" {
			continue
		}
		var v []int64
		for _, x := range f[1:] {
			n, err := strconv.ParseInt(x, 10, 64)
			if err != nil {
				return nil
			}
			v = append(v, n)
		}
		cpus = append(cpus, v)
	}
	return cpus
}

// runQueueWait returns the time the process's live threads have waited
// on a run queue, runnable but not running (schedstat's second field).
func runQueueWait() (time.Duration, bool) {
	tasks, err := os.ReadDir("/proc/self/task")
	if err != nil {
		return 0, false
	}
	var sum int64
	for _, t := range tasks {
		b, err := os.ReadFile("/proc/self/task/" + t.Name() + "/schedstat")
		if err != nil {
			continue
		}
		if d, ok := runDelay(b); ok {
			sum += d
		}
	}
	return time.Duration(sum), true
}

var stat struct {
	depth     atomic.Int32
	handOffs  atomic.Int64
	parks     atomic.Int64
	mu        sync.Mutex
	regions   map[string]*regionStat
	runs      map[string]*runTotals
	runsTotal int64
	// sizes and gaps are histograms (histBounds) of the outermost
	// splitting regions' CPU time on their thread and of the process's
	// CPU time between the end of one and the start of the next;
	// lastEnd is the process's CPU time at the last one's end.
	sizes, gaps hist
	lastEnd     int64
	enterProc   int64
}

// histBounds are the upper bounds, in µs, of a hist's buckets; the last
// bucket has none.
var histBounds = [...]int64{10, 20, 50, 100, 200, 500, 1000, 2000, 5000}

// hist counts durations, and sums them, by bucket.
type hist struct {
	n, ns [len(histBounds) + 1]int64
}

func (h *hist) add(ns int64) {
	i := 0
	for i < len(histBounds) && ns >= histBounds[i]*1000 {
		i++
	}
	h.n[i]++
	h.ns[i] += ns
}

func (h *hist) print(name string) {
	fmt.Fprintf(os.Stderr, "splitstat %s (µs bucket: count, ms)\n", name)
	lo := int64(0)
	for i := range h.n {
		hi := "inf"
		if i < len(histBounds) {
			hi = fmt.Sprint(histBounds[i])
		}
		fmt.Fprintf(os.Stderr, "  [%d, %s) %8d %10.3f\n", lo, hi, h.n[i], float64(h.ns[i])/1e6)
		if i < len(histBounds) {
			lo = histBounds[i]
		}
	}
}

type regionStat struct {
	split     bool
	ns, calls int64
}

type runTotals struct {
	runs, bodies, sumNs, maxNs, wallNs, callerAlone int64
}

// runStat is one Run's statistics.
type runStat struct {
	t0           time.Time
	sumNs, maxNs atomic.Int64
	workerBodies atomic.Int32
}

func (r *runStat) start() { r.t0 = time.Now() }

func (r *runStat) workerBody() { r.workerBodies.Add(1) }

// body runs f(i) on a thread of its own and adds its CPU time.
func (r *runStat) body(f func(int), i int) {
	if !enabled {
		f(i)
		return
	}
	runtime.LockOSThread()
	c0 := threadCPU()
	f(i)
	d := threadCPU() - c0
	runtime.UnlockOSThread()
	r.sumNs.Add(d)
	for {
		m := r.maxNs.Load()
		if d <= m || r.maxNs.CompareAndSwap(m, d) {
			return
		}
	}
}

// record adds a finished Run of n bodies to its call site's totals.
func (r *runStat) record(n int) {
	if !enabled {
		return
	}
	wall := time.Since(r.t0).Nanoseconds()
	key := site()
	stat.mu.Lock()
	defer stat.mu.Unlock()
	if stat.runs == nil {
		stat.runs = map[string]*runTotals{}
	}
	t := stat.runs[key]
	if t == nil {
		t = &runTotals{}
		stat.runs[key] = t
	}
	t.runs++
	t.bodies += int64(n)
	t.sumNs += r.sumNs.Load()
	t.maxNs += r.maxNs.Load()
	t.wallNs += wall
	if r.workerBodies.Load() == 0 {
		t.callerAlone++
	}
	stat.runsTotal++
}

func statHandOff() {
	if enabled {
		stat.handOffs.Add(1)
	}
}

func statPark() {
	if enabled {
		stat.parks.Add(1)
	}
}

// Enter starts a region: it reports whether the region is outermost,
// and then locks the goroutine to its thread and returns the thread's
// CPU time for Leave.
func Enter() (outer bool, cpu0 int64) {
	if !enabled || stat.depth.Add(1) != 1 {
		return false, 0
	}
	runtime.LockOSThread()
	stat.enterProc = procCPU()
	return true, threadCPU()
}

// Leave ends a region that Enter started at CPU time cpu0 of the
// caller's thread: split says whether its size passes the split
// threshold. A region's time is the CPU time of the thread that started
// it (at one thread, all of its work).
func Leave(outer, split bool, cpu0 int64) {
	if !enabled {
		return
	}
	stat.depth.Add(-1)
	if !outer {
		return
	}
	d := threadCPU() - cpu0
	runtime.UnlockOSThread()
	key := site()
	stat.mu.Lock()
	defer stat.mu.Unlock()
	if stat.regions == nil {
		stat.regions = map[string]*regionStat{}
	}
	if !split {
		key += " (one thread)"
	}
	r := stat.regions[key]
	if r == nil {
		r = &regionStat{split: split}
		stat.regions[key] = r
	}
	r.ns += d
	r.calls++
	if split {
		stat.sizes.add(d)
		if stat.lastEnd != 0 {
			stat.gaps.add(stat.enterProc - stat.lastEnd)
		}
		stat.lastEnd = procCPU()
	}
}

// site names the innermost caller outside the pool, the GEMM and
// tensor/parallel.go, as package/file.go:line.
func site() string {
	var pcs [24]uintptr
	frames := runtime.CallersFrames(pcs[:runtime.Callers(3, pcs[:])])
	file, line := "?", 0
	for {
		f, more := frames.Next()
		if !strings.Contains(f.File, "/tensor/internal/") && !strings.HasSuffix(f.File, "/tensor/parallel.go") {
			file, line = f.File, f.Line
			break
		}
		if !more {
			break
		}
	}
	n := 0
	for i := len(file) - 1; i >= 0; i-- {
		if file[i] == '/' {
			if n++; n == 2 {
				file = file[i+1:]
				break
			}
		}
	}
	return fmt.Sprintf("%s:%d", file, line)
}

// threadCPU returns the CPU time of the calling thread in nanoseconds.
func threadCPU() int64 {
	var ts syscall.Timespec
	const clockThreadCPUTime = 3 // CLOCK_THREAD_CPUTIME_ID
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0)
	return ts.Nano()
}

// procCPU returns the CPU time of the process in nanoseconds.
func procCPU() int64 {
	var ts syscall.Timespec
	const clockProcessCPUTime = 2 // CLOCK_PROCESS_CPUTIME_ID
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockProcessCPUTime, uintptr(unsafe.Pointer(&ts)), 0)
	return ts.Nano()
}

// Dump prints the statistics to stderr when KAEL_SPLITSTAT is set.
func Dump() {
	if !enabled {
		return
	}
	stat.mu.Lock()
	defer stat.mu.Unlock()
	w := os.Stderr
	keys := make([]string, 0, len(stat.regions))
	var split, serial int64
	for k, r := range stat.regions {
		keys = append(keys, k)
		if r.split {
			split += r.ns
		} else {
			serial += r.ns
		}
	}
	sort.Slice(keys, func(i, j int) bool { return stat.regions[keys[i]].ns > stat.regions[keys[j]].ns })
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	proc := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	fmt.Fprintf(w, "splitstat process CPU %.3f ms; regions' CPU on their thread (outermost; ms, calls): would split %.3f ms, one thread %.3f ms\n",
		float64(proc)/1e6, float64(split)/1e6, float64(serial)/1e6)
	for _, k := range keys {
		r := stat.regions[k]
		fmt.Fprintf(w, "  %-50s %10.3f %8d\n", k, float64(r.ns)/1e6, r.calls)
	}
	keys = keys[:0]
	for k := range stat.runs {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return stat.runs[keys[i]].sumNs > stat.runs[keys[j]].sumNs })
	fmt.Fprintf(w, "splitstat pool.Run by site: runs, bodies, body CPU ms, largest bodies' CPU ms, wall ms, runs no worker joined\n")
	for _, k := range keys {
		t := stat.runs[k]
		fmt.Fprintf(w, "  %-50s %6d %6d %9.3f %9.3f %9.3f %6d\n", k, t.runs, t.bodies,
			float64(t.sumNs)/1e6, float64(t.maxNs)/1e6, float64(t.wallNs)/1e6, t.callerAlone)
	}
	stat.sizes.print("splitting regions' CPU on their thread")
	stat.gaps.print("process CPU between splitting regions")
	if end := cpuTimes(); len(end) == len(cpuStart) && end != nil {
		// USER_HZ is 100 on Linux's every architecture that kael runs on.
		for i := range end {
			fmt.Fprintf(w, "splitstat cpu%d over the process: steal %d ms, idle %d ms\n", i,
				(end[i][7]-cpuStart[i][7])*10, (end[i][3]-cpuStart[i][3])*10)
		}
	}
	if wait, ok := runQueueWait(); ok {
		fmt.Fprintf(w, "splitstat the process's threads waited on a run queue %.3f ms\n", float64(wait)/1e6)
	}
	fmt.Fprintf(w, "splitstat runs %d, hand-offs to workers %d, workers parked %d, workers started %d\n", stat.runsTotal, stat.handOffs.Load(), stat.parks.Load(), Workers())
}
