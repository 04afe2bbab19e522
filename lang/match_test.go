package lang

import "testing"

// matchPrelude defines what the match cases match against.
const matchPrelude = `class Point:
    __match_args__ = ('x', 'y')
    def __init__(self, x, y):
        self.x, self.y = x, y
def describe(v):
    match v:
        case 0 | 1:
            return 'small'
        case -5:
            return 'minus five'
        case 'hi' | "yo":
            return 'greeting'
        case None:
            return 'none'
        case True:
            return 'true'
        case [x]:
            return f'one {x}'
        case [x, *rest] if x == 9:
            return f'nine then {rest}'
        case (a, b, *_):
            return f'pair-ish {a} {b}'
        case {'kind': 'circle', 'r': r, **others}:
            return f'circle {r} {others}'
        case {'kind': k}:
            return f'kind {k}'
        case Point(0, y=yy):
            return f'on y axis {yy}'
        case Point(x=px) as p:
            return f'point {px} {p.y}'
        case int(n) | float(n):
            return f'number {n}'
        case str() as s:
            return 'str ' + s
        case _:
            return 'other'
`

// matchCases are match statements (PEP 634) that kael and CPython must
// run alike.
var matchCases = []string{
	"[describe(v) for v in [0, 1, -5, 'hi', 'yo', None, True, False, [3], [9, 8, 7], (1, 2, 3), range(2)]]",
	"[describe(v) for v in [{'kind': 'circle', 'r': 2, 'z': 1}, {'kind': 'sq'}, Point(0, 4), Point(2, 3), 42, 2.5, 'abc', object(), [], {}, 'a']]",
	"def m(x):\n    match x:\n        case [1, [2, y]]:\n            return y\n        case {1: {2: z}}:\n            return z\n    return 'no'\nm([1, [2, 'deep']]), m({1: {2: 'dd'}}), m('x'), m([1, [2]])",
	"class C:\n    pass\nmatch C():\n    case C(1):\n        pass",
	"class C:\n    __match_args__ = ['a']\nmatch C():\n    case C(1):\n        pass",
	"class C:\n    __match_args__ = ('a',)\nmatch C():\n    case C(1, 2):\n        pass",
	"class C:\n    __match_args__ = ('a',)\nmatch C():\n    case C(q):\n        r = 'matched'\n    case _:\n        r = 'no attr a'\nr",
	"match 3:\n    case int(1, 2):\n        pass",
	"match 3:\n    case len():\n        pass",
	"out = []\nfor cmd in ['go north', 'quit', 'look', 'drop sword now']:\n    match cmd.split():\n        case ['go', direction]:\n            out.append(('go', direction))\n        case ['quit']:\n            out.append('bye')\n        case ['drop', *objs]:\n            out.append(objs)\n        case _:\n            out.append('unknown')\nout",
	"match = 3\ncase = 4\nmatch, case",
	"def match(x):\n    return x * 2\nmatch(4)",
	"match (1, 2):\n    case (1, x) if x > 5:\n        r = 'big'\n    case (1, x):\n        r = 'small'\nr, x",
	"match [1, 2, 3, 4]:\n    case [first, *middle, last]:\n        r = (first, middle, last)\nr",
	"match 'abc':\n    case [*chars]:\n        r = chars\n    case _:\n        r = 'a str is no sequence'\nr",
	"match {'a': 1, 'b': 2}:\n    case {'a': 1, **rest}:\n        r = rest\nr",
	"match 5:\n    case 1 | 2 as n:\n        r = n\n    case (3 | 4 | 5) as n:\n        r = n * 10\nr",
	"import math\nmatch 3.141592653589793:\n    case math.pi:\n        r = 'pi'\nr",
	"def f(x):\n    for i in range(3):\n        match x:\n            case 1:\n                continue\n            case 2:\n                break\n            case 3:\n                return 'three'\n        return i\n    return 'after'\nf(1), f(2), f(3), f(0)",
	"match 1:\n    case 2:\n        r = 'no'\n'r' in dir()",
	"match 1.0:\n    case 1:\n        r = 'int pattern matches 1.0'\nr",
	"match [1]:\n    case (x,):\n        r = x\nr",
	"class L(list):\n    pass\nmatch L([1, 2]):\n    case [a, b]:\n        r = a + b\nr",
	"x = 10\nmatch 5:\n    case y if (z := y + x) > 12:\n        r = z\nr",
}

func TestMatchMatchesCPython(t *testing.T) {
	checkMatchesCPython(t, matchPrelude, matchCases)
}

// matchSyntaxCases are CPython's SyntaxErrors of match statements.
var matchSyntaxCases = []struct{ src, want string }{
	{"match 1:\n    case x:\n        pass\n    case 2:\n        pass", "2:10-11: name capture 'x' makes remaining patterns unreachable"},
	{"match 1:\n    case _:\n        pass\n    case 2:\n        pass", "2:10-11: wildcard makes remaining patterns unreachable"},
	{"match 1:\n    case [a, a]:\n        pass", "2:14-15: multiple assignments to name 'a' in pattern"},
	{"match 1:\n    case [a] | [b]:\n        pass", "2:17-18: alternative patterns bind different names"},
	{"match 1:\n    case x | 1:\n        pass", "2:10-11: name capture 'x' makes remaining patterns unreachable"},
	{"match 1:\n    case [*a, *b]:\n        pass", "2:10-18: multiple starred names in sequence pattern"},
	{"match 1:\n    case 1 as _:\n        pass", "2:15-16: cannot use '_' as a target"},
	{"match {'k': 1}:\n    case {'k': 1, 'k': 2}:\n        pass", "2:10-26: mapping pattern checks duplicate key ('k')"},
	{"match 1:\n    case x if x:\n        pass\n    case 2:\n        pass", "ok"},
	{"match = {}\nmatch[1] = 2\nmatch.get(1)", "ok"},
}

func TestMatchSyntaxErrorsMatchCPython(t *testing.T) {
	srcs := caseSources(matchSyntaxCases)
	checkCasesAgainst(t, "CPython", matchSyntaxCases, cpythonSyntaxErrors(t, srcs))
	for _, tt := range matchSyntaxCases {
		if tt.want == "ok" {
			continue
		}
		if got := syntaxErrorOutcome(tt.src); got != tt.want {
			t.Errorf("%q\n kael %s\n want %s", tt.src, got, tt.want)
		}
	}
}
