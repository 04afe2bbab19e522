package pool

import (
	"bytes"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// busyEvery is how often machineBusy looks at the system's run queue.
const busyEvery = 20 * time.Millisecond

var busy struct {
	mu     sync.Mutex
	next   atomic.Int64 // unix nanoseconds of the next look
	state  atomic.Bool
	file   *os.File
	failed bool
	buf    [128]byte
}

// machineBusy reports whether, at its last look (at most busyEvery ago),
// the machine had more runnable threads than processors: Linux's
// /proc/loadavg, whose fourth field counts the threads running or
// waiting for a processor now, this process's included. Where that file
// cannot be read the machine counts as quiet.
func machineBusy() bool {
	now := time.Now().UnixNano()
	if now < busy.next.Load() || !busy.mu.TryLock() {
		return busy.state.Load()
	}
	defer busy.mu.Unlock()
	busy.next.Store(now + int64(busyEvery))
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

// runnable returns the count before the slash of loadavg's fourth field
// ("0.50 0.40 0.30 3/512 1234": 3).
func runnable(loadavg []byte) (int, bool) {
	fields := bytes.Fields(loadavg)
	if len(fields) < 4 {
		return 0, false
	}
	num, _, ok := bytes.Cut(fields[3], []byte("/"))
	if !ok || len(num) == 0 {
		return 0, false
	}
	n := 0
	for _, c := range num {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}
