//go:build !unix

package time

import "github.com/kael-dev/kael/lang"

// processTimeNanos is unavailable where kael cannot read the CPU time of
// the process (not a Unix system).
func processTimeNanos() (int64, error) {
	return 0, lang.Errorf(lang.OSError, "time.process_time: kael reads the CPU time of the process only on Unix systems")
}
