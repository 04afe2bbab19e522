package lang

import (
	"context"
	"math"
	"runtime"
	"strconv"
	"testing"
	"unsafe"
)

// TestNativeStateBesideAttributesMatchCPython gives instances of classes
// that keep a native state in their last slot (instance_slots.go: an
// exception's arguments, a list's or dict's items, an int's value, a
// class made in Go) attributes past what their slots hold, a __dict__,
// deletions and copies, and compares what they print (p appends to out)
// with CPython's: the state and the attributes must never overwrite each
// other.
func TestNativeStateBesideAttributesMatchCPython(t *testing.T) {
	prelude := "out = []\ndef p(*a):\n    out.append(' '.join([str(x) for x in a]))\n" +
		"def fill(o, n):\n    for i in range(n):\n        setattr(o, 'a%d' % i, i * 10)\n"
	srcs := []string{
		// An exception with 0 to 6 attributes: its args stay its own.
		"for n in range(7):\n    e = ValueError('v', n)\n    fill(e, n)\n    p(n, e.args, str(e), sorted(vars(e).items()))",
		// Attributes set in __init__ of a subclass, past the inline slots,
		// then raised and caught.
		"class E(Exception):\n    def __init__(self, msg):\n        super().__init__(msg)\n        self.a = 1\n        self.b = 2\n        self.c = 3\n        self.d = 4\nfor i in range(3):\n    try:\n        raise E('m%d' % i)\n    except E as e:\n        p(e, e.args, e.a, e.b, e.c, e.d)",
		// Three attributes (the inline ones), one deleted and added back.
		"e = KeyError('k')\ne.x, e.y, e.z = 1, 2, 3\ndel e.y\ne.w = 4\np(e, e.args, vars(e))\ne.y = 5\np(vars(e), e.args)",
		// __dict__ read, then replaced: the state stays.
		"e = OSError(2, 'gone')\ne.x = 1\nd = e.__dict__\nd['y'] = 2\np(e.errno, e.strerror, e.x, e.y)\ne.__dict__ = {'z': 3}\np(e.errno, e.args, vars(e))",
		// A list and a dict subclass with many attributes.
		"class L(list):\n    pass\nl = L([1, 2, 3])\nfill(l, 6)\nl.append(4)\np(l, len(l), l.a5, sorted(vars(l).items()))\nclass D(dict):\n    pass\nd = D(k=1)\nfill(d, 5)\nd['j'] = 2\np(sorted(d.items()), d.a4, len(vars(d)))\ndel d.a0\np(sorted(vars(d)), sorted(d.items()))",
		// An int subclass: its value beside its attributes.
		"class I(int):\n    pass\nx = I(7)\nfill(x, 5)\np(x + 1, x, x.a4, x.a0)\nx.__dict__['q'] = 9\np(x * 2, x.q)",
		// copy and deepcopy of an instance with state and attributes.
		"import copy\nclass L(list):\n    pass\nl = L([1, 2])\nfill(l, 5)\nc = copy.copy(l)\nq = copy.deepcopy(l)\np(c, vars(c) == vars(l), q, vars(q) == vars(l))\ne = ValueError('v')\nfill(e, 4)\nf = copy.copy(e)\np(f.args, vars(f))",
		// A class made in Go and a user subclass of it.
		"import collections\nclass Q(collections.deque):\n    pass\nq = Q([1, 2, 3], maxlen=5)\nfill(q, 5)\nq.append(4)\np(list(q), q.maxlen, q.a4, len(vars(q)))",
		// Plain classes keep four attributes inline and spill the fifth.
		"class V:\n    pass\nfor n in range(7):\n    v = V()\n    fill(v, n)\n    if n > 2:\n        del v.a1\n    p(n, sorted(vars(v).items()))",
	}
	for i := range srcs {
		srcs[i] += "\nout"
	}
	checkMatchesCPython(t, prelude, srcs)
}

// TestUserObjectBytes holds the bytes a user object costs: an Instance is
// 80 bytes (a size class of Go's allocator), a raised exception's block
// fits the 416-byte class, and the micrograd loop (kaelbench's objects
// row: five Values and two (self, other) tuples an iteration) and the
// raise loop (tryraise) allocate no more than those blocks, their floats
// and ints. The bytes are read from runtime.MemStats across runs of N and
// 2N iterations, so that start-up and compilation cancel.
func TestUserObjectBytes(t *testing.T) {
	if n := unsafe.Sizeof(Instance{}); n != 80 {
		t.Errorf("an Instance is %d bytes, want 80", n)
	}
	if n := unsafe.Sizeof(instancePair{}); n > 144 {
		t.Errorf("an instance with its pair is %d bytes, want at most 144 (Go's size class)", n)
	}
	if n := unsafe.Sizeof(raisedBlock{}); n > 384 {
		t.Errorf("a raised exception's block is %d bytes, want at most 384 (Go's size class)", n)
	}
	for _, c := range []struct {
		name string
		src  string
		most float64 // bytes per iteration
		objs float64 // allocations per iteration
	}{
		// 5 × 80 (Instances) + 2 × 64 (pairs) + 3 floats of 8 + an int of
		// 8, in five allocations: the two Values made with a pair
		// (self, other) take it in their own (class_ctor.go:
		// instancePair), and the floats and ints come from slabs (box.go).
		{"objects", "class Value:\n    def __init__(self, data, children=(), op=''):\n        self.data = data\n        self.grad = 0.0\n        self._prev = children\n        self._op = op\n    def __add__(self, other):\n        other = other if isinstance(other, Value) else Value(other)\n        return Value(self.data + other.data, (self, other), '+')\n    def __mul__(self, other):\n        other = other if isinstance(other, Value) else Value(other)\n        return Value(self.data * other.data, (self, other), '*')\ntotal = 0.0\nfor i in range(N):\n    a = Value(2.0)\n    b = Value(-3.0)\n    c = a * b + 10.0\n    total = total + c.data", 570, 5.2},
		// the 384-byte block and two ints.
		{"tryraise", "s = 0\nfor i in range(N):\n    try:\n        raise ValueError(i)\n    except ValueError as e:\n        s = s + 1", 408, 1.2},
	} {
		run := func(n int) (bytes, objs uint64) {
			s := NewSession(IO{})
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			if r := s.Exec(context.Background(), "", "N = "+strconv.Itoa(n)+"\n"+c.src); r.Err != nil {
				t.Fatalf("%s: %v", c.name, r.Err)
			}
			runtime.ReadMemStats(&after)
			return after.TotalAlloc - before.TotalAlloc, after.Mallocs - before.Mallocs
		}
		const n = 20000
		run(n) // warm the caches of the session-independent state
		// The least of three measures, so that a stray allocation of
		// another goroutine (a finalizer, a timer) cannot fail the test.
		per, perObjs := math.Inf(1), math.Inf(1)
		for range 3 {
			b2, o2 := run(2 * n)
			b1, o1 := run(n)
			per = min(per, (float64(b2)-float64(b1))/n)
			perObjs = min(perObjs, (float64(o2)-float64(o1))/n)
		}
		t.Logf("%s: %.1f bytes and %.2f allocations an iteration", c.name, per, perObjs)
		if per > c.most {
			t.Errorf("%s: %.0f bytes an iteration, want at most %.0f", c.name, per, c.most)
		}
		if perObjs > c.objs {
			t.Errorf("%s: %.2f allocations an iteration, want at most %.1f", c.name, perObjs, c.objs)
		}
	}
}
