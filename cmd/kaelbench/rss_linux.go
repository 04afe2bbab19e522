package main

import (
	"os"
	"syscall"
)

// maxRSS returns the peak resident memory of a finished process in bytes
// (Linux reports getrusage's ru_maxrss in kilobytes), or 0 when unknown.
func maxRSS(ps *os.ProcessState) int64 {
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		return ru.Maxrss * 1024
	}
	return 0
}
