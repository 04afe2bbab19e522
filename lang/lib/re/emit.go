package re

import (
	"fmt"
	"strings"
)

// The writer of a parsed pattern in the syntax of regexp2 (.NET's), with
// Python's meaning: every capturing group becomes an unnamed group, so
// that the engine numbers them as Python does (names stay with the
// Pattern); categories and word boundaries are written out as Python
// defines them (str.isalnum, str.isspace, str.isdecimal, or ASCII), and
// \Z is the end of the text.

// categoryRanges are the ranges of the categories written as ranges: \d,
// \s and \w under ASCII, and Unicode \s (str.isspace).
var categoryRanges = map[string][][2]rune{
	"d/ascii": {{'0', '9'}},
	"w/ascii": {{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}},
	"s/ascii": {{'\t', '\r'}, {' ', ' '}},
	"s/unicode": {{'\t', '\r'}, {0x1c, ' '}, {0x85, 0x85}, {0xa0, 0xa0}, {0x1680, 0x1680}, {0x2000, 0x200a},
		{0x2028, 0x2029}, {0x202f, 0x202f}, {0x205f, 0x205f}, {0x3000, 0x3000}},
}

// categoryClass returns the body of a .NET set (without brackets) for the
// category c (d, s, w, or their negations D, S, W); ok is false for
// Unicode \W, which no set body states (the caller writes a negated set).
func categoryClass(c rune, ascii bool) (body string, ok bool) {
	lower := c | 0x20
	negated := c != lower
	mode := "unicode"
	if ascii {
		mode = "ascii"
	}
	if ranges, found := categoryRanges[string(lower)+"/"+mode]; found {
		if negated {
			ranges = complement(ranges)
		}
		return writeRanges(ranges), true
	}
	switch {
	case lower == 'd' && !negated:
		return `\p{Nd}`, true
	case lower == 'd':
		return `\P{Nd}`, true
	case lower == 'w' && !negated:
		return wordBody, true
	}
	return "", false
}

// wordBody is Unicode \w as a set body: what str.isalnum holds for, and _.
const wordBody = `\p{L}\p{N}_`

// complement is the ranges of every code point outside ranges (sorted).
func complement(ranges [][2]rune) [][2]rune {
	var out [][2]rune
	next := rune(0)
	for _, r := range ranges {
		if r[0] > next {
			out = append(out, [2]rune{next, r[0] - 1})
		}
		next = r[1] + 1
	}
	if next <= 0x10ffff {
		out = append(out, [2]rune{next, 0x10ffff})
	}
	return out
}

func writeRanges(ranges [][2]rune) string {
	var b strings.Builder
	for _, r := range ranges {
		writeRune(&b, r[0])
		if r[1] != r[0] {
			b.WriteByte('-')
			writeRune(&b, r[1])
		}
	}
	return b.String()
}

// writeRune writes r so that the engine reads it as itself, in a set or
// outside one.
func writeRune(b *strings.Builder, r rune) {
	switch {
	case r < 0x80 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'):
		b.WriteRune(r)
	case r <= 0xffff:
		fmt.Fprintf(b, `\u%04X`, r)
	default:
		b.WriteRune(r)
	}
}

// emitter writes a parsed pattern.
type emitter struct {
	b strings.Builder
}

func emit(seq []*node) string {
	e := &emitter{}
	e.seq(seq)
	return e.b.String()
}

func (e *emitter) seq(seq []*node) {
	for _, n := range seq {
		e.node(n)
	}
}

// wordClass is the set body of \w where n stands.
func wordClass(ascii bool) string {
	body, _ := categoryClass('w', ascii)
	return body
}

func (e *emitter) node(n *node) {
	b := &e.b
	switch n.kind {
	case nLiteral:
		writeRune(b, n.r)
	case nAny:
		b.WriteByte('.')
	case nCategory:
		if body, ok := categoryClass(n.cat, n.ascii); ok {
			b.WriteString("[" + body + "]")
		} else {
			b.WriteString("[^" + wordBody + "]")
		}
	case nIn:
		e.set(n)
	case nAt:
		switch n.at {
		case '^':
			b.WriteByte('^')
		case '$':
			b.WriteByte('$')
		case 'A':
			b.WriteString(`\A`)
		case 'Z':
			b.WriteString(`\z`)
		case 'b':
			w := wordClass(n.ascii)
			fmt.Fprintf(b, `(?:(?<=[%s])(?![%s])|(?<![%s])(?=[%s]))`, w, w, w, w)
		case 'B':
			w := wordClass(n.ascii)
			fmt.Fprintf(b, `(?:(?<=[%s])(?=[%s])|(?<![%s])(?![%s]))`, w, w, w, w)
		}
	case nGroup:
		switch {
		case n.group > 0:
			b.WriteByte('(')
		case n.addFlags&engineFlags != 0 || n.delFlags&engineFlags != 0:
			b.WriteString("(?" + flagLetters(n.addFlags))
			if n.delFlags&engineFlags != 0 {
				b.WriteString("-" + flagLetters(n.delFlags))
			}
			b.WriteByte(':')
		default:
			b.WriteString("(?:")
		}
		e.seq(n.body)
		b.WriteByte(')')
	case nAtomic:
		b.WriteString("(?>")
		e.seq(n.body)
		b.WriteByte(')')
	case nAssert:
		b.WriteString("(?")
		if n.behind {
			b.WriteByte('<')
		}
		if n.negative {
			b.WriteByte('!')
		} else {
			b.WriteByte('=')
		}
		e.seq(n.body)
		b.WriteByte(')')
	case nRepeat:
		if n.mode == 'p' {
			b.WriteString("(?>")
		}
		b.WriteString("(?:")
		e.seq(n.body)
		b.WriteByte(')')
		lo, hi := min(n.min, maxEngineRepeat), n.max
		switch {
		case hi == maxRepeat:
			fmt.Fprintf(b, "{%d,}", lo)
		default:
			fmt.Fprintf(b, "{%d,%d}", lo, min(hi, maxEngineRepeat))
		}
		switch n.mode {
		case 'l':
			b.WriteByte('?')
		case 'p':
			b.WriteByte(')')
		}
	case nBranch:
		b.WriteString("(?:")
		for i, br := range n.branches {
			if i > 0 {
				b.WriteByte('|')
			}
			e.seq(br)
		}
		b.WriteByte(')')
	case nGroupRef:
		fmt.Fprintf(b, `\k<%d>`, n.group)
	case nGroupRefExists:
		fmt.Fprintf(b, "(?(%d)(?:", n.group)
		e.seq(n.body)
		b.WriteString(")|(?:")
		e.seq(n.no)
		b.WriteString("))")
	}
}

// maxEngineRepeat is the largest count the engine takes; a Python count
// above it (up to 4294967294) is taken as it.
const maxEngineRepeat = 1<<31 - 2

// engineFlags are the flags the engine scopes itself: (?i:...), (?m:...),
// (?s:...).
const engineFlags = flagIgnoreCase | flagMultiline | flagDotAll

func flagLetters(flags int) string {
	s := ""
	if flags&flagIgnoreCase != 0 {
		s += "i"
	}
	if flags&flagMultiline != 0 {
		s += "m"
	}
	if flags&flagDotAll != 0 {
		s += "s"
	}
	return s
}

// set writes [...]: a set with Unicode \W inside is written as an
// alternation, which no set body states.
func (e *emitter) set(n *node) {
	var body strings.Builder
	hasNonWord := false
	for _, it := range n.items {
		if it.cat == 0 {
			writeRune(&body, it.lo)
			if it.hi != it.lo {
				body.WriteByte('-')
				writeRune(&body, it.hi)
			}
			continue
		}
		if c, ok := categoryClass(it.cat, n.ascii); ok {
			body.WriteString(c)
		} else {
			hasNonWord = true
		}
	}
	inner := "[" + body.String() + "]"
	if body.Len() == 0 {
		inner = ""
	}
	if hasNonWord {
		alt := "[^" + wordBody + "]"
		if inner != "" {
			alt = inner + "|" + alt
		}
		if n.negate {
			e.b.WriteString(`(?:(?!` + alt + `)[\s\S])`)
		} else {
			e.b.WriteString("(?:" + alt + ")")
		}
		return
	}
	if n.negate {
		e.b.WriteString("[^" + body.String() + "]")
	} else {
		e.b.WriteString(inner)
	}
}
