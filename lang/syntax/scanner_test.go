package syntax

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

// scanAll returns the tokens of src as text: each token's kind, with the
// source text of names and literals in parentheses.
func scanAll(src string) (toks string, err error) {
	s := newScanner("", src)
	defer func() {
		if r := recover(); r != nil {
			err = r.(*Error)
		}
	}()
	var out []string
	for {
		tok := s.next()
		t := tok.kind.String()
		switch tok.kind {
		case IDENT, INT, FLOAT, STRING, RESERVED:
			t += "(" + tok.raw + ")"
		}
		out = append(out, t)
		if tok.kind == EOF {
			return strings.Join(out, " "), nil
		}
	}
}

func TestScanTokens(t *testing.T) {
	tests := []struct{ src, want string }{
		{"", "EOF"},
		{"\n\n  \n# only a comment\n", "EOF"},
		{"x = 1", "IDENT(x) = INT(1) NEWLINE EOF"},
		{"x = 1\n", "IDENT(x) = INT(1) NEWLINE EOF"},
		{"x = 1 # comment\ny", "IDENT(x) = INT(1) NEWLINE IDENT(y) NEWLINE EOF"},
		{"x\r\ny\r\n", "IDENT(x) NEWLINE IDENT(y) NEWLINE EOF"},
		{"\uFEFFx", "IDENT(x) NEWLINE EOF"},
		{"ünïcode_1 _x", "IDENT(ünïcode_1) IDENT(_x) NEWLINE EOF"},
		{"True False None and or not in is if else elif",
			"True False None and or not in is if else elif NEWLINE EOF"},
		{"import class try", "import class RESERVED(try) NEWLINE EOF"},
		{"+ - * ** / // % @ ~ & | ^ << >>", "+ - * ** / // % @ ~ & | ^ << >> NEWLINE EOF"},
		{"< <= > >= == != = ->", "< <= > >= == != = -> NEWLINE EOF"},
		{"+= -= *= **= /= //= %= @= &= |= ^= <<= >>=",
			"+= -= *= **= /= //= %= @= &= |= ^= <<= >>= NEWLINE EOF"},
		{"( ) [ ] { } , : ; . ...", "( ) [ ] { } , : ; . ... NEWLINE EOF"},
		{"x[:, None, ...]", "IDENT(x) [ : , None , ... ] NEWLINE EOF"},
		{"a.b..c", "IDENT(a) . IDENT(b) . . IDENT(c) NEWLINE EOF"},
		// Numbers.
		{"0 7 42 1_000 0x1F 0o17 0b101 0XfF 00", "INT(0) INT(7) INT(42) INT(1_000) INT(0x1F) INT(0o17) INT(0b101) INT(0XfF) INT(00) NEWLINE EOF"},
		{"1.5 .5 2. 1e-3 1E+3 2.e3 0.0 01.5 1_0.0_1", "FLOAT(1.5) FLOAT(.5) FLOAT(2.) FLOAT(1e-3) FLOAT(1E+3) FLOAT(2.e3) FLOAT(0.0) FLOAT(01.5) FLOAT(1_0.0_1) NEWLINE EOF"},
		{"0x_f 0b_0 0o_5 1e1_0 012j", "INT(0x_f) INT(0b_0) INT(0o_5) FLOAT(1e1_0) FLOAT(012j) NEWLINE EOF"},
		// A keyword that may follow a number at once (with a warning).
		{"1if x else y", "INT(1) if IDENT(x) else IDENT(y) NEWLINE EOF"},
		{"x if 1else y", "IDENT(x) if INT(1) else IDENT(y) NEWLINE EOF"},
		{"[0x1for x in 1jor 1.and 1e3in 0not in y]", "[ INT(0x1f) or IDENT(x) in FLOAT(1j) or FLOAT(1.) and FLOAT(1e3) in INT(0) not in IDENT(y) ] NEWLINE EOF"},
		{"x.T", "IDENT(x) . IDENT(T) NEWLINE EOF"},
		// Strings.
		{`'a' "b" 'it''s'`, `STRING('a') STRING("b") STRING('it') STRING('s') NEWLINE EOF`},
		{`r'\d' u"x" R"\n"`, `STRING(r'\d') STRING(u"x") STRING(R"\n") NEWLINE EOF`},
		{"'''a\nb''' x", "STRING('''a\nb''') IDENT(x) NEWLINE EOF"},
		// Line joining.
		{"f(1,\n  2)\ny", "IDENT(f) ( INT(1) , INT(2) ) NEWLINE IDENT(y) NEWLINE EOF"},
		{"[1, # c\n\n 2]", "[ INT(1) , INT(2) ] NEWLINE EOF"},
		{"x = 1 + \\\n    2", "IDENT(x) = INT(1) + INT(2) NEWLINE EOF"},
		{"a; b;", "IDENT(a) ; IDENT(b) ; NEWLINE EOF"},
		// Indentation.
		{"if x:\n    y\nz", "if IDENT(x) : NEWLINE INDENT IDENT(y) NEWLINE DEDENT IDENT(z) NEWLINE EOF"},
		{"if x:\n    y\n", "if IDENT(x) : NEWLINE INDENT IDENT(y) NEWLINE DEDENT EOF"},
		{"a:\n b:\n  c:\n   d\ne",
			"IDENT(a) : NEWLINE INDENT IDENT(b) : NEWLINE INDENT IDENT(c) : NEWLINE INDENT IDENT(d) NEWLINE DEDENT DEDENT DEDENT IDENT(e) NEWLINE EOF"},
		{"a:\n  b:\n    c\n  d\n", "IDENT(a) : NEWLINE INDENT IDENT(b) : NEWLINE INDENT IDENT(c) NEWLINE DEDENT IDENT(d) NEWLINE DEDENT EOF"},
		{"a:\n    b:\n        c", "IDENT(a) : NEWLINE INDENT IDENT(b) : NEWLINE INDENT IDENT(c) NEWLINE DEDENT DEDENT EOF"},
		{"a:\n\tb\n\n  # comment\n\tc\n", "IDENT(a) : NEWLINE INDENT IDENT(b) NEWLINE IDENT(c) NEWLINE DEDENT EOF"},
		{"a:\n\tb\n\t        c\n", "IDENT(a) : NEWLINE INDENT IDENT(b) NEWLINE INDENT IDENT(c) NEWLINE DEDENT DEDENT EOF"},
		{"x = (1,\n  2", "IDENT(x) = ( INT(1) , INT(2) EOF"},
		{"  x", "INDENT IDENT(x) NEWLINE DEDENT EOF"},
	}
	for _, tt := range tests {
		got, err := scanAll(tt.src)
		if err != nil {
			t.Errorf("scan %q: %v", tt.src, err)
			continue
		}
		if got != tt.want {
			t.Errorf("scan %q:\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

func TestScanValues(t *testing.T) {
	tests := []struct {
		src  string
		want any // int64, float64 or string
	}{
		{"42", int64(42)},
		{"1_000_000", int64(1000000)},
		{"0x7fffffffffffffff", int64(math.MaxInt64)},
		{"9223372036854775807", int64(math.MaxInt64)},
		{"0o17", int64(15)},
		{"0b101", int64(5)},
		{"000", int64(0)},
		{"1.5", 1.5},
		{".5", 0.5},
		{"2.", 2.0},
		{"1e-3", 1e-3},
		{"1_0.5", 10.5},
		{"1e400", math.Inf(1)},
		{`'abc'`, "abc"},
		{`"it's"`, "it's"},
		{`'\n\t\\\'\"'`, "\n\t\\'\""},
		{`'\a\b\f\v\r'`, "\a\b\f\v\r"},
		{`'\x41\u00e9\U0001F600'`, "Aé😀"},
		{`'\101\0'`, "A\x00"},
		{`'\xff'`, "ÿ"},
		{"'a\\\nb'", "ab"},
		{`r'\d\n'`, `\d\n`},
		{`'\d\s\n'`, "\\d\\s\n"},
		{`'\{x}'`, `\{x}`},
		{`'a\q'`, `a\q`},
		{`r'\''`, `\'`},
		{"'''a\n'b'\"\"\"c'''", "a\n'b'\"\"\"c"},
		{"\"\"\"a\r\nb\"\"\"", "a\nb"},
		{"'ü'", "ü"},
	}
	for _, tt := range tests {
		s := newScanner("", tt.src)
		tok := s.next()
		var got any
		switch tok.kind {
		case INT:
			got = tok.num
		case FLOAT:
			got = tok.float
		case STRING:
			got = tok.str
		}
		if got != tt.want {
			t.Errorf("scan %q: got %v (%T), want %v (%T)", tt.src, got, got, tt.want, tt.want)
		}
		if tok.raw != tt.src {
			t.Errorf("scan %q: raw %q", tt.src, tok.raw)
		}
	}
}

func TestScanErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{"x = 'abc", "1:5: unterminated string"},
		{"x = 'abc\ny'", "1:5: unterminated string"},
		{"x = '''abc\n", "1:5: unterminated triple-quoted string"},
		{"x = 1 $", "1:7: invalid syntax"},
		{"x = 1 €", "1:7: invalid character '€' (U+20AC)"},
		{"!x", "1:1: invalid syntax"},
		{"x\x00", "1:2: invalid character U+0000"},
		{"x = \xff", "1:5: invalid UTF-8 encoding"},
		{"012", "1:1: leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers"},
		{"1abc", "1:1: invalid decimal literal"},
		{"3jx", "1:1: invalid imaginary literal"},
		{"0x1j", "1:1: invalid hexadecimal literal"},
		{"1e", "1:1: invalid decimal literal"},
		{"1e+x", "1:1: invalid decimal literal"},
		{"0x", "1:1: invalid hexadecimal literal"},
		{"0b2", "1:1: invalid digit '2' in binary literal"},
		{"0b1_2", "1:1: invalid digit '2' in binary literal"},
		{"0o18", "1:1: invalid digit '8' in octal literal"},
		{"0b1_", "1:1: invalid binary literal"},
		{"0x_", "1:1: invalid hexadecimal literal"},
		{"1_", "1:1: invalid decimal literal"},
		{"1.4_j", "1:1: invalid decimal literal"},
		{"1e_1", "1:1: invalid decimal literal"},
		{"0 if 1Else 0", "1:6: invalid decimal literal"},
		{"1.4j_", "1:1: invalid imaginary literal"},
		{"1.real", "1:1: invalid decimal literal"},
		{"1__0", "1:1: invalid decimal literal"},
		{`'\N{NO SUCH NAME}'`, `1:2: (unicode error) 'unicodeescape' codec can't decode bytes in position 0-15: unknown Unicode character name`},
		{`'\N{DEGREE'`, `1:2: (unicode error) 'unicodeescape' codec can't decode bytes in position 0-8: malformed \N character escape`},
		{`'\x4'`, `1:2: truncated \x escape: want 2 hex digits`},
		{`'\ud800'`, `1:2: invalid Unicode code point U+D800 in escape`},
		{"b'é'", "1:1: bytes can only contain ASCII literal characters"},
		{"x = 1 \\ y", "1:7: unexpected character after line continuation character '\\'"},
		{"x = 1 \\", "1:7: unexpected end of input after line continuation character '\\'"},
		{"x = 1 \\\n", "1:7: unexpected end of input after line continuation character '\\'"},
		{")", "1:1: unmatched ')'"},
		{"(]", "1:2: closing bracket ']' does not match opening bracket '(' on line 1"},
		{"if x:\n    y\n  z", "3:1: unindent does not match any outer indentation level"},
		{"if x:\n\ty\n        z", "3:1: inconsistent use of tabs and spaces in indentation"},
		{"if x:\n        y\n\tz", "3:1: inconsistent use of tabs and spaces in indentation"},
		{strings.Repeat("(", maxBrackets+1), "1:201: too many nested brackets"},
	}
	for _, tt := range tests {
		_, err := scanAll(tt.src)
		if err == nil || err.Error() != tt.want {
			t.Errorf("scan %q: got error %v, want %s", tt.src, err, tt.want)
		}
	}
}

func TestScanIndentLimit(t *testing.T) {
	var b strings.Builder
	for i := range maxIndent + 2 {
		b.WriteString(strings.Repeat(" ", i) + "if x:\n")
	}
	_, err := scanAll(b.String())
	if err == nil || !strings.Contains(err.Error(), "too many levels of indentation") {
		t.Errorf("got %v, want too many levels of indentation", err)
	}
}

// TestScanNumberWarnings: a number followed at once by a keyword that
// may follow it is taken with CPython 3.11's SyntaxWarning, named after
// the number's kind.
func TestScanNumberWarnings(t *testing.T) {
	tests := []struct{ src, want string }{
		{"1if x else y", "1:1-1:2 invalid decimal literal"},
		{"x if 1.else y", "1:6-1:8 invalid decimal literal"},
		{"[0x1for x in ()]", "1:2-1:6 invalid hexadecimal literal"},
		{"0o7and 0b1or x\n1jin x", "1:1-1:4 invalid octal literal; 1:8-1:11 invalid binary literal; 2:1-2:3 invalid imaginary literal"},
		{"1 if 1 else 0x1", ""},
	}
	for _, tt := range tests {
		f, err := Parse("", strings.ReplaceAll(tt.src, `\n`, "\n"))
		if err != nil {
			t.Errorf("%q: %v", tt.src, err)
			continue
		}
		var got []string
		for _, w := range f.Warnings {
			got = append(got, fmt.Sprintf("%d:%d-%d:%d %s", w.At.Start.Line, w.At.Start.Col, w.At.End.Line, w.At.End.Col, w.Msg))
		}
		if g := strings.Join(got, "; "); g != tt.want {
			t.Errorf("%q: got %q, want %q", tt.src, g, tt.want)
		}
	}
}
