package lang

import "github.com/kael-dev/kael/lang/syntax"

// try ... except* (PEP 654), as CPython 3.11 runs it (Python/ceval.c's
// CHECK_EG_MATCH and PREP_RERAISE_STAR): the exception raised in the
// try block (a naked one stands alone) is matched by each except*
// clause in turn, each taking the subgroup of what is left that matches
// its classes; what no clause took and what the clauses raised are
// raised again together (prepReraiseStar). As with except, nothing of
// this runs while nothing is raised.

// errExceptStarJump is the error of break, continue or return leaving an
// except* block.
func errExceptStarJump() *Error {
	return Errorf(SyntaxError, "'break', 'continue' and 'return' cannot appear in an except* block")
}

// starBlock compiles the body of an except* clause, whose break,
// continue and return are refused unless a loop or function inside it
// holds them.
func (c *compiler) starBlock(body []syntax.Stmt) blockCode {
	saved := c.star
	c.star = c.loops + 1
	b := c.block(body)
	c.star = saved
	return b
}

// starOutcome is an exception an except* statement may raise at its end:
// one raised in a clause, or the part no clause took (reraise, as a bare
// raise of a clause's group is).
type starOutcome struct {
	x       *Instance
	e       *Error
	reraise bool
}

// handleStar runs the except* clauses on err, the error of a try block,
// and returns what the statement raises at its end, nil when the
// clauses handled all of it.
func (in *interp) handleStar(err error, handlers []handlerCode) (ctrl, error) {
	orig, e := excOf(err)
	if orig == nil {
		return ctrlNext, err
	}
	a := &Args{in: in}
	rest := orig
	var out []starOutcome
	for i := range handlers {
		h := &handlers[i]
		c, terr := h.typ(in)
		if terr == nil {
			terr = exceptStarTypeValid(c)
		}
		if terr != nil {
			return ctrlNext, in.chain(in.errorAt(terr, h.node.Type.Span()), e)
		}
		if rest == nil {
			continue
		}
		match, r, merr := starMatch(a, rest, c)
		if merr != nil {
			return ctrlNext, in.chain(in.errorAt(merr, h.node.Type.Span()), e)
		}
		if match == nil {
			continue
		}
		rest = r
		var me *Error
		switch {
		case match == orig:
			me = e
		case !isGroup(orig):
			me = raisedAt(match, e, false) // the naked exception wrapped: a group never raised
		default:
			me = raisedAt(match, e, true) // a part of orig, with its traceback
		}
		depth := len(me.Trace)
		saved := in.s.handling
		in.s.handling = me
		if h.name != nil {
			h.name(in, match)
		}
		_, herr := h.body.exec(in)
		in.s.handling = saved
		if h.name != nil {
			h.name(in, nil)
		}
		if herr != nil {
			hx, he := excOf(herr)
			if hx == nil { // a kael crash: no handler sees it
				return ctrlNext, herr
			}
			he = asError(in.chain(he, me))
			out = append(out, starOutcome{x: hx, e: he, reraise: he == me && len(he.Trace) == depth})
		}
	}
	if rest != nil {
		re := e
		if rest != orig {
			re = raisedAt(rest, e, true)
		}
		out = append(out, starOutcome{x: rest, e: re, reraise: true})
	}
	r, rerr := prepReraiseStar(a, orig, e, out)
	if rerr != nil {
		return ctrlNext, in.chain(in.errorAt(rerr, e.Span), e)
	}
	if r == nil {
		return ctrlNext, nil
	}
	return ctrlNext, r
}

// raisedAt makes the error of raising the exception x, a group an
// except* statement made, where e, the exception it came from, is:
// with e's frames (frames: a part of e keeps its traceback), or, for a
// group made anew, which CPython raises with no traceback of its own,
// at the try statement's frame, which its traceback leaves out.
func raisedAt(x *Instance, e *Error, frames bool) *Error {
	ne := excError(x)
	ne.Span, ne.Src, ne.Filename, ne.Function, ne.frame = e.Span, e.Src, e.Filename, e.Function, e.frame
	st := excStateOf(x)
	st.err, st.trace = ne, nil
	if !frames {
		// Its traceback starts in the frame's callers (excTrace.fresh);
		// the frame's line is where kael's own display shows it.
		if len(e.Trace) > 0 {
			f := e.Trace[0]
			ne.Span, ne.Src, ne.Filename, ne.Function, ne.frame = f.Span, f.Src, f.Filename, f.Function, f.state
		}
		st.trace = &excTrace{fresh: true}
		return ne
	}
	// e's traceback object itself, as CPython's parts share it, until
	// the part goes on through other frames.
	ne.Trace = e.Trace
	t := &excTrace{}
	if os := excStateOf(e.exc); os.trace != nil {
		t.prior, t.priorStates = os.trace.prior, os.trace.priorStates
	}
	if tb, ok := excStateOf(e.exc).traceback().(*Traceback); ok {
		t.tb, t.tbLen = tb, len(ne.Trace)
	}
	st.trace = t
	return ne
}

// exceptStarTypeValid is CPython's check_except_star_type_valid: the
// classes of an except* clause must be exception classes, and no
// exception group class.
func exceptStarTypeValid(c Value) error {
	classes := Tuple{c}
	if t, ok := c.(Tuple); ok {
		classes = t
	}
	for _, k := range classes {
		if !isExceptionClass(k) {
			return Errorf(TypeError, "catching classes that do not inherit from BaseException is not allowed")
		}
	}
	for _, k := range classes {
		if k.(*UserClass).derivesFrom(baseExceptionGroupClass) {
			return Errorf(TypeError, "catching ExceptionGroup with except* is not allowed. Use except instead.")
		}
	}
	return nil
}

// starMatch is CPython's exception_group_match: the part of x that
// matches the classes c (x itself, or a naked x wrapped in a group) and
// the rest; match is nil when nothing matches.
func starMatch(a *Args, x *Instance, c Value) (match, rest *Instance, err error) {
	ok, err := excMatches(x, c)
	if err != nil {
		return nil, nil, err
	}
	if ok {
		if isGroup(x) {
			return x, nil, nil
		}
		g, err := a.Call(baseExceptionGroupClass, "", Tuple{x})
		if err != nil {
			return nil, nil, err
		}
		gx, _ := isException(g)
		return gx, nil, nil
	}
	if !isGroup(x) {
		return nil, x, nil
	}
	split, err := a.in.getAttr(x, "split")
	if err != nil {
		return nil, nil, err
	}
	pair, err := a.Call(split, c)
	if err != nil {
		return nil, nil, err
	}
	t, ok := pair.(Tuple)
	if !ok || len(t) != 2 {
		return nil, nil, Errorf(TypeError, "split must return a 2-tuple, got %s", TypeName(pair))
	}
	match, _ = isException(t[0])
	rest, _ = isException(t[1])
	return match, rest, nil
}

// prepReraiseStar is CPython's _PyExc_PrepReraiseStar: what an except*
// statement raises at its end, from orig, the exception caught (its
// error e), and out, what its clauses raised and the part none took.
// The exceptions raised again keep their place in orig's tree (a
// subgroup of orig); those raised in the clauses are siblings of that
// subgroup in a new group, even when alone (3.11's rule; 3.12 raises a
// lone one as it is). It returns nil when nothing is left to raise.
func prepReraiseStar(a *Args, orig *Instance, e *Error, out []starOutcome) (*Error, error) {
	if len(out) == 0 {
		return nil, nil
	}
	if !isGroup(orig) { // a naked exception: one clause at most ran
		return out[0].e, nil
	}
	var raised []starOutcome
	leaves := map[*Instance]bool{}
	for _, o := range out {
		if o.reraise {
			groupLeaves(o.x, leaves)
		} else {
			raised = append(raised, o)
		}
	}
	var kept *Instance
	if len(leaves) > 0 {
		m := groupMatcher{leaves: leaves}
		var err error
		if kept, _, err = m.split(a, orig, false); err != nil {
			return nil, err
		}
	}
	var keptErr *Error
	if kept != nil {
		keptErr = raisedAt(kept, e, true)
	}
	if len(raised) == 0 {
		return keptErr, nil
	}
	if kept != nil {
		raised = append(raised, starOutcome{x: kept, e: keptErr})
	}
	excs := make([]Value, len(raised))
	for i, o := range raised {
		excs[i] = o.x
	}
	g, err := a.Call(baseExceptionGroupClass, "", &List{Elems: excs})
	if err != nil {
		return nil, err
	}
	gx, _ := isException(g)
	return raisedAt(gx, e, false), nil
}

// groupLeaves adds the exceptions of the tree x that are no groups to
// leaves.
func groupLeaves(x *Instance, leaves map[*Instance]bool) {
	if !isGroup(x) {
		leaves[x] = true
		return
	}
	for _, v := range groupOf(x).excs {
		if ex, ok := isException(v); ok {
			groupLeaves(ex, leaves)
		}
	}
}
