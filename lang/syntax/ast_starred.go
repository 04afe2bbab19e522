package syntax

// StarredExpr is a starred element of an assignment or for target: the *b
// of a, *b = xs. It takes the elements left over from the other targets,
// as a list. X is itself a target: a name, attribute, index, or a tuple
// or list of targets.
type StarredExpr struct {
	StarPos Pos
	X       Expr
}

func (x *StarredExpr) Span() Span { return Span{x.StarPos, x.X.Span().End} }

func (*StarredExpr) exprNode() {}
