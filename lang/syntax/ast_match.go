package syntax

// MatchStmt is a match statement (PEP 634): the cases are tried in order
// against the value of Subject, and the body of the first whose pattern
// matches (and whose guard is true) runs.
type MatchStmt struct {
	MatchPos Pos
	Subject  Expr
	Cases    []*MatchCase
}

// MatchCase is one "case Pattern [if Guard]: Body" of a MatchStmt.
type MatchCase struct {
	CasePos Pos
	Pattern Pattern
	Guard   Expr // nil without one
	Body    []Stmt
}

// Pattern is a pattern of a case clause.
type Pattern interface {
	Node
	patternNode()
}

// ValuePattern matches a value equal (==) to Value: a literal (1, -2.5,
// 'a') or a dotted name (Color.RED). Singletons None, True and False
// match by identity (Is).
type ValuePattern struct {
	Value Expr
	Is    bool
}

// CapturePattern binds the subject to Name; a nil Name is the wildcard
// _, which binds nothing.
type CapturePattern struct {
	NamePos Pos
	Name    *Ident
}

// SequencePattern matches a sequence (list, tuple, range, not a string)
// element by element; one element may be a StarPattern, taking the rest
// as a list.
type SequencePattern struct {
	Lbrack Pos // '[' or '(', or the first element's start without brackets
	Elts   []Pattern
	End    Pos // after ']' or ')', or the last element's end
}

// StarPattern is the *rest of a SequencePattern; a nil Name is *_.
type StarPattern struct {
	StarPos Pos
	Name    *Ident
	End     Pos
}

// MappingPattern matches a mapping having Keys, whose values match
// Values; Rest, when not nil, binds a dict of the other items (**rest).
type MappingPattern struct {
	Lbrace Pos
	Keys   []Expr
	Values []Pattern
	Rest   *Ident
	Rbrace Pos
}

// ClassPattern matches an instance of Class whose attributes match: the
// positional Args through the class's __match_args__, the keyword ones by
// name.
type ClassPattern struct {
	Class    Expr
	Args     []Pattern
	KwNames  []*Ident
	KwValues []Pattern
	Rparen   Pos
}

// AsPattern matches Pattern and binds the subject to Name.
type AsPattern struct {
	Pattern Pattern
	Name    *Ident
}

// OrPattern matches when any of Alts does, tried left to right.
type OrPattern struct {
	Alts []Pattern
}

func (s *MatchStmt) Span() Span {
	last := s.Cases[len(s.Cases)-1]
	return Span{s.MatchPos, blockEnd(last.Body)}
}
func (c *MatchCase) Span() Span { return Span{c.CasePos, blockEnd(c.Body)} }
func (p *ValuePattern) Span() Span {
	return p.Value.Span()
}
func (p *CapturePattern) Span() Span {
	if p.Name == nil {
		return Span{p.NamePos, p.NamePos.advance("_")}
	}
	return p.Name.Span()
}
func (p *SequencePattern) Span() Span { return Span{p.Lbrack, p.End} }
func (p *StarPattern) Span() Span     { return Span{p.StarPos, p.End} }
func (p *MappingPattern) Span() Span  { return Span{p.Lbrace, p.Rbrace.advance("}")} }
func (p *ClassPattern) Span() Span    { return Span{p.Class.Span().Start, p.Rparen.advance(")")} }
func (p *AsPattern) Span() Span       { return Span{p.Pattern.Span().Start, p.Name.Span().End} }
func (p *OrPattern) Span() Span {
	return Span{p.Alts[0].Span().Start, p.Alts[len(p.Alts)-1].Span().End}
}

func (*MatchStmt) stmtNode()          {}
func (*ValuePattern) patternNode()    {}
func (*CapturePattern) patternNode()  {}
func (*SequencePattern) patternNode() {}
func (*StarPattern) patternNode()     {}
func (*MappingPattern) patternNode()  {}
func (*ClassPattern) patternNode()    {}
func (*AsPattern) patternNode()       {}
func (*OrPattern) patternNode()       {}
