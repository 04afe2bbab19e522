// Package html is Python's html module: escape, and unescape with
// HTML5's named character references (Go's html package holds the
// table) and CPython's rules for numeric ones. html.parser and
// html.entities are not here.
package html

import (
	gohtml "html"
	"strconv"
	"strings"

	"github.com/kael-dev/kael/lang"
)

// escaper and quoteEscaper are CPython's escape without and with quote.
var (
	escaper      = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")
	quoteEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&#x27;")
)

// windows1252 maps the C1 code points of numeric references to what
// HTML5 says they mean.
var windows1252 = map[int64]rune{
	0x00: '\ufffd', 0x0d: '\r', 0x80: '\u20ac', 0x81: '\x81', 0x82: '\u201a', 0x83: '\u0192',
	0x84: '\u201e', 0x85: '\u2026', 0x86: '\u2020', 0x87: '\u2021', 0x88: '\u02c6', 0x89: '\u2030',
	0x8a: '\u0160', 0x8b: '\u2039', 0x8c: '\u0152', 0x8d: '\x8d', 0x8e: '\u017d', 0x8f: '\x8f',
	0x90: '\x90', 0x91: '\u2018', 0x92: '\u2019', 0x93: '\u201c', 0x94: '\u201d', 0x95: '\u2022',
	0x96: '\u2013', 0x97: '\u2014', 0x98: '\u02dc', 0x99: '\u2122', 0x9a: '\u0161', 0x9b: '\u203a',
	0x9c: '\u0153', 0x9d: '\x9d', 0x9e: '\u017e', 0x9f: '\u0178',
}

// invalidCodePoint reports the code points a numeric reference to which
// unescape drops: controls and noncharacters.
func invalidCodePoint(n int64) bool {
	switch {
	case 0x1 <= n && n <= 0x8, 0xe <= n && n <= 0x1f, 0x7f <= n && n <= 0x9f, 0xfdd0 <= n && n <= 0xfdef:
		return true
	case n == 0xb:
		return true
	}
	return n <= 0x10ffff && n&0xfffe == 0xfffe
}

// numeric is the text of the numeric reference digits (base 10 or 16).
func numeric(digits string, base int) string {
	n, err := strconv.ParseInt(digits, base, 64)
	if err != nil || n > 0x10ffff {
		return "\ufffd"
	}
	if r, ok := windows1252[n]; ok {
		return string(r)
	}
	if 0xd800 <= n && n <= 0xdfff {
		return "\ufffd"
	}
	if invalidCodePoint(n) {
		return ""
	}
	return string(rune(n))
}

// reference matches one character reference at the start of s (just
// after its '&'): the text it stands for and its length, ok false when
// no reference starts there, as CPython's unescape pattern.
func reference(s string) (text string, n int, ok bool) {
	if strings.HasPrefix(s, "#") {
		i, base := 1, 10
		if len(s) > 1 && (s[1] == 'x' || s[1] == 'X') {
			i, base = 2, 16
		}
		j := i
		for j < len(s) && (base == 10 && '0' <= s[j] && s[j] <= '9' || base == 16 && strings.IndexByte("0123456789abcdefABCDEF", s[j]) >= 0) {
			j++
		}
		if j == i {
			return "", 0, false
		}
		end := j
		if end < len(s) && s[end] == ';' {
			end++
		}
		return numeric(s[i:j], base), end, true
	}
	j := 0
	for j < len(s) && j < 32 && !strings.ContainsRune("\t\n\f <&#;", rune(s[j])) {
		j++
	}
	if j == 0 {
		return "", 0, false
	}
	if j < len(s) && s[j] == ';' {
		j++
	}
	return named(s[:j]), j, true
}

// named is the text of the named reference &name (name may end in ';'):
// HTML5's text for the whole name, else for its longest prefix of two
// characters or more that HTML5 has without a semicolon, followed by the
// rest, else the text unchanged: CPython's rule, which Go's unescaping
// of the reference alone follows (a key is letters and digits, so no
// longer prefix of name can be one).
func named(name string) string { return gohtml.UnescapeString("&" + name) }

// Unescape is html.unescape.
func Unescape(s string) string {
	if !strings.Contains(s, "&") {
		return s
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '&')
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		text, n, ok := reference(s[i+1:])
		if !ok {
			b.WriteByte('&')
			s = s[i+1:]
			continue
		}
		b.WriteString(text)
		s = s[i+1+n:]
	}
}

// notText is the error CPython's code meets for s of another type than
// str: bytes take no str arguments; other types have no str methods.
func notText(v lang.Value, msg string, kind lang.ErrorKind) error {
	if _, err := lang.BytesArg(v); err == nil {
		return lang.Errorf(lang.TypeError, "a bytes-like object is required, not 'str'")
	}
	return lang.Errorf(kind, msg, lang.TypeName(v))
}

func init() {
	lang.RegisterModule("html", "Python's html: escape and unescape of HTML text (HTML5's character references).", func() *lang.Module {
		return &lang.Module{Name: "html", Attrs: map[string]lang.Value{
			"escape": lang.NewBuiltin(lang.AsValue, "escape(s, quote=True)", "Replace the characters &, < and > of s by HTML-safe sequences, and \" and ' too when quote is true.", func(a *lang.Args) (lang.Value, error) {
				s, ok := a.Value("s").(string)
				if !ok {
					return nil, notText(a.Value("s"), "'%s' object has no attribute 'replace'", lang.AttributeError)
				}
				quote := a.Bool("quote")
				if err := a.Err(); err != nil {
					return nil, err
				}
				if quote {
					return quoteEscaper.Replace(s), nil
				}
				return escaper.Replace(s), nil
			}),
			"unescape": lang.NewBuiltin(lang.AsValue, "unescape(s)", "Replace the named and numeric character references of s (&gt;, &#62;, &#x3e;) by the characters they stand for, by HTML5's rules.", func(a *lang.Args) (lang.Value, error) {
				s, ok := a.Value("s").(string)
				if !ok {
					return nil, notText(a.Value("s"), "argument of type '%s' is not iterable", lang.TypeError)
				}
				return Unescape(s), nil
			}),
		}}
	})
}
