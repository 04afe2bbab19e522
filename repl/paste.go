package repl

import (
	"bytes"
	"io"
	"strings"
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

	// bracket collects a bracketed paste (ESC[200~ ... ESC[201~) while
	// inBracket is set.
	bracket   []byte
	inBracket bool
	held      []byte // the start of a paste marker, from the last read
	// heldOut is the end of the last read's filtered bytes that begins a
	// marker: bytes on either side of a dropped stray marker could
	// otherwise join into one on their way to readline.
	heldOut []byte

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
		in := append(f.held, f.buf[:n]...)
		f.held = nil
		if err == nil && !f.inBracket {
			// The start of a paste marker (either: a stray end is dropped
			// too) split between reads waits for the rest.
			in, f.held = holdMarkerStart(in)
		}
		// Dropping a stray end marker joins the bytes around it, which
		// can spell a marker ("\x1b[2" + "\x1b[201~" + "00~"), in this
		// read or with the next: such a marker is dropped too, so that
		// none ever reaches readline.
		out := dropMarkers(append(f.heldOut, f.filter(in)...))
		f.heldOut = nil
		if err == nil && !f.inBracket {
			out, f.heldOut = holdMarkerStart(out)
		}
		f.out = out
		f.err = err
	}
	n := copy(p, f.out)
	f.out = f.out[n:]
	return n, nil
}

// The terminal's bracketed paste (turned on by bracketedPasteOn) marks
// pasted text; all of it, however short, becomes one token, so that a
// tab in it never completes and its newlines do not end lines one by one.
// A paste of more than one line is followed by Enter and left in the line
// as its token, which expandBlocks replaces by the lines: the block is one
// cell, its own indentation not stacked on the auto-indent.
const (
	bracketedPasteOn  = "\x1b[?2004h"
	bracketedPasteOff = "\x1b[?2004l"
	pasteStart        = "\x1b[200~"
	pasteEnd          = "\x1b[201~"
)

// filter returns b with its long runs of printable characters and its
// bracketed pastes replaced by pasteTokens, queuing their text.
func (f *pasteFilter) filter(b []byte) []byte {
	out := make([]byte, 0, len(b))
	if f.inBracket {
		f.bracket = append(f.bracket, b...)
		end := bytes.Index(f.bracket, []byte(pasteEnd))
		if end < 0 {
			return out
		}
		rest := f.bracket[end+len(pasteEnd):]
		out = f.bracketed(out, string(f.bracket[:end]))
		f.bracket, f.inBracket = nil, false
		return append(out, f.filter(rest)...)
	}
	// A marker is a marker whatever came before it: an ESC or a sequence
	// left open before it (the Esc key pressed just before a paste) has
	// gone to readline as it was, and the marker never does.
	if i := bytes.Index(b, []byte(pasteEnd)); i >= 0 && !bytes.Contains(b[:i], []byte(pasteStart)) {
		// The end of a paste whose start was lost: dropped, readline
		// knows neither.
		out = append(out, f.filter(b[:i])...)
		f.esc = escNone
		return append(out, f.filter(b[i+len(pasteEnd):])...)
	}
	if i := bytes.Index(b, []byte(pasteStart)); i >= 0 {
		out = append(out, f.filter(b[:i])...)
		f.esc, f.inBracket = escNone, true
		return append(out, f.filter(b[i+len(pasteStart):])...)
	}
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
			out = utf8.AppendRune(out, f.take(string(text)))
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

// bracketed appends to out the token for a bracketed paste of text, and
// Enter after it when text has more than one line.
func (f *pasteFilter) bracketed(out []byte, text string) []byte {
	text = strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
	block := strings.Contains(text, "\n")
	if block {
		text = strings.TrimRight(text, "\n")
	}
	if text == "" {
		return out
	}
	runes := []rune(text)
	for i, r := range runes {
		if isPasteToken(r) {
			runes[i] = utf8.RuneError
		}
	}
	token := f.take(string(runes))
	out = utf8.AppendRune(out, token)
	if block {
		out = append(out, '\r')
	}
	return out
}

// take queues text and returns its token.
func (f *pasteFilter) take(text string) rune {
	token := f.next
	if f.next++; f.next > lastPasteToken {
		f.next = firstPasteToken
	}
	f.mu.Lock()
	f.pastes[token] = text
	f.mu.Unlock()
	return token
}

// expandBlocks replaces the tokens of pasted blocks left in line by their
// lines; blank space before a block (the auto-indent) is dropped, as the
// block brings its own indentation. It reports whether line had a block.
func (f *pasteFilter) expandBlocks(line string) (string, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var b strings.Builder
	found := false
	for _, r := range line {
		text, ok := f.pastes[r]
		if !isPasteToken(r) || !ok {
			b.WriteRune(r)
			continue
		}
		delete(f.pastes, r)
		found = true
		if strings.TrimSpace(b.String()) == "" {
			b.Reset()
		}
		b.WriteString(text)
	}
	return b.String(), found
}

// OnChange is readline's listener: after readline has inserted a paste
// token, it replaces the token by the text it stands for.
func (f *pasteFilter) OnChange(line []rune, pos int, key rune) ([]rune, int, bool) {
	if !isPasteToken(key) {
		return nil, 0, false
	}
	f.mu.Lock()
	paste, ok := f.pastes[key]
	if strings.Contains(paste, "\n") {
		ok = false // a block, which expandBlocks puts in
	} else {
		delete(f.pastes, key)
	}
	f.mu.Unlock()
	at := pos - 1
	if !ok || at < 0 || at >= len(line) || line[at] != key {
		// Not inserted where the cursor was (readline was searching the
		// history, say): the text is dropped with its token.
		return nil, 0, false
	}
	text := []rune(paste)
	if strings.TrimSpace(string(line[:at])) == "" && strings.TrimLeft(paste, " \t") != paste {
		// Pasted indentation replaces the auto-indent.
		line, pos, at = line[at:], pos-at, 0
	}
	n := make([]rune, 0, len(line)-1+len(text))
	n = append(append(append(n, line[:at]...), text...), line[pos:]...)
	return n, at + len(text), true
}

// holdMarkerStart splits in before its last bytes when they begin
// pasteStart or pasteEnd, returning the rest and a copy of those bytes to
// hold until the next read. A lone ESC at the end is held too: readline
// waits for the byte after an ESC anyway (it starts a meta key or a
// sequence), so holding it delays nothing it would do.
func holdMarkerStart(in []byte) (rest, held []byte) {
	for k := len(pasteStart) - 1; k >= 1; k-- {
		if bytes.HasSuffix(in, []byte(pasteStart[:k])) || bytes.HasSuffix(in, []byte(pasteEnd[:k])) {
			return in[:len(in)-k], append([]byte(nil), in[len(in)-k:]...)
		}
	}
	return in, nil
}

// dropMarkers removes every pasteStart and pasteEnd from b, again where a
// removal joins bytes into a new one.
func dropMarkers(b []byte) []byte {
	for {
		i, m := bytes.Index(b, []byte(pasteStart)), len(pasteStart)
		if i < 0 {
			if i = bytes.Index(b, []byte(pasteEnd)); i < 0 {
				return b
			}
			m = len(pasteEnd)
		}
		b = append(b[:i:i], b[i+m:]...)
	}
}
