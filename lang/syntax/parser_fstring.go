package syntax

import (
	"strings"
	"unicode/utf8"
)

// f-strings follow Python 3.11: the scanner finds the end of the literal as
// for any string, so an expression inside may not use the literal's own
// quote, nor a backslash or a comment. The parser then splits the body
// into literal text and replacement fields {expr!conv:spec}, and parses
// each expression with a parser of its own over the same source, so that
// positions in errors and spans are those of the cell.

// maxSpecNesting is how deep replacement fields nest in format specs, as in
// Python (f"{x:{w}}" nests once).
const maxSpecNesting = 2

// fstringParts parses the body of one f-string token into literal parts
// (*StringLit) and fields (*FStringField).
func (p *parser) fstringParts(tok token) []Expr {
	c := &fcursor{p: p, src: p.sc.src, pos: tok.body.Start, end: tok.body.End.Offset, raw: tok.rawString}
	return c.parts(0)
}

// fcursor walks the body of an f-string.
type fcursor struct {
	p   *parser
	src string
	pos Pos
	end int // offset where the body ends
	raw bool
}

func (c *fcursor) more() bool { return c.pos.Offset < c.end }
func (c *fcursor) peek(k int) byte {
	if i := c.pos.Offset + k; i < c.end {
		return c.src[i]
	}
	return 0
}

// step moves over one character, counting lines.
func (c *fcursor) step() {
	ch := c.src[c.pos.Offset]
	switch {
	case ch == '\n':
		c.pos = Pos{Offset: c.pos.Offset + 1, Line: c.pos.Line + 1, Col: 1}
	case ch == '\r':
		n := 1
		if c.peek(1) == '\n' {
			n = 2
		}
		c.pos = Pos{Offset: c.pos.Offset + n, Line: c.pos.Line + 1, Col: 1}
	default:
		_, n := utf8.DecodeRuneInString(c.src[c.pos.Offset:])
		c.pos = Pos{Offset: c.pos.Offset + n, Line: c.pos.Line, Col: c.pos.Col + 1}
	}
}

func (c *fcursor) fail(start Pos, msg, hint string) {
	end := c.pos
	if end.Offset <= start.Offset {
		end = start.advance(" ")
	}
	c.p.fail(Span{start, end}, "f-string: "+msg, hint)
}

// parts parses literal text and fields up to the end of the body, or, in a
// format spec (depth > 0), up to the '}' that closes the field.
func (c *fcursor) parts(depth int) []Expr {
	var parts []Expr
	var lit strings.Builder
	litStart := c.pos
	flush := func() {
		if lit.Len() > 0 {
			parts = append(parts, &StringLit{ValuePos: litStart, ValueEnd: c.pos,
				Raw: c.src[litStart.Offset:c.pos.Offset], Value: lit.String()})
			lit.Reset()
		}
	}
	for c.more() {
		ch := c.src[c.pos.Offset]
		switch {
		case ch == '{' && c.peek(1) == '{' && depth == 0:
			c.step()
			c.step()
			lit.WriteByte('{')
		case ch == '}' && c.peek(1) == '}' && depth == 0:
			c.step()
			c.step()
			lit.WriteByte('}')
		case ch == '}' && depth > 0:
			flush()
			return parts
		case ch == '}':
			start := c.pos
			c.step()
			c.fail(start, "single '}' is not allowed", "write '}}' for a literal '}'")
		case ch == '{':
			if depth >= maxSpecNesting {
				c.fail(c.pos, "expressions nested too deeply", "")
			}
			flush()
			parts = append(parts, c.field(depth))
			litStart = c.pos
		case ch == '\\' && !c.raw:
			lit.WriteString(c.escape())
		default:
			from := c.pos.Offset
			c.step()
			lit.WriteString(strings.ReplaceAll(c.src[from:c.pos.Offset], "\r\n", "\n"))
		}
	}
	flush()
	return parts
}

// escape decodes the escape sequence at the cursor, which the scanner has
// already checked, with the scanner's own decoder.
func (c *fcursor) escape() string {
	sc := &scanner{filename: c.p.sc.filename, src: c.src[:c.end], pos: c.pos}
	var b strings.Builder
	sc.escape(&b)
	for c.pos.Offset < sc.pos.Offset {
		c.step()
	}
	return b.String()
}

// field parses a replacement field at its '{'.
func (c *fcursor) field(depth int) *FStringField {
	f := &FStringField{Lbrace: c.pos}
	c.step()
	exprStart := c.pos
	exprEnd := c.exprEnd(f.Lbrace)
	text := c.src[exprStart.Offset:exprEnd.Offset]
	if strings.TrimSpace(text) == "" {
		c.fail(f.Lbrace, "empty expression not allowed", "")
	}
	f.X = c.parseExpr(exprStart, exprEnd)
	if c.peek(0) == '=' {
		c.step()
		for c.more() && (c.peek(0) == ' ' || c.peek(0) == '\t') {
			c.step()
		}
		f.Debug = c.src[exprStart.Offset:c.pos.Offset]
	}
	if c.peek(0) == '!' {
		start := c.pos
		c.step()
		switch conv := c.peek(0); conv {
		case 'r', 's', 'a':
			f.Conv = string(conv)
			c.step()
		default:
			c.fail(start, "invalid conversion character: expected 's', 'r', or 'a'", "")
		}
		if next := c.peek(0); next != ':' && next != '}' {
			c.fail(start, "expecting '}'", "")
		}
	}
	if c.peek(0) == ':' {
		c.step()
		f.Spec = c.parts(depth + 1)
		if f.Spec == nil {
			f.Spec = []Expr{}
		}
	}
	if c.peek(0) != '}' {
		c.fail(f.Lbrace, "expecting '}'", "")
	}
	f.Rbrace = c.pos
	c.step()
	return f
}

// exprEnd moves the cursor to the end of a field's expression: the first
// '}', '!' (not of '!='), ':' or self-documenting '=' outside brackets and
// strings, and returns that position.
func (c *fcursor) exprEnd(lbrace Pos) Pos {
	var stack []byte
	for c.more() {
		ch := c.src[c.pos.Offset]
		switch {
		case ch == '\\':
			c.fail(c.pos, "expression part cannot include a backslash", "compute the value in a variable before the f-string")
		case ch == '#':
			c.fail(c.pos, "expression part cannot include '#'", "")
		case ch == '\'' || ch == '"':
			c.skipString(ch)
			continue
		case ch == '(' || ch == '[' || ch == '{':
			stack = append(stack, ch)
		case ch == ')' || ch == ']' || ch == '}' && len(stack) > 0:
			if len(stack) == 0 || closer(stack[len(stack)-1]) != ch {
				c.fail(c.pos, "unmatched '"+string(ch)+"'", "")
			}
			stack = stack[:len(stack)-1]
		case len(stack) > 0:
		case ch == '}' || ch == ':':
			return c.pos
		case ch == '!' && c.peek(1) != '=':
			return c.pos
		case ch == '=':
			prev := c.src[c.pos.Offset-1]
			if c.peek(1) != '=' && prev != '=' && prev != '!' && prev != '<' && prev != '>' {
				return c.pos
			}
		}
		c.step()
	}
	c.fail(lbrace, "expecting '}'", "close the field with '}', or write '{{' for a literal '{'")
	return c.pos
}

// skipString moves over a string inside a field's expression.
func (c *fcursor) skipString(q byte) {
	start := c.pos
	triple := c.peek(1) == q && c.peek(2) == q
	n := 1
	if triple {
		n = 3
	}
	for range n {
		c.step()
	}
	for c.more() {
		if c.src[c.pos.Offset] == '\\' {
			c.fail(c.pos, "expression part cannot include a backslash", "compute the value in a variable before the f-string")
		}
		if c.src[c.pos.Offset] == q && (!triple || c.peek(1) == q && c.peek(2) == q) {
			for range n {
				c.step()
			}
			return
		}
		c.step()
	}
	c.fail(start, "unterminated string", "")
}

// parseExpr parses the expression between from and to with a parser of
// its own. Its scanner takes line breaks for white space, as Python does in
// the fields of a triple-quoted f-string.
func (c *fcursor) parseExpr(from, to Pos) Expr {
	sc := &scanner{filename: c.p.sc.filename, src: c.src[:to.Offset], pos: from, indents: []indentLevel{{}}, inField: true}
	sub := &parser{sc: sc, depth: c.p.depth}
	sub.next()
	if sub.tok.kind == EOF {
		c.fail(from, "empty expression not allowed", "")
	}
	x := sub.parseTestList()
	c.p.stars = append(c.p.stars, sub.stars...) // none is a target
	if sub.tok.kind != EOF {
		sub.failTok("f-string: expecting '}'", "")
	}
	return x
}
