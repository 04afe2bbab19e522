package main

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
)

// langRow is one language-engine benchmark: a program run as a new user
// runs it, through `kael -c` and through CPython, with N standing for its
// iteration count. The time per iteration is (t(2N) - t(N)) / N, so that
// start-up cancels out.
type langRow struct {
	key, work string
	src       string // kael and Python alike; N is replaced by the count
	pySrc     string // when Python needs other source (imports)
	n         int
	goal      float64 // minimum ratio time(reference) / time(kael); 0 for a row measured only
	torch     bool    // the reference is Debian's Python with PyTorch
	numpy     bool    // the reference is Debian's Python with NumPy (the same source)
}

// langRows are the loops of issue 11.
var langRows = []langRow{
	{key: "empty", work: "for i in range(N): pass", src: "for i in range(N):\n    pass", n: 5_000_000, goal: 1.0},
	{key: "arith", work: "s = s + i * 2", src: "s = 0\nfor i in range(N):\n    s = s + i * 2", n: 2_000_000, goal: 1.0},
	{key: "call", work: "def f(x): return x + 1; f(i)", src: "def f(x):\n    return x + 1\nfor i in range(N):\n    f(i)", n: 2_000_000, goal: 1.0},
	{key: "listdict", work: "dict counts + list append", src: "counts = {}\nseen = []\nfor i in range(N):\n    k = i % 50\n    counts[k] = counts.get(k, 0) + 1\n    seen.append(k)\n    if len(seen) > 100:\n        seen = []", n: 300_000, goal: 1.0},
	{key: "fib", work: "recursive fib(25), per fib(25)", src: "def fib(n):\n    if n < 2:\n        return n\n    return fib(n - 1) + fib(n - 2)\nfor i in range(N):\n    fib(25)", n: 8, goal: 1.0},
	{key: "tensor", work: "c = s + s, 2-element tensor", src: "s = tensor([1., 2.])\nfor i in range(N):\n    c = s + s",
		pySrc: "from torch import tensor\ns = tensor([1., 2.])\nfor i in range(N):\n    c = s + s", n: 500_000, goal: 1.5, torch: true},
	// Issue 34's user objects: construction, attributes and operator
	// methods (micrograd's Value), and calls through a user nn.Module
	// (a 4-layer MLP on one sample, whose forward calls its submodules)
	// beside PyTorch's per-call overhead.
	//
	// Their counts, and tryraise's, are large enough that t(2N) - t(N)
	// holds 17 to 35 of kael's collections (one every 32 MiB or so
	// allocated, internal/gctune): with the counts before (100,000
	// Values, 20,000 module calls, 300,000 raises) it held one to five,
	// each costing a few milliseconds of marking and write barriers, so
	// that where they fell moved kael's figure by a third from one run
	// to the next (micrograd 541 then 822 ns on a quiet machine, the
	// rounds of one run 420-729 ns; at 1,000,000 Values 570-661 ns,
	// docs/performance.md, 2026-12-05).
	{key: "objects", work: "micrograd-style Value: a * b + 10.0", goal: 1.5, src: "class Value:\n    def __init__(self, data, children=(), op=''):\n        self.data = data\n        self.grad = 0.0\n        self._prev = children\n        self._op = op\n    def __add__(self, other):\n        other = other if isinstance(other, Value) else Value(other)\n        return Value(self.data + other.data, (self, other), '+')\n    def __mul__(self, other):\n        other = other if isinstance(other, Value) else Value(other)\n        return Value(self.data * other.data, (self, other), '*')\ntotal = 0.0\nfor i in range(N):\n    a = Value(2.0)\n    b = Value(-3.0)\n    c = a * b + 10.0\n    total = total + c.data", n: 1_000_000},
	{key: "module", work: "4-layer MLP of a user nn.Module, batch 1, no_grad", goal: 2.0, torch: true, src: mlpSrc, pySrc: mlpSrc, n: 100_000},
	// Issue 27's exceptions and generators: a try block in a loop with
	// nothing raised (it should cost nothing) and with an exception
	// raised and caught each iteration; a generator expression consumed
	// by sum and a generator function consumed by for, per element.
	{key: "try", work: "try: s = s + i / except ValueError (nothing raised)", src: "s = 0\nfor i in range(N):\n    try:\n        s = s + i\n    except ValueError:\n        s = 0", n: 2_000_000, goal: 1.0},
	{key: "tryraise", work: "raise ValueError(i) / except ValueError as e", src: "s = 0\nfor i in range(N):\n    try:\n        raise ValueError(i)\n    except ValueError as e:\n        s = s + 1", n: 2_000_000, goal: 1.0},
	// Issue 34's exceptions the engine raises itself, which real
	// programs catch far more often than a raise statement's: a lookup
	// that misses and an iterator that ends, each caught by an except
	// clause naming the class, and next's default, which raises nothing.
	{key: "keyerror", work: "d[k] / except KeyError (key missing)", src: "d = {'a': 1}\ns = 0\nfor i in range(N):\n    try:\n        x = d[i]\n    except KeyError:\n        s = s + 1", n: 1_000_000, goal: 1.0},
	{key: "stopiter", work: "next(it) / except StopIteration (exhausted)", src: "it = iter([])\ns = 0\nfor i in range(N):\n    try:\n        x = next(it)\n    except StopIteration:\n        s = s + 1", n: 1_000_000, goal: 1.0},
	{key: "nextdefault", work: "next(it, -1) on an exhausted iterator", src: "it = iter([])\ns = 0\nfor i in range(N):\n    x = next(it, -1)\n    if x < 0:\n        s = s + 1", n: 2_000_000, goal: 1.0},
	{key: "genexpr", work: "sum(x for x in range(N)), per element", src: "s = sum(x for x in range(N))", n: 2_000_000, goal: 1.0},
	// sum takes the ints of x for x in range(N) unboxed (issue 34); a
	// generator expression that computes its element takes the general
	// path, one element boxed and handed on at a time.
	{key: "genexpr_mul", work: "sum(x * 2 for x in range(N)), per element", src: "s = sum(x * 2 for x in range(N))", n: 2_000_000, goal: 1.0},
	{key: "genfunc", work: "for x in gen(N), def gen(n): yield, per element", src: "def gen(n):\n    for i in range(n):\n        yield i\ns = 0\nfor x in gen(N):\n    s = s + x", n: 1_000_000, goal: 1.0},
	// A short generator made and run to its end in each iteration, as
	// data code's helpers that yield a few values are: what making a
	// generator costs. Measured, with no goal yet (0.5x CPython when it
	// was added, from about 10x slower before the for loop ran such a
	// generator without a coroutine).
	{key: "genshort", work: "for x in trio(i), a 3-value generator made each iteration", src: "def trio(k):\n    yield k\n    yield k + 1\n    yield k + 2\ns = 0\nfor i in range(N):\n    for x in trio(i):\n        s = s + x", n: 300_000},
	// Issue 34's calls of builtins, the way data-preparation code calls
	// them: Python's overloaded builtins, len, a math function, a
	// conversion and isinstance, seven calls an iteration.
	{key: "builtins", work: "abs, min, max, len, math.sqrt, float, isinstance", src: "import math\nL = [1, 2, 3]\ns = 0\nfor i in range(N):\n    s = s + abs(i - 500) + min(i, 7) + max(i, 3) + len(L)\n    y = math.sqrt(float(i))\n    z = isinstance(i, int)", n: 500_000, goal: 1.0},
	// More of the builtins data code calls: conversions between ints and
	// their text, round to digits, divmod, pow, sum and sorted of a short
	// list, and enumerate over zip in a for.
	{key: "builtins2", work: "str(i), int(s), round(x, 2), divmod, pow, sum, sorted, enumerate(zip)", src: "L = [3, 1, 2, 5, 4]\nW = ['a', 'b', 'c', 'd', 'e']\nt = 0\nfor i in range(N):\n    s = str(i)\n    n = int(s)\n    x = round(i * 0.37, 2)\n    q, r = divmod(n, 7)\n    p = pow(q, 2)\n    u = sum(L)\n    v = sorted(L)\n    for j, (a, w) in enumerate(zip(L, W)):\n        t = t + j", n: 200_000, goal: 1.0},
	// Issue 29's NumPy rows: kael's NumPy against NumPy itself, large
	// arrays (at least as fast) and a loop over small ones (NumPy's
	// per-call overhead, where kael should win by 1.5x). The large rows
	// run 1000 iterations (100 before): kael's CPU time of one run varies
	// by up to 0.1-0.3 s with the pages Go's scavenger returns to the OS
	// and the program faults back in (sys time, page faults), which
	// drowned the 50 ms of 100 additions and made t(2N) - t(N) come out
	// at or below zero (np_add's "0s" of 2026-12-05).
	{key: "np_add", work: "NumPy c = a + b, 1000x1000 float64", src: "import numpy as np\na = np.ones((1000, 1000))\nb = a * 2\nfor i in range(N):\n    c = a + b", n: 1000, goal: 1.0, numpy: true},
	{key: "np_sum_axis", work: "NumPy a.sum(axis=0), 1000x1000 float64", src: "import numpy as np\na = np.ones((1000, 1000))\nfor i in range(N):\n    s = a.sum(axis=0)", n: 1000, goal: 1.0, numpy: true},
	{key: "np_fancy", work: "NumPy a[idx], 10^6 float64, 142858 indices", src: "import numpy as np\na = np.arange(1_000_000.0)\nidx = np.arange(0, 1_000_000, 7)\nfor i in range(N):\n    b = a[idx]", n: 1000, goal: 1.0, numpy: true},
	{key: "np_small", work: "NumPy b = a * 2 + 1, 3 elements", src: "import numpy as np\na = np.array([1., 2., 3.])\nfor i in range(N):\n    b = a * 2 + 1", n: 200_000, goal: 1.5, numpy: true},
}

// selectLangRows returns the language rows whose keys keys lists,
// comma-separated, in the table's order, or an error naming a key that
// is no row's.
func selectLangRows(keys string) ([]langRow, error) {
	want := map[string]bool{}
	for _, k := range strings.Split(keys, ",") {
		want[strings.TrimSpace(k)] = true
	}
	var sel []langRow
	for _, r := range langRows {
		if want[r.key] {
			sel = append(sel, r)
			delete(want, r.key)
		}
	}
	if len(want) > 0 {
		var known, unknown []string
		for _, r := range langRows {
			known = append(known, r.key)
		}
		for k := range want {
			unknown = append(unknown, fmt.Sprintf("%q", k))
		}
		slices.Sort(unknown)
		return nil, fmt.Errorf("no language row %s; the rows are %s", strings.Join(unknown, ", "), strings.Join(known, ", "))
	}
	return sel, nil
}

// mlpSrc is the module row's program, the same for kael and PyTorch (no
// capital N other than the count's).
const mlpSrc = `import torch
from torch import nn
class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(16, 16)
        self.fc2 = nn.Linear(16, 16)
        self.fc3 = nn.Linear(16, 16)
        self.fc4 = nn.Linear(16, 4)
    def forward(self, x):
        x = torch.relu(self.fc1(x))
        x = torch.relu(self.fc2(x))
        x = torch.relu(self.fc3(x))
        return self.fc4(x)
torch.manual_seed(0)
m = MLP()
x = torch.randn(1, 16)
with torch.no_grad():
    for i in range(N):
        y = m(x)`

// langTimes holds the medians of one implementation: seconds per
// iteration by row key, and the start-up time.
type langTimes struct {
	perIter map[string]float64
	startup float64
}

// runLang measures the language rows for kael and the Pythons (CPython,
// with PyTorch, with NumPy; "" for one that is missing).
func runLang(w io.Writer, rounds int, python, torchPython, numpyPython string) error {
	dir, err := os.MkdirTemp("", "kaelbench-lang-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	kael, err := buildKael(dir)
	if err != nil {
		return err
	}
	// runs holds, by implementation and row, the CPU times of the N and
	// the 2N runs of every round.
	runs := map[string]map[string][][2]float64{"kael": {}, "cpython": {}, "torch": {}, "numpy": {}}
	startups := map[string][]float64{}
	for round := 1; round <= rounds; round++ {
		fmt.Fprintf(os.Stderr, "language round %d of %d\n", round, rounds)
		for _, r := range langRows {
			impls := []struct{ name, cmd, src string }{{"kael", kael, r.src}}
			switch {
			case r.numpy:
				if numpyPython != "" {
					impls = append(impls, struct{ name, cmd, src string }{"numpy", numpyPython, r.src})
				}
			case r.torch && torchPython != "":
				impls = append(impls, struct{ name, cmd, src string }{"torch", torchPython, r.pySrc})
			case !r.torch && python != "":
				impls = append(impls, struct{ name, cmd, src string }{"cpython", python, r.src})
			}
			for _, im := range impls {
				t, err := timePair(im.cmd, im.src, r.n)
				if err != nil {
					fmt.Fprintf(os.Stderr, "kaelbench: %s %s: %v\n", im.name, r.key, err)
					continue
				}
				runs[im.name][r.key] = append(runs[im.name][r.key], t)
			}
		}
		for _, im := range []struct{ name, cmd string }{{"kael", kael}, {"cpython", python}} {
			if im.cmd == "" {
				continue
			}
			if t, err := startup(im.cmd); err == nil {
				startups[im.name] = append(startups[im.name], t)
			}
		}
	}
	times := map[string]langTimes{}
	for name, byKey := range runs {
		lt := langTimes{perIter: map[string]float64{}}
		for key, pairs := range byKey {
			lt.perIter[key] = perIteration(pairs, rowN(key))
		}
		for _, r := range langRows {
			if pairs := byKey[r.key]; len(pairs) > 1 {
				fmt.Fprintf(os.Stderr, "%s %s: %s\n", name, r.key, roundSpread(pairs, r.n))
			}
		}
		if s := startups[name]; len(s) > 0 {
			lt.startup = slices.Min(s)
		}
		times[name] = lt
	}
	printLangTable(w, times)
	return nil
}

// buildKael builds ./cmd/kael into dir and returns the binary's path.
func buildKael(dir string) (string, error) {
	kael := filepath.Join(dir, "kael")
	build := exec.Command("go", "build", "-o", kael, "./cmd/kael")
	build.Stderr = os.Stderr
	fmt.Fprintf(os.Stderr, "running %s\n", strings.Join(build.Args, " "))
	if err := build.Run(); err != nil {
		return "", fmt.Errorf("building kael: %w", err)
	}
	return kael, nil
}

// timePair runs src with N and with 2N iterations and returns their CPU
// times.
func timePair(cmd, src string, n int) ([2]float64, error) {
	t1, err := timeRun(cmd, strings.ReplaceAll(src, "N", strconv.Itoa(n)))
	if err != nil {
		return [2]float64{}, err
	}
	t2, err := timeRun(cmd, strings.ReplaceAll(src, "N", strconv.Itoa(2*n)))
	return [2]float64{t1, t2}, err
}

// perIteration returns the seconds one iteration adds: the median over
// the rounds of t(2N) - t(N), divided by N. The two runs of a round are
// made one after the other, under much the same load; the fastest N run
// and the fastest 2N run of different rounds (the estimate before) could
// come from different states of a shared machine (its CPU time varies by
// a factor of 1.5 between two identical runs) and gave differences near
// zero.
func perIteration(pairs [][2]float64, n int) float64 {
	diffs := make([]float64, len(pairs))
	for i, p := range pairs {
		diffs[i] = p[1] - p[0]
	}
	slices.Sort(diffs)
	m := diffs[len(diffs)/2]
	if len(diffs)%2 == 0 {
		m = (diffs[len(diffs)/2-1] + m) / 2
	}
	return max(m, 0) / float64(n)
}

// roundSpread describes the rounds' figures of one row, (t(2N) - t(N)) / N
// each, from the lowest to the highest: the table gives their median,
// and a wide spread says that the median is not to be trusted.
func roundSpread(pairs [][2]float64, n int) string {
	per := make([]string, len(pairs))
	diffs := make([]float64, len(pairs))
	for i, p := range pairs {
		diffs[i] = (p[1] - p[0]) / float64(n)
	}
	slices.Sort(diffs)
	for i, d := range diffs {
		per[i] = formatDuration(d)
	}
	return fmt.Sprintf("per iteration by round %s (N=%d)", strings.Join(per, " "), n)
}

func rowN(key string) int {
	for _, r := range langRows {
		if r.key == key {
			return r.n
		}
	}
	return 1
}

// timeRun runs src and returns the CPU time (user and system) the process
// used: on a shared machine under load, wall time mostly measures the
// wait for a core, CPU time the work itself (for kael that includes the
// garbage collector's background work on other threads).
func timeRun(cmd, src string) (float64, error) {
	c := exec.Command(cmd, "-c", src)
	c.Stdout, c.Stderr = io.Discard, os.Stderr
	if err := c.Run(); err != nil {
		return 0, err
	}
	return (c.ProcessState.UserTime() + c.ProcessState.SystemTime()).Seconds(), nil
}

// startup returns the best wall time of several runs of `cmd -c 1`.
func startup(cmd string) (float64, error) {
	return minOf(10, func() (float64, error) {
		c := exec.Command(cmd, "-c", "1")
		c.Stdout, c.Stderr = io.Discard, os.Stderr
		start := time.Now()
		if err := c.Run(); err != nil {
			return 0, err
		}
		return time.Since(start).Seconds(), nil
	})
}

// printLangTable writes the language table: time per iteration in kael
// and the reference, and the ratio reference/kael (above 1 kael is
// faster).
func printLangTable(w io.Writer, times map[string]langTimes) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "loop\tkael\treference\tref\tkael is\tgoal\t")
	for _, r := range langRows {
		refName, refLabel := "cpython", "CPython"
		switch {
		case r.torch:
			refName, refLabel = "torch", "PyTorch"
		case r.numpy:
			refName, refLabel = "numpy", "NumPy"
		}
		k, kOK := times["kael"].perIter[r.key]
		ref, refOK := times[refName].perIter[r.key]
		cells := []string{r.work, "-", "-", refLabel, "-", fmt.Sprintf("≥ %.1fx", r.goal)}
		if r.goal == 0 {
			cells[5] = "none (measured only)"
		}
		if kOK {
			cells[1] = formatDuration(k)
		}
		if refOK {
			cells[2] = formatDuration(ref)
		}
		if kOK && refOK && k > 0 {
			ratio := ref / k
			verdict := "met"
			if ratio < r.goal {
				verdict = "MISSED"
			}
			cells[4] = fmt.Sprintf("%.2fx", ratio)
			if r.goal > 0 {
				cells[5] += ": " + verdict
			}
		}
		fmt.Fprintln(tw, strings.Join(cells, "\t")+"\t")
	}
	k, p := times["kael"].startup, times["cpython"].startup
	cells := []string{"start-up (-c 1), best of 10", "-", "-", "CPython", "-", "kael < 20ms"}
	if k > 0 {
		cells[1] = formatDuration(k)
		verdict := "met"
		if k >= 0.020 {
			verdict = "MISSED"
		}
		cells[5] += ": " + verdict
	}
	if p > 0 {
		cells[2] = formatDuration(p)
	}
	fmt.Fprintln(tw, strings.Join(cells, "\t")+"\t")
	tw.Flush()
}
