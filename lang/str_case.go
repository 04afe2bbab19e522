package lang

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// str's case mappings as CPython's (Objects/unicodeobject.c: do_upper,
// do_lower, do_title, do_capitalize, do_swapcase): the full mappings of
// SpecialCasing.txt ('ß'.upper() is 'SS', 'ﬁ'.title() is 'Fi',
// 'İ'.lower() is 'i̇'), capital sigma lowered to final sigma at the end
// of a word ('ΟΔΟΣ'.lower() is 'οδος'), and title case led by whether
// the previous character is cased. ASCII strings take the byte loops of
// package strings, which agree.

// isASCII reports whether s is all ASCII.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// isCased is Unicode's Cased property: upper, lower or title case
// letters, and the Other_Lowercase and Other_Uppercase characters.
func isCased(r rune) bool {
	return unicode.IsUpper(r) || unicode.IsLower(r) || unicode.IsTitle(r) ||
		unicode.Is(unicode.Other_Lowercase, r) || unicode.Is(unicode.Other_Uppercase, r)
}

// isUpperPy and isLowerPy are CPython's Py_UNICODE_ISUPPER and ISLOWER:
// the Uppercase and Lowercase properties.
func isUpperPy(r rune) bool {
	return unicode.IsUpper(r) || unicode.Is(unicode.Other_Uppercase, r)
}

func isLowerPy(r rune) bool {
	return unicode.IsLower(r) || unicode.Is(unicode.Other_Lowercase, r)
}

// isCaseIgnorable is Unicode's Case_Ignorable property: nonspacing and
// enclosing marks, format characters, modifier letters and symbols, and
// the word-break apostrophes and mid-word punctuation.
func isCaseIgnorable(r rune) bool {
	switch r {
	case '\'', '.', ':', '^', '`', 0x00b7, 0x0387, 0x055f, 0x05f4, 0x2018, 0x2019, 0x2024, 0x2027,
		0xfe13, 0xfe52, 0xfe55, 0xff07, 0xff0e, 0xff1a:
		return true
	}
	return unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf, unicode.Lm, unicode.Sk)
}

// writeUpper writes r's full upper case.
func writeUpper(b *strings.Builder, r rune) {
	if s, ok := fullUpper[r]; ok {
		b.WriteString(s)
		return
	}
	b.WriteRune(unicode.ToUpper(r))
}

// writeTitle writes r's full title case.
func writeTitle(b *strings.Builder, r rune) {
	if s, ok := fullTitle[r]; ok {
		b.WriteString(s)
		return
	}
	b.WriteRune(unicode.ToTitle(r))
}

// writeLower writes the full lower case of rs[i], the capital sigma as
// final sigma where it ends a word.
func writeLower(b *strings.Builder, rs []rune, i int) {
	switch r := rs[i]; r {
	case 0x0130: // İ
		b.WriteString("i\u0307")
	case 0x03a3:
		if finalSigma(rs, i) {
			b.WriteRune(0x03c2)
		} else {
			b.WriteRune(0x03c3)
		}
	default:
		b.WriteRune(unicode.ToLower(r))
	}
}

// finalSigma reports whether the capital sigma at rs[i] is in the
// Final_Sigma context: a cased character before it (case-ignorable ones
// skipped) and none after it.
func finalSigma(rs []rune, i int) bool {
	j := i - 1
	for j >= 0 && isCaseIgnorable(rs[j]) {
		j--
	}
	if j < 0 || !isCased(rs[j]) {
		return false
	}
	j = i + 1
	for j < len(rs) && isCaseIgnorable(rs[j]) {
		j++
	}
	return j == len(rs) || !isCased(rs[j])
}

// strUpper is str.upper.
func strUpper(s string) string {
	if isASCII(s) {
		return strings.ToUpper(s)
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		writeUpper(&b, r)
	}
	return b.String()
}

// strLower is str.lower.
func strLower(s string) string {
	if isASCII(s) {
		return strings.ToLower(s)
	}
	rs := []rune(s)
	var b strings.Builder
	b.Grow(len(s))
	for i := range rs {
		writeLower(&b, rs, i)
	}
	return b.String()
}

// strTitle is str.title: each character after a cased one in lower case,
// every other in title case.
func strTitle(s string) string {
	rs := []rune(s)
	var b strings.Builder
	b.Grow(len(s))
	prevCased := false
	for i, r := range rs {
		if prevCased {
			writeLower(&b, rs, i)
		} else {
			writeTitle(&b, r)
		}
		prevCased = isCased(r)
	}
	return b.String()
}

// strCapitalize is str.capitalize: the first character in title case,
// the rest in lower case.
func strCapitalize(s string) string {
	rs := []rune(s)
	var b strings.Builder
	b.Grow(len(s))
	for i, r := range rs {
		if i == 0 {
			writeTitle(&b, r)
		} else {
			writeLower(&b, rs, i)
		}
	}
	return b.String()
}

// strSwapcase is str.swapcase: upper case characters lowered, lower case
// ones raised, the others (title case ones included) kept.
func strSwapcase(s string) string {
	rs := []rune(s)
	var b strings.Builder
	b.Grow(len(s))
	for i, r := range rs {
		switch {
		case isUpperPy(r):
			writeLower(&b, rs, i)
		case isLowerPy(r):
			writeUpper(&b, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
