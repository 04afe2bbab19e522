//go:build !linux

package pool

// gettid reports that this system has no thread ids for machineBusy
// (it has no /proc/thread-self/schedstat either).
func gettid() (int, bool) { return 0, false }
