package gctune

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
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
	tr := &tuner{sample: []metrics.Sample{{Name: "/gc/heap/live:bytes"}}, percent: 100, ownLimit: true}
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
	tr := &tuner{sample: []metrics.Sample{{Name: "/gc/heap/live:bytes"}}, percent: 100, ownLimit: true}
	tr.lives[3] = 1 << 30 // a recent collection left 1 GiB
	tr.adjust()
	if p := debug.SetGCPercent(-1); p != -1 {
		t.Errorf("GOGC in training = %d, want -1 (off)", p)
	}
	if l := debug.SetMemoryLimit(-1); l != LimitFor(1<<30, TrainSlack) {
		t.Errorf("memory limit in training = %d, want %d (the largest recent live heap)", l, LimitFor(1<<30, TrainSlack))
	}
	own := &tuner{sample: []metrics.Sample{{Name: "/gc/heap/live:bytes"}}, ownLimit: false}
	own.adjust()
	if p := debug.SetGCPercent(-1); p < 100 {
		t.Errorf("GOGC in training under GOMEMLIMIT = %d, want a percentage of at least 100", p)
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
