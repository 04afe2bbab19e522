package threading

import (
	"math"

	"github.com/kael-dev/kael/lang"
)

// The synchronisation objects: Lock, RLock, Event, Condition, Semaphore
// and BoundedSemaphore, each a class of the module made in Go whose
// objects keep their state in Go (Native) and whose waits go through the
// scheduler, and local, whose attributes are per thread.

// stateMethod writes a method whose fn gets the object's state of type T.
func stateMethod[T any](sig, doc string, fn func(a *lang.Args, st T) (lang.Value, error)) *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, sig, doc, func(a *lang.Args) (lang.Value, error) {
		x, ok := a.Value("self").(*lang.Instance)
		var st T
		if ok {
			st, ok = x.Native().(T)
		}
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "descriptor needs a threading object, not '%s'", lang.TypeName(a.Value("self")))
		}
		return fn(a, st)
	})
}

func newClassIn(module, name string, bases []*lang.UserClass, methods ...*lang.Builtin) *lang.UserClass {
	return lang.MustNewClass(name, module, bases, methods...)
}

// me identifies the thread running now: its *thread, or the scheduler
// itself for the main thread.
func me(a *lang.Args) any {
	sc := schedOf(a.Session())
	if sc.current != nil {
		return sc.current
	}
	return sc
}

// acquireArgs reads acquire's blocking and timeout as CPython checks them
// for a lock (timeout=-1 for none): the timeout in seconds, or -1.
func acquireArgs(a *lang.Args) (blocking bool, timeout float64, err error) {
	blocking, timeout = a.Bool("blocking"), a.Float("timeout")
	if err := a.Err(); err != nil {
		return false, 0, err
	}
	switch {
	case !blocking && timeout != -1:
		return false, 0, lang.Errorf(lang.ValueError, "can't specify a timeout for a non-blocking call")
	case timeout < 0 && timeout != -1:
		return false, 0, lang.Errorf(lang.ValueError, "timeout value must be positive")
	case timeout > math.MaxInt32:
		return false, 0, lang.Errorf(lang.OverflowError, "timeout value is too large")
	}
	return blocking, timeout, nil
}

// semAcquireArgs reads Semaphore.acquire's blocking and timeout=None: a
// negative timeout waits not at all, as CPython's.
func semAcquireArgs(a *lang.Args) (blocking bool, timeout float64, err error) {
	blocking, timeout = a.Bool("blocking"), -1
	if !a.IsNone("timeout") {
		if !blocking {
			return false, 0, lang.Errorf(lang.ValueError, "can't specify timeout for non-blocking acquire")
		}
		timeout = max(a.Float("timeout"), 0)
	}
	return blocking, timeout, a.Err()
}

// lockState is a Lock's state.
type lockState struct{ locked bool }

func (l *lockState) acquire(a *lang.Args, blocking bool, timeout float64) (bool, error) {
	if !l.locked {
		l.locked = true
		return true, nil
	}
	if !blocking {
		return false, nil
	}
	ok, err := Wait(a, "Lock.acquire()", func() bool { return !l.locked }, timeout)
	if ok && err == nil {
		l.locked = true
	}
	return ok && err == nil, err
}

func (l *lockState) release(a *lang.Args) error {
	if !l.locked {
		return lang.Errorf(lang.RuntimeError, "release unlocked lock")
	}
	l.locked = false
	Changed(a)
	return nil
}

var lockClass = newClassIn("_thread", "lock", nil,
	stateMethod("acquire(self, blocking=True, timeout=-1)", "Takes the lock, waiting while another thread holds it (not at all with blocking=False; at most timeout seconds); True when taken.", func(a *lang.Args, l *lockState) (lang.Value, error) {
		blocking, timeout, err := acquireArgs(a)
		if err != nil {
			return nil, err
		}
		return l.acquire(a, blocking, timeout)
	}),
	stateMethod("release(self)", "Releases the lock (any thread may).", func(a *lang.Args, l *lockState) (lang.Value, error) {
		return lang.None, l.release(a)
	}),
	stateMethod("locked(self)", "Whether the lock is held.", func(a *lang.Args, l *lockState) (lang.Value, error) { return l.locked, nil }),
	stateMethod("__enter__(self)", "Takes the lock.", func(a *lang.Args, l *lockState) (lang.Value, error) { return l.acquire(a, true, -1) }),
	stateMethod("__exit__(self, *exc)", "Releases the lock.", func(a *lang.Args, l *lockState) (lang.Value, error) { return lang.None, l.release(a) }),
)

// rlockState is an RLock's state: its owner and how many times it holds it.
type rlockState struct {
	owner any
	count int
}

func (r *rlockState) acquire(a *lang.Args, blocking bool, timeout float64) (bool, error) {
	who := me(a)
	if r.count > 0 && r.owner == who {
		r.count++
		return true, nil
	}
	if r.count > 0 {
		if !blocking {
			return false, nil
		}
		ok, err := Wait(a, "RLock.acquire()", func() bool { return r.count == 0 }, timeout)
		if !ok || err != nil {
			return false, err
		}
	}
	r.owner, r.count = who, 1
	return true, nil
}

func (r *rlockState) release(a *lang.Args) error {
	if r.count == 0 || r.owner != me(a) {
		return lang.Errorf(lang.RuntimeError, "cannot release un-acquired lock")
	}
	if r.count--; r.count == 0 {
		r.owner = nil
		Changed(a)
	}
	return nil
}

var rlockClass = newClassIn("_thread", "RLock", nil,
	stateMethod("acquire(self, blocking=True, timeout=-1)", "Takes the lock, again and again by the thread that holds it; another thread waits.", func(a *lang.Args, r *rlockState) (lang.Value, error) {
		blocking, timeout, err := acquireArgs(a)
		if err != nil {
			return nil, err
		}
		return r.acquire(a, blocking, timeout)
	}),
	stateMethod("release(self)", "Releases one level of the lock, held by this thread.", func(a *lang.Args, r *rlockState) (lang.Value, error) {
		return lang.None, r.release(a)
	}),
	stateMethod("__enter__(self)", "Takes the lock.", func(a *lang.Args, r *rlockState) (lang.Value, error) { return r.acquire(a, true, -1) }),
	stateMethod("__exit__(self, *exc)", "Releases the lock.", func(a *lang.Args, r *rlockState) (lang.Value, error) { return lang.None, r.release(a) }),
)

// eventState is an Event's flag.
type eventState struct{ flag bool }

var eventClass = newClassIn("threading", "Event", nil,
	stateMethod("is_set(self)", "Whether the flag is set.", func(a *lang.Args, e *eventState) (lang.Value, error) { return e.flag, nil }),
	stateMethod("isSet(self)", "is_set() (deprecated).", func(a *lang.Args, e *eventState) (lang.Value, error) { return e.flag, nil }),
	stateMethod("set(self)", "Sets the flag: the threads waiting for it go on.", func(a *lang.Args, e *eventState) (lang.Value, error) {
		e.flag = true
		Changed(a)
		return lang.None, nil
	}),
	stateMethod("clear(self)", "Clears the flag.", func(a *lang.Args, e *eventState) (lang.Value, error) {
		e.flag = false
		return lang.None, nil
	}),
	stateMethod("wait(self, timeout=None)", "Waits until the flag is set (at most timeout seconds); the flag.", func(a *lang.Args, e *eventState) (lang.Value, error) {
		timeout, err := optTimeout(a)
		if err != nil {
			return nil, err
		}
		return Wait(a, "Event.wait()", func() bool { return e.flag }, timeout)
	}),
)

// optTimeout reads timeout=None: seconds, or -1 for none (a negative
// timeout waits not at all, as CPython's).
func optTimeout(a *lang.Args) (float64, error) {
	if a.IsNone("timeout") {
		return -1, nil
	}
	t := a.Float("timeout")
	return max(t, 0), a.Err()
}

// condState is a Condition's lock and its waiters, each a flag that
// notify sets.
type condState struct {
	lock    *lang.Instance
	waiters []*bool
}

// locker is what a Condition's lock is: a Lock or an RLock.
func (c *condState) call(a *lang.Args, name string, args ...lang.Value) (lang.Value, error) {
	m, err := lang.GetAttr(c.lock, name)
	if err != nil {
		return nil, err
	}
	return a.Call(m, args...)
}

// owned reports whether the running thread holds the condition's lock
// (for a Lock: whether it is held at all, as CPython's _is_owned guesses).
func (c *condState) owned(a *lang.Args) bool {
	switch l := c.lock.Native().(type) {
	case *rlockState:
		return l.count > 0 && l.owner == me(a)
	case *lockState:
		return l.locked
	}
	return false
}

func (c *condState) wait(a *lang.Args, timeout float64) (bool, error) {
	if !c.owned(a) {
		return false, lang.Errorf(lang.RuntimeError, "cannot wait on un-acquired lock")
	}
	notified := false
	c.waiters = append(c.waiters, &notified)
	// release the lock fully (all of an RLock's levels), wait, take it back
	saved := 1
	if r, ok := c.lock.Native().(*rlockState); ok {
		saved = r.count
		r.count, r.owner = 0, nil
		Changed(a)
	} else if _, err := c.call(a, "release"); err != nil {
		return false, err
	}
	ok, err := Wait(a, "Condition.wait()", func() bool { return notified }, timeout)
	if !notified {
		for i, w := range c.waiters {
			if w == &notified {
				c.waiters = append(c.waiters[:i], c.waiters[i+1:]...)
				break
			}
		}
	}
	if r, isR := c.lock.Native().(*rlockState); isR {
		if _, aerr := r.acquire(a, true, -1); aerr != nil && err == nil {
			err = aerr
		}
		r.count = saved
	} else if _, aerr := c.call(a, "acquire"); aerr != nil && err == nil {
		err = aerr
	}
	return ok, err
}

var conditionClass = newClassIn("threading", "Condition", nil,
	stateMethod("acquire(self, *args)", "Takes the condition's lock.", func(a *lang.Args, c *condState) (lang.Value, error) {
		return c.call(a, "acquire", a.Value("args").(lang.Tuple)...)
	}),
	stateMethod("release(self)", "Releases the condition's lock.", func(a *lang.Args, c *condState) (lang.Value, error) {
		return c.call(a, "release")
	}),
	stateMethod("__enter__(self)", "Takes the condition's lock.", func(a *lang.Args, c *condState) (lang.Value, error) {
		return c.call(a, "acquire")
	}),
	stateMethod("__exit__(self, *exc)", "Releases the condition's lock.", func(a *lang.Args, c *condState) (lang.Value, error) {
		_, err := c.call(a, "release")
		return lang.None, err
	}),
	stateMethod("wait(self, timeout=None)", "Releases the lock, waits until notified (at most timeout seconds), takes the lock again; whether it was notified.", func(a *lang.Args, c *condState) (lang.Value, error) {
		timeout, err := optTimeout(a)
		if err != nil {
			return nil, err
		}
		return c.wait(a, timeout)
	}),
	stateMethod("wait_for(self, predicate, timeout=None)", "Waits until predicate() is true (at most timeout seconds); its last value.", func(a *lang.Args, c *condState) (lang.Value, error) {
		timeout, err := optTimeout(a)
		if err != nil {
			return nil, err
		}
		var deadline float64
		start := nowSeconds()
		if timeout >= 0 {
			deadline = start + timeout
		}
		for {
			r, err := a.Call(a.Value("predicate"))
			if err != nil {
				return nil, err
			}
			if t, err := lang.Truth(r); err != nil || t {
				return r, err
			}
			wait := -1.0
			if timeout >= 0 {
				if wait = deadline - nowSeconds(); wait <= 0 {
					return r, nil
				}
			}
			if _, err := c.wait(a, wait); err != nil {
				return nil, err
			}
		}
	}),
	stateMethod("notify(self, n=1)", "Wakes up to n threads waiting on the condition.", func(a *lang.Args, c *condState) (lang.Value, error) {
		if !c.owned(a) {
			return nil, lang.Errorf(lang.RuntimeError, "cannot notify on un-acquired lock")
		}
		n := min(max(a.Int("n"), 0), len(c.waiters))
		for _, w := range c.waiters[:n] {
			*w = true
		}
		c.waiters = c.waiters[n:]
		Changed(a)
		return lang.None, a.Err()
	}),
	stateMethod("notify_all(self)", "Wakes up every thread waiting on the condition.", func(a *lang.Args, c *condState) (lang.Value, error) {
		if !c.owned(a) {
			return nil, lang.Errorf(lang.RuntimeError, "cannot notify on un-acquired lock")
		}
		for _, w := range c.waiters {
			*w = true
		}
		c.waiters = nil
		Changed(a)
		return lang.None, nil
	}),
)

// semState is a Semaphore's counter (and its initial value, the bound of a
// BoundedSemaphore).
type semState struct {
	value, initial int
	bounded        bool
}

func (s *semState) acquire(a *lang.Args, blocking bool, timeout float64) (bool, error) {
	if s.value == 0 {
		if !blocking {
			return false, nil
		}
		ok, err := Wait(a, "Semaphore.acquire()", func() bool { return s.value > 0 }, timeout)
		if !ok || err != nil {
			return false, err
		}
	}
	s.value--
	return true, nil
}

func (s *semState) release(a *lang.Args, n int) error {
	if n < 1 {
		return lang.Errorf(lang.ValueError, "n must be one or more")
	}
	if s.bounded && s.value+n > s.initial {
		return lang.Errorf(lang.ValueError, "Semaphore released too many times")
	}
	s.value += n
	Changed(a)
	return nil
}

var semaphoreClass = newClassIn("threading", "Semaphore", nil,
	stateMethod("acquire(self, blocking=True, timeout=None)", "Takes one from the counter, waiting while it is 0 (not at all with blocking=False; at most timeout seconds); True when taken.", func(a *lang.Args, s *semState) (lang.Value, error) {
		blocking, timeout, err := semAcquireArgs(a)
		if err != nil {
			return nil, err
		}
		return s.acquire(a, blocking, timeout)
	}),
	stateMethod("release(self, n=1)", "Adds n to the counter.", func(a *lang.Args, s *semState) (lang.Value, error) {
		n := a.Int("n")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return lang.None, s.release(a, n)
	}),
	stateMethod("__enter__(self)", "acquire().", func(a *lang.Args, s *semState) (lang.Value, error) { return s.acquire(a, true, -1) }),
	stateMethod("__exit__(self, *exc)", "release().", func(a *lang.Args, s *semState) (lang.Value, error) { return lang.None, s.release(a, 1) }),
)

var boundedSemaphoreClass = newClassIn("threading", "BoundedSemaphore", []*lang.UserClass{semaphoreClass})

// localState is the Native of a threading.local object (CPython's
// _thread._local; Lib/_threading_local.py says how it behaves): x holds
// the attributes of one thread, cur, and others keeps the other threads'.
// Before each attribute access (lang.AttrContext) the running thread's
// set is swapped in; a thread that had none gets an empty one, and a
// subclass's __init__ runs on it with the constructor's arguments, as
// CPython's local does the first time a thread touches the object.
type localState struct {
	sc      *sched
	pos     []lang.Value
	kwNames []string
	kwVals  []lang.Value
	cur     any
	others  map[any]*lang.InstanceAttrs
}

// localClass is threading.local, _thread._local, which a class may
// derive from.
var localClass = func() *lang.UserClass {
	c := newClassIn("_thread", "_local", nil)
	newFn := lang.NewBuiltin(lang.AsValue, "__new__(cls, *args, **kwargs)", "A new local object of cls, whose attributes each thread sets and reads for itself.", func(a *lang.Args) (lang.Value, error) {
		cls, ok := a.Value("cls").(*lang.UserClass)
		if sub, _ := lang.IsSubclass(cls, c); !ok || !sub {
			return nil, lang.Errorf(lang.TypeError, "_thread._local.__new__(X): X is not a subtype of _thread._local")
		}
		pos := []lang.Value(a.Value("args").(lang.Tuple))
		kwNames, kwVals := a.Keywords()
		if _, own := cls.Lookup("__init__"); !own && len(pos)+len(kwNames) > 0 {
			return nil, lang.Errorf(lang.TypeError, "Initialization arguments are not supported")
		}
		sc := schedOf(a.Session())
		st := &localState{sc: sc, pos: pos, kwNames: kwNames, kwVals: kwVals, cur: sc.who(), others: map[any]*lang.InstanceAttrs{}}
		return lang.NewInstance(cls, st), nil
	}).CollectKeywords()
	_ = c.SetAttr("__new__", newFn)
	c.SetAttrContext(enterLocal)
	return c
}()

// who identifies the running thread: its *thread, or sc for the main one.
func (sc *sched) who() any {
	if sc.current != nil {
		return sc.current
	}
	return sc
}

// enterLocal gives x, a local object, the running thread's attributes.
func enterLocal(x *lang.Instance) error {
	st, ok := x.Native().(*localState)
	if !ok {
		return nil
	}
	k := st.sc.who()
	if k == st.cur {
		return nil
	}
	held, seen := st.others[k]
	if !seen {
		held = &lang.InstanceAttrs{}
	}
	x.SwapAttrs(held) // held now has cur's attributes
	delete(st.others, k)
	st.others[st.cur] = held
	st.cur = k
	for t := range st.others { // those of threads that ended go, as in CPython
		if t, isThread := t.(*thread); isThread && t.done {
			delete(st.others, t)
		}
	}
	if seen {
		return nil
	}
	init, own := x.Class().Lookup("__init__")
	if !own {
		return nil
	}
	_, err := x.Session().CallHookKw(init, append([]lang.Value{x}, st.pos...), st.kwNames, st.kwVals)
	return err
}
