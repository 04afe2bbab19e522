package syntax

// Starred targets (a, *rest = xs) are parsed as StarredExpr elements of any
// tuple or list display, because whether a display is a target is known
// only at the '=' or 'in' after it. checkTarget marks the ones that turn
// out to be targets; checkStars, once the whole source has parsed, rejects
// those that are neither targets nor elements of a display ([*a, b],
// x = *a, b, which unpack a into the display), as Python's compiler does
// after its parser.

// starPlace is where a starred expression stands, for the error when it
// is not an assignment target.
type starPlace uint8

const (
	starInDisplay starPlace = iota // an element of a tuple or list: (*a, b), allowed
	starAlone                      // a whole expression: x = *a
	starInParens                   // alone in parentheses: (*a)
)

// pendingStar is a starred expression of the statement being parsed.
type pendingStar struct {
	x      *StarredExpr
	place  starPlace
	target bool // checkTarget took it as a starred target
}

// startsElt reports whether the current token can begin an element of a
// tuple or list: an expression or a starred one.
func (p *parser) startsElt() bool { return p.tok.kind == STAR || p.startsExpr() }

// parseStarred parses an element of a tuple or list: '*' BitOr, or what
// elt parses.
func (p *parser) parseStarred(elt func() Expr) Expr {
	if p.tok.kind != STAR {
		return elt()
	}
	p.enter() // (*(*(*... nests without passing through parseTest
	defer p.leave()
	s := &StarredExpr{StarPos: p.tok.start}
	p.next()
	p.stars = append(p.stars, pendingStar{x: s}) // before its operand's, in source order
	s.X = p.parseBitOr()
	return s
}

// parseStarredTest parses an element of a tuple or list display.
func (p *parser) parseStarredTest() Expr { return p.parseStarred(p.parseTest) }

// pending returns the entry of p.stars for x, or nil when x is not a
// starred expression.
func (p *parser) pending(x Expr) *pendingStar {
	s, ok := x.(*StarredExpr)
	if !ok {
		return nil
	}
	for i := len(p.stars) - 1; i >= 0; i-- {
		if p.stars[i].x == s {
			return &p.stars[i]
		}
	}
	return nil
}

// placeStar records that x, if starred, stands at place.
func (p *parser) placeStar(x Expr, place starPlace) {
	if ps := p.pending(x); ps != nil {
		ps.place = place
	}
}

// checkTargetElts checks the elements of the tuple or list target x, of
// which one may be starred when it is assigned to.
func (p *parser) checkTargetElts(x Expr, elts []Expr, use targetUse) {
	starred := false
	for _, e := range elts {
		s, ok := e.(*StarredExpr)
		if !ok || use != assignUse {
			p.checkTarget(e, use)
			continue
		}
		if starred {
			p.fail(x.Span(), "multiple starred expressions in assignment", "")
		}
		starred = true
		if ps := p.pending(s); ps != nil {
			ps.target = true
		}
		p.checkTarget(s.X, use)
	}
}

// checkStars fails on the first starred expression that is not an
// assignment target.
func (p *parser) checkStars() {
	for _, ps := range p.stars {
		if ps.target {
			continue
		}
		switch ps.place {
		case starAlone: // CPython's two spellings
			p.fail(ps.x.Span(), "can't use starred expression here", "")
		case starInParens:
			p.fail(ps.x.Span(), "cannot use starred expression here", "")
		case starInDisplay: // [*a, b]: the display unpacks a
		}
	}
}

// noStarredComp fails when x, the element of a comprehension, is starred.
func (p *parser) noStarredComp(x Expr) {
	if _, ok := x.(*StarredExpr); ok {
		p.fail(x.Span(), "iterable unpacking cannot be used in comprehension", "")
	}
}
