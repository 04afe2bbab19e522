package kernel

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"sync"
	"unicode/utf8"

	"github.com/kael-dev/kael/internal/fileguard"
)

// DefaultHistoryPath is $XDG_DATA_HOME/kael/history.jsonl, or
// ~/.local/share/kael/history.jsonl when XDG_DATA_HOME is unset.
func DefaultHistoryPath() string {
	dir := os.Getenv("XDG_DATA_HOME")
	if dir == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			home = os.TempDir()
		}
		dir = filepath.Join(home, ".local", "share")
	}
	return filepath.Join(dir, "kael", "history.jsonl")
}

// History is the execution history of all kernel sessions, kept in a JSON
// lines file: one record per input, one per output, and one marking the
// start of each session. Each kernel start (and in-place restart) is a new
// session, numbered after the highest in the file. History is safe for
// concurrent use.
//
// The file is bounded: OpenHistory reads at most its last
// historyReadBytes, and when it holds more than historyKeep inputs it is
// rewritten (atomically) with the newest historyKeep and their outputs.
// Only regular files are opened, without blocking.
type History struct {
	mu      sync.Mutex
	f       *os.File // nil for a history kept only in memory
	session int
	entries []historyEntry
}

var (
	// historyKeep is how many inputs the history keeps: IPython's default
	// for its own history is 10,000 too.
	historyKeep = 10000
	// historyReadBytes is the most of the file OpenHistory reads.
	historyReadBytes int64 = 64 << 20
)

// maxHistorySession is the largest session number accepted from the file,
// so that the next one is never out of range.
const maxHistorySession = 1 << 40

type historyEntry struct {
	Session, Line int
	Input         string
	Output        *string
}

// historyRecord is one line of the history file. Line 0 marks a session
// start; a record has Input or Output, not both.
type historyRecord struct {
	Session int     `json:"session"`
	Line    int     `json:"line"`
	Input   *string `json:"input,omitempty"`
	Output  *string `json:"output,omitempty"`
	Time    string  `json:"time,omitempty"`
}

// OpenHistory loads the history file at path, creating it if needed, and
// starts a new session in it. Unreadable lines, and a line torn by a
// crash, are skipped; the next record starts on a line of its own.
func OpenHistory(path string) (*History, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, err
	}
	f, info, err := fileguard.OpenRegular(path, os.O_RDWR|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return nil, err
	}
	data, truncated, err := fileguard.ReadTail(f, info.Size(), historyReadBytes)
	if err != nil {
		f.Close()
		return nil, err
	}
	h := &History{f: f}
	for len(data) > 0 {
		line, rest, complete := bytes.Cut(data, []byte("\n"))
		data = rest
		var rec historyRecord
		if complete && json.Unmarshal(line, &rec) == nil && rec.Session > 0 && rec.Session <= maxHistorySession {
			h.load(rec)
		}
	}
	if truncated || len(h.entries) > historyKeep {
		err = h.rewrite(path)
	} else {
		err = fileguard.TerminateLine(f, info.Size())
	}
	if err != nil {
		h.f.Close()
		return nil, err
	}
	return h, h.NewSession()
}

// rewrite replaces the file with the newest historyKeep entries and
// reopens it.
func (h *History) rewrite(path string) error {
	h.trim()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	session := 0
	for _, e := range h.entries {
		if e.Session != session {
			session = e.Session
			if err := enc.Encode(historyRecord{Session: session}); err != nil {
				return err
			}
		}
		if err := enc.Encode(historyRecord{Session: e.Session, Line: e.Line, Input: &e.Input}); err != nil {
			return err
		}
		if e.Output != nil {
			if err := enc.Encode(historyRecord{Session: e.Session, Line: e.Line, Output: e.Output}); err != nil {
				return err
			}
		}
	}
	if err := fileguard.WriteAtomic(path, buf.Bytes(), 0o600); err != nil {
		return err
	}
	h.f.Close()
	f, _, err := fileguard.OpenRegular(path, os.O_RDWR|os.O_APPEND, 0o600)
	h.f = f
	return err
}

// trim drops all but the newest historyKeep entries.
func (h *History) trim() {
	if extra := len(h.entries) - historyKeep; extra > 0 {
		h.entries = append([]historyEntry(nil), h.entries[extra:]...)
	}
}

// NewMemoryHistory returns a history that is not saved.
func NewMemoryHistory() *History {
	return &History{session: 1}
}

func (h *History) load(rec historyRecord) {
	h.session = max(h.session, rec.Session)
	switch {
	case rec.Line <= 0:
	case rec.Input != nil:
		if len(h.entries) >= 2*historyKeep { // the file is cut at the next start
			h.trim()
		}
		h.entries = append(h.entries, historyEntry{Session: rec.Session, Line: rec.Line, Input: *rec.Input})
	case rec.Output != nil:
		for i := len(h.entries) - 1; i >= 0; i-- {
			if e := &h.entries[i]; e.Session == rec.Session && e.Line == rec.Line {
				e.Output = rec.Output
				break
			}
		}
	}
}

// NewSession starts the next session.
func (h *History) NewSession() error {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.appendLocked(historyRecord{Session: h.session + 1, Time: now()})
}

// Session is the number of the current session.
func (h *History) Session() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.session
}

// AddInput records the input of line n of the current session.
func (h *History) AddInput(n int, code string) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.appendLocked(historyRecord{Session: h.session, Line: n, Input: &code, Time: now()})
}

// AddOutput records the text/plain result of line n of the current session.
func (h *History) AddOutput(n int, text string) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.appendLocked(historyRecord{Session: h.session, Line: n, Output: &text})
}

// appendLocked applies rec and writes it to the file as one line.
func (h *History) appendLocked(rec historyRecord) error {
	h.load(rec)
	if h.f == nil {
		return nil
	}
	b, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	_, err = h.f.Write(append(b, '\n'))
	return err
}

// Close closes the history file.
func (h *History) Close() error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.f == nil {
		return nil
	}
	err := h.f.Close()
	h.f = nil
	return err
}

// HistoryQuery selects history entries, as a history_request does.
type HistoryQuery struct {
	// Access is "tail", "range" or "search".
	Access string `json:"hist_access_type"`
	// Output adds each entry's text/plain result.
	Output bool `json:"output"`
	// Session, Start and Stop select lines Start <= line < Stop (Stop 0:
	// to the end) of a session for "range". A session of 0 or less counts
	// back from the current one.
	Session int `json:"session"`
	Start   int `json:"start"`
	Stop    int `json:"stop"`
	// N limits "tail" (default 10) and "search" (default all) to the last N
	// entries.
	N *int `json:"n"`
	// Pattern is a glob matched against whole inputs for "search": * any
	// text, ? one character, [...] a class ([^...] negated).
	Pattern string `json:"pattern"`
	// Unique keeps only the latest of equal inputs in "search".
	Unique bool `json:"unique"`
}

// Query returns the entries q selects, oldest first, each as
// [session, line, input] or, with q.Output, [session, line, [input, output]].
func (h *History) Query(q HistoryQuery) ([][]any, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	var sel []historyEntry
	switch q.Access {
	case "tail":
		n := 10
		if q.N != nil {
			n = max(*q.N, 0)
		}
		sel = h.entries[max(len(h.entries)-n, 0):]
	case "range":
		session := q.Session
		if session <= 0 {
			session += h.session
		}
		for _, e := range h.entries {
			if e.Session == session && e.Line >= q.Start && (q.Stop <= 0 || e.Line < q.Stop) {
				sel = append(sel, e)
			}
		}
	case "search":
		pattern := q.Pattern
		if pattern == "" {
			pattern = "*"
		}
		latest := map[string]int{}
		for i, e := range h.entries {
			if globMatch(pattern, e.Input) {
				sel = append(sel, e)
				latest[e.Input] = i
			}
		}
		if q.Unique {
			kept := sel[:0]
			for _, e := range sel {
				if i := latest[e.Input]; h.entries[i].Session == e.Session && h.entries[i].Line == e.Line {
					kept = append(kept, e)
				}
			}
			sel = kept
		}
		if q.N != nil && *q.N > 0 && len(sel) > *q.N {
			sel = sel[len(sel)-*q.N:]
		}
	default:
		return nil, errors.New("hist_access_type must be tail, range or search")
	}
	out := make([][]any, len(sel))
	for i, e := range sel {
		if q.Output {
			var output any
			if e.Output != nil {
				output = *e.Output
			}
			out[i] = []any{e.Session, e.Line, []any{e.Input, output}}
		} else {
			out[i] = []any{e.Session, e.Line, e.Input}
		}
	}
	return out, nil
}

// globMatch reports whether s matches pattern as a whole, as SQLite's GLOB
// (which IPython's history search uses) does: * ? [abc] [a-z] [^abc].
func globMatch(pattern, s string) bool {
	var starP, starS = -1, 0 // where to resume after the last *
	p, i := 0, 0
	for i < len(s) || p < len(pattern) {
		if p < len(pattern) {
			switch pattern[p] {
			case '*':
				starP, starS = p, i
				p++
				continue
			case '?':
				if i < len(s) {
					_, w := utf8.DecodeRuneInString(s[i:])
					p, i = p+1, i+w
					continue
				}
			case '[':
				if i < len(s) {
					r, w := utf8.DecodeRuneInString(s[i:])
					if end, ok := matchClass(pattern[p:], r); ok {
						p, i = p+end, i+w
						continue
					}
				}
			default:
				if i < len(s) {
					pr, pw := utf8.DecodeRuneInString(pattern[p:])
					r, w := utf8.DecodeRuneInString(s[i:])
					if pr == r {
						p, i = p+pw, i+w
						continue
					}
				}
			}
		}
		if starP < 0 || starS >= len(s) {
			return false
		}
		_, w := utf8.DecodeRuneInString(s[starS:])
		starS += w
		p, i = starP+1, starS
	}
	return true
}

// matchClass matches r against the class at the start of pattern ("[...]")
// and returns the class's length and whether r is in it. An unterminated
// class matches nothing.
func matchClass(pattern string, r rune) (int, bool) {
	j := 1
	negate := j < len(pattern) && pattern[j] == '^'
	if negate {
		j++
	}
	in := false
	for first := true; j < len(pattern); first = false {
		if pattern[j] == ']' && !first {
			return j + 1, in != negate
		}
		lo, w := utf8.DecodeRuneInString(pattern[j:])
		j += w
		hi := lo
		if j+1 < len(pattern) && pattern[j] == '-' && pattern[j+1] != ']' {
			hi, w = utf8.DecodeRuneInString(pattern[j+1:])
			j += 1 + w
		}
		if lo <= r && r <= hi {
			in = true
		}
	}
	return 0, false
}
