//go:build unix

package repl

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestLoadFIFO checks that :load of a FIFO fails at once (issue 19 #9).
func TestLoadFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo.kael")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	done := make(chan string, 1)
	go func() { done <- runPiped(t, ":load "+fifo+"\n1 + 1\n") }()
	select {
	case out := <-done:
		wantTranscript(t, out, "OSError: cannot read "+fifo+": not a regular file\n", "2\n")
	case <-time.After(10 * time.Second):
		t.Fatal(":load blocked on a FIFO")
	}
}

// TestHistoryFileGuards checks what historyPath does with history files
// that would hang or flood the line editor, or glue lines together.
func TestHistoryFileGuards(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	zero := filepath.Join(dir, "zero")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{fifo, zero} {
		done := make(chan error, 1)
		go func() { _, err := historyPath(bad); done <- err }()
		select {
		case err := <-done:
			if err == nil {
				t.Errorf("%s accepted as a history file", bad)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("historyPath(%s) blocked", bad)
		}
	}

	torn := filepath.Join(dir, "torn")
	if err := os.WriteFile(torn, []byte("x = 1\npri"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := historyPath(torn); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(torn); string(got) != "x = 1\npri\n" {
		t.Errorf("torn history became %q", got)
	}

	big := filepath.Join(dir, "big")
	line := strings.Repeat("y", 99) + "\n"
	if err := os.WriteFile(big, []byte("oldest\n"+strings.Repeat(line, historyBytes/len(line)+10)+"newest"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := historyPath(big); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(big)
	if len(got) > historyBytes+1 || !strings.HasSuffix(string(got), "\nnewest\n") || strings.HasPrefix(string(got), "oldest") || !strings.HasPrefix(string(got), "yyy") {
		t.Errorf("trimmed history: %d bytes, starts %q, ends %q", len(got), got[:10], got[len(got)-10:])
	}
}
