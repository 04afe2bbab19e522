package lang

import "github.com/kael-dev/kael/lang/syntax"

// try and raise. An exception is the error a statement returns, so try
// runs its body as any block and looks at the error only when there is
// one: a try statement costs nothing while nothing is raised. The
// exception being handled (for a bare raise and __context__) is the
// session's handling, set while an except clause runs.

// handlerCode is a compiled except clause.
type handlerCode struct {
	typ  evalFn // nil for a bare except
	node *syntax.ExceptClause
	name func(in *interp, v Value) // stores the exception; nil without as
	body blockCode
}

func (c *compiler) tryStmt(st *syntax.TryStmt) execFn {
	star := len(st.Handlers) > 0 && st.Handlers[0].StarPos.IsValid()
	body := c.block(st.Body)
	handlers := make([]handlerCode, len(st.Handlers))
	for i, h := range st.Handlers {
		hc := handlerCode{node: h}
		if h.Type != nil {
			hc.typ = c.expr(h.Type)
		}
		if h.Name != nil {
			hc.name = c.storeName(h.Name)
		}
		if star {
			hc.body = c.starBlock(h.Body)
		} else {
			hc.body = c.block(h.Body)
		}
		handlers[i] = hc
	}
	var els, fin *blockCode
	if len(st.Else) > 0 {
		b := c.block(st.Else)
		els = &b
	}
	if len(st.Finally) > 0 {
		b := c.block(st.Finally)
		fin = &b
	}
	run := tryRun(body, handlers, els, star)
	if fin == nil {
		return run
	}
	return func(in *interp) (ctrl, error) {
		k, err := run(in)
		ret := in.ret
		saved := in.s.handling
		if err != nil { // what finally raises has the pending exception as its context
			if e := asError(err); excClassOf(e) != nil {
				in.s.handling, err = e, e
			}
		}
		fk, ferr := fin.exec(in)
		in.s.handling = saved
		if ferr != nil {
			return fk, in.chain(ferr, err)
		}
		if fk != ctrlNext { // return, break or continue in finally drop the exception
			return fk, nil
		}
		in.ret = ret
		return k, err
	}
}

// tryRun runs a try statement without its finally clause: the body,
// then the else clause or, on an error, the except (or except*)
// clauses.
func tryRun(body blockCode, handlers []handlerCode, els *blockCode, star bool) execFn {
	if star {
		return func(in *interp) (ctrl, error) {
			k, err := body.exec(in)
			if err == nil {
				if els != nil && k == ctrlNext {
					return els.exec(in)
				}
				return k, nil
			}
			return in.handleStar(err, handlers)
		}
	}
	return func(in *interp) (ctrl, error) {
		k, err := body.exec(in)
		if err == nil {
			if els != nil && k == ctrlNext {
				return els.exec(in)
			}
			return k, nil
		}
		if len(handlers) == 0 {
			return k, err
		}
		return in.handle(err, handlers)
	}
}

// handle runs the first except clause that matches err, the error of a
// try block; err goes on when none does.
//
// An error kael raised itself (a KeyError of d[k], the StopIteration of
// next(it)) is matched by its class alone: its exception object is made
// only when something looks at it (an as name, sys.exc_info(), a raise
// that takes it as its context; excOf), so a handler that only counts
// or recovers makes nothing.
func (in *interp) handle(err error, handlers []handlerCode) (ctrl, error) {
	e := asError(err)
	cls := excClassOf(e)
	if cls == nil {
		return ctrlNext, err
	}
	for i := range handlers {
		h := &handlers[i]
		if h.typ != nil {
			c, terr := h.typ(in)
			if terr != nil {
				return ctrlNext, in.chain(in.errorAt(terr, h.node.Type.Span()), e)
			}
			ok, merr := classMatches(cls, c)
			if merr != nil {
				return ctrlNext, in.chain(in.errorAt(merr, h.node.Type.Span()), e)
			}
			if !ok {
				continue
			}
		}
		if e.exc == nil {
			// An error the engine raised while another exception was being
			// handled has that one as its __context__, as a raise
			// statement's exception gets it: set now, as this clause can
			// look at it (a raise leaving a handler gets it from chain).
			if top := in.s.topHandling(); top != nil && top != e {
				in.chain(e, top)
			}
		}
		saved := in.s.handling
		in.s.handling = e
		if h.name != nil {
			x, _ := excOf(e)
			h.name(in, x)
		}
		e.enterHandler()
		k, herr := h.body.exec(in)
		in.s.handling = saved
		if h.name != nil { // except E as e: deletes e at its end, as CPython does
			h.name(in, nil)
		}
		if herr != nil {
			e.leaveHandler(false)
			return k, in.chain(herr, e)
		}
		e.leaveHandler(true) // handled: an engine error nothing looked at is used again
		return k, nil
	}
	return ctrlNext, e
}

// chain sets the context of the exception err, raised while prev was
// being handled, to prev, unless it has one; it returns err.
func (in *interp) chain(err, prev error) error {
	if prev == nil {
		return err
	}
	px, _ := excOf(prev)
	x, e := excOf(err)
	if x == nil || px == nil || x == px {
		return err
	}
	if st := excStateOf(x); st.chain().context == nil && !st.chain().suppress {
		st.setLinks().context = px
	}
	return e
}

func (c *compiler) raiseStmt(st *syntax.RaiseStmt) execFn {
	if st.Exc == nil {
		return func(in *interp) (ctrl, error) {
			h := in.s.topHandling()
			if h == nil {
				return ctrlNext, in.errorAt(Errorf(RuntimeError, "No active exception to reraise"), st.Span())
			}
			return ctrlNext, h
		}
	}
	exc := c.expr(st.Exc)
	var cause evalFn
	if st.Cause != nil {
		cause = c.expr(st.Cause)
	}
	span := st.Span() // once: a span is computed from the nodes below it
	return func(in *interp) (ctrl, error) {
		v, err := exc(in)
		if err != nil {
			return ctrlNext, in.wrapNode(err, st.Exc)
		}
		x, err := in.newException(v, "exceptions")
		if err != nil {
			return ctrlNext, in.errorAt(err, st.Exc.Span())
		}
		xs := excStateOf(x)
		if cause != nil {
			cv, err := cause(in)
			if err != nil {
				return ctrlNext, in.wrapNode(err, st.Cause)
			}
			l := xs.setLinks()
			l.cause, l.suppress = nil, true
			if cv != None {
				cx, err := in.newException(cv, "exception causes")
				if err != nil {
					return ctrlNext, in.errorAt(err, st.Cause.Span())
				}
				l.cause = cx
			}
		}
		if h := in.s.topHandling(); h != nil && xs.chain().context == nil {
			if hx, _ := excOf(h); hx != nil && hx != x {
				xs.setLinks().context = hx
			}
		}
		e := in.placeRaise(excError(x), span)
		xs.reraised(e) // its span and trace, for a re-raise and for the chain an exception it causes shows
		return ctrlNext, e
	}
}
