package syntax

// SetExpr is a set display: {a, b}. ({} is an empty dict, as in Python.)
type SetExpr struct {
	Lbrace Pos
	Elts   []Expr
	Rbrace Pos
}

func (x *SetExpr) Span() Span { return Span{x.Lbrace, x.Rbrace.advance("}")} }

func (*SetExpr) exprNode() {}
