package lang

import "testing"

// floatIdentityCases: a NaN is equal to nothing, itself included, yet the
// same NaN object is itself: `x is x`, and containers, which compare
// identity first, find it (x in [x], [x] == [x], count, index, ordering
// of tuples). NaNs made apart are different objects, as in CPython; and
// `is` between numbers of different types, or 0.0 and -0.0, is False.
var floatIdentityCases = []string{
	"x = float('nan')\nx is x, [x] == [x], x in [x], (x,) == (x,), [x].count(x), [x].index(x), x in (1, x)",
	"x = float('nan')\ny = x\nl = [x, 1.0]\ny is x, l[0] is x, [y] == [x], (x, 1) < (y, 2), max(l) is x, min(x, x) is x",
	"import math\nmath.nan is math.nan, [math.nan] == [math.nan], math.nan in [math.nan], math.nan in {math.nan}",
	"float('nan') is float('nan'), [float('nan')] == [float('nan')], float('nan') in [float('nan')]",
	"x = float('nan')\nd = {'a': x}\nt = (x,)\nd['a'] is x, t[0] is x, [d['a']] == [x], [x for _ in range(3)].count(x)",
	"def f(v):\n    return v\nx = float('inf') - float('inf')\nf(x) is x, [f(x)] == [x], [x * 1] == [x], x * 1 is x",
	"class C:\n    pass\nc = C()\nc.v = float('nan')\nc.v is c.v, [c.v] == [c.v], c.v in [c.v]",
	"z = complex(float('nan'), 0)\nz is z, [z] == [z], z in [z], [complex(float('nan'), 0)] == [z]",
	"a, b = 1, 1.0\nc, d = True, 0.0\ne = -0.0\na is b, c is a, d is e, a is 1, e is e",
	"x = float('nan')\nl = [1, x, 2]\nl.remove(x)\nl, x in l",
	"x = float('nan')\ny = float('nan')\nd = {x: 1, y: 2}\nlen(d), d[x], d[y], x in d, float('nan') in d, d.get(float('nan'))",
	"x = float('nan')\ny = float('nan')\nlen({x, y, x}), x in {x}, float('nan') in {x}, len({float('nan') for _ in range(3)}), len(set([x, x, y]))",
	"x = float('nan')\nhash(x) == hash(x), hash(x) == hash(float('nan')), {(x, 1): 'a'}[(x, 1)], (x, 1) in {(float('nan'), 1)}",
	"from collections import Counter\nx = float('nan')\nc = Counter([x, x, float('nan'), 1.0, 1])\nlen(c), c[x], c[1]",
	"z = complex(0, float('nan'))\nhash(z) == hash(z), {z: 1}[z], z in {complex(0, float('nan'))}, {1j: 2}[complex(0, 1)]",
	"x = float('nan')\nimport operator\noperator.is_(x, x), operator.eq(x, x), operator.contains([x], x)",
}

func TestFloatIdentityAgainstCPython(t *testing.T) {
	checkMatchesCPython(t, "import warnings\nwarnings.simplefilter('ignore')\n", floatIdentityCases)
}
