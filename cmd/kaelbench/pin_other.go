//go:build !linux

package main

// onOneCPU runs f; pinning to one CPU is implemented on Linux only.
func onOneCPU(f func()) int {
	f()
	return -1
}
