// Package gctune sizes the garbage collector's heap goal for the kael
// process.
//
// Go collects when the heap reaches GOGC percent (100) above what the last
// collection left live, and at least every 4 MiB. A language loop whose
// live data is a few MiB, as most notebook cells are, then collects every
// few milliseconds: in `c = s + s` over a 2-element tensor, or a loop
// boxing ints, the collector took 15% of the CPU and kept its write
// barriers on most of the time (docs/performance.md). Start raises the
// percentage while the live heap is small, so that the goal is the live
// heap plus Slack, and keeps Go's default once the live heap is larger than
// Slack: a program with big tensors grows its heap as it would without
// this package, and a small one holds at most Slack of garbage more.
//
// A program that trains a model (its first backward pass calls Train)
// gets TrainSlack instead: a training step allocates its graph's tensors
// anew every step, and each collection marks the interpreter's and the
// graph's objects however little of the heap they are, so that makemore's
// MLP spent a fifth of its step collecting with 32 MiB (docs/performance.md).
// PyTorch's own process holds about 230 MB after import torch; kael's,
// about 40 MB, stays below it with the larger slack.
//
// A training program's collections are paced by a soft memory limit
// alone, the largest live heap of its last few collections plus one and a
// half TrainSlack (LimitFor), with the percentage off, unless GOMEMLIMIT is
// set (then the percentage goes on as above). Setting the GOGC environment
// variable turns the tuning off.
//
// The runtime collects at least every two minutes, but not while the
// percentage is off: a notebook's kernel left idle after a training loop
// kept its garbage, up to the limit's slack, for as long as it stayed
// idle. While the limit paces the collector, the tuner collects once
// IdlePeriod has passed without a collection, as the runtime would, and
// returns the freed pages to the operating system.
//
// KAEL_GC_SLACK_MIB, a whole number of MiB from 1 to 4096, replaces Slack
// for a program that does not train (TrainSlack is unchanged). It is a
// knob for experiments, such as measuring the cost of a heap goal that
// cycles through more than the CPU's last-level cache, not a setting a
// program needs: a value it cannot read leaves Slack in force and says so
// on standard error.
package gctune

import (
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// Slack is the garbage a small heap may hold before a collection.
const Slack = 32 << 20

// TrainSlack is Slack once Train has been called.
const TrainSlack = 64 << 20

// slack is the slack in force: Slack (or SlackEnv's), or TrainSlack after
// Train.
var slack atomic.Int64

// training is set by Train: the memory limit paces the collector.
var training atomic.Bool

func init() { slack.Store(Slack) }

// Train says that the program trains a model (lang/torch calls it on a
// backward pass): from the next collection on, the heap goal is the live
// heap plus TrainSlack. It is cheap to call again.
func Train() {
	if training.Load() {
		return
	}
	if slack.Load() < TrainSlack {
		slack.Store(TrainSlack)
	}
	training.Store(true)
}

// minHeap is the heap goal Go keeps at GOGC=100 however small the live
// heap (the runtime's heapminimum), scaled by GOGC/100 as it is.
const minHeap = 4 << 20

// SlackEnv names the environment variable that replaces Slack for an
// experiment (the package's doc comment).
const SlackEnv = "KAEL_GC_SLACK_MIB"

// maxSlackMiB bounds SlackEnv's value: 4 GiB, far above any useful slack.
const maxSlackMiB = 4096

// ParseSlack returns the slack in bytes that a SlackEnv value of text
// asks for: a whole number of MiB from 1 to maxSlackMiB.
func ParseSlack(text string) (int64, error) {
	mib, err := strconv.Atoi(text)
	if err != nil || mib < 1 || mib > maxSlackMiB {
		return 0, fmt.Errorf("%s=%q: want a whole number of MiB from 1 to %d", SlackEnv, text, maxSlackMiB)
	}
	return int64(mib) << 20, nil
}

// Start tunes the collector from now on, unless GOGC is set. It is for a
// program's main function: it changes a process-wide setting.
func Start() { startOnce.Do(start) }

var startOnce sync.Once

func start() {
	if os.Getenv("GOGC") != "" {
		return
	}
	if text := os.Getenv(SlackEnv); text != "" {
		if s, err := ParseSlack(text); err != nil {
			fmt.Fprintf(os.Stderr, "kael: %v; the collector keeps its slack of %d MiB\n", err, Slack>>20)
		} else {
			slack.Store(s)
		}
	}
	t := &tuner{sample: []metrics.Sample{{Name: "/gc/heap/live:bytes"}}, percent: 100, ownLimit: os.Getenv("GOMEMLIMIT") == ""}
	t.adjust()
	s := &sentinel{t: t}
	lastCollection.Store(time.Now().UnixNano())
	runtime.SetFinalizer(s, (*sentinel).collected)
	go func() {
		for now := range time.Tick(IdlePeriod / 4) {
			collectIfIdle(now)
		}
	}()
}

// IdlePeriod is the longest a program paced by the memory limit goes
// without a collection: the runtime's own period (forcegcperiod), which
// it keeps only while the percentage is on.
const IdlePeriod = 2 * time.Minute

// lastCollection is when the tuner last saw a collection (Unix
// nanoseconds); pacedByLimit says that the percentage is off.
var (
	lastCollection atomic.Int64
	pacedByLimit   atomic.Bool
)

// collectIfIdle collects when the memory limit paces the collector and
// IdlePeriod has passed since the last collection at now, reporting
// whether it did. It also returns the freed pages to the operating
// system (debug.FreeOSMemory): under the limit the scavenger keeps the
// pages up to it, and a program that went two minutes without a
// collection is most likely a kernel waiting for its next cell.
func collectIfIdle(now time.Time) bool {
	if !IdleDue(pacedByLimit.Load(), time.Unix(0, lastCollection.Load()), now) {
		return false
	}
	debug.FreeOSMemory()
	return true
}

// IdleDue reports whether a program whose collector the limit paces
// (paced) and that last collected at last is due a collection at now.
func IdleDue(paced bool, last, now time.Time) bool {
	return paced && now.Sub(last) >= IdlePeriod
}

// collections counts the collections the tuner has seen, for tests.
var collections atomic.Int64

// tuner holds the percentage and memory limit last set.
type tuner struct {
	sample   []metrics.Sample
	percent  int
	limit    int64 // 0 until a training program's first collection
	ownLimit bool  // GOMEMLIMIT is not set: the tuner sets the limit
	// lives holds the live heaps of the last recentCollections
	// collections, the newest at next-1 (mod recentCollections).
	lives [recentCollections]int64
	next  int
}

// recentCollections is how many collections' live heaps a training
// program's memory limit is sized on (their largest).
const recentCollections = 8

// sentinel is an object that only its finalizer refers to: the finalizer
// runs after every collection and registers itself again.
type sentinel struct{ t *tuner }

func (s *sentinel) collected() {
	collections.Add(1)
	lastCollection.Store(time.Now().UnixNano())
	s.t.adjust()
	runtime.SetFinalizer(s, (*sentinel).collected)
}

// adjust sets the percentage for the live heap the last collection left,
// or, in a training program, the memory limit for the largest of the
// recent ones and the percentage off.
func (t *tuner) adjust() {
	metrics.Read(t.sample)
	var live int64
	if v := t.sample[0].Value; v.Kind() == metrics.KindUint64 {
		live = int64(min(v.Uint64(), 1<<62))
	}
	t.lives[t.next%recentCollections] = live
	t.next++
	s := slack.Load()
	p, l := PercentFor(live, s), t.limit
	if training.Load() && t.ownLimit {
		p, l = -1, LimitFor(slices.Max(t.lives[:]), s)
	}
	// The limit first, so that the percentage is never off without it.
	if l != t.limit {
		debug.SetMemoryLimit(l)
		t.limit = l
	}
	if p != t.percent {
		debug.SetGCPercent(p)
		t.percent = p
	}
	pacedByLimit.Store(p < 0)
}

// LimitFor returns the soft memory limit of a training program whose
// recent collections left at most live bytes: that live heap plus one and
// a half times the slack. The runtime collects when the process's Go
// memory nears the limit, so that the limit alone paces the collector
// (the percentage is off).
//
// A percentage lags: it is set after each collection, by a finalizer that
// a busy program runs late, for the live heap that collection left, and a
// graph's step holds two or three times more at times than at others
// (makemore's MLP: 11 to 45 MiB), so that the percentage of a 15 MiB live
// heap (420%) applied to a 37 MiB one made a goal of 194 MB, and
// makemore's process reached 340 MB; with a limit of the live heap plus
// twice the slack to bound it, the goals still moved between 44 and
// 127 MB from one collection to the next, and each time a goal fell the
// runtime's scavenger returned the pages above it to the kernel, which the
// next steps' tensors faulted in again (190 MB over 400 steps). A limit
// sized on the largest recent live heap stays put: makemore collected a
// third less often, faulted fewer pages and took about a tenth less CPU a
// step, its peak memory about the same (docs/performance.md, "makemore:
// the collector paced by the memory limit"). A heap that truly grows
// beyond the limit collects often until the next finalizer raises it, the
// runtime keeping the collector under half of the CPU meanwhile.
func LimitFor(live, slack int64) int64 { return max(live, minHeap) + slack + slack/2 }

// PercentFor returns the GOGC percentage for a live heap of live bytes:
// the one whose goal is about live+slack, at least Go's default 100,
// rounded down to a multiple of 10. The runtime's goal is the larger of
// live×(1+p/100) and its minimum, minHeap×p/100, so that under minHeap
// the percentage is the smaller of the two that give live+slack: the
// second for a live heap near 0 (800 for 32 MiB), the first near minHeap.
// (The live heap floored at minHeap, as before, gave a 3 MiB heap a goal
// of 32 MiB, not 35: a smaller start-up heap collected more often.)
// (Steps of 100, as before that, gave a live heap of 17 to 32 MiB only
// 100%: a training step of makemore's MLP, 18 MiB live, collected every
// 18 MiB instead of every 30, and the collector took a quarter of its
// CPU time.) Setting the percentage is cheap (the heap lock, no stop),
// so that it moves by 10 now and then costs nothing measurable.
func PercentFor(live, slack int64) int {
	live = max(live, 0)
	p := (live + slack) * 100 / minHeap // the minimum goal is live+slack
	if live > 0 {
		p = min(p, slack*100/live) // live×(1+p/100) is live+slack
	}
	p = p / 10 * 10
	return max(int(p), 100)
}
