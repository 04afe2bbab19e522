# NumPy's indexing helpers, windows and histograms, written in Python
# over kael's NumPy primitives: kael's own code, behaving as NumPy 1.24's
# (numpy/core/fromnumeric.py take, put; numpy/lib/twodim_base.py
# tril_indices, triu_indices, histogram2d; index_tricks.py diag_indices;
# type_check.py real_if_close; function_base.py unwrap and the windows;
# histograms.py histogramdd; shape_base.py dsplit, apply_over_axes;
# numpy/core/numeric.py rollaxis).
import operator

import numpy as np

_range = range


def _axis(axis, ndim):
    axis = operator.index(axis)
    if not -ndim <= axis < ndim:
        raise np.AxisError('axis %d is out of bounds for array of dimension %d' % (axis, ndim))
    return axis + ndim if axis < 0 else axis


def _clipmode(mode):
    # NumPy's clip modes: a name read by its first letter, or np.CLIP,
    # np.WRAP, np.RAISE (0, 1, 2); None is 'raise'
    if mode is None:
        return 'raise'
    name = mode.decode('latin-1') if isinstance(mode, bytes) else mode
    if isinstance(name, str):
        modes = {'c': 'clip', 'w': 'wrap', 'r': 'raise'}
        if name[:1].lower() in modes:
            return modes[name[:1].lower()]
        raise ValueError("clipmode must be one of 'clip', 'raise', or 'wrap' (got %r)" % (mode,))
    if isinstance(mode, bool):
        raise TypeError('clipmode not understood')
    try:
        i = operator.index(mode)
    except TypeError:
        raise TypeError('clipmode not understood') from None
    if 0 <= i <= 2:
        return ('clip', 'wrap', 'raise')[i]
    raise ValueError('integer clipmode must be np.RAISE, np.WRAP, or np.CLIP')


def _indices_in(ind, n, mode, what):
    # ind (int64) made indices of an axis of n elements by mode, or
    # NumPy's IndexError for one out of range (what: the axis it names)
    if ind.size == 0:
        return ind
    if n == 0 and what is not None:
        raise IndexError('cannot do a non-empty take from an empty axes.')
    if n == 0 and mode != 'raise':
        # NumPy 1.24's put loops forever (wrap) or writes out of bounds
        # (clip) here
        raise IndexError('cannot replace elements of an empty array')
    if mode == 'wrap':
        return np.mod(ind, n)
    if mode == 'clip':
        return np.clip(ind, 0, n - 1)
    bad = (ind < -n) | (ind >= n)
    if bad.any():
        i = int(ind.ravel()[np.nonzero(bad.ravel())[0][0]])
        raise IndexError('index %d is out of bounds for axis %d with size %d' % (i, what or 0, n))
    return np.where(ind < 0, ind + n, ind)


def _as_indices(indices):
    ind = np.asarray(indices)
    if ind.dtype.kind == 'c':
        raise TypeError("int() argument must be a string, a bytes-like object or a real number, not 'complex'")
    if ind.dtype.kind not in 'iu':
        ind = ind.astype(np.int64)
    return ind


def take(a, indices, axis=None, out=None, mode='raise'):
    if isinstance(a, np.ndarray) and type(a) is not np.ndarray:
        # a subclass's method, which keeps its class, as NumPy's
        # np.take calls a.take
        return a.take(indices, axis=axis, out=out, mode=mode)
    a = np.asarray(a)
    mode = _clipmode(mode)
    if axis is None:
        a = a.ravel()
        axis = 0
    else:
        axis = _axis(axis, a.ndim)
    if isinstance(indices, np.ndarray) and (indices.dtype.kind == 'f' or indices.dtype == np.uint64):
        # NumPy casts an array of indices by the 'safe' rule
        raise TypeError("Cannot cast %s from dtype('%s') to dtype('int64') according to the rule 'safe'"
                        % ('scalar' if indices.ndim == 0 else 'array data', indices.dtype))
    ind = _as_indices(indices)
    ind = _indices_in(ind, a.shape[axis], mode, axis)
    if ind.ndim == 0:
        res = a[(slice(None),) * axis + (int(ind),)]
    else:
        res = a[(slice(None),) * axis + (ind,)]
    if out is None:
        return res
    if not isinstance(out, np.ndarray):
        raise TypeError('output must be an array')
    if not np.can_cast(out.dtype, a.dtype):
        raise TypeError("Cannot cast array data from dtype('%s') to dtype('%s') according to the rule 'safe'" % (out.dtype, a.dtype))
    if out.shape != np.shape(res):
        raise ValueError('output array does not match result of ndarray.take')
    if not out.flags.writeable:
        raise ValueError('WRITEBACKIFCOPY base is read-only')
    out[...] = res
    return out


def put(a, ind, v, mode='raise'):
    if not isinstance(a, np.ndarray):
        raise TypeError('argument 1 must be numpy.ndarray, not %s' % type(a).__name__)
    mode = _clipmode(mode)
    if not a.flags.writeable:
        raise ValueError('put: output array is read-only')
    ind = _as_indices(ind).ravel()
    vals = np.asarray(v)
    if vals.dtype.kind == 'c' and a.dtype.kind != 'c':
        # NumPy converts each value as Python's int(), float(), bool() do
        if a.dtype.kind in 'iu':
            raise TypeError("int() argument must be a string, a bytes-like object or a real number, not 'complex'")
        if a.dtype.kind == 'f':
            raise TypeError("float() argument must be a string or a real number, not 'complex'")
        vals = vals != 0
    vals = vals.astype(a.dtype).ravel()
    if vals.size == 0 or ind.size == 0:
        return None
    ind = _indices_in(ind, a.size, mode, None)
    vals = np.resize(vals, ind.shape)
    # the last value for an index wins, as NumPy's loop assigns in order
    order = np.argsort(ind, kind='stable')
    s = ind[order]
    keep = order[np.append(s[1:] != s[:-1], True)]
    flat = a.ravel()
    flat[ind[keep]] = vals[keep]
    a[...] = flat.reshape(a.shape)
    return None


def tril_indices(n, k=0, m=None):
    return np.nonzero(np.tri(n, m, k=k, dtype=bool))


def triu_indices(n, k=0, m=None):
    return np.nonzero(~np.tri(n, m, k=k - 1, dtype=bool))


def tril_indices_from(arr, k=0):
    if arr.ndim != 2:
        raise ValueError('input array must be 2-d')
    return tril_indices(arr.shape[-2], k=k, m=arr.shape[-1])


def triu_indices_from(arr, k=0):
    if arr.ndim != 2:
        raise ValueError('input array must be 2-d')
    return triu_indices(arr.shape[-2], k=k, m=arr.shape[-1])


def diag_indices(n, ndim=2):
    idx = np.arange(n)
    return (idx,) * ndim


def diag_indices_from(arr):
    if not arr.ndim >= 2:
        raise ValueError('input array must be at least 2-d')
    if not all(s == arr.shape[0] for s in arr.shape):
        raise ValueError('All dimensions of input must be of equal length')
    return diag_indices(arr.shape[0], arr.ndim)


def real_if_close(a, tol=100):
    a = np.asarray(a)
    if a.dtype.kind != 'c':
        return a
    if tol > 1:
        tol = np.finfo(a.dtype).eps * tol
    if np.all(np.absolute(a.imag) < tol):
        a = a.real
    return a


def unwrap(p, discont=None, axis=-1, *, period=2 * np.pi):
    p = np.asarray(p)
    nd = p.ndim
    dd = np.diff(p, axis=axis)
    if discont is None:
        discont = period / 2
    slice1 = [slice(None, None)] * nd
    slice1[axis] = slice(1, None)
    slice1 = tuple(slice1)
    dtype = np.result_type(dd, period)
    if np.issubdtype(dtype, np.integer):
        interval_high, rem = divmod(period, 2)
        boundary_ambiguous = rem == 0
    else:
        interval_high = period / 2
        boundary_ambiguous = True
    interval_low = -interval_high
    ddmod = np.mod(dd - interval_low, period) + interval_low
    if boundary_ambiguous:
        # where abs(dd) is period/2, ddmod is -period/2: make it
        # sign(dd) * period/2
        high = np.asarray(interval_high).astype(ddmod.dtype)
        ddmod = np.where((ddmod == interval_low) & (dd > 0), high, ddmod)
    ph_correct = ddmod - dd
    ph_correct = np.where(np.absolute(dd) < discont, np.zeros_like(ph_correct), ph_correct)
    up = np.array(p, copy=True, dtype=dtype)
    up[slice1] = p[slice1] + ph_correct.cumsum(axis)
    return up


def _window_points(M):
    values = np.array([0.0, M])
    return values[1], values.dtype


def hanning(M):
    M, dt = _window_points(M)
    if M < 1:
        return np.array([], dtype=dt)
    if M == 1:
        return np.ones(1, dtype=dt)
    n = np.arange(1 - M, M, 2)
    return 0.5 + 0.5 * np.cos(np.pi * n / (M - 1))


def hamming(M):
    M, dt = _window_points(M)
    if M < 1:
        return np.array([], dtype=dt)
    if M == 1:
        return np.ones(1, dtype=dt)
    n = np.arange(1 - M, M, 2)
    return 0.54 + 0.46 * np.cos(np.pi * n / (M - 1))


def blackman(M):
    M, dt = _window_points(M)
    if M < 1:
        return np.array([], dtype=dt)
    if M == 1:
        return np.ones(1, dtype=dt)
    n = np.arange(1 - M, M, 2)
    return 0.42 + 0.5 * np.cos(np.pi * n / (M - 1)) + 0.08 * np.cos(2.0 * np.pi * n / (M - 1))


def bartlett(M):
    M, dt = _window_points(M)
    if M < 1:
        return np.array([], dtype=dt)
    if M == 1:
        return np.ones(1, dtype=dt)
    n = np.arange(1 - M, M, 2)
    return np.where(np.less_equal(n, 0), 1 + n / (M - 1), 1 - n / (M - 1))


def kaiser(M, beta):
    values = np.array([0.0, M, beta])
    M = values[1]
    beta = values[2]
    if M == 1:
        return np.ones(1, dtype=values.dtype)
    n = np.arange(0, M)
    alpha = (M - 1) / 2.0
    return np.i0(beta * np.sqrt(1 - ((n - alpha) / alpha) ** 2.0)) / np.i0(float(beta))


def _outer_edges(a, rng):
    if rng is not None:
        first_edge, last_edge = rng
        if first_edge > last_edge:
            raise ValueError('max must be larger than min in range parameter.')
        if not (np.isfinite(first_edge) and np.isfinite(last_edge)):
            raise ValueError('supplied range of [{}, {}] is not finite'.format(first_edge, last_edge))
    elif a.size == 0:
        first_edge, last_edge = 0, 1
    else:
        first_edge, last_edge = a.min(), a.max()
        if not (np.isfinite(first_edge) and np.isfinite(last_edge)):
            raise ValueError('autodetected range of [{}, {}] is not finite'.format(first_edge, last_edge))
    if first_edge == last_edge:
        first_edge = first_edge - 0.5
        last_edge = last_edge + 0.5
    return first_edge, last_edge


def histogramdd(sample, bins=10, range=None, density=None, weights=None):
    try:
        N, D = sample.shape
    except (AttributeError, ValueError):
        sample = np.atleast_2d(sample).T
        N, D = sample.shape
    nbin = np.empty(D, np.intp)
    edges = D * [None]
    dedges = D * [None]
    if weights is not None:
        weights = np.asarray(weights)
    try:
        M = len(bins)
        if M != D:
            raise ValueError('The dimension of bins must be equal to the dimension of the  sample x.')
    except TypeError:
        bins = D * [bins]
    if range is None:
        range = (None,) * D
    elif len(range) != D:
        raise ValueError('range argument must have one entry per dimension')
    for i in _range(D):
        if np.ndim(bins[i]) == 0:
            if bins[i] < 1:
                raise ValueError('`bins[{}]` must be positive, when an integer'.format(i))
            smin, smax = _outer_edges(sample[:, i], range[i])
            try:
                n = operator.index(bins[i])
            except TypeError as e:
                raise TypeError('`bins[{}]` must be an integer, when a scalar'.format(i)) from e
            edges[i] = np.linspace(smin, smax, n + 1)
        elif np.ndim(bins[i]) == 1:
            edges[i] = np.asarray(bins[i])
            if np.any(edges[i][:-1] > edges[i][1:]):
                raise ValueError('`bins[{}]` must be monotonically increasing, when an array'.format(i))
        else:
            raise ValueError('`bins[{}]` must be a scalar or 1d array'.format(i))
        nbin[i] = len(edges[i]) + 1  # an outlier bin at each end
        dedges[i] = np.diff(edges[i])
    # the bin of each point along each dimension; a point on the last
    # edge counts in the last bin, not as an outlier
    Ncount = []
    for i in _range(D):
        c = np.searchsorted(edges[i], sample[:, i], side='right')
        on_edge = sample[:, i] == edges[i][-1]
        Ncount.append(np.where(on_edge, c - 1, c))
    xy = np.ravel_multi_index(tuple(Ncount), nbin)
    hist = np.bincount(xy, weights, minlength=nbin.prod())
    hist = hist.reshape(tuple(int(b) for b in nbin))
    hist = hist.astype(float)
    hist = hist[D * (slice(1, -1),)]
    if density:
        s = hist.sum()
        for i in _range(D):
            shape = np.ones(D, int)
            shape[i] = nbin[i] - 2
            hist = hist / dedges[i].reshape(tuple(int(b) for b in shape))
        hist /= s
    return hist, edges


def histogram2d(x, y, bins=10, range=None, density=None, weights=None):
    if len(x) != len(y):
        raise ValueError('x and y must have the same length.')
    try:
        N = len(bins)
    except TypeError:
        N = 1
    if N != 1 and N != 2:
        xedges = yedges = np.asarray(bins)
        bins = [xedges, yedges]
    hist, edges = histogramdd([x, y], bins, range, density, weights)
    return hist, edges[0], edges[1]


def dsplit(ary, indices_or_sections):
    if np.ndim(ary) < 3:
        raise ValueError('dsplit only works on arrays of 3 or more dimensions')
    return np.split(ary, indices_or_sections, 2)


def rollaxis(a, axis, start=0):
    n = a.ndim
    axis = _axis(axis, n)
    if start < 0:
        start += n
    msg = "'%s' arg requires %d <= %s < %d, but %d was passed in"
    if not (0 <= start < n + 1):
        raise np.AxisError(msg % ('start', -n, 'start', n + 1, start))
    if axis < start:
        start -= 1
    if axis == start:
        return a[...]
    axes = list(_range(0, n))
    axes.remove(axis)
    axes.insert(start, axis)
    return a.transpose(axes)


def apply_over_axes(func, a, axes):
    val = np.asarray(a)
    N = a.ndim
    if np.array(axes).ndim == 0:
        axes = (axes,)
    for axis in axes:
        if axis < 0:
            axis = N + axis
        res = func(val, axis)
        if res.ndim == val.ndim:
            val = res
        else:
            res = np.expand_dims(res, axis)
            if res.ndim == val.ndim:
                val = res
            else:
                raise ValueError('function is not returning an array of the correct shape')
    return val
