"""NumPy 1.24's array creation and shape functions (np.logspace, np.diag,
np.tril, np.append, np.insert, np.delete, ...), kael's own code written
over kael's NumPy primitives, behaving as numpy/lib/function_base.py,
twodim_base.py, shape_base.py and index_tricks.py do."""

import math
import warnings

import numpy as np


def _axis(axis, ndim, prefix=""):
    if axis < -ndim or axis >= ndim:
        raise np.AxisError(f"{prefix}axis {axis} is out of bounds for array of dimension {ndim}")
    return axis % ndim


def _linspace(start, stop, num, endpoint):
    """np.linspace of complex or array ends (kael's takes real numbers),
    as NumPy computes it: arange(num) * step + start, the last being stop."""
    div = num - 1 if endpoint else num
    delta = stop - start
    y = np.arange(num).reshape((num,) + (1,) * delta.ndim) * (delta / div if div > 0 else delta) + start
    if endpoint and num > 1:
        y[-1] = stop
    return y


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0):
    if np.asarray(start).dtype.kind == 'c' or np.asarray(stop).dtype.kind == 'c' or np.asarray(start).ndim or np.asarray(stop).ndim:
        y = _linspace(np.asarray(start), np.asarray(stop), num, endpoint)
    else:
        y = np.linspace(start, stop, num=num, endpoint=endpoint)
    if axis != 0:
        y = moveaxis(y, 0, axis)
    if dtype is None:
        return np.power(base, y)
    return np.power(base, y).astype(dtype)


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    start = np.asarray(start)
    stop = np.asarray(stop)
    if np.any(start == 0) or np.any(stop == 0):
        raise ValueError('Geometric sequence cannot include zero')
    dt = np.result_type(start, stop, float(num))
    if dtype is None:
        dtype = dt
    else:
        dtype = np.dtype(dtype)
    start = start.astype(dt)
    stop = stop.astype(dt)
    out_sign = np.ones(np.broadcast(start, stop).shape, dt)
    if dt.kind == 'c':
        both_imag = (start.real == 0) & (stop.real == 0)
        if np.any(both_imag):
            start = np.where(both_imag, start.imag, start)
            stop = np.where(both_imag, stop.imag, stop)
            out_sign = np.where(both_imag, 1j, out_sign)
    both_neg = (np.sign(start) == -1) & (np.sign(stop) == -1)
    if np.any(both_neg):
        start = np.where(both_neg, -start, start)
        stop = np.where(both_neg, -stop, stop)
        out_sign = np.where(both_neg, -out_sign, out_sign)
    if dt.kind == 'c':  # kael's np.log10 takes real numbers
        log_start = np.log(start) / np.log(10.0)
        log_stop = np.log(stop) / np.log(10.0)
    else:
        log_start = np.log10(start)
        log_stop = np.log10(stop)
    result = logspace(log_start, log_stop, num=num, endpoint=endpoint, base=10.0, dtype=dt)
    if num > 0:
        result[0] = start
        if num > 1 and endpoint:
            result[-1] = stop
    result = out_sign * result
    if axis != 0:
        result = moveaxis(result, 0, axis)
    return result.astype(dtype)


def _diag_index(n, m, k):
    """The (rows, cols) of diagonal k of an n x m matrix."""
    if k >= 0:
        count = max(0, min(n, m - k))
        r = np.arange(count)
        return r, r + k
    count = max(0, min(n + k, m))
    r = np.arange(count)
    return r - k, r


def diag(v, k=0):
    v = np.asarray(v)
    if v.ndim == 1:
        n = v.shape[0] + abs(k)
        res = np.zeros((n, n), v.dtype)
        rows, cols = _diag_index(n, n, k)
        res[rows, cols] = v
        return res
    if v.ndim == 2:
        rows, cols = _diag_index(v.shape[0], v.shape[1], k)
        return v[rows, cols]
    raise ValueError("Input must be 1- or 2-d.")


def diagflat(v, k=0):
    return diag(np.asarray(v).ravel(), k)


def _int_arange(start, stop):
    """np.arange(start, stop) in an integer dtype, as NumPy's tri makes
    it: ceil(stop - start) values from int(start), the step the difference
    of the first two truncated (so np.tri(3, 4, 0.5) is all ones, as
    NumPy's). NumPy first picks the dtype by comparing the bounds (its
    _min_int), which is the TypeError for complex ones."""
    if not (stop <= 2**63 - 1 and start >= -2**63):
        raise OverflowError("Python int too large to convert to C long")
    n = max(math.ceil(stop - start), 0)
    first = int(start)
    return np.arange(n) * (int(start + 1) - first) + first


def tri(N, M=None, k=0, dtype=float):
    if M is None:
        M = N
    m = _int_arange(0, N).reshape(-1, 1) >= _int_arange(-k, M - k).reshape(1, -1)
    return m.astype(dtype)


def tril(m, k=0):
    m = np.asarray(m)
    mask = tri(*m.shape[-2:], k=k, dtype=bool)
    return np.where(mask, m, np.zeros(1, m.dtype))


def triu(m, k=0):
    m = np.asarray(m)
    mask = tri(*m.shape[-2:], k=k - 1, dtype=bool)
    return np.where(mask, np.zeros(1, m.dtype), m)


def trace(a, offset=0, axis1=0, axis2=1, dtype=None, out=None):
    a = np.asarray(a)
    if a.ndim < 2:
        raise ValueError("diag requires an array of at least two dimensions")
    a1 = _axis(axis1, a.ndim, "axis1: ")
    a2 = _axis(axis2, a.ndim, "axis2: ")
    if a1 == a2:
        raise ValueError("axis1 and axis2 cannot be the same")
    b = moveaxis(a, (a1, a2), (-2, -1))
    rows, cols = _diag_index(b.shape[-2], b.shape[-1], offset)
    result = np.sum(b[..., rows, cols], axis=-1, dtype=dtype)
    if out is None:
        return result
    out[...] = result
    return out


def vander(x, N=None, increasing=False):
    x = np.asarray(x)
    if x.ndim != 1:
        raise ValueError("x must be a one-dimensional array or sequence.")
    if N is None:
        N = len(x)
    p = np.arange(N)
    if not increasing:
        p = p[::-1]
    v = np.ones((len(x), N), dtype=np.promote_types(x.dtype, int))
    for j in range(N):
        v[:, j] = x ** p[j]
    return v


def atleast_1d(*arys):
    res = []
    for ary in arys:
        ary = np.asarray(ary)
        if ary.ndim == 0:
            ary = ary.reshape(1)
        res.append(ary)
    return res[0] if len(res) == 1 else res


def atleast_2d(*arys):
    res = []
    for ary in arys:
        ary = np.asarray(ary)
        if ary.ndim == 0:
            ary = ary.reshape(1, 1)
        elif ary.ndim == 1:
            ary = ary[None, :]
        res.append(ary)
    return res[0] if len(res) == 1 else res


def atleast_3d(*arys):
    res = []
    for ary in arys:
        ary = np.asarray(ary)
        if ary.ndim == 0:
            ary = ary.reshape(1, 1, 1)
        elif ary.ndim == 1:
            ary = ary[None, :, None]
        elif ary.ndim == 2:
            ary = ary[:, :, None]
        res.append(ary)
    return res[0] if len(res) == 1 else res


def column_stack(tup):
    arrays = []
    for v in tup:
        arr = np.asarray(v)
        if arr.ndim < 2:
            arr = np.array(arr, copy=False, ndmin=2).T if arr.ndim else arr.reshape(1, 1)
        arrays.append(arr)
    return np.concatenate(arrays, 1)


def dstack(tup):
    arrs = atleast_3d(*tup)
    if not isinstance(arrs, list):
        arrs = [arrs]
    return np.concatenate(arrs, 2)


def _index(v):
    """v as an int, as operator.index takes it."""
    if not hasattr(type(v), '__index__'):
        raise TypeError(f"'{type(v).__name__}' object cannot be interpreted as an integer")
    return v.__index__()


def _broadcast_into(values, shape):
    """values broadcast to shape, with the error NumPy's assignment gives."""
    try:
        return np.broadcast_to(values, shape)
    except ValueError:
        def text(sh):
            return "(" + ",".join(str(d) for d in sh) + ")"
        raise ValueError(f"could not broadcast input array from shape {text(values.shape)} into shape {text(shape)}") from None


def _axes(axis, ndim, name):
    if isinstance(axis, int):
        axis = [axis]
    out = [_axis(_index(a), ndim, name + ": ") for a in axis]
    if len(set(out)) != len(out):
        raise ValueError(f"repeated axis in `{name}` argument")
    return out


def moveaxis(a, source, destination):
    a = np.asarray(a)
    source = _axes(source, a.ndim, 'source')
    destination = _axes(destination, a.ndim, 'destination')
    if len(source) != len(destination):
        raise ValueError('`source` and `destination` arguments must have the same number of elements')
    order = [n for n in range(a.ndim) if n not in source]
    for dest, src in sorted(zip(destination, source)):
        order.insert(dest, src)
    return a.transpose(order)


def _flip(m, axis):
    idx = [slice(None)] * m.ndim
    idx[axis] = slice(None, None, -1)
    return m[tuple(idx)]


def rot90(m, k=1, axes=(0, 1)):
    axes = tuple(axes)
    if len(axes) != 2:
        raise ValueError("len(axes) must be 2.")
    m = np.asarray(m)
    if axes[0] == axes[1] or abs(axes[0] - axes[1]) == m.ndim:
        raise ValueError("Axes must be different.")
    if axes[0] >= m.ndim or axes[0] < -m.ndim or axes[1] >= m.ndim or axes[1] < -m.ndim:
        raise ValueError(f"Axes={axes} out of range for array of ndim={m.ndim}.")
    k %= 4
    if k == 0:
        return m[:]
    if k == 2:
        return _flip(_flip(m, axes[0]), axes[1])
    axes_list = list(range(m.ndim))
    a0, a1 = axes[0] % m.ndim, axes[1] % m.ndim
    axes_list[a0], axes_list[a1] = axes_list[a1], axes_list[a0]
    if k == 1:
        return _flip(m, axes[1]).transpose(axes_list)
    return _flip(m.transpose(axes_list), axes[1])


def resize(a, new_shape):
    if isinstance(new_shape, int):
        new_shape = (new_shape,)
    new_shape = tuple(new_shape)
    a = np.asarray(a).ravel()
    new_size = 1
    for dim in new_shape:
        if dim < 0:
            raise ValueError('all elements of `new_shape` must be non-negative')
        new_size *= dim
    if a.size == 0 or new_size == 0:
        return np.zeros(new_shape, dtype=a.dtype)
    repeats = -(-new_size // a.size)
    a = np.concatenate((a,) * repeats)[:new_size]
    return a.reshape(new_shape)


def append(arr, values, axis=None):
    arr = np.asarray(arr)
    if axis is None:
        if arr.ndim != 1:
            arr = arr.ravel()
        values = np.ravel(values)
        axis = arr.ndim - 1
    return np.concatenate((arr, values), axis=axis)


def _index_list(obj, n):
    """The sorted, non-negative positions obj names along an axis of length n."""
    if isinstance(obj, slice):
        return list(range(*obj.indices(n)))
    o = np.asarray(obj)
    if o.dtype == bool:
        if o.ndim != 1 or o.shape[0] != n:
            raise ValueError(f"boolean array argument obj to delete must be one dimensional and match the axis length of {n}")
        return [i for i in range(n) if o[i]]
    if o.size == 0:
        return []
    if o.dtype.kind not in 'iu':
        raise IndexError('arrays used as indices must be of integer (or boolean) type')
    out = []
    for i in o.ravel().tolist():
        if i < -n or i >= n:
            raise IndexError(f"index {i} is out of bounds for axis 0 with size {n}")
        out.append(i % n)
    return out


def delete(arr, obj, axis=None):
    arr = np.asarray(arr)
    if axis is None:
        if arr.ndim != 1:
            arr = arr.ravel()
        axis = -1
    axis = _axis(axis, arr.ndim)
    n = arr.shape[axis]
    if not isinstance(obj, (slice, bool)) and np.asarray(obj).ndim == 0 and np.asarray(obj).dtype.kind in 'iu':
        if obj < -n or obj >= n:
            raise IndexError(f"index {obj} is out of bounds for axis {axis} with size {n}")
    gone = set(_index_list(obj, n))
    keep = [i for i in range(n) if i not in gone]
    idx = [slice(None)] * arr.ndim
    idx[axis] = np.array(keep, dtype=np.intp)
    return arr[tuple(idx)]


def insert(arr, obj, values, axis=None):
    arr = np.asarray(arr)
    if axis is None:
        if arr.ndim != 1:
            arr = arr.ravel()
        axis = arr.ndim - 1
    axis = _axis(axis, arr.ndim)
    n = arr.shape[axis]

    def part(sl):
        idx = [slice(None)] * arr.ndim
        idx[axis] = sl
        return arr[tuple(idx)]

    if isinstance(obj, slice):
        indices = np.arange(*obj.indices(n))
    else:
        indices = np.array(obj)
        if indices.dtype == bool:
            warnings.warn("in the future insert will treat boolean arrays and array-likes as a boolean index instead of casting it to integer", FutureWarning, stacklevel=2)
            indices = indices.astype(np.intp)
        if indices.ndim > 1:
            raise ValueError("index array argument obj to insert must be one dimensional or scalar")
    if indices.size == 1:
        index = indices.item()
        if index < -n or index > n:
            raise IndexError(f"index {obj} is out of bounds for axis {axis} with size {n}")
        if not isinstance(index, int):
            raise TypeError("slice indices must be integers or None or have an __index__ method")
        if index < 0:
            index += n
        values = np.array(values, dtype=arr.dtype, ndmin=arr.ndim)
        if indices.ndim == 0:
            values = moveaxis(values, 0, axis)
        shape = list(arr.shape)
        shape[axis] = values.shape[axis]
        values = _broadcast_into(values, tuple(shape))
        return np.concatenate((part(slice(None, index)), values, part(slice(index, None))), axis=axis)
    if indices.size == 0 and not isinstance(obj, np.ndarray):
        indices = indices.astype(np.intp)
    if indices.dtype.kind not in 'iu':
        raise IndexError('arrays used as indices must be of integer (or boolean) type')
    positions = indices.tolist()
    for i, p in enumerate(positions):
        if p < -n or p >= n + 1:
            raise IndexError(f"index {p} is out of bounds for axis {axis} with size {n + len(positions)}")
        if p < 0:
            positions[i] = p + n
    shape = list(arr.shape)
    shape[axis] = len(positions)
    values = _broadcast_into(np.asarray(values, dtype=arr.dtype), tuple(shape))
    pieces = []
    start = 0
    for i in sorted(range(len(positions)), key=lambda i: positions[i]):
        pieces.append(part(slice(start, positions[i])))
        idx = [slice(None)] * arr.ndim
        idx[axis] = slice(i, i + 1)
        pieces.append(values[tuple(idx)])
        start = positions[i]
    pieces.append(part(slice(start, None)))
    return np.concatenate(pieces, axis=axis)


def trim_zeros(filt, trim='fb'):
    first = 0
    trim = trim.upper()
    if 'F' in trim:
        for i in filt:
            if i != 0.:
                break
            first = first + 1
    last = len(filt)
    if 'B' in trim:
        for i in filt[::-1]:
            if i != 0.:
                break
            last = last - 1
    return filt[first:last]


def indices(dimensions, dtype=int, sparse=False):
    dimensions = tuple(dimensions)
    N = len(dimensions)
    shape = (1,) * N
    res = [] if sparse else np.empty((N,) + dimensions, dtype=dtype)
    for i, dim in enumerate(dimensions):
        idx = np.arange(dim, dtype=dtype).reshape(shape[:i] + (dim,) + shape[i + 1:])
        if sparse:
            res.append(idx)
        else:
            res[i] = idx
    return tuple(res) if sparse else res


def ix_(*args):
    out = []
    nd = len(args)
    for k, new in enumerate(args):
        if not isinstance(new, np.ndarray):
            new = np.asarray(new)
            if new.size == 0:
                new = new.astype(np.intp)
        if new.ndim != 1:
            raise ValueError("Cross index must be 1 dimensional")
        if new.dtype == bool:
            new, = new.nonzero()
        new = new.reshape((1,) * k + (new.size,) + (1,) * (nd - k - 1))
        out.append(new)
    return tuple(out)


def fromfunction(function, shape, *, dtype=float, like=None, **kwargs):
    args = indices(shape, dtype=dtype)
    return function(*args, **kwargs)


def _block_path(index, parent):
    return parent + "".join(f"[{i}]" for i in index)


def _block_depth(arrays, index, parent):
    """The index of block's first leaf, checking every leaf is as deep."""
    if type(arrays) is tuple:
        raise TypeError(f'{_block_path(index, parent)} is a tuple. Only lists can be used to arrange blocks, and np.block does not allow implicit conversion from tuple to ndarray.')
    if type(arrays) is list:
        if len(arrays) == 0:
            raise ValueError(f'List at {_block_path(index, parent)} cannot be empty')
        first = None
        for i, a in enumerate(arrays):
            leaf = _block_depth(a, index + [i], parent)
            if first is None:
                first = leaf
            elif len(leaf) != len(first):
                raise ValueError('List depths are mismatched. First element was at depth {}, but there is an element at depth {} ({})'.format(len(first), len(leaf), _block_path(leaf, parent)))
        return first
    return index


def _block(arrays, depth, result_ndim):
    if depth == 0:
        a = np.asarray(arrays)
        return a.reshape((1,) * (result_ndim - a.ndim) + a.shape)
    parts = [_block(a, depth - 1, result_ndim) for a in arrays]
    return np.concatenate(parts, axis=-depth)


def _max_ndim(arrays):
    if type(arrays) is list:
        return max(_max_ndim(a) for a in arrays)
    return np.asarray(arrays).ndim


def block(arrays):
    depth = len(_block_depth(arrays, [], 'arrays'))
    if type(arrays) is not list:
        return np.array(arrays)
    result_ndim = max(_max_ndim(arrays), depth)
    return _block(arrays, depth, result_ndim)
