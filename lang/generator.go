package lang

import (
	"cmp"
	"fmt"
	"iter"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/kael-dev/kael/lang/syntax"
)

// Generators. Calling a function whose body has a yield expression makes a
// *Generator and runs nothing; each next() (or send, or a step of a for
// loop) resumes the body until its next yield. A closure compiler cannot
// suspend a Go call stack, so the body runs as a coroutine (iter.Pull): a
// goroutine of its own, to which a resume switches directly and which
// switches back at its yield, without the scheduler or a channel. Exactly
// one of the consumer and the body runs at any time, so they share the
// session's state without races, and hand values over in genState's
// fields.
//
// The body's goroutine holds the generator's state and frame but never the
// *Generator the program sees: when that is garbage, a cleanup queues it
// for its session, which closes it at its next safe point, as CPython
// closes a generator when its last reference goes: GeneratorExit is
// raised at its yield, its finally clauses and with statements' exits
// run, and what that raises is reported as ignored (closeAbandoned). The
// safe points are on the session's goroutine: the start and end of each
// top-level statement, the start of a generator, gc.collect() and the
// program's end (Shutdown), which closes the generators still suspended,
// as CPython's end does. So an abandoned generator does not leak, and
// runs its cleanup code.

// GeneratorExit is what close() raises at the yield a generator is
// suspended at.
const GeneratorExit ErrorKind = "GeneratorExit"

// Generator is a generator object: the iterator a generator function or a
// generator expression returns.
type Generator struct {
	st *genState
}

// genState is a generator's state, shared by the consumer and the body.
// Its flags are together at the end, so that it fits the 256-byte size
// class (a generator a for loop makes and runs to its end is recycled
// through its session, genPool, but one that escapes is not).
type genState struct {
	kind string // "generator", "coroutine" or "async generator", for messages
	name string // the function's name, for repr
	s    *Session
	fr   *interp // the body's frame; nil for a Go body
	run  func(g *genState) (Value, error)
	// next resumes the body until it yields (a value, true) or ends
	// (false); stop ends a suspended body (iter.Pull's pair).
	next func() (Value, bool)
	stop func()
	// pass hands a yielded value to the consumer, in the body; false when
	// the body is to end (stop was called).
	pass func(Value) bool
	// sent and thrown are what the consumer resumes the body with: the
	// value of its yield expression, or the error raised there.
	sent   Value
	thrown error
	// ret and err are the end: the value the body returned or the error
	// it raised.
	ret Value
	err error
	// direct runs a generator expression's comprehension in the
	// consumer's goroutine, handing each element to yield, and consumed
	// (below) says that it may: the generator is the only argument of a
	// builtin that iterates it to its end or stops for good
	// (sum(x for x in xs)), so nothing can resume it after the builtin
	// stops (see compiler.genArgCall); no coroutine is needed.
	direct func(yield func(Value) bool) error
	// ints, when not nil, is direct for a generator expression that
	// hands on the ints of a range as they are (x for x in range(n)):
	// each int unboxed, for a consumer that adds them (sumOf).
	ints func(yield func(int64) bool) error
	// sink is the loop step of the for statement that consumes the
	// generator, run in sinkIn, the loop's frame, while iterateInline
	// runs the body in the loop's own goroutine: the body's yield calls
	// it instead of switching to a consumer. Where the step stops the
	// loop, sinkErr and sinkCtrl (below) are its outcome. closing says
	// that the loop stopped and the body was thrown GeneratorExit at its
	// yield, as close() does; caller is the exception the loop's frame
	// handles, which the loop body sees.
	sink    loopStep
	sinkIn  *interp
	sinkErr error
	caller  *Error
	// objectID is the id of the *Generator the program sees, once
	// queueKill is attached to it (see resumable), for the report of
	// what its closing raised once it is garbage; 0 before.
	objectID int64
	// own is the exception the body is handling where it is suspended
	// (CPython's gi_exc_state): it is the session's handling while the
	// body runs, and not after it yields.
	own *Error
	// awaiting is what a coroutine's body awaits where it is suspended
	// (cr_await); awaitedBy is set while another coroutine awaits this
	// one; iterableCoroutine marks a generator of types.coroutine, which
	// await accepts (coroutine.go).
	awaiting Value
	sinkCtrl ctrl
	consumed bool
	closing  bool
	started  bool
	running  bool
	done     bool
	// awaitedBy and iterableCoroutine: see awaiting.
	awaitedBy         bool
	iterableCoroutine bool
	// live says that the body has a goroutine (started and not ended),
	// abandoned that the *Generator the program saw is garbage: the
	// cleanup (queueKill) and start read and write them from different
	// goroutines.
	live, abandoned atomic.Bool
}

// loopStep is a for statement's step (compiler.forStmt): it runs the
// loop body for item in the loop's frame in, and reports whether to go
// on, or how the loop stopped (break, return) and the error it raised.
type loopStep func(in *interp, item Value) (bool, ctrl, error)

// genKilled is the panic that ends a killed body at its yield (see
// genState.body).
type genKilled struct{}

// newGenerator returns a generator whose body is run, as a coroutine.
func newGenerator(name string, s *Session, fr *interp, run func(g *genState) (Value, error)) *Generator {
	return &Generator{st: &genState{kind: "generator", name: name, s: s, fr: fr, run: run}}
}

// resumable returns g's state for a resumption that may start the body's
// coroutine (next, send, throw, a step of an iterator or of yield from),
// having first attached the cleanup that ends that coroutine when g is
// garbage (queueKill). A generator that is only ever run in its
// consumer's goroutine (iterateDirect, iterateInline) or never run has no
// coroutine to end, and goes without the cleanup, whose registration
// costs about as much as the rest of the generator's making.
func (g *Generator) resumable() *genState {
	st := g.st
	if st.objectID == 0 {
		st.objectID = ID(g)
		runtime.AddCleanup(g, queueKill, st)
	}
	return st
}

// genKills are the abandoned generators to end, by session (see
// endAbandoned); queued counts them, so that a safe point with none to
// end takes no lock.
var genKills struct {
	sync.Mutex
	by     map[*Session][]*genState
	queued atomic.Int64
}

// queueKill is the cleanup of a generator: its session ends its body's
// goroutine, if it has one. A generator that holds none (not started, run
// to its end, or a generator expression a builtin consumed in the
// consumer's goroutine) is not queued: its state, frame and iterables
// would stay reachable until the session's next cell or started
// generator, which a program whose generators are all consumed directly
// never reaches (word_language_model's repackage_hidden,
// tuple(h.detach() for h in hidden), kept every step's graph alive). One
// that starts after it was abandoned (its consumer held the state) is
// queued by start.
func queueKill(st *genState) {
	st.abandoned.Store(true)
	if st.live.Load() {
		enqueueKill(st)
	}
}

// enqueueKill queues st for its session to end (endAbandoned).
func enqueueKill(st *genState) {
	genKills.Lock()
	defer genKills.Unlock()
	if genKills.by == nil {
		genKills.by = map[*Session][]*genState{}
	}
	genKills.by[st.s] = append(genKills.by[st.s], st)
	genKills.queued.Add(1)
}

// endAbandoned ends the abandoned generators of s (closeAbandoned); it
// runs on the goroutine running s's code, at a safe point (see the top
// of this file), so what the ending runs does not race with it.
func endAbandoned(s *Session) {
	if genKills.queued.Load() == 0 {
		return
	}
	genKills.Lock()
	sts := genKills.by[s]
	delete(genKills.by, s)
	genKills.queued.Add(-int64(len(sts)))
	genKills.Unlock()
	for _, st := range sts {
		if st.running {
			// Dropped while its body runs (the consumer holds the
			// state, not the *Generator): end it once it is suspended.
			enqueueKill(st)
			continue
		}
		st.closeAbandoned()
	}
}

// closeAbandoned ends st, whose *Generator is garbage. A generator's
// body is closed, as CPython closes a generator whose last reference
// goes: GeneratorExit raised at its yield runs its finally clauses and
// with statements' exits, and what that raises (other than
// GeneratorExit), or a yield after it, is written to stderr as an
// exception ignored while the generator was freed. A coroutine's or
// async generator's body, or a body written in Go, is ended without
// running its code (kill).
func (st *genState) closeAbandoned() {
	if st.kind != "generator" || st.fr == nil {
		st.kill()
		return
	}
	if !st.started || st.done || st.running {
		return
	}
	if err := (&Generator{st: st}).Close(); err != nil {
		st.reportIgnored(st.objectID, ToError(err))
	}
}

// closeSuspended closes the generators of s still suspended at a yield,
// in the order they started, as CPython's end closes those its modules
// still hold: the program's end (Shutdown) runs it, on s's goroutine.
func closeSuspended(s *Session) {
	sts := make([]*genState, 0, len(s.suspended))
	for st := range s.suspended {
		sts = append(sts, st)
	}
	slices.SortFunc(sts, func(a, b *genState) int { return cmp.Compare(s.suspended[a], s.suspended[b]) })
	for _, st := range sts {
		st.closeAbandoned()
	}
}

// trackSuspended records st, a generator whose body has just started on
// its coroutine, among s's generators that the program's end closes;
// untrackSuspended forgets it once it has ended.
func (st *genState) trackSuspended() {
	if st.kind != "generator" || st.fr == nil {
		return
	}
	s := st.s
	if s.suspended == nil {
		s.suspended = map[*genState]uint64{}
	}
	s.suspendedSeq++
	s.suspended[st] = s.suspendedSeq
}

func (st *genState) untrackSuspended() {
	if st.s != nil && st.s.suspended != nil {
		delete(st.s.suspended, st)
	}
}

// makeGenerator returns the generator of a call of f, a generator
// function, whose arguments are bound in fr (a frame that the call gives
// back): the generator gets a frame of its own.
func (fr *interp) makeGenerator(f *Function) (Value, error) {
	s := fr.s
	body := s.takeFrame()
	if body.fn != f {
		body.setFunction(f)
	}
	copy(body.locals, fr.locals)
	body.ctx, body.depth, body.ticks, body.weight = fr.ctx, fr.depth, fr.ticks, fr.weight
	var g *Generator
	if n := len(s.genPool); n > 0 {
		g = s.genPool[n-1]
		s.genPool[n-1] = nil
		s.genPool = s.genPool[:n-1]
		st := g.st
		st.kind, st.name, st.fr, st.run = "generator", f.qualifiedName(), body, runFunctionBody
	} else {
		g = newGenerator(f.qualifiedName(), s, body, runFunctionBody)
	}
	body.gen = g.st
	g.st.iterableCoroutine = f.code.iterCoro
	return g, nil
}

// runFunctionBody runs a generator function's body, in the generator's
// frame, which makeGenerator made a frame of the function.
func runFunctionBody(st *genState) (Value, error) {
	return st.fr.runWithCells(st.fr.fn)
}

// maxGenPool bounds a session's recycled generators (Session.genPool):
// as many as for loops over generators nest in one another.
const maxGenPool = 16

// recycleGenerator keeps g, a generator whose for loop has run it
// (Generator.runLoop), for the session's next generator function's
// call (makeGenerator), emptied: nothing can reach it. The program never
// saw it: loopCall made it for the loop alone, and neither the loop body
// nor the generator's body can name it. One that has the cleanup of a
// resumable generator (objectID), a coroutine, or whose body still has
// its frame (not one of the session's), is not kept.
func (s *Session) recycleGenerator(g *Generator) {
	st := g.st
	if s == nil || len(s.genPool) >= maxGenPool || st.objectID != 0 || st.s != s || st.fr != nil || st.next != nil || st.kind != "generator" {
		return
	}
	*st = genState{s: s}
	s.genPool = append(s.genPool, g)
}

// kill ends a suspended body's goroutine without running its code, and
// waits for it to end.
func (st *genState) kill() {
	if st.started && !st.done && !st.running {
		st.done = true
		st.untrackSuspended()
		st.stop()
	}
}

// liveGenerators counts the goroutines of started generators that have
// not ended, which maxLiveGenerators bounds (each holds a Go stack).
var liveGenerators atomic.Int64

// maxLiveGenerators is a variable so that tests can check the bound
// without starting a hundred thousand generators.
var maxLiveGenerators int64 = 1 << 17

// start makes the body's coroutine; the first next runs it to its first
// yield or its end.
func (st *genState) start() error {
	if liveGenerators.Add(1) > maxLiveGenerators {
		liveGenerators.Add(-1)
		return Errorf(MemoryError, "more than %d generators are running at once", maxLiveGenerators).
			WithHint("finish or drop generators before starting more (g.close() ends one)")
	}
	st.started = true
	st.trackSuspended()
	// live before abandoned, as queueKill reads them the other way
	// round: one of the two queues a generator dropped around its start.
	st.live.Store(true)
	if st.abandoned.Load() {
		enqueueKill(st)
	}
	st.next, st.stop = iter.Pull(func(pass func(Value) bool) {
		defer liveGenerators.Add(-1)
		defer st.live.Store(false)
		st.pass = pass
		st.body()
	})
	return nil
}

// body runs the generator's body on its coroutine and records its end:
// the value returned, the error raised, or an InternalError for a Go
// panic (a bug in kael). A kill ends it at its yield with a genKilled
// panic, which ends here, recording nothing.
func (st *genState) body() {
	defer func() {
		if r := recover(); r != nil {
			if _, killed := r.(genKilled); killed {
				return
			}
			st.ret, st.err = nil, &Error{Kind: InternalError,
				Msg:  fmt.Sprintf("kael crashed while running generator %s: %v", st.name, r),
				Hint: CrashHint("the generator", debug.Stack())}
		}
	}()
	st.ret, st.err = st.run(st)
}

// step resumes the generator with v sent (or err thrown in): it returns
// the value yielded next, or done with the value the body returned, or
// the error the body raised.
func (st *genState) step(v Value, err error) (Value, bool, error) {
	if st.running {
		return nil, false, Errorf(ValueError, "%s already executing", st.kind)
	}
	if st.done {
		return None, true, nil
	}
	if !st.started {
		// A safe point: the body's code has not begun.
		endAbandoned(st.s)
		if st.done { // the closing's code closed it
			return None, true, nil
		}
	}
	st.takeContext()
	st.running = true
	s := st.s
	caller := s.handling
	s.callersHandling = append(s.callersHandling, caller)
	s.handling = st.own
	defer func() {
		st.own = s.handling
		s.handling = caller
		s.callersHandling = s.callersHandling[:len(s.callersHandling)-1]
	}()
	if !st.started {
		// Close and Send see to it that nothing is sent or thrown.
		if err := st.start(); err != nil {
			st.running = false
			return nil, false, err
		}
	} else {
		st.sent, st.thrown = v, err
	}
	y, yielded := st.next()
	st.running = false
	if yielded {
		return y, false, nil
	}
	st.done = true
	st.untrackSuspended()
	ret, rerr := st.ret, st.err
	st.ret, st.err = nil, nil
	if rerr != nil {
		return nil, true, st.bodyError(rerr)
	}
	return ret, true, nil
}

// takeContext gives the body's frame the running cell's context, for its
// interrupt.
func (st *genState) takeContext() {
	if st.fr != nil {
		if in := st.s.hookIn; in != nil && in.ctx != nil {
			st.fr.ctx = in.ctx
		}
	}
}

// bodyError is the error a generator's body ended with as its consumer
// sees it: a StopIteration raised in the body is a RuntimeError (PEP 479).
func bodyError(err error) *Error { return (&genState{kind: "generator"}).bodyError(err) }

// bodyError is the error st's body ended with as its consumer sees it:
// a StopIteration (or, in an async generator, a StopAsyncIteration)
// raised in the body is a RuntimeError (PEP 479, PEP 525).
func (st *genState) bodyError(err error) *Error {
	e := ToError(err)
	if e.Kind == StopIteration || (e.Kind == StopAsyncIteration && st.kind == "async generator") {
		re := Errorf(RuntimeError, "%s raised %s", st.kind, e.Kind)
		re.Span, re.Src, re.Filename, re.Trace = e.Span, e.Src, e.Filename, e.Trace
		re.Function, re.frame = e.Function, e.frame
		e = re
	}
	e.resumed = e.Span.Start.IsValid() && st.fr != nil
	return e
}

// iterateDirect runs a consumed generator expression to its end, or to
// where yield stops it, in the consumer's goroutine; the generator is
// done afterwards either way.
func (st *genState) iterateDirect(yield func(Value) bool) error {
	st.takeContext()
	st.running = true
	err := st.direct(yield)
	st.running, st.done = false, true
	if err != nil {
		return st.bodyError(err) // the consumer's frame adds its own above the body's
	}
	return nil
}

// iterateInts is iterateDirect for a consumer that takes ints: ok is
// false, with nothing run, when the generator is not a consumed
// generator expression over a range's ints (st.ints).
func (st *genState) iterateInts(yield func(int64) bool) (ok bool, err error) {
	if st.ints == nil || !st.consumed || st.started || st.done {
		return false, nil
	}
	st.takeContext()
	st.running = true
	err = st.ints(yield)
	st.running, st.done = false, true
	if err != nil {
		return true, st.bodyError(err)
	}
	return true, nil
}

// yield hands v to the consumer from the body's coroutine and waits to be
// resumed: it returns the value sent, or the error thrown in. When the
// generator is killed instead, it ends the body (see body).
func (st *genState) yield(v Value) (Value, error) {
	if st.sink != nil {
		return st.yieldInline(v)
	}
	if !st.pass(v) {
		panic(genKilled{})
	}
	sent, thrown := st.sent, st.thrown
	st.sent, st.thrown = nil, nil
	if thrown != nil {
		return nil, thrown
	}
	if sent == nil {
		return None, nil
	}
	return sent, nil
}

// Next is next(g): the next value, or StopIteration when the body ends.
func (g *Generator) Next() (Value, error) {
	v, done, err := g.resumable().step(None, nil)
	if err != nil {
		return nil, err
	}
	if done {
		return nil, stopIteration(v)
	}
	return v, nil
}

// stopIteration is the StopIteration that ends a generator that returned v.
func stopIteration(v Value) *Error {
	if v == nil || v == None {
		return exhausted()
	}
	x := newExcInstance(exceptionClasses["StopIteration"])
	excStateOf(x).setArgs([]Value{v}) // e.value is v itself
	return excError(x)
}

// Send is g.send(v).
func (g *Generator) Send(v Value) (Value, error) {
	if !g.st.started && v != None && !g.st.done {
		return nil, Errorf(TypeError, "can't send non-None value to a just-started generator")
	}
	r, done, err := g.resumable().step(v, nil)
	if err != nil {
		return nil, err
	}
	if done {
		return nil, stopIteration(r)
	}
	return r, nil
}

// Close is g.close(): GeneratorExit raised at the yield the body is
// suspended at.
func (g *Generator) Close() error {
	st := g.st
	if st.running {
		return Errorf(ValueError, "generator already executing")
	}
	if !st.started || st.done {
		st.done = true
		return nil
	}
	_, done, err := st.step(nil, Errorf(GeneratorExit, ""))
	if !done {
		st.kill()
		return Errorf(RuntimeError, "generator ignored GeneratorExit")
	}
	if err != nil && ToError(err).Kind != GeneratorExit {
		return err
	}
	return nil
}

// TypeName is "generator".
func (g *Generator) TypeName() string { return "generator" }

// String is <generator object f at 0x...>.
func (g *Generator) String() string {
	return generatorRepr(g.st.name, ID(g))
}

// Iterate resumes the generator for each value until it ends or yield
// returns false (the generator then stays suspended, as in Python).
func (g *Generator) Iterate(yield func(Value) bool) error {
	if st := g.st; st.consumed && !st.started && !st.done {
		if st.direct != nil {
			return st.iterateDirect(yield)
		}
		return g.iterateInline(nil, func(_ *interp, v Value) (bool, ctrl, error) {
			return yield(v), ctrlNext, nil
		})
	}
	for {
		v, done, err := g.resumable().step(None, nil)
		if err != nil || done {
			return err
		}
		if !yield(v) {
			return nil
		}
	}
}

// loopInline reports whether a for loop may run g with iterateInline:
// a generator function's generator that the loop consumes (see
// compiler.loopCall), not started.
func (g *Generator) loopInline() bool {
	st := g.st
	return st.consumed && st.direct == nil && !st.started && !st.done
}

// runLoop runs g, which loopInline accepts, as the iterable of a for
// statement whose step is step, in the loop's frame in: the step's
// outcome where it stopped the loop (break, return, its error), or the
// generator's error. g goes back to its session for the next generator
// afterwards (genPool): nothing can reach it once its loop is over.
func (g *Generator) runLoop(in *interp, step loopStep) (ctrl, error, error) {
	st := g.st
	err := g.iterateInline(in, step)
	k, loopErr := st.sinkCtrl, st.sinkErr
	in.s.recycleGenerator(g)
	return k, loopErr, err
}

// iterateInline runs a consumed generator function's body in the
// consuming for statement's goroutine, with step, the loop body, as its
// sink: each value goes to the loop body by a call, with no coroutine
// made and no switch. The loop body may run inside the generator's body
// because nothing in it can reach the generator (it is no name's value:
// see compiler.loopCall) and it yields nothing itself (the loop is not
// in a generator's body). Where step stops the loop, st.sinkCtrl and
// st.sinkErr keep what it returned.
//
// When the loop stops early (break, return, an error), nothing can resume
// the generator, so it ends at once, as CPython's does when the loop drops
// it: GeneratorExit is raised at its yield and its finally clauses and
// with statements' exits run before the loop's statement goes on. What
// that closing raises, or a yield after GeneratorExit, is reported on
// stderr as CPython reports an exception raised while an object is freed
// (reportIgnored), and the loop's own outcome stands.
func (g *Generator) iterateInline(in *interp, step loopStep) error {
	st := g.st
	st.takeContext()
	s := st.s
	st.caller = s.handling
	s.callersHandling = append(s.callersHandling, st.caller)
	s.handling = st.own
	st.started, st.running, st.sink, st.sinkIn = true, true, step, in
	defer func() {
		st.sink, st.sinkIn, st.running, st.done = nil, nil, false, true
		s.handling, st.caller = st.caller, nil
		s.callersHandling = s.callersHandling[:len(s.callersHandling)-1]
		if body := st.fr; body != nil && body.s == s {
			// Nothing can resume the body: its frame goes back to the
			// session for the next call or generator, as a call's does.
			st.fr, body.gen, body.ret, body.notes = nil, nil, nil, nil
			body.releaseFrame(body)
		}
	}()
	_, err, ignored := st.runInline()
	if st.closing {
		switch {
		case ignored:
			st.reportIgnored(ID(g), Errorf(RuntimeError, "generator ignored GeneratorExit"))
		case err != nil && ToError(err).Kind != GeneratorExit:
			st.reportIgnored(ID(g), st.bodyError(err))
		}
		return nil
	}
	if err != nil {
		return st.bodyError(err)
	}
	return nil
}

// runInline runs the body for iterateInline: ignored says that it
// yielded again after GeneratorExit and was ended there (genKilled).
func (st *genState) runInline() (ret Value, err error, ignored bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, killed := r.(genKilled); !killed {
				panic(r)
			}
			ignored = true
		}
	}()
	ret, err = st.run(st)
	return ret, err, false
}

// yieldInline is yield in a body that iterateInline runs: it runs the
// loop's step with v, in the loop's handling of exceptions, and returns
// None (what a for loop sends), or raises GeneratorExit once the loop
// has stopped. A yield after that ends the body (CPython's close():
// "generator ignored GeneratorExit").
func (st *genState) yieldInline(v Value) (Value, error) {
	if st.closing {
		panic(genKilled{})
	}
	s := st.s
	own, n := s.handling, len(s.callersHandling)
	s.callersHandling, s.handling = s.callersHandling[:n-1], st.caller
	more, k, err := st.sink(st.sinkIn, v)
	s.callersHandling, s.handling = append(s.callersHandling, st.caller), own
	if more {
		return None, nil
	}
	st.sinkCtrl, st.sinkErr = k, err
	st.closing = true
	return nil, Errorf(GeneratorExit, "")
}

// reportIgnored writes err to stderr as raised while the generator
// whose id is id, of state st, was dropped, in CPython's words
// ("Exception ignored in: <generator object f at 0x...>").
func (st *genState) reportIgnored(id int64, err *Error) {
	fmt.Fprintf(st.s.Stderr(), "Exception ignored in: %s\n%s\n", generatorRepr(st.name, id), strings.TrimRight(err.Render(), "\n"))
}

// generatorRepr is the repr of the generator named name whose id is id:
// <generator object f at 0x...>.
func generatorRepr(name string, id int64) string {
	return fmt.Sprintf("<generator object %s at %#x>", name, id)
}

// Attr returns the generator's methods, __name__, __qualname__,
// gi_running, gi_suspended and gi_frame (None once it has ended).
func (g *Generator) Attr(name string) (Value, bool) {
	switch name {
	case "__qualname__":
		return g.st.name, true
	case "__name__":
		return g.st.name[strings.LastIndexByte(g.st.name, '.')+1:], true
	case "gi_running":
		return g.st.running, true
	case "gi_suspended":
		return g.State() == "GEN_SUSPENDED", true
	case "gi_frame":
		return g.st.frame(), true
	}
	m, ok := generatorMethods[name]
	if !ok {
		return nil, false
	}
	return &BoundMethod{Recv: g, Method: m}, true
}

// AttrNames lists the generator's methods and attributes.
func (g *Generator) AttrNames() []string {
	return append(sortedKeys(generatorMethods), "__name__", "__qualname__", "gi_frame", "gi_running", "gi_suspended")
}

// State is where the generator is, as inspect.getgeneratorstate names
// it: GEN_CREATED (not started), GEN_RUNNING (its body runs),
// GEN_SUSPENDED (at a yield) or GEN_CLOSED (ended, or closed).
func (g *Generator) State() string {
	switch st := g.st; {
	case st.running:
		return "GEN_RUNNING"
	case st.done:
		return "GEN_CLOSED"
	case st.started:
		return "GEN_SUSPENDED"
	}
	return "GEN_CREATED"
}

var generatorMethods = map[string]*Builtin{
	"send": NewBuiltin(AsValue, "send(self, value)", "Resumes the generator with value as the result of its yield; returns the next value yielded.", func(a *Args) (Value, error) {
		return a.Value("self").(*Generator).Send(a.Value("value"))
	}),
	"__next__": NewBuiltin(AsValue, "__next__(self)", "The next value of the generator, as next(g).", func(a *Args) (Value, error) {
		return a.Value("self").(*Generator).Next()
	}),
	"__iter__": NewBuiltin(AsValue, "__iter__(self)", "The generator itself.", func(a *Args) (Value, error) {
		return a.Value("self"), nil
	}),
	"throw": NewBuiltin(AsValue, "throw(self, typ, val=None, tb=None)", "Raises an exception at the yield the generator is suspended at and returns the next value it yields: typ, an exception object, or an exception class called with val (none, a tuple of arguments, or one); tb, when given, becomes its __traceback__.", func(a *Args) (Value, error) {
		exc, err := thrownException(a, a.Value("typ"), a.Value("val"), a.Value("tb"))
		if err != nil {
			return nil, err
		}
		return a.Value("self").(*Generator).Throw(exc)
	}),
	"close": NewBuiltin(AsValue, "close(self)", "Raises GeneratorExit at the yield the generator is suspended at, ending it.", func(a *Args) (Value, error) {
		return None, a.Value("self").(*Generator).Close()
	}),
}

// yieldExpr compiles a yield expression of a generator function's body.
func (c *compiler) yieldExpr(x *syntax.YieldExpr) evalFn {
	if c.fn == nil || !c.fn.generator {
		// a SyntaxError before anything runs, as CPython's compiler has it
		err := Errorf(SyntaxError, "'yield' outside function")
		if c.err == nil {
			c.err = Errorf(SyntaxError, "'yield' outside function")
			c.err.Span = x.Span()
		}
		return c.failExpr(err, x)
	}
	var val evalFn
	if x.Value != nil {
		val = c.expr(x.Value)
	}
	if c.fn.async {
		return c.asyncYield(x, val)
	}
	if x.From {
		return func(in *interp) (Value, error) {
			it, err := val(in)
			if err != nil {
				return nil, err
			}
			return in.yieldFrom(it, x)
		}
	}
	return func(in *interp) (Value, error) {
		var v Value = None
		if val != nil {
			var err error
			if v, err = val(in); err != nil {
				return nil, err
			}
		}
		if in.gen == nil {
			return nil, in.errorAt(Errorf(RuntimeError, "yield outside a running generator"), x.Span())
		}
		r, err := in.gen.yield(v)
		if err != nil {
			return nil, in.errorAt(err, x.Span())
		}
		return r, nil
	}
}

// yieldFrom runs "yield from it": it yields each value of it (resuming a
// generator with what is sent) and is the value the generator returns.
func (in *interp) yieldFrom(it Value, x *syntax.YieldExpr) (Value, error) {
	if in.gen == nil {
		return nil, in.errorAt(Errorf(RuntimeError, "yield outside a running generator"), x.Span())
	}
	if sub, ok := it.(*Generator); ok {
		var sent Value = None
		var thrown error
		for {
			v, done, err := sub.resumable().step(sent, thrown)
			if err != nil {
				return nil, err
			}
			if done {
				return v, nil
			}
			sent, thrown = in.gen.yield(v)
			if thrown != nil && ToError(thrown).Kind == GeneratorExit {
				if err := sub.Close(); err != nil {
					return nil, err
				}
				return nil, in.errorAt(thrown, x.Span())
			}
		}
	}
	var bodyErr error
	err := Iterate(it, func(v Value) bool {
		_, bodyErr = in.gen.yield(v)
		return bodyErr == nil
	})
	if bodyErr != nil {
		return nil, in.errorAt(bodyErr, x.Span())
	}
	if err != nil {
		return nil, in.errorAt(err, x.Value.Span())
	}
	return None, nil
}

// genExpr returns the code of a generator expression: it evaluates the
// first iterable, as Python does, and returns a generator that runs the
// comprehension, comp, lazily. The generator runs in a copy of the
// defining frame, which may be reused once its call returns; the
// function's variables it reads are cells (the resolver's lookup), which
// the copy shares, so it reads them when each element is computed, as
// Python does.
//
// identity says that the expression is x for x in it, with x a plain
// local and no condition: over a range it hands on the range's ints,
// which a consumer may take unboxed (genState.ints).
func genExpr(x *syntax.ListComp, first evalFn, identity bool, comp func(in *interp, first Value, emit func(Value) error) error) evalFn {
	return func(in *interp) (Value, error) {
		seq, err := first(in)
		if err != nil {
			return nil, err
		}
		if !IsIterable(seq) {
			switch seq.(type) {
			case *Instance, Iterable: // iterated through __getitem__, as iter() does (a Dataset)
			default:
				return nil, in.errorAt(NotIterable(TypeName(seq)), x.Span()) // GET_ITER's position, as CPython's
			}
		}
		fr := new(interp)
		*fr = *in
		fr.locals = append([]Value(nil), in.locals...)
		fr.nextFree, fr.notes, fr.ret, fr.back, fr.st = nil, nil, nil, nil, nil
		fr.fnName = "<genexpr>" // its frame's name in tracebacks, as CPython's
		g := newGenerator("<genexpr>", in.s, fr, func(st *genState) (Value, error) {
			return None, comp(st.fr, seq, func(v Value) error {
				_, err := st.yield(v)
				return err
			})
		})
		fr.gen = g.st
		g.st.direct = func(yield func(Value) bool) error {
			stopped := false
			err := comp(fr, seq, func(v Value) error {
				if !yield(v) {
					stopped = true
					return errConsumerStopped
				}
				return nil
			})
			if stopped {
				return nil
			}
			return err
		}
		if r, isRange := seq.(*Range); isRange && identity {
			g.st.ints = func(yield func(int64) bool) error {
				for k, n := int64(0), r.Len(); k < n; k++ {
					if fr.tickDue() { // as comp ticks for each item
						if err := fr.checkInterrupt(); err != nil {
							return err
						}
					}
					if !yield(r.Start + k*r.Step) {
						return nil
					}
				}
				return nil
			}
		}
		return g, nil
	}
}

// errConsumerStopped ends a consumed generator expression's
// comprehension where its consumer stops (see genState.direct).
var errConsumerStopped = Errorf(RuntimeError, "the consumer of the generator stopped")

// genConsumers are the builtins that may run a generator expression
// passed as their only argument directly (genState.direct): each
// iterates its argument to the end or stops for good, and keeps nothing
// of it. (Lazy iterators, zip, map, enumerate and iter, keep it.)
var genConsumers = []string{"sum", "any", "all", "min", "max", "list", "tuple", "sorted"}

// genArgCall compiles f(x for ...), a call of a name with one generator
// expression as its argument: when f is one of genConsumers, the
// generator is marked consumed, so that it runs in the caller's
// goroutine without a coroutine.
func (c *compiler) genArgCall(x *syntax.CallExpr) evalFn {
	fn, gen := c.expr(x.Fn), c.expr(x.Args[0].Value)
	consumers := make([]*Builtin, 0, len(genConsumers))
	for _, name := range genConsumers {
		if b := builtins[name]; b != nil {
			consumers = append(consumers, b)
		}
	}
	return func(in *interp) (Value, error) {
		f, err := fn(in)
		if err != nil {
			return nil, err
		}
		v, err := gen(in)
		if err != nil {
			return nil, err
		}
		if b, ok := f.(*Builtin); ok && slices.Contains(consumers, b) {
			if g, ok := v.(*Generator); ok {
				g.st.consumed = true
			}
		}
		r, err := in.call(f, []Value{v}, nil, nil, x)
		return r, in.wrapNode(err, x)
	}
}

// loopCall compiles the iterable of "for x in f(args)", a call of a name
// with positional arguments: when f is a generator function and the loop
// is not in a generator's body, the generator is marked consumed, so
// that the loop body runs as its sink (iterateInline). Nothing but the
// loop holds a generator that such a call has just made.
func (c *compiler) loopCall(x *syntax.CallExpr) evalFn {
	fn, args := c.expr(x.Fn), c.exprs(argExprs(x.Args))
	return func(in *interp) (Value, error) {
		f, err := fn(in)
		if err != nil {
			return nil, err
		}
		if b, ok := f.(*Builtin); ok && len(args) <= 4 {
			// for x in enumerate(xs): the arguments on the stack, as
			// callBuiltinOperands has them
			var buf [4]Value
			pos := buf[:len(args)]
			for i, a := range args {
				if pos[i], err = a(in); err != nil {
					return nil, err
				}
			}
			r, err := in.callBuiltin(b, pos, nil, nil, false)
			return r, in.wrapNode(err, x)
		}
		var r Value
		uf, isFunc := f.(*Function)
		if isFunc && uf.code.simpleArity == len(args) {
			// The arguments go straight into the callee's slots, as a
			// call expression's do, without a slice of them.
			callee := in.newFrame(uf)
			for i, a := range args {
				v, err := a(in)
				if err != nil {
					in.releaseFrame(callee)
					return nil, err
				}
				callee.locals[i] = v
			}
			r, err = in.runCall(callee, uf, x, true)
		} else {
			var pos []Value
			if pos, err = evalAll(in, args); err != nil {
				return nil, err
			}
			r, err = in.call(f, pos, nil, nil, x)
		}
		if err != nil {
			return nil, in.wrapNode(err, x)
		}
		if isFunc && uf.code.gen && in.gen == nil {
			if g, ok := r.(*Generator); ok {
				g.st.consumed = true
			}
		}
		return r, nil
	}
}

// puller returns the next element of an iterable, ok false at its end.
type puller func() (v Value, ok bool, err error)

// pullerOf steps through v one element at a time, as zip and map do: a
// generator, an iterator (of iter(), or an object with __next__) give
// only the elements asked for, other iterables are collected first.
func pullerOf(v Value) (puller, error) {
	switch x := v.(type) {
	case *Generator:
		return func() (Value, bool, error) {
			v, done, err := x.resumable().step(None, nil)
			return v, !done && err == nil, err
		}, nil
	case *lazyIterator:
		return x.next, nil
	case *Iterator:
		return x.next, nil
	case *List, *Dict, *dictView, *Set: // live, as their iterators are
		it, _ := liveIterator(v)
		return it.next, nil
	case *Range:
		// stepped, not collected: islice(range(10**12), 3) and
		// zip_longest(range(n), ...) as CPython's, whatever n
		n, i := x.count(), uint64(0)
		return func() (Value, bool, error) {
			if i >= n {
				return nil, false, nil
			}
			v := x.Start + int64(i)*x.Step
			i++
			return v, true, nil
		}, nil
	case IterMaker:
		it, err := x.Iter()
		if err != nil {
			return nil, err
		}
		return pullerOf(it)
	case *Instance:
		if x.HasOwn("__next__") {
			return func() (Value, bool, error) {
				v, _, err := x.hook("__next__")
				if err != nil {
					if isStopIteration(err) {
						return nil, false, nil
					}
					return nil, false, err
				}
				return v, true, nil
			}, nil
		}
		if r, ok, err := x.hook("__iter__"); ok || err != nil {
			if err != nil {
				return nil, err
			}
			if isIterator(r) {
				return pullerOf(r)
			}
			if err := notIterator(r); err != nil {
				return nil, err // not an iterator: CPython's TypeError
			}
			v = r // a library's iterator: collected below, not __iter__ called again
		}
	}
	elems, err := Collect(v)
	if err != nil {
		return nil, err
	}
	i := 0
	return func() (Value, bool, error) {
		if i >= len(elems) {
			return nil, false, nil
		}
		i++
		return elems[i-1], true, nil
	}, nil
}

// isStepped reports whether v is an iterator whose elements are computed
// as they are asked for, which may never end: a generator, an object with
// __next__.
func isStepped(v Value) bool {
	switch x := v.(type) {
	case *Generator, *lazyIterator:
		return true
	case *Instance:
		return x.HasOwn("__next__")
	}
	return false
}

// lazyIterator is an iterator that steps through another one as its
// elements are asked for: enumerate over a generator.
type lazyIterator struct {
	kind string
	pull puller
	rows rowSource // in place of pull: an iterator of tuples (zip, enumerate)
	done bool
}

// rowSource makes the tuples of an iterator such as zip's or
// enumerate's. A for loop whose target is names that take the tuple
// apart (for a, b in zip(x, y), for j, (a, b) in enumerate(zip(x, y)))
// has the elements stored straight into the names: the tuple would be
// unpacked at once and the program never sees it.
type rowSource interface {
	// pullTuple returns the next tuple; ok is false at the end.
	pullTuple() (v Value, ok bool, err error)
	// takes reports whether t, a target of names and nested tuples of
	// names, unpacks every tuple without fail (as many names as
	// elements), so that pullInto can fill it.
	takes(t *targetCode) bool
	// pullInto stores the next tuple's elements into dst, one for each
	// of t's names in their order (nested ones flattened); ok is false
	// at the end.
	pullInto(dst []Value, t *targetCode) (ok bool, err error)
}

// NewLazyIterator returns an iterator whose elements pull computes as
// they are asked for (next(), a for loop): ok false at the end, an error
// raised where the element is asked for. kind is its type's name.
func NewLazyIterator(kind string, pull func() (v Value, ok bool, err error)) Value {
	return &lazyIterator{kind: kind, pull: pull}
}

func (l *lazyIterator) TypeName() string { return l.kind }
func (l *lazyIterator) String() string   { return fmt.Sprintf("<%s object at %#x>", l.kind, ID(l)) }

// next returns the next element; ok is false at the end.
func (l *lazyIterator) next() (Value, bool, error) {
	if l.done {
		return nil, false, nil
	}
	var v Value
	var ok bool
	var err error
	if l.rows != nil {
		v, ok, err = l.rows.pullTuple()
	} else {
		v, ok, err = l.pull()
	}
	if !ok && err == nil {
		l.done = true // the end; an error leaves the iterator going, as CPython's map after its function raised
	}
	return v, ok, err
}

// nextInto is next for an iterator of rows, into the names of t, which
// l.rows takes.
func (l *lazyIterator) nextInto(dst []Value, t *targetCode) (bool, error) {
	if l.done {
		return false, nil
	}
	ok, err := l.rows.pullInto(dst, t)
	if !ok && err == nil {
		l.done = true
	}
	return ok, err
}

// rowTarget is the target of a for loop or of a comprehension's for
// clause when it is names that take a tuple apart (for a, b in ...,
// for j, (a, w) in ...): the one place where a lazy iterator of rows
// (zip, enumerate) fills such names straight from its rows' elements,
// without the tuples, which the target would unpack at once and the
// program never see.
type rowTarget struct {
	tc    *targetCode
	names []*nameSlot // tc's names, depth first
	// row is iterate's row, kept from one run of the loop to the next
	// (an allocation a run saved); busy while a run uses it, so that a
	// run the first one brings about (recursion, a source's code that
	// runs the loop, a thread switched to inside it) makes its own.
	row  []Value
	busy bool
}

// rowTargetOf returns tc as a rowTarget, or nil when tc is not a tuple
// of names and nested tuples of names without a star.
func rowTargetOf(tc *targetCode) *rowTarget {
	if tc.name != nil || !tc.namesOnly() || tc.hasStar() {
		return nil
	}
	return &rowTarget{tc: tc, names: tc.names(nil)}
}

// iterate calls each with the elements of every row of seq, one for
// each of t's names in their order, when seq is a lazy iterator whose
// rows t takes; each stores them (t.store) and reports whether to go on.
// handled is false, with nothing done, for any other seq or a nil t;
// err is an error of seq's, which a row's pull raised.
func (t *rowTarget) iterate(seq Value, each func(row []Value) bool) (handled bool, err error) {
	l, ok := seq.(*lazyIterator)
	if t == nil || !ok || l.rows == nil || !l.rows.takes(t.tc) {
		return false, nil
	}
	if t.busy {
		return true, t.rows(l, make([]Value, len(t.names)), each)
	}
	if t.row == nil {
		t.row = make([]Value, len(t.names))
	}
	t.busy = true
	err = t.rows(l, t.row, each)
	clear(t.row) // keeping no element alive
	t.busy = false
	return true, err
}

// rows is iterate's loop, with row to fill.
func (t *rowTarget) rows(l *lazyIterator, row []Value, each func(row []Value) bool) error {
	for {
		ok, err := l.nextInto(row, t.tc)
		if err != nil || !ok {
			return err
		}
		if !each(row) {
			return nil
		}
	}
}

// store stores a row's elements into t's names.
func (t *rowTarget) store(in *interp, row []Value) {
	for k, name := range t.names {
		name.store(in, row[k])
	}
}

// Iterate yields the remaining elements.
func (l *lazyIterator) Iterate(yield func(Value) bool) error {
	for {
		v, ok, err := l.next()
		if !ok || err != nil {
			return err
		}
		if !yield(v) {
			return nil
		}
	}
}

// Puller steps through v one element at a time: a generator, another
// lazy iterator or a range gives only the elements asked for, other
// iterables are collected first. The function's ok is false at the end.
func Puller(v Value) (func() (v Value, ok bool, err error), error) { return pullerOf(v) }

// IsStepped reports whether v computes its elements as they are asked
// for (a generator, a lazy iterator, an object with __next__), so that it
// may never end and must not be collected.
func IsStepped(v Value) bool { return isStepped(v) }

// Throw is g.throw(exc): exc, an exception object, raised at the yield
// the generator is suspended at. It returns the next value the generator
// yields, or the error it ends with (a StopIteration when it returns).
func (g *Generator) Throw(exc Value) (Value, error) {
	x, ok := isException(exc)
	if !ok {
		return nil, Errorf(TypeError, "exceptions must derive from BaseException")
	}
	if g.st.running {
		return nil, Errorf(ValueError, "generator already executing")
	}
	if !g.st.started || g.st.done {
		// Thrown before the body ran, or after it ended: it raises
		// here, and the generator is finished.
		g.st.done = true
		return nil, excError(x)
	}
	r, done, err := g.resumable().step(nil, excError(x))
	if err != nil {
		return nil, err
	}
	if done {
		return nil, stopIteration(r)
	}
	return r, nil
}

// thrownException is the exception g.throw(typ, val, tb) raises, as
// CPython's _gen_throw makes it.
func thrownException(a *Args, typ, val, tb Value) (Value, error) {
	if _, isTb := tb.(*Traceback); tb != None && !isTb {
		return nil, Errorf(TypeError, "throw() third argument must be a traceback object")
	}
	var exc Value
	if c, ok := typ.(*UserClass); ok && c.derivesFrom(baseException) {
		var err error
		switch v := val.(type) {
		case NoneType:
			exc, err = a.Call(c)
		case Tuple:
			exc, err = a.Call(c, v...)
		default:
			if ok, _ := IsInstance(val, c); ok {
				exc = val
			} else {
				exc, err = a.Call(c, val)
			}
		}
		if err != nil {
			return nil, err
		}
		if _, ok := isException(exc); !ok {
			return nil, Errorf(TypeError, "calling %s should have returned an instance of BaseException, not %s", Repr(c), TypeName(exc))
		}
	} else if _, ok := isException(typ); ok {
		if val != None {
			return nil, Errorf(TypeError, "instance exception may not have a separate value")
		}
		exc = typ
	} else {
		return nil, Errorf(TypeError, "exceptions must be classes or instances deriving from BaseException, not %s", TypeName(typ))
	}
	if tb != None {
		x, _ := isException(exc)
		if err := excStateOf(x).setTraceback(tb); err != nil {
			return nil, err
		}
	}
	return exc, nil
}
