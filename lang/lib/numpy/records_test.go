package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestRecordArraysMatchNumPy compares structured dtypes (repr, str,
// names, fields, itemsize, descr, indexing, equality), record arrays made
// by np.zeros/ones and np.array(list of tuples), field views and record
// views written through, slices, printing (each field's column fitted as
// NumPy fits it), tolist, NumPy's errors, and np.rec.array's attribute
// access with NumPy 1.24.
func TestRecordArraysMatchNumPy(t *testing.T) {
	pre := prelude + "dt = np.dtype([('x', 'f4'), ('y', 'i8')])\n"
	langtest.CheckMatchesCPython(t, pre, []string{
		"repr(dt), str(dt), dt.names, dict(dt.fields), dt.itemsize, dt.descr, dt.kind, dt.char, dt.str, dt.name, dt.shape, len(dt)",
		"dt['x'], dt[1], dt[-2], dt == np.dtype([('x', 'f4'), ('y', 'i8')]), dt == np.dtype([('x', 'f4'), ('y', 'i4')])",
		"d = np.dtype([('a', '?'), ('b', 'i1'), ('c', 'u1'), ('d', 'f2'), ('e', 'c16')])\nrepr(d), d.descr, d.str, d.name",
		"a = np.zeros(3, dtype=dt)\nrepr(a), str(a), a.tolist(), a.shape, a.dtype, a.itemsize, a.nbytes, a['x'].dtype, len(a), a.size, a.ndim",
		"a = np.zeros(3, dtype=dt)\na['x'] = [1.5, 2, 3]\na['y'][1] = 7\na[0] = (9, 10)\nrepr(a), str(a), repr(a[1]), str(a[1]), type(a[1]).__name__, a[1]['x'], a[1][1], a[1].tolist(), tuple(a[1]), len(a[1])",
		"np.array([(1, 2), (3.5, 4)], dtype=dt), np.array([[(1, 2)], [(3, 4)]], dtype=dt), np.ones(2, dtype=dt), np.zeros((2, 2), dtype=dt)",
		"str(np.zeros((2, 2), dtype=dt))",
		"np.zeros(2, dtype=[('a', 'f8'), ('b', '?'), ('c', 'i2')]), np.zeros(2, dtype=[('x', 'f8')]), np.zeros(0, dtype=[('x', 'f8')]), np.zeros((), dtype=[('x', 'f8'), ('y', 'i4')])",
		"c = np.zeros(2, dtype=[('x', 'f8')])\nc[0], repr(c[0]), c.tolist()",
		"c = np.zeros(2, dtype=[('a', '?'), ('b', 'i1'), ('c', 'u1'), ('d', 'f2'), ('e', 'c16')])\nc['a'][0] = True\nc['e'][1] = 2 - 1j\nstr(c)",
		"b = np.zeros(3, dtype=[('x', 'f8'), ('y', 'i4')])\nrec = b[1]\nrec['x'] = 4.5\nv = b['y']\nv += 3\nb, b[1:], b[[0, 2]], b[-1], [tuple(x) for x in b], b.copy()",
		"b = np.zeros(3, dtype=[('x', 'f8'), ('y', 'i4')])\nb['z']", "b = np.zeros(3, dtype=[('x', 'f8'), ('y', 'i4')])\nb[0]['z']",
		"b = np.zeros(3, dtype=[('x', 'f8'), ('y', 'i4')])\nb[5]", "np.dtype([('x', 'f8'), ('x', 'i4')])", "np.array([(1, 2, 3)], dtype=dt)", "dt['nope']",
		"np.dtype([('x',)])", "np.dtype([(1, 'f4')])", "np.dtype([('x', 'f4'), 'y'])", "np.zeros(3, dtype=dt)[0][5]",
		"np.array(5, dtype=dt), np.array([1, 2], dtype=dt), np.array([(1, 2), 3], dtype=dt)",
		"r = np.rec.array([(1, 2.0), (3, 4.0)], dtype=[('a', 'i4'), ('b', 'f8')])\nrepr(r), r.a, r.b, type(r).__name__, repr(r[0]), r[0].a, r['b']",
		"r = np.rec.array([(1, 2.0), (3, 4.0)], dtype=[('a', 'i4'), ('b', 'f8')])\nr.a[1] = 9\nr, r.tolist()",
		"a = np.zeros(3, dtype=dt)\nr = np.rec.array([(1, 2)], dtype=dt)\nisinstance(a, np.ndarray), isinstance(a, np.recarray), isinstance(r, np.ndarray), isinstance(r, np.recarray), type(a).__name__, type(r).__name__, type(a[0]).__name__, type(r[0]).__name__",
		"q = np.recarray((2,), dtype=dt)\nq.x[1] = 3\nq.shape, q.x[1], type(q).__name__, q.dtype, str(q.dtype), q.dtype == dt, q[0].dtype, q.dtype.names",
	})
}

// TestRecordArraysStopClearly checks that what kael's record arrays do
// not have is a Python exception that names it, never a crash.
func TestRecordArraysStopClearly(t *testing.T) {
	langtest.CheckCellCases(t, prelude, []langtest.Case{
		{Src: "np.zeros(2, dtype=[])", Want: "NotImplementedError: kael's record arrays need at least one field"},
		{Src: "np.recarray(2, dtype=np.dtype([]))", Want: "NotImplementedError: kael's record arrays need at least one field"},
		{Src: "np.zeros(2, dtype=[('x', 'f4', (2,))])", Want: "NotImplementedError: kael's structured dtypes have no subarray fields (a shape as a field's third item)"},
		{Src: "np.dtype([('x', [('y', 'f4')])])", Want: "NotImplementedError: kael's structured dtypes have no nested structured fields"},
		{Src: "np.rec.array([1, 2])", Want: "NotImplementedError: kael's np.rec.array takes a structured dtype= (or a record array)"},
		{Src: "np.zeros(2, dtype=[('x', 'f4')])[0][1:]", Want: "NotImplementedError: kael's records take a field's name or position as an index"},
	})
}

// TestRecordOpsMatchNumPy covers comparisons and ufuncs of structured
// arrays and records, views of some fields (a[['x', 'z']]) and
// a.view(np.recarray); dt.fields is a dict here (NumPy's a mappingproxy).
func TestRecordOpsMatchNumPy(t *testing.T) {
	pre := prelude + "dt = np.dtype([('x', 'i4'), ('y', 'f8'), ('z', 'i2')])\na = np.array([(1, 2.0, 3), (4, 5.0, 6)], dtype=dt)\nb = np.array([(1, 2.0, 3), (4, 0.5, 6)], dtype=dt)\n"
	langtest.CheckMatchesCPython(t, pre, []string{
		"a == b, a != b, a == a, a != a, a == a[0], a[1] != b, b[0] == a",
		"a[0] == b[0], a[1] == b[1], a[1] != b[1], type(a[0] == b[0])",
		"c = np.array([[(1, 2.0, 3)], [(4, 5.0, 7)]], dtype=dt)\nc == a",
		"a == 1", "a != np.arange(2)", "a[0] == 1", "a == None, a != None",
		"a < b", "a + b", "np.add(a, b)", "a * a[0]",
		"a[['x', 'y']]", "a[['x', 'z']].dtype, a[['x', 'z']].itemsize, dict(a[['x', 'z']].dtype.fields)", "a[['y', 'x']]", "a[['x', 'y', 'z']].dtype",
		"v = a[['x', 'z']]\nv['z'][0] = 9\na", "a[['x', 'y']] == b[['x', 'y']]",
		"a[['x', 'q']]", "a[['x', 'x']]",
		"r = a.view(np.recarray)\nr.y, r, type(r).__name__, a.view(dt)",
		"a.view(np.recarray).x[1] = 8\na",
		"r = np.rec.fromarrays([[1, 2], [3.0, 4.0]], names='a,b')\nr, r.a, r.b.dtype, type(r).__name__",
		"x = np.array([1, 2])\nr = np.rec.fromarrays([x, np.array([True, False])])\nr.f0[0] = 9\nr, x, r.dtype",
		"np.rec.fromarrays([[1, 2], [3, 4]], dtype=[('p', 'f4'), ('q', 'i2')]), np.rec.fromarrays([np.zeros((2, 2)), np.ones((2, 2), np.int32)], names=['u', 'v'])",
		"np.rec.fromarrays([[1, 2], [3, 4, 5]])",
		"r = np.rec.fromrecords([(1, 2.5), (3, 4.0)], names='i,x')\nr, r.x, r[1].i",
		"np.rec.fromrecords([(1, 2.5)], dtype=[('i', 'i4'), ('x', 'f8')]), np.rec.fromrecords([(True, 1), (False, 2)])",
	})
}
