package syntax

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/kael-dev/kael/lang/internal/uniname"
)

// Limits that keep hostile input from exhausting the stack.
const (
	maxIndent   = 100 // indentation levels
	maxBrackets = 200 // nested brackets
)

// token is one lexical token.
type token struct {
	kind       Token
	start, end Pos
	raw        string // source text
	str        string // decoded value of a STRING
	fstring    bool   // the STRING is an f-string: body is its text between the quotes
	bytes      bool   // the STRING is a bytes literal: str holds its bytes
	imag       bool   // the FLOAT is imaginary (1j): float is its imaginary part
	rawString  bool   // the STRING had an r prefix
	body       Span
	num        int64    // value of an INT
	big        *big.Int // value of an INT beyond int64 (num is then 0)
	float      float64  // value of a FLOAT
}

type indentLevel struct {
	col int // width with tabs to multiples of 8
	alt int // width with tabs as 1, to detect mixed tabs and spaces
}

type openBracket struct {
	ch  byte
	pos Pos
}

// scanner turns source text into tokens, with Python's NEWLINE, INDENT and
// DEDENT tokens for the structure of lines. It reports the first error by
// panicking with an *Error, which Parse recovers.
type scanner struct {
	filename string
	src      string
	pos      Pos // position of the next unread byte

	indents     []indentLevel // open indentation levels, innermost last
	dedents     int           // DEDENT tokens still to emit
	lineStart   bool          // the next token starts a logical line
	needNewline bool          // a token has been emitted on this logical line
	brackets    []openBracket // open brackets, innermost last
	inField     bool          // scanning an f-string field: line breaks are white space
	inBytes     bool          // scanning a bytes literal: escapes give bytes, only ASCII text
	strBody     int           // offset of the body of the string literal being scanned
	strQuote    string        // its closing quote: ', ", ''' or """
	inFString   bool          // the string literal being scanned is an f-string's
	warnings    []Warning     // the SyntaxWarnings found so far, in source order
}

func newScanner(filename, src string) *scanner {
	s := &scanner{
		filename:  filename,
		src:       src,
		pos:       Pos{Offset: 0, Line: 1, Col: 1},
		indents:   []indentLevel{{}},
		lineStart: true,
	}
	if strings.HasPrefix(src, "\uFEFF") {
		s.pos.Offset = len("\uFEFF")
	}
	return s
}

func (s *scanner) fail(start, end Pos, open openKind, msg, hint string) {
	panic(&Error{Filename: s.filename, Span: Span{start, end}, Msg: msg, Hint: hint, open: open})
}

// Kinds of SyntaxError, as Error.Kind names them.
const (
	IndentationError = "IndentationError"
	TabError         = "TabError"
)

// failIndent reports the IndentationError or TabError kind msg about
// the indentation from start to s.pos, with CPython's offset and
// end_offset.
func (s *scanner) failIndent(kind string, start Pos, msg, hint string, offset, endOffset int) {
	panic(&Error{Filename: s.filename, Span: Span{start, s.pos}, Msg: msg, Hint: hint, Kind: kind, Offset: offset, EndOffset: endOffset})
}

// lineLength is the length of the line at s.pos with its newline (one
// added when it has none), CPython's offset for an unindent that matches
// no outer level.
func (s *scanner) lineLength() int {
	rest := s.src[s.pos.Offset:]
	if i := strings.IndexByte(rest, '\n'); i >= 0 {
		rest = rest[:i]
	}
	return s.pos.Offset - s.lineOffset() + len(rest) + 1
}

// lineOffset is the offset of the start of the line at s.pos.
func (s *scanner) lineOffset() int {
	return strings.LastIndexByte(s.src[:s.pos.Offset], '\n') + 1
}

func (s *scanner) eof() bool { return s.pos.Offset >= len(s.src) }

// peek returns the byte k bytes ahead, or 0 past the end.
func (s *scanner) peek(k int) byte {
	if i := s.pos.Offset + k; i < len(s.src) {
		return s.src[i]
	}
	return 0
}

// step consumes one character: a rune, or a "\r\n" pair.
func (s *scanner) step() {
	off := s.pos.Offset
	switch c := s.src[off]; {
	case c == '\n':
		s.pos = Pos{Offset: off + 1, Line: s.pos.Line + 1, Col: 1}
	case c == '\r':
		n := 1
		if s.peek(1) == '\n' {
			n = 2
		}
		s.pos = Pos{Offset: off + n, Line: s.pos.Line + 1, Col: 1}
	case c < utf8.RuneSelf:
		s.pos.Offset++
		s.pos.Col++
	default:
		r, n := utf8.DecodeRuneInString(s.src[off:])
		if r == utf8.RuneError && n == 1 {
			s.fail(s.pos, s.pos.advance(s.src[off:off+1]), notOpen, "invalid UTF-8 encoding", "")
		}
		s.pos.Offset += n
		s.pos.Col++
	}
}

// stepN consumes n ASCII characters that contain no line break.
func (s *scanner) stepN(n int) {
	s.pos.Offset += n
	s.pos.Col += n
}

func (s *scanner) skipComment() {
	for !s.eof() && s.src[s.pos.Offset] != '\n' && s.src[s.pos.Offset] != '\r' {
		s.step()
	}
}

// next returns the next token. After the end of input it returns EOF
// forever.
func (s *scanner) next() token {
	if s.dedents > 0 {
		s.dedents--
		return token{kind: DEDENT, start: s.pos, end: s.pos}
	}
	if s.lineStart {
		if tok, ok := s.indentation(); ok {
			return tok
		}
	}
	for !s.eof() {
		switch c := s.src[s.pos.Offset]; c {
		case ' ', '\t', '\f':
			s.step()
		case '#':
			s.skipComment()
		case '\\':
			s.continuation()
		case '\n', '\r':
			start := s.pos
			s.step()
			if len(s.brackets) > 0 || !s.needNewline || s.inField {
				continue
			}
			s.needNewline = false
			s.lineStart = true
			return token{kind: NEWLINE, start: start, end: s.pos}
		default:
			tok := s.scanToken()
			s.needNewline = true
			return tok
		}
	}
	return s.atEOF()
}

// atEOF returns the tokens that end the input: a NEWLINE to finish the last
// logical line, a DEDENT for each open block, then EOF.
func (s *scanner) atEOF() token {
	tok := token{kind: EOF, start: s.pos, end: s.pos}
	switch {
	case len(s.brackets) > 0 || s.inField:
		// The parser reports the open bracket.
	case s.needNewline:
		s.needNewline = false
		tok.kind = NEWLINE
	case len(s.indents) > 1:
		s.dedents = len(s.indents) - 2
		s.indents = s.indents[:1]
		tok.kind = DEDENT
	}
	return tok
}

// continuation consumes a backslash that joins this line to the next.
func (s *scanner) continuation() {
	start := s.pos
	s.stepN(1)
	if s.eof() {
		s.fail(start, s.pos, openLine, "unexpected end of input after line continuation character '\\'", "")
	}
	if c := s.src[s.pos.Offset]; c != '\n' && c != '\r' {
		s.fail(start, s.pos, notOpen, "unexpected character after line continuation character '\\'",
			"a '\\' outside a string must end its line")
	}
	s.step()
	if s.eof() {
		s.fail(start, s.pos, openLine, "unexpected end of input after line continuation character '\\'", "")
	}
}

// indentation measures the indentation of a new line, skipping blank and
// comment-only lines, and returns the INDENT or first DEDENT token it
// implies, if any.
func (s *scanner) indentation() (token, bool) {
	for {
		start := s.pos
		var lvl indentLevel
	measure:
		for !s.eof() {
			switch s.src[s.pos.Offset] {
			case ' ':
				lvl.col++
				lvl.alt++
			case '\t':
				lvl.col = (lvl.col/8 + 1) * 8
				lvl.alt++
			case '\f':
				lvl = indentLevel{}
			default:
				break measure
			}
			s.stepN(1)
		}
		if s.eof() {
			s.lineStart = false
			return token{}, false
		}
		if c := s.src[s.pos.Offset]; c == '#' || c == '\n' || c == '\r' {
			s.skipComment()
			if !s.eof() {
				s.step()
			}
			continue
		}
		s.lineStart = false
		return s.indentToken(start, lvl)
	}
}

func (s *scanner) indentToken(start Pos, lvl indentLevel) (token, bool) {
	const mixed = "inconsistent use of tabs and spaces in indentation"
	top := s.indents[len(s.indents)-1]
	switch {
	case lvl.col == top.col:
		if lvl.alt != top.alt {
			s.failIndent(TabError, start, mixed, "indent with spaces only", 1, 0)
		}
		return token{}, false
	case lvl.col > top.col:
		if lvl.alt <= top.alt {
			s.failIndent(TabError, start, mixed, "indent with spaces only", 1, 0)
		}
		if len(s.indents) > maxIndent {
			s.failIndent(IndentationError, start, "too many levels of indentation", "", s.pos.Offset-s.lineOffset(), -1)
		}
		s.indents = append(s.indents, lvl)
		return token{kind: INDENT, start: start, end: s.pos}, true
	}
	n := 0
	for lvl.col < s.indents[len(s.indents)-1].col {
		s.indents = s.indents[:len(s.indents)-1]
		n++
	}
	top = s.indents[len(s.indents)-1]
	if lvl.col != top.col {
		s.failIndent(IndentationError, start, "unindent does not match any outer indentation level",
			"line this statement up with an enclosing block", s.lineLength(), -1)
	}
	if lvl.alt != top.alt {
		s.failIndent(TabError, start, mixed, "indent with spaces only", 1, 0)
	}
	s.dedents = n - 1
	return token{kind: DEDENT, start: s.pos, end: s.pos}, true
}

func isLetter(r rune) bool { return r == '_' || unicode.IsLetter(r) }

// IsIdentRune reports whether r can appear in an identifier (after its
// first rune, which must not be a digit).
func IsIdentRune(r rune) bool { return isLetter(r) || unicode.IsDigit(r) }

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// runeAt returns the rune at byte offset off, or utf8.RuneError.
func (s *scanner) runeAt(off int) rune {
	if off >= len(s.src) {
		return utf8.RuneError
	}
	r, _ := utf8.DecodeRuneInString(s.src[off:])
	return r
}

// scanToken scans a token that is not white space, a comment or a line
// break.
func (s *scanner) scanToken() token {
	start := s.pos
	c := s.src[start.Offset]
	switch {
	case isLetter(s.runeAt(start.Offset)):
		return s.word()
	case isDigit(c) || c == '.' && isDigit(s.peek(1)):
		return s.number()
	case c == '"' || c == '\'':
		return s.str(start, false)
	}
	kind, n := operator(s.src[start.Offset:])
	switch kind {
	case ILLEGAL:
		r := s.runeAt(start.Offset)
		s.step()
		hint := ""
		if r == '!' {
			hint = "use 'not' for logical negation"
		}
		if r < utf8.RuneSelf && unicode.IsPrint(r) {
			// CPython 3.11 reads an ASCII character it has no token for
			// ($ ? ! `) as an error token: invalid syntax.
			if hint == "" {
				hint = fmt.Sprintf("%q is no part of Python's syntax outside strings and comments", r)
			}
			s.fail(start, s.pos, notOpen, "invalid syntax", hint)
		}
		if unicode.IsPrint(r) {
			s.fail(start, s.pos, notOpen, fmt.Sprintf("invalid character %q (U+%04X)", r, r), hint)
		}
		s.fail(start, s.pos, notOpen, fmt.Sprintf("invalid character U+%04X", r), hint)
	case LPAREN, LBRACK, LBRACE:
		if len(s.brackets) >= maxBrackets {
			s.fail(start, start.advance(s.src[start.Offset:start.Offset+1]), notOpen, "too many nested brackets", "")
		}
		s.brackets = append(s.brackets, openBracket{c, start})
	case RPAREN, RBRACK, RBRACE:
		end := start.advance(s.src[start.Offset : start.Offset+1])
		if len(s.brackets) == 0 {
			s.fail(start, end, notOpen, fmt.Sprintf("unmatched '%c'", c), "")
		}
		open := s.brackets[len(s.brackets)-1]
		if closer(open.ch) != c {
			s.fail(start, end, notOpen,
				fmt.Sprintf("closing bracket '%c' does not match opening bracket '%c' on line %d", c, open.ch, open.pos.Line), "")
		}
		s.brackets = s.brackets[:len(s.brackets)-1]
	}
	s.stepN(n)
	return token{kind: kind, start: start, end: s.pos, raw: s.src[start.Offset:s.pos.Offset]}
}

func closer(open byte) byte {
	switch open {
	case '(':
		return ')'
	case '[':
		return ']'
	}
	return '}'
}

var (
	ops3 = map[string]Token{
		"**=": STARSTAR_EQ, "//=": SLASHSLASH_EQ, "<<=": LSHIFT_EQ, ">>=": RSHIFT_EQ, "...": ELLIPSIS,
	}
	ops2 = map[string]Token{
		"**": STARSTAR, "//": SLASHSLASH, "<<": LSHIFT, ">>": RSHIFT, "<=": LE, ">=": GE,
		"==": EQL, "!=": NEQ, "+=": PLUS_EQ, "-=": MINUS_EQ, "*=": STAR_EQ, "/=": SLASH_EQ,
		"%=": PERCENT_EQ, "@=": AT_EQ, "&=": AMP_EQ, "|=": PIPE_EQ, "^=": CARET_EQ, "->": ARROW, ":=": COLONEQ,
	}
	ops1 = map[byte]Token{
		'+': PLUS, '-': MINUS, '*': STAR, '/': SLASH, '%': PERCENT, '@': AT, '~': TILDE,
		'&': AMP, '|': PIPE, '^': CARET, '<': LT, '>': GT, '=': ASSIGN, '(': LPAREN, ')': RPAREN,
		'[': LBRACK, ']': RBRACK, '{': LBRACE, '}': RBRACE, ',': COMMA, ':': COLON, ';': SEMI, '.': DOT,
	}
)

// operator returns the operator or punctuation token at the start of s and
// its length, or ILLEGAL.
func operator(s string) (Token, int) {
	if len(s) >= 3 {
		if t, ok := ops3[s[:3]]; ok {
			return t, 3
		}
	}
	if len(s) >= 2 {
		if t, ok := ops2[s[:2]]; ok {
			return t, 2
		}
	}
	if t, ok := ops1[s[0]]; ok {
		return t, 1
	}
	return ILLEGAL, 0
}

// word scans an identifier, a keyword or a prefixed string such as r"...".
func (s *scanner) word() token {
	start := s.pos
	for !s.eof() && IsIdentRune(s.runeAt(s.pos.Offset)) {
		s.step()
	}
	w := s.src[start.Offset:s.pos.Offset]
	if q := s.peek(0); q == '"' || q == '\'' {
		switch strings.ToLower(w) {
		case "r":
			return s.str(start, true)
		case "u":
			return s.str(start, false)
		case "f", "rf", "fr":
			return s.fstr(start, strings.ContainsRune(strings.ToLower(w), 'r'))
		case "b", "rb", "br":
			s.inBytes = true
			defer func() { s.inBytes = false }() // also when the literal is bad
			tok := s.str(start, strings.ContainsRune(strings.ToLower(w), 'r'))
			tok.bytes = true
			return tok
		}
	}
	tok := token{kind: IDENT, start: start, end: s.pos, raw: w}
	if k, ok := keywords[w]; ok {
		tok.kind = k
	} else if _, ok := unsupported[w]; ok {
		tok.kind = RESERVED
	}
	return tok
}

// digits returns the end of the run of base-b digits starting at i, with
// single underscores allowed between digits.
func (s *scanner) digits(i, base int) int {
	isDig := func(c byte) bool {
		switch lc := c | 0x20; {
		case isDigit(c):
			return int(c-'0') < base
		case 'a' <= lc && lc <= 'f':
			return int(lc-'a'+10) < base
		}
		return false
	}
	start := i
	for i < len(s.src) {
		c := s.src[i]
		switch {
		case isDig(c):
			i++
		case c == '_' && i > start && i+1 < len(s.src) && isDig(s.src[i+1]):
			i++
		default:
			return i
		}
	}
	return i
}

// number scans an INT or FLOAT literal as CPython 3.11's tokenizer
// does: single underscores between digits (and after a base prefix,
// 0x_f), "invalid digit '2' in binary literal", "invalid decimal
// literal" and the like for a bad one, and a number followed at once by
// a keyword that may follow a number (1if x else y, 0x1for) is taken
// with a SyntaxWarning (endOfNumber).
func (s *scanner) number() token {
	start := s.pos
	src, i := s.src, start.Offset
	at := func(i int) byte {
		if i < len(src) {
			return src[i]
		}
		return 0
	}
	tok := token{kind: INT, start: start}
	base := 10
	if src[i] == '0' && i+1 < len(src) {
		switch src[i+1] {
		case 'x', 'X':
			base = 16
		case 'o', 'O':
			base = 8
		case 'b', 'B':
			base = 2
		}
	}
	kind := "decimal"
	imag := false
	if base != 10 {
		kind = map[int]string{16: "hexadecimal", 8: "octal", 2: "binary"}[base]
		j := i + 2
		if at(j) == '_' && s.digits(j+1, base) > j+1 {
			j++ // 0x_f
		}
		i = s.digits(j, base)
		if c := at(i); i == j || c == '_' || isDigit(c) {
			d := i
			if c == '_' {
				d++
			}
			if isDigit(at(d)) {
				s.bad(start, d+1, fmt.Sprintf("invalid digit '%c' in %s literal", at(d), kind), "")
			}
			s.bad(start, i, "invalid "+kind+" literal", "")
		}
	} else {
		decimalTail := func(j int) int {
			j = s.digits(j, 10)
			if at(j) == '_' {
				s.bad(start, j+1, "invalid decimal literal", "")
			}
			return j
		}
		i = decimalTail(i)
		intEnd := i
		if at(i) == '.' {
			tok.kind = FLOAT
			i = decimalTail(i + 1)
		}
		if c := at(i); c == 'e' || c == 'E' {
			j := i + 1
			if at(j) == '+' || at(j) == '-' {
				j++
				if !isDigit(at(j)) {
					s.bad(start, j, "invalid decimal literal", "")
				}
			}
			// else an e not followed by digits ends the number: 1else
			if isDigit(at(j)) {
				tok.kind = FLOAT
				i = decimalTail(j)
			}
		}
		if c := at(i); c == 'j' || c == 'J' {
			imag, kind = true, "imaginary"
			i++
		}
		if lit := src[start.Offset:intEnd]; tok.kind == INT && !imag && len(lit) > 1 && lit[0] == '0' &&
			strings.Trim(lit, "0_") != "" {
			s.bad(start, i, "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers",
				"write 0o"+strings.TrimLeft(lit, "0_")+" for an octal integer")
		}
	}
	s.endOfNumber(start, i, kind)
	tok.raw = src[start.Offset:i]
	s.stepN(i - start.Offset)
	tok.end = s.pos
	digits := strings.ReplaceAll(tok.raw, "_", "")
	if imag {
		tok.kind, tok.imag = FLOAT, true
		digits = digits[:len(digits)-1]
	}
	if tok.kind == FLOAT {
		// Out of range values round to ±Inf or 0, as in Python.
		tok.float, _ = strconv.ParseFloat(digits, 64)
		return tok
	}
	if base != 10 {
		digits = digits[2:]
	}
	v, err := strconv.ParseInt(digits, base, 64)
	if err != nil {
		if base == 10 && len(digits) > maxIntDigits {
			s.fail(start, tok.end, notOpen, fmt.Sprintf("Exceeds the limit (%d digits) for integer string conversion: value has %d digits; use sys.set_int_max_str_digits() to increase the limit - Consider hexadecimal for huge integer literals to avoid decimal conversion limits.", maxIntDigits, len(digits)), "")
		}
		tok.big, _ = new(big.Int).SetString(digits, base) // digits are valid
	}
	tok.num = v
	return tok
}

// numberFollowers are the keywords that may follow a number at once in
// code CPython 3.11 runs: 1if x else 0, [0x1for x in y]. It takes them
// with a SyntaxWarning (verify_end_of_number).
var numberFollowers = []string{"and", "else", "for", "if", "in", "is", "not", "or"}

// endOfNumber checks what follows the number literal of the given kind
// that starts at start and ends at byte offset i: a letter, digit or
// underscore is an error ("invalid decimal literal"), unless a keyword
// of numberFollowers starts there, which is a warning.
func (s *scanner) endOfNumber(start Pos, i int, kind string) {
	if i >= len(s.src) || !IsIdentRune(s.runeAt(i)) {
		return
	}
	msg := "invalid " + kind + " literal"
	for _, kw := range numberFollowers {
		if strings.HasPrefix(s.src[i:], kw) {
			s.warn(start, i, msg)
			return
		}
	}
	j := i
	for j < len(s.src) && IsIdentRune(s.runeAt(j)) {
		_, n := utf8.DecodeRuneInString(s.src[j:])
		j += n
	}
	s.bad(start, j, msg, "")
}

// warn records the SyntaxWarning msg about the source from start to byte
// offset end, on start's line.
func (s *scanner) warn(start Pos, end int, msg string) {
	s.warnings = append(s.warnings, Warning{Msg: msg, At: Span{start, start.advance(s.src[start.Offset:end])}})
}

// maxIntDigits is CPython 3.11's limit on the decimal digits of an int
// literal (sys.get_int_max_str_digits()).
const maxIntDigits = 4300

// bad reports an invalid literal spanning from start to byte offset end,
// which lies on start's line.
func (s *scanner) bad(start Pos, end int, msg, hint string) {
	s.fail(start, start.advance(s.src[start.Offset:end]), notOpen, msg, hint)
}

// str scans a string literal whose prefix, if any, starts at start and whose
// opening quote is the next byte. Raw strings keep backslashes.
func (s *scanner) str(start Pos, raw bool) token {
	q := s.peek(0)
	triple := s.peek(1) == q && s.peek(2) == q
	if triple {
		s.stepN(3)
	} else {
		s.stepN(1)
	}
	s.strBody, s.strQuote = s.pos.Offset, s.src[s.pos.Offset-1:s.pos.Offset]
	if triple {
		s.strQuote = s.src[s.pos.Offset-3 : s.pos.Offset]
	}
	var b strings.Builder
	joined := false // the last thing read was a backslash-newline
	for {
		if s.eof() {
			if triple {
				s.fail(start, s.pos, openString, "unterminated triple-quoted string", "")
			}
			open := notOpen
			if joined {
				open = openString
			}
			s.fail(start, s.pos, open, "unterminated string", "")
		}
		wasJoined := joined
		joined = false
		c := s.src[s.pos.Offset]
		switch {
		case c == q && !triple:
			s.stepN(1)
			return s.strToken(start, b.String())
		case c == q && s.peek(1) == q && s.peek(2) == q:
			s.stepN(3)
			return s.strToken(start, b.String())
		case c == '\n' || c == '\r':
			if !triple {
				hint := ""
				if !wasJoined {
					hint = "close the string on this line, or use \"\"\" for a string spanning lines"
				}
				s.fail(start, s.pos, notOpen, "unterminated string", hint)
			}
			b.WriteByte('\n')
			s.step()
		case c == '\\' && raw:
			b.WriteByte('\\')
			s.stepN(1)
			if !s.eof() {
				from := s.pos.Offset
				s.step()
				b.WriteString(strings.ReplaceAll(s.src[from:s.pos.Offset], "\r\n", "\n"))
			}
		case c == '\\':
			joined = s.escape(&b)
		default:
			from := s.pos.Offset
			s.step()
			if s.inBytes && c >= utf8.RuneSelf {
				s.fail(start, s.pos, notOpen, "bytes can only contain ASCII literal characters", "write other bytes as escapes: b'\\xe2\\x82\\xac'")
			}
			b.WriteString(s.src[from:s.pos.Offset])
		}
	}
}

// fstr scans an f-string literal. Its fields are parsed by the parser from
// the body, the text between the quotes; here it is scanned as a string,
// which also checks the escapes of its literal text.
func (s *scanner) fstr(start Pos, raw bool) token {
	n := 1
	if q := s.peek(0); s.peek(1) == q && s.peek(2) == q {
		n = 3
	}
	bodyStart := s.pos.advance(s.src[s.pos.Offset : s.pos.Offset+n])
	s.inFString = true
	tok := s.str(start, raw)
	s.inFString = false
	end := Pos{Offset: tok.end.Offset - n, Line: tok.end.Line, Col: tok.end.Col - n}
	tok.fstring, tok.rawString, tok.body = true, raw, Span{bodyStart, end}
	return tok
}

func (s *scanner) strToken(start Pos, val string) token {
	return token{kind: STRING, start: start, end: s.pos, raw: s.src[start.Offset:s.pos.Offset], str: val}
}

// namedEscape decodes \N{name}, whose backslash is at start and whose N
// is under the cursor: the character of that name in the Unicode
// database (in any case), or CPython's SyntaxError for a malformed
// escape or an unknown name.
func (s *scanner) namedEscape(b *strings.Builder, start Pos) {
	s.stepN(1)
	msg := "malformed \\N character escape"
	if !s.eof() && s.src[s.pos.Offset] == '{' {
		s.stepN(1)
		from := s.pos.Offset
		rest := s.src[from:]
		if end := strings.Index(rest, s.strQuote); end >= 0 && s.strQuote != "" {
			rest = rest[:end] // CPython looks for '}' in the literal's body
		}
		if len(s.strQuote) == 1 {
			if end := strings.IndexAny(rest, "\n\r"); end >= 0 {
				rest = rest[:end]
			}
		}
		to := strings.IndexByte(rest, '}')
		switch {
		case to < 0: // no '}': CPython's error runs to the body's end
			s.stepN(len(rest))
		case to == 0:
			// \N{}: malformed, the '}' not counted
		default:
			s.stepN(to + 1)
			if r, ok := uniname.Lookup(rest[:to]); ok {
				b.WriteRune(r)
				return
			}
			msg = "unknown Unicode character name"
		}
	}
	// CPython counts positions in the literal's body (in an f-string, in
	// the literal text after the last field), where it has written each
	// non-ASCII character as a \U escape of ten bytes.
	base := s.strBody
	if s.inFString {
		base += strings.LastIndexByte(s.src[base:start.Offset], '}') + 1
	}
	at := func(off int) int {
		n := 0
		for _, r := range s.src[base:off] {
			if n++; r >= utf8.RuneSelf {
				n += 9
			}
		}
		return n
	}
	lo, hi := at(start.Offset), at(s.pos.Offset)-1
	s.fail(start, s.pos, notOpen, fmt.Sprintf("(unicode error) 'unicodeescape' codec can't decode bytes in position %d-%d: %s", lo, hi, msg), "")
}

var simpleEscapes = map[byte]string{
	'\\': "\\", '\'': "'", '"': "\"", 'a': "\a", 'b': "\b", 'f': "\f",
	'n': "\n", 'r': "\r", 't': "\t", 'v': "\v",
}

// escape decodes the escape sequence at the backslash under the cursor into
// b. It reports whether the sequence was a backslash-newline, which joins
// lines.
func (s *scanner) escape(b *strings.Builder) bool {
	start := s.pos
	s.stepN(1)
	if s.eof() {
		return true
	}
	c := s.src[s.pos.Offset]
	if v, ok := simpleEscapes[c]; ok {
		s.stepN(1)
		b.WriteString(v)
		return false
	}
	switch c {
	case '\n', '\r':
		s.step()
		return true
	case '0', '1', '2', '3', '4', '5', '6', '7':
		n := 1
		for n < 3 && '0' <= s.peek(n) && s.peek(n) <= '7' {
			n++
		}
		v, _ := strconv.ParseUint(s.src[s.pos.Offset:s.pos.Offset+n], 8, 32)
		s.stepN(n)
		if s.inBytes {
			b.WriteByte(byte(v))
			return false
		}
		b.WriteRune(rune(v))
		return false
	case 'x', 'u', 'U':
		if s.inBytes && c != 'x' {
			break // \u and \U are not escapes in bytes
		}
		n := map[byte]int{'x': 2, 'u': 4, 'U': 8}[c]
		from := s.pos.Offset + 1
		to := from
		for to < len(s.src) && to < from+n && strings.IndexByte("0123456789abcdefABCDEF", s.src[to]) >= 0 {
			to++
		}
		s.stepN(to - s.pos.Offset)
		if to < from+n {
			s.fail(start, s.pos, notOpen, fmt.Sprintf("truncated \\%c escape: want %d hex digits", c, n), "")
		}
		v, _ := strconv.ParseUint(s.src[from:to], 16, 32)
		if s.inBytes {
			b.WriteByte(byte(v))
			return false
		}
		if !utf8.ValidRune(rune(v)) {
			s.fail(start, s.pos, notOpen, fmt.Sprintf("invalid Unicode code point U+%04X in escape", v), "")
		}
		b.WriteRune(rune(v))
		return false
	}
	if c == 'N' && !s.inBytes {
		s.namedEscape(b, start)
		return false
	}
	// Any other backslash is kept with the character after it, as CPython
	// 3.11 keeps it: its DeprecationWarning ("invalid escape sequence")
	// is not shown under the default warning filters.
	b.WriteByte('\\')
	return false
}
