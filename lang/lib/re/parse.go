package re

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/internal/uniname"
)

// The parser of Python's regular-expression syntax: it reads a pattern as
// CPython 3.11's re._parser does, with its errors at the same positions,
// into a tree that emit.go writes in the syntax of the backtracking
// engine (regexp2, .NET's syntax).

// The flags, with Python's values.
const (
	flagTemplate   = 1
	flagIgnoreCase = 2
	flagLocale     = 4
	flagMultiline  = 8
	flagDotAll     = 16
	flagUnicode    = 32
	flagVerbose    = 64
	flagDebug      = 128
	flagASCII      = 256

	typeFlags   = flagASCII | flagLocale | flagUnicode
	globalFlags = flagDebug | flagTemplate
)

// inlineFlags are the letters of (?aiLmsux), by flag.
var inlineFlags = map[rune]int{
	'i': flagIgnoreCase, 'L': flagLocale, 'm': flagMultiline, 's': flagDotAll,
	'x': flagVerbose, 'a': flagASCII, 't': flagTemplate, 'u': flagUnicode,
}

// maxRepeat is CPython's MAXREPEAT: a count at or above it is an
// OverflowError, and an unbounded repeat has it as its maximum.
const maxRepeat = 4294967295

// maxGroups bounds the number of groups, as CPython's MAXGROUPS bounds
// them (there by memory, 2**30; here well below, by what a cell may hold).
const maxGroups = 1 << 20

// patternError is re.error: msg at pos of the pattern (pos < 0: none).
type patternError struct {
	msg     string
	pattern []rune
	pos     int
}

// Error is str() of re.error: "msg at position N", with the line and
// column when the pattern has several lines.
func (e *patternError) Error() string {
	if e.pos < 0 {
		return e.msg
	}
	msg := fmt.Sprintf("%s at position %d", e.msg, e.pos)
	lastNL := -1
	line := 1
	multiline := false
	for i, r := range e.pattern {
		if r == '\n' {
			multiline = true
			if i < e.pos {
				line++
				lastNL = i
			}
		}
	}
	if multiline {
		msg = fmt.Sprintf("%s (line %d, column %d)", msg, line, e.pos-lastNL)
	}
	return msg
}

// overflowError is CPython's OverflowError for a repeat count too large.
type overflowError struct{ msg string }

func (e *overflowError) Error() string { return e.msg }

type nodeKind int

const (
	nLiteral        nodeKind = iota // r
	nAny                            // .
	nIn                             // a set: items, negate
	nCategory                       // \d \D \s \S \w \W outside a set: cat
	nAt                             // ^ $ \A \Z \b \B: at
	nGroup                          // (...) capturing (group > 0) or not, with scoped flags
	nAtomic                         // (?>...)
	nAssert                         // lookaround: behind, negative
	nRepeat                         // body{min,max}: mode
	nBranch                         // a|b: branches
	nGroupRef                       // \1, (?P=name): group
	nGroupRefExists                 // (?(group)yes|no)
)

// node is one item of a parsed pattern. ascii is whether the ASCII flag
// holds where it stands (for categories and \b).
type node struct {
	kind     nodeKind
	r        rune
	items    []setItem
	negate   bool
	cat      rune
	at       rune
	group    int
	addFlags int
	delFlags int
	behind   bool
	negative bool
	min, max int
	mode     byte // repeat: 'g' greedy, 'l' lazy, 'p' possessive
	body     []*node
	branches [][]*node
	no       []*node
	hasNo    bool
	ascii    bool
	// lookWidth is a lookbehind's width, which must be fixed.
	lookWidth [2]int
}

// setItem is a range lo..hi of a set, or a category (cat != 0).
type setItem struct {
	lo, hi rune
	cat    rune
}

// parseState is re._parser.State with the tokenizer.
type parseState struct {
	src      []rune
	istext   bool
	index    int
	next     string // the next token: a character, or "\\" and one; "" at the end
	hasNext  bool
	flags    int
	names    map[string]int
	widths   [][2]int // by group; nil entry (open) as {-1,-1}
	closed   []bool
	lookBeh  int // first group of the lookbehind being parsed, -1 outside one
	refPos   map[int]int
	refOrder []int
	parents  []int // by group: the capturing group around it (0: none)
	open     []int // the capturing groups being parsed, innermost last
}

// parsed is a pattern after parsing.
type parsed struct {
	seq    []*node
	flags  int
	groups int // the number of capturing groups
	names  map[string]int
	// parents holds, by group, the capturing group around it (0: none).
	parents []int
}

func (p *parseState) advance() error {
	i := p.index
	if i >= len(p.src) {
		p.next, p.hasNext = "", false
		return nil
	}
	c := string(p.src[i])
	if p.src[i] == '\\' {
		i++
		if i >= len(p.src) {
			return &patternError{"bad escape (end of pattern)", p.src, len(p.src) - 1}
		}
		c += string(p.src[i])
	}
	p.index = i + 1
	p.next, p.hasNext = c, true
	return nil
}

func (p *parseState) tell() int {
	if !p.hasNext {
		return p.index
	}
	return p.index - len([]rune(p.next))
}

func (p *parseState) errorAt(msg string, offset int) error {
	return &patternError{msg, p.src, p.tell() - offset}
}

// match consumes the next token when it is c.
func (p *parseState) match(c string) (bool, error) {
	if p.hasNext && p.next == c {
		return true, p.advance()
	}
	return false, nil
}

// get returns the next token and consumes it ("" and false at the end).
func (p *parseState) get() (string, bool, error) {
	this, ok := p.next, p.hasNext
	if !ok {
		return "", false, nil
	}
	return this, true, p.advance()
}

func (p *parseState) seek(i int) error {
	p.index = i
	return p.advance()
}

func (p *parseState) getWhile(n int, set string) (string, error) {
	var b strings.Builder
	for i := 0; i < n; i++ {
		if !p.hasNext || len(p.next) != 1 || !strings.Contains(set, p.next) {
			break
		}
		b.WriteString(p.next)
		if err := p.advance(); err != nil {
			return "", err
		}
	}
	return b.String(), nil
}

func (p *parseState) getUntil(term, name string) (string, error) {
	var b []rune
	for {
		c, ok, err := p.get()
		if err != nil {
			return "", err
		}
		if !ok {
			if len(b) == 0 {
				return "", p.errorAt("missing "+name, 0)
			}
			return "", p.errorAt(fmt.Sprintf("missing %s, unterminated name", term), len(b))
		}
		if c == term {
			if len(b) == 0 {
				return "", p.errorAt("missing "+name, 1)
			}
			break
		}
		b = append(b, []rune(c)...)
	}
	return string(b), nil
}

// isIdentifier is str.isidentifier.
func isIdentifier(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if r == '_' || unicode.IsLetter(r) || unicode.Is(unicode.Nl, r) {
			continue
		}
		if i > 0 && (unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r) || unicode.Is(unicode.Pc, r)) {
			continue
		}
		return false
	}
	return true
}

func (p *parseState) checkGroupName(name string, offset int) error {
	if !isIdentifier(name) {
		return p.errorAt(fmt.Sprintf("bad character in group name %s", pyQuote(name)), len([]rune(name))+offset)
	}
	return nil
}

func (p *parseState) groupCount() int { return len(p.widths) }

func (p *parseState) checkGroup(gid int) bool { return gid < len(p.widths) && p.closed[gid] }

func (p *parseState) checkLookbehindGroup(gid int) error {
	if p.lookBeh >= 0 {
		if !p.checkGroup(gid) {
			return p.errorAt("cannot refer to an open group", 0)
		}
		if gid >= p.lookBeh {
			return p.errorAt("cannot refer to group defined in the same lookbehind subpattern", 0)
		}
	}
	return nil
}

// parsePattern parses src (a str pattern when istext, else bytes decoded
// as Latin-1) with the flags given to compile.
func parsePattern(src []rune, istext bool, flags int) (*parsed, error) {
	p := &parseState{src: src, istext: istext, flags: flags, names: map[string]int{},
		widths: [][2]int{{0, 0}}, closed: []bool{true}, parents: []int{0}, lookBeh: -1, refPos: map[int]int{}}
	if err := p.advance(); err != nil {
		return nil, err
	}
	seq, err := p.parseSub(flags&flagVerbose != 0, 0, flags)
	if err != nil {
		return nil, err
	}
	f, err := fixFlags(istext, p.flags)
	if err != nil {
		return nil, err
	}
	if p.hasNext {
		return nil, p.errorAt("unbalanced parenthesis", 0)
	}
	for _, g := range p.refOrder {
		if g >= p.groupCount() {
			return nil, &patternError{fmt.Sprintf("invalid group reference %d", g), src, p.refPos[g]}
		}
	}
	if err := checkLookbehinds(seq); err != nil {
		return nil, err
	}
	return &parsed{seq: seq, flags: f, groups: p.groupCount() - 1, names: p.names, parents: p.parents}, nil
}

// fixFlags is re._parser.fix_flags.
func fixFlags(istext bool, flags int) (int, error) {
	if istext {
		if flags&flagLocale != 0 {
			return 0, valueError("cannot use LOCALE flag with a str pattern")
		}
		if flags&flagASCII == 0 {
			flags |= flagUnicode
		} else if flags&flagUnicode != 0 {
			return 0, valueError("ASCII and UNICODE flags are incompatible")
		}
	} else {
		if flags&flagUnicode != 0 {
			return 0, valueError("cannot use UNICODE flag with a bytes pattern")
		}
		if flags&flagLocale != 0 && flags&flagASCII != 0 {
			return 0, valueError("ASCII and LOCALE flags are incompatible")
		}
	}
	return flags, nil
}

// valueError is a ValueError of compile's flags.
type valueError string

func (e valueError) Error() string { return string(e) }

// isASCII reports whether categories are ASCII-only under flags: the
// ASCII flag, or a bytes pattern without LOCALE (kael has no locales).
func (p *parseState) isASCII(flags int) bool {
	return flags&flagASCII != 0 || !p.istext
}

// parseSub parses an alternation a|b|c.
func (p *parseState) parseSub(verbose bool, nested int, flags int) ([]*node, error) {
	var items [][]*node
	for {
		item, err := p.parse(verbose, nested+1, nested == 0 && len(items) == 0, flags)
		if err != nil {
			return nil, err
		}
		items = append(items, item)
		if ok, err := p.match("|"); err != nil {
			return nil, err
		} else if !ok {
			break
		}
		if nested == 0 {
			verbose = p.flags&flagVerbose != 0
			flags = p.flags
		}
	}
	if len(items) == 1 {
		return items[0], nil
	}
	return []*node{{kind: nBranch, branches: items}}, nil
}

// isRepeatable reports whether an item may take a quantifier.
func lastItem(seq []*node) *node {
	if len(seq) == 0 {
		return nil
	}
	return seq[len(seq)-1]
}

// parse parses one branch: items up to '|', ')' or the end.
func (p *parseState) parse(verbose bool, nested int, first bool, flags int) ([]*node, error) {
	var seq []*node
	for p.hasNext {
		this := p.next
		if this == "|" || this == ")" {
			break
		}
		if err := p.advance(); err != nil {
			return nil, err
		}
		if verbose {
			if this == " " || this == "\t" || this == "\n" || this == "\r" || this == "\v" || this == "\f" {
				continue
			}
			if this == "#" {
				for {
					c, ok, err := p.get()
					if err != nil {
						return nil, err
					}
					if !ok || c == "\n" {
						break
					}
				}
				continue
			}
		}
		ascii := p.isASCII(flags)
		switch {
		case this[0] == '\\':
			n, err := p.escape(this, ascii)
			if err != nil {
				return nil, err
			}
			seq = append(seq, n)
		case !strings.Contains(".\\[{()*+?^$|", this):
			seq = append(seq, &node{kind: nLiteral, r: []rune(this)[0]})
		case this == "[":
			n, err := p.parseSet(ascii)
			if err != nil {
				return nil, err
			}
			seq = append(seq, n)
		case strings.Contains("*+?{", this):
			var err error
			seq, err = p.parseRepeat(this, seq)
			if err != nil {
				return nil, err
			}
		case this == ".":
			seq = append(seq, &node{kind: nAny})
		case this == "(":
			n, globalSet, err := p.parseGroup(verbose, nested, first && len(seq) == 0, flags)
			if err != nil {
				return nil, err
			}
			if globalSet {
				verbose = p.flags&flagVerbose != 0
				flags = p.flags
				continue
			}
			if n != nil {
				seq = append(seq, n)
			}
		case this == "^":
			seq = append(seq, &node{kind: nAt, at: '^'})
		case this == "$":
			seq = append(seq, &node{kind: nAt, at: '$'})
		}
	}
	return seq, nil
}

// parseRepeat applies the quantifier this (*, +, ?, or { already read) to
// the last item of seq.
func (p *parseState) parseRepeat(this string, seq []*node) ([]*node, error) {
	here := p.tell()
	var lo, hi int
	switch this {
	case "?":
		lo, hi = 0, 1
	case "*":
		lo, hi = 0, maxRepeat
	case "+":
		lo, hi = 1, maxRepeat
	case "{":
		if p.hasNext && p.next == "}" {
			return append(seq, &node{kind: nLiteral, r: '{'}), nil
		}
		lo, hi = 0, maxRepeat
		los, err := p.getWhile(1<<30, "0123456789")
		if err != nil {
			return nil, err
		}
		his := los
		if ok, err := p.match(","); err != nil {
			return nil, err
		} else if ok {
			if his, err = p.getWhile(1<<30, "0123456789"); err != nil {
				return nil, err
			}
		}
		if ok, err := p.match("}"); err != nil {
			return nil, err
		} else if !ok {
			if err := p.seek(here); err != nil {
				return nil, err
			}
			return append(seq, &node{kind: nLiteral, r: '{'}), nil
		}
		if los != "" {
			v, err := strconv.ParseUint(los, 10, 64)
			if err != nil || v >= maxRepeat {
				return nil, &overflowError{"the repetition number is too large"}
			}
			lo = int(v)
		}
		if his != "" {
			v, err := strconv.ParseUint(his, 10, 64)
			if err != nil || v >= maxRepeat {
				return nil, &overflowError{"the repetition number is too large"}
			}
			hi = int(v)
			if hi < lo {
				return nil, p.errorAt("min repeat greater than max repeat", p.tell()-here)
			}
		}
	}
	item := lastItem(seq)
	if item == nil || item.kind == nAt {
		return nil, p.errorAt("nothing to repeat", p.tell()-here+len(this))
	}
	if item.kind == nRepeat {
		return nil, p.errorAt("multiple repeat", p.tell()-here+len(this))
	}
	body := []*node{item}
	if item.kind == nGroup && item.group == 0 && item.addFlags == 0 && item.delFlags == 0 {
		body = item.body
	}
	mode := byte('g')
	if ok, err := p.match("?"); err != nil {
		return nil, err
	} else if ok {
		mode = 'l'
	} else if ok, err := p.match("+"); err != nil {
		return nil, err
	} else if ok {
		mode = 'p'
	}
	seq[len(seq)-1] = &node{kind: nRepeat, min: lo, max: hi, mode: mode, body: body}
	return seq, nil
}

// parseSet parses a set, the '[' read.
func (p *parseState) parseSet(ascii bool) (*node, error) {
	here := p.tell() - 1
	var items []setItem
	negate, err := p.match("^")
	if err != nil {
		return nil, err
	}
	for {
		this, ok, err := p.get()
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, p.errorAt("unterminated character set", p.tell()-here)
		}
		if this == "]" && len(items) > 0 {
			break
		}
		var code1 setItem
		if this[0] == '\\' {
			if code1, err = p.classEscape(this); err != nil {
				return nil, err
			}
		} else {
			r := []rune(this)[0]
			code1 = setItem{lo: r, hi: r}
		}
		dash, err := p.match("-")
		if err != nil {
			return nil, err
		}
		if !dash {
			items = append(items, code1)
			continue
		}
		that, ok, err := p.get()
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, p.errorAt("unterminated character set", p.tell()-here)
		}
		if that == "]" {
			items = append(items, code1, setItem{lo: '-', hi: '-'})
			break
		}
		var code2 setItem
		if that[0] == '\\' {
			if code2, err = p.classEscape(that); err != nil {
				return nil, err
			}
		} else {
			r := []rune(that)[0]
			code2 = setItem{lo: r, hi: r}
		}
		rangeLen := len([]rune(this)) + 1 + len([]rune(that))
		if code1.cat != 0 || code2.cat != 0 || code2.lo < code1.lo {
			return nil, p.errorAt(fmt.Sprintf("bad character range %s-%s", this, that), rangeLen)
		}
		items = append(items, setItem{lo: code1.lo, hi: code2.lo})
	}
	return &node{kind: nIn, items: items, negate: negate, ascii: ascii}, nil
}

// simpleEscapes are the escapes of one character, as re's ESCAPES.
var simpleEscapes = map[string]rune{
	`\a`: 7, `\b`: 8, `\f`: 12, `\n`: 10, `\r`: 13, `\t`: 9, `\v`: 11, `\\`: '\\',
}

const hexDigits = "0123456789abcdefABCDEF"
const octDigits = "01234567"

// numericEscape reads \x, \u, \U and \N escapes (c their letter); ok is
// false for another letter.
func (p *parseState) numericEscape(escape string, c byte) (rune, bool, error) {
	width := map[byte]int{'x': 2, 'u': 4, 'U': 8}[c]
	if c == 'N' && p.istext { // a named character, \N{EM DASH}, as sre_parse reads it
		if ok, err := p.match("{"); err != nil {
			return 0, true, err
		} else if !ok {
			return 0, true, p.errorAt("missing {", 0)
		}
		name, err := p.getUntil("}", "character name")
		if err != nil {
			return 0, true, err
		}
		r, ok := uniname.Lookup(name)
		if !ok {
			return 0, true, p.errorAt(fmt.Sprintf("undefined character name %s", pyQuote(name)), len([]rune(name))+len(`\N{}`))
		}
		return r, true, nil
	}
	if width == 0 || (c != 'x' && !p.istext) {
		return 0, false, nil
	}
	digits, err := p.getWhile(width, hexDigits)
	if err != nil {
		return 0, true, err
	}
	escape += digits
	if len(digits) != width {
		return 0, true, p.errorAt("incomplete escape "+escape, len(escape))
	}
	v, _ := strconv.ParseUint(digits, 16, 64)
	if v > unicode.MaxRune {
		return 0, true, p.errorAt("bad escape "+escape, len(escape))
	}
	return rune(v), true, nil
}

// classEscape is re._parser._class_escape: an escape inside a set.
func (p *parseState) classEscape(escape string) (setItem, error) {
	if r, ok := simpleEscapes[escape]; ok {
		return setItem{lo: r, hi: r}, nil
	}
	c := escape[1]
	if strings.IndexByte("dDsSwW", c) >= 0 {
		return setItem{cat: rune(c)}, nil
	}
	if r, ok, err := p.numericEscape(escape, c); err != nil {
		return setItem{}, err
	} else if ok {
		return setItem{lo: r, hi: r}, nil
	}
	if strings.IndexByte(octDigits, c) >= 0 {
		more, err := p.getWhile(2, octDigits)
		if err != nil {
			return setItem{}, err
		}
		escape += more
		v, _ := strconv.ParseUint(escape[1:], 8, 32)
		if v > 0o377 {
			return setItem{}, p.errorAt(fmt.Sprintf("octal escape value %s outside of range 0-0o377", escape), len(escape))
		}
		return setItem{lo: rune(v), hi: rune(v)}, nil
	}
	if c >= '0' && c <= '9' || c < 0x80 && unicode.IsLetter(rune(c)) {
		return setItem{}, p.errorAt("bad escape "+escape, len([]rune(escape)))
	}
	r := []rune(escape)[1]
	return setItem{lo: r, hi: r}, nil
}

// escape is re._parser._escape: an escape outside a set.
func (p *parseState) escape(escape string, ascii bool) (*node, error) {
	c := escape[1]
	switch c {
	case 'A', 'Z', 'b', 'B':
		return &node{kind: nAt, at: rune(c), ascii: ascii}, nil
	case 'd', 'D', 's', 'S', 'w', 'W':
		return &node{kind: nCategory, cat: rune(c), ascii: ascii}, nil
	}
	if r, ok := simpleEscapes[escape]; ok {
		return &node{kind: nLiteral, r: r}, nil
	}
	if r, ok, err := p.numericEscape(escape, c); err != nil {
		return nil, err
	} else if ok {
		return &node{kind: nLiteral, r: r}, nil
	}
	if c == '0' {
		more, err := p.getWhile(2, octDigits)
		if err != nil {
			return nil, err
		}
		v, _ := strconv.ParseUint("0"+more, 8, 32)
		return &node{kind: nLiteral, r: rune(v)}, nil
	}
	if c >= '1' && c <= '9' {
		if p.hasNext && len(p.next) == 1 && p.next[0] >= '0' && p.next[0] <= '9' {
			escape += p.next
			if err := p.advance(); err != nil {
				return nil, err
			}
			if strings.IndexByte(octDigits, escape[1]) >= 0 && strings.IndexByte(octDigits, escape[2]) >= 0 &&
				p.hasNext && len(p.next) == 1 && strings.Contains(octDigits, p.next) {
				escape += p.next
				if err := p.advance(); err != nil {
					return nil, err
				}
				v, _ := strconv.ParseUint(escape[1:], 8, 32)
				if v > 0o377 {
					return nil, p.errorAt(fmt.Sprintf("octal escape value %s outside of range 0-0o377", escape), len(escape))
				}
				return &node{kind: nLiteral, r: rune(v)}, nil
			}
		}
		group, _ := strconv.Atoi(escape[1:])
		if group < p.groupCount() {
			if !p.checkGroup(group) {
				return nil, p.errorAt("cannot refer to an open group", len(escape))
			}
			if err := p.checkLookbehindGroup(group); err != nil {
				return nil, err
			}
			return &node{kind: nGroupRef, group: group}, nil
		}
		return nil, p.errorAt(fmt.Sprintf("invalid group reference %d", group), len(escape)-1)
	}
	if c < 0x80 && unicode.IsLetter(rune(c)) {
		return nil, p.errorAt("bad escape "+escape, len(escape))
	}
	return &node{kind: nLiteral, r: []rune(escape)[1]}, nil
}

// parseGroup parses what follows '('. It returns nil for a comment, and
// globalSet for global flags, (?i), which change p.flags.
func (p *parseState) parseGroup(verbose bool, nested int, first bool, flags int) (n *node, globalSet bool, err error) {
	start := p.tell() - 1
	capture, atomic := true, false
	name := ""
	hasName := false
	addFlags, delFlags := 0, 0
	q, err := p.match("?")
	if err != nil {
		return nil, false, err
	}
	if q {
		char, ok, err := p.get()
		if err != nil {
			return nil, false, err
		}
		if !ok {
			return nil, false, p.errorAt("unexpected end of pattern", 0)
		}
		switch {
		case char == "P":
			if ok, err := p.match("<"); err != nil {
				return nil, false, err
			} else if ok {
				if name, err = p.getUntil(">", "group name"); err != nil {
					return nil, false, err
				}
				if err := p.checkGroupName(name, 1); err != nil {
					return nil, false, err
				}
				hasName = true
			} else if ok, err := p.match("="); err != nil {
				return nil, false, err
			} else if ok {
				if name, err = p.getUntil(")", "group name"); err != nil {
					return nil, false, err
				}
				if err := p.checkGroupName(name, 1); err != nil {
					return nil, false, err
				}
				nameLen := len([]rune(name))
				gid, known := p.names[name]
				if !known {
					return nil, false, p.errorAt(fmt.Sprintf("unknown group name %s", pyQuote(name)), nameLen+1)
				}
				if !p.checkGroup(gid) {
					return nil, false, p.errorAt("cannot refer to an open group", nameLen+1)
				}
				if err := p.checkLookbehindGroup(gid); err != nil {
					return nil, false, err
				}
				return &node{kind: nGroupRef, group: gid}, false, nil
			} else {
				char, ok, err := p.get()
				if err != nil {
					return nil, false, err
				}
				if !ok {
					return nil, false, p.errorAt("unexpected end of pattern", 0)
				}
				return nil, false, p.errorAt("unknown extension ?P"+char, len([]rune(char))+2)
			}
		case char == ":":
			capture = false
		case char == "#":
			for {
				if !p.hasNext {
					return nil, false, p.errorAt("missing ), unterminated comment", p.tell()-start)
				}
				c, _, err := p.get()
				if err != nil {
					return nil, false, err
				}
				if c == ")" {
					break
				}
			}
			return nil, false, nil
		case char == "=" || char == "!" || char == "<":
			behind := false
			if char == "<" {
				char, ok, err = p.get()
				if err != nil {
					return nil, false, err
				}
				if !ok {
					return nil, false, p.errorAt("unexpected end of pattern", 0)
				}
				if char != "=" && char != "!" {
					return nil, false, p.errorAt("unknown extension ?<"+char, len([]rune(char))+2)
				}
				behind = true
			}
			outer := p.lookBeh
			if behind && outer < 0 {
				p.lookBeh = p.groupCount()
			}
			body, err := p.parseSub(verbose, nested+1, flags)
			if err != nil {
				return nil, false, err
			}
			if behind && outer < 0 {
				p.lookBeh = -1
			}
			if ok, err := p.match(")"); err != nil {
				return nil, false, err
			} else if !ok {
				return nil, false, p.errorAt("missing ), unterminated subpattern", p.tell()-start)
			}
			return &node{kind: nAssert, behind: behind, negative: char == "!", body: body, lookWidth: width(body, p)}, false, nil
		case char == "(":
			return p.parseConditional(verbose, nested, start, flags)
		case char == ">":
			capture, atomic = false, true
		case len([]rune(char)) == 1 && (char == "-" || inlineFlags[[]rune(char)[0]] != 0):
			add, del, global, err := p.parseFlags([]rune(char)[0])
			if err != nil {
				return nil, false, err
			}
			if global {
				if !first {
					return nil, false, p.errorAt("global flags not at the start of the expression", p.tell()-start)
				}
				return nil, true, nil
			}
			addFlags, delFlags = add, del
			capture = false
		default:
			return nil, false, p.errorAt("unknown extension ?"+char, len([]rune(char))+1)
		}
	}
	group := 0
	if capture {
		group = p.groupCount()
		if group >= maxGroups {
			return nil, false, p.errorAt("too many groups", len([]rune(name))+1)
		}
		if hasName {
			if old, dup := p.names[name]; dup {
				return nil, false, p.errorAt(fmt.Sprintf("redefinition of group name %s as group %d; was group %d", pyQuote(name), group, old), len([]rune(name))+1)
			}
			p.names[name] = group
		}
		p.widths = append(p.widths, [2]int{0, 0})
		p.closed = append(p.closed, false)
		parent := 0
		if len(p.open) > 0 {
			parent = p.open[len(p.open)-1]
		}
		p.parents = append(p.parents, parent)
		p.open = append(p.open, group)
	}
	subVerbose := (verbose || addFlags&flagVerbose != 0) && delFlags&flagVerbose == 0
	subFlags := (flags | addFlags) &^ delFlags
	if addFlags&typeFlags != 0 {
		subFlags = subFlags&^typeFlags | addFlags&typeFlags
	}
	body, err := p.parseSub(subVerbose, nested+1, subFlags)
	if err != nil {
		return nil, false, err
	}
	if ok, err := p.match(")"); err != nil {
		return nil, false, err
	} else if !ok {
		return nil, false, p.errorAt("missing ), unterminated subpattern", p.tell()-start)
	}
	if group > 0 {
		p.open = p.open[:len(p.open)-1]
		p.widths[group] = width(body, p)
		p.closed[group] = true
	}
	if atomic {
		return &node{kind: nAtomic, body: body}, false, nil
	}
	return &node{kind: nGroup, group: group, addFlags: addFlags, delFlags: delFlags, body: body}, false, nil
}

// parseConditional parses (?(group)yes|no), "(?(" read.
func (p *parseState) parseConditional(verbose bool, nested, start, flags int) (*node, bool, error) {
	condName, err := p.getUntil(")", "group name")
	if err != nil {
		return nil, false, err
	}
	nameLen := len([]rune(condName))
	var cond int
	if isIdentifier(condName) {
		gid, ok := p.names[condName]
		if !ok {
			return nil, false, p.errorAt(fmt.Sprintf("unknown group name %s", pyQuote(condName)), nameLen+1)
		}
		cond = gid
	} else {
		v, err := strconv.Atoi(condName)
		if err != nil || v < 0 || strings.ContainsAny(condName, "+- ") {
			return nil, false, p.errorAt(fmt.Sprintf("bad character in group name %s", pyQuote(condName)), nameLen+1)
		}
		if v == 0 {
			return nil, false, p.errorAt("bad group number", nameLen+1)
		}
		if v >= maxGroups {
			return nil, false, p.errorAt(fmt.Sprintf("invalid group reference %d", v), nameLen+1)
		}
		if _, seen := p.refPos[v]; !seen {
			p.refPos[v] = p.tell() - nameLen - 1
			p.refOrder = append(p.refOrder, v)
		}
		cond = v
	}
	if err := p.checkLookbehindGroup(cond); err != nil {
		return nil, false, err
	}
	yes, err := p.parse(verbose, nested+1, false, flags)
	if err != nil {
		return nil, false, err
	}
	n := &node{kind: nGroupRefExists, group: cond, body: yes}
	if ok, err := p.match("|"); err != nil {
		return nil, false, err
	} else if ok {
		if n.no, err = p.parse(verbose, nested+1, false, flags); err != nil {
			return nil, false, err
		}
		n.hasNo = true
		if p.hasNext && p.next == "|" {
			return nil, false, p.errorAt("conditional backref with more than two branches", 0)
		}
	}
	if ok, err := p.match(")"); err != nil {
		return nil, false, err
	} else if !ok {
		return nil, false, p.errorAt("missing ), unterminated subpattern", p.tell()-start)
	}
	return n, false, nil
}

// parseFlags is re._parser._parse_flags: char is the first flag letter
// or '-'. global is true for (?flags), which p.flags takes.
func (p *parseState) parseFlags(char rune) (add, del int, global bool, err error) {
	get := func() (rune, bool, error) {
		c, ok, err := p.get()
		if !ok || err != nil {
			return 0, false, err
		}
		return []rune(c)[0], true, nil
	}
	ok := true
	if char != '-' {
		for {
			flag := inlineFlags[char]
			if p.istext && char == 'L' {
				return 0, 0, false, p.errorAt("bad inline flags: cannot use 'L' flag with a str pattern", 0)
			}
			if !p.istext && char == 'u' {
				return 0, 0, false, p.errorAt("bad inline flags: cannot use 'u' flag with a bytes pattern", 0)
			}
			add |= flag
			if flag&typeFlags != 0 && add&typeFlags != flag {
				return 0, 0, false, p.errorAt("bad inline flags: flags 'a', 'u' and 'L' are incompatible", 0)
			}
			if char, ok, err = get(); err != nil {
				return 0, 0, false, err
			}
			if !ok {
				return 0, 0, false, p.errorAt("missing -, : or )", 0)
			}
			if char == ')' || char == '-' || char == ':' {
				break
			}
			if inlineFlags[char] == 0 {
				msg := "missing -, : or )"
				if unicode.IsLetter(char) {
					msg = "unknown flag"
				}
				return 0, 0, false, p.errorAt(msg, 1)
			}
		}
	}
	if char == ')' {
		p.flags |= add
		return 0, 0, true, nil
	}
	if add&globalFlags != 0 {
		return 0, 0, false, p.errorAt("bad inline flags: cannot turn on global flag", 1)
	}
	if char == '-' {
		if char, ok, err = get(); err != nil {
			return 0, 0, false, err
		}
		if !ok {
			return 0, 0, false, p.errorAt("missing flag", 0)
		}
		if inlineFlags[char] == 0 {
			msg := "missing flag"
			if unicode.IsLetter(char) {
				msg = "unknown flag"
			}
			return 0, 0, false, p.errorAt(msg, 1)
		}
		for {
			flag := inlineFlags[char]
			if flag&typeFlags != 0 {
				return 0, 0, false, p.errorAt("bad inline flags: cannot turn off flags 'a', 'u' and 'L'", 0)
			}
			del |= flag
			if char, ok, err = get(); err != nil {
				return 0, 0, false, err
			}
			if !ok {
				return 0, 0, false, p.errorAt("missing :", 0)
			}
			if char == ':' {
				break
			}
			if inlineFlags[char] == 0 {
				msg := "missing :"
				if unicode.IsLetter(char) {
					msg = "unknown flag"
				}
				return 0, 0, false, p.errorAt(msg, 1)
			}
		}
	}
	if del&globalFlags != 0 {
		return 0, 0, false, p.errorAt("bad inline flags: cannot turn off global flag", 1)
	}
	if add&del != 0 {
		return 0, 0, false, p.errorAt("bad inline flags: flag turned on and off", 1)
	}
	return add, del, false, nil
}

// width is re's getwidth: the least and the most characters seq matches
// (maxRepeat for unbounded).
func width(seq []*node, p *parseState) [2]int {
	lo, hi := 0, 0
	add := func(w [2]int) {
		lo = min(lo+w[0], maxRepeat-1)
		hi = min(hi+w[1], maxRepeat)
	}
	for _, n := range seq {
		switch n.kind {
		case nLiteral, nAny, nIn, nCategory:
			add([2]int{1, 1})
		case nBranch:
			i, j := maxRepeat-1, 0
			for _, b := range n.branches {
				w := width(b, p)
				i, j = min(i, w[0]), max(j, w[1])
			}
			add([2]int{i, j})
		case nGroup, nAtomic:
			add(width(n.body, p))
		case nRepeat:
			w := width(n.body, p)
			add([2]int{min(w[0]*n.min, maxRepeat), min(w[1]*n.max, maxRepeat)})
		case nGroupRef:
			add(p.widths[n.group])
		case nGroupRefExists:
			w := width(n.body, p)
			if n.hasNo {
				v := width(n.no, p)
				w = [2]int{min(w[0], v[0]), max(w[1], v[1])}
			} else {
				w[0] = 0
			}
			add(w)
		}
	}
	return [2]int{lo, hi}
}

// checkLookbehinds is the compiler's check that every lookbehind has a
// fixed width: CPython's error has no position.
func checkLookbehinds(seq []*node) error {
	var walk func(seq []*node) error
	walk = func(seq []*node) error {
		for _, n := range seq {
			if n.kind == nAssert && n.behind && n.lookWidth[0] != n.lookWidth[1] {
				return &patternError{msg: "look-behind requires fixed-width pattern", pos: -1}
			}
			for _, b := range n.branches {
				if err := walk(b); err != nil {
					return err
				}
			}
			if err := walk(n.body); err != nil {
				return err
			}
			if err := walk(n.no); err != nil {
				return err
			}
		}
		return nil
	}
	return walk(seq)
}

// pyQuote is Python's repr of a str, as messages quote names.
func pyQuote(s string) string { return lang.Repr(s) }
