# NumPy's ufunc methods, written in Python over kael's NumPy primitives:
# kael's own code, behaving as NumPy 1.24's (numpy/core/src/umath/
# ufunc_object.c, reduction.c). Each function takes the ufunc first.
# add, multiply, maximum, minimum, logical_and and logical_or reduce
# through np.sum, np.prod, np.max, np.min, np.all and np.any (NumPy's own
# order of additions); add and multiply accumulate through np.cumsum and
# np.cumprod; the other ufuncs fold along the axis in order.
import operator

import numpy as np

_range = range

_REDUCERS = {'add': np.sum, 'multiply': np.prod}
_PLAIN_REDUCERS = {'maximum': np.max, 'minimum': np.min, 'logical_and': np.all, 'logical_or': np.any}
_ACCUMULATORS = {'add': np.cumsum, 'multiply': np.cumprod}
_REORDERABLE = frozenset(['add', 'multiply', 'maximum', 'minimum', 'fmax', 'fmin', 'logical_and', 'logical_or',
                          'logical_xor', 'bitwise_and', 'bitwise_or', 'bitwise_xor', 'gcd', 'lcm', 'hypot',
                          'logaddexp', 'logaddexp2'])


def _axis(axis, ndim):
    axis = operator.index(axis)
    if not -ndim <= axis < ndim:
        raise np.AxisError('axis %d is out of bounds for array of dimension %d' % (axis, ndim))
    return axis + ndim if axis < 0 else axis


def _axes(axis, ndim):
    if axis is None:
        return tuple(_range(ndim))
    if not isinstance(axis, tuple):
        axis = (axis,)
    axes = tuple(_axis(ax, ndim) for ax in axis)
    if len(set(axes)) != len(axes):
        raise ValueError("duplicate value in 'axis'")
    return axes


def _out(out, r):
    if isinstance(out, tuple):
        if len(out) != 1:
            raise ValueError("The 'out' tuple must have exactly one entry")
        out = out[0]
    if out is None:
        return r
    out[...] = r
    return out


def _fold(uf, t, n, initial):
    # applies uf along t's first axis of n rows, in order
    if initial is not None:
        acc, start = uf(initial, t[0]), 1
    else:
        acc, start = t[0].copy() if isinstance(t[0], np.ndarray) else t[0], 1
    for i in _range(start, n):
        acc = uf(acc, t[i])
    return acc


def reduce(uf, array, axis=0, dtype=None, out=None, keepdims=False, initial=None, where=True):
    name = uf.__name__
    a = np.asarray(array)
    if a.ndim == 0 and axis in (0, -1, None, (), (0,), (-1,)):
        # NumPy reduces a 0-d array over its one axis to itself
        r = a.astype(dtype) if dtype is not None else a
        return _out(out, r if keepdims else r[()])
    axes = _axes(axis, a.ndim)
    if len(axes) > 1 and name not in _REORDERABLE:
        raise ValueError("reduction operation '%s' is not reorderable, so at most one axis may be specified" % name)
    masked = not (where is True)
    fill = initial if initial is not None else uf.identity
    if masked:
        if fill is None:
            raise ValueError("reduction operation '%s' does not have an identity, so to use a where mask one has to specify 'initial'" % name)
        a = np.where(where, a, np.array(fill).astype(a.dtype))
    rest = [i for i in _range(a.ndim) if i not in axes]
    shape = tuple(a.shape[i] for i in rest)
    n = 1
    for i in axes:
        n *= a.shape[i]
    kept = tuple(1 if i in axes else a.shape[i] for i in _range(a.ndim))
    if name in _REDUCERS and (dtype is None or np.dtype(dtype) != np.bool_):
        r = _REDUCERS[name](a, axis=axes, dtype=dtype)
        if initial is not None:
            r = uf(initial, r)
    elif name in _PLAIN_REDUCERS and dtype is None and a.size > 0:
        r = _PLAIN_REDUCERS[name](a, axis=axes)
        if initial is not None:
            r = uf(initial, r)
    elif n == 0:
        if fill is None:
            raise ValueError('zero-size array to reduction operation %s which has no identity' % name)
        empty = a.ravel()[:0]
        if dtype is not None:
            empty = empty.astype(dtype)
        rdt = uf(empty, empty).dtype
        r = np.full(shape, fill, dtype=rdt)
        if not shape:
            r = r[()]
    else:
        t = np.transpose(a, list(axes) + rest).reshape((n,) + shape)
        if dtype is not None:
            t = t.astype(dtype)
        r = _fold(uf, t, n, initial)
    if keepdims:
        r = np.asarray(r).reshape(kept)
    return _out(out, r)


def accumulate(uf, array, axis=0, dtype=None, out=None):
    name = uf.__name__
    a = np.asarray(array)
    if a.ndim == 0:
        raise TypeError('cannot accumulate on a scalar')
    if axis is None or isinstance(axis, tuple) and len(axis) != 1:
        raise ValueError('accumulate does not allow multiple axes')
    if isinstance(axis, tuple):
        axis = axis[0]
    axis = _axis(axis, a.ndim)
    if name in _ACCUMULATORS:
        if dtype is not None:
            a = a.astype(dtype)
        return _out(out, _ACCUMULATORS[name](a, axis=axis))
    t = np.moveaxis(a, axis, 0)
    if dtype is not None:
        t = t.astype(dtype)
    if t.shape[0] == 0:
        empty = t.ravel()[:0]
        return _out(out, np.moveaxis(t.astype(uf(empty, empty).dtype), 0, axis))
    rows = [t[0].copy() if isinstance(t[0], np.ndarray) else t[0]]
    for i in _range(1, t.shape[0]):
        rows.append(uf(rows[-1], t[i]))
    dt = np.result_type(*rows) if len(rows) > 1 else t.dtype
    return _out(out, np.moveaxis(np.array(rows, dtype=dt), 0, axis))


def outer(uf, A, B):
    A, B = np.asarray(A), np.asarray(B)
    return uf(A.reshape(A.shape + (1,) * B.ndim), B)


def at(uf, a, indices, b=None):
    if not isinstance(a, np.ndarray):
        raise TypeError("first operand must be array")
    if uf.nin == 2 and b is None:
        raise ValueError('second operand needed for ufunc')
    if uf.nin == 1 and b is not None:
        raise ValueError('second operand provided when ufunc is unary')
    if isinstance(indices, list):
        indices = np.asarray(indices)  # a list of lists is one index array, not a tuple
    if isinstance(indices, np.ndarray) and indices.ndim == 1 and indices.dtype.kind in 'iu' and a.ndim > 1:
        # rows of a (an embedding's gradient): apply in waves of whole rows
        _at_rows(uf, a, indices, b)
        return None
    sel = np.asarray(np.arange(a.size).reshape(a.shape)[indices])
    pos = sel.ravel()
    if b is not None:
        sel_shape = sel.shape
        try:
            bb = np.broadcast_to(np.asarray(b), sel_shape).ravel()
        except ValueError:
            raise ValueError('array is not broadcastable to correct shape') from None
    if pos.size == 0:
        return None
    # apply in waves, each touching an element once: an element's k-th
    # occurrence goes in wave k, so repeated indices apply in order
    rank, waves = _waves(pos)
    for k in _range(waves):
        sel = rank == k
        where = np.unravel_index(pos[sel], a.shape)
        if b is None:
            a[where] = uf(a[where])
        else:
            a[where] = uf(a[where], bb[sel])
    return None


def _waves(pos):
    # each element's rank among the occurrences of its value, and the
    # largest count: the k-th occurrence of a position applies in wave k
    _, inv, counts = np.unique(pos, return_inverse=True, return_counts=True)
    order = np.argsort(inv, kind='stable')
    starts = np.cumsum(counts) - counts
    rank = np.empty(pos.size, dtype=np.int64)
    rank[order] = np.arange(pos.size) - np.repeat(starts, counts)
    return rank, int(counts.max())


def _at_rows(uf, a, rows, b):
    sel_shape = a[rows].shape  # NumPy's IndexError for a row out of range
    if b is not None:
        try:
            bb = np.broadcast_to(np.asarray(b), sel_shape)
        except ValueError:
            raise ValueError('array is not broadcastable to correct shape') from None
    if rows.size == 0:
        return
    rows = np.where(rows < 0, rows + a.shape[0], rows)
    rank, waves = _waves(rows)
    for k in _range(waves):
        sel = rank == k
        r = rows[sel]
        if b is None:
            a[r] = uf(a[r])
        else:
            a[r] = uf(a[r], bb[sel])


def reduceat(uf, array, indices, axis=0, dtype=None, out=None):
    a = np.asarray(array)
    axis = _axis(axis, a.ndim)
    idx = np.asarray(indices)
    if idx.ndim != 1:
        raise ValueError('object too deep for desired array')
    idx = [operator.index(i) for i in idx.tolist()]
    n = a.shape[axis]
    t = np.moveaxis(a, axis, 0)
    if dtype is not None:
        t = t.astype(dtype)
    rows = []
    for j, i in enumerate(idx):
        if not 0 <= i < n:
            raise IndexError('index %d out-of-bounds in %s.reduceat [0, %d)' % (i, uf.__name__, n))
        end = idx[j + 1] if j + 1 < len(idx) else n
        if end > n or end < 0:
            end = n
        if i < end:
            rows.append(_fold(uf, t[i:end], end - i, None))
        else:
            rows.append(t[i])
    dt = np.result_type(*rows) if rows else t.dtype
    r = np.array(rows, dtype=dt).reshape((len(idx),) + t.shape[1:])
    return _out(out, np.moveaxis(r, 0, axis))
