//go:build unix

package time

import (
	"syscall"

	"github.com/kael-dev/kael/lang"
)

// processTimeNanos is the user and system CPU time of the process, from
// getrusage, in nanoseconds.
func processTimeNanos() (int64, error) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, lang.Errorf(lang.OSError, "time.process_time: %v", err)
	}
	return ru.Utime.Nano() + ru.Stime.Nano(), nil
}
