package syntax

// YieldExpr is a yield expression: "yield", "yield Value" or, with From,
// "yield from Value". It stands as a statement, on the right of an
// assignment, or in parentheses; a function whose body has one is a
// generator function.
type YieldExpr struct {
	YieldPos Pos
	From     bool
	Value    Expr // nil for a bare yield
}

func (x *YieldExpr) Span() Span {
	if x.Value != nil {
		return Span{x.YieldPos, x.Value.Span().End}
	}
	return Span{x.YieldPos, x.YieldPos.advance("yield")}
}

func (*YieldExpr) exprNode() {}

// isYield reports whether the current token is the keyword yield (kept a
// RESERVED token, so that the token list stays as it is).
func (p *parser) isYield() bool { return p.tok.kind == RESERVED && p.tok.raw == "yield" }

// parseYield parses a yield expression at the current token.
func (p *parser) parseYield() Expr {
	y := &YieldExpr{YieldPos: p.tok.start}
	p.next()
	if p.got(FROM) {
		y.From = true
		y.Value = p.parseTest()
		return y
	}
	if p.startsExpr() {
		y.Value = p.parseTestList()
	}
	return y
}

// parseTestListOrYield parses what may stand on the right of '=' or as a
// statement: a yield expression or a test list.
func (p *parser) parseTestListOrYield() Expr {
	if p.isYield() {
		return p.parseYield()
	}
	return p.parseTestList()
}
