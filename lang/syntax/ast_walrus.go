package syntax

// NamedExpr is an assignment expression (PEP 572): Target := Value, whose
// value is Value's and which binds Target, a name, as it is evaluated. In
// a comprehension it binds the name in the enclosing function, not in the
// comprehension.
type NamedExpr struct {
	Target *Ident
	OpPos  Pos // position of ':='
	Value  Expr
}

func (x *NamedExpr) Span() Span { return Span{x.Target.NamePos, x.Value.Span().End} }

func (*NamedExpr) exprNode() {}
