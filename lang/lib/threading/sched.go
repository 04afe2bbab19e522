package threading

import (
	"fmt"
	"time"

	"github.com/kael-dev/kael/lang"
)

// The scheduler. A kael session runs one piece of Python code at a time,
// so threads here are coroutines: each started thread runs its target on
// a goroutine of its own (lang.IterateLazily, as a generator's body runs),
// and exactly one of the threads, the main one included, runs at any
// moment. A thread runs from start() until its target returns or it has
// to wait (a Lock another holds, an empty Queue, an Event not set, join
// of a thread still waiting); then it hands control back, and whoever has
// to wait in turn (the main thread in join(), q.get(), ...) runs the
// waiting threads again, round by round, until what it waits for happens.
// When a round changes nothing, nothing ever will: a wait with a timeout
// sleeps out its timeout, one without is a RuntimeError that says it
// would wait forever (CPython hangs). time.sleep waits the same way
// (Sleep): a thread that sleeps hands control back, and the main thread
// runs the others while it sleeps. When the program's code is done, its
// end (threading._shutdown, registered with Session.AtExit) waits for
// the threads that are not daemons, as CPython's does.

// sched is a session's scheduler.
type sched struct {
	current *thread   // the thread running now; nil for the main thread
	live    []*thread // started threads that have not ended, in start order
	counter int       // for the names Thread-N
	idents  int64     // for idents
	version uint64    // bumped by every change a waiter may wait for
	main    *lang.Instance
}

func schedOf(s *lang.Session) *sched {
	return s.LibraryState(schedKey{}, func() any { return &sched{idents: 1} }).(*sched)
}

type schedKey struct{}

// thread is a started thread's run: its coroutine and where it waits.
type thread struct {
	inst     *lang.Instance
	state    *threadState
	pull     func() (lang.Value, bool, error)
	yield    func(lang.Value) bool
	running  bool      // on the chain of threads running now (resuming another, or itself)
	deadline time.Time // when its wait times out; zero when it has none
	done     bool
}

// Changed records that something a waiter may wait for happened (a put,
// a release, a set): waits check again.
func Changed(a *lang.Args) { schedOf(a.Session()).version++ }

// errQuit ends a thread whose coroutine was dropped (its session ended).
var errQuit = lang.Errorf(lang.RuntimeError, "the thread's session ended while it waited")

// Wait blocks the running thread until ready() is true, running the other
// threads meanwhile; with timeout >= 0 (seconds) it gives up then and
// returns false. what names the wait in the error for one that would
// never end.
func Wait(a *lang.Args, what string, ready func() bool, timeout float64) (bool, error) {
	if ready() {
		return true, nil
	}
	sc := schedOf(a.Session())
	var deadline time.Time
	if timeout >= 0 {
		deadline = time.Now().Add(time.Duration(timeout * float64(time.Second)))
	}
	if t := sc.current; t != nil {
		// a thread: hand control back until it is ready or timed out
		t.deadline = deadline
		defer func() { t.deadline = time.Time{} }()
		for !ready() {
			if !deadline.IsZero() && !time.Now().Before(deadline) {
				return false, nil
			}
			if !t.yield(nil) {
				return false, errQuit
			}
			if err := a.Context().Err(); err != nil {
				return false, lang.ErrInterrupted()
			}
		}
		return true, nil
	}
	for {
		before := sc.version
		ran, err := sc.round(a)
		if err != nil {
			return false, err
		}
		if ready() {
			return true, nil
		}
		if err := a.Context().Err(); err != nil {
			return false, lang.ErrInterrupted()
		}
		if ran && sc.version != before {
			continue
		}
		// nothing changed: only time can help now
		next := deadline
		for _, t := range sc.live {
			if !t.deadline.IsZero() && (next.IsZero() || t.deadline.Before(next)) {
				next = t.deadline
			}
		}
		if next.IsZero() {
			return false, lang.Errorf(lang.RuntimeError, "%s would wait forever: no other thread can make it ready (kael runs threads one at a time, each until it waits)", what)
		}
		if err := sleepUntil(a, next); err != nil {
			return false, err
		}
		if !deadline.IsZero() && !time.Now().Before(deadline) {
			return ready(), nil
		}
		sc.version++ // a thread's timeout may have passed: let it look
	}
}

// sleepUntil waits until t, or returns KeyboardInterrupt at an interrupt.
func sleepUntil(a *lang.Args, t time.Time) error {
	d := time.Until(t)
	if d <= 0 {
		return nil
	}
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-timer.C:
		return nil
	case <-a.Context().Done():
		return lang.ErrInterrupted()
	}
}

// round resumes each live thread that is not running once; it reports
// whether any ran.
func (sc *sched) round(a *lang.Args) (bool, error) {
	ran := false
	for _, t := range append([]*thread(nil), sc.live...) {
		if t.done || t.running {
			continue
		}
		if err := sc.resume(a, t); err != nil {
			return ran, err
		}
		ran = true
	}
	return ran, nil
}

// resume runs t until it ends or waits. An interrupt that ends t stops
// the whole program: it is resume's error.
func (sc *sched) resume(a *lang.Args, t *thread) error {
	prev := sc.current
	sc.current, t.running = t, true
	_, more, err := t.pull()
	sc.current, t.running = prev, false
	if more {
		return nil
	}
	t.done = true
	t.state.alive = false
	sc.version++
	for i, l := range sc.live {
		if l == t {
			sc.live = append(sc.live[:i], sc.live[i+1:]...)
			break
		}
	}
	if err == nil || err == errQuit {
		return nil
	}
	switch e := lang.ToError(err); e.Kind {
	case lang.KeyboardInterrupt:
		return err
	case "SystemExit":
	default:
		if werr := a.WriteStderr(fmt.Sprintf("Exception in thread %s:\n%s\n", nameOf(t.inst), e.Render())); werr != nil {
			return werr
		}
	}
	return nil
}

// Sleep is time.sleep(d) among threads: the sleeping thread hands
// control back until d has passed, so that the others run meanwhile (a
// sleep of 0 too lets them run once), as CPython's sleep releases the
// GIL. The main thread runs the threads waiting, and sleeps while none
// can run. An interrupt stops it with KeyboardInterrupt.
func Sleep(a *lang.Args, d time.Duration) error {
	sc := schedOf(a.Session())
	deadline := time.Now().Add(d)
	if t := sc.current; t != nil {
		t.deadline = deadline
		defer func() { t.deadline = time.Time{} }()
		for first := true; first || time.Now().Before(deadline); first = false {
			if !t.yield(nil) {
				return errQuit
			}
			if err := a.Context().Err(); err != nil {
				return lang.ErrInterrupted()
			}
		}
		return nil
	}
	if len(sc.live) == 0 {
		return sleepUntil(a, deadline)
	}
	if d <= 0 {
		_, err := sc.round(a)
		return err
	}
	_, err := Wait(a, "time.sleep", func() bool { return !time.Now().Before(deadline) }, d.Seconds())
	return err
}

// shutdown is threading._shutdown, which a program's end runs (it is
// registered with the session when a thread starts): it waits for the
// threads that are not daemons to end, running them, as CPython waits
// for them before it exits.
var shutdown = fn("_shutdown()", "Waits for the threads that are not daemons to end, as the end of a program does.", func(a *lang.Args) (lang.Value, error) {
	sc := schedOf(a.Session())
	_, err := Wait(a, "the end of the program (waiting for its threads)", func() bool {
		for _, t := range sc.live {
			if d, _ := lang.GetAttr(t.inst, "daemon"); d != true {
				return false
			}
		}
		return true
	}, -1)
	return lang.None, err
})

// start begins t's run on its coroutine and runs it until it ends or
// waits, as CPython's new thread runs first.
func (sc *sched) start(a *lang.Args, t *thread, run func() error) error {
	it := lang.IterateLazily("thread", func(yield func(lang.Value) bool) error {
		t.yield = yield
		return run()
	})
	t.pull, _ = lang.Puller(it)
	sc.live = append(sc.live, t)
	a.Session().AtExit(schedKey{}, shutdown)
	return sc.resume(a, t)
}
