package syntax

// parseDecorated parses Decorated: one or more '@' NamedTest NEWLINE
// lines (any expression, Python 3.9) followed by the def or class they
// decorate.
func (p *parser) parseDecorated() Stmt {
	var decos []*Decorator
	for p.tok.kind == AT {
		d := &Decorator{AtPos: p.tok.start}
		p.next()
		d.X = p.parseNamedTest()
		p.endLine()
		decos = append(decos, d)
	}
	if p.isAsync() {
		at := p.tok.start
		p.next()
		if p.tok.kind != DEF {
			p.unexpected("a decorator must be followed by a 'def' or 'class' statement")
		}
		s := p.parseAsyncDef(at)
		s.Decorators = decos
		return s
	}
	switch p.tok.kind {
	case DEF:
		s := p.parseDef().(*DefStmt)
		s.Decorators = decos
		return s
	case CLASS:
		return p.parseClass(decos)
	}
	err := p.unexpectedError("a decorator must be followed by a 'def' or 'class' statement")
	if (p.tok.kind == EOF || p.tok.kind == DEDENT) && p.tok.start.Offset >= len(p.sc.src) {
		err.open = openLine // the def may come on the next line
	}
	panic(err)
}

// parseClass parses ClassStmt.
func (p *parser) parseClass(decos []*Decorator) Stmt {
	s := &ClassStmt{Decorators: decos, ClassPos: p.tok.start}
	p.next()
	s.Name = p.parseIdent("expected a class name after 'class'")
	if p.got(LPAREN) {
		for p.tok.kind != RPAREN {
			if p.tok.kind == STAR {
				p.failTok("kael classes take their base classes by name, not unpacked with '*'", "")
			}
			if p.tok.kind == STARSTAR { // class A(B, **kw)
				kw := &Arg{StarPos: p.tok.start, Star: STARSTAR}
				p.next()
				kw.Value = p.parseTest()
				s.Keywords = append(s.Keywords, kw)
			} else if x := p.parseTest(); p.tok.kind == ASSIGN {
				id, ok := x.(*Ident)
				if !ok {
					p.fail(x.Span(), "a keyword argument must be a name", "to compare values use '=='")
				}
				p.next()
				for _, kw := range s.Keywords {
					if kw.Name != nil && kw.Name.Name == id.Name {
						p.fail(id.Span(), "keyword argument repeated: "+id.Name, "")
					}
				}
				s.Keywords = append(s.Keywords, &Arg{Name: id, Value: p.parseTest()})
			} else if len(s.Keywords) > 0 {
				p.fail(x.Span(), "positional argument follows keyword argument", "")
			} else {
				s.Bases = append(s.Bases, x)
			}
			if !p.got(COMMA) {
				break
			}
		}
		p.expect(RPAREN, "expected ')' after the base classes")
	}
	p.expectColon("expected ':' after the class name")
	s.Body = p.parseSuite("class definition", s.ClassPos.Line)
	return s
}
