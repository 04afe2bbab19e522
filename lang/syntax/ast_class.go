package syntax

// ClassStmt is a class definition: class Name(Base, ...): Body. Bases
// holds the base class expressions, in order, and Keywords the keyword
// arguments (class A(B, flag=True)), which reach __init_subclass__.
type ClassStmt struct {
	Decorators []*Decorator // the @ lines above it, outermost first
	ClassPos   Pos
	Name       *Ident
	Bases      []Expr
	Keywords   []*Arg // Name = Value, or **Value
	Body       []Stmt
}

// Decorator is one @expression line above a def or class.
type Decorator struct {
	AtPos Pos
	X     Expr
}

// Span runs from the first decorator (or 'class') to the end of the body.
func (s *ClassStmt) Span() Span {
	return Span{decoratedStart(s.Decorators, s.ClassPos), blockEnd(s.Body)}
}

// decoratedStart is where a decorated statement starts: at its first
// decorator, or at its keyword.
func decoratedStart(decos []*Decorator, kw Pos) Pos {
	if len(decos) > 0 {
		return decos[0].AtPos
	}
	return kw
}

// Span runs from '@' to the end of the expression.
func (d *Decorator) Span() Span { return Span{d.AtPos, d.X.Span().End} }

func (*ClassStmt) stmtNode() {}
