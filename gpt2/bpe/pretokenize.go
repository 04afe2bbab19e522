package bpe

import (
	"unicode"
	"unicode/utf8"
)

// charClass is what GPT-2's pre-tokenizer pattern distinguishes.
type charClass uint8

const (
	classOther  charClass = iota // [^\s\p{L}\p{N}], and every invalid byte
	classLetter                  // \p{L}
	classNumber                  // \p{N}
	classSpace                   // \s: Unicode White_Space
)

// classAt returns the class of the character at s[i] and its length in
// bytes. An invalid byte is one character of class other, so that every
// byte string splits, and joins back, exactly.
func classAt(s string, i int) (charClass, int) {
	r, n := utf8.DecodeRuneInString(s[i:])
	switch {
	case r == utf8.RuneError && n <= 1:
		return classOther, 1
	case unicode.IsSpace(r):
		return classSpace, n
	case unicode.IsLetter(r):
		return classLetter, n
	case unicode.IsNumber(r):
		return classNumber, n
	}
	return classOther, n
}

// contractions are the first alternatives of the pattern, tried in order.
var contractions = []string{"'s", "'t", "'re", "'ve", "'m", "'ll", "'d"}

// Pretokenize splits text into the pieces that GPT-2's pattern
//
//	's|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+
//
// matches, calling piece for each in order. Go's regexp has no lookahead,
// so the pattern is hand-coded: the alternatives are tried in order at each
// position, as a backtracking regex engine tries them.
func Pretokenize(text string, piece func(string)) {
	for i := 0; i < len(text); {
		n := matchAt(text, i)
		piece(text[i : i+n])
		i += n
	}
}

// matchAt returns the length of the pattern's match at text[i:], which is
// never empty.
func matchAt(text string, i int) int {
	rest := text[i:]
	for _, c := range contractions {
		if len(rest) >= len(c) && rest[:len(c)] == c {
			return len(c)
		}
	}
	// ` ?\p{L}+`, ` ?\p{N}+`, ` ?[^\s\p{L}\p{N}]+`: an optional space, then a
	// run of one class.
	start := i
	if rest[0] == ' ' {
		start++
	}
	if start < len(text) {
		if c, _ := classAt(text, start); c != classSpace {
			return runOf(text, start, c) - i
		}
	}
	// `\s+(?!\S)`: a run of whitespace not followed by anything else, giving
	// back its last character when something follows; else `\s+`.
	end := runOf(text, i, classSpace)
	if end == len(text) {
		return end - i
	}
	if last := lastCharStart(text, i, end); last > i {
		return last - i
	}
	return end - i
}

// runOf returns the end of the run of class c starting at text[i].
func runOf(text string, i int, c charClass) int {
	for i < len(text) {
		k, n := classAt(text, i)
		if k != c {
			break
		}
		i += n
	}
	return i
}

// lastCharStart returns where the last character of text[begin:end] starts.
func lastCharStart(text string, begin, end int) int {
	last := begin
	for j := begin; j < end; {
		_, n := classAt(text, j)
		last = j
		j += n
	}
	return last
}
