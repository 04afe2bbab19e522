package repl

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"time"
	"unicode/utf8"
)

func TestPasteFilter(t *testing.T) {
	long := strings.Repeat("ab", pasteMinRun) // one run, 2×pasteMinRun characters
	const tok = "<T>"                         // a token, in the wanted output
	tests := []struct {
		name   string
		reads  []string // what each read of the terminal returns
		out    string   // what readline reads
		pastes []string
	}{
		{"typing", []string{"x", " ", "=", " ", "1", "\r"}, "x = 1\r", nil},
		{"short run", []string{"print(1)\r"}, "print(1)\r", nil},
		{"long run", []string{long}, tok, []string{long}},
		{"lines of a paste", []string{long + "\r" + "x\r" + long + "\r"}, tok + "\rx\r" + tok + "\r", []string{long, long}},
		{"tab and backspace break runs", []string{long + "\t" + long + "\x7f"}, tok + "\t" + tok + "\x7f", []string{long, long}},
		{"escape sequences pass", []string{"\x1b[1;5C" + long + "\x1bOA\x1bb" + long}, "\x1b[1;5C" + tok + "\x1bOA\x1bb" + tok, []string{long, long}},
		{"escape sequence split between reads", []string{"\x1b[", "1;5C" + long}, "\x1b[1;5C" + tok, []string{long}},
		{"a token in the input", []string{"a\U00100000b\U0010FFFDc"}, tok, []string{"a\uFFFDb\uFFFDc"}},
		{"non-ASCII", []string{strings.Repeat("é→", pasteMinRun)}, tok, []string{strings.Repeat("é→", pasteMinRun)}},
		// "é" split after its first byte: the bytes around the split
		// pass through, so readline still reads the character whole.
		{"character split between reads", []string{long + "\xc3", "\xa9" + long}, tok + "\xc3\xa9" + tok, []string{long, long}},
		// Bracketed pastes: one token however short, a tab in it kept;
		// a block's newlines become one Enter after its token.
		{"bracketed line", []string{"a" + pasteStart + "x\t= 1" + pasteEnd + "b"}, "a" + tok + "b", []string{"x\t= 1"}},
		{"bracketed block", []string{pasteStart + "def f():\r    return 1\r" + pasteEnd + "f()\r"}, tok + "\rf()\r", []string{"def f():\n    return 1"}},
		{"bracketed CRLF", []string{pasteStart + "a\r\nb\r\n" + pasteEnd}, tok + "\r", []string{"a\nb"}},
		{"bracketed across reads", []string{pasteStart + "def f(", "):\r    pass", "\r\x1b[20", "1~x"}, tok + "\rx", []string{"def f():\n    pass"}},
		{"paste marker split between reads", []string{"x\x1b[2", "00~a\rb" + pasteEnd}, "x" + tok + "\r", []string{"a\nb"}},
		{"arrow after a held prefix", []string{"\x1b[", "A"}, "\x1b[A", nil},
		{"end of a paste alone", []string{"a" + pasteEnd + "b"}, "ab", nil},
		{"bracketed empty", []string{pasteStart + pasteEnd + "x"}, "x", nil},
		{"bracketed escapes kept", []string{pasteStart + "a\x1b[Ab\r" + pasteEnd}, tok + "\r", []string{"a\x1b[Ab"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newPasteFilter(&scriptedReader{reads: tt.reads})
			got, err := io.ReadAll(iotest.OneByteReader(f))
			if err != nil {
				t.Fatal(err)
			}
			shape, runs := tokens(t, f, string(got))
			if shape != tt.out {
				t.Errorf("readline reads %q, want %q", shape, tt.out)
			}
			if strings.Join(runs, "|") != strings.Join(tt.pastes, "|") {
				t.Errorf("pastes %q, want %q", runs, tt.pastes)
			}
		})
	}
}

// tokens returns what readline reads with each token written as <T>, and
// the runs the tokens stand for, in order; each token must be a new one.
func tokens(t *testing.T, f *pasteFilter, s string) (string, []string) {
	t.Helper()
	var b strings.Builder
	var runs []string
	want := firstPasteToken
	for _, r := range s {
		if !isPasteToken(r) {
			b.WriteRune(r)
			continue
		}
		if r != want {
			t.Fatalf("token %U, want %U", r, want)
		}
		want++
		b.WriteString("<T>")
		runs = append(runs, f.pastes[r])
	}
	if len(runs) != len(f.pastes) {
		t.Fatalf("%d tokens for %d runs", len(runs), len(f.pastes))
	}
	return b.String(), runs
}

// scriptedReader returns one string per Read.
type scriptedReader struct{ reads []string }

func (r *scriptedReader) Read(p []byte) (int, error) {
	if len(r.reads) == 0 {
		return 0, io.EOF
	}
	n := copy(p, r.reads[0])
	r.reads[0] = r.reads[0][n:]
	if r.reads[0] == "" {
		r.reads = r.reads[1:]
	}
	return n, nil
}

func TestPasteListener(t *testing.T) {
	tok, other := firstPasteToken+5, firstPasteToken+6
	tests := []struct {
		name    string
		line    string
		pos     int
		key     rune
		pastes  map[rune]string
		want    string
		wantPos int
		ok      bool
	}{
		{"other keys", "abc", 3, 'c', map[rune]string{tok: "zz"}, "", 0, false},
		{"at the end", "ab" + string(tok), 3, tok, map[rune]string{tok: "xyz"}, "abxyz", 5, true},
		{"in the middle", "a" + string(tok) + "b", 2, tok, map[rune]string{tok: "xyz"}, "axyzb", 4, true},
		{"after a token readline kept to itself", "a" + string(tok), 2, tok, map[rune]string{other - 2: "lost", tok: "xyz"}, "axyz", 4, true},
		{"token elsewhere", "abc", 3, tok, map[rune]string{tok: "xyz"}, "", 0, false},
		{"no run for it", string(tok), 1, tok, map[rune]string{other: "xyz"}, "", 0, false},
		{"pasted indent replaces the auto-indent", "    " + string(tok), 5, tok, map[rune]string{tok: "    x"}, "    x", 5, true},
		{"typed text before an indented paste", "a " + string(tok), 3, tok, map[rune]string{tok: "  x"}, "a   x", 5, true},
		{"a block stays a token", string(tok), 1, tok, map[rune]string{tok: "a\nb"}, "", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newPasteFilter(strings.NewReader(""))
			f.pastes = tt.pastes
			line, pos, ok := f.OnChange([]rune(tt.line), tt.pos, tt.key)
			if ok != tt.ok || ok && (string(line) != tt.want || pos != tt.wantPos) {
				t.Errorf("OnChange = %q, %d, %v; want %q, %d, %v", string(line), pos, ok, tt.want, tt.wantPos, tt.ok)
			}
		})
	}
}

// FuzzPasteFilter checks that the filter, however the input is split
// into reads, loses nothing: readline's text with each token replaced by
// its run is the input (less pasteTokens, which become U+FFFD).
func FuzzPasteFilter(f *testing.F) {
	f.Add("x = 1\r"+strings.Repeat("a", 100)+"\x1b[A\r", uint8(7))
	f.Add("\x1b[1;5C"+strings.Repeat("é", 40)+"\xc3", uint8(3))
	f.Add("a"+pasteStart+"def f():\r\tpass\r"+pasteEnd+"f()\r", uint8(5))
	f.Fuzz(func(t *testing.T, in string, split uint8) {
		chunk := int(split%64) + 1
		var reads []string
		for s := in; s != ""; {
			k := min(chunk, len(s))
			reads = append(reads, s[:k])
			s = s[k:]
		}
		p := newPasteFilter(&scriptedReader{reads: reads})
		got, err := io.ReadAll(p)
		if err != nil {
			t.Fatal(err)
		}
		// Each token replaced by its run gives the input, with the input's
		// own plane-16 private use characters as U+FFFD.
		expand := func(b []byte, runs bool) string {
			var out strings.Builder
			for len(b) > 0 {
				r, size := utf8.DecodeRune(b)
				run, ok := p.pastes[r]
				switch {
				case isPasteToken(r) && runs && ok:
					out.WriteString(run)
				case isPasteToken(r): // the input's own, maybe split between reads
					out.WriteRune(utf8.RuneError)
				default:
					out.Write(b[:size])
				}
				b = b[size:]
			}
			return out.String()
		}
		if strings.Contains(in, pasteStart) || strings.Contains(in, pasteEnd) {
			// Bracketed pastes lose their markers and line endings: the
			// markers must not reach readline.
			if bytes.Contains(got, []byte(pasteStart)) || bytes.Contains(got, []byte(pasteEnd)) {
				t.Fatalf("a paste marker reached readline: %q", got)
			}
			return
		}
		b, want := expand(got, true), expand([]byte(in), false)
		if b != want {
			t.Fatalf("the text %q came out as %q", want, b)
		}
	})
}

// TestTerminalPasteOfALongLine pastes one 20 KB line at the prompt: it
// runs in well under a second, where readline's redraw for each character
// took about 40 s (issue 35).
func TestTerminalPasteOfALongLine(t *testing.T) {
	t.Parallel()
	tm, _ := startREPL(t)
	tm.expect(">>> ")
	line := "n = len('" + strings.Repeat("x", 20000) + "'); print('pasted', n * 2)"
	start := time.Now()
	tm.send(line + "\r")
	tm.expect("pasted 40000")
	elapsed := time.Since(start)
	t.Logf("a %d-byte line took %v", len(line), elapsed)
	if elapsed > 3*time.Second {
		t.Errorf("pasting a %d-byte line took %v", len(line), elapsed)
	}
	tm.expect(">>> ")
	// Typing and editing still work after it.
	tm.send("n\x01print(\x05)\r")
	tm.expect("20000")
}

func TestPasteExpandBlocks(t *testing.T) {
	tok, other := firstPasteToken+1, firstPasteToken+2
	tests := []struct {
		name, line string
		pastes     map[rune]string
		want       string
		found      bool
	}{
		{"no block", "x = 1", nil, "x = 1", false},
		{"block after the auto-indent", "    " + string(tok), map[rune]string{tok: "def f():\n    pass"}, "def f():\n    pass", true},
		{"block after text", "x = " + string(tok), map[rune]string{tok: "(1,\n 2)"}, "x = (1,\n 2)", true},
		{"unknown token kept", string(other), map[rune]string{tok: "a\nb"}, string(other), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newPasteFilter(strings.NewReader(""))
			for k, v := range tt.pastes {
				f.pastes[k] = v
			}
			got, found := f.expandBlocks(tt.line)
			if got != tt.want || found != tt.found {
				t.Errorf("expandBlocks(%q) = %q, %v; want %q, %v", tt.line, got, found, tt.want, tt.found)
			}
			if _, left := f.pastes[tok]; found && left {
				t.Error("the block is still queued")
			}
		})
	}
}
