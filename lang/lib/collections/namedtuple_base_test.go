package collections_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
	_ "github.com/kael-dev/kael/lang/lib/collections"
	_ "github.com/kael-dev/kael/lang/lib/copy" // the modules the cases import
	_ "github.com/kael-dev/kael/lang/lib/typing"
)

// TestNamedTupleAsBaseMatchesCPython checks classes deriving from a
// namedtuple's class and from typing.NamedTuple's against CPython: the
// subclass's methods, construction with defaults and its own __new__,
// _replace, _make and _asdict giving the subclass, its repr, tuple
// behaviour, isinstance, match, copies and the errors.
func TestNamedTupleAsBaseMatchesCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, `import copy
from collections import namedtuple
from typing import NamedTuple
Base = namedtuple('Base', 'x y', defaults=[0])
class P(Base):
    __slots__ = ()
    def norm(self):
        return abs(self.x) + abs(self.y)
    def __str__(self):
        return f"P<{self.x},{self.y}>"
class R(Base):
    def __new__(cls, x, y=5):
        return super().__new__(cls, x * 2, y)
    def __init__(self, *a):
        self.tag = 't'
class N(NamedTuple):
    a: int
    b: str = 'q'
    def both(self):
        return f"{self.a}{self.b}"
class M(N):
    def more(self):
        return self.both() * 2
`, []string{
		"p = P(3, 4)\np.norm(), str(p), repr(p), p.x, p[1], len(p), tuple(p), type(p).__name__",
		"p = P(1)\np, p.y, P(x=2, y=3), P._fields, P._field_defaults, P.__match_args__",
		"p = P(1, 2)\ntype(p._replace(x=5)).__name__, p._replace(x=5), P._make([5, 6]), type(P._make([5, 6])).__name__, p._asdict()",
		"isinstance(P(1), Base), issubclass(P, Base), issubclass(P, tuple), isinstance(P(1), tuple), isinstance(Base(1), P)",
		"a, b = P(3, 4)\na, b, P(3, 4) == (3, 4), hash(P(3, 4)) == hash((3, 4)), {P(1, 2): 'v'}[(1, 2)]",
		"sorted([P(3, 1), P(1, 2)]), P(1, 2) + (3,), P(1, 2) * 2, P(1, 2)[::-1], P(1, 2).count(1), P(1, 2).index(2)",
		"r = R(3)\nr, r.tag, r.x, type(r._replace(y=1)).__name__",
		"copy.copy(P(1, 2)), copy.deepcopy(P(1, [2])), type(copy.copy(P(1, 2))).__name__",
		"match P(1, 2):\n    case P(x, y):\n        r = (x, y)\nr",
		"m = M(4)\nm, m.more(), m._asdict(), M._fields, isinstance(m, N), m._replace(a=5), type(m._replace(a=5)).__name__",
		"P(1, 2, 3)",
		"P(1, z=2)",
		"P(1)._replace(q=1)",
		"P._make([1])",
		// __slots__ = () in the subclass: no __dict__, no new attributes
		"p = P(1, 2)\np.z = 3",
		"P(1, 2).__dict__",
		"r = R(1)\nr.z = 3\nr.z, r.__dict__, P.__slots__",
		"class T(tuple):\n    __slots__ = ()\nT((1,)).a = 1",
	})
}
