package repl

import (
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"time"
)

func TestPasteFilter(t *testing.T) {
	long := strings.Repeat("ab", pasteMinRun) // one run, 2×pasteMinRun characters
	tok := string(pasteToken)
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
		{"the token itself", []string{"a" + tok + "b"}, tok, []string{"a\uFFFDb"}},
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
			if string(got) != tt.out {
				t.Errorf("readline reads %q, want %q", got, tt.out)
			}
			if strings.Join(f.pastes, "|") != strings.Join(tt.pastes, "|") {
				t.Errorf("pastes %q, want %q", f.pastes, tt.pastes)
			}
		})
	}
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
	tok := pasteToken
	tests := []struct {
		name    string
		line    string
		pos     int
		key     rune
		pastes  []string
		want    string
		wantPos int
		ok      bool
	}{
		{"other keys", "abc", 3, 'c', []string{"zz"}, "", 0, false},
		{"at the end", "ab" + string(tok), 3, tok, []string{"xyz"}, "abxyz", 5, true},
		{"in the middle", "a" + string(tok) + "b", 2, tok, []string{"xyz"}, "axyzb", 4, true},
		{"token elsewhere", "abc", 3, tok, []string{"xyz"}, "", 0, false},
		{"nothing queued", string(tok), 1, tok, nil, "", 0, false},
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
		var b strings.Builder
		rest := string(got)
		for {
			i := strings.IndexRune(rest, pasteToken)
			if i < 0 {
				b.WriteString(rest)
				break
			}
			b.WriteString(rest[:i])
			if len(p.pastes) == 0 {
				t.Fatalf("more tokens than pastes in %q", got)
			}
			b.WriteString(p.pastes[0])
			p.pastes = p.pastes[1:]
			rest = rest[i+len(string(pasteToken)):]
		}
		want := strings.ReplaceAll(in, string(pasteToken), "\uFFFD")
		if b.String() != want && strings.ToValidUTF8(b.String(), "?") != strings.ToValidUTF8(want, "?") {
			t.Fatalf("the text %q came out as %q", want, b.String())
		}
		if len(p.pastes) != 0 {
			t.Fatalf("%d pastes left over", len(p.pastes))
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
