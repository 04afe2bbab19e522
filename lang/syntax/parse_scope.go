package syntax

// parseScopeStmt parses global a, b and nonlocal a, b; it returns nil when
// the current token begins neither.
func (p *parser) parseScopeStmt() Stmt {
	if p.tok.kind != RESERVED || (p.tok.raw != "global" && p.tok.raw != "nonlocal") {
		return nil
	}
	s := &GlobalStmt{Pos: p.tok.start, Nonlocal: p.tok.raw == "nonlocal"}
	p.next()
	for {
		s.Names = append(s.Names, p.parseIdent(""))
		if !p.got(COMMA) {
			return s
		}
	}
}
