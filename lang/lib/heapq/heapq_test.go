package heapq_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/heapq"
	_ "github.com/kael-dev/kael/lang/lib/random"
)

const prelude = "import heapq\nfrom heapq import heappush, heappop, heapify, heapreplace, heappushpop, nlargest, nsmallest, merge\n"

const task = "class Task:\n    def __init__(self, p, name):\n        self.p, self.name = p, name\n    def __lt__(self, other):\n        return self.p < other.p\n    def __repr__(self):\n        return f'Task({self.p}, {self.name!r})'\n"

// cases hold CPython 3.11's outcomes; TestAgainstCPython checks them there.
var cases = []langtest.Case{
	{"h = []\nfor x in [5, 1, 8, 3, 2, 9, 1]:\n    heappush(h, x)\nh, [heappop(h) for _ in range(len(h))]", "([], [1, 1, 2, 3, 5, 8, 9])"},
	{"h = [9, 4, 7, 1, 8, 2, 6, 3, 5, 0]\nheapify(h)\nh", "[0, 1, 2, 3, 4, 7, 6, 9, 5, 8]"},
	{"import random\nrandom.seed(5)\nh = [random.randint(0, 99) for _ in range(40)]\nheapify(h)\nfor x in range(20):\n    heappush(h, random.randint(0, 99))\nh[:12], sorted(h) == [heappop(h) for _ in range(60)]", "([0, 0, 6, 9, 1, 21, 20, 14, 17, 3, 21, 25], True)"},
	{"h = [1, 3, 5]\nheapreplace(h, 4), h, heappushpop(h, 0), heappushpop(h, 9), h", "(1, [4, 9, 5], 0, 3, [4, 9, 5])"},
	{"h = [(2, 'b'), (1, 'z'), (1, 'a')]\nheapify(h)\n[heappop(h) for _ in range(3)]", "[(1, 'a'), (1, 'z'), (2, 'b')]"},
	{task + "h = []\nfor p, n in [(3, 'c'), (1, 'a'), (2, 'b')]:\n    heappush(h, Task(p, n))\nheappop(h), h", "(Task(1, 'a'), [Task(2, 'b'), Task(3, 'c')])"},
	{"nlargest(3, [5, 1, 8, 3, 9, 2]), nsmallest(2, [5, 1, 8, 3, 9, 2]), nlargest(10, [1, 2]), nsmallest(0, [1]), nlargest(-1, [1])", "([9, 8, 5], [1, 2], [2, 1], [], [])"},
	{"words = ['bb', 'a', 'ccc', 'dd', 'e']\nnlargest(2, words, key=len), nsmallest(3, words, key=len)", "(['ccc', 'bb'], ['a', 'e', 'bb'])"},
	{"list(merge([1, 4, 7], [2, 5], [3, 6, 9])), list(merge([3, 1], [2], reverse=True)), list(merge(['a', 'ccc'], ['bb'], key=len))", "([1, 2, 3, 4, 5, 6, 7, 9], [3, 2, 1], ['a', 'bb', 'ccc'])"},
	{"heappop([])", "IndexError: index out of range"},
	{"heapreplace([], 1)", "IndexError: index out of range"},
	{"heappush((), 1)", "TypeError: heappush() argument 1 must be list, not tuple"},
	{"h = [1, 'a']\nheapify(h)", "TypeError: '<' not supported between instances of 'int' and 'str'"},
}

func TestHeapq(t *testing.T) { langtest.CheckCellCases(t, prelude, cases) }

func TestAgainstCPython(t *testing.T) { cpython.CheckCellCases(t, prelude, cases) }
