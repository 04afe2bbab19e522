package syntax

// TryStmt is try: Body, its except clauses (Handlers), else: Else and
// finally: Finally; at least one handler or a finally.
type TryStmt struct {
	TryPos     Pos
	Body       []Stmt
	Handlers   []*ExceptClause
	ElsePos    Pos // zero without else
	Else       []Stmt
	FinallyPos Pos // zero without finally
	Finally    []Stmt
}

// ExceptClause is except Type as Name: Body; Type is nil for a bare
// except, Name nil without as.
type ExceptClause struct {
	ExceptPos Pos
	StarPos   Pos // the '*' of except* (an exception group's clause); zero for except
	Type      Expr
	Name      *Ident
	Body      []Stmt
}

// RaiseStmt is raise, raise Exc or raise Exc from Cause.
type RaiseStmt struct {
	RaisePos Pos
	Exc      Expr // nil for a bare raise
	Cause    Expr // nil without from
}

func (s *TryStmt) Span() Span {
	end := s.Body
	switch {
	case len(s.Finally) > 0:
		end = s.Finally
	case len(s.Else) > 0:
		end = s.Else
	case len(s.Handlers) > 0:
		end = s.Handlers[len(s.Handlers)-1].Body
	}
	return Span{s.TryPos, blockEnd(end)}
}

func (c *ExceptClause) Span() Span { return Span{c.ExceptPos, blockEnd(c.Body)} }

func (s *RaiseStmt) Span() Span {
	switch {
	case s.Cause != nil:
		return Span{s.RaisePos, s.Cause.Span().End}
	case s.Exc != nil:
		return Span{s.RaisePos, s.Exc.Span().End}
	}
	return Span{s.RaisePos, s.RaisePos.advance("raise")}
}

func (*TryStmt) stmtNode()   {}
func (*RaiseStmt) stmtNode() {}
