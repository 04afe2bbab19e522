package syntax

// Asynchronous code: async def, async for, async with, async
// comprehensions and await parse as Python parses them, and the engine
// runs them (lang/coroutine.go). await, async for and async with stand
// only in an async def, as in Python.

// AwaitExpr is await X, in an async def.
type AwaitExpr struct {
	AwaitPos Pos
	X        Expr
}

func (x *AwaitExpr) Span() Span { return Span{x.AwaitPos, x.X.Span().End} }

func (*AwaitExpr) exprNode() {}

// isAsync reports whether the current token is the word async.
func (p *parser) isAsync() bool { return p.tok.kind == RESERVED && p.tok.raw == "async" }

// parseAsync parses async def, async for or async with; outside an
// async def, the latter two are CPython's SyntaxErrors.
func (p *parser) parseAsync() Stmt {
	at := p.tok.start
	p.next()
	switch p.tok.kind {
	case DEF:
		s := p.parseAsyncDef(at)
		return s
	case FOR, WITH:
		word := p.tok.raw
		var s Stmt
		if p.tok.kind == FOR {
			f := p.parseFor().(*ForStmt)
			f.AsyncPos, s = at, f
		} else {
			w := p.parseWith().(*WithStmt)
			w.AsyncPos, s = at, w
		}
		if p.async == 0 {
			p.fail(s.Span(), "'async "+word+"' outside async function", "")
		}
		return s
	}
	p.unexpected("'async' comes before def, for or with")
	return nil
}

// parseAsyncDef parses the def after async at.
func (p *parser) parseAsyncDef(at Pos) *DefStmt {
	p.asyncDef = true
	s := p.parseDef().(*DefStmt)
	s.AsyncPos = at
	return s
}

// parseAwait parses await Primary, in an async def.
func (p *parser) parseAwait() Expr {
	x := &AwaitExpr{AwaitPos: p.tok.start}
	p.next()
	p.enter()
	defer p.leave()
	x.X = p.parsePower()
	switch {
	case p.defs == 0:
		p.fail(x.Span(), "'await' outside function", "")
	case p.async == 0:
		p.fail(x.Span(), "'await' outside async function", "")
	}
	return x
}

// asyncStart is where a statement that may start with async starts.
func asyncStart(async, pos Pos) Pos {
	if async.IsValid() {
		return async
	}
	return pos
}

// atCompFor reports whether a comprehension's for clause starts here: for,
// or async for.
func (p *parser) atCompFor() bool { return p.tok.kind == FOR || p.isAsync() }
