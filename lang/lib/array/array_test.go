package array_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/array"
)

// arrayCases are compared with CPython 3.11's outcomes.
var arrayCases = []string{
	"a = array('i', [1, 2, 3])\na, a.typecode, a.itemsize, len(a), a[0], a[-1], a[1:], list(a), a.tolist(), 2 in a",
	"array('d'), array('u', 'hi'), array('f', [1.5, 0.1]), array('b', b'ab'), arraymod.typecodes, [array(t).itemsize for t in arraymod.typecodes]",
	"array('i', [1, 2, 3]).tobytes(), array('d', [1.0]).tobytes(), array('u', 'é').tobytes(), array('h', [-2]).tobytes(), array('L', [2**64 - 1]).tobytes()",
	"a = array('h')\na.frombytes(b'\\x01\\x00\\xff\\xff')\na, array('q', array('i', [5, 6]).tobytes())",
	"array('h').frombytes(b'abc')",
	"array('x')",
	"array('i', [1.5])",
	"array('f', ['a'])",
	"array('u', [1])",
	"array('i', 'ab')",
	"array('i', 3)",
	"array('b', [128])",
	"array('b', [-129])",
	"array('B', [256])",
	"array('B', [-1])",
	"array('h', [2**15])",
	"array('H', [-1])",
	"array('i', [2**31])",
	"array('I', [2**32])",
	"array('I', [-1])",
	"array('l', [2**63])",
	"array('L', [2**64])",
	"array('q', [-2**63 - 1])",
	"array('Q', [-1])",
	"array('b', [2**64])",
	"a = array('i', [1, 2, 3, 2])\na.append(4)\na.extend([5, 6])\na.insert(0, 0)\np = a.pop()\nq = a.pop(0)\na.remove(2)\na, p, q, a.index(2), a.count(2), a.index(3, 1)",
	"a = array('i', [1, 2])\na.extend(array('i', [3]))\na.fromlist([4])\na.reverse()\na",
	"array('i', [1]).extend(array('d', [1.0]))",
	"array('i').pop()",
	"array('i', [1]).pop(5)",
	"array('i', [1]).remove(9)",
	"array('i', [1]).index(9)",
	"array('i').fromlist((1,))",
	"a = array('i', [1, 2, 3, 4])\na[0] = 9\na[1:3] = array('i', [7])\ndel a[-1]\na",
	"a = array('i', [1, 2])\na[1:] = [3]",
	"array('i', [1])[5]",
	"a = array('i', [1])\na[5] = 1",
	"array('i', [1, 2]) + array('i', [3]), array('i', [1]) * 3, 2 * array('b', [7]), array('i', [1, 2]) == array('d', [1.0, 2.0]), array('i', [1]) < array('i', [2]), array('i', [1]) == [1]",
	"array('i', [1]) + array('d', [1.0])",
	"array('i', [1]) + [1]",
	"a = array('i', [1])\na += array('i', [2])\na *= 2\na",
	"a = array('u', 'ab')\na.fromunicode('cd')\na.tounicode(), a",
	"array('i').tounicode()",
	"bytes(array('i', [1, 2])), bytes(array('b', [-1])), b'' + array('h', [3]).tobytes()",
	"a = array('i', [1, 256])\na.byteswap()\na, array('d', [1.0, -2.5]).tolist()",
	"import copy, pickle\na = array('d', [1.5, 2.0])\ncopy.copy(a), copy.deepcopy(a) == a, copy.copy(a) is a, pickle.loads(pickle.dumps(a))",
	"array('f', [1e300]), array('f', [0.1])[0], array('d', [True, 3])",
	"a = array('i')\na += [1]",
	"a = array('i', [5])\nlen(a.buffer_info()), a.buffer_info()[1], arraymod.ArrayType is arraymod.array",
}

func TestArrayMatchesCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, "import array as arraymod\nfrom array import array\n", arrayCases)
}
