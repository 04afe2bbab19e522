package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestLegacyStateMatchesNumPy compares np.random.get_state/set_state
// (tuple and dict, the cached Gaussian, NumPy's errors), RandomState's
// and an MT19937 bit generator's state with NumPy 1.24: the key's
// values (kael gives them as int64), pos, and the streams after a set.
func TestLegacyStateMatchesNumPy(t *testing.T) {
	sst := "def sst(x):\n    np.random.set_state(x)\n    return np.random.rand()\nnp.random.seed(5)\nnp.random.randn()\ns = np.random.get_state()\n"
	langtest.CheckMatchesCPython(t, prelude, []string{
		"np.random.seed(1)\ns = np.random.get_state()\ns[0], s[1][:3].tolist(), s[2:], len(s[1])",
		"np.random.seed(1)\nnp.random.randn()\ns = np.random.get_state()\ns[2:], s[1][-3:].tolist(), np.random.rand(), np.random.get_state()[2:]",
		"np.random.seed(2)\nnp.random.randn()\nd = np.random.get_state(legacy=False)\nsorted(d), d['state']['pos'], d['has_gauss'], d['gauss'], d['state']['key'][:2].tolist()",
		sst + "x = np.random.randn(3)\nnp.random.set_state(s)\nnp.random.randn(3) == x, np.random.rand()",
		sst + "np.random.set_state(s[:3])\nnp.random.randn(2)",
		sst + "np.random.set_state(('MT19937', s[1].tolist(), 624, 1, 0.5))\nnp.random.randn(), np.random.rand()",
		sst + "np.random.set_state(np.random.get_state(legacy=False))\nnp.random.randn()",
		sst + "sst(('MT19937', s[1], 0)), sst({'bit_generator': 'MT19937', 'state': {'key': s[1], 'pos': 5}}), sst(('MT19937', [1.5] * 624, 3))",
		sst + "sst(5)", sst + "sst(('PCG64', s[1], 3))", sst + "sst(('MT19937', s[1][:5], 3))", sst + "sst(('MT19937', list(s[1][:5]), 3))",
		sst + "sst({'bit_generator': 'MT19937'})", sst + "sst({'bit_generator': 'PCG64', 'state': {}})", sst + "sst(('MT19937', ['a'] * 624, 3))",
		"rs = np.random.RandomState(7)\nrs.randn()\nst = rs.get_state()\nv = rs.random_sample(2).tolist(), rs.randn()\nrs.set_state(st)\n(rs.random_sample(2).tolist(), rs.randn()) == v, st[2:]",
		"mt = np.random.MT19937(3)\ng = np.random.Generator(mt)\ng.random()\nst = mt.state\nv = g.random(3)\nmt.state = st\nsorted(st), st['state']['pos'], st['state']['key'][:2].tolist(), g.random(3) == v",
		"mt = np.random.MT19937(3)\ng = np.random.Generator(mt)\nmt.state = ('MT19937', mt.state['state']['key'], 600)\ng.integers(1000, size=3)",
		"mt = np.random.MT19937(3)\nmt.state = 5", "mt = np.random.MT19937(3)\nmt.state = {'bit_generator': 'PCG64'}", "mt = np.random.MT19937(3)\nmt.state = ('MT19937', 1)",
	})
}

// TestMT19937JumpedMatchesNumPy jumps MT19937 bit generators (fresh, and
// part-way through their words) and compares the jumped state and the
// draws after it with NumPy's mt19937_jump_state.
func TestMT19937JumpedMatchesNumPy(t *testing.T) {
	var srcs []string
	for _, c := range []string{"0, 1", "1, 2", "12345, 1", "7, 0", "3, -1"} {
		srcs = append(srcs, "seed, k = "+c+"\nb = np.random.MT19937(seed).jumped(k)\nst = b.state['state']\ng = np.random.Generator(b)\nst['key'][:4].tolist(), st['key'][-3:].tolist(), st['pos'], g.integers(0, 2**32, 5, dtype=np.uint32).tolist(), g.random()")
	}
	srcs = append(srcs,
		"b = np.random.MT19937(4)\ng = np.random.Generator(b)\ng.random(700)\nj = b.jumped()\nj.state['state']['pos'], j.state['state']['key'][:3].tolist(), np.random.Generator(j).random(3).tolist(), g.random()",
		"np.random.RandomState(np.random.MT19937(9).jumped()).randint(0, 100, 5).tolist(), type(np.random.MT19937(1).jumped()).__name__",
		"np.random.MT19937(1).jumped(2.5).state['state']['pos']",
	)
	langtest.CheckMatchesCPython(t, prelude, srcs)
}

// TestMT19937RandomRawMatchesNumPy covers MT19937.random_raw: one 32-bit
// draw per word, from the state a Generator or RandomState on the same
// bit generator shares, size= and output=.
func TestMT19937RandomRawMatchesNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+"m = np.random.MT19937(5)\n", []string{
		"m.random_raw(), m.random_raw(3), m.random_raw((2, 2)), m.random_raw((2, 2)).dtype, m.random_raw(output=False), m.random_raw(2, output=False)",
		"m.jumped().random_raw(2), m.random_raw()",
		"g = np.random.Generator(m)\ng.random(), m.random_raw(), g.integers(0, 10, 3), m.random_raw(0)",
		"r = np.random.RandomState(np.random.MT19937(7))\nmm = np.random.MT19937(7)\nmm.random_raw(2), r.randint(0, 2**31, size=2)",
		"m.random_raw(-1)",
	})
}
