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
// characters out of what readline reads, leaving one token in its
// place; pasteFilter.OnChange, readline's listener, then puts the whole run
// into the line at once. Typing arrives a character or an escape sequence
// per read and never makes such a run; a paste, with or without the
// terminal's bracketed paste, arrives in reads of hundreds of characters.

// A run of text taken out of the input is replaced by a token: one of the
// private use characters of plane 16, which no key sends (one in the input
// is replaced by U+FFFD). Each run gets the next of them, so that a token
// readline consumes without telling its listener (in the completion menu,
// say) does not shift the runs of the tokens after it.
const (
	firstPasteToken = '\U00100000'
	lastPasteToken  = '\U0010FFFD'
)

func isPasteToken(r rune) bool { return r >= firstPasteToken && r <= lastPasteToken }

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

	next rune // the token for the next run

	mu     sync.Mutex
	pastes map[rune]string // the runs that tokens not yet consumed stand for
}

func newPasteFilter(r io.Reader) *pasteFilter {
	return &pasteFilter{r: r, buf: make([]byte, 64<<10), next: firstPasteToken, pastes: map[rune]string{}}
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
				if isPasteToken(r) {
					text[i] = utf8.RuneError
				}
			}
			token := f.next
			if f.next++; f.next > lastPasteToken {
				f.next = firstPasteToken
			}
			f.mu.Lock()
			f.pastes[token] = string(text)
			f.mu.Unlock()
			out = utf8.AppendRune(out, token)
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
		hasToken = hasToken || isPasteToken(r)
		i += size
	}
	flush(len(b))
	return out
}

// OnChange is readline's listener: after readline has inserted a paste
// token, it replaces the token by the text it stands for.
func (f *pasteFilter) OnChange(line []rune, pos int, key rune) ([]rune, int, bool) {
	if !isPasteToken(key) {
		return nil, 0, false
	}
	f.mu.Lock()
	paste, ok := f.pastes[key]
	delete(f.pastes, key)
	f.mu.Unlock()
	at := pos - 1
	if !ok || at < 0 || at >= len(line) || line[at] != key {
		// Not inserted where the cursor was (readline was searching the
		// history, say): the text is dropped with its token.
		return nil, 0, false
	}
	text := []rune(paste)
	n := make([]rune, 0, len(line)-1+len(text))
	n = append(append(append(n, line[:at]...), text...), line[pos:]...)
	return n, at + len(text), true
}
