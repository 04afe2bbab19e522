package syntax

// GlobalStmt is global a, b or, with Nonlocal set, nonlocal a, b: the
// names it declares live in the module (global) or in an enclosing
// function (nonlocal) instead of the current scope.
type GlobalStmt struct {
	Pos      Pos
	Nonlocal bool
	Names    []*Ident
}

// Keyword returns "global" or "nonlocal".
func (s *GlobalStmt) Keyword() string {
	if s.Nonlocal {
		return "nonlocal"
	}
	return "global"
}

func (s *GlobalStmt) Span() Span {
	return Span{s.Pos, s.Names[len(s.Names)-1].Span().End}
}

func (*GlobalStmt) stmtNode() {}
