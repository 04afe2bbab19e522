package pool

import (
	"bytes"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// busyEvery is how often machineBusy looks again.
const busyEvery = 20 * time.Millisecond

// busyWaitShare is the share of a thread's time, waiting for a
// processor while runnable, above which the machine counts as busy.
const busyWaitShare = 0.25

// threadLooks is the number of threads whose last look machineBusy
// keeps (a process at two threads has about five).
const threadLooks = 16

var busy struct {
	mu     sync.Mutex
	next   atomic.Int64 // unix nanoseconds of the next look
	state  atomic.Bool
	file   *os.File
	failed bool
	buf    [128]byte
	// threads holds each thread's schedstat file and its last look;
	// noSched is set where the system has no schedstat.
	threads [threadLooks]threadLook
	noSched bool
}

// threadLook is a thread's /proc/thread-self/schedstat, open, and what
// it said at wall time at (unix nanoseconds): the time the thread has
// waited on a run queue, runnable but not running.
type threadLook struct {
	tid        int
	file       *os.File
	at, waited int64
}

// machineBusy reports whether, at its last look (at most busyEvery ago),
// the machine was busy: whether the looking thread spent more than
// busyWaitShare of the time since its own previous look waiting for a
// processor (Linux's /proc/thread-self/schedstat). That is the cost a
// spin pays on a busy machine, whatever the reason: other processes
// (which a lower priority or another group may keep from counting),
// or more threads of this one than processors. Where there is no
// schedstat, the machine counts as busy when it had more runnable
// threads than processors (/proc/loadavg's fourth field, this process's
// included), and as quiet where neither file can be read.
//
// The run queue's count was the only test before: it counts the
// threads of other processes that are runnable whether or not they can
// take a processor from this one (a lower priority, another group), and
// at dcgan's two-thread step with the process favoured it parked the
// workers some 1,500 times in 100 steps where this test parks them ~10
// (docs/performance.md, issue 34).
func machineBusy() bool {
	now := time.Now().UnixNano()
	if now < busy.next.Load() || !busy.mu.TryLock() {
		return busy.state.Load()
	}
	defer busy.mu.Unlock()
	busy.next.Store(now + int64(busyEvery))
	if !busy.noSched {
		if state, ok := threadWaited(now); ok {
			busy.state.Store(state)
		}
		if !busy.noSched {
			return busy.state.Load()
		}
	}
	if busy.failed {
		return false
	}
	if busy.file == nil {
		f, err := os.Open("/proc/loadavg")
		if err != nil {
			busy.failed = true
			return false
		}
		busy.file = f
	}
	n, err := busy.file.ReadAt(busy.buf[:], 0)
	if n == 0 && err != nil {
		busy.failed = true
		return false
	}
	running, ok := runnable(busy.buf[:n])
	busy.state.Store(ok && running > runtime.NumCPU()+1)
	return busy.state.Load()
}

// threadWaited reads the calling thread's schedstat at wall time now and
// reports whether it waited for a processor more than busyWaitShare of
// the time since its previous look; ok is false where there was no
// previous look to compare with (the state is then kept). It sets
// busy.noSched where the file cannot be opened. busy.mu is held.
func threadWaited(now int64) (state, ok bool) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	tid, hasTid := gettid()
	if !hasTid {
		busy.noSched = true
		return false, false
	}
	var look *threadLook
	oldest := &busy.threads[0]
	for i := range busy.threads {
		t := &busy.threads[i]
		if t.file != nil && t.tid == tid {
			look = t
			break
		}
		if t.file == nil || (oldest.file != nil && t.at < oldest.at) {
			oldest = t
		}
	}
	fresh := look == nil
	if fresh {
		f, err := os.Open("/proc/thread-self/schedstat")
		if err != nil {
			busy.noSched = true
			return false, false
		}
		if oldest.file != nil {
			oldest.file.Close()
		}
		look = oldest
		*look = threadLook{tid: tid, file: f}
	}
	n, err := look.file.ReadAt(busy.buf[:], 0)
	waited, parsed := runDelay(busy.buf[:n])
	if n == 0 && err != nil || !parsed {
		look.file.Close()
		*look = threadLook{}
		if fresh {
			busy.noSched = true
		}
		return false, false
	}
	if !fresh && now > look.at {
		state = float64(waited-look.waited) > busyWaitShare*float64(now-look.at)
		ok = true
	}
	look.at, look.waited = now, waited
	return state, ok
}

// runDelay returns the second field of a schedstat ("12 34 5": 34), the
// nanoseconds the thread has waited on a run queue.
func runDelay(schedstat []byte) (int64, bool) {
	fields := bytes.Fields(schedstat)
	if len(fields) < 3 {
		return 0, false
	}
	return digits(fields[1])
}

// digits parses a non-empty run of decimal digits.
func digits(num []byte) (int64, bool) {
	if len(num) == 0 {
		return 0, false
	}
	n := int64(0)
	for _, c := range num {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	return n, true
}

// runnable returns the count before the slash of loadavg's fourth field
// ("0.50 0.40 0.30 3/512 1234": 3).
func runnable(loadavg []byte) (int, bool) {
	fields := bytes.Fields(loadavg)
	if len(fields) < 4 {
		return 0, false
	}
	num, _, ok := bytes.Cut(fields[3], []byte("/"))
	if !ok {
		return 0, false
	}
	n, ok := digits(num)
	return int(n), ok
}
