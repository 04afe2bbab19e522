package gemv

import "syscall"

// threadCPU returns the calling thread's CPU time in nanoseconds, and
// whether the system reports it.
func threadCPU() (int64, bool) {
	const rusageThread = 1 // RUSAGE_THREAD
	var ru syscall.Rusage
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0, false
	}
	return ru.Utime.Nano() + ru.Stime.Nano(), true
}
