package gctune

import (
	"math"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"slices"
	"testing"
	"time"
)

func TestPercentFor(t *testing.T) {
	tests := []struct {
		live, slack int64
		want        int
	}{
		{0, Slack, 800},               // the minimum goal: 4 MiB × 8 = Slack
		{1 << 20, Slack, 820},         // the minimum goal: 4 MiB × 8.25 = 1 + 32 MiB
		{3 << 20, Slack, 870},         // 4 MiB × 8.75 = 3 + 32 MiB (live × 9.75 is less)
		{minHeap - 1<<18, Slack, 850}, // live × 9.53 = 3.75 + 32 MiB (the minimum, 4 × 8.94, is more)
		{minHeap, Slack, 800},         // goal 4 + 32 MiB
		{8 << 20, Slack, 400},         // goal 8 + 32 MiB
		{10 << 20, Slack, 320},        // goal 10 + 32 MiB
		{Slack / 2, Slack, 200},       // goal = 3 × live = live + Slack
		{Slack/2 + 1, Slack, 190},     // just above: 199.99% rounds down to 190
		{18 << 20, Slack, 170},        // makemore's MLP: 177% rounds down, goal 48.6 MiB
		{Slack - 1, Slack, 100},       // 100.0000x% rounds down to 100
		{Slack, Slack, 100},           // from here Go's default
		{8 << 30, Slack, 100},         // a big model
		{18 << 20, TrainSlack, 350},   // makemore's MLP in training: 355%, goal 81 MiB
		{0, TrainSlack, 1600},         // 4 MiB × 16 = TrainSlack
		{TrainSlack, TrainSlack, 100},
	}
	for _, tt := range tests {
		if got := PercentFor(tt.live, tt.slack); got != tt.want {
			t.Errorf("PercentFor(%d, %d) = %d, want %d", tt.live, tt.slack, got, tt.want)
		}
	}
}

// TestStartFollowsCollections checks that the finalizer runs again after
// every collection and sets a percentage above Go's default for the small
// heap of a test binary.
func TestStartFollowsCollections(t *testing.T) {
	t.Setenv("GOGC", "")
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	Start()
	seen := collections.Load()
	for i := 0; i < 200 && collections.Load() < seen+3; i++ {
		runtime.GC()
		time.Sleep(5 * time.Millisecond) // finalizers run on their own goroutine
	}
	if n := collections.Load() - seen; n < 3 {
		t.Fatalf("the tuner saw %d of 200 collections, want at least 3", n)
	}
	if p := debug.SetGCPercent(100); p <= 100 {
		t.Errorf("GOGC after collections = %d, want more than 100 for a small heap", p)
	}
}

// TestTrain checks that Train raises the slack to TrainSlack and that a
// second call leaves it there.
func TestTrain(t *testing.T) {
	defer slack.Store(slack.Load())
	defer training.Store(training.Load())
	slack.Store(Slack)
	training.Store(false)
	Train()
	Train()
	if got := slack.Load(); got != TrainSlack {
		t.Errorf("slack after Train = %d, want %d", got, TrainSlack)
	}
	if !training.Load() {
		t.Error("training after Train = false, want true")
	}
}

func TestParseSlack(t *testing.T) {
	tests := []struct {
		text    string
		want    int64
		wantErr bool
	}{
		{"24", 24 << 20, false},
		{"1", 1 << 20, false},
		{"4096", 4096 << 20, false},
		{"0", 0, true},
		{"-8", 0, true},
		{"4097", 0, true},
		{"24MiB", 0, true},
		{"1.5", 0, true},
		{" 24", 0, true},
		{"99999999999999999999", 0, true},
	}
	for _, tt := range tests {
		got, err := ParseSlack(tt.text)
		if (err != nil) != tt.wantErr || got != tt.want {
			t.Errorf("ParseSlack(%q) = %d, %v; want %d, error %v", tt.text, got, err, tt.want, tt.wantErr)
		}
	}
}

// TestSlackEnvNotTraining checks that a slack from SlackEnv above Slack
// keeps a program that does not train on a percentage, without a limit.
func TestSlackEnvNotTraining(t *testing.T) {
	defer slack.Store(slack.Load())
	defer training.Store(training.Load())
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	slack.Store(TrainSlack)
	training.Store(false)
	tr := newTuner(true)
	tr.adjust()
	if p := debug.SetGCPercent(-1); p < 100 {
		t.Errorf("GOGC with a slack of %d MiB = %d, want a percentage of at least 100", TrainSlack>>20, p)
	}
	if tr.limit != 0 {
		t.Errorf("memory limit set to %d without training, want none", tr.limit)
	}
}

func TestLimitFor(t *testing.T) {
	if got, want := LimitFor(0, TrainSlack), int64(minHeap+96<<20); got != want {
		t.Errorf("LimitFor(0) = %d, want %d", got, want)
	}
	if got, want := LimitFor(37<<20, TrainSlack), int64(37<<20+96<<20); got != want {
		t.Errorf("LimitFor(37 MiB) = %d, want %d", got, want)
	}
}

func TestBigLimitFor(t *testing.T) {
	tests := []struct{ live, want int64 }{
		{0, minHeap + 96<<20},
		{12 << 20, 12<<20 + 96<<20}, // a[idx]'s row
		{96 << 20, 192 << 20},       // where twice the live heap takes over
		{1 << 30, 2 << 30},
	}
	for _, tt := range tests {
		if got := BigLimitFor(tt.live); got != tt.want {
			t.Errorf("BigLimitFor(%d) = %d, want %d", tt.live, got, tt.want)
		}
	}
}

// TestTrainingPacedByLimit checks that a training program's tuner turns
// the percentage off and sets the limit for the largest live heap of the
// recent collections, and that a program with GOMEMLIMIT keeps a
// percentage.
func TestTrainingPacedByLimit(t *testing.T) {
	defer slack.Store(slack.Load())
	defer training.Store(training.Load())
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	slack.Store(TrainSlack)
	training.Store(true)
	tr := newTuner(true)
	tr.lives[3] = 1 << 30 // a recent collection left 1 GiB
	tr.adjust()
	if p := debug.SetGCPercent(-1); p != -1 {
		t.Errorf("GOGC in training = %d, want -1 (off)", p)
	}
	if l := debug.SetMemoryLimit(-1); l != LimitFor(1<<30, TrainSlack) {
		t.Errorf("memory limit in training = %d, want %d (the largest recent live heap)", l, LimitFor(1<<30, TrainSlack))
	}
	own := newTuner(false)
	own.adjust()
	if p := debug.SetGCPercent(-1); p < 100 {
		t.Errorf("GOGC in training under GOMEMLIMIT = %d, want a percentage of at least 100", p)
	}
}

// sizeBuckets are the bounds of /gc/heap/allocs-by-size as the runtime
// makes them: 1, then each size class's size plus one, then +Inf.
var sizeBuckets = func() []float64 {
	s := []metrics.Sample{{Name: "/gc/heap/allocs-by-size:bytes"}}
	metrics.Read(s)
	return s[0].Value.Float64Histogram().Buckets
}()

func TestSmallBytes(t *testing.T) {
	class := func(size float64) int { // the bucket of a size class
		for i, b := range sizeBuckets {
			if b == size+1 {
				return i - 1
			}
		}
		t.Fatalf("no size class of %v bytes in %v", size, sizeBuckets)
		return 0
	}
	last := len(sizeBuckets) - 2
	tests := []struct {
		name   string
		counts map[int]uint64
		want   uint64
	}{
		{"none", nil, 0},
		{"8-byte objects", map[int]uint64{class(8): 10}, 80},
		{"the largest small class", map[int]uint64{class(maxSmall): 3}, 3 * maxSmall},
		{"big objects only", map[int]uint64{last: 1000}, 0},
		{"mixed", map[int]uint64{class(16): 2, class(1024): 1, last: 7}, 32 + 1024},
	}
	for _, tt := range tests {
		h := &metrics.Float64Histogram{Buckets: sizeBuckets, Counts: make([]uint64, len(sizeBuckets)-1)}
		for i, c := range tt.counts {
			h.Counts[i] = c
		}
		if got := SmallBytes(h); got != tt.want {
			t.Errorf("%s: SmallBytes = %d, want %d", tt.name, got, tt.want)
		}
	}
	if !math.IsInf(sizeBuckets[last+1], 1) || sizeBuckets[last] != maxSmall+1 {
		t.Errorf("the histogram's last buckets are %v, want %d and +Inf", sizeBuckets[last:], maxSmall+1)
	}
}

// TestAllocatedCountsBigBytes checks the tuner's reading of the runtime's
// metrics: 64 buffers of 1 MiB are 64 MiB more outside the small objects.
func TestAllocatedCountsBigBytes(t *testing.T) {
	tr := newTuner(true)
	metrics.Read(tr.sample)
	allocs0, small0 := tr.allocated()
	keep := make([][]byte, 64)
	for i := range keep {
		keep[i] = make([]byte, 1<<20)
	}
	metrics.Read(tr.sample)
	allocs1, small1 := tr.allocated()
	runtime.KeepAlive(keep)
	big := (allocs1 - allocs0) - (small1 - small0)
	if big < 64<<20 || big > 65<<20 {
		t.Errorf("big bytes allocated = %d, want 64 MiB (to 65)", big)
	}
}

func TestMostlyBig(t *testing.T) {
	tests := []struct {
		allocs, small uint64
		want          bool
	}{
		{0, 0, false},
		{1<<20 - 1, 0, false}, // too little to say
		{1 << 20, 0, true},
		{100 << 20, 10 << 20, true},   // 90 % big
		{100 << 20, 11 << 20, false},  // 89 %
		{100 << 20, 100 << 20, false}, // all small
		{10 << 20, 11 << 20, false},   // inconsistent counts
		{math.MaxUint64, 0, true},
	}
	for _, tt := range tests {
		if got := MostlyBig(tt.allocs, tt.small); got != tt.want {
			t.Errorf("MostlyBig(%d, %d) = %v, want %v", tt.allocs, tt.small, got, tt.want)
		}
	}
}

// TestBigSlack checks that after allocations of big buffers the tuner
// paces the collector by a memory limit with BigSlack (a percentage with
// BigSlack under GOMEMLIMIT), and after small objects, in training or
// under SlackEnv, as before; and that small objects after big buffers
// bring the percentage back and lift the limit.
func TestBigSlack(t *testing.T) {
	defer slack.Store(slack.Load())
	defer training.Store(training.Load())
	defer slackFromEnv.Store(slackFromEnv.Load())
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	bigBuffers := func() any {
		keep := make([][]byte, 48)
		for i := range keep {
			keep[i] = make([]byte, 1<<20)
		}
		return keep
	}
	smallObjects := func() any {
		keep := make([]*[8]int64, 64<<10) // 4 MiB of 64-byte objects
		for i := range keep {
			keep[i] = new([8]int64)
		}
		return keep
	}
	const paced = -1 // wantSlack's pacing: the limit, the percentage off
	tests := []struct {
		name                    string
		allocs                  []func() any
		training, env, ownLimit bool
		wantSlack               int64
		wantPercent             bool // a percentage, else the limit
	}{
		{"big buffers", []func() any{bigBuffers}, false, false, true, BigSlack, false},
		{"big buffers under GOMEMLIMIT", []func() any{bigBuffers}, false, false, false, BigSlack, true},
		{"small objects", []func() any{smallObjects}, false, false, true, Slack, true},
		{"big buffers, then small objects", []func() any{bigBuffers, smallObjects}, false, false, true, Slack, true},
		{"big buffers in training", []func() any{bigBuffers}, true, false, true, TrainSlack, false},
		{"small objects in training", []func() any{smallObjects}, true, false, true, TrainSlack, false},
		{"big buffers under SlackEnv", []func() any{bigBuffers}, false, true, true, Slack, true},
	}
	for _, tt := range tests {
		slack.Store(Slack)
		if tt.training {
			slack.Store(TrainSlack)
		}
		training.Store(tt.training)
		slackFromEnv.Store(tt.env)
		tr := newTuner(tt.ownLimit)
		tr.adjust()
		for _, alloc := range tt.allocs {
			runtime.KeepAlive(alloc())
			tr.adjust()
		}
		live := tr.lives[(tr.next-1)%recentCollections]
		if tt.wantPercent {
			if want := PercentFor(live, tt.wantSlack); tr.percent != want || tr.limit != 0 {
				t.Errorf("%s: percent %d, limit %d; want %d (live %d, slack %d MiB) and none", tt.name, tr.percent, tr.limit, want, live, tt.wantSlack>>20)
			}
			continue
		}
		want := LimitFor(slices.Max(tr.lives[:]), tt.wantSlack)
		if !tt.training {
			want = BigLimitFor(slices.Max(tr.lives[:]))
		}
		if tr.percent != paced || tr.limit != want {
			t.Errorf("%s: percent %d, limit %d; want %d and %d", tt.name, tr.percent, tr.limit, paced, want)
		}
	}
}

func TestIdleDue(t *testing.T) {
	at := time.Date(2026, 12, 7, 14, 0, 0, 0, time.UTC)
	tests := []struct {
		paced bool
		since time.Duration
		want  bool
	}{
		{true, IdlePeriod, true},
		{true, 10 * time.Minute, true},
		{true, IdlePeriod - time.Second, false},
		{true, 0, false},
		{false, 10 * time.Minute, false}, // the runtime's own period applies
	}
	for _, tt := range tests {
		if got := IdleDue(tt.paced, at.Add(-tt.since), at); got != tt.want {
			t.Errorf("IdleDue(%v, %v before) = %v, want %v", tt.paced, tt.since, got, tt.want)
		}
	}
}

// TestCollectIfIdle checks that a program paced by the limit collects once
// IdlePeriod has passed without a collection, and one paced by the
// percentage does not.
func TestCollectIfIdle(t *testing.T) {
	defer pacedByLimit.Store(pacedByLimit.Load())
	defer lastCollection.Store(lastCollection.Load())
	cycles := func() uint64 {
		s := []metrics.Sample{{Name: "/gc/cycles/total:gc-cycles"}}
		metrics.Read(s)
		return s[0].Value.Uint64()
	}
	now := time.Now()
	lastCollection.Store(now.Add(-IdlePeriod - time.Second).UnixNano())
	for _, paced := range []bool{false, true} {
		pacedByLimit.Store(paced)
		before := cycles()
		if got := collectIfIdle(now); got != paced {
			t.Errorf("collectIfIdle with pacedByLimit %v = %v, want %v", paced, got, paced)
		}
		if collected := cycles() > before; paced && !collected {
			t.Errorf("collectIfIdle reported a collection, but the runtime counts none")
		}
	}
}
