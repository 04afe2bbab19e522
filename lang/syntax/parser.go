package syntax

import (
	"fmt"
	"strings"
)

// maxDepth bounds the nesting of expressions, so that the parser and the
// evaluator's recursion stay shallow.
const maxDepth = 1000

// Parse parses a kael source file. filename is used only in error messages.
// On failure the error is an *Error describing the first syntax error.
func Parse(filename, src string) (f *File, err error) {
	p := &parser{sc: newScanner(filename, src)}
	defer p.recover(&err)
	p.next()
	f = p.parseFile()
	p.checkStars()
	f.Warnings = p.sc.warnings
	return f, nil
}

// ParseExpr parses a single expression, such as the argument of the REPL's
// :type command. Surrounding white space is allowed; "a, b" is a tuple.
func ParseExpr(src string) (x Expr, err error) {
	x, _, err = ParseExprWarnings(src)
	return x, err
}

// ParseExprWarnings is ParseExpr that also returns the scanner's
// SyntaxWarnings, in source order (eval() and compile() issue them).
func ParseExprWarnings(src string) (x Expr, warnings []Warning, err error) {
	p := &parser{sc: newScanner("", src)}
	defer p.recover(&err)
	p.next()
	indented := p.got(INDENT)
	x = p.parseTestList()
	p.endLine()
	if indented {
		p.expect(DEDENT, "")
	}
	p.expect(EOF, "")
	p.checkStars()
	return x, p.sc.warnings, nil
}

// parser is a recursive-descent parser with one token of lookahead. It
// reports the first error by panicking with an *Error, which Parse recovers.
type parser struct {
	sc       *scanner
	tok      token         // current token
	prevEnd  Pos           // end of the previous token
	depth    int           // expression nesting
	stars    []pendingStar // the starred expressions parsed so far, in source order
	prev     Stmt          // the statement before the current one in its block; nil at the block's start
	async    int           // > 0 in the body of an async def (ast_async.go)
	asyncDef bool          // the def parseDef is about to parse is an async def
	defs     int           // the defs whose bodies are being parsed
}

// recover turns a syntax error panic into *err.
func (p *parser) recover(err *error) {
	if r := recover(); r != nil {
		e, ok := r.(*Error)
		if !ok {
			panic(r)
		}
		*err = e
	}
}

// next advances to the next token.
func (p *parser) next() {
	p.prevEnd = p.tok.end
	p.tok = p.sc.next()
}

// got consumes the current token if it is k.
func (p *parser) got(k Token) bool {
	if p.tok.kind == k {
		p.next()
		return true
	}
	return false
}

// expect consumes the current token, which must be k, and returns its
// position. Otherwise it fails with msg, or "unexpected ..." if msg is "".
func (p *parser) expect(k Token, msg string) Pos {
	pos := p.tok.start
	if !p.got(k) {
		if msg == "" {
			msg = "unexpected " + describe(p.tok)
		}
		p.failTok(msg, "")
	}
	return pos
}

// fail reports an error at span.
func (p *parser) fail(span Span, msg, hint string) {
	panic(&Error{Filename: p.sc.filename, Span: span, Msg: msg, Hint: hint})
}

// failTok fails at the current token with tokError.
func (p *parser) failTok(msg, hint string) { panic(p.tokError(msg, hint)) }

// tokError returns an error at the current token. When the token is the end
// of input inside brackets, the error reports the open bracket instead; when
// it is an unsupported Python keyword, the error explains that.
func (p *parser) tokError(msg, hint string) *Error {
	tok := p.tok
	err := &Error{Filename: p.sc.filename, Span: Span{tok.start, tok.end}, Msg: msg, Hint: hint}
	switch {
	case tok.kind == EOF && len(p.sc.brackets) > 0:
		b := p.sc.brackets[len(p.sc.brackets)-1]
		err.Span = Span{b.pos, b.pos.advance(string(b.ch))}
		err.Msg = fmt.Sprintf("'%c' was never closed", b.ch)
		err.Hint = ""
		err.open = openLine
	case tok.kind == RESERVED:
		u := unsupported[tok.raw]
		err.Msg, err.Hint = u.msg, u.hint
	case tok.kind == COLONEQ && strings.HasPrefix(msg, "unexpected"):
		err.Msg = "invalid syntax" // CPython's word for a misplaced ':='
		err.Hint = "here an assignment expression needs parentheses: (name := value)"
	}
	return err
}

// unexpected fails at the current token with "unexpected ...".
func (p *parser) unexpected(hint string) { panic(p.unexpectedError(hint)) }

// unexpectedError returns the error unexpected reports.
func (p *parser) unexpectedError(hint string) *Error {
	return p.tokError("unexpected "+describe(p.tok), hint)
}

// describe names a token for an error message.
func describe(tok token) string {
	switch tok.kind {
	case EOF:
		return "end of input"
	case NEWLINE:
		return "end of line"
	case INDENT:
		return "indent"
	case DEDENT:
		return "dedent"
	case IDENT:
		return "name '" + tok.raw + "'"
	case INT, FLOAT:
		return "number " + tok.raw
	case STRING:
		if len(tok.raw) <= 20 && !strings.ContainsAny(tok.raw, "\r\n") {
			return "string " + tok.raw
		}
		return "string"
	}
	return "'" + tok.kind.String() + "'"
}

// startsExpr reports whether the current token can begin an expression.
func (p *parser) startsExpr() bool {
	switch p.tok.kind {
	case IDENT, INT, FLOAT, STRING, TRUE, FALSE, NONE, ELLIPSIS, LPAREN, LBRACK, LBRACE,
		MINUS, PLUS, TILDE, NOT, LAMBDA:
		return true
	case RESERVED:
		return p.tok.raw == "await"
	}
	return false
}

// enter records one more level of expression nesting; leave undoes it.
func (p *parser) enter() {
	p.depth++
	if p.depth > maxDepth {
		p.failTok("expression nested too deeply", "")
	}
}

func (p *parser) leave() { p.depth-- }

// ---- Statements ----

// parseFile parses File; the grammar is in doc.go.
func (p *parser) parseFile() *File {
	f := new(File)
	for p.tok.kind != EOF {
		f.Stmts = p.appendStmts(f.Stmts)
	}
	return f
}

// parseStmt parses Stmt.
func (p *parser) parseStmt() []Stmt {
	switch p.tok.kind {
	case IF:
		return []Stmt{p.parseIf()}
	case FOR:
		return []Stmt{p.parseFor()}
	case WHILE:
		return []Stmt{p.parseWhile()}
	case DEF:
		return []Stmt{p.parseDef()}
	case WITH:
		return []Stmt{p.parseWith()}
	case INDENT:
		err := p.tokError("unexpected indent", "")
		err.Kind, err.Offset, err.EndOffset = IndentationError, p.tok.end.Offset-p.tok.start.Offset, -1
		panic(err)
	case CLASS:
		return []Stmt{p.parseClass(nil)}
	case AT:
		return []Stmt{p.parseDecorated()}
	case ELSE, ELIF:
		p.unexpected(p.strayElseHint())
	case RESERVED:
		if p.tok.raw == "try" {
			return []Stmt{p.parseTry()}
		}
		if p.isAsync() {
			return []Stmt{p.parseAsync()}
		}
	case IDENT:
		if s := p.parseMatch(); s != nil {
			return []Stmt{s}
		}
	}
	return p.parseSimpleStmts()
}

// parseSimpleStmts parses SimpleStmts.
func (p *parser) parseSimpleStmts() []Stmt {
	var stmts []Stmt
	for {
		stmts = append(stmts, p.parseSmallStmt())
		if !p.got(SEMI) || p.tok.kind == NEWLINE {
			break
		}
	}
	p.endLine()
	return stmts
}

// endLine consumes the NEWLINE that ends a simple statement.
func (p *parser) endLine() {
	if p.got(NEWLINE) {
		return
	}
	hint := ""
	if p.startsExpr() {
		hint = "is a comma or an operator missing?"
	}
	p.unexpected(hint)
}

// parseSmallStmt parses SmallStmt.
func (p *parser) parseSmallStmt() Stmt {
	if s := p.parseScopeStmt(); s != nil {
		return s
	}
	pos := p.tok.start
	switch p.tok.kind {
	case PASS:
		p.next()
		return &PassStmt{PassPos: pos}
	case BREAK:
		p.next()
		return &BreakStmt{BreakPos: pos}
	case CONTINUE:
		p.next()
		return &ContinueStmt{ContinuePos: pos}
	case RETURN:
		p.next()
		s := &ReturnStmt{ReturnPos: pos}
		if p.tok.kind != NEWLINE && p.tok.kind != SEMI {
			s.Result = p.parseTestList()
		}
		return s
	case ASSERT:
		p.next()
		s := &AssertStmt{AssertPos: pos, Cond: p.parseTest()}
		if p.got(COMMA) {
			s.Msg = p.parseTest()
		}
		return s
	case IMPORT:
		return p.parseImport()
	case FROM:
		return p.parseFromImport()
	case RESERVED:
		if p.tok.raw == "raise" {
			return p.parseRaise()
		}
	case DEL:
		p.next()
		s := &DelStmt{DelPos: pos}
		for {
			x := p.parseBitOr()
			p.checkTarget(x, deleteUse)
			s.Targets = append(s.Targets, x)
			if !p.got(COMMA) || !p.startsExpr() {
				return s
			}
		}
	}
	return p.parseExprStmt()
}

// parseExprStmt parses ExprStmt.
func (p *parser) parseExprStmt() Stmt {
	x := p.parseTestListOrYield()
	if op, ok := augmented[p.tok.kind]; ok {
		p.checkTarget(x, augmentUse)
		s := &AssignStmt{Targets: []Expr{x}, OpPos: p.tok.start, Op: op}
		p.next()
		s.Value = p.parseTestListOrYield()
		return s
	}
	if p.tok.kind == COLON {
		return p.parseAnnAssign(x)
	}
	p.checkLegacyStmt(x)
	if p.tok.kind != ASSIGN {
		return &ExprStmt{X: x}
	}
	s := &AssignStmt{OpPos: p.tok.start, Op: ASSIGN}
	for p.got(ASSIGN) {
		p.checkTarget(x, assignUse)
		s.Targets = append(s.Targets, x)
		x = p.parseTestListOrYield()
	}
	s.Value = x
	return s
}

// checkLegacyStmt fails with CPython's message for Python 2's print and
// exec statements: the name x followed at once by an expression, print
// "x" (CPython's invalid_legacy_expression).
func (p *parser) checkLegacyStmt(x Expr) {
	id, ok := x.(*Ident)
	if !ok || (id.Name != "print" && id.Name != "exec") || !p.startsExpr() {
		return
	}
	p.parseTestList()
	p.fail(Span{id.Span().Start, p.prevEnd}, fmt.Sprintf("Missing parentheses in call to '%s'. Did you mean %s(...)?", id.Name, id.Name), "")
}

// parseAnnAssign parses the rest of an AnnAssignStmt whose target x has
// been parsed and whose ':' is the current token.
func (p *parser) parseAnnAssign(x Expr) Stmt {
	t := x
	for paren, ok := t.(*ParenExpr); ok; paren, ok = t.(*ParenExpr) {
		t = paren.X
	}
	switch t.(type) {
	case *Ident, *AttrExpr, *IndexExpr:
	case *TupleExpr:
		p.fail(x.Span(), "only single target (not tuple) can be annotated", "")
	case *ListExpr:
		p.fail(x.Span(), "only single target (not list) can be annotated", "")
	default:
		p.fail(x.Span(), "illegal target for annotation", "")
	}
	s := &AnnAssignStmt{Target: x, ColonPos: p.tok.start}
	p.next()
	s.Annotation = p.parseTest()
	if p.tok.kind == ASSIGN {
		s.AssignPos = p.tok.start
		p.next()
		s.Value = p.parseTestListOrYield() // x: int = yield, as CPython's annotated_rhs
	}
	return s
}

// targetUse says what a target is for, in checkTarget.
type targetUse uint8

const (
	assignUse  targetUse = iota // x = e, for x in e, with e as x
	augmentUse                  // x += e
	deleteUse                   // del x
)

// checkTarget fails unless x is a valid target for use.
func (p *parser) checkTarget(x Expr, use targetUse) {
	var elts []Expr
	seq := false // a tuple or list, () and [] included
	switch x := x.(type) {
	case *Ident, *AttrExpr, *IndexExpr:
		return
	case *ParenExpr:
		if _, ok := x.X.(*StarredExpr); ok && use == assignUse {
			p.fail(x.X.Span(), "cannot use starred expression here", "") // (*a) = xs
		}
		p.checkTarget(x.X, use)
		return
	case *StarredExpr:
		if use == assignUse {
			p.fail(x.Span(), "starred assignment target must be in a list or tuple", "")
		}
	case *TupleExpr:
		elts, seq = x.Elts, true
	case *ListExpr:
		elts, seq = x.Elts, true
	}
	if seq && use != augmentUse {
		p.checkTargetElts(x, elts, use)
		return
	}
	what := describeExpr(x)
	switch use {
	case augmentUse:
		p.fail(x.Span(), "cannot use augmented assignment on "+what,
			"augmented assignment needs a single name, attribute or index")
	case deleteUse:
		p.fail(x.Span(), "cannot delete "+what, "")
	}
	hint := ""
	switch x.(type) {
	case *CallExpr, *CompareExpr:
		hint = "to compare values use '=='"
	}
	p.fail(x.Span(), "cannot assign to "+what, hint)
}

// describeExpr names the kind of expression x for an error message.
func describeExpr(x Expr) string {
	switch x := x.(type) {
	case *IntLit, *FloatLit, *StringLit:
		return "literal"
	case *FStringExpr:
		return "f-string expression"
	case *BoolLit:
		if x.Value {
			return "True"
		}
		return "False"
	case *NoneLit:
		return "None"
	case *EllipsisLit:
		return "ellipsis"
	case *CallExpr:
		return "function call"
	case *AttrExpr:
		return "attribute"
	case *IndexExpr:
		return "subscript"
	case *CompareExpr:
		return "comparison"
	case *CondExpr:
		return "conditional expression"
	case *LambdaExpr:
		return "lambda"
	case *DictExpr:
		return "dict literal"
	case *ListComp:
		return "list comprehension"
	case *DictComp:
		return "dict comprehension"
	case *SetComp:
		return "set comprehension"
	case *TupleExpr:
		return "tuple"
	case *ListExpr:
		return "list"
	case *StarredExpr:
		return "starred"
	case *NamedExpr:
		return "named expression"
	}
	return "expression"
}

// expectColon consumes the ':' that ends a compound statement header.
func (p *parser) expectColon(msg string) {
	if p.tok.kind == COLON {
		p.next()
		return
	}
	hint := ""
	if p.tok.kind == ASSIGN {
		hint = "to compare values use '=='"
	}
	p.failTok(msg, hint)
}

// parseSuite parses Suite, the body of a compound statement after its ':'.
// what and line describe the statement for errors.
func (p *parser) parseSuite(what string, line int) []Stmt {
	if p.tok.kind != NEWLINE {
		switch p.tok.kind {
		case IF, FOR, WHILE, DEF, WITH, CLASS:
			p.failTok(fmt.Sprintf("'%s' cannot follow ':' on the same line", p.tok.kind),
				"start it on a new, indented line")
		}
		return p.parseSimpleStmts()
	}
	p.next()
	if p.tok.kind != INDENT {
		err := p.tokError(fmt.Sprintf("expected an indented block after %s on line %d", what, line), "")
		err.Kind = IndentationError
		if (p.tok.kind == EOF || p.tok.kind == DEDENT) && p.tok.start.Offset >= len(p.sc.src) {
			err.open = openBlock
		}
		panic(err)
	}
	p.next()
	var body []Stmt
	p.prev = nil
	for p.tok.kind != DEDENT && p.tok.kind != EOF {
		body = p.appendStmts(body)
	}
	p.expect(DEDENT, "")
	return body
}

// appendStmts parses Stmt, appends it to block and records it as the
// statement before the next one.
func (p *parser) appendStmts(block []Stmt) []Stmt {
	stmts := p.parseStmt()
	p.prev = stmts[len(stmts)-1]
	return append(block, stmts...)
}

// parseIf parses IfStmt, or its elif part when at 'elif'.
func (p *parser) parseIf() Stmt {
	kw := p.tok
	p.next()
	s := &IfStmt{IfPos: kw.start, Cond: p.parseNamedTest()}
	p.expectColon(fmt.Sprintf("expected ':' after %s condition", kw.kind))
	s.Body = p.parseSuite(fmt.Sprintf("'%s' statement", kw.kind), kw.start.Line)
	switch p.tok.kind {
	case ELIF:
		s.ElsePos = p.tok.start
		s.Else = []Stmt{p.parseIf()}
	case ELSE:
		s.ElsePos = p.tok.start
		p.next()
		p.expectColon("expected ':' after 'else'")
		s.Else = p.parseSuite("'else' statement", s.ElsePos.Line)
	}
	return s
}

// parseFor parses ForStmt.
func (p *parser) parseFor() Stmt {
	s := &ForStmt{ForPos: p.tok.start}
	p.next()
	s.Target = p.parseExprList()
	p.checkTarget(s.Target, assignUse)
	p.expect(IN, "expected 'in' after the for loop variable")
	s.Iter = p.parseTestList()
	p.expectColon("expected ':' after for loop header")
	s.Body = p.parseSuite("'for' statement", s.ForPos.Line)
	s.ElsePos, s.Else = p.parseLoopElse()
	return s
}

// parseWhile parses WhileStmt.
func (p *parser) parseWhile() Stmt {
	s := &WhileStmt{WhilePos: p.tok.start}
	p.next()
	s.Cond = p.parseNamedTest()
	p.expectColon("expected ':' after while condition")
	s.Body = p.parseSuite("'while' statement", s.WhilePos.Line)
	s.ElsePos, s.Else = p.parseLoopElse()
	return s
}

// parseLoopElse parses the else clause of a for or while loop, if there
// is one.
func (p *parser) parseLoopElse() (Pos, []Stmt) {
	if p.tok.kind != ELSE {
		return Pos{}, nil
	}
	pos := p.tok.start
	p.next()
	p.expectColon("expected ':' after 'else'")
	return pos, p.parseSuite("'else' statement", pos.Line)
}

// strayElseHint explains an else or elif, the current token, that starts
// a statement, from the statement before it in its block.
func (p *parser) strayElseHint() string {
	kw := p.tok.kind
	// An if or loop before it would have taken it, had it no else yet.
	switch p.prev.(type) {
	case *IfStmt:
		if kw == ELIF {
			return "'elif' must come before the 'else' of its 'if'"
		}
		return "the 'if' above already has its 'else'"
	case *ForStmt, *WhileStmt:
		if kw == ELIF {
			return "a loop takes 'else' but not 'elif'"
		}
		return "the loop above already has its 'else'"
	}
	if kw == ELIF {
		return "'elif' must line up with an 'if' above it"
	}
	return "'else' must line up with an 'if', 'for' or 'while' above it"
}

// parseWith parses WithStmt. Its items may stand in parentheses, over
// several lines (Python 3.10): with (a as x, b as y):.
func (p *parser) parseWith() Stmt {
	s := &WithStmt{WithPos: p.tok.start}
	p.next()
	if p.tok.kind == LPAREN {
		s.Items = p.tryParenWithItems()
	}
	if s.Items == nil {
		s.Items = p.parseWithItems(false)
	}
	p.expectColon("expected ':' after with statement header")
	s.Body = p.parseSuite("'with' statement", s.WithPos.Line)
	return s
}

// parseWithItems parses the items of a with statement, separated by
// commas; in parentheses (paren) a comma may end them.
func (p *parser) parseWithItems(paren bool) []*WithItem {
	var items []*WithItem
	for {
		item := &WithItem{X: p.parseTest()}
		if p.got(AS) {
			item.Target = p.parseBitOr()
			p.checkTarget(item.Target, assignUse)
		}
		items = append(items, item)
		if !p.got(COMMA) || (paren && p.tok.kind == RPAREN) {
			return items
		}
	}
}

// tryParenWithItems parses '(' items ')' followed by ':', the
// parenthesised items of a with statement; where the parentheses are
// instead part of the first item's expression (with (a, b) as t:,
// with (yield):, with (f)(x):), it returns nil with the parser back at
// the '('.
func (p *parser) tryParenWithItems() (items []*WithItem) {
	saved := p.save()
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(*Error); !ok {
				panic(r)
			}
			p.restore(saved)
			items = nil
		}
	}()
	p.next()
	items = p.parseWithItems(true)
	p.expect(RPAREN, "")
	if p.tok.kind != COLON {
		p.restore(saved)
		return nil
	}
	return items
}

// parserState is what save keeps of the parser for restore to go back.
type parserState struct {
	sc      scanner
	tok     token
	prevEnd Pos
	depth   int
	stars   int
}

// save returns the parser's state, for restore.
func (p *parser) save() parserState {
	st := parserState{sc: *p.sc, tok: p.tok, prevEnd: p.prevEnd, depth: p.depth, stars: len(p.stars)}
	st.sc.indents = append([]indentLevel(nil), p.sc.indents...)
	st.sc.brackets = append([]openBracket(nil), p.sc.brackets...)
	return st
}

// restore brings the parser back to the state save returned.
func (p *parser) restore(st parserState) {
	*p.sc = st.sc
	p.sc.indents = append([]indentLevel(nil), st.sc.indents...)
	p.sc.brackets = append([]openBracket(nil), st.sc.brackets...)
	p.tok, p.prevEnd, p.depth, p.stars = st.tok, st.prevEnd, st.depth, p.stars[:st.stars]
}

// parseDef parses DefStmt.
func (p *parser) parseDef() Stmt {
	s := &DefStmt{DefPos: p.tok.start}
	outer := p.async // await stands in an async def's own body only
	p.async = 0
	if p.asyncDef {
		p.async, p.asyncDef = 1, false
	}
	p.defs++
	defer func() { p.async = outer; p.defs-- }()
	p.next()
	s.Name = p.parseIdent("expected a function name after 'def'")
	p.expect(LPAREN, "expected '(' after the function name")
	s.Params = p.parseParams(RPAREN)
	p.expect(RPAREN, "")
	if p.got(ARROW) {
		s.Result = p.parseTest()
	}
	p.expectColon("expected ':' after function signature")
	s.Body = p.parseSuite("function definition", s.DefPos.Line)
	return s
}

// parseIdent parses an IDENT, failing with msg if there is none.
func (p *parser) parseIdent(msg string) *Ident {
	id := &Ident{NamePos: p.tok.start, Name: p.tok.raw}
	p.expect(IDENT, msg)
	return id
}

// parseParams parses the Params of a def or lambda up to the token close,
// which it leaves unconsumed. A '/' marks the parameters before it
// positional-only and a bare '*' those after it keyword-only; neither is
// a Param of its own.
func (p *parser) parseParams(close Token) []*Param {
	var params []*Param
	seen := map[string]bool{}
	var star, starstar, dflt, slash bool // seen *args or *, **kwargs, a default, /
	var bare *Pos                        // a bare '*' still waiting for a name after it
	for p.tok.kind != close {
		if p.tok.kind == SLASH {
			p.parseSlash(params, star, slash)
			slash = true
			for _, prm := range params {
				prm.PosOnly = true
			}
			p.next()
			if !p.got(COMMA) {
				break
			}
			continue
		}
		prm := &Param{StarPos: p.tok.start, Star: p.tok.kind}
		if p.got(STAR) || p.got(STARSTAR) {
			if prm.Star == STAR && star {
				p.fail(Span{prm.StarPos, prm.StarPos.advance("*")}, "* argument may appear only once", "")
			}
			if prm.Star == STAR && (p.tok.kind == COMMA || p.tok.kind == close) {
				if starstar {
					p.fail(Span{prm.StarPos, prm.StarPos.advance("*")}, "arguments cannot follow var-keyword argument", "")
				}
				star, bare = true, &prm.StarPos
				if !p.got(COMMA) {
					break
				}
				continue
			}
			if p.tok.kind != IDENT {
				p.failTok("expected a parameter name after '"+prm.Star.String()+"'", "")
			}
		} else {
			prm.StarPos, prm.Star = Pos{}, ILLEGAL
		}
		if prm.Star == STARSTAR && bare != nil {
			p.bareStar(*bare, close, Span{prm.StarPos, prm.StarPos.advance("**")})
		}
		prm.Name = p.parseIdent("expected a parameter name")
		if close == RPAREN && p.got(COLON) {
			prm.Annotation = p.parseTest()
		}
		if prm.Star == ILLEGAL && p.got(ASSIGN) {
			prm.Default = p.parseTest()
		}
		span := prm.Span()
		switch {
		case starstar:
			p.fail(span, "arguments cannot follow var-keyword argument", "")
		case prm.Star == ILLEGAL && prm.Default == nil && dflt && !star:
			p.fail(span, "parameter without a default follows parameter with a default",
				"give "+prm.Name.Name+" a default value, or move it earlier")
		case seen[prm.Name.Name]:
			p.fail(prm.Name.Span(), "duplicate parameter '"+prm.Name.Name+"'", "")
		}
		seen[prm.Name.Name] = true
		prm.KwOnly = star && prm.Star == ILLEGAL
		if prm.Star == ILLEGAL {
			bare = nil
		}
		star = star || prm.Star == STAR
		starstar = prm.Star == STARSTAR
		dflt = dflt || prm.Default != nil
		params = append(params, prm)
		if !p.got(COMMA) {
			break
		}
	}
	if bare != nil {
		p.bareStar(*bare, close, Span{p.tok.start, p.tok.end})
	}
	return params
}

// bareStar fails on a bare '*' at star with no named parameter after it:
// at the '*' in a def, at next, what follows it, in a lambda (as CPython
// points).
func (p *parser) bareStar(star Pos, close Token, next Span) {
	at := Span{star, star.advance("*")}
	if close == COLON {
		at = next
	}
	p.fail(at, "named arguments must follow bare *", "")
}

// parseSlash checks the '/' at the current token, which ends the
// positional-only parameters, params, as CPython does.
func (p *parser) parseSlash(params []*Param, star, slash bool) {
	switch {
	case slash:
		p.failTok("/ may appear only once", "")
	case star:
		p.failTok("/ must be ahead of *", "")
	case len(params) > 0 && params[len(params)-1].Star == STARSTAR:
		p.failTok("arguments cannot follow var-keyword argument", "")
	case len(params) == 0:
		p.failTok("invalid syntax", "at least one parameter must come before '/'")
	}
}

// ---- Expressions ----

// parseTestList parses TestList. Several tests, or one followed by a comma,
// make a TupleExpr without parentheses.
func (p *parser) parseTestList() Expr {
	return p.parseList(p.parseTest)
}

// parseExprList parses ExprList, the targets before 'in', where 'in' must
// not be taken for the comparison operator.
func (p *parser) parseExprList() Expr {
	return p.parseList(p.parseBitOr)
}

// parseList parses a list of elements, each what elt parses or starred,
// as a TupleExpr when a comma follows the first.
func (p *parser) parseList(elt func() Expr) Expr {
	x := p.parseStarred(elt)
	if p.tok.kind != COMMA {
		p.placeStar(x, starAlone)
		return x
	}
	t := &TupleExpr{Elts: []Expr{x}}
	for p.got(COMMA) && p.startsElt() {
		t.Elts = append(t.Elts, p.parseStarred(elt))
	}
	return t
}

// parseTest parses Test.
func (p *parser) parseTest() Expr {
	p.enter()
	defer p.leave()
	if p.tok.kind == LAMBDA {
		return p.parseLambda()
	}
	x := p.parseOrTest()
	if p.tok.kind != IF {
		return x
	}
	c := &CondExpr{Then: x, IfPos: p.tok.start}
	p.next()
	c.Cond = p.parseOrTest()
	c.ElsePos = p.expect(ELSE, "expected 'else' after 'if' expression")
	c.Else = p.parseTest()
	return c
}

// parseLambda parses Lambda.
func (p *parser) parseLambda() Expr {
	x := &LambdaExpr{LambdaPos: p.tok.start}
	p.next()
	x.Params = p.parseParams(COLON)
	p.expect(COLON, "expected ':' after lambda parameters")
	x.Body = p.parseTest()
	return x
}

// parseOrTest parses OrTest.
func (p *parser) parseOrTest() Expr {
	x := p.parseAndTest()
	for p.tok.kind == OR {
		pos := p.tok.start
		p.next()
		x = &BoolOpExpr{X: x, OpPos: pos, Op: OR, Y: p.parseAndTest()}
	}
	return x
}

// parseAndTest parses AndTest.
func (p *parser) parseAndTest() Expr {
	x := p.parseNotTest()
	for p.tok.kind == AND {
		pos := p.tok.start
		p.next()
		x = &BoolOpExpr{X: x, OpPos: pos, Op: AND, Y: p.parseNotTest()}
	}
	return x
}

// parseNotTest parses NotTest.
func (p *parser) parseNotTest() Expr {
	if p.tok.kind != NOT {
		return p.parseComparison()
	}
	p.enter()
	defer p.leave()
	pos := p.tok.start
	p.next()
	return &UnaryExpr{OpPos: pos, Op: NOT, X: p.parseNotTest()}
}

// parseComparison parses Comparison.
func (p *parser) parseComparison() Expr {
	x := p.parseBitOr()
	var ops []*Comparison
	for {
		c := &Comparison{OpPos: p.tok.start, Op: p.tok.kind}
		switch p.tok.kind {
		case LT, LE, GT, GE, EQL, NEQ, IN:
			p.next()
		case NOT:
			p.next()
			p.expect(IN, "expected 'in' after 'not'")
			c.Op = NOTIN
		case IS:
			p.next()
			if p.got(NOT) {
				c.Op = ISNOT
			}
		default:
			if ops == nil {
				return x
			}
			return &CompareExpr{X: x, Ops: ops}
		}
		c.Y = p.parseBitOr()
		ops = append(ops, c)
	}
}

// precedence returns the binding power of a binary operator, or 0.
func precedence(t Token) int {
	switch t {
	case PIPE:
		return 1
	case CARET:
		return 2
	case AMP:
		return 3
	case LSHIFT, RSHIFT:
		return 4
	case PLUS, MINUS:
		return 5
	case STAR, SLASH, SLASHSLASH, PERCENT, AT:
		return 6
	}
	return 0
}

// parseBitOr parses BitOr, and with it BitXor, BitAnd, Shift, Arith and
// Term.
func (p *parser) parseBitOr() Expr { return p.parseBinary(1) }

// parseBinary parses a chain of binary operators of precedence prec or
// higher, left-associatively.
func (p *parser) parseBinary(prec int) Expr {
	x := p.parseFactor()
	for {
		q := precedence(p.tok.kind)
		if q < prec || q == 0 {
			return x
		}
		b := &BinaryExpr{X: x, OpPos: p.tok.start, Op: p.tok.kind}
		p.next()
		b.Y = p.parseBinary(q + 1)
		x = b
	}
}

// parseFactor parses Factor.
func (p *parser) parseFactor() Expr {
	switch p.tok.kind {
	case PLUS, MINUS, TILDE:
	default:
		return p.parsePower()
	}
	p.enter()
	defer p.leave()
	x := &UnaryExpr{OpPos: p.tok.start, Op: p.tok.kind}
	p.next()
	x.X = p.parseFactor()
	return x
}

// parsePower parses Power.
func (p *parser) parsePower() Expr {
	if p.tok.kind == RESERVED && p.tok.raw == "await" {
		return p.parseAwait()
	}
	x := p.parsePrimary()
	if p.tok.kind != STARSTAR {
		return x
	}
	// ** is right-associative, so 1**1**… nests on the right: each level
	// counts against maxDepth.
	p.enter()
	defer p.leave()
	b := &BinaryExpr{X: x, OpPos: p.tok.start, Op: STARSTAR}
	p.next()
	b.Y = p.parseFactor()
	return b
}

// parsePrimary parses Primary.
func (p *parser) parsePrimary() Expr {
	x := p.parseAtom()
	for {
		switch p.tok.kind {
		case DOT:
			dot := p.tok.start
			p.next()
			x = &AttrExpr{X: x, Dot: dot, Name: p.parseIdent("expected an attribute name after '.'")}
		case LPAREN:
			x = p.parseCall(x)
		case LBRACK:
			x = p.parseIndex(x)
		default:
			return x
		}
	}
}

// expectClose consumes the closing bracket close of a display or call.
func (p *parser) expectClose(close Token) Pos {
	if p.tok.kind != close {
		hint := ""
		switch {
		case p.tok.start.Line > p.prevEnd.Line && len(p.sc.brackets) > 0:
			b := p.sc.brackets[len(p.sc.brackets)-1]
			hint = fmt.Sprintf("is the '%c' on line %d missing its '%c'?", b.ch, b.pos.Line, closer(b.ch))
		case p.startsExpr():
			hint = "is a comma missing?"
		}
		p.unexpected(hint)
	}
	pos := p.tok.start
	p.next()
	return pos
}

// parseCall parses the '(' [Args] ')' of a call of fn.
func (p *parser) parseCall(fn Expr) Expr {
	call := &CallExpr{Fn: fn, Lparen: p.tok.start}
	p.next()
	named := map[string]bool{}
	var keyword, kwUnpack bool // seen a keyword argument, a **kw
	for p.tok.kind != RPAREN {
		arg := &Arg{StarPos: p.tok.start, Star: p.tok.kind}
		if p.got(STAR) || p.got(STARSTAR) {
			arg.Value = p.parseTest()
		} else {
			arg.StarPos, arg.Star = Pos{}, ILLEGAL
			x := p.parseNamedTest()
			if p.tok.kind == ASSIGN {
				id, ok := x.(*Ident)
				if !ok {
					p.fail(x.Span(), "a keyword argument must be a name", "to compare values use '=='")
				}
				p.next()
				arg.Name = id
				x = p.parseTest()
			}
			if p.atCompFor() && arg.Name == nil && len(call.Args) == 0 {
				// A generator expression, the only argument: f(x for x in xs).
				c := &ListComp{Lbrack: call.Lparen, Elt: x, Fors: p.parseCompFors(), Gen: true}
				if p.tok.kind != RPAREN {
					p.failTok("Generator expression must be parenthesized", "put it in parentheses, or make it the only argument")
				}
				c.Rbrack = p.tok.start
				x = c
			}
			p.noGenerator()
			arg.Value = x
		}
		switch {
		case arg.Star == ILLEGAL && arg.Name == nil && kwUnpack:
			p.fail(arg.Span(), "positional argument follows keyword argument unpacking", "")
		case arg.Star == ILLEGAL && arg.Name == nil && keyword:
			p.fail(arg.Span(), "positional argument follows keyword argument", "")
		case arg.Star == STAR && kwUnpack:
			p.fail(arg.Span(), "iterable argument unpacking follows keyword argument unpacking", "")
		case arg.Name != nil && named[arg.Name.Name]:
			p.fail(arg.Name.Span(), "keyword argument repeated: "+arg.Name.Name, "")
		}
		if arg.Name != nil {
			named[arg.Name.Name] = true
			keyword = true
		}
		kwUnpack = kwUnpack || arg.Star == STARSTAR
		call.Args = append(call.Args, arg)
		if !p.got(COMMA) {
			break
		}
	}
	call.Rparen = p.expectClose(RPAREN)
	return call
}

// noGenerator fails on a generator expression where Python needs it
// parenthesized.
func (p *parser) noGenerator() {
	if p.tok.kind == FOR {
		p.failTok("Generator expression must be parenthesized", "put it in parentheses: f((x for x in xs), y)")
	}
}

// parseIndex parses the '[' Subscripts ']' of an index of x.
func (p *parser) parseIndex(x Expr) Expr {
	ix := &IndexExpr{X: x, Lbrack: p.tok.start}
	p.next()
	if p.tok.kind == RBRACK {
		p.failTok("expected an index or slice inside '[]'", "")
	}
	comma := false
	for {
		ix.Subs = append(ix.Subs, p.parseSubscript())
		if comma = p.got(COMMA); !comma || p.tok.kind == RBRACK {
			break
		}
	}
	if comma && len(ix.Subs) == 1 {
		// x[1,] is x[(1,)], and x[1:2,] the tuple of one slice, as
		// CPython's Subscript(slice=Tuple(elts=[Slice(...)]))
		ix.Subs[0] = &TupleExpr{Elts: []Expr{ix.Subs[0]}}
	}
	ix.Rbrack = p.expectClose(RBRACK)
	return ix
}

// parseSubscript parses Subscript.
func (p *parser) parseSubscript() Expr {
	var lo Expr
	if p.tok.kind != COLON {
		lo = p.parseNamedTest()
		if p.tok.kind != COLON {
			return lo
		}
	}
	s := &SliceExpr{Lo: lo, Colon1: p.tok.start}
	p.next()
	if p.tok.kind != COLON && p.tok.kind != COMMA && p.tok.kind != RBRACK {
		s.Hi = p.parseTest()
	}
	if p.tok.kind == COLON {
		s.Colon2 = p.tok.start
		p.next()
		if p.tok.kind != COMMA && p.tok.kind != RBRACK {
			s.Step = p.parseTest()
		}
	}
	return s
}

// parseAtom parses Atom.
func (p *parser) parseAtom() Expr {
	tok := p.tok
	switch tok.kind {
	case IDENT:
		p.next()
		return &Ident{NamePos: tok.start, Name: tok.raw}
	case INT:
		p.next()
		return &IntLit{ValuePos: tok.start, Raw: tok.raw, Value: tok.num, Big: tok.big}
	case FLOAT:
		p.next()
		return &FloatLit{ValuePos: tok.start, Raw: tok.raw, Value: tok.float, Imag: tok.imag}
	case STRING:
		return p.parseString()
	case TRUE, FALSE:
		p.next()
		return &BoolLit{ValuePos: tok.start, Value: tok.kind == TRUE}
	case NONE:
		p.next()
		return &NoneLit{ValuePos: tok.start}
	case ELLIPSIS:
		p.next()
		return &EllipsisLit{ValuePos: tok.start}
	case LPAREN:
		return p.parseParen()
	case LBRACK:
		return p.parseListDisplay()
	case LBRACE:
		return p.parseDict()
	}
	panic(p.unexpectedError(""))
}

// parseString parses one or more adjacent string literals.
func (p *parser) parseString() Expr {
	s := &StringLit{ValuePos: p.tok.start}
	var f *FStringExpr // once an f-string is among them
	// The plain literals before any f-string are joined once at the end,
	// so that many adjacent literals take linear time.
	var plain strings.Builder
	s.Bytes = p.tok.bytes
	for p.tok.kind == STRING {
		if p.tok.bytes != s.Bytes {
			p.fail(Span{p.tok.start, p.tok.end}, "cannot mix bytes and nonbytes literals", "")
		}
		if p.tok.fstring && f == nil {
			f = &FStringExpr{ValuePos: s.ValuePos}
			if plain.Len() > 0 {
				f.Parts = append(f.Parts, &StringLit{ValuePos: s.ValuePos, ValueEnd: s.ValueEnd,
					Raw: p.sc.src[s.ValuePos.Offset:s.ValueEnd.Offset], Value: plain.String()})
			}
		}
		switch {
		case p.tok.fstring:
			f.Parts = append(f.Parts, p.fstringParts(p.tok)...)
		case f != nil:
			if p.tok.str != "" {
				f.Parts = append(f.Parts, &StringLit{ValuePos: p.tok.start, ValueEnd: p.tok.end, Raw: p.tok.raw, Value: p.tok.str})
			}
		default:
			plain.WriteString(p.tok.str)
		}
		s.ValueEnd = p.tok.end
		p.next()
	}
	s.Value = plain.String()
	s.Raw = p.sc.src[s.ValuePos.Offset:s.ValueEnd.Offset]
	if f != nil {
		f.ValueEnd, f.Raw = s.ValueEnd, s.Raw
		return f
	}
	return s
}

func (p *parser) parseParen() Expr {
	lparen := p.tok.start
	p.next()
	if p.tok.kind == RPAREN {
		t := &TupleExpr{Lparen: lparen, Rparen: p.tok.start}
		p.next()
		return t
	}
	if p.isYield() {
		return &ParenExpr{Lparen: lparen, X: p.parseYield(), Rparen: p.expectClose(RPAREN)}
	}
	x := p.parseStarredNamed()
	if p.atCompFor() {
		// A generator expression: (x for x in xs).
		p.noStarredComp(x)
		c := &ListComp{Lbrack: lparen, Elt: x, Fors: p.parseCompFors(), Gen: true}
		c.Rbrack = p.expectClose(RPAREN)
		return c
	}
	if p.tok.kind != COMMA {
		p.placeStar(x, starInParens)
		return &ParenExpr{Lparen: lparen, X: x, Rparen: p.expectClose(RPAREN)}
	}
	t := &TupleExpr{Lparen: lparen, Elts: p.parseElts(x, RPAREN, p.parseStarredNamed)}
	t.Rparen = p.expectClose(RPAREN)
	return t
}

// parseElts parses the elements after the first, x, of a tuple, list or
// set display up to the closing bracket close, which it leaves unconsumed;
// elt parses one.
func (p *parser) parseElts(x Expr, close Token, elt func() Expr) []Expr {
	elts := []Expr{x}
	for p.got(COMMA) && p.tok.kind != close {
		elts = append(elts, elt())
	}
	return elts
}

// parseListDisplay parses a list, or a list comprehension with its CompFor
// clauses.
func (p *parser) parseListDisplay() Expr {
	lbrack := p.tok.start
	p.next()
	if p.tok.kind == RBRACK {
		l := &ListExpr{Lbrack: lbrack, Rbrack: p.tok.start}
		p.next()
		return l
	}
	x := p.parseStarredNamed()
	if !p.atCompFor() {
		l := &ListExpr{Lbrack: lbrack, Elts: p.parseElts(x, RBRACK, p.parseStarredNamed)}
		l.Rbrack = p.expectClose(RBRACK)
		return l
	}
	p.noStarredComp(x)
	c := &ListComp{Lbrack: lbrack, Elt: x, Fors: p.parseCompFors()}
	c.Rbrack = p.expectClose(RBRACK)
	return c
}

// parseCompFors parses the CompFor clauses of a comprehension.
func (p *parser) parseCompFors() []*CompFor {
	var fors []*CompFor
	for p.tok.kind == FOR || p.isAsync() {
		f := &CompFor{}
		if p.isAsync() {
			f.AsyncPos = p.tok.start
			p.next()
			if p.tok.kind != FOR {
				p.unexpected("'async' in a comprehension comes before for")
			}
		}
		f.ForPos = p.tok.start
		p.next()
		f.Target = p.parseExprList()
		p.checkTarget(f.Target, assignUse)
		p.expect(IN, "expected 'in' after the comprehension variable")
		f.Iter = p.parseOrTest()
		for p.got(IF) {
			f.Ifs = append(f.Ifs, p.parseOrTest())
		}
		fors = append(fors, f)
	}
	return fors
}

// parseSetDisplay parses the rest of a set display whose first element
// is x.
func (p *parser) parseSetDisplay(lbrace Pos, x Expr) Expr {
	if p.atCompFor() {
		p.noStarredComp(x)
		c := &SetComp{Lbrace: lbrace, Elt: x, Fors: p.parseCompFors()}
		c.Rbrace = p.expectClose(RBRACE)
		return c
	}
	s := &SetExpr{Lbrace: lbrace, Elts: p.parseElts(x, RBRACE, p.parseStarredNamed)}
	s.Rbrace = p.expectClose(RBRACE)
	return s
}

// parseDict parses a dict display, or a set display.
func (p *parser) parseDict() Expr {
	d := &DictExpr{Lbrace: p.tok.start}
	p.next()
	for p.tok.kind != RBRACE {
		if p.tok.kind == STARSTAR { // **m: the mapping's entries
			e := &DictEntry{Unpack: p.tok.start}
			p.next()
			e.Value = p.parseBitOr()
			if p.atCompFor() && len(d.Entries) == 0 {
				p.fail(Span{e.Unpack, e.Unpack.advance("**")}, "dict unpacking cannot be used in dict comprehension", "")
			}
			d.Entries = append(d.Entries, e)
			if !p.got(COMMA) {
				break
			}
			continue
		}
		if p.tok.kind == STAR && len(d.Entries) == 0 { // {*a, b}: a set display
			return p.parseSetDisplay(d.Lbrace, p.parseStarredNamed())
		}
		e := &DictEntry{Key: p.parseNamedTest()}
		if _, named := e.Key.(*NamedExpr); named && p.tok.kind == COLON {
			p.failTok("invalid syntax", "put the assignment expression in parentheses")
		}
		if p.tok.kind != COLON {
			if len(d.Entries) == 0 && (p.tok.kind == COMMA || p.tok.kind == RBRACE || p.atCompFor()) {
				return p.parseSetDisplay(d.Lbrace, e.Key)
			}
			p.failTok("expected ':' after dict key", "")
		}
		e.Colon = p.tok.start
		p.next()
		e.Value = p.parseTest()
		if p.atCompFor() && len(d.Entries) == 0 {
			c := &DictComp{Lbrace: d.Lbrace, Key: e.Key, Value: e.Value, Fors: p.parseCompFors()}
			c.Rbrace = p.expectClose(RBRACE)
			return c
		}
		d.Entries = append(d.Entries, e)
		if !p.got(COMMA) {
			break
		}
	}
	d.Rbrace = p.expectClose(RBRACE)
	return d
}
