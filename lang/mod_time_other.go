//go:build !unix

package lang

// processTimeNanos is unavailable where kael cannot read the CPU time of
// the process (not a Unix system).
func processTimeNanos() (int64, error) {
	return 0, newErrorf(OSError, "time.process_time: kael reads the CPU time of the process only on Unix systems")
}
