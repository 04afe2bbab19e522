package lang

import "github.com/kael-dev/kael/lang/syntax"

// Frames of user-function calls: where they come from, how a call runs in
// one, and where they go back to.

// newFrame returns a frame for a call of f, with empty slots. Frames are
// recycled through the session (nothing keeps a frame after its call:
// closures keep cells, not frames), so a call allocates nothing of its own.
// A recycled frame keeps the function it last ran until the cell ends
// (Session.releaseFrames), so that a call of the function that ran in it
// before, as every call of a recursion at one depth is, writes only what
// differs from call to call.
func (in *interp) newFrame(f *Function) *interp {
	var fr *interp
	if s := in.s; s != nil && s.frames != nil {
		fr = s.frames
		s.frames, fr.nextFree = fr.nextFree, nil
	} else {
		fr = &interp{s: in.s}
	}
	if fr.fn != f {
		fr.setFunction(f)
	}
	fr.ctx = in.ctx // an interface comparison would cost more than the write
	fr.back = in
	fr.depth, fr.ticks, fr.weight = in.depth+1, in.ticks, in.weight+f.code.weight
	return fr
}

// takeFrame returns a frame of the session's recycled ones (see newFrame),
// or a new one, for a generator's body: no caller's, nothing in its slots.
func (s *Session) takeFrame() *interp {
	if s == nil || s.frames == nil {
		return &interp{s: s}
	}
	fr := s.frames
	s.frames, fr.nextFree, fr.back = fr.nextFree, nil, nil
	return fr
}

// setFunction makes fr a frame of f, with as many slots as f has locals,
// all empty (a frame that ran f last already is one).
func (fr *interp) setFunction(f *Function) {
	code := f.code
	n := code.nlocals
	if cap(fr.locals) < n {
		fr.locals = make([]Value, n)
	}
	fr.locals = fr.locals[:n]
	fr.fn, fr.glob, fr.free, fr.code, fr.info = f, f.glob, f.free, code, code.fn
	fr.src, fr.filename, fr.fnName = f.src, f.filename, f.Name
}

// releaseFrames drops what the recycled frames still refer to (their last
// function, its closure, the cell's context) once a cell has run.
func (s *Session) releaseFrames() {
	for fr := s.frames; fr != nil; fr = fr.nextFree {
		locals := fr.locals[:0]
		*fr = interp{s: s, locals: locals, nextFree: fr.nextFree} // back too
	}
}

// runCall runs f in callee, a frame from newFrame with the parameters in
// its first slots; release gives the frame back when the call is over
// (a class body's caller reads the frame's slots first). It is the whole
// of a call, frame release included, in one function: calls are the
// hottest path of recursive code.
func (in *interp) runCall(callee *interp, f *Function, at syntax.Node, release bool) (Value, error) {
	if in.depth >= MaxDepth || callee.weight > maxWeight || in.tickDue() {
		if err := in.callRefused(callee); err != nil {
			if release {
				in.releaseFrame(callee)
			}
			return nil, err
		}
	}
	code := f.code
	var result Value = None
	var err error
	// The callee is the frame of the special methods Go code calls while
	// it runs (a for loop's __iter__, a lookup's __hash__): their
	// tracebacks show its line, as CPython's (hookFrame).
	s := in.s
	var prevHook *interp
	if s != nil {
		prevHook, s.hookIn = s.hookIn, callee
	}
	if code.expr == nil && code.cellSlots == nil {
		var c ctrl
		c, err = code.body.exec(callee)
		if c == ctrlReturn {
			result = callee.ret
		}
	} else {
		result, err = callee.runWithCells(f)
	}
	if s != nil {
		s.hookIn = prevHook
	}
	callee.ret = nil
	in.ticks = callee.ticks
	if callee.notes != nil {
		in.mergeNotes(callee.notes)
		callee.notes = nil
	}
	if release {
		in.releaseFrame(callee)
	}
	if err != nil {
		return nil, in.traced(err, at)
	}
	return result, nil
}

// callRefused returns the RecursionError of a call that would go too
// deep, or the KeyboardInterrupt of an interrupted cell, when the call is
// refused; it is runCall's slow path, taken when a step is due for a look
// at the interrupt (tickDue has counted it).
func (in *interp) callRefused(callee *interp) error {
	if in.depth >= MaxDepth {
		return Errorf(RecursionError, "maximum recursion depth exceeded (%d calls)", in.s.RecursionLimit()).
			WithHint("a recursive function needs a base case that stops it")
	}
	if callee.weight > maxWeight {
		return Errorf(RecursionError, "maximum recursion depth exceeded (%d calls of deeply nested expressions)", in.depth).
			WithHint("the functions being called nest their expressions too deeply to recurse this far; split the expressions")
	}
	return in.checkInterrupt()
}

// runWithCells runs the function of frame fr when it has cell variables
// (which a closure shares) or is a lambda.
func (fr *interp) runWithCells(f *Function) (Value, error) {
	code := f.code
	if code.gen && fr.gen == nil {
		if code.async {
			return fr.makeCoroutine(f)
		}
		return fr.makeGenerator(f)
	}
	for _, i := range code.cellSlots {
		fr.locals[i] = &varCell{v: fr.locals[i]}
	}
	if code.expr != nil {
		fr.stmtID = code.exprID
		v, err := code.expr(fr)
		if err != nil {
			return nil, fr.errorAt(err, f.Expr.Span())
		}
		return v, nil
	}
	c, err := code.body.exec(fr)
	if c == ctrlReturn {
		return fr.ret, err
	}
	return None, err
}

// traced adds the caller's line, the call at, to the traceback of err, a
// call's error.
func (in *interp) traced(err error, at syntax.Node) error {
	e := asError(err)
	if e.Kind != KeyboardInterrupt {
		e.Trace = append([]Frame{{Function: in.fnName, Span: at.Span(), Src: in.src, Filename: in.filename, state: in.state()}}, e.Trace...)
	}
	return e
}

// releaseFrame gives a frame back for later calls, without the values it
// held (runCall has taken its return value and notes).
func (in *interp) releaseFrame(fr *interp) {
	if fr.st != nil { // an error or sys._getframe took the call's state
		fr.st.detach()
		fr.st = nil
	}
	// A few slots: cheaper than clear's call; the slice in a variable,
	// so that the write barrier's call does not reload it each slot.
	for locals, i := fr.locals, 0; i < len(locals); i++ {
		locals[i] = nil
	}
	fr.stmtID, fr.localsMap = 0, nil
	if s := in.s; s != nil {
		s.frames, fr.nextFree = fr, s.frames
	}
}
