package repl

import (
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
