package syntax

// parseImport parses ImportStmt:
//
//	'import' DottedAsName {',' DottedAsName}
func (p *parser) parseImport() Stmt {
	s := &ImportStmt{ImportPos: p.tok.start}
	p.next()
	for {
		n := &ImportName{Name: p.parseDottedName("expected a module name after 'import'")}
		if p.got(AS) {
			n.As = p.parseIdent("expected a name after 'as'")
		}
		s.Names = append(s.Names, n)
		if !p.got(COMMA) {
			return s
		}
	}
}

// parseFromImport parses FromImportStmt:
//
//	'from' DottedName 'import' ('*' | '(' ImportAsNames [','] ')' | ImportAsNames)
func (p *parser) parseFromImport() Stmt {
	s := &FromImportStmt{FromPos: p.tok.start}
	p.next()
	for p.tok.kind == DOT || p.tok.kind == ELLIPSIS {
		s.Level += 1
		if p.tok.kind == ELLIPSIS {
			s.Level += 2
		}
		p.next()
	}
	if s.Level == 0 || p.tok.kind != IMPORT {
		s.Module = p.parseDottedName("expected a module name after 'from'")
	}
	p.expect(IMPORT, "expected 'import' after the module name")
	if p.tok.kind == STAR {
		s.Star = p.tok.start
		s.End = p.tok.end
		p.next()
		return s
	}
	paren := p.got(LPAREN)
	for {
		n := &ImportName{Name: &DottedName{Parts: []*Ident{p.parseIdent("expected a name to import")}}}
		if p.tok.kind == DOT {
			p.failTok("'from ... import' takes plain names", "write the module path before 'import': from a.b import c")
		}
		if p.got(AS) {
			n.As = p.parseIdent("expected a name after 'as'")
		}
		s.Names = append(s.Names, n)
		s.End = n.Span().End
		if !p.got(COMMA) || paren && p.tok.kind == RPAREN {
			break
		}
		if !paren && p.tok.kind != IDENT {
			p.unexpected("a trailing comma needs parentheses: from m import (a, b,)")
		}
	}
	if paren {
		s.End = p.expectClose(RPAREN).advance(")")
	}
	return s
}

// parseDottedName parses IDENT {'.' IDENT}.
func (p *parser) parseDottedName(msg string) *DottedName {
	d := &DottedName{Parts: []*Ident{p.parseIdent(msg)}}
	for p.got(DOT) {
		d.Parts = append(d.Parts, p.parseIdent("expected a name after '.'"))
	}
	return d
}
