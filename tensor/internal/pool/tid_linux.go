package pool

import "syscall"

// gettid returns the calling thread's id.
func gettid() (int, bool) { return syscall.Gettid(), true }
