package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestBitGeneratorStateMatchesNumPy compares PCG64's and PCG64DXSM's
// state dicts (read, set, NumPy's errors), advance and jumped (PCG64,
// PCG64DXSM, Philox), Philox's key= and counter= (with the carries
// across its counter's words), PCG64DXSM's stream and random_raw with
// NumPy 1.24, draw for draw.
func TestBitGeneratorStateMatchesNumPy(t *testing.T) {
	set := "b = np.random.PCG64(5)\ndef setst(v):\n    b.state = v\n"
	langtest.CheckMatchesCPython(t, prelude, []string{
		"np.random.PCG64(5).state, np.random.PCG64DXSM(5).state, np.random.PCG64(2**70).state, np.random.PCG64([2**70, 5]).state, np.random.default_rng(2**64 - 1).random()",
		"np.random.PCG64DXSM(3).random_raw(), np.random.default_rng(np.random.PCG64DXSM(3)).random(3), np.random.Generator(np.random.PCG64DXSM(7)).normal(size=3)",
		"g = np.random.Generator(np.random.PCG64DXSM(1))\ng.integers(2**40, size=3), g.choice(10, 4, replace=False), g.integers(5, dtype=np.int32), g.bit_generator.state",
		"type(np.random.PCG64DXSM(1)).__name__, isinstance(np.random.PCG64DXSM(1), np.random.PCG64DXSM), repr(np.random.Generator(np.random.PCG64DXSM(1))).split(' at ')[0]",
		set + "setst(5)", set + "setst({})", set + "setst({'bit_generator': 'PCG64DXSM'})", set + "setst({'bit_generator': 'PCG64'})",
		set + "setst({'bit_generator': 'PCG64', 'state': {'state': 3, 'inc': 5}})",
		set + "setst({'bit_generator': 'PCG64', 'state': {'state': 3, 'inc': 5}, 'has_uint32': 1, 'uinteger': 7})\nb.state, b.random_raw(), b.state",
		set + "setst({'bit_generator': 'PCG64', 'state': {'state': 2**129 + 3, 'inc': 4}, 'has_uint32': 0, 'uinteger': 0})",
		"g = np.random.default_rng(11)\ng.random()\nst = g.bit_generator.state\na = g.random(3)\ng.bit_generator.state = st\n(g.random(3) == a).all(), g.random()",
		"g = np.random.default_rng(11)\ng.integers(10, dtype=np.int32)\nst = g.bit_generator.state\na = g.integers(10, size=3, dtype=np.int32)\ng.bit_generator.state = st\nst, g.integers(10, size=3, dtype=np.int32), a",
		"np.random.PCG64(5).advance(-1).state, np.random.PCG64(5).advance(2**130 + 7).state, np.random.PCG64(5).advance(0).state",
		"np.random.PCG64(5).jumped(-1).state, np.random.PCG64(5).jumped(2.5).state, np.random.PCG64(5).jumped().state, np.random.PCG64DXSM(5).jumped(3).state",
		"b = np.random.PCG64(5)\nb.advance(3) is b, np.random.PCG64DXSM(5).advance(10**30).random_raw(), np.random.PCG64(1).random_raw(output=False)",
		"g = np.random.default_rng(3)\ng.integers(10, dtype=np.int32)\ng.bit_generator.advance(5)\ng.bit_generator.state, g.random()",
		"np.random.PCG64(5).advance(1.5)", "np.random.SFC64(1).jumped", "np.random.SFC64(1).advance",
		"np.random.Philox(key=1).random_raw(), np.random.Generator(np.random.Philox(key=2**64 + 3, counter=[1, 2, 3, 4])).random(3)",
		"np.random.Generator(np.random.Philox(3, counter=5)).integers(100, size=4), np.random.Generator(np.random.Philox(key=[7, 9])).random(2)",
		"np.random.Generator(np.random.Philox(5).advance(3)).random(2), np.random.Generator(np.random.Philox(5).jumped(2)).random(2)",
		"np.random.Philox(counter=2**128 - 1, key=1).advance(2**64 + 1).random_raw(), np.random.Philox(counter=2**256 - 1, key=1).random_raw(), np.random.Philox(counter=2**64 - 1, key=5).advance(2**256 - 1).random_raw()",
		"p = np.random.Philox(4)\np.random_raw()\nq = p.jumped()\np.random_raw(), q.random_raw()",
		"np.random.Philox(key=[1, 2, 3])", "np.random.Philox(counter=[1, 2])", "np.random.Philox(1, key=2)",
		"np.random.Philox(key=2**128)", "np.random.Philox(key=-1)", "np.random.Philox(counter=2**256)",
		"np.random.Philox(key=[1.5, 2]).random_raw(), np.random.Philox(key='7').random_raw(), np.random.Philox(key=1, counter=np.arange(4)).random_raw(), np.random.PCG64(1).random_raw(output='x')",
		"np.random.PCG64(1).jumped(None)", "np.random.PCG64(1).jumped('x')", "np.random.PCG64(1).jumped('3').state", "np.random.Philox(key='a')", "np.random.Philox(key=[1, 'a'])",
		"np.random.PCG64(1).advance(None)", "np.random.PCG64(1).advance('a')",
		set + "setst({'bit_generator': 'PCG64', 'state': {'state': 'a', 'inc': 1}, 'has_uint32': 0, 'uinteger': 0})",
		"b = np.random.PCG64(1)\nb.foo = 1",
	})
}

// TestWordStatesMatchNumPy covers Philox's and SFC64's state dicts (uint64
// arrays, read, set and carried over) and random_raw(size=).
func TestWordStatesMatchNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude, []string{
		"np.random.Philox(5).state", "np.random.SFC64(5).state",
		"p = np.random.Philox(5)\np.random_raw(3)\np.random_raw()\np.state",
		"p = np.random.Philox(5)\np.random_raw(3)\nq = np.random.Philox(1)\nq.state = p.state\nq.random_raw(2), p.random_raw(2), q.state == p.state",
		"f = np.random.SFC64(7)\nf.random_raw(5)\ng = np.random.SFC64(0)\ng.state = f.state\ng.random_raw(2), f.random_raw(2), g.state",
		"g = np.random.Generator(np.random.Philox(3))\ng.random()\ng.bit_generator.state",
		"g = np.random.Generator(np.random.SFC64(3))\ng.integers(0, 10, 3)\ng.bit_generator.state",
		"q = np.random.Philox(1)\nq.state = {'bit_generator': 'Philox', 'state': {'counter': [1, 2, 3, 4], 'key': [5, 2**64 - 1]}, 'buffer': [0, 0, 0, 0], 'buffer_pos': 4, 'has_uint32': 0, 'uinteger': 0}\nq.state, q.random_raw()",
		"q = np.random.SFC64(1)\nq.state = {'bit_generator': 'SFC64', 'state': {'state': np.array([1, 2, 3, 2**64 - 1], dtype=np.uint64)}, 'has_uint32': 1, 'uinteger': 9}\nq.random_raw(3), np.random.Generator(q).integers(0, 10), q.state",
		"b = np.random.Philox(1)\nb.state = {'bit_generator': 'PCG64'}", "b = np.random.SFC64(1)\nb.state = {'bit_generator': 'PCG64'}",
		"b = np.random.Philox(1)\nb.state = 5", "b = np.random.SFC64(1)\nb.state = 5",
		"np.random.PCG64(3).random_raw((2, 2)), np.random.SFC64(3).random_raw(2, output=False), np.random.Philox(3).random_raw(0), np.random.PCG64DXSM(2).random_raw(3)",
	})
}
