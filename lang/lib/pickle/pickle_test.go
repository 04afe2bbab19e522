package pickle_test

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"os/exec"
	"strings"
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	// The module under test, and the ones its cases import.
	_ "github.com/kael-dev/kael/lang/lib/pickle"
	_ "github.com/kael-dev/kael/lang/lib/pystruct"
	_ "github.com/kael-dev/kael/lang/torch"
)

const picklePrelude = "import pickle, struct\n"

// pickleCases hold CPython 3.11's outcomes; TestPickleAgainstCPython
// checks them there. The hex of dumps is byte for byte CPython's.
var pickleCases = []langtest.Case{
	{"[pickle.dumps(None, p).hex() for p in (2, 4, 5)]", "['80024e2e', '80044e2e', '80054e2e']"},
	{"pickle.dumps([True, False, 0, 255, 256, 65535, 65536, -1, 2**31, -2**31 - 1, 2**62, -9223372036854775807 - 1], 2).hex()", "'80025d71002888894b004bff4d00014dffff4a000001004affffffff8a0500000080008a05ffffff7fff8a0800000000000000408a080000000000000080652e'"},
	{"pickle.dumps((1.5, -0.0, float('inf'), 'héllo', '', 'a' * 300), 4).hex()", "'8004955d0100000000000028473ff8000000000000478000000000000000477ff00000000000008c0668c3a96c6c6f948c0094582c0100006161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161619474942e'"},
	{"pickle.dumps(struct.pack('<BBB', 97, 98, 0), 2).hex(), pickle.dumps(struct.pack('<BBB', 97, 98, 0), 3).hex()", "('8002635f636f646563730a656e636f64650a71005803000000616200710158060000006c6174696e3171028671035271042e', '8003430361620071002e')"},
	{"pickle.dumps(((), (1,), (1, 2), (1, 2, 3), (1, 2, 3, 4)), 4).hex()", "'800495220000000000000028294b0185944b014b0286944b014b024b038794284b014b024b034b04749474942e'"},
	{"pickle.dumps({'a': [1, {2}], 'b': frozenset([3])}, 4).hex()", "'8004951e000000000000007d94288c0161945d94284b018f94284b0290658c016294284b039194752e'"},
	{"pickle.dumps([set(), {1}, frozenset()], 3).hex()", "'80035d710028636275696c74696e730a7365740a71015d710285710352710468015d71054b0161857106527107636275696c74696e730a66726f7a656e7365740a71085d710985710a52710b652e'"},
	{"x = [1, 2]\npickle.dumps([x, x, (x,)]).hex()", "'80049513000000000000005d94285d94284b014b0265680168018594652e'"},
	{"l = [1]\nl.append(l)\nd = {}\nd['self'] = d\nr = pickle.loads(pickle.dumps((l, d)))\nr[0][1] is r[0], r[1]['self'] is r[1]", "(True, True)"},
	{"x = [1]\nr = pickle.loads(pickle.dumps([x, x], 2))\nr[0] is r[1], r", "(True, [[1], [1]])"},
	{"vals = [None, True, 3, -9223372036854775807 - 1, 2.5, 'ü', struct.pack('<h', -2), (), (1, (2,)), [], {}, {1: 'a'}, {1, 2}, frozenset({3}), [[[]]]]\nall(pickle.loads(pickle.dumps(vals, p)) == vals for p in (2, 3, 4, 5, -1))", "True"},
	{"pickle.HIGHEST_PROTOCOL, pickle.DEFAULT_PROTOCOL", "(5, 4)"},
	{"import torch\npickle.dumps(torch.ones(2))", "TypeError: cannot pickle 'Tensor' object"},
	{"class S:\n    def __init__(self, r):\n        self.r = r\n    def __reduce__(self):\n        return self.r\n" +
		"out = []\nfor r in [1, (S,), (S, 1), (S, (), None, None, None, None, None)]:\n    try:\n        pickle.dumps(S(r))\n    except pickle.PicklingError as e:\n        out.append(str(e))\nout",
		"['__reduce__ must return a string or tuple', 'tuple returned by __reduce__ must contain 2 through 6 elements', 'second item of the tuple returned by __reduce__ must be a tuple', 'tuple returned by __reduce__ must contain 2 through 6 elements']"},
	{"pickle.dumps(1, 6)", "ValueError: pickle protocol must be <= 5"},
	{"[pickle.dumps(v, 0).hex() for v in (None, True, -5, 2**40, 0.1, 'a\\\\b\\nü€😀', [1, (2,)], {'k': ()})]", "['4e2e', '4930310a2e', '492d350a2e', '4c313039393531313632373737364c0a2e', '46302e310a2e', '56615c7530303563625c7530303061fc5c75323061635c5530303031663630300a70300a2e', '286c70300a49310a612849320a7470310a612e', '286470300a566b0a70310a2874732e']"},
	{"[pickle.dumps(v, 1).hex() for v in (None, True, -5, 2**40, 0.1, 'aü€', [1, (2,)], {'k': (1, 2, 3, 4)})]", "['4e2e', '4930310a2e', '4afbffffff2e', '4c313039393531313632373737364c0a2e', '473fb999999999999a2e', '580600000061c3bce282ac71002e', '5d7100284b01284b02747101652e', '7d710058010000006b7101284b014b024b034b04747102732e']"},
	{"pickle.loads(struct.pack('<BB', 0x80, 9))", "ValueError: unsupported pickle protocol: 9"},
	{"pickle.loads(pickle.dumps([1, 2])[:-3])", "UnpicklingError: pickle data was truncated"},
	{"pickle.loads(pickle.dumps(1)[:0])", "EOFError: Ran out of input"},
	{"pickle.loads(struct.pack('<B', 0xff))", "UnpicklingError: invalid load key, '\\xff'."},
	{"pickle.loads(struct.pack('<BB', 0x68, 3))", "UnpicklingError: Memo value not found at index 3"},
	{"pickle.loads(struct.pack('<B', 0x2e))", "UnpicklingError: unpickling stack underflow"},
	{"try:\n    pickle.loads(struct.pack('<B', 0x2e))\nexcept pickle.PickleError as e:\n    r = type(e).__name__, isinstance(e, Exception)\nr", "('UnpicklingError', True)"},
	{"issubclass(pickle.PicklingError, pickle.PickleError), issubclass(pickle.UnpicklingError, pickle.PickleError)", "(True, True)"},
	{"pickle.dumps(lambda x: x)", "PicklingError: Can't pickle <function <lambda>>: attribute lookup <lambda> on __main__ failed"},
	{"pickle.loads(pickle.dumps(len)) is len, pickle.loads(pickle.dumps(ValueError)) is ValueError", "(True, True)"},
	{"e = pickle.loads(pickle.dumps(ValueError('bad', 2)))\ntype(e).__name__, e.args", "('ValueError', ('bad', 2))"},
	{"pickle.loads(pickle.dumps(3), encoding='latin1')", "ValueError: kael's pickle reads Python 2 strings as ASCII only, not latin1"},
}

// Some cases' messages hold an address in CPython; the table keeps kael's
// wording where CPython's only adds that.
var kaelOnly = map[string]bool{
	"import torch\npickle.dumps(torch.ones(2))":        true,
	"pickle.dumps(lambda x: x)":                        true,
	"pickle.loads(pickle.dumps(3), encoding='latin1')": true,
}

func TestPickle(t *testing.T) {
	langtest.CheckCellCases(t, picklePrelude, pickleCases)
}

func TestPickleAgainstCPython(t *testing.T) {
	var cases []langtest.Case
	for _, c := range pickleCases {
		if !kaelOnly[c.Src] {
			cases = append(cases, c)
		}
	}
	cpython.CheckCellCases(t, picklePrelude, cases)
}

// classSrc is a class both sides define in __main__, with __getstate__ and
// __setstate__, one with __reduce__, and a plain one pickled by __dict__.
const classSrc = `
class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y
    def __repr__(self):
        return 'Point(%r, %r)' % (self.x, self.y)
class Counter:
    def __init__(self, n):
        self.n = n
        self.cache = 'dropped'
    def __getstate__(self):
        return {'n': self.n}
    def __setstate__(self, st):
        self.n = st['n'] * 10
    def __repr__(self):
        return 'Counter(%r)' % self.n
class Pair:
    def __init__(self, a, b):
        self.a, self.b = a, b
    def __reduce__(self):
        return (Pair, (self.a, self.b))
    def __repr__(self):
        return 'Pair(%r, %r)' % (self.a, self.b)
class Empty:
    def __repr__(self):
        return 'Empty()'
class Single:
    def __reduce__(self):
        return 'SINGLE'
    def __repr__(self):
        return 'SINGLE'
SINGLE = Single()
`

// exchangeValues are the values both tests pickle: each a Python
// expression after classSrc.
var exchangeValues = []string{
	"None", "[True, False]", "[0, 1, 255, 256, 65536, -1, -129, 2**31, -2**31 - 1, 9223372036854775807, -9223372036854775807 - 1]",
	"[2**63, -2**63 - 1, 2**64 - 1, -2**64, 2**100, -(2**100), 2**2100, -(2**2100) + 7, 2**127, -2**127, 255 << 64, -(255 << 64)]",
	"[1.5, -0.0, 1e300, float('inf')]", "'héllo wörld ✓'", "'x' * 70000",
	"((), (1,), (1, 2), (1, 2, 3), (1, 2, 3, 4))", "{'a': 1, 2: [3, 4], (5, 6): {'x': None}}",
	"{1, 2, 3}", "frozenset({'a'})", "list(range(2500))", "{i: str(i) for i in range(1200)}",
	"Point(1, [2, 3])", "Counter(4)", "Pair('a', Point(0, 0))", "[Empty(), Empty]", "[Point, Pair, len]", "[SINGLE, SINGLE]",
	"(lambda s: [s, s, {'k': s}])([9])",
	"__import__('collections').OrderedDict([('b', 1), ('a', [2])])", "__import__('collections').defaultdict(list, x=[1])",
	"__import__('collections').defaultdict(None, y=2)", "__import__('collections').Counter('abca')",
}

// TestCPythonWritesKaelReads has CPython pickle each value at every
// protocol 0 to 5 and kael load it: kael's repr of what it loads is
// CPython's repr of what CPython loads.
func TestCPythonWritesKaelReads(t *testing.T) {
	py := reftest.CPython(t)
	src := classSrc + `
import pickle, json, sys
out = []
for e in json.load(sys.stdin):
    v = eval(e)
    out.append([repr(pickle.loads(pickle.dumps(v))), [pickle.dumps(v, p).hex() for p in range(6)]])
json.dump(out, sys.stdout)
`
	var got [][2]any
	runPython(t, py, src, exchangeValues, &got)
	for i, r := range got {
		want := r[0].(string)
		for p, h := range r[1].([]any) {
			data, _ := hex.DecodeString(h.(string))
			s := lang.NewSession(lang.IO{})
			if res := s.Exec(context.Background(), "", "import pickle\n"+classSrc); res.Err != nil {
				t.Fatal(res.Err.Render())
			}
			s.Set("data", lang.NewBytes(data))
			if got := langtest.Outcome(s.Exec(context.Background(), "", "repr(pickle.loads(data))")); got != lang.Repr(want) {
				t.Errorf("%s at protocol %d: kael loads %s, CPython pickled %s", exchangeValues[i], p, got, want)
			}
		}
	}
}

// TestKaelWritesCPythonReads has kael pickle each value at protocols 0 to
// 5 and CPython load it: CPython's repr of what it loads is kael's repr
// of the value, and kael's bytes are CPython's.
func TestKaelWritesCPythonReads(t *testing.T) {
	py := reftest.CPython(t)
	type item struct {
		Expr, Repr string
		Hex        []string
	}
	var items []item
	for _, e := range exchangeValues {
		s := lang.NewSession(lang.IO{})
		if res := s.Exec(context.Background(), "", "import pickle\n"+classSrc+"v = "+e); res.Err != nil {
			t.Fatal(res.Err.Render())
		}
		r := s.Exec(context.Background(), "", "repr(pickle.loads(pickle.dumps(v)))")
		if r.Err != nil {
			t.Fatal(r.Err.Render())
		}
		it := item{Expr: e, Repr: r.Value.(string)}
		for p := 0; p <= 5; p++ {
			r := s.Exec(context.Background(), "", "pickle.dumps(v, "+string(rune('0'+p))+").hex()")
			if r.Err != nil {
				t.Fatalf("%s: %s", e, r.Err.Render())
			}
			it.Hex = append(it.Hex, r.Value.(string))
		}
		items = append(items, it)
	}
	src := classSrc + `
import pickle, json, sys
out = []
for it in json.load(sys.stdin):
    out.append([repr(pickle.loads(bytes.fromhex(h))) for h in it['Hex']] + [pickle.dumps(eval(it['Expr']), p).hex() for p in range(6)])
json.dump(out, sys.stdout)
`
	var got [][]string
	runPython(t, py, src, items, &got)
	for i, r := range got {
		for p := 0; p < 6; p++ {
			if r[p] != items[i].Repr {
				t.Errorf("%s pickled by kael at protocol %d: CPython loads %s, kael had %s", items[i].Expr, p, r[p], items[i].Repr)
			}
			if r[6+p] != items[i].Hex[p] {
				t.Errorf("%s at protocol %d: kael writes %.300s, CPython %.300s", items[i].Expr, p, items[i].Hex[p], r[6+p])
			}
		}
	}
}

func runPython(t *testing.T, py, src string, in, out any) {
	t.Helper()
	req, _ := json.Marshal(in)
	cmd := exec.Command(py, "-c", src)
	cmd.Stdin = strings.NewReader(string(req))
	b, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v", py, err)
	}
	if err := json.Unmarshal(b, out); err != nil {
		t.Fatalf("%s answered %q: %v", py, b, err)
	}
}

// TestDumpLoadFile dumps several pickles to one file and loads them one by
// one, in kael and in CPython: load leaves the file just after each.
func TestDumpLoadFile(t *testing.T) {
	prelude := picklePrelude + "path = " + lang.Repr(t.TempDir()+"/multi.pkl") + "\n"
	cases := []langtest.Case{
		{"with open(path, 'wb') as f:\n    pickle.dump([1, 2], f)\n    pickle.dump({'a': 'b'}, f, protocol=0)\n    pickle.dump(3.5, f, 2)\n" +
			"with open(path, 'rb') as f:\n    r = [pickle.load(f), pickle.load(f), pickle.load(f)]\n    try:\n        pickle.load(f)\n    except EOFError as e:\n        r.append(str(e))\nr",
			"[[1, 2], {'a': 'b'}, 3.5, 'Ran out of input']"},
		{"pickle.dump(1, 'not a file')", "TypeError: file must have a 'write' attribute"},
	}
	langtest.CheckCellCases(t, prelude, cases)
	cpython.CheckCellCases(t, prelude, cases)
}
