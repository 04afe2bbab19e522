//go:build unix

package gpt2

import (
	"syscall"
	"time"
)

// processUsage returns the process's CPU time, voluntary context
// switches and minor page faults so far, and whether the system reports
// them.
func processUsage() (time.Duration, int64, int64, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, 0, 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), int64(ru.Nvcsw), int64(ru.Minflt), true
}
