//go:build unix

package main

import (
	"testing"

	"github.com/kael-dev/kael/internal/fileguard/fileguardtest"
)

// TestRunFIFO checks that `kael run FIFO` fails at once (issue 19 #9)
// instead of waiting for a writer that never comes.
func TestRunFIFO(t *testing.T) {
	fifo := fileguardtest.FIFO(t)
	fileguardtest.NoHang(t, "kael run FIFO", func() {
		_, errOut, code := runCmd(t, "", "run", fifo)
		if want := "kael: " + fifo + ": not a regular file\n"; code != 1 || errOut != want {
			t.Errorf("exit %d, stderr %q; want 1, %q", code, errOut, want)
		}
	})
}
