package lang

import (
	"context"
	"testing"
)

// propertyPrecedenceCases check that a property takes precedence over an
// instance attribute of the same name however late it appears (instance
// attributes are read without a class lookup while no class in the chain
// has a property).
var propertyPrecedenceCases = []string{
	"class B:\n    pass\nclass C(B):\n    pass\nc = C()\nc.x = 1\nbefore = c.x\nB.x = property(lambda self: 42)\n(before, c.x)",
	"class B:\n    pass\nclass D(B):\n    pass\nd = D()\nd.y = 1\nclass P:\n    @property\n    def y(self):\n        return 7\nB.y = P.y\nd.y = 5",
	"class P:\n    @property\n    def v(self):\n        return 'prop'\np = P()\np.__dict__['v'] = 'inst' if False else None\np.v",
	"class Q:\n    def __init__(self):\n        self.a = 1\n        self.b = 2\n        self.c = 3\n        self.d = 4\n        self.e = 5\n        self.f = 6\nq = Q()\nq.c = 30\n(q.a, q.b, q.c, q.d, q.e, q.f, sorted(q.__dict__))",
}

func TestPropertyPrecedenceMatchesCPython(t *testing.T) {
	want := cpythonCellOutcomes(t, "", propertyPrecedenceCases)
	for i, src := range propertyPrecedenceCases {
		got := outcome(NewSession(IO{}).Exec(context.Background(), "", src))
		if got != want[i] {
			t.Errorf("%s\n kael    %s\n CPython %s", src, got, want[i])
		}
	}
}
