package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestNditerMatchesNumPy covers np.nditer as NumPy's "Iterating over
// arrays" guide uses it: the memory order of order='K' (transposed,
// Fortran and reversed arrays), C and F order, read-write operands and
// the context manager, multi_index, c_index and f_index with the
// while-not-finished loop, external_loop's chunks, broadcasting several
// operands, allocated outputs, buffering with op_dtypes and casting=, the
// attributes, and NumPy's errors.
func TestNditerMatchesNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+"a = np.arange(6).reshape(2, 3)\nc = np.arange(24).reshape(2, 3, 4)\n", []string{
		"[int(x) for x in np.nditer(a)], [int(x) for x in np.nditer(a.T)], [int(x) for x in np.nditer(a.T.copy(order='C'))]",
		"[int(x) for x in np.nditer(a.T, order='C')], [int(x) for x in np.nditer(a, order='F')], [int(x) for x in np.nditer(np.asfortranarray(a))]",
		"[int(x) for x in np.nditer(a[::-1])], [int(x) for x in np.nditer(a[:, ::-1], order='C')], [int(x) for x in np.nditer(c.transpose(1, 2, 0))], [int(x) for x in np.nditer(c[:, ::2, ::-1])]",
		"[repr(x) for x in np.nditer(np.arange(3.0))], [repr(x) for x in np.nditer(np.array(5))], [repr(x) for x in np.nditer(2.5)], [repr(x) for x in np.nditer([[1, 2], [3, 4]])]",
		"with np.nditer(a, op_flags=['readwrite']) as it:\n    for x in it:\n        x[...] = 2 * x\na",
		"it = np.nditer(a, op_flags=['writeonly'])\nfor x in it:\n    x[...] = 7\nit.close()\na",
		"for x in np.nditer(a):\n    x[...] = 1",
		"it = np.nditer(a, flags=['multi_index'])\nout = []\nwhile not it.finished:\n    out.append('%d <%s>' % (it[0], it.multi_index))\n    it.iternext()\nout",
		"it = np.nditer(a, flags=['c_index'])\nout = []\nwhile not it.finished:\n    out.append('%d <%d>' % (it[0], it.index))\n    it.iternext()\nout",
		"it = np.nditer(a, flags=['f_index'])\n[(int(x), it.index) for x in it]",
		"it = np.nditer(a[::-1], flags=['multi_index'])\n[(int(x), it.multi_index) for x in it], [(int(x), it.index) for it in [np.nditer(a[:, ::-1], flags=['c_index'])] for x in it]",
		"it = np.nditer(a.T, flags=['multi_index'], order='F')\n[(int(x), it.multi_index) for x in it]",
		"with np.nditer(a, flags=['multi_index'], op_flags=['writeonly']) as it:\n    while not it.finished:\n        it[0] = it.multi_index[1] - it.multi_index[0]\n        it.iternext()\na",
		"[x for x in np.nditer(a, flags=['external_loop'])], [x for x in np.nditer(a, flags=['external_loop'], order='F')], [x for x in np.nditer(a.T, flags=['external_loop'])]",
		"[x for x in np.nditer(c[:, :, 1:3], flags=['external_loop'])], [x for x in np.nditer(c[:, :, ::2], flags=['external_loop'])], [repr(x) for x in np.nditer(np.array(5), flags=['external_loop'])]",
		"with np.nditer(c[:, 1:, ::2], flags=['external_loop'], op_flags=['readwrite']) as it:\n    for x in it:\n        x[...] = -x\nc",
		"[x for x in np.nditer(a, flags=['external_loop', 'buffered'], order='F')], [len(x) for x in np.nditer(np.arange(20000), flags=['external_loop', 'buffered'])], [x for x in np.nditer(np.arange(10), flags=['external_loop', 'buffered'], buffersize=4)]",
		"[(int(x), int(y)) for x, y in np.nditer([np.arange(3), np.arange(2).reshape(2, 1)])], [x for x in np.nditer([np.arange(3), np.arange(2).reshape(2, 1)], flags=['external_loop'])]",
		"def square(a):\n    with np.nditer([a, None]) as it:\n        for x, y in it:\n            y[...] = x * x\n        return it.operands[1]\nsquare([1, 2, 3]), square(a.T), square(a.T).strides, square(np.float32([1.5]))",
		"with np.nditer([a, None], flags=['external_loop', 'buffered'], op_flags=[['readonly'], ['writeonly', 'allocate', 'no_broadcast']], op_dtypes=['float64', 'float64']) as it:\n    for x, y in it:\n        y[...] = x * x\n    out = it.operands[1]\nout",
		"it = np.nditer([a, np.zeros(3, np.float32), None])\nit.dtypes, it.operands[2].shape, np.nditer([a, None], op_dtypes=[None, np.float32]).operands[1].dtype",
		"[x for x in np.nditer(a.astype(float), flags=['buffered'], op_dtypes=['float32'], casting='same_kind')], [repr(x) for x in np.nditer(np.arange(2), flags=['buffered'], op_dtypes=['complex128'])]",
		"b = a.astype(float)\nwith np.nditer(b, op_flags=['readwrite'], flags=['buffered'], op_dtypes=['float32'], casting='same_kind') as it:\n    for x in it:\n        x[...] = x * 2.5\nb",
		"b = np.arange(4.0)\nwith np.nditer(b, op_flags=['readwrite', 'updateifcopy'], op_dtypes=['float32'], casting='same_kind') as it:\n    for x in it:\n        x[...] = x / 3\nb",
		"it = np.nditer(a)\n(it.ndim, it.shape, it.itersize, it.iterindex, it.finished, len(it), it.nop, it.has_multi_index, it.has_index, repr(it.value), it.operands[0] is a)",
		"it = np.nditer(a, flags=['multi_index'])\n(it.ndim, it.shape), (np.nditer(a.T).shape, np.nditer(a[:, :2]).shape, np.nditer(a, order='F').shape, np.nditer(np.array(5)).ndim)",
		"it = np.nditer([a, a.T.T.astype(np.int8)])\n(it.value, it[1], it[0:2], it.dtypes)",
		"it = np.nditer(np.arange(3))\nfor x in it: pass\nr = [it.finished, list(it), it.iternext()]\nit.reset()\nr += [it.finished, it.iterindex, [int(v) for v in it]]\nr",
		"it = np.nditer(np.arange(3))\nfor x in it: pass\nit.value",
		"it = np.nditer(np.arange(5))\nr = [it.iternext(), it.iterindex, int(it.value), [int(v) for v in it]]\nit.iterindex = 3\nr.append(int(it.value))\nit = np.nditer(c, flags=['multi_index'])\nit.multi_index = (1, 2, 3)\nr += [int(it.value), it.iterindex]\nit = np.nditer(c, flags=['f_index'])\nit.index = 5\nr + [int(it.value), it.index]",
		"list(np.nditer(np.zeros(0), flags=['zerosize_ok'])), np.nditer(np.zeros((2, 0)), flags=['zerosize_ok']).finished",
		"it = np.nditer(a)\nit.close()\nit.value",
		"np.nditer(np.zeros(0))", "np.nditer(a, flags=['external_loop', 'multi_index'])", "np.nditer(a, flags=['c_index', 'f_index'])",
		"np.nditer(a).multi_index", "np.nditer(a).index", "np.nditer(a, flags=['foo'])", "np.nditer(a, op_flags=['foo'])", "np.nditer(a, order='X')",
		"np.nditer(np.broadcast_to(a, (2, 2, 3)), op_flags=['readwrite'])", "np.nditer([a, None], op_flags=[['readonly'], ['readonly']])",
		"np.nditer([a, None], op_flags=[['readonly'], ['readonly', 'allocate']])", "np.nditer(a, op_dtypes=['float64'])",
		"np.nditer(a.astype(float), flags=['buffered'], op_dtypes=['float32'])", "np.nditer(a, flags=['buffered'], op_dtypes=['float32'], op_flags=['readwrite'], casting='same_kind')",
		"np.nditer([np.arange(3), np.arange(2)])", "np.nditer([np.arange(2), a])", "np.nditer([np.arange(3), a], op_flags=[['readwrite'], ['readonly']])",
		"np.nditer([np.zeros((2, 1, 4)), c], op_flags=[['readwrite'], ['readonly']])", "np.nditer([c, np.zeros(4)], op_flags=[['readonly'], ['readonly', 'no_broadcast']])",
		"np.nditer([a, np.zeros(3)], op_flags=[['readonly'], ['writeonly', 'allocate', 'no_broadcast']])", "np.nditer([a, np.zeros(3)], flags=['reduce_ok'], op_flags=[['readonly'], ['readwrite', 'no_broadcast']])",
		"it = np.nditer(c)\nit.iterindex = 99", "it = np.nditer(c, flags=['multi_index'])\nit.multi_index = (5, 0, 0)", "it = np.nditer(c, flags=['multi_index'])\nit.multi_index = (1, 0)",
		"repr(a[(1, 2, Ellipsis)]), a[(slice(0, 1), 1)], a[(Ellipsis, 1)], repr(np.array(5)[(Ellipsis,)])",
		"def outer_it(x, y):\n    it = np.nditer([x, y, None], ['external_loop'], [['readonly'], ['readonly'], ['writeonly', 'allocate']], op_axes=[list(range(x.ndim)) + [-1] * y.ndim, [-1] * x.ndim + list(range(y.ndim)), None])\n    chunks = []\n    with it:\n        for (a, b, c) in it:\n            chunks.append((a.copy(), b.copy()))\n            np.multiply(a, b, out=c)\n        return chunks, it.operands[2]\nouter_it(np.arange(3), np.arange(8).reshape(2, 4))",
		"b = np.array(0)\nwith np.nditer([c, b], flags=['reduce_ok'], op_flags=[['readonly'], ['readwrite']]) as it:\n    for x, y in it:\n        y[...] += x\nb",
		"with np.nditer([c, None], flags=['reduce_ok'], op_flags=[['readonly'], ['readwrite', 'allocate']], op_axes=[None, [0, 1, -1]]) as it:\n    it.operands[1][...] = 0\n    for x, y in it:\n        y[...] += x\n    out = it.operands[1]\nout, out.strides",
		"with np.nditer([c, None], flags=['reduce_ok', 'multi_index'], op_flags=[['readonly'], ['readwrite', 'allocate']], op_axes=[None, [1, -1, 0]]) as it:\n    it.operands[1][...] = 0\n    for x, y in it:\n        y[...] += x * it.multi_index[1]\n    out = it.operands[1]\nout",
		"it = np.nditer([np.arange(3), np.arange(2)], op_axes=[[0, -1], [-1, 0]], flags=['multi_index'])\n[(int(x), int(y), it.multi_index) for x, y in it], [(int(x), int(y)) for x, y in np.nditer([np.arange(3), np.arange(2)], op_axes=[[0, -1], [-1, 0]], order='F')]",
		"it = np.nditer(a, op_axes=[[1, 0]], flags=['multi_index'])\n[(int(x), it.multi_index) for x in it], np.nditer(a, op_axes=[[1, 0]]).shape",
		"np.nditer([c, None], op_flags=[['readonly'], ['readwrite', 'allocate']], op_axes=[None, [0, 1, -1]])", "np.nditer([c, np.array(0.0)], flags=['reduce_ok'], op_flags=[['readonly'], ['writeonly']])",
		"np.nditer([c, None], op_axes=[None, [0, 1]])", "np.nditer([c], op_axes=[[0, 1, 5]])", "np.nditer([c], op_axes=[[0, 0, 1]])", "np.nditer([c, c], op_axes=[[0, 1, 2], [0, 1]])",
		"np.nditer([c, c], op_axes=[[0, 1, 2]])", "np.nditer([c, None], flags=['reduce_ok'], op_flags=[['readonly'], ['readwrite', 'allocate']], op_axes=[None, [2, -1, 0]])", "np.nditer([np.arange(3), np.arange(2)], op_axes=[[0], [0]])",
		"np.nditer([c, None], flags=['reduce_ok', 'buffered'], op_flags=[['readonly'], ['readwrite', 'allocate']], op_axes=[None, [0, 1, -1]])",
		"m = np.matrix('1 2; 3 4')\nwith np.nditer(m, op_flags=['readwrite']) as it:\n    for x in it:\n        x[...] = x * 10\nit = np.nditer([m, None])\n[repr(x) for x in np.nditer(m)], m, type(it.operands[1]).__name__, type(np.nditer([m, None], op_flags=[['readonly'], ['writeonly', 'allocate', 'no_subtype']]).operands[1]).__name__",
		"type(np.nditer(a)), isinstance(np.nditer(a), np.nditer), np.nditer, np.nditer.__name__",
	})
}

// TestNditerLimits covers what kael's np.nditer leaves out: a
// NotImplementedError naming it.
func TestNditerLimits(t *testing.T) {
	langtest.RunCells(t, []langtest.Case{
		{Src: "import numpy as np\nnp.nditer(np.zeros((2, 3)), op_axes=[[0]])", Want: "NotImplementedError: kael's np.nditer needs op_axes to name every axis of operand 0"},
		{Src: "import numpy as np\nnp.nditer([np.arange(6).reshape(2, 3), np.zeros(2)], flags=['reduce_ok', 'buffered'], op_flags=[['readonly'], ['readwrite']], op_axes=[None, [0, -1]])", Want: "NotImplementedError: kael's np.nditer does not buffer a reduction (flags 'reduce_ok' and 'buffered' together)"},
		{Src: "import numpy as np\nnp.nditer(np.arange(3), flags=['buffered', 'delay_bufalloc'])", Want: "NotImplementedError: kael's np.nditer does not support the flag 'delay_bufalloc'"},
		{Src: "import numpy as np\nnp.nditer(np.arange(3)).remove_axis(0)", Want: "NotImplementedError: kael's np.nditer has no remove_axis()"},
	})
}
