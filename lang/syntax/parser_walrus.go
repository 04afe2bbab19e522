package syntax

// parseNamedTest parses NamedTest, a Test or an assignment expression
// name := Test, where Python's grammar allows one without parentheses:
// an if or while condition, an element of a display or comprehension, a
// positional argument, a subscript.
func (p *parser) parseNamedTest() Expr {
	x := p.parseTest()
	if p.tok.kind != COLONEQ {
		return x
	}
	id, ok := x.(*Ident)
	if !ok {
		p.fail(x.Span(), "cannot use assignment expressions with "+describeExpr(x), "")
	}
	n := &NamedExpr{Target: id, OpPos: p.tok.start}
	p.next()
	n.Value = p.parseTest()
	return n
}

// parseStarredNamed parses an element of a display: a starred BitOr or a
// NamedTest.
func (p *parser) parseStarredNamed() Expr { return p.parseStarred(p.parseNamedTest) }
