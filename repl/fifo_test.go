//go:build unix

package repl

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kael-dev/kael/internal/fileguard/fileguardtest"
)

// TestLoadFIFO checks that :load of a FIFO fails at once (issue 19 #9).
func TestLoadFIFO(t *testing.T) {
	fifo := fileguardtest.FIFO(t)
	fileguardtest.NoHang(t, ":load FIFO", func() {
		out := runPiped(t, ":load "+fifo+"\n1 + 1\n")
		wantTranscript(t, out, "OSError: cannot read "+fifo+": not a regular file\n", "2\n")
	})
}

// TestHistoryFileGuards checks what historyPath does with history files
// that would hang or flood the line editor, or glue lines together.
func TestHistoryFileGuards(t *testing.T) {
	dir := t.TempDir()
	for _, bad := range []string{fileguardtest.FIFO(t), fileguardtest.DevZeroLink(t)} {
		fileguardtest.NoHang(t, "historyPath("+bad+")", func() {
			if _, err := historyPath(bad); err == nil {
				t.Errorf("%s accepted as a history file", bad)
			}
		})
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
