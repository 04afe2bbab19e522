package syntax

import (
	"fmt"
	"maps"
	"slices"
)

// The match statement (PEP 634). match and case are soft keywords: a line
// is a match statement only when "match Subject ':' NEWLINE" begins it,
// as CPython decides; otherwise (match = 1, match(x)) the parser goes
// back and reads an ordinary statement.

// parseMatch parses MatchStmt when the current token begins one, and
// returns nil, with the parser where it was, when it does not.
func (p *parser) parseMatch() Stmt {
	if p.tok.kind != IDENT || p.tok.raw != "match" {
		return nil
	}
	saved, savedSc := *p, *p.sc
	saved.stars = slices.Clone(p.stars)
	savedSc.indents, savedSc.brackets = slices.Clone(p.sc.indents), slices.Clone(p.sc.brackets)
	s, line := p.matchHeader()
	if s == nil {
		sc := p.sc
		*p, *sc = saved, savedSc
		p.sc = sc
		return nil
	}
	if p.tok.kind != INDENT {
		err := p.tokError(fmt.Sprintf("expected an indented block after 'match' statement on line %d", line), "")
		err.Kind = IndentationError
		if (p.tok.kind == EOF || p.tok.kind == DEDENT) && p.tok.start.Offset >= len(p.sc.src) {
			err.open = openBlock
		}
		panic(err)
	}
	p.next()
	for p.tok.kind == IDENT && p.tok.raw == "case" {
		s.Cases = append(s.Cases, p.parseCase())
	}
	if len(s.Cases) == 0 || p.tok.kind != DEDENT && p.tok.kind != EOF {
		p.failTok("expected 'case'", "each block of a match statement starts with case Pattern:")
	}
	p.expect(DEDENT, "")
	p.checkMatch(s)
	return s
}

// matchHeader parses "match Subject ':' NEWLINE", returning nil when the
// tokens are not that.
func (p *parser) matchHeader() (s *MatchStmt, line int) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(*Error); !ok {
				panic(r)
			}
			s = nil
		}
	}()
	s = &MatchStmt{MatchPos: p.tok.start}
	line = p.tok.start.Line
	p.next()
	if !p.startsElt() {
		return nil, 0
	}
	s.Subject = p.parseList(p.parseNamedTest)
	p.checkStars()
	if p.tok.kind != COLON {
		return nil, 0
	}
	p.next()
	if p.tok.kind != NEWLINE {
		return nil, 0
	}
	p.next()
	return s, line
}

// parseCase parses "case Patterns ['if' NamedTest] ':' Suite".
func (p *parser) parseCase() *MatchCase {
	c := &MatchCase{CasePos: p.tok.start}
	p.next()
	c.Pattern = p.parsePatterns()
	if p.got(IF) {
		c.Guard = p.parseNamedTest()
	}
	p.expectColon("expected ':' after the case pattern")
	c.Body = p.parseSuite("'case' statement", c.CasePos.Line)
	return c
}

// parsePatterns parses a case's pattern: one, or several separated by
// commas, which make a SequencePattern without brackets.
func (p *parser) parsePatterns() Pattern {
	first := p.parseMaybeStar()
	if p.tok.kind != COMMA {
		if _, star := first.(*StarPattern); star {
			p.fail(first.Span(), "can't use starred expression here", "")
		}
		return first
	}
	seq := &SequencePattern{Lbrack: first.Span().Start, Elts: []Pattern{first}}
	for p.got(COMMA) && p.tok.kind != COLON && p.tok.kind != IF {
		seq.Elts = append(seq.Elts, p.parseMaybeStar())
	}
	seq.End = seq.Elts[len(seq.Elts)-1].Span().End
	p.checkSeqStars(seq)
	return seq
}

// parseMaybeStar parses a pattern or a *name of a sequence.
func (p *parser) parseMaybeStar() Pattern {
	if p.tok.kind != STAR {
		return p.parsePattern()
	}
	s := &StarPattern{StarPos: p.tok.start}
	p.next()
	id := p.parseIdent("expected a name after '*' in a pattern")
	if id.Name != "_" {
		s.Name = id
	}
	s.End = id.Span().End
	return s
}

// checkSeqStars fails on a sequence pattern with two starred names.
func (p *parser) checkSeqStars(seq *SequencePattern) {
	n := 0
	for _, e := range seq.Elts {
		if _, ok := e.(*StarPattern); ok {
			n++
			if n > 1 {
				p.fail(seq.Span(), "multiple starred names in sequence pattern", "")
			}
		}
	}
}

// parsePattern parses "OrPattern ['as' NAME]".
func (p *parser) parsePattern() Pattern {
	p.enter()
	defer p.leave()
	x := p.parseOrPattern()
	if p.tok.kind != AS {
		return x
	}
	p.next()
	id := p.parseIdent("expected a name after 'as'")
	if id.Name == "_" {
		p.fail(id.Span(), "cannot use '_' as a target", "")
	}
	return &AsPattern{Pattern: x, Name: id}
}

// parseOrPattern parses closed patterns separated by '|'.
func (p *parser) parseOrPattern() Pattern {
	x := p.parseClosedPattern()
	if p.tok.kind != PIPE {
		return x
	}
	or := &OrPattern{Alts: []Pattern{x}}
	for p.got(PIPE) {
		or.Alts = append(or.Alts, p.parseClosedPattern())
	}
	return or
}

// parseClosedPattern parses a literal, capture, wildcard, value, group,
// sequence, mapping or class pattern.
func (p *parser) parseClosedPattern() Pattern {
	switch p.tok.kind {
	case INT, FLOAT, MINUS:
		return &ValuePattern{Value: p.parseArithLiteral()}
	case STRING:
		x := p.parseString()
		if _, ok := x.(*StringLit); !ok {
			p.fail(x.Span(), "patterns may only match literals and attribute lookups", "")
		}
		return &ValuePattern{Value: x}
	case NONE, TRUE, FALSE:
		return &ValuePattern{Value: p.parseAtom(), Is: true}
	case IDENT:
		return p.parseNamePattern()
	case LPAREN:
		return p.parseGroupPattern()
	case LBRACK:
		seq := &SequencePattern{Lbrack: p.tok.start}
		p.next()
		for p.tok.kind != RBRACK {
			seq.Elts = append(seq.Elts, p.parseMaybeStar())
			if !p.got(COMMA) {
				break
			}
		}
		seq.End = p.expectClose(RBRACK).advance("]")
		p.checkSeqStars(seq)
		return seq
	case LBRACE:
		return p.parseMappingPattern()
	}
	panic(p.unexpectedError("a case takes a pattern: a literal, a name, a [sequence], a {mapping} or a Class(...)"))
}

// parseArithLiteral parses a number pattern, signed or not.
func (p *parser) parseArithLiteral() Expr {
	x := p.parseFactor()
	switch u := x.(type) {
	case *IntLit, *FloatLit:
		return x
	case *UnaryExpr:
		switch u.X.(type) {
		case *IntLit, *FloatLit:
			if u.Op == MINUS {
				return x
			}
		}
	}
	p.fail(x.Span(), "patterns may only match literals and attribute lookups", "")
	return nil
}

// parseNamePattern parses a capture, the wildcard, a value pattern
// (a.b) or a class pattern (Point(x=0)).
func (p *parser) parseNamePattern() Pattern {
	id := p.parseIdent("")
	var x Expr = id
	for p.tok.kind == DOT {
		dot := p.tok.start
		p.next()
		x = &AttrExpr{X: x, Dot: dot, Name: p.parseIdent("expected a name after '.'")}
	}
	if p.tok.kind == LPAREN {
		return p.parseClassPattern(x)
	}
	if x != Expr(id) {
		return &ValuePattern{Value: x}
	}
	if id.Name == "_" {
		return &CapturePattern{NamePos: id.NamePos}
	}
	return &CapturePattern{NamePos: id.NamePos, Name: id}
}

// parseClassPattern parses the '(' ... ')' of a class pattern of cls.
func (p *parser) parseClassPattern(cls Expr) Pattern {
	c := &ClassPattern{Class: cls}
	p.next()
	for p.tok.kind != RPAREN {
		if p.tok.kind == IDENT {
			if kw, ok := p.keywordPattern(); ok {
				for _, k := range c.KwNames {
					if k.Name == kw.Name {
						p.fail(kw.Span(), "attribute name repeated in class pattern: "+kw.Name, "")
					}
				}
				c.KwNames = append(c.KwNames, kw)
				c.KwValues = append(c.KwValues, p.parsePattern())
				if !p.got(COMMA) {
					break
				}
				continue
			}
		}
		pat := p.parsePattern()
		if len(c.KwNames) > 0 {
			p.fail(pat.Span(), "positional patterns follow keyword patterns", "")
		}
		c.Args = append(c.Args, pat)
		if !p.got(COMMA) {
			break
		}
	}
	c.Rparen = p.expectClose(RPAREN)
	return c
}

// keywordPattern reads "NAME '='" of a keyword pattern when the tokens
// are that, leaving the parser where it was otherwise.
func (p *parser) keywordPattern() (*Ident, bool) {
	saved, savedSc := *p, *p.sc
	saved.stars = slices.Clone(p.stars)
	savedSc.indents, savedSc.brackets = slices.Clone(p.sc.indents), slices.Clone(p.sc.brackets)
	id := p.parseIdent("")
	if p.got(ASSIGN) {
		return id, true
	}
	sc := p.sc
	*p, *sc = saved, savedSc
	p.sc = sc
	return nil, false
}

// parseGroupPattern parses '(' Pattern ')' or a parenthesised sequence.
func (p *parser) parseGroupPattern() Pattern {
	lparen := p.tok.start
	p.next()
	if p.tok.kind == RPAREN {
		end := p.tok.end
		p.next()
		return &SequencePattern{Lbrack: lparen, End: end}
	}
	first := p.parseMaybeStar()
	if p.tok.kind != COMMA {
		if _, star := first.(*StarPattern); star {
			p.fail(first.Span(), "can't use starred expression here", "")
		}
		p.expectClose(RPAREN)
		return first
	}
	seq := &SequencePattern{Lbrack: lparen, Elts: []Pattern{first}}
	for p.got(COMMA) && p.tok.kind != RPAREN {
		seq.Elts = append(seq.Elts, p.parseMaybeStar())
	}
	seq.End = p.expectClose(RPAREN).advance(")")
	p.checkSeqStars(seq)
	return seq
}

// parseMappingPattern parses '{' key: pattern, ... [**rest] '}'.
func (p *parser) parseMappingPattern() Pattern {
	m := &MappingPattern{Lbrace: p.tok.start}
	p.next()
	for p.tok.kind != RBRACE {
		if p.tok.kind == STARSTAR {
			p.next()
			m.Rest = p.parseIdent("expected a name after '**'")
			if m.Rest.Name == "_" {
				p.fail(m.Rest.Span(), "invalid syntax", "")
			}
			p.got(COMMA)
			if p.tok.kind != RBRACE {
				p.failTok("**rest must be the last item of a mapping pattern", "")
			}
			break
		}
		var key Expr
		switch k := p.parseClosedPattern().(type) {
		case *ValuePattern:
			key = k.Value
		default:
			p.fail(k.Span(), "mapping pattern keys may only match literals and attribute lookups", "")
		}
		p.expect(COLON, "expected ':' after the key of a mapping pattern")
		m.Keys = append(m.Keys, key)
		m.Values = append(m.Values, p.parsePattern())
		if !p.got(COMMA) {
			break
		}
	}
	m.Rbrace = p.expectClose(RBRACE)
	return m
}

// PatternNames returns the names a pattern binds, in source order.
func PatternNames(pat Pattern) []*Ident {
	var names []*Ident
	var walk func(p Pattern)
	walk = func(p Pattern) {
		switch p := p.(type) {
		case *CapturePattern:
			if p.Name != nil {
				names = append(names, p.Name)
			}
		case *StarPattern:
			if p.Name != nil {
				names = append(names, p.Name)
			}
		case *SequencePattern:
			for _, e := range p.Elts {
				walk(e)
			}
		case *MappingPattern:
			for _, v := range p.Values {
				walk(v)
			}
			if p.Rest != nil {
				names = append(names, p.Rest)
			}
		case *ClassPattern:
			for _, a := range p.Args {
				walk(a)
			}
			for _, v := range p.KwValues {
				walk(v)
			}
		case *AsPattern:
			walk(p.Pattern)
			names = append(names, p.Name)
		case *OrPattern:
			walk(p.Alts[0]) // the others bind the same names (checkPattern)
		}
	}
	walk(pat)
	return names
}

// checkMatch applies CPython's compile-time rules to a match statement:
// an irrefutable case (a capture or wildcard without guard) must be the
// last, a pattern binds each name once, and the alternatives of an
// or-pattern bind the same names.
func (p *parser) checkMatch(s *MatchStmt) {
	for i, c := range s.Cases {
		p.checkPattern(c.Pattern)
		if c.Guard != nil || i == len(s.Cases)-1 {
			continue
		}
		if name, ok := irrefutable(c.Pattern); ok {
			p.failUnreachable(c.Pattern, name)
		}
	}
}

// failUnreachable fails on pat, an irrefutable pattern binding name ("" for
// the wildcard) that stands before others.
func (p *parser) failUnreachable(pat Pattern, name string) {
	what := "wildcard"
	if name != "" {
		what = "name capture '" + name + "'"
	}
	p.fail(pat.Span(), what+" makes remaining patterns unreachable", "")
}

// irrefutable reports whether pat matches every subject, and the name it
// binds then ("" for the wildcard).
func irrefutable(pat Pattern) (string, bool) {
	switch p := pat.(type) {
	case *CapturePattern:
		if p.Name == nil {
			return "", true
		}
		return p.Name.Name, true
	case *AsPattern:
		if _, ok := irrefutable(p.Pattern); ok {
			return p.Name.Name, true
		}
	case *OrPattern:
		for _, a := range p.Alts {
			if name, ok := irrefutable(a); ok {
				return name, true
			}
		}
	}
	return "", false
}

// checkPattern fails on a name bound twice, and on an or-pattern whose
// alternatives bind different names or have an irrefutable one before
// the last.
func (p *parser) checkPattern(pat Pattern) {
	seen := map[string]bool{}
	for _, id := range PatternNames(pat) {
		if seen[id.Name] {
			p.fail(id.Span(), "multiple assignments to name '"+id.Name+"' in pattern", "")
		}
		seen[id.Name] = true
	}
	Inspect(pat, func(n Node) bool {
		or, ok := n.(*OrPattern)
		if !ok {
			return true
		}
		want := nameSet(PatternNames(or.Alts[0]))
		for i, a := range or.Alts {
			if i < len(or.Alts)-1 {
				if name, ok := irrefutable(a); ok {
					p.failUnreachable(a, name)
				}
			}
			if names := PatternNames(a); !maps.Equal(nameSet(names), want) {
				at := a.Span()
				if len(names) > 0 {
					at = names[0].Span()
				}
				p.fail(at, "alternative patterns bind different names", "")
			}
		}
		return true
	})
	Inspect(pat, func(n Node) bool {
		if m, ok := n.(*MappingPattern); ok {
			p.checkMappingKeys(m)
		}
		return true
	})
}

// checkMappingKeys fails on a mapping pattern whose literal keys repeat,
// as CPython does at compile time (repeated value-pattern keys, a.b, are
// its ValueError when the statement runs).
func (p *parser) checkMappingKeys(m *MappingPattern) {
	seen := map[string]bool{}
	for _, k := range m.Keys {
		var key string
		switch k := k.(type) {
		case *StringLit:
			key = "s" + k.Value
		case *IntLit:
			key = fmt.Sprintf("n%d", k.Value)
		default:
			continue
		}
		if seen[key] {
			text := key[1:]
			if key[0] == 's' {
				text = "'" + text + "'"
			}
			p.fail(m.Span(), "mapping pattern checks duplicate key ("+text+")", "")
		}
		seen[key] = true
	}
}

func nameSet(ids []*Ident) map[string]bool {
	s := map[string]bool{}
	for _, id := range ids {
		s[id.Name] = true
	}
	return s
}
