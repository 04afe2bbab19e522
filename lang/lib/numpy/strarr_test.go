package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestStringArraysMatchNumPy compares string arrays (<U n and |S n) with
// NumPy 1.24: making them, their dtype and attributes, repr and str
// (summarised when large), indexing and assignment (cut to the width,
// views written through), elements as np.str_, tolist and item.
func TestStringArraysMatchNumPy(t *testing.T) {
	pre := prelude + "a = np.array(['a', 'bb'])\nb = np.array([b'a', b'bb'])\n"
	langtest.CheckMatchesCPython(t, pre, []string{
		"repr(a), str(a), a.dtype, repr(a.dtype), a.dtype.name, a.dtype.kind, a.dtype.char, a.dtype.byteorder, a.itemsize, a.strides, a.nbytes, a.shape, a.ndim, a.size",
		"repr(b), str(b), repr(b.dtype), str(b.dtype), b.dtype.name, b.dtype.str, b.itemsize, b.dtype.byteorder",
		"np.zeros(2, 'U4'), np.zeros((2, 2), dtype='S3'), np.empty(3, dtype=str), np.ones(2, dtype='U2'), np.array([], dtype='U')",
		"np.array('abc'), str(np.array('abc')), np.array(['a', 'b'], dtype=str), np.array(['a', 'b'], dtype=np.str_), np.array(['abc', 'de'], dtype='U2'), np.array(['ab', 'c'], dtype='S')",
		"np.dtype(str), np.dtype('S'), np.dtype('U5'), np.dtype('<U5') == 'U5', np.dtype('U5').itemsize, np.dtype('S3').itemsize, np.dtype(bytes), np.dtype(np.bytes_)",
		"np.array([['a', 'b'], ['c', 'dd']]), str(np.array([['a', 'b'], ['c', 'dd']])), np.array([['a', 'b'], ['c', 'dd']]).strides",
		"np.array(['a', 1]), np.array([1, 22], dtype='U'), np.array([1, 2], dtype=str), np.array(['x', 2.5])",
		"np.full(3, 'ab'), np.full((2, 2), 'x', dtype='U3'), np.full(2, 7, dtype='U')",
		"big = np.array([str(i) for i in range(2000)])\nstr(big), repr(big), repr(big.reshape(40, 50))",
		"np.array(['word%d' % i for i in range(30)])",
		"a.dtype == str, a.dtype == np.str_, a.dtype.kind == 'U', np.issubdtype(a.dtype, np.str_), np.issubdtype(a.dtype, np.number), np.issubdtype(a.dtype, np.character), np.issubdtype(b.dtype, np.str_), np.issubdtype(np.float64, np.flexible), np.issubdtype('U3', str), a.dtype != np.float64, np.dtype('U3') == np.dtype('S3')",
		"type(a[0]).__name__, repr(a[0]), str(a[0]), isinstance(a[0], str), a[0] == 'a', a[0] + 'x', np.str_, np.bytes_, type(b[1]), b[1], isinstance(b[0], bytes)",
		"a[-1], a[1:], a[::-1], a[[1, 0, 1]], a[np.array([True, False])], a[a == 'bb'], list(a), [x.upper() for x in a], len(a)",
		"a.tolist(), b.tolist(), a.item(1), np.array(['q']).item(), np.array([['a', 'b']]).item(0, 1), np.array('z').item()",
		"c = np.array(['x', 'yy', 'zzz'], dtype='U2')\nc[0] = 'hello'\nv = c[1:]\nv[0] = 'q'\nc, v, c.reshape(3, 1), c.T, c.copy(), c.flatten(), c.ravel()",
		"c = np.array(['aaa', 'bbb', 'ccc'])\nc[[0, 2]] = ['x', 'yyyy']\nc[c == 'bbb'] = 'z'\nc",
		"c = np.zeros((2, 3), dtype='U1')\nc[:] = ['a', 'b', 'c']\nc[1] = 'long'\nc",
		"c = np.array([b'ab', b'c'])\nc[1] = b'xyz'\nc",
		"np.array(['héllo wörld %d' % i for i in range(12)]), np.array([['ünï', 'b'] * 9])",
		"bool(np.array([''])), bool(np.array(['x'])), np.array(['x', 'é']).itemsize",
		"a[5]", "a[0, 0]", "np.array(['a', ['b']])", "bool(a)",
	})
}

// TestStringArrayOpsMatchNumPy covers comparisons, sorting, unique,
// where, joining, isin, astype both ways and NumPy's errors for what
// strings do not have (arithmetic, sums, ufuncs).
func TestStringArrayOpsMatchNumPy(t *testing.T) {
	pre := prelude + "a = np.array(['a', 'bb'])\n"
	langtest.CheckMatchesCPython(t, pre, []string{
		"a == 'a', a != 'a', a < 'b', a >= 'a', 'b' > a, a == np.array(['a', 'x']), a < np.array([['b'], ['a']]), a == ['a', 'bb'], a == None, a != None",
		"np.array([b'x', b'y']) == b'x', np.array([b'x']) < np.array([b'y'])",
		"np.sort(np.array(['b', 'a', 'c'])), np.argsort(np.array(['b', 'a', 'c'])), np.sort(['pear', 'apple', 'fig'])",
		"m = np.array([['b', 'a'], ['d', 'c']])\nnp.sort(m, axis=0), np.sort(m), np.sort(m, axis=None), np.argsort(m, axis=0)",
		"c = np.array(['b', 'a', 'c'])\nc.sort()\nc, np.array(['b', 'a']).argsort()",
		"np.unique(np.array(['b', 'a', 'b'])), np.unique(['c', 'a', 'c'], return_counts=True, return_inverse=True, return_index=True)",
		"labels = np.array(['cat', 'dog', 'cat', 'bird'])\nnames, counts = np.unique(labels, return_counts=True)\ndict(zip(names, counts)), names[np.argmax(counts)]",
		"np.where(np.array([True, False]), 'yes', 'no'), np.where(np.array([3, -1, 2]) > 0, 'pos', 'negative'), np.where([True, False], a, 'zzz')",
		"np.concatenate([a, np.array(['ccc'])]), np.stack([a, a]), np.vstack([a, a]), np.hstack([a, ['z']]), np.concatenate([[['a']], [['bcd']]], axis=1)",
		"np.isin(a, ['a']), np.in1d(a, ['bb']), np.isin(a, ['a'], invert=True), np.isin(np.array([['x', 'y']]), ['y'])",
		"np.arange(3).astype(str), np.array([1.5, 2]).astype(str), np.array([True]).astype(str), np.array([[1, 2], [3, 4]]).astype(str), np.array([0.1, 1e20, -3.5]).astype(str), np.array([1.5], dtype=np.float32).astype(str), np.arange(3, dtype=np.int8).astype(str)",
		"np.array(['1.5', '2']).astype(float), np.array(['1', '-2']).astype(int), np.array(['1', '2'], dtype=int), np.array(['0', '3']).astype(bool), a.astype('U1'), a.astype('S')",
		"isinstance(a, np.ndarray), type(a).__name__, np.asarray(a) is a, 'a' in a, 'z' in a, a[:, None], a[None], np.shape(a), np.size(a), np.ndim(a), np.array(a), np.array(a, dtype='U1')",
		"np.reshape(a, (2, 1)), np.copy(a), np.transpose(np.array([['a', 'b']])), np.flip(a), np.roll(a, 1), np.tile(a, 2), np.repeat(a, 2), np.expand_dims(a, 0), np.split(np.array(['a', 'b', 'c', 'd']), 2), np.append(a, 'z'), np.append(a, 'zzz'), np.insert(a, 1, 'zzz'), np.delete(a, 0)",
		"v = np.flip(a)\nv[0] = 'Q'\nr = np.reshape(a, (2, 1))\nr[0, 0] = 'R'\nt = np.tile(a, 2)\nt[1] = 'T'\na, a.view(), a.T.strides",
		"np.array2string(a, separator=', '), np.array_repr(a), np.array_str(a), np.array(['a', 'b']) == np.array(['a', 'b', 'c'])",
		"np.array2string(np.array(['a', 'bb', 'c']), threshold=2, edgeitems=1)",
		"np.zeros_like(a), np.empty_like(a), np.ones_like(a), np.full_like(a, 'qqq'), np.zeros_like(a, dtype='U5')",
		"c = a.copy()\nc.fill('zzz')\nc, a",
		"np.random.seed(0)\nx = np.random.choice(['x', 'y', 'z'], size=5)\ny = np.random.choice(a)\nz = np.random.permutation(np.array(['p', 'q', 'r', 's']))\nw = np.array(['p', 'q', 'r', 's'])\nnp.random.shuffle(w)\nx, y, z, w",
		"g = np.random.default_rng(0)\ng.choice(a, 3), g.choice(['u', 'v'], size=(2, 2), replace=True), g.permutation(np.array(['p', 'q', 'r']))",
		"np.array(['a', 'x']).astype(float)", "np.array(['1.5']).astype(int)", "np.array(['']).astype(bool)",
		"a + a", "a + 1", "a * 2", "1 - a", "np.sum(a)", "a.sum()", "np.mean(a)", "np.max(a)", "np.add(a, a)", "np.sqrt(a)", "a < 1",
	})
}

// TestNpCharMatchesNumPy compares np.char's functions with NumPy 1.24:
// their results and the dtypes NumPy gives them.
func TestNpCharMatchesNumPy(t *testing.T) {
	pre := prelude + "a = np.array(['  Hello ', 'world', 'numPy'])\n"
	langtest.CheckMatchesCPython(t, pre, []string{
		"np.char.upper(a), np.char.lower(['AB', 'c']), np.char.capitalize(a), np.char.title(a), np.char.swapcase(a)",
		"np.char.strip(a), np.char.strip(a, ' H'), np.char.lstrip(a), np.char.rstrip(a)",
		"np.char.add(a, '!'), np.char.add(['a', 'b'], ['cc', 'd']), np.char.add(np.array([['x'], ['y']]), ['1', '22']), np.char.multiply(a, 2)",
		"np.char.replace(a, 'l', 'LL'), np.char.replace(a, 'l', '', count=1), np.char.join('-', ['abc', 'de']), np.char.join(['-', '+'], ['abc', 'de'])",
		"np.char.startswith(a, 'w'), np.char.endswith(a, 'Py'), np.char.find(a, 'l'), np.char.find(a, 'l', 4), np.char.count(a, 'l'), np.char.str_len(a), np.char.str_len(np.array([['ab', 'c']]))",
		"np.char.center(a, 10, '*'), np.char.center(['abcdef'], 3), np.char.zfill(['7', '-3', '123'], 4), np.char.ljust(['a'], 3), np.char.rjust(['a'], 3, '.')",
		"np.char.isdigit(['1', 'a']), np.char.isalpha(np.array([], dtype='U1')), np.char.upper([b'ab']), np.char.add([b'a'], [b'b']), np.char.upper('abc')",
		"b = np.array(['apple', 'banana', 'cherry'])\nnp.char.startswith(b, ['a', 'x', 'ch']), np.char.find(b, ['p', 'n', 'z']), np.char.center(b, [8, 10, 12]), np.char.replace(b, ['a', 'b', 'c'], 'X')",
		"np.char.zfill(np.array([['1'], ['22']]), [3, 4]), np.char.count(np.array(['aXa', 'a']), 'a', [0, 1]), np.char.strip(np.array([' a ', 'xbx']), [' ', 'x'])",
		"np.char.startswith(np.array(['apple', 'banana', 'cherry']), ['a', 'b'])",
		"np.char.upper([1, 2])",
	})
}
