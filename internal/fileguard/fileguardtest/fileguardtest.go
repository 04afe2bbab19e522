//go:build unix

// Package fileguardtest makes the files that package fileguard refuses, for
// the tests of everything that reads a file on a user's behalf (scripts,
// histories), and checks that reading them does not hang.
package fileguardtest

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// HangLimit is how long NoHang waits before it calls a call a hang.
const HangLimit = 10 * time.Second

// FIFO returns a new named pipe (which nobody writes) in a temporary
// directory, skipping the test where none can be made.
func FIFO(t testing.TB) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	return path
}

// DevZeroLink returns a new symbolic link to /dev/zero, which never ends.
func DevZeroLink(t testing.TB) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "zero")
	if err := os.Symlink("/dev/zero", path); err != nil {
		t.Fatal(err)
	}
	return path
}

// NoHang runs f and fails the test if it has not returned within
// HangLimit.
func NoHang(t testing.TB, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(HangLimit):
		t.Fatalf("%s blocked", what)
	}
}
