package syntax

// parseDecorated parses Decorated: one or more '@' Test NEWLINE lines
// followed by the def or class they decorate.
func (p *parser) parseDecorated() Stmt {
	var decos []*Decorator
	for p.tok.kind == AT {
		d := &Decorator{AtPos: p.tok.start}
		p.next()
		d.X = p.parseTest()
		p.endLine()
		decos = append(decos, d)
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
			start := p.tok.start
			if p.tok.kind == STAR || p.tok.kind == STARSTAR {
				p.failTok("kael classes take their base class by name, not unpacked with '*' or '**'", "")
			}
			x := p.parseTest()
			if p.tok.kind == ASSIGN {
				if id, ok := x.(*Ident); ok && id.Name == "metaclass" {
					p.fail(Span{start, p.tok.end}, "metaclasses are not supported",
						"kael classes are made by the class statement itself; drop 'metaclass=...'")
				}
				p.fail(Span{start, p.tok.end}, "class keyword arguments are not supported",
					"a kael class statement takes base classes only: class Name(Base, Mixin):")
			}
			s.Bases = append(s.Bases, x)
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
