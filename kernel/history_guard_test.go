//go:build unix

package kernel

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kael-dev/kael/internal/fileguard/fileguardtest"
)

// History files that would hang or flood the kernel (issue 19 #9, #10).

func TestHistoryFileThatIsNotAFile(t *testing.T) {
	for _, path := range []string{fileguardtest.FIFO(t), fileguardtest.DevZeroLink(t)} {
		t.Run(filepath.Base(path), func(t *testing.T) {
			fileguardtest.NoHang(t, "OpenHistory", func() {
				if h, err := OpenHistory(path); err == nil {
					h.Close()
					t.Error("opened as a history file")
				}
			})
			// The kernel keeps the history in memory and serves at once.
			tk := startKernel(t, func(cfg *Config) { cfg.HistoryPath = path })
			c := connect(t, tk.info)
			timedExecute(t, c, "1", waitTimeout)
			waitForLog(t, tk.logs, "history is not saved")
		})
	}
}

func TestHistoryTornLine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "history.jsonl")
	h, err := OpenHistory(path)
	if err != nil {
		t.Fatal(err)
	}
	h.AddInput(1, "a")
	h.Close()
	// A crash in the middle of a write.
	f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(`{"session":1,"line":2,"inp`)
	f.Close()
	for range 2 { // the record written after the torn line survives a restart
		h, err = OpenHistory(path)
		if err != nil {
			t.Fatal(err)
		}
		h.AddInput(1, fmt.Sprint("b", h.Session()))
		h.Close()
	}
	h, _ = OpenHistory(path)
	defer h.Close()
	got, _ := h.Query(HistoryQuery{Access: "search", Pattern: "*"})
	if fmt.Sprint(got) != "[[1 1 a] [2 1 b2] [3 1 b3]]" {
		t.Errorf("entries %v", got)
	}
}

func TestHistorySessionOverflow(t *testing.T) {
	path := filepath.Join(t.TempDir(), "history.jsonl")
	data := fmt.Sprintf(`{"session":%d,"line":0}`+"\n"+`{"session":%d,"line":1,"input":"x"}`+"\n"+`{"session":-5,"line":1,"input":"y"}`+"\n"+`{"session":7,"line":1,"input":"z"}`+"\n",
		math.MaxInt64, math.MaxInt64)
	if err := os.WriteFile(path, []byte(data), 0o600); err != nil {
		t.Fatal(err)
	}
	h, err := OpenHistory(path)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if h.Session() != 8 {
		t.Errorf("session %d after a record of session 2^63-1; want 8", h.Session())
	}
}

func TestHistoryIsTrimmed(t *testing.T) {
	defer func(keep int, read int64) { historyKeep, historyReadBytes = keep, read }(historyKeep, historyReadBytes)
	historyKeep = 100
	path := filepath.Join(t.TempDir(), "history.jsonl")
	var b strings.Builder
	for i := 1; i <= 1000; i++ {
		fmt.Fprintf(&b, `{"session":1,"line":%d,"input":"in %d"}`+"\n", i, i)
		fmt.Fprintf(&b, `{"session":1,"line":%d,"output":"out %d"}`+"\n", i, i)
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	h, err := OpenHistory(path)
	if err != nil {
		t.Fatal(err)
	}
	h.AddInput(1, "newest")
	h.Close()
	data, _ := os.ReadFile(path)
	// The newest 100 inputs with their outputs, the session markers and the
	// new input.
	if n := strings.Count(string(data), `"input"`); n != 101 {
		t.Errorf("%d inputs kept, want 101", n)
	}
	if !strings.Contains(string(data), `"output":"out 1000"`) || strings.Contains(string(data), `"in 900"`) {
		t.Errorf("kept the wrong entries:\n%.300s", data)
	}
	h, _ = OpenHistory(path)
	defer h.Close()
	n := 2
	got, _ := h.Query(HistoryQuery{Access: "tail", N: &n, Output: true})
	if fmt.Sprint(got) != "[[1 1000 [in 1000 out 1000]] [2 1 [newest <nil>]]]" {
		t.Errorf("tail %v", got)
	}

	// A file far larger than what is read is cut to its newest records.
	historyReadBytes = 4 << 10
	h2, err := OpenHistory(path)
	if err != nil {
		t.Fatal(err)
	}
	h2.Close()
	if info, _ := os.Stat(path); info.Size() > 5<<10 {
		t.Errorf("history is %d bytes after a read limit of 4 KiB", info.Size())
	}
}
