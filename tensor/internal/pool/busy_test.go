package pool

import (
	"os"
	"runtime"
	"testing"
	"time"
)

func TestRunDelay(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int64
		ok   bool
	}{
		{"317062 3388498 1\n", 3388498, true},
		{"0 68572 1", 68572, true},
		{"12 34", 0, false},
		{"12 x4 5", 0, false},
		{"", 0, false},
	} {
		got, ok := runDelay([]byte(c.in))
		if got != c.want || ok != c.ok {
			t.Errorf("runDelay(%q) = %d, %v; want %d, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

// TestThreadWaited checks that a thread's second look compares with its
// first (whether it waited depends on the machine's load, so the answer
// is not checked) and is kept under the thread's id.
func TestThreadWaited(t *testing.T) {
	if _, err := os.Stat("/proc/thread-self/schedstat"); err != nil {
		t.Skip("no /proc/thread-self/schedstat")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	busy.mu.Lock()
	defer busy.mu.Unlock()
	saved := busy.noSched
	defer func() { busy.noSched = saved }()
	busy.noSched = false
	// Forget a look an earlier test left for this thread.
	tid, _ := gettid()
	for i := range busy.threads {
		if l := &busy.threads[i]; l.file != nil && l.tid == tid {
			l.file.Close()
			*l = threadLook{}
		}
	}
	first := time.Now().UnixNano()
	if _, ok := threadWaited(first); ok {
		t.Error("a thread's first look compared with a look it never took")
	}
	if busy.noSched {
		t.Fatal("schedstat readable but threadWaited set noSched")
	}
	time.Sleep(5 * time.Millisecond)
	_, ok := threadWaited(time.Now().UnixNano())
	if !ok {
		t.Fatal("a thread's second look did not compare with its first")
	}
	for i := range busy.threads {
		if l := &busy.threads[i]; l.file != nil && l.tid == tid {
			if l.at < first {
				t.Errorf("look at %d, before the first look at %d", l.at, first)
			}
			return
		}
	}
	t.Errorf("no look kept for thread %d", tid)
}
