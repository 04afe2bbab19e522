// Package queue is Python's queue module: Queue (first in, first out),
// LifoQueue, PriorityQueue (heapq's order) and SimpleQueue, with the
// Empty and Full exceptions. A put to a full queue or a get from an empty
// one waits through the threading package's scheduler, which runs the
// other threads until one makes room or puts an item; a wait no thread
// can end is a RuntimeError that says so rather than a hang, and a
// timeout raises Empty or Full when it passes.
package queue

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/lib/heapq"
	"github.com/kael-dev/kael/lang/lib/threading"
)

// The kinds of queue.Empty and queue.Full.
const (
	Empty lang.ErrorKind = "queue.Empty"
	Full  lang.ErrorKind = "queue.Full"
)

var (
	emptyClass = lang.RegisterExceptionClass(Empty, "_queue", "Empty", "Exception")
	fullClass  = lang.RegisterExceptionClass(Full, "queue", "Full", "Exception")
)

// raise is the error of raising cls(), without arguments, as queue does.
func raise(cls lang.Value) error {
	if exc, ok := lang.NewException(cls); ok {
		if e, ok := lang.RaiseException(exc); ok {
			return e
		}
	}
	return lang.Errorf(lang.InternalError, "queue: cannot raise %s", lang.Repr(cls))
}

// order is how a queue keeps its items.
type order int

const (
	fifo order = iota
	lifo
	priority
)

// state is a queue's items and counters.
type state struct {
	order      order
	maxsize    int
	items      *lang.List
	unfinished int
	simple     bool
}

func (q *state) full() bool { return q.maxsize > 0 && len(q.items.Elems) >= q.maxsize }

func (q *state) push(a *lang.Args, v lang.Value) error {
	if q.order == priority {
		return heapq.Push(a, q.items, v)
	}
	q.items.Elems = append(q.items.Elems, v)
	return nil
}

func (q *state) pop(a *lang.Args) (lang.Value, error) {
	e := q.items.Elems
	switch q.order {
	case priority:
		return heapq.Pop(a, q.items)
	case lifo:
		v := e[len(e)-1]
		q.items.Elems = e[:len(e)-1]
		return v, nil
	}
	v := e[0]
	e[0] = nil
	q.items.Elems = e[1:]
	return v, nil
}

// timeoutArg reads block and timeout as Queue.put and get do: whether to
// wait, and for how long (-1: for ever).
func timeoutArg(a *lang.Args, block bool) (bool, float64, error) {
	if !block || a.IsNone("timeout") {
		return block, -1, nil
	}
	t := a.Float("timeout")
	if err := a.Err(); err != nil {
		return false, 0, err
	}
	if t < 0 {
		return false, 0, lang.Errorf(lang.ValueError, "'timeout' must be a non-negative number")
	}
	return true, t, nil
}

func (q *state) put(a *lang.Args, item lang.Value, block bool) error {
	block, timeout, err := timeoutArg(a, block)
	if err != nil {
		return err
	}
	if q.full() {
		if !block {
			return raise(fullClass)
		}
		ok, err := threading.Wait(a, "Queue.put() to a full queue", func() bool { return !q.full() }, timeout)
		if err != nil {
			return err
		}
		if !ok {
			return raise(fullClass)
		}
	}
	if err := q.push(a, item); err != nil {
		return err
	}
	q.unfinished++
	threading.Changed(a)
	return nil
}

func (q *state) get(a *lang.Args, block bool) (lang.Value, error) {
	block, timeout, err := timeoutArg(a, block)
	if err != nil {
		return nil, err
	}
	if len(q.items.Elems) == 0 {
		if !block {
			return nil, raise(emptyClass)
		}
		ok, err := threading.Wait(a, "Queue.get() from an empty queue", func() bool { return len(q.items.Elems) > 0 }, timeout)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, raise(emptyClass)
		}
	}
	v, err := q.pop(a)
	if err != nil {
		return nil, err
	}
	threading.Changed(a)
	return v, nil
}

// method writes a method whose fn gets the queue's state.
func method(sig, doc string, fn func(a *lang.Args, q *state) (lang.Value, error)) *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, sig, doc, func(a *lang.Args) (lang.Value, error) {
		x, ok := a.Value("self").(*lang.Instance)
		var q *state
		if ok {
			q, ok = x.Native().(*state)
		}
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "descriptor needs a queue, not '%s'", lang.TypeName(a.Value("self")))
		}
		return fn(a, q)
	})
}

func newClass(module, name string, bases []*lang.UserClass, methods ...*lang.Builtin) *lang.UserClass {
	return lang.MustNewClass(name, module, bases, methods...)
}

// initMethod is the __init__ of a queue class keeping its items in ord.
func initMethod(ord order) *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, "__init__(self, maxsize=0)", "A queue of at most maxsize items (no bound for 0 or less).", func(a *lang.Args) (lang.Value, error) {
		x := a.Value("self").(*lang.Instance)
		n := a.Int("maxsize")
		if err := a.Err(); err != nil {
			return nil, err
		}
		x.SetNative(&state{order: ord, maxsize: n, items: &lang.List{}})
		x.SetOwn("maxsize", int64(n))
		return lang.None, nil
	})
}

var commonMethods = []*lang.Builtin{
	method("qsize(self)", "How many items the queue holds.", func(a *lang.Args, q *state) (lang.Value, error) {
		return int64(len(q.items.Elems)), nil
	}),
	method("empty(self)", "Whether the queue holds no item.", func(a *lang.Args, q *state) (lang.Value, error) {
		return len(q.items.Elems) == 0, nil
	}),
	method("put(self, item, block=True, timeout=None)", "Adds item, waiting while the queue is full (raising Full without block, or after timeout seconds).", func(a *lang.Args, q *state) (lang.Value, error) {
		return lang.None, q.put(a, a.Value("item"), a.Bool("block"))
	}),
	method("put_nowait(self, item)", "put(item, block=False).", func(a *lang.Args, q *state) (lang.Value, error) {
		return lang.None, q.put(a, a.Value("item"), false)
	}),
	method("get(self, block=True, timeout=None)", "Removes and returns the next item, waiting while the queue is empty (raising Empty without block, or after timeout seconds).", func(a *lang.Args, q *state) (lang.Value, error) {
		return q.get(a, a.Bool("block"))
	}),
	method("get_nowait(self)", "get(block=False).", func(a *lang.Args, q *state) (lang.Value, error) {
		return q.get(a, false)
	}),
}

var queueMethods = append([]*lang.Builtin{
	initMethod(fifo),
	method("full(self)", "Whether the queue holds maxsize items.", func(a *lang.Args, q *state) (lang.Value, error) {
		return q.full(), nil
	}),
	method("task_done(self)", "Says that an item taken with get() has been dealt with, for join().", func(a *lang.Args, q *state) (lang.Value, error) {
		if q.unfinished <= 0 {
			return nil, lang.Errorf(lang.ValueError, "task_done() called too many times")
		}
		q.unfinished--
		threading.Changed(a)
		return lang.None, nil
	}),
	method("join(self)", "Waits until every item put has been got and marked with task_done().", func(a *lang.Args, q *state) (lang.Value, error) {
		_, err := threading.Wait(a, "Queue.join()", func() bool { return q.unfinished == 0 }, -1)
		return lang.None, err
	}),
}, commonMethods...)

var (
	queueClass         = newClass("queue", "Queue", nil, queueMethods...)
	lifoQueueClass     = newClass("queue", "LifoQueue", []*lang.UserClass{queueClass}, initMethod(lifo))
	priorityQueueClass = newClass("queue", "PriorityQueue", []*lang.UserClass{queueClass}, initMethod(priority))
	simpleQueueClass   = newClass("_queue", "SimpleQueue", nil, append([]*lang.Builtin{
		lang.NewBuiltin(lang.AsValue, "__init__(self)", "An unbounded first-in, first-out queue.", func(a *lang.Args) (lang.Value, error) {
			a.Value("self").(*lang.Instance).SetNative(&state{order: fifo, items: &lang.List{}, simple: true})
			return lang.None, nil
		}),
	}, commonMethods...)...)
)

func init() {
	lang.RegisterModule("queue", "Python's queue module: Queue, LifoQueue, PriorityQueue, SimpleQueue, Empty and Full; waits run the other threads (threading).", func() *lang.Module {
		return &lang.Module{Name: "queue", Doc: "Python's queue module: Queue, LifoQueue, PriorityQueue, SimpleQueue, Empty, Full.", Attrs: map[string]lang.Value{
			"Queue": queueClass, "LifoQueue": lifoQueueClass, "PriorityQueue": priorityQueueClass, "SimpleQueue": simpleQueueClass,
			"Empty": emptyClass, "Full": fullClass,
		}}
	})
}
