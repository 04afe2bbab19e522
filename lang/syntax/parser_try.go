package syntax

// isReserved reports whether the current token is the reserved word w.
func (p *parser) isReserved(w string) bool { return p.tok.kind == RESERVED && p.tok.raw == w }

// parseTry parses TryStmt:
//
//	TryStmt = 'try' ':' Suite {ExceptClause} ['else' ':' Suite] ['finally' ':' Suite] .
//	ExceptClause = 'except' [Test ['as' IDENT]] ':' Suite .
func (p *parser) parseTry() Stmt {
	s := &TryStmt{TryPos: p.tok.start}
	p.next()
	p.expectColon("expected ':' after 'try'")
	s.Body = p.parseSuite("'try' statement", s.TryPos.Line)
	for p.isReserved("except") {
		h := &ExceptClause{ExceptPos: p.tok.start}
		if len(s.Handlers) > 0 && s.Handlers[len(s.Handlers)-1].Type == nil {
			p.fail(Span{p.tok.start, p.tok.end}, "default 'except:' must be last", "")
		}
		p.next()
		if p.tok.kind == STAR {
			// except*: parsed as Python parses it; the engine refuses
			// the try statement when it runs (kael has no exception
			// groups), so that the rest of the file runs.
			h.StarPos = p.tok.start
			p.next()
			if p.tok.kind == COLON {
				p.failTok("expected one or more exception types", "")
			}
		}
		if len(s.Handlers) > 0 && s.Handlers[0].StarPos.IsValid() != h.StarPos.IsValid() {
			p.fail(Span{h.ExceptPos, h.ExceptPos.advance("except")}, "cannot have both 'except' and 'except*' on the same 'try'", "")
		}
		if p.tok.kind != COLON {
			h.Type = p.parseTest()
			if p.tok.kind == COMMA {
				p.failTok("multiple exception types must be parenthesized", "write except (A, B):")
			}
			if p.got(AS) {
				h.Name = p.parseIdent("expected a name after 'as'")
			}
		}
		p.expectColon("expected ':' after except clause")
		h.Body = p.parseSuite("'except' statement", h.ExceptPos.Line)
		s.Handlers = append(s.Handlers, h)
	}
	if len(s.Handlers) > 0 && p.tok.kind == ELSE {
		s.ElsePos = p.tok.start
		p.next()
		p.expectColon("expected ':' after 'else'")
		s.Else = p.parseSuite("'else' statement", s.ElsePos.Line)
	}
	if p.isReserved("finally") {
		s.FinallyPos = p.tok.start
		p.next()
		p.expectColon("expected ':' after 'finally'")
		s.Finally = p.parseSuite("'finally' statement", s.FinallyPos.Line)
	}
	if len(s.Handlers) == 0 && s.Finally == nil {
		err := p.tokError("expected 'except' or 'finally' block", "")
		if p.tok.kind == EOF && p.tok.start.Offset >= len(p.sc.src) {
			err.open = openLine // at a prompt: the except is still to come
		}
		panic(err)
	}
	return s
}

// parseRaise parses RaiseStmt = 'raise' [Test ['from' Test]] .
func (p *parser) parseRaise() Stmt {
	s := &RaiseStmt{RaisePos: p.tok.start}
	p.next()
	if p.tok.kind == NEWLINE || p.tok.kind == SEMI || p.tok.kind == EOF {
		return s
	}
	s.Exc = p.parseTest()
	if p.got(FROM) {
		s.Cause = p.parseTest()
	}
	return s
}
