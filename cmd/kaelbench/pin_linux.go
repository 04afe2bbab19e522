package main

import (
	"runtime"

	"golang.org/x/sys/unix"
)

// onOneCPU runs f on a locked OS thread whose affinity is the last CPU the
// process may use, so that every process f starts (kael and the Pythons
// alike, which inherit the thread's affinity) runs on that one CPU. On
// the shared 2-CPU machines this project uses, the two CPUs differ in
// speed by up to 2x at a time (`taskset -c 0` against `taskset -c 1`),
// so runs that land on different CPUs compare the CPUs, not the
// interpreters. It returns the CPU used, or -1 with f run unpinned when
// the affinity cannot be set.
func onOneCPU(f func()) int {
	done := make(chan int)
	go func() {
		// The thread stays locked: it ends with the goroutine, so no
		// other goroutine inherits its affinity.
		runtime.LockOSThread()
		var set unix.CPUSet
		cpu := -1
		if err := unix.SchedGetaffinity(0, &set); err == nil {
			for i := 0; i < len(set)*64; i++ {
				if set.IsSet(i) {
					cpu = i
				}
			}
		}
		if cpu >= 0 {
			var one unix.CPUSet
			one.Set(cpu)
			if err := unix.SchedSetaffinity(0, &one); err != nil {
				cpu = -1
			}
		}
		f()
		done <- cpu
	}()
	return <-done
}
