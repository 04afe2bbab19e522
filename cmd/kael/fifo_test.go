//go:build unix

package main

import (
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestRunFIFO checks that `kael run FIFO` fails at once (issue 19 #9)
// instead of waiting for a writer that never comes.
func TestRunFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo.kael")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		_, errOut, code := runCmd(t, "", "run", fifo)
		if want := "kael: " + fifo + ": not a regular file\n"; code != 1 || errOut != want {
			t.Errorf("exit %d, stderr %q; want 1, %q", code, errOut, want)
		}
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("kael run blocked on a FIFO")
	}
}
