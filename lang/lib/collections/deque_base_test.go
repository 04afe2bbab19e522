package collections

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestDequeAsBaseMatchesCPython checks classes deriving from deque (a
// bounded history, a deque with a peek) against CPython: deque's methods
// and special methods on the instance, maxlen, the repr under the
// class's name, equality, unhashability.
func TestDequeAsBaseMatchesCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, `from collections import deque
class D(deque):
    def peek(self):
        return self[-1]
class H(deque):
    def __init__(self, n):
        super().__init__(maxlen=n)
        self.n = n
    def add(self, v):
        self.append(v)
        return len(self)
`, []string{
		"d = D([1, 2, 3], maxlen=5)\nd.append(4)\nd.appendleft(0)\nd.peek(), len(d), list(d), d, d.maxlen, 3 in d, d[0], d[-1]",
		"isinstance(D(), deque), D([1]) == deque([1]), D([1]) == [1], bool(D()), bool(D([0])), D(), D('ab')",
		"d = D([1, 2, 3])\nd[0] = 9\nd.rotate(1)\nd, d.popleft(), d.pop(), d.count(9), d.index(9), d.maxlen",
		"h = H(2)\nh.add(1), h.add(2), h.add(3), h, h.n, h.maxlen, sorted(h), sum(h), [x * 2 for x in h]",
		"d = D()\nd.extend([1, 2])\nd.extendleft([0])\nd.reverse()\nd, d.copy(), list(reversed(D([1, 2])))",
		"import copy\nc = copy.copy(D([1], maxlen=3))\nc, c.maxlen, type(c).__name__, copy.deepcopy(D([[1]])), D([1], 2).copy()",
		"hash(D())",
		"D([1])[5]",
		"D(maxlen=-1)",
	})
}
