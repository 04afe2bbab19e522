package syntax

// FStringExpr is an f-string, or adjacent string literals of which at least
// one is an f-string: f"loss {loss.item():.4f}". Parts are *StringLit
// (literal text, escapes and {{ }} decoded) and *FStringField, in order.
type FStringExpr struct {
	ValuePos, ValueEnd Pos
	Raw                string // source text, quotes and prefixes included
	Parts              []Expr
}

// FStringField is one replacement field {X!Conv:Spec} of an f-string. Debug
// is the text of a self-documenting field up to and including its '='
// (f"{x = }" has Debug "x = "), and "" otherwise. Conv is "", "r", "s" or
// "a". Spec holds the parts of the format spec, *StringLit and nested
// *FStringField; it is nil without a ':'.
type FStringField struct {
	Lbrace Pos
	X      Expr
	Debug  string
	Conv   string
	Spec   []Expr
	Rbrace Pos
}

func (x *FStringExpr) Span() Span  { return Span{x.ValuePos, x.ValueEnd} }
func (x *FStringField) Span() Span { return Span{x.Lbrace, x.Rbrace.advance("}")} }

func (*FStringExpr) exprNode()  {}
func (*FStringField) exprNode() {}
