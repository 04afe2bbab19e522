"""np.cov, np.corrcoef, np.trapz, np.gradient, np.searchsorted,
np.digitize, np.flatnonzero, the set functions (np.in1d, np.isin,
np.setdiff1d, np.intersect1d, np.union1d, np.setxor1d), np.lexsort and
np.ediff1d: kael's own Python over its NumPy primitives, behaving as
NumPy 1.24's numpy/lib (function_base.py, arraysetops.py) and
numpy/core/fromnumeric.py."""

import numpy as np
import warnings
import _numpy_search as _search


def cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None, dtype=None):
    if ddof is not None and ddof != int(ddof):
        raise ValueError("ddof must be integer")
    m = np.asarray(m)
    if m.ndim > 2:
        raise ValueError("m has more than 2 dimensions")
    if y is not None:
        y = np.asarray(y)
        if y.ndim > 2:
            raise ValueError("y has more than 2 dimensions")
    if dtype is None:
        if y is None:
            dtype = np.result_type(m, np.float64)
        else:
            dtype = np.result_type(m, y, np.float64)
    X = np.asarray(m, dtype=dtype)
    if X.ndim < 2:
        X = X.reshape(1, -1)
    if not rowvar and X.shape[0] != 1:
        X = X.T
    if X.shape[0] == 0:
        return np.array([]).reshape(0, 0)
    if y is not None:
        y = np.asarray(y, dtype=dtype)
        if y.ndim < 2:
            y = y.reshape(1, -1)
        if not rowvar and y.shape[0] != 1:
            y = y.T
        X = np.concatenate((X, y), axis=0)
    if ddof is None:
        ddof = 0 if bias else 1
    w = None
    if fweights is not None:
        fweights = np.asarray(fweights, dtype=float)
        if not np.all(fweights == np.around(fweights)):
            raise TypeError("fweights must be integer")
        if fweights.ndim > 1:
            raise RuntimeError("cannot handle multidimensional fweights")
        if fweights.shape[0] != X.shape[1]:
            raise RuntimeError("incompatible numbers of samples and fweights")
        if np.any(fweights < 0):
            raise ValueError("fweights cannot be negative")
        w = fweights
    if aweights is not None:
        aweights = np.asarray(aweights, dtype=float)
        if aweights.ndim > 1:
            raise RuntimeError("cannot handle multidimensional aweights")
        if aweights.shape[0] != X.shape[1]:
            raise RuntimeError("incompatible numbers of samples and aweights")
        if np.any(aweights < 0):
            raise ValueError("aweights cannot be negative")
        w = aweights if w is None else w * aweights
    if w is None:
        avg = X.mean(axis=1)
        w_sum = X.shape[1]
    else:
        w_sum = w.sum()
        avg = (X * w).sum(axis=1) / w_sum
    if w is None:
        fact = X.shape[1] - ddof
    elif ddof == 0:
        fact = w_sum
    elif aweights is None:
        fact = w_sum - ddof
    else:
        fact = w_sum - ddof * (w * aweights).sum() / w_sum
    if fact <= 0:
        warnings.warn("Degrees of freedom <= 0 for slice", RuntimeWarning, stacklevel=3)
        fact = 0.0
    X = X - avg[:, None]
    if w is None:
        X_T = X.T
    else:
        X_T = (X * w).T
    c = np.dot(X, X_T.conj())
    c = c * np.true_divide(1, fact)
    return c.reshape(tuple(d for d in c.shape if d != 1))


def corrcoef(x, y=None, rowvar=True, bias=None, ddof=None, dtype=None):
    # NumPy's defaults are its _NoValue: passing None explicitly warns
    # there, not here
    if bias is not None or ddof is not None:
        warnings.warn('bias and ddof have no effect and are deprecated', DeprecationWarning, stacklevel=3)
    c = cov(x, y, rowvar, dtype=dtype)
    if c.ndim != 2:
        return c / c
    n = c.shape[0]
    d = c[np.arange(n), np.arange(n)]
    stddev = np.sqrt(d.real)
    c = c / stddev[:, None]
    c = c / stddev[None, :]
    if np.iscomplexobj(c):
        return np.clip(c.real, -1, 1) + 1j * np.clip(c.imag, -1, 1)
    return np.clip(c, -1, 1)


def trapz(y, x=None, dx=1.0, axis=-1):
    y = np.asarray(y)
    if x is None:
        d = dx
    else:
        x = np.asarray(x)
        if x.ndim == 1:
            d = np.diff(x)
            shape = [1] * y.ndim
            shape[axis] = d.shape[0]
            d = d.reshape(shape)
        else:
            d = np.diff(x, axis=axis)
    nd = y.ndim
    slice1 = [slice(None)] * nd
    slice2 = [slice(None)] * nd
    slice1[axis] = slice(1, None)
    slice2[axis] = slice(None, -1)
    return (d * (y[tuple(slice1)] + y[tuple(slice2)]) / 2.0).sum(axis)


def _ndim(a):
    return np.asarray(a).ndim


def _normalize_axes(axis, n):
    if axis is None:
        return list(range(n))
    if isinstance(axis, (list, tuple)):
        axes = list(axis)
    else:
        axes = [axis]
    out = []
    for ax in axes:
        if not isinstance(ax, int):
            raise TypeError("'" + type(ax).__name__ + "' object cannot be interpreted as an integer")
        if ax < -n or ax >= n:
            raise np.AxisError("axis " + str(ax) + " is out of bounds for array of dimension " + str(n))
        out.append(ax % n)
    if len(set(out)) != len(out):
        raise ValueError("repeated axis")
    return out


def gradient(f, *varargs, axis=None, edge_order=1):
    f = np.asarray(f)
    N = f.ndim
    axes = _normalize_axes(axis, N)
    len_axes = len(axes)
    n = len(varargs)
    if n == 0:
        dx = [1.0] * len_axes
    elif n == 1 and _ndim(varargs[0]) == 0:
        dx = varargs * len_axes
    elif n == len_axes:
        dx = list(varargs)
        for i, distances in enumerate(dx):
            distances = np.asarray(distances)
            if distances.ndim == 0:
                continue
            elif distances.ndim != 1:
                raise ValueError("distances must be either scalars or 1d")
            if len(distances) != f.shape[axes[i]]:
                raise ValueError("when 1d, distances must match the length of the corresponding dimension")
            if distances.dtype.kind in 'iu':
                distances = distances.astype(np.float64)
            diffx = np.diff(distances)
            if (diffx == diffx[0]).all():
                diffx = diffx[0]
            dx[i] = diffx
    else:
        raise TypeError("invalid number of arguments")
    if edge_order > 2:
        raise ValueError("'edge_order' greater than 2 not supported")
    outvals = []
    slice1 = [slice(None)] * N
    slice2 = [slice(None)] * N
    slice3 = [slice(None)] * N
    slice4 = [slice(None)] * N
    otype = f.dtype
    if otype.kind in 'fc':
        pass
    else:
        if otype.kind in 'iub':
            f = f.astype(np.float64)
        otype = np.float64
    for ax, ax_dx in zip(axes, dx):
        if f.shape[ax] < edge_order + 1:
            raise ValueError("Shape of array too small to calculate a numerical gradient, at least (edge_order + 1) elements are required.")
        out = np.empty(f.shape, dtype=otype)
        uniform_spacing = _ndim(ax_dx) == 0
        slice1[ax] = slice(1, -1)
        slice2[ax] = slice(None, -2)
        slice3[ax] = slice(1, -1)
        slice4[ax] = slice(2, None)
        if uniform_spacing:
            out[tuple(slice1)] = (f[tuple(slice4)] - f[tuple(slice2)]) / (2. * ax_dx)
        else:
            dx1 = ax_dx[0:-1]
            dx2 = ax_dx[1:]
            a = -(dx2) / (dx1 * (dx1 + dx2))
            b = (dx2 - dx1) / (dx1 * dx2)
            c = dx1 / (dx2 * (dx1 + dx2))
            shape = [1] * N
            shape[ax] = -1
            a = a.reshape(shape)
            b = b.reshape(shape)
            c = c.reshape(shape)
            out[tuple(slice1)] = a * f[tuple(slice2)] + b * f[tuple(slice3)] + c * f[tuple(slice4)]
        if edge_order == 1:
            slice1[ax] = 0
            slice2[ax] = 1
            slice3[ax] = 0
            dx_0 = ax_dx if uniform_spacing else ax_dx[0]
            out[tuple(slice1)] = (f[tuple(slice2)] - f[tuple(slice3)]) / dx_0
            slice1[ax] = -1
            slice2[ax] = -1
            slice3[ax] = -2
            dx_n = ax_dx if uniform_spacing else ax_dx[-1]
            out[tuple(slice1)] = (f[tuple(slice2)] - f[tuple(slice3)]) / dx_n
        else:
            slice1[ax] = 0
            slice2[ax] = 0
            slice3[ax] = 1
            slice4[ax] = 2
            if uniform_spacing:
                a = -1.5 / ax_dx
                b = 2. / ax_dx
                c = -0.5 / ax_dx
            else:
                dx1 = ax_dx[0]
                dx2 = ax_dx[1]
                a = -(2. * dx1 + dx2) / (dx1 * (dx1 + dx2))
                b = (dx1 + dx2) / (dx1 * dx2)
                c = - dx1 / (dx2 * (dx1 + dx2))
            out[tuple(slice1)] = a * f[tuple(slice2)] + b * f[tuple(slice3)] + c * f[tuple(slice4)]
            slice1[ax] = -1
            slice2[ax] = -3
            slice3[ax] = -2
            slice4[ax] = -1
            if uniform_spacing:
                a = 0.5 / ax_dx
                b = -2. / ax_dx
                c = 1.5 / ax_dx
            else:
                dx1 = ax_dx[-2]
                dx2 = ax_dx[-1]
                a = (dx2) / (dx1 * (dx1 + dx2))
                b = - (dx2 + dx1) / (dx1 * dx2)
                c = (2. * dx2 + dx1) / (dx2 * (dx1 + dx2))
            out[tuple(slice1)] = a * f[tuple(slice2)] + b * f[tuple(slice3)] + c * f[tuple(slice4)]
        outvals.append(out)
        slice1[ax] = slice(None)
        slice2[ax] = slice(None)
        slice3[ax] = slice(None)
        slice4[ax] = slice(None)
    if len_axes == 1:
        return outvals[0]
    return outvals


def searchsorted(a, v, side='left', sorter=None):
    if side not in ('left', 'right', 'l', 'r', 'L', 'R'):
        raise ValueError("search side must be 'left' or 'right' (got " + repr(side) + ")")
    a = np.asarray(a)
    if a.ndim != 1:
        raise ValueError("object too deep for desired array")
    if sorter is not None:
        a = a[np.asarray(sorter)]
    v = np.asarray(v)
    dt = np.result_type(a, v)
    right = side[0] in 'rR'
    if dt.kind in 'biuf' and dt != np.uint64:
        # the binary search compares in a dtype of its kernels, which
        # holds every value of these exactly
        if dt.kind == 'b':
            dt = np.dtype(np.int8)
        elif dt.kind == 'u' and dt != np.uint8:
            dt = np.dtype(np.int64)
        elif dt == np.float16:
            dt = np.dtype(np.float64)
        aa = a.astype(dt)
        if dt.kind != 'f' or not np.isnan(aa).any():
            return _search.searchsorted(aa, v.astype(dt), right)
    aa = a.astype(dt)[None, :]
    vv = v.astype(dt).reshape(-1)[:, None]
    # NumPy's order puts NaN after every number
    if not right:
        below = aa < vv
        if dt.kind in 'fc':
            below = below | (np.isnan(vv) & ~np.isnan(aa))
    else:
        below = aa <= vv
        if dt.kind in 'fc':
            below = below | np.isnan(vv)
    count = below.sum(axis=1).astype(np.int64)
    if v.ndim == 0:
        return count[0]
    return count.reshape(v.shape)


def _monotonicity(bins):
    if bins.ndim != 1:
        raise ValueError("object too deep for desired array")
    if bins.size < 2:
        return 1
    if np.all(bins[1:] >= bins[:-1]):
        return 1
    if np.all(bins[1:] <= bins[:-1]):
        return -1
    return 0


def digitize(x, bins, right=False):
    x = np.asarray(x)
    bins = np.asarray(bins)
    if x.dtype.kind == 'c':
        raise TypeError("x may not be complex")
    mono = _monotonicity(bins)
    if mono == 0:
        raise ValueError("bins must be monotonically increasing or decreasing")
    side = 'left' if right else 'right'
    if mono == -1:
        return len(bins) - searchsorted(bins[::-1], x, side=side)
    return searchsorted(bins, x, side=side)


def flatnonzero(a):
    return np.nonzero(np.ravel(a))[0]


def in1d(ar1, ar2, assume_unique=False, invert=False, kind=None):
    if kind not in (None, 'sort', 'table'):
        raise ValueError("Invalid kind: '" + str(kind) + "'. Please use None, 'sort' or 'table'.")
    ar1 = np.asarray(ar1).ravel()
    ar2 = np.asarray(ar2).ravel()
    if ar2.size == 0 or ar1.size == 0:
        found = np.zeros(ar1.shape, dtype=bool)
    else:
        ar2 = np.unique(ar2)
        idx = searchsorted(ar2, ar1)
        idx[idx == ar2.size] = 0
        found = ar2[idx] == ar1
    if invert:
        return ~found
    return found


def isin(element, test_elements, assume_unique=False, invert=False, kind=None):
    element = np.asarray(element)
    return in1d(element, test_elements, assume_unique=assume_unique, invert=invert, kind=kind).reshape(element.shape)


def setdiff1d(ar1, ar2, assume_unique=False):
    if assume_unique:
        ar1 = np.asarray(ar1).ravel()
    else:
        ar1 = np.unique(ar1)
        ar2 = np.unique(ar2)
    return ar1[in1d(ar1, ar2, assume_unique=True, invert=True)]


def union1d(ar1, ar2):
    return np.unique(np.concatenate((np.ravel(ar1), np.ravel(ar2))))


def intersect1d(ar1, ar2, assume_unique=False, return_indices=False):
    ar1 = np.asarray(ar1)
    ar2 = np.asarray(ar2)
    if not assume_unique:
        if return_indices:
            ar1, ind1 = np.unique(ar1, return_index=True)
            ar2, ind2 = np.unique(ar2, return_index=True)
        else:
            ar1 = np.unique(ar1)
            ar2 = np.unique(ar2)
    else:
        ar1 = ar1.ravel()
        ar2 = ar2.ravel()
    aux = np.concatenate((ar1, ar2))
    if return_indices:
        aux_sort_indices = np.argsort(aux, kind='mergesort')
        aux = aux[aux_sort_indices]
    else:
        aux = np.sort(aux)
    mask = aux[1:] == aux[:-1]
    int1d = aux[:-1][mask]
    if return_indices:
        ar1_indices = aux_sort_indices[:-1][mask]
        ar2_indices = aux_sort_indices[1:][mask] - ar1.size
        if not assume_unique:
            ar1_indices = ind1[ar1_indices]
            ar2_indices = ind2[ar2_indices]
        return int1d, ar1_indices, ar2_indices
    return int1d


def setxor1d(ar1, ar2, assume_unique=False):
    if not assume_unique:
        ar1 = np.unique(ar1)
        ar2 = np.unique(ar2)
    aux = np.concatenate((np.ravel(ar1), np.ravel(ar2)))
    if aux.size == 0:
        return aux
    aux = np.sort(aux)
    flag = np.concatenate((np.array([True]), aux[1:] != aux[:-1], np.array([True])))
    return aux[flag[1:] & flag[:-1]]


def lexsort(keys, axis=-1):
    if isinstance(keys, np.ndarray):
        if keys.ndim == 0:
            raise TypeError("need sequence of keys with len > 0 in lexsort")
        keys = [keys[i] for i in range(keys.shape[0])]
    else:
        if isinstance(keys, (list, tuple)) and len(keys) == 0:
            raise TypeError("need sequence of keys with len > 0 in lexsort")
        keys = [np.asarray(k) for k in keys]
    shape = keys[0].shape
    for k in keys:
        if k.shape != shape:
            raise ValueError("all keys need to be the same shape")
    if len(shape) == 0:
        return np.int64(0)
    if not isinstance(axis, int):
        raise TypeError("'" + type(axis).__name__ + "' object cannot be interpreted as an integer")
    nd = len(shape)
    if axis < -nd or axis >= nd:
        raise np.AxisError("axis " + str(axis) + " is out of bounds for array of dimension " + str(nd))
    axis = axis % nd
    if nd == 1:
        return _lexsort1d(keys)
    moved = [k.swapaxes(axis, -1) for k in keys]
    n = moved[0].shape[-1]
    lanes = [k.reshape(-1, n) for k in moved]
    out = np.empty(lanes[0].shape, dtype=np.int64)
    for i in range(lanes[0].shape[0]):
        out[i] = _lexsort1d([k[i] for k in lanes])
    return out.reshape(moved[0].shape).swapaxes(axis, -1)


def _lexsort1d(keys):
    idx = np.argsort(keys[0], kind='stable')
    for k in keys[1:]:
        idx = idx[np.argsort(k[idx], kind='stable')]
    return idx


def ediff1d(ary, to_end=None, to_begin=None):
    ary = np.asarray(ary).ravel()
    dtype_req = ary.dtype
    if to_begin is None and to_end is None:
        return ary[1:] - ary[:-1]
    if to_begin is None:
        l_begin = 0
    else:
        to_begin = np.asarray(to_begin)
        if not np.can_cast(to_begin.dtype, dtype_req, casting="same_kind"):
            raise TypeError("dtype of `to_begin` must be compatible with input `ary` under the `same_kind` rule.")
        to_begin = to_begin.ravel()
        l_begin = len(to_begin)
    if to_end is None:
        l_end = 0
    else:
        to_end = np.asarray(to_end)
        if not np.can_cast(to_end.dtype, dtype_req, casting="same_kind"):
            raise TypeError("dtype of `to_end` must be compatible with input `ary` under the `same_kind` rule.")
        to_end = to_end.ravel()
        l_end = len(to_end)
    l_diff = max(len(ary) - 1, 0)
    result = np.empty(l_diff + l_begin + l_end, dtype=ary.dtype)
    if l_begin > 0:
        result[:l_begin] = to_begin
    if l_end > 0:
        result[l_begin + l_diff:] = to_end
    if l_diff > 0:
        result[l_begin:l_begin + l_diff] = ary[1:] - ary[:-1]
    return result


# np.partition and np.argpartition place the elements as NumPy 1.24's
# introselect does (numpy/core/src/npysort/selection.cpp): a median-of-3
# quickselect falling back to the median of medians of 5, a selection
# sort for a kth near the low end, and the stack of pivots that several
# kth share. Both permute an index list t over the values v; the order
# NaNs sort in is NumPy's (after every number).

_MAX_PIVOT_STACK = 50


def _less(a, b):
    return a < b or (b != b and a == a)


def _store_pivot(pivot, kth, pivots):
    if pivots is None:
        return
    if pivot == kth and len(pivots) == _MAX_PIVOT_STACK:
        pivots[-1] = pivot
    elif pivot >= kth and len(pivots) < _MAX_PIVOT_STACK:
        pivots.append(pivot)


def _swap(t, i, j):
    t[i], t[j] = t[j], t[i]


def _median5(v, t, o):
    if _less(v[t[o + 1]], v[t[o]]):
        _swap(t, o + 1, o)
    if _less(v[t[o + 4]], v[t[o + 3]]):
        _swap(t, o + 4, o + 3)
    if _less(v[t[o + 3]], v[t[o]]):
        _swap(t, o + 3, o)
    if _less(v[t[o + 4]], v[t[o + 1]]):
        _swap(t, o + 4, o + 1)
    if _less(v[t[o + 2]], v[t[o + 1]]):
        _swap(t, o + 2, o + 1)
    if _less(v[t[o + 3]], v[t[o + 2]]):
        if _less(v[t[o + 3]], v[t[o + 1]]):
            return 1
        return 3
    return 2


def _median_of_median5(v, t, o, num, inexact):
    nmed = num // 5
    subleft = 0
    for i in range(nmed):
        m = _median5(v, t, o + subleft)
        _swap(t, o + subleft + m, o + i)
        subleft += 5
    if nmed > 2:
        _introselect(v, t, o, nmed, nmed // 2, None, inexact)
    return nmed // 2


def _dumb_select(v, t, o, num, kth):
    for i in range(kth + 1):
        minidx = i
        minval = v[t[o + i]]
        for k in range(i + 1, num):
            if _less(v[t[o + k]], minval):
                minidx = k
                minval = v[t[o + k]]
        _swap(t, o + i, o + minidx)


def _msb(n):
    depth = 0
    n >>= 1
    while n:
        depth += 1
        n >>= 1
    return depth


def _introselect(v, t, o, num, kth, pivots, inexact):
    low = 0
    high = num - 1
    while pivots:
        if pivots[-1] > kth:
            high = pivots[-1] - 1
            break
        elif pivots[-1] == kth:
            return
        low = pivots[-1] + 1
        pivots.pop()
    if kth - low < 3:
        _dumb_select(v, t, o + low, high - low + 1, kth - low)
        _store_pivot(kth, kth, pivots)
        return
    elif inexact and kth == num - 1:
        maxidx = low
        maxval = v[t[o + low]]
        for k in range(low + 1, num):
            if not _less(v[t[o + k]], maxval):
                maxidx = k
                maxval = v[t[o + k]]
        _swap(t, o + kth, o + maxidx)
        return
    depth_limit = _msb(num) * 2
    while low + 1 < high:
        ll = low + 1
        hh = high
        if depth_limit > 0 or hh - ll < 5:
            mid = low + (high - low) // 2
            if _less(v[t[o + high]], v[t[o + mid]]):
                _swap(t, o + high, o + mid)
            if _less(v[t[o + high]], v[t[o + low]]):
                _swap(t, o + high, o + low)
            if _less(v[t[o + low]], v[t[o + mid]]):
                _swap(t, o + low, o + mid)
            _swap(t, o + mid, o + low + 1)
        else:
            mid = ll + _median_of_median5(v, t, o + ll, hh - ll, inexact)
            _swap(t, o + mid, o + low)
            ll -= 1
            hh += 1
        depth_limit -= 1
        pivot = v[t[o + low]]
        while True:
            ll += 1
            while _less(v[t[o + ll]], pivot):
                ll += 1
            hh -= 1
            while _less(pivot, v[t[o + hh]]):
                hh -= 1
            if hh < ll:
                break
            _swap(t, o + ll, o + hh)
        _swap(t, o + low, o + hh)
        if hh != kth:
            _store_pivot(hh, kth, pivots)
        if hh >= kth:
            high = hh - 1
        if hh <= kth:
            low = ll
    if high == low + 1:
        if _less(v[t[o + high]], v[t[o + low]]):
            _swap(t, o + high, o + low)
    _store_pivot(kth, kth, pivots)


def _partition_order(a, kth, axis, kind):
    """The array (flattened for axis None) moved so that axis is last, and
    the index order introselect gives each of its lanes."""
    if kind != 'introselect':
        raise ValueError("select kind must be 'introselect' (got " + repr(kind) + ")")
    a = np.asarray(a)
    if axis is None:
        a = a.ravel()
        axis = -1
    if not isinstance(axis, int):
        raise TypeError("'" + type(axis).__name__ + "' object cannot be interpreted as an integer")
    if axis < -a.ndim or axis >= a.ndim:
        raise np.AxisError("axis " + str(axis) + " is out of bounds for array of dimension " + str(a.ndim))
    axis = axis % a.ndim
    a = a.swapaxes(axis, -1)
    n = a.shape[-1]
    kths = np.asarray(kth)
    if kths.ndim > 1:
        raise ValueError("object too deep for desired array")
    if kths.dtype.kind == 'b':
        warnings.warn("Passing booleans as partition index is deprecated (warning added in NumPy 1.22)", DeprecationWarning, stacklevel=3)
        kths = kths.astype(np.int64)
    elif kths.dtype.kind not in 'iu':
        raise TypeError("Partition index must be integer")
    ks = []
    for k in kths.ravel().tolist():
        if k < 0:
            k += n
        if k < 0 or k >= n:
            raise ValueError("kth(=" + str(k) + ") out of bounds (" + str(n) + ")")
        ks.append(k)
    ks.sort()
    inexact = a.dtype.kind in 'fc'
    lanes = a.reshape(-1, n).tolist() if n > 0 else []
    orders = []
    for v in lanes:
        t = list(range(n))
        pivots = []
        for k in ks:
            _introselect(v, t, 0, n, k, pivots, inexact)
        orders.append(t)
    order = np.array(orders, dtype=np.int64).reshape(a.shape)
    return a, order, axis


def partition(a, kth, axis=-1, kind='introselect', order=None):
    if order is not None:
        raise ValueError("Cannot specify order when the array has no fields.")
    a, order, axis = _partition_order(a, kth, axis, kind)
    n = a.shape[-1]
    flat = a.reshape(-1, n)
    rows = np.arange(flat.shape[0]).reshape(-1, 1)
    return flat[rows, order.reshape(-1, n)].reshape(a.shape).swapaxes(axis, -1)


def argpartition(a, kth, axis=-1, kind='introselect', order=None):
    if order is not None:
        raise ValueError("Cannot specify order when the array has no fields.")
    a, order, axis = _partition_order(a, kth, axis, kind)
    return order.swapaxes(axis, -1)
