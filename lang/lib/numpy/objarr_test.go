package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// objPrelude defines a user class with its own + and repr, so that the
// cases check that object arrays call the elements' own operators.
const objPrelude = prelude + `from fractions import Fraction
from decimal import Decimal
class P:
    def __init__(s, v): s.v = v
    def __add__(s, o): return P(s.v + (o.v if isinstance(o, P) else o))
    def __lt__(s, o): return s.v < o.v
    def __repr__(s): return 'P(%r)' % s.v
a = np.array([1, 'a', None])
`

// TestObjectArraysMatchNumPy compares object arrays (dtype=object) with
// NumPy 1.24: making them (mixed data, None, big ints, Fractions, ragged
// lists with dtype=object and NumPy's error without), their dtype and
// attributes, repr and str, indexing that keeps the objects themselves,
// assignment and views, tolist, iteration and reshapes.
func TestObjectArraysMatchNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, objPrelude, []string{
		"a, str(a), a.dtype, repr(a.dtype), a.itemsize, a.nbytes, a.shape, a.ndim, a.size, a.strides, type(a).__name__, isinstance(a, np.ndarray), len(a)",
		"np.array([[1, 2], [3]], dtype=object), np.array([(1, 2), (3,)], dtype=object), np.array([[1, 2], [3, 4]], dtype=object), np.array([[1, None], [2, 'abc']]), str(np.array([[1, None], [2, 'abc']]))",
		"np.array([[1, 2], [3]])", "np.array([[1, 2], [3, [4]]])",
		"np.array([[1, 2], np.array([3, 4])]), np.array([np.array([1, 2]), np.array([3])], dtype=object), np.array(np.arange(4).reshape(2, 2), dtype=object), np.array(np.array(['a', 'b']), dtype=object)",
		"np.empty(3, dtype=object), np.zeros((2, 2), dtype=object), np.ones(2, dtype='O'), np.full(2, None), np.full((1, 2), Fraction(1, 2)), np.array([], dtype=object), np.zeros((2, 0), dtype=object), np.array(5, dtype=object)",
		"np.dtype(object), np.dtype('O').kind, np.dtype(object).name, np.dtype(np.object_).str, np.dtype('O').itemsize, str(np.dtype('O')), np.object_, np.array([1, 2], dtype='O').dtype == object, np.dtype('O') == np.dtype(object)",
		"np.array([2**70, 3]), np.array([2**64, 1]) // 3, np.array([Fraction(1, 3)] * 20), np.array([1.5, 2], dtype=object), np.array(['ab', 'c'], dtype=object), np.array([b'x', 1.5, None])",
		"x = [1]\nb = np.array([x, None, 3], dtype=object)\nb[0] is x, b, b[0], type(b[2]).__name__",
		"b = np.array([1, 2, 3], dtype=object)\nb[[0, 2]], b[np.array([True, False, True])], b[1:], b[::-1], b.reshape(3, 1), np.reshape(b, (1, 3)), b[:, None].T",
		"b = np.array([1, 2, 3], dtype=object)\nb[0] = 'x'\nb[1:] = [None, [5]]\nv = b[1:]\nv[0] = Fraction(1, 2)\nb, b.tolist(), [repr(e) for e in b], list(np.array([[1, None], [2, 3]]))",
		"b = np.empty(3, dtype=object)\nb[:] = 7\nc = np.empty(2, dtype=object)\nc.fill([])\nb, c, c[0] is c[1], bool(np.array([0], dtype=object)), np.array([[1, 2]], dtype=object).item(1), np.array([[1, 2]], dtype=object).item(0, 0)",
		"b = np.array([[1, 2], [3, 4]], dtype=object)\nb.T, b.transpose(), b.flatten(), b.ravel(), b.copy(), np.transpose(b), np.flip(b), np.concatenate([b, b]), np.stack([b[0], b[1]]), np.concatenate([np.array([1, None]), np.array([2])])",
		"big = np.array(list(range(2000)), dtype=object)\nbig, str(big.reshape(40, 50)), np.roll(np.array([1, None, 'x']), 1), np.tile(np.array([1, None]), 2), np.split(np.array([1, None, 2, 3]), 2), np.asarray([1, None])",
		"import copy\nx = [1]\nb = np.array([x, None, 2], dtype=object)\nd = copy.deepcopy(b)\nc = copy.copy(b)\nd, d[0] is x, c[0] is x, d[0] == x",
		"b = np.array([1, 2], dtype=object)\nb[5]", "bool(a)", "np.array([1, 2], dtype=object).reshape(3)",
	})
}

// TestObjectArrayOpsMatchNumPy covers the operators and ufuncs of object
// arrays (the elements' own Python operators: Fractions, Decimals, big
// ints, a user class; their errors), comparisons, reductions, sorting,
// where, astype both ways, np.char.split and np.frompyfunc.
func TestObjectArrayOpsMatchNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, objPrelude, []string{
		"np.array([Fraction(1, 3), Fraction(1, 2)]) + 1, 1 - np.array([Fraction(1, 3)]), np.array([P(1), P(2)]) + 1, np.array([Decimal('1.1'), Decimal('2.2')]) * 2, np.array([2**70, 3]) * 2, np.array([1, 2], dtype=object) ** 2, np.array([2, 3], dtype=object) & 1, np.array([1, 2], dtype=object) / 4",
		"-np.array([1, 2], dtype=object), abs(np.array([-1, Fraction(-1, 2)], dtype=object)), np.array([1, 2], dtype=object) + np.array([[10], [20]], dtype=object), np.arange(2) + np.array([Fraction(1, 2), 1], dtype=object), np.array([Fraction(1, 2), 1], dtype=object) * np.array([1.5, 2])",
		"np.array([1, None]) == None, np.array([1, None]) != None, np.array([1, 2], dtype=object) == 1, np.array([1, 2], dtype=object) == np.array([1, 3], dtype=object), np.array([P(1), P(3)]) < np.array([P(2), P(2)])",
		"np.array([1, 'a', None], dtype=object) + 1", "np.array([1, 2, None]) < 2", "np.array([1, 2], dtype=object) / 0", "np.array([1, None]) @ np.array([1, None])",
		"c = np.array([[Fraction(1, 2), 1], [2, 3]], dtype=object)\nc @ c, c @ np.array([1, 2], dtype=object), np.array([1, 2], dtype=object) @ c, np.array([1, 2], dtype=object) @ np.array([3, 4], dtype=object), np.arange(2) @ c",
		"np.array([1, 2], dtype=object) @ np.array([1, 2, 3], dtype=object)",
		"c = np.array([Fraction(1, 3), Fraction(1, 2)])\nc.sum(), np.sum(c), c.prod(), c.mean(), np.mean(c), c.max(), np.min(c), np.amax(c), np.array([P(1), P(2)]).sum()",
		"b = np.array([[1, 2], [3, 4]], dtype=object)\nb.sum(axis=0), b.sum(axis=1), b.prod(), b.min(axis=0), b.max(axis=-1), b.mean(axis=0), np.sum(b, 1), np.empty(0, dtype=object).sum()",
		"np.empty(0, dtype=object).max()", "np.array([None, 1]).max()", "np.array([1, 'a'], dtype=object).sum()",
		"np.add(np.array([Fraction(1, 2)], dtype=object), Fraction(1, 3)), np.add(np.array([1, 2], dtype=object), 1), np.maximum(np.array([1, 5], dtype=object), 3), np.negative(np.array([1, Fraction(1, 2)], dtype=object)), np.abs(np.array([-1, 2], dtype=object)), np.sqrt(np.array([Decimal(4)], dtype=object)), np.less(np.array([1, 3], dtype=object), 2)",
		"np.sqrt(np.array([4, 9], dtype=object))",
		"np.sort(np.array([3, 1, 2], dtype=object)), np.sort(np.array([[3, 1], [0, 2]], dtype=object), axis=0), np.argsort(np.array([[3, 1], [0, 2]], dtype=object), axis=None), np.array([3, 1, 2], dtype=object).argsort(), np.unique(np.array([3, 1, 3], dtype=object)), np.unique(np.array(['b', 'a', 'b'], dtype=object)), np.sort(np.array([P(2), P(1)]))",
		"b = np.array([[2, 1], [4, 3]], dtype=object)\nb.sort()\nb",
		"np.sort(np.array([3, 'a'], dtype=object))",
		"np.where([True, False], np.array([1, None]), 5), np.where(np.array([1, 0]) > 0, Fraction(1, 2), 'no')",
		"np.array([1, 2]).astype(object), np.array([1, 2]).astype(object).tolist(), type(np.array([1.5]).astype(object)[0]).__name__, np.array(['a', 'bb']).astype(object), np.array([Fraction(1, 3)]).astype(float), np.array([1, None]).astype(float), np.array([1, 2], dtype=object).astype(str), np.array([1.5, 2], dtype=object).astype(int), np.array([0, 2], dtype=object).astype(bool), np.array([1, 2], dtype=object).astype(object)",
		"np.array([1, 'x']).astype(int)", "np.array([1, None]).astype(int)",
		"np.char.split(np.array(['a b', 'c d e'])), np.char.split(['a-b', 'c'], '-'), np.char.split(np.array([['x y']]), maxsplit=0), np.char.rsplit(['a b c'], None, 1), np.char.split([b'a b']), np.char.split(np.array(['a b', 'c d e']))[1] + ['x']",
		"f = np.frompyfunc(lambda x, y: x * 10 + y, 2, 1)\ng = np.frompyfunc(divmod, 2, 2)\nh = np.frompyfunc(lambda x: str(x) * 2, 1, 1)\nf(np.arange(3), 1), f(2, 3), g(np.array([7, 8]), 3), h(np.array([[1, 2], [3, 4]])), h, f.nin, f.nout, f.__name__, type(f).__name__",
		"np.frompyfunc(divmod, 2, 1)(1, 2, 3, 4)", "np.frompyfunc(1, 1, 1)",
	})
}

// TestObjectArrayReductionsMatchNumPy covers the methods that reduce or
// run along an axis (any, all, cumsum, cumprod, argmax, argmin, mean,
// var, std with ddof), as methods and np functions: results and types
// from the elements' own operators (Fractions, Decimals, complex, a user
// class), empty arrays, NumPy's warnings and the elements' errors.
func TestObjectArrayReductionsMatchNumPy(t *testing.T) {
	pre := objPrelude + "import warnings\n" +
		"def warned(f):\n" +
		"    with warnings.catch_warnings(record=True) as w:\n" +
		"        warnings.simplefilter('always')\n" +
		"        r = f()\n" +
		"    return r, type(r).__name__, [(x.category.__name__, str(x.message)) for x in w]\n" +
		"b = np.array([[0, 1], [2, 0]], dtype=object)\n" +
		"c = np.array([Fraction(1, 2), Fraction(1, 3), 2], dtype=object)\n" +
		"e = np.array([], dtype=object)\n"
	langtest.CheckMatchesCPython(t, pre, []string{
		// any and all: Python's or and and, the object itself
		"np.array([0, 'a', None, 2], dtype=object).any(), np.array([0, 'a', None, 2], dtype=object).all(), np.array([1, 2], dtype=object).all(), e.any(), e.all()",
		"b.any(axis=0), b.all(axis=1), np.any(b), np.all(b, axis=0), np.any(b, 1), np.zeros((0, 2), dtype=object).any(axis=0), np.array([[], []], dtype=object).all(axis=1)",
		"np.array([[], 'x'], dtype=object).any(), np.array([P(0), 0], dtype=object).all(), np.array(0, dtype=object).any()",
		"b.any(axis=2)",
		// cumsum and cumprod
		"c.cumsum(), c.cumprod(), b.cumsum(axis=0), b.cumsum(), b.cumprod(axis=1), np.cumsum(c), np.cumprod(b, axis=0), np.cumsum(b, 1), e.cumsum(), np.array(5, dtype=object).cumsum()",
		"np.array(['a', 'b', 'c'], dtype=object).cumsum(), np.array([[1, 2], [3, 4]], dtype=object).cumprod(axis=-1), np.array([P(1), P(2), 3]).cumsum()",
		"np.array([1, None]).cumsum()", "np.array(['a', 2], dtype=object).cumprod()",
		// argmax and argmin: the first best by > and <
		"c.argmax(), c.argmin(), b.argmax(axis=0), np.argmax(b, axis=1), np.argmin(b), np.argmin(b, 0), np.array([P(1), P(2)]).argmin(), np.array([P(1), P(2), P(2)]).argmax(), np.array([3, 1, 3, 1], dtype=object).argmin()",
		"np.zeros((0, 2), dtype=object).argmax(axis=1), np.array(['b', 'a', 'c'], dtype=object).argmax(), type(c.argmax()).__name__",
		"np.array([None, 1]).argmax()", "np.array([None, 1]).argmin()", "np.array([1, None]).argmin()", "e.argmax()", "np.zeros((2, 0), dtype=object).argmin(axis=1)",
		// mean, var, std
		"c.mean(), b.mean(axis=0), b.mean(axis=1), np.mean(b), warned(lambda: np.array([1, 2], dtype=object).mean()), warned(lambda: np.array([True, 2.5], dtype=object).mean())",
		"warned(lambda: e.mean())",
		"c.var(), np.var(c, ddof=1), b.var(axis=0), np.var(b, 1), warned(lambda: np.array([1, 2], dtype=object).var()), warned(lambda: np.array([1, 2], dtype=object).std())",
		"np.array([[1, 2], [3, 5]], dtype=object).var(axis=1, ddof=1), np.array([Decimal('1.5'), Decimal('2.5')]).var(), np.array([Decimal('1.5'), Decimal('2.5')]).std(), np.array([1j, 2], dtype=object).var()",
		"warned(lambda: np.array([1, 2], dtype=object).var(ddof=2)), warned(lambda: np.array([3], dtype=object).std(ddof=1))",
		"c.std()", "b.std(axis=1)", "np.array([None, 1]).var()", "np.array([P(1), P(2)]).var()", "e.var()", "np.array([P(1), P(2)]).mean()",
		// np functions: what object arrays do not take
		"np.sum(b, axis=0), np.max(b, 1), np.amin(b), np.prod(c), np.std(np.array([1, 2], dtype=object))",
		// keepdims and ptp
		"np.sum(b, keepdims=True), b.max(axis=0, keepdims=True), b.any(axis=1, keepdims=True), np.argmax(b, axis=1, keepdims=True), c.argmin(keepdims=True), np.prod(c, keepdims=True)",
		"c.mean(keepdims=True), b.mean(axis=1, keepdims=True), np.array([1, 2], dtype=object).mean(keepdims=True), b.var(axis=0, keepdims=True), np.array([1, 2], dtype=object).var(keepdims=True), np.array(4, dtype=object).sum(keepdims=True)",
		"b.ptp(), b.ptp(axis=0), np.ptp(c), np.ptp(b, axis=1, keepdims=True), np.array([Fraction(1, 2), 2]).ptp()",
		"np.array([1, 'a'], dtype=object).ptp()", "e.mean(keepdims=True)",
	})
}

// TestGoValueArraysShareProtocols checks the protocol code string and
// object arrays share (goarray.go) on both kinds alike against NumPy
// 1.24: item by flat index, by indices and by one tuple, and its errors;
// ndmin; iteration, len and hash of 0-d and n-d arrays; views through
// reshape, ravel, transpose and view; the repr's dtype line after wide
// (non-ASCII) elements.
func TestGoValueArraysShareProtocols(t *testing.T) {
	pre := objPrelude + "s = np.array([['a', 'bb', 'c'], ['d', 'e', 'f']])\n" +
		"o = np.array([[1, None, 'x'], [Fraction(1, 2), 2.5, [3]]], dtype=object)\n"
	langtest.CheckMatchesCPython(t, pre, []string{
		"[(x.item(4), x.item(-1), x.item(1, 0), x.item((0, 2)), x.item(np.int64(2))) for x in (s, o)]",
		"s.item(6)", "o.item(6)", "o.item(-7)", "s.item()", "o.item()", "o.item('a')", "s.item(2, 0)", "o.item(0, 3)",
		"[(np.array(x, ndmin=3).shape, np.array(x, ndmin=1)) for x in (s[0, 0], np.array(['q'])[0], np.array([1, None]), np.array(['u', 'v']))]",
		"[(list(x), len(x), [list(r) for r in x.T], x.size, x.ndim) for x in (s, o)]",
		"len(np.array('a'))", "len(np.array(None, dtype=object))", "list(np.array(None, dtype=object))", "hash(s)", "hash(o)",
		"t, p = s.reshape(3, 2), o.ravel()\nt[0, 1] = 'Z'\np[1] = 'Y'\nv = o.view()\nv[1, 2] = 'W'\ns.transpose(1, 0)[2, 1] = 'T'\ns, o, t, p, v.shape",
		"np.array(['é' * 30, 'ü' * 30, 'ñ' * 12]), np.array(['é' * 30, 'ü' * 30, 'ñ' * 12], dtype=object), np.array([[], ()], dtype=object)",
	})
}
