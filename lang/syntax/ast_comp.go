package syntax

// DictComp is a dict comprehension: {Key: Value for x in xs if cond}.
type DictComp struct {
	Lbrace Pos
	Key    Expr
	Value  Expr
	Fors   []*CompFor
	Rbrace Pos
}

// SetComp is a set comprehension: {Elt for x in xs if cond}.
type SetComp struct {
	Lbrace Pos
	Elt    Expr
	Fors   []*CompFor
	Rbrace Pos
}

// AsListComp returns the list comprehension of the (key, value) pairs, so
// that an evaluator runs a dict comprehension as it runs a list one and
// builds the dict from the pairs.
func (x *DictComp) AsListComp() *ListComp {
	return &ListComp{Lbrack: x.Lbrace, Elt: &TupleExpr{Elts: []Expr{x.Key, x.Value}}, Fors: x.Fors, Rbrack: x.Rbrace}
}

// AsListComp returns the list comprehension of the elements, from which
// an evaluator builds the set.
func (x *SetComp) AsListComp() *ListComp {
	return &ListComp{Lbrack: x.Lbrace, Elt: x.Elt, Fors: x.Fors, Rbrack: x.Rbrace}
}

func (x *DictComp) Span() Span { return Span{x.Lbrace, x.Rbrace.advance("}")} }
func (x *SetComp) Span() Span  { return Span{x.Lbrace, x.Rbrace.advance("}")} }

func (*DictComp) exprNode() {}
func (*SetComp) exprNode()  {}
