// Package bpe is GPT-2's byte-level byte-pair-encoding tokenizer.
//
// Text is split by GPT-2's pre-tokenizer pattern (see Pretokenize), each
// piece's UTF-8 bytes are mapped one to one onto printable characters (the
// byte-to-unicode table, so that every byte has a token), and adjacent
// symbols are merged, lowest merge rank first, until no listed merge
// applies. Each final symbol is a vocabulary entry.
//
// Encode and Decode are exact inverses on any string, including invalid
// UTF-8: an invalid byte is a piece of its own kind and encodes to its byte
// token. The special token <|endoftext|> (id 50256 in GPT-2) is recognised
// in text, as Hugging Face's GPT2Tokenizer does.
//
// The pattern's \s is Unicode's White_Space, as in OpenAI's Python encoder
// (which uses the regex module); JavaScript ports such as the npm package
// gpt-3-encoder differ on two characters, U+0085 (whitespace here, not in
// JavaScript) and U+FEFF (the reverse).
//
// GPT-2's own vocabulary is embedded (see vocab/README.md); FromDir reads
// Hugging Face's vocab.json and merges.txt from a model directory instead.
package bpe

import (
	"bufio"
	"bytes"
	"compress/gzip"
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/kael-dev/kael/internal/fileguard"
)

// EndOfText is the special token that ends a document.
const EndOfText = "<|endoftext|>"

// Tokenizer encodes text to token ids and back. It is safe for
// concurrent use.
type Tokenizer struct {
	encoder map[string]int
	decoder []string // id -> token, in byte-to-unicode characters
	ranks   map[[2]string]int
	special map[string]int

	mu    sync.Mutex
	cache map[string][]int
}

// cacheLimit bounds the number of pieces the merge cache remembers.
const cacheLimit = 1 << 16

//go:embed vocab/encoder.json.gz
var embeddedEncoder []byte

//go:embed vocab/vocab.bpe.gz
var embeddedMerges []byte

var (
	gpt2Once sync.Once
	gpt2Tok  *Tokenizer
	gpt2Err  error
)

// GPT2 returns the tokenizer of GPT-2's published vocabulary, which is
// embedded in the program.
func GPT2() (*Tokenizer, error) {
	gpt2Once.Do(func() {
		enc, err := gzip.NewReader(bytes.NewReader(embeddedEncoder))
		if err != nil {
			gpt2Err = err
			return
		}
		merges, err := gzip.NewReader(bytes.NewReader(embeddedMerges))
		if err != nil {
			gpt2Err = err
			return
		}
		gpt2Tok, gpt2Err = Load(enc, merges)
	})
	return gpt2Tok, gpt2Err
}

// FromDir loads the tokenizer files of a model directory: Hugging Face's
// vocab.json and merges.txt, or OpenAI's encoder.json and vocab.bpe. When
// the directory has neither, it returns GPT-2's embedded vocabulary and
// false.
func FromDir(dir string) (*Tokenizer, bool, error) {
	for _, names := range [][2]string{{"vocab.json", "merges.txt"}, {"encoder.json", "vocab.bpe"}} {
		vocab, merges := filepath.Join(dir, names[0]), filepath.Join(dir, names[1])
		if _, err := os.Stat(vocab); err != nil {
			continue
		}
		v, _, err := fileguard.OpenRegular(vocab, os.O_RDONLY, 0)
		if err != nil {
			return nil, false, err
		}
		defer v.Close()
		m, _, err := fileguard.OpenRegular(merges, os.O_RDONLY, 0)
		if err != nil {
			return nil, false, fmt.Errorf("%s has %s but not %s: %w", dir, names[0], names[1], err)
		}
		defer m.Close()
		t, err := Load(v, m)
		if err != nil {
			return nil, false, fmt.Errorf("%s: %w", dir, err)
		}
		return t, true, nil
	}
	t, err := GPT2()
	return t, false, err
}

// Load reads a vocabulary (a JSON object from token to id) and a merge list
// (one "a b" pair a line, best first, after an optional "#version" line).
func Load(vocab, merges io.Reader) (*Tokenizer, error) {
	t := &Tokenizer{ranks: map[[2]string]int{}, special: map[string]int{}, cache: map[string][]int{}}
	if err := json.NewDecoder(vocab).Decode(&t.encoder); err != nil {
		return nil, fmt.Errorf("vocabulary is not a JSON object of token ids: %w", err)
	}
	for tok, id := range t.encoder {
		if id < 0 || id > 1<<24 {
			return nil, fmt.Errorf("vocabulary: token %q has id %d", tok, id)
		}
		if id >= len(t.decoder) {
			t.decoder = append(t.decoder, make([]string, id+1-len(t.decoder))...)
		}
		t.decoder[id] = tok
	}
	if id, ok := t.encoder[EndOfText]; ok {
		t.special[EndOfText] = id
	}
	sc := bufio.NewScanner(merges)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimRight(sc.Text(), "\r")
		if (line == 1 && strings.HasPrefix(text, "#version")) || strings.TrimSpace(text) == "" {
			continue
		}
		pair := strings.Fields(text)
		if len(pair) != 2 {
			return nil, fmt.Errorf("merges line %d: want two symbols, got %q", line, text)
		}
		key := [2]string{pair[0], pair[1]}
		if _, dup := t.ranks[key]; !dup {
			t.ranks[key] = len(t.ranks)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("merges: %w", err)
	}
	return t, nil
}

// VocabSize returns the number of token ids.
func (t *Tokenizer) VocabSize() int { return len(t.decoder) }

// TokenID returns the id of a token as the vocabulary spells it (in
// byte-to-unicode characters, e.g. "Ġthe").
func (t *Tokenizer) TokenID(tok string) (int, bool) {
	id, ok := t.encoder[tok]
	return id, ok
}

// Encode returns the token ids of text.
func (t *Tokenizer) Encode(text string) ([]int, error) {
	var ids []int
	for text != "" {
		cut, name := t.nextSpecial(text)
		var err error
		ids, err = t.encodeOrdinary(ids, text[:cut])
		if err != nil {
			return nil, err
		}
		if name == "" {
			break
		}
		ids = append(ids, t.special[name])
		text = text[cut+len(name):]
	}
	return ids, nil
}

// nextSpecial returns where the first special token in text starts and
// which it is, or len(text) and "".
func (t *Tokenizer) nextSpecial(text string) (int, string) {
	best, name := len(text), ""
	for s := range t.special {
		if i := strings.Index(text, s); i >= 0 && (i < best || (i == best && len(s) > len(name))) {
			best, name = i, s
		}
	}
	return best, name
}

// encodeOrdinary appends the ids of text that holds no special token.
func (t *Tokenizer) encodeOrdinary(ids []int, text string) ([]int, error) {
	var err error
	Pretokenize(text, func(piece string) {
		if err == nil {
			var p []int
			p, err = t.encodePiece(piece)
			ids = append(ids, p...)
		}
	})
	return ids, err
}

// encodePiece returns the ids of one pre-tokenized piece, from the cache
// when it has been seen.
func (t *Tokenizer) encodePiece(piece string) ([]int, error) {
	t.mu.Lock()
	ids, ok := t.cache[piece]
	t.mu.Unlock()
	if ok {
		return ids, nil
	}
	symbols := t.merge(piece)
	ids = make([]int, len(symbols))
	for i, s := range symbols {
		id, ok := t.encoder[s]
		if !ok {
			return nil, fmt.Errorf("the vocabulary has no token %q (the merges and the vocabulary do not match)", s)
		}
		ids[i] = id
	}
	t.mu.Lock()
	if len(t.cache) >= cacheLimit {
		clear(t.cache)
	}
	t.cache[piece] = ids
	t.mu.Unlock()
	return ids, nil
}

// merge maps piece's bytes to symbols and applies merges, lowest rank
// first, until none applies.
func (t *Tokenizer) merge(piece string) []string {
	word := make([]string, len(piece))
	for i := 0; i < len(piece); i++ {
		word[i] = byteToUnicode[piece[i]]
	}
	for len(word) > 1 {
		best, rank := -1, 0
		for i := 0; i+1 < len(word); i++ {
			if r, ok := t.ranks[[2]string{word[i], word[i+1]}]; ok && (best < 0 || r < rank) {
				best, rank = i, r
			}
		}
		if best < 0 {
			break
		}
		first, second := word[best], word[best+1]
		// Merge every occurrence of the pair, left to right.
		out := word[:0:0]
		for i := 0; i < len(word); {
			if i+1 < len(word) && word[i] == first && word[i+1] == second {
				out = append(out, first+second)
				i += 2
			} else {
				out = append(out, word[i])
				i++
			}
		}
		word = out
	}
	return word
}

// Decode returns the text of ids: the exact bytes they stand for, which
// need not be valid UTF-8 when ids end inside a character.
func (t *Tokenizer) Decode(ids []int) (string, error) {
	var b strings.Builder
	for _, id := range ids {
		if err := t.appendToken(&b, id); err != nil {
			return "", err
		}
	}
	return b.String(), nil
}

// DecodeToken returns the bytes of one token.
func (t *Tokenizer) DecodeToken(id int) (string, error) {
	var b strings.Builder
	err := t.appendToken(&b, id)
	return b.String(), err
}

func (t *Tokenizer) appendToken(b *strings.Builder, id int) error {
	if id < 0 || id >= len(t.decoder) || (t.decoder[id] == "" && id != 0) {
		return fmt.Errorf("token id %d is not in the vocabulary (0 to %d)", id, len(t.decoder)-1)
	}
	tok := t.decoder[id]
	if _, ok := t.special[tok]; ok {
		b.WriteString(tok)
		return nil
	}
	for _, r := range tok {
		c, ok := unicodeToByte[r]
		if !ok {
			return fmt.Errorf("token %d (%q) is not made of byte-level characters", id, tok)
		}
		b.WriteByte(c)
	}
	return nil
}
