package lang

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"
)

// LoopPrograms are the language-engine benchmarks of issue 11, with N
// standing for the iteration count. cmd/kaelbench runs the same programs
// through `kael -c` and CPython; these Go benchmarks are for profiling
// (go test ./lang -bench Loop -cpuprofile ...).
var loopPrograms = []struct{ name, src string }{
	{"Empty", "for i in range(N):\n    pass"},
	{"Arith", "s = 0\nfor i in range(N):\n    s = s + i * 2"},
	{"Call", "def f(x):\n    return x + 1\nfor i in range(N):\n    f(i)"},
	{"ListDict", "counts = {}\nseen = []\nfor i in range(N):\n    k = i % 50\n    counts[k] = counts.get(k, 0) + 1\n    seen.append(k)\n    if len(seen) > 100:\n        seen = []"},
	{"Fib", "def fib(n):\n    if n < 2:\n        return n\n    return fib(n - 1) + fib(n - 2)\nfor i in range(N):\n    fib(10)"},
	{"TinyTensor", "s = tensor([1., 2.])\nfor i in range(N):\n    c = s + s"},
	{"Objects", "class Value:\n    def __init__(self, data, children=(), op=''):\n        self.data = data\n        self.grad = 0.0\n        self._prev = children\n        self._op = op\n    def __add__(self, other):\n        other = other if isinstance(other, Value) else Value(other)\n        return Value(self.data + other.data, (self, other), '+')\n    def __mul__(self, other):\n        other = other if isinstance(other, Value) else Value(other)\n        return Value(self.data * other.data, (self, other), '*')\ntotal = 0.0\nfor i in range(N):\n    a = Value(2.0)\n    b = Value(-3.0)\n    c = a * b + 10.0\n    total = total + c.data"},
	// Issue 27: a try block in a loop, with nothing raised and with an
	// exception raised and caught each iteration, and generators: a
	// generator expression consumed by sum, a generator function by for.
	{"Try", "s = 0\nfor i in range(N):\n    try:\n        s = s + i\n    except ValueError:\n        s = 0"},
	{"TryRaise", "s = 0\nfor i in range(N):\n    try:\n        raise ValueError(i)\n    except ValueError as e:\n        s = s + 1"},
	// Issue 34's exceptions the engine raises itself, caught as real
	// programs catch them: a missing key, an exhausted iterator, and
	// next's default, which raises nothing.
	{"KeyError", "d = {'a': 1}\ns = 0\nfor i in range(N):\n    try:\n        x = d[i]\n    except KeyError:\n        s = s + 1"},
	{"StopIteration", "it = iter([])\ns = 0\nfor i in range(N):\n    try:\n        x = next(it)\n    except StopIteration:\n        s = s + 1"},
	{"NextDefault", "it = iter([])\ns = 0\nfor i in range(N):\n    x = next(it, -1)\n    if x < 0:\n        s = s + 1"},
	{"GenExpr", "s = sum(x for x in range(N))"},
	{"GenFunc", "def gen(n):\n    for i in range(n):\n        yield i\ns = 0\nfor x in gen(N):\n    s = s + x"},
	// kaelbench's genshort row: a 3-value generator made and run to its
	// end by a for loop each iteration.
	{"GenShort", "def trio(k):\n    yield k\n    yield k + 1\n    yield k + 2\ns = 0\nfor i in range(N):\n    for x in trio(i):\n        s = s + x"},
	// Issue 34's builtins2 row of kaelbench: eight builtins' calls an
	// iteration, and a loop over enumerate(zip(...)).
	{"Builtins2", "L = [3, 1, 2, 5, 4]\nW = ['a', 'b', 'c', 'd', 'e']\nt = 0\nfor i in range(N):\n    s = str(i)\n    n = int(s)\n    x = round(i * 0.37, 2)\n    q, r = divmod(n, 7)\n    p = pow(q, 2)\n    u = sum(L)\n    v = sorted(L)\n    for j, (a, w) in enumerate(zip(L, W)):\n        t = t + j"},
}

// TestLoopProgram runs the loop program named by KAEL_LOOP_PROGRAM with
// KAEL_LOOP_N iterations, once, and is skipped without them: it is what
// .ci/loop-instructions counts the instructions of under valgrind, a
// measure that, unlike time, does not change with the machine's load.
// With KAEL_LOOP_SOURCE set to a file name it writes the program there
// instead of running it, for the script to count CPython's instructions
// on the same source.
func TestLoopProgram(t *testing.T) {
	name, n := os.Getenv("KAEL_LOOP_PROGRAM"), os.Getenv("KAEL_LOOP_N")
	if name == "" || n == "" {
		t.Skip("KAEL_LOOP_PROGRAM and KAEL_LOOP_N are not set")
	}
	for _, p := range loopPrograms {
		if p.name == name {
			if out := os.Getenv("KAEL_LOOP_SOURCE"); out != "" {
				if err := os.WriteFile(out, []byte(strings.ReplaceAll(p.src, "N", n)), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			s := NewSession(IO{})
			if r := s.Exec(context.Background(), "", strings.ReplaceAll(p.src, "N", n)); r.Err != nil {
				t.Fatal(r.Err.Render())
			}
			return
		}
	}
	t.Fatalf("no loop program %q", name)
}

func BenchmarkLoop(b *testing.B) {
	for _, p := range loopPrograms {
		b.Run(p.name, func(b *testing.B) {
			src := strings.ReplaceAll(p.src, "N", strconv.Itoa(b.N))
			s := NewSession(IO{})
			b.ReportAllocs()
			b.ResetTimer()
			if r := s.Exec(context.Background(), "", src); r.Err != nil {
				b.Fatal(r.Err.Render())
			}
		})
	}
}
