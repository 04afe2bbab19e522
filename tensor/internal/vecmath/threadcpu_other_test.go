//go:build !linux

package vecmath

// threadCPU returns -1: the thread's CPU time is read on Linux only.
func threadCPU() float64 { return -1 }
