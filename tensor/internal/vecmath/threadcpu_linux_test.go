package vecmath

import "syscall"

// threadCPU returns the calling thread's CPU time in µs, or -1.
func threadCPU() float64 {
	var ru syscall.Rusage
	if syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru) != nil {
		return -1
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e3
}
