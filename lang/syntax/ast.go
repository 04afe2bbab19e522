package syntax

import "math/big"

// Node is implemented by every syntax tree node.
type Node interface {
	// Span returns the source range the node covers.
	Span() Span
}

// Expr is an expression node.
type Expr interface {
	Node
	exprNode()
}

// Stmt is a statement node.
type Stmt interface {
	Node
	stmtNode()
}

// File is a parsed source file: a sequence of statements.
type File struct {
	Stmts []Stmt
	// Warnings are the scanner's SyntaxWarnings, in source order.
	Warnings []Warning
}

// Span covers the statements; it is zero for a file without any.
func (f *File) Span() Span {
	if len(f.Stmts) == 0 {
		return Span{}
	}
	return Span{f.Stmts[0].Span().Start, f.Stmts[len(f.Stmts)-1].Span().End}
}

// ---- Expressions ----

// Ident is a name: x.
type Ident struct {
	NamePos Pos
	Name    string
	// Unmangled is the name as written when Name is a private name that
	// the engine mangled inside a class body (__x in class C is _C__x);
	// "" otherwise. The span is the written name's.
	Unmangled string
}

// Written returns the name as the source spells it: Unmangled when the
// name was mangled, else Name.
func (x *Ident) Written() string {
	if x.Unmangled != "" {
		return x.Unmangled
	}
	return x.Name
}

// IntLit is an integer literal: 42, 0x2a, 1_000.
type IntLit struct {
	ValuePos Pos
	Raw      string // source text
	Value    int64
	Big      *big.Int // the value when it does not fit in an int64, else nil
}

// FloatLit is a floating-point literal: 1.5, .5, 2., 1e-3.
type FloatLit struct {
	ValuePos Pos
	Raw      string // source text
	Value    float64
	Imag     bool // an imaginary literal, 1j: its value is Value times 1j
}

// StringLit is a string literal, or several adjacent ones ("a" "b"), which
// are concatenated.
type StringLit struct {
	ValuePos, ValueEnd Pos
	Raw                string // source text, quotes included
	Value              string // decoded value (of a bytes literal: its bytes)
	Bytes              bool   // a bytes literal: b'...'
}

// BoolLit is True or False.
type BoolLit struct {
	ValuePos Pos
	Value    bool
}

// NoneLit is None.
type NoneLit struct {
	ValuePos Pos
}

// EllipsisLit is ..., as in x[..., 0].
type EllipsisLit struct {
	ValuePos Pos
}

// ParenExpr is a parenthesised expression that is not a tuple: (x).
type ParenExpr struct {
	Lparen Pos
	X      Expr
	Rparen Pos
}

// UnaryExpr is a prefix operation: -x, +x, ~x, not x. Op is MINUS, PLUS,
// TILDE or NOT.
type UnaryExpr struct {
	OpPos Pos
	Op    Token
	X     Expr
}

// BinaryExpr is an arithmetic or bitwise operation: x + y. Op is one of
// PLUS MINUS STAR SLASH SLASHSLASH PERCENT AT STARSTAR AMP PIPE CARET LSHIFT
// RSHIFT.
type BinaryExpr struct {
	X     Expr
	OpPos Pos
	Op    Token
	Y     Expr
}

// BoolOpExpr is a short-circuit operation: x and y, x or y. Op is AND or
// OR; a chain such as a or b or c nests to the left.
type BoolOpExpr struct {
	X     Expr
	OpPos Pos
	Op    Token
	Y     Expr
}

// CompareExpr is a comparison or a chain of them: a < b, a < b <= c. As in
// Python, a < b < c means a < b and b < c with b evaluated once.
type CompareExpr struct {
	X   Expr
	Ops []*Comparison
}

// Comparison is one link of a CompareExpr: the operator and its right
// operand. Op is LT LE GT GE EQL NEQ IN NOTIN IS or ISNOT.
type Comparison struct {
	OpPos Pos
	Op    Token
	Y     Expr
}

// CondExpr is a conditional expression: Then if Cond else Else.
type CondExpr struct {
	Then    Expr
	IfPos   Pos
	Cond    Expr
	ElsePos Pos
	Else    Expr
}

// CallExpr is a function call: f(x, dim=0).
type CallExpr struct {
	Fn     Expr
	Lparen Pos
	Args   []*Arg
	Rparen Pos
}

// Arg is one argument of a call: a positional x, a keyword dim=0, or an
// unpacked *xs or **kw.
type Arg struct {
	StarPos Pos   // position of Star; zero when Star is ILLEGAL
	Star    Token // ILLEGAL, STAR (*xs) or STARSTAR (**kw)
	Name    *Ident
	Value   Expr
}

// AttrExpr is an attribute access: x.T.
type AttrExpr struct {
	X    Expr
	Dot  Pos
	Name *Ident
}

// IndexExpr is indexing or slicing: x[0], x[1:3], x[:, None, ...]. Each of
// Subs is an expression or a *SliceExpr; x[a, b] has two, x[(a, b)] has one
// TupleExpr. A lone subscript with a trailing comma is a TupleExpr of one:
// x[1,] and x[1:2,], whose element is then a *SliceExpr.
type IndexExpr struct {
	X      Expr
	Lbrack Pos
	Subs   []Expr
	Rbrack Pos
}

// SliceExpr is a slice lo:hi:step inside an IndexExpr. Lo, Hi and Step may
// each be nil; Colon2 is zero when the second colon is absent.
type SliceExpr struct {
	Lo     Expr
	Colon1 Pos
	Hi     Expr
	Colon2 Pos
	Step   Expr
}

// TupleExpr is a tuple: (a, b), (a,), () or, without parentheses, a, b. Lparen
// and Rparen are zero without parentheses, and the span then covers the
// elements.
type TupleExpr struct {
	Lparen Pos
	Elts   []Expr
	Rparen Pos
}

// ListExpr is a list display: [a, b].
type ListExpr struct {
	Lbrack Pos
	Elts   []Expr
	Rbrack Pos
}

// ListComp is a list comprehension: [Elt for x in xs if cond].
type ListComp struct {
	Lbrack Pos
	Elt    Expr
	Fors   []*CompFor
	Rbrack Pos
	Gen    bool // a generator expression, (Elt for x in xs), which is lazy
}

// CompFor is one "for Target in Iter if Ifs[0] if Ifs[1] ..." clause of a
// ListComp.
type CompFor struct {
	AsyncPos Pos // the async of async for; zero for for
	ForPos   Pos
	Target   Expr
	Iter     Expr
	Ifs      []Expr
}

// DictExpr is a dict display: {k: v}.
type DictExpr struct {
	Lbrace  Pos
	Entries []*DictEntry
	Rbrace  Pos
}

// DictEntry is one key: value pair of a DictExpr, or an unpacking
// entry **m, which has no Key and the mapping as its Value.
type DictEntry struct {
	Key    Expr // nil for **m
	Colon  Pos
	Value  Expr
	Unpack Pos // the '**' of **m
}

// LambdaExpr is an anonymous function: lambda x, y=1: x + y.
type LambdaExpr struct {
	LambdaPos Pos
	Params    []*Param
	Body      Expr
}

// ---- Statements ----

// ExprStmt is an expression evaluated for its effect or, in the REPL, its
// value.
type ExprStmt struct {
	X Expr
}

// AssignStmt is an assignment. For x = e and a = b = e, Op is ASSIGN and
// Targets holds every target from left to right. For an augmented
// assignment such as x += e, Op is the binary operator (PLUS) and Targets
// holds one target. A target is an Ident, AttrExpr, IndexExpr, or a
// TupleExpr, ListExpr or ParenExpr of targets, of which one element of a
// tuple or list may be a StarredExpr.
type AssignStmt struct {
	Targets []Expr
	OpPos   Pos // position of the first '=' or of the augmented operator
	Op      Token
	Value   Expr
}

// DefStmt is a function definition.
type DefStmt struct {
	Decorators []*Decorator // the @ lines above it, outermost first
	AsyncPos   Pos          // the async of async def; zero for def
	DefPos     Pos
	Name       *Ident
	Params     []*Param
	Result     Expr // the return annotation after '->'; nil when absent
	Body       []Stmt
}

// Param is a function or lambda parameter: x, x=default, *args or **kwargs,
// each with an optional annotation in a def (x: int = 3). Parameters
// before a '/' are positional-only (PosOnly); those after *args or a bare
// '*' keyword-only (KwOnly). Annotations are parsed but never evaluated.
type Param struct {
	StarPos    Pos   // position of Star; zero when Star is ILLEGAL
	Star       Token // ILLEGAL, STAR or STARSTAR
	Name       *Ident
	Annotation Expr // nil when absent; always nil in a lambda
	Default    Expr // nil when absent
	PosOnly    bool // before '/'
	KwOnly     bool // a named parameter after '*' or *args
}

// AnnAssignStmt is an annotated assignment, x: int = 0, or a bare
// annotation, x: int, whose Value is nil. Target is a name, attribute or
// index. The annotation is parsed but never evaluated.
type AnnAssignStmt struct {
	Target     Expr
	ColonPos   Pos
	Annotation Expr
	AssignPos  Pos  // position of '='; zero without a value
	Value      Expr // nil for a bare annotation
}

// ReturnStmt is return or return e; Result is nil for a bare return.
type ReturnStmt struct {
	ReturnPos Pos
	Result    Expr
}

// IfStmt is an if statement. An elif clause is an IfStmt that is the only
// statement of Else, with IfPos at the elif keyword.
type IfStmt struct {
	IfPos   Pos
	Cond    Expr
	Body    []Stmt
	ElsePos Pos // position of else or elif; zero without one
	Else    []Stmt
}

// ForStmt is a for loop; Target is a target as in AssignStmt. Else, the
// block of an else clause, runs when the loop ends without break.
type ForStmt struct {
	AsyncPos Pos // the async of async for; zero for for
	ForPos   Pos
	Target   Expr
	Iter     Expr
	Body     []Stmt
	ElsePos  Pos // position of else; zero without one
	Else     []Stmt
}

// WhileStmt is a while loop. Else, the block of an else clause, runs when
// the condition is false, that is, when the loop ends without break.
type WhileStmt struct {
	WhilePos Pos
	Cond     Expr
	Body     []Stmt
	ElsePos  Pos // position of else; zero without one
	Else     []Stmt
}

// WithStmt is a with statement: with no_grad(): ...
type WithStmt struct {
	AsyncPos Pos // the async of async with; zero for with
	WithPos  Pos
	Items    []*WithItem
	Body     []Stmt
}

// WithItem is one "X as Target" of a WithStmt; Target is nil without as.
type WithItem struct {
	X      Expr
	Target Expr
}

// AssertStmt is assert Cond or assert Cond, Msg.
type AssertStmt struct {
	AssertPos Pos
	Cond      Expr
	Msg       Expr // nil when absent
}

// BreakStmt is break.
type BreakStmt struct {
	BreakPos Pos
}

// ContinueStmt is continue.
type ContinueStmt struct {
	ContinuePos Pos
}

// PassStmt is pass.
type PassStmt struct {
	PassPos Pos
}

// DelStmt is del x, del x[i], del x.a, ...
type DelStmt struct {
	DelPos  Pos
	Targets []Expr
}

// ---- Spans ----

// Span implementations for expressions and the nodes within them. A span
// that is not stored is computed from the node's parts.

func (x *Ident) Span() Span       { return Span{x.NamePos, x.NamePos.advance(x.Written())} }
func (x *IntLit) Span() Span      { return Span{x.ValuePos, x.ValuePos.advance(x.Raw)} }
func (x *FloatLit) Span() Span    { return Span{x.ValuePos, x.ValuePos.advance(x.Raw)} }
func (x *StringLit) Span() Span   { return Span{x.ValuePos, x.ValueEnd} }
func (x *NoneLit) Span() Span     { return Span{x.ValuePos, x.ValuePos.advance("None")} }
func (x *EllipsisLit) Span() Span { return Span{x.ValuePos, x.ValuePos.advance("...")} }
func (x *ParenExpr) Span() Span   { return Span{x.Lparen, x.Rparen.advance(")")} }
func (x *UnaryExpr) Span() Span   { return Span{x.OpPos, x.X.Span().End} }
func (x *BinaryExpr) Span() Span  { return Span{x.X.Span().Start, x.Y.Span().End} }
func (x *BoolOpExpr) Span() Span  { return Span{x.X.Span().Start, x.Y.Span().End} }
func (x *Comparison) Span() Span  { return Span{x.OpPos, x.Y.Span().End} }
func (x *CondExpr) Span() Span    { return Span{x.Then.Span().Start, x.Else.Span().End} }
func (x *CallExpr) Span() Span    { return Span{x.Fn.Span().Start, x.Rparen.advance(")")} }
func (x *AttrExpr) Span() Span    { return Span{x.X.Span().Start, x.Name.Span().End} }
func (x *IndexExpr) Span() Span   { return Span{x.X.Span().Start, x.Rbrack.advance("]")} }
func (x *ListExpr) Span() Span    { return Span{x.Lbrack, x.Rbrack.advance("]")} }
func (x *ListComp) Span() Span    { return Span{x.Lbrack, x.Rbrack.advance("]")} }
func (x *DictExpr) Span() Span    { return Span{x.Lbrace, x.Rbrace.advance("}")} }
func (x *DictEntry) Span() Span {
	if x.Key == nil {
		return Span{x.Unpack, x.Value.Span().End}
	}
	return Span{x.Key.Span().Start, x.Value.Span().End}
}
func (x *LambdaExpr) Span() Span { return Span{x.LambdaPos, x.Body.Span().End} }

func (x *BoolLit) Span() Span {
	if x.Value {
		return Span{x.ValuePos, x.ValuePos.advance("True")}
	}
	return Span{x.ValuePos, x.ValuePos.advance("False")}
}

func (x *CompareExpr) Span() Span {
	return Span{x.X.Span().Start, x.Ops[len(x.Ops)-1].Y.Span().End}
}

func (x *Arg) Span() Span {
	start := x.Value.Span().Start
	if x.Name != nil {
		start = x.Name.NamePos
	}
	if x.StarPos.IsValid() {
		start = x.StarPos
	}
	return Span{start, x.Value.Span().End}
}

func (x *SliceExpr) Span() Span {
	s := Span{x.Colon1, x.Colon1.advance(":")}
	if x.Lo != nil {
		s.Start = x.Lo.Span().Start
	}
	switch {
	case x.Step != nil:
		s.End = x.Step.Span().End
	case x.Colon2.IsValid():
		s.End = x.Colon2.advance(":")
	case x.Hi != nil:
		s.End = x.Hi.Span().End
	}
	return s
}

func (x *TupleExpr) Span() Span {
	if x.Lparen.IsValid() {
		return Span{x.Lparen, x.Rparen.advance(")")}
	}
	return Span{x.Elts[0].Span().Start, x.Elts[len(x.Elts)-1].Span().End}
}

func (x *CompFor) Span() Span {
	end := x.Iter.Span().End
	if len(x.Ifs) > 0 {
		end = x.Ifs[len(x.Ifs)-1].Span().End
	}
	return Span{x.ForPos, end}
}

func (x *Param) Span() Span {
	s := x.Name.Span()
	if x.StarPos.IsValid() {
		s.Start = x.StarPos
	}
	if x.Annotation != nil {
		s.End = x.Annotation.Span().End
	}
	if x.Default != nil {
		s.End = x.Default.Span().End
	}
	return s
}

func (x *WithItem) Span() Span {
	s := x.X.Span()
	if x.Target != nil {
		s.End = x.Target.Span().End
	}
	return s
}

// Span implementations for statements. A compound statement ends where its
// last body statement does.

// blockEnd returns where the last statement of a non-empty block ends.
func blockEnd(stmts []Stmt) Pos { return stmts[len(stmts)-1].Span().End }

func (s *ExprStmt) Span() Span   { return s.X.Span() }
func (s *AssignStmt) Span() Span { return Span{s.Targets[0].Span().Start, s.Value.Span().End} }
func (s *AnnAssignStmt) Span() Span {
	end := s.Annotation.Span().End
	if s.Value != nil {
		end = s.Value.Span().End
	}
	return Span{s.Target.Span().Start, end}
}
func (s *DefStmt) Span() Span {
	return Span{decoratedStart(s.Decorators, asyncStart(s.AsyncPos, s.DefPos)), blockEnd(s.Body)}
}
func (s *ForStmt) Span() Span {
	return Span{asyncStart(s.AsyncPos, s.ForPos), blockEnd(orElse(s.Body, s.Else))}
}
func (s *WhileStmt) Span() Span    { return Span{s.WhilePos, blockEnd(orElse(s.Body, s.Else))} }
func (s *WithStmt) Span() Span     { return Span{asyncStart(s.AsyncPos, s.WithPos), blockEnd(s.Body)} }
func (s *BreakStmt) Span() Span    { return Span{s.BreakPos, s.BreakPos.advance("break")} }
func (s *ContinueStmt) Span() Span { return Span{s.ContinuePos, s.ContinuePos.advance("continue")} }
func (s *PassStmt) Span() Span     { return Span{s.PassPos, s.PassPos.advance("pass")} }
func (s *DelStmt) Span() Span      { return Span{s.DelPos, s.Targets[len(s.Targets)-1].Span().End} }

func (s *AssertStmt) Span() Span {
	if s.Msg != nil {
		return Span{s.AssertPos, s.Msg.Span().End}
	}
	return Span{s.AssertPos, s.Cond.Span().End}
}

func (s *ReturnStmt) Span() Span {
	if s.Result == nil {
		return Span{s.ReturnPos, s.ReturnPos.advance("return")}
	}
	return Span{s.ReturnPos, s.Result.Span().End}
}

func (s *IfStmt) Span() Span { return Span{s.IfPos, blockEnd(orElse(s.Body, s.Else))} }

// orElse returns the else block of a statement when it has one, and its
// body otherwise: the block it ends with.
func orElse(body, els []Stmt) []Stmt {
	if len(els) > 0 {
		return els
	}
	return body
}

func (*Ident) exprNode()       {}
func (*IntLit) exprNode()      {}
func (*FloatLit) exprNode()    {}
func (*StringLit) exprNode()   {}
func (*BoolLit) exprNode()     {}
func (*NoneLit) exprNode()     {}
func (*EllipsisLit) exprNode() {}
func (*ParenExpr) exprNode()   {}
func (*UnaryExpr) exprNode()   {}
func (*BinaryExpr) exprNode()  {}
func (*BoolOpExpr) exprNode()  {}
func (*CompareExpr) exprNode() {}
func (*CondExpr) exprNode()    {}
func (*CallExpr) exprNode()    {}
func (*AttrExpr) exprNode()    {}
func (*IndexExpr) exprNode()   {}
func (*SliceExpr) exprNode()   {}
func (*TupleExpr) exprNode()   {}
func (*ListExpr) exprNode()    {}
func (*ListComp) exprNode()    {}
func (*DictExpr) exprNode()    {}
func (*LambdaExpr) exprNode()  {}

func (*ExprStmt) stmtNode()      {}
func (*AssignStmt) stmtNode()    {}
func (*AnnAssignStmt) stmtNode() {}
func (*DefStmt) stmtNode()       {}
func (*ReturnStmt) stmtNode()    {}
func (*AssertStmt) stmtNode()    {}
func (*IfStmt) stmtNode()        {}
func (*ForStmt) stmtNode()       {}
func (*WhileStmt) stmtNode()     {}
func (*WithStmt) stmtNode()      {}
func (*BreakStmt) stmtNode()     {}
func (*ContinueStmt) stmtNode()  {}
func (*PassStmt) stmtNode()      {}
func (*DelStmt) stmtNode()       {}
