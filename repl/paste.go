package repl

import (
	"io"
	"sync"
	"unicode/utf8"
)

// readline (chzyer/readline) redraws the whole line for every character
// it inserts, and copies it into the history entry: a pasted line of n
// characters costs O(n²), about 40 s for 20 KB (issue 35). pasteFilter sits
// between the terminal and readline and takes each long run of printable
// characters out of what readline reads, leaving one pasteToken in its
// place; pasteFilter.OnChange, readline's listener, then puts the whole run
// into the line at once. Typing arrives a character or an escape sequence
// per read and never makes such a run; a paste, with or without the
// terminal's bracketed paste, arrives in reads of hundreds of characters.

// pasteToken stands for a run of text taken out of the input: a private
// use character that no key sends (one in the input is replaced by
// U+FFFD).
const pasteToken = '\U0010FFFD'

// pasteMinRun is the shortest run of printable characters in one read
// that is inserted at once; shorter ones pass through as typed.
const pasteMinRun = 32

// escape-sequence states of pasteFilter, so that the printable bytes of a
// sequence (ESC [ 1 ; 5 C) always reach readline as they are.
const (
	escNone = iota
	escStart
	escCSI
	escSS3
)

type pasteFilter struct {
	r   io.Reader
	buf []byte
	out []byte // filtered, not yet read
	err error  // from r, returned once out is read
	esc int

	mu     sync.Mutex
	pastes []string // the runs the tokens in out and beyond stand for, in order
}

func newPasteFilter(r io.Reader) *pasteFilter {
	return &pasteFilter{r: r, buf: make([]byte, 64<<10)}
}

func (f *pasteFilter) Read(p []byte) (int, error) {
	for len(f.out) == 0 {
		if f.err != nil {
			return 0, f.err
		}
		n, err := f.r.Read(f.buf)
		f.out = f.filter(f.buf[:n])
		f.err = err
	}
	n := copy(p, f.out)
	f.out = f.out[n:]
	return n, nil
}

// filter returns b with its long runs of printable characters replaced by
// pasteTokens, queuing the runs.
func (f *pasteFilter) filter(b []byte) []byte {
	out := make([]byte, 0, len(b))
	runStart, runLen, hasToken := -1, 0, false
	flush := func(end int) {
		if runStart < 0 {
			return
		}
		run := b[runStart:end]
		if runLen >= pasteMinRun || hasToken {
			text := []rune(string(run))
			for i, r := range text {
				if r == pasteToken {
					text[i] = utf8.RuneError
				}
			}
			f.mu.Lock()
			f.pastes = append(f.pastes, string(text))
			f.mu.Unlock()
			out = utf8.AppendRune(out, pasteToken)
		} else {
			out = append(out, run...)
		}
		runStart, runLen, hasToken = -1, 0, false
	}
	for i := 0; i < len(b); {
		c := b[i]
		switch f.esc {
		case escStart:
			switch c {
			case '[':
				f.esc = escCSI
			case 'O':
				f.esc = escSS3
			default:
				f.esc = escNone
			}
			out = append(out, c)
			i++
			continue
		case escCSI:
			if c >= 0x40 && c <= 0x7e { // the final byte
				f.esc = escNone
			}
			out = append(out, c)
			i++
			continue
		case escSS3:
			f.esc = escNone
			out = append(out, c)
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if c < 0x20 || c == 0x7f || r == utf8.RuneError && size <= 1 {
			// A control character, ESC, or a byte of a character split
			// between reads: as it is.
			flush(i)
			if c == 0x1b {
				f.esc = escStart
			}
			out = append(out, c)
			i++
			continue
		}
		if runStart < 0 {
			runStart = i
		}
		runLen++
		hasToken = hasToken || r == pasteToken
		i += size
	}
	flush(len(b))
	return out
}

// OnChange is readline's listener: after readline has inserted a
// pasteToken, it replaces the token by the text it stands for.
func (f *pasteFilter) OnChange(line []rune, pos int, key rune) ([]rune, int, bool) {
	if key != pasteToken {
		return nil, 0, false
	}
	f.mu.Lock()
	if len(f.pastes) == 0 {
		f.mu.Unlock()
		return nil, 0, false
	}
	text := []rune(f.pastes[0])
	f.pastes[0] = ""
	f.pastes = f.pastes[1:]
	f.mu.Unlock()
	at := pos - 1
	if at < 0 || at >= len(line) || line[at] != pasteToken {
		// Not inserted where the cursor was (readline was searching the
		// history, say): the text is dropped with its token.
		return nil, 0, false
	}
	n := make([]rune, 0, len(line)-1+len(text))
	n = append(append(append(n, line[:at]...), text...), line[pos:]...)
	return n, at + len(text), true
}
