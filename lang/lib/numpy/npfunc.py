# NumPy's functional and indexing helpers (np.take_along_axis,
# np.put_along_axis, np.apply_along_axis, np.vectorize, np.select,
# np.piecewise, np.choose, np.compress, np.extract, np.place, np.putmask,
# np.copyto, np.ndindex, np.ndenumerate), written in Python over kael's
# NumPy primitives: kael's own code, behaving as NumPy 1.24's
# numpy/lib/function_base.py, shape_base.py and index_tricks.py.
import itertools
import numpy as np


def _is_int(dtype):
    return dtype.kind in 'iu'


def _axis(axis, ndim):
    if not isinstance(axis, int) and not (hasattr(axis, 'dtype') and _is_int(axis.dtype)):
        raise TypeError("'%s' object cannot be interpreted as an integer" % type(axis).__name__)
    axis = int(axis)
    if axis < -ndim or axis >= ndim:
        raise np.AxisError('axis %d is out of bounds for array of dimension %d' % (axis, ndim))
    return axis % ndim


def _along_axis_index(shape, indices, axis):
    # the fancy index that picks indices along axis, the others by position
    ones = (1,) * indices.ndim
    index = []
    for dim, n in enumerate(shape):
        if dim == axis:
            index.append(indices)
        else:
            index.append(np.arange(n).reshape(ones[:dim] + (-1,) + ones[dim + 1:]))
    return tuple(index)


def _along_axis_args(arr, indices, axis):
    indices = np.asarray(indices)
    if not _is_int(indices.dtype):
        raise IndexError('`indices` must be an integer array')
    if axis is None:
        arr = arr.ravel()
        axis = 0
    elif indices.ndim != arr.ndim:
        raise ValueError('`indices` and `arr` must have the same number of dimensions')
    else:
        axis = _axis(axis, arr.ndim)
    if indices.ndim != arr.ndim:
        raise ValueError('`indices` and `arr` must have the same number of dimensions')
    return arr, indices, axis


def take_along_axis(arr, indices, axis):
    # as NumPy's, arr must be an array already
    if not isinstance(arr, np.ndarray):
        raise AttributeError("'%s' object has no attribute '%s'" % (type(arr).__name__, 'flat' if axis is None else 'ndim'))
    flat, indices, axis = _along_axis_args(arr, indices, axis)
    return flat[_along_axis_index(flat.shape, indices, axis)]


def put_along_axis(arr, indices, values, axis):
    if not isinstance(arr, np.ndarray):
        raise AttributeError("'%s' object has no attribute 'ndim'" % type(arr).__name__)
    if axis is None:
        indices = np.asarray(indices)
        if not _is_int(indices.dtype):
            raise IndexError('`indices` must be an integer array')
        if indices.ndim != 1:
            raise ValueError('`indices` and `arr` must have the same number of dimensions')
        flat = np.unravel_index(indices, arr.shape)
        arr[flat] = values
        return None
    _, indices, axis = _along_axis_args(arr, indices, axis)
    arr[_along_axis_index(arr.shape, indices, axis)] = values


def apply_along_axis(func1d, axis, arr, *args, **kwargs):
    arr = np.asarray(arr)
    nd = arr.ndim
    axis = _axis(axis, nd)
    inarr = np.transpose(arr, [d for d in range(nd) if d != axis] + [axis])
    outer = inarr.shape[:-1]
    ind = list(np.ndindex(*outer))
    if not ind:
        raise ValueError('Cannot apply_along_axis when any iteration dimensions are 0')
    first = np.asarray(func1d(inarr[ind[0]], *args, **kwargs))
    buff = np.zeros(outer + first.shape, first.dtype)
    buff[ind[0]] = first
    for i in ind[1:]:
        buff[i] = np.asarray(func1d(inarr[i], *args, **kwargs))
    # the function's own axes take axis's place
    k = first.ndim
    order = list(range(buff.ndim))
    moved = order[:axis] + order[buff.ndim - k:] + order[axis:buff.ndim - k]
    return np.transpose(buff, moved)


_typecodes = '?bhilqpBHILQPefdgFDGSUVOMm'


class vectorize:
    __module__ = 'numpy'

    def __init__(self, pyfunc, otypes=None, doc=None, excluded=None, cache=False, signature=None):
        self.pyfunc = pyfunc
        self.cache = cache
        self.signature = signature
        if signature is not None:
            raise NotImplementedError('np.vectorize(signature=...) is not in kael')
        self.__doc__ = pyfunc.__doc__ if doc is None else doc
        if isinstance(otypes, str):
            for char in otypes:
                if char not in _typecodes:
                    raise ValueError('Invalid otype specified: %s' % (char,))
            self._otypes = [np.dtype(c) for c in otypes]
        elif otypes is not None:
            try:
                self._otypes = [np.dtype(x) for x in otypes]
            except TypeError:
                raise ValueError('Invalid otype specification')
            otypes = ''.join(d.char for d in self._otypes)
        else:
            self._otypes = None
        self.otypes = otypes
        self.excluded = set() if excluded is None else set(excluded)

    def __call__(self, *args, **kwargs):
        excluded = self.excluded
        if not kwargs and not excluded:
            func = self.pyfunc
            vargs = list(args)
        else:
            inds = [i for i in range(len(args)) if i not in excluded]
            names = [k for k in kwargs if k not in excluded]
            fixed = dict((k, v) for k, v in kwargs.items() if k in excluded)
            base = list(args)
            pyfunc = self.pyfunc

            def func(*vals):
                full = list(base)
                for i, v in zip(inds, vals[:len(inds)]):
                    full[i] = v
                kw = dict(fixed)
                for k, v in zip(names, vals[len(inds):]):
                    kw[k] = v
                return pyfunc(*full, **kw)
            vargs = [args[i] for i in inds] + [kwargs[k] for k in names]
        return self._vectorize_call(func, vargs)

    def _vectorize_call(self, func, args):
        if not args:
            res = func()
            if self._otypes is not None:
                return np.asarray(res, dtype=self._otypes[0])
            return np.asarray(res)
        arrays = [np.asarray(a) for a in args]
        try:
            arrays = np.broadcast_arrays(*arrays)
        except ValueError:
            raise ValueError('operands could not be broadcast together with shapes %s ' % ' '.join(_shape_text(a.shape) for a in arrays))
        shape = arrays[0].shape
        size = arrays[0].size
        if size == 0 and self.otypes is None:
            raise ValueError('cannot call `vectorize` on size 0 inputs unless `otypes` is set')
        flats = [a.ravel() for a in arrays]
        results = []
        for i in range(size):
            results.append(func(*[f[i] for f in flats]))
        nout = None
        if results and isinstance(results[0], tuple):
            nout = len(results[0])
        elif self._otypes is not None and len(self._otypes) > 1:
            nout = len(self._otypes)
        if nout is None:
            dtype = self._otypes[0] if self._otypes is not None else np.asarray(results[0]).dtype
            return self._shaped(results, dtype, shape)
        outs = []
        for k in range(nout):
            col = [r[k] for r in results]
            dtype = self._otypes[k] if self._otypes is not None else np.asarray(col[0]).dtype
            outs.append(self._shaped(col, dtype, shape))
        return tuple(outs)

    @staticmethod
    def _shaped(values, dtype, shape):
        out = np.array(values, dtype=dtype)
        if out.ndim != 1:
            # each result fills one element
            raise ValueError('setting an array element with a sequence.')
        return out.reshape(shape)


def _shape_text(shape):
    return '(' + ','.join(str(n) for n in shape) + (',)' if len(shape) == 1 else ')')


def _take(a, idx, axis):
    return a[(slice(None),) * axis + (idx,)]


def select(condlist, choicelist, default=0):
    if len(condlist) != len(choicelist):
        raise ValueError('list of cases must be same length as list of conditions')
    if len(condlist) == 0:
        raise ValueError('select with an empty condition list is not possible')
    choices = [np.asarray(c) for c in choicelist]
    try:
        choices.append(np.asarray(default))
        dtype = np.result_type(*choices)
    except TypeError:
        raise TypeError('Choicelist elements do not have a common dtype')
    conds = [np.asarray(c) for c in condlist]
    for i, c in enumerate(conds):
        if c.dtype != np.bool_:
            raise TypeError('invalid entry {} in condlist: should be boolean ndarray'.format(i))
    # the conditions broadcast together, and the choices, as NumPy's
    conds = np.broadcast_arrays(*conds)
    choices = np.broadcast_arrays(*choices)
    both = np.broadcast_arrays(*(conds + choices))
    conds = both[:len(conds)]
    choices = both[len(conds):]
    result = np.array(choices[-1], dtype=dtype)
    for cond, choice in zip(conds[::-1], choices[-2::-1]):
        result = np.where(cond, choice.astype(dtype), result)
    return np.asarray(result, dtype=dtype)


def piecewise(x, condlist, funclist, *args, **kw):
    x = np.asarray(x)
    n2 = len(funclist)
    if not isinstance(condlist, (list, tuple, np.ndarray)) or (isinstance(condlist, np.ndarray) and condlist.ndim == 0) or (
            not isinstance(condlist[0], (list, np.ndarray)) and x.ndim != 0):
        condlist = [condlist]
    condlist = np.asarray(condlist, dtype=bool)
    n = len(condlist)
    if n == n2 - 1:
        condelse = ~np.any(condlist, axis=0, keepdims=True)
        condlist = np.concatenate([condlist, condelse], axis=0)
        n += 1
    elif n != n2:
        raise ValueError('with {} condition(s), either {} or {} functions are expected'.format(n, n, n + 1))
    y = np.zeros_like(x)
    for cond, func in zip(condlist, funclist):
        if x.ndim == 0:
            # a 0-d x is the one element that x[True] gives
            if cond:
                y[...] = np.asarray(func(x.reshape(1), *args, **kw) if callable(func) else func).ravel()[0]
        elif not callable(func):
            y[cond] = func
        else:
            vals = x[cond]
            if vals.size > 0:
                y[cond] = func(vals, *args, **kw)
    return y


def choose(a, choices, out=None, mode='raise'):
    if mode not in ('raise', 'wrap', 'clip'):
        raise ValueError("clipmode must be one of 'clip', 'raise', or 'wrap' (got '%s')" % (mode,))
    a = np.asarray(a)
    if not _is_int(a.dtype):
        raise TypeError("Cannot cast array data from dtype('%s') to dtype('int64') according to the rule 'safe'" % a.dtype)
    choices = [np.asarray(c) for c in choices]
    n = len(choices)
    if n == 0:
        raise ValueError('0-length sequence.')
    dtype = np.result_type(*choices)
    both = np.broadcast_arrays(a, *choices)
    a = both[0]
    if mode == 'raise':
        if a.size and (a.min() < 0 or a.max() >= n):
            raise ValueError('invalid entry in choice array')
    elif mode == 'wrap':
        a = a % n
    else:
        a = np.clip(a, 0, n - 1)
    stacked = np.stack([c.astype(dtype) for c in both[1:]])
    result = take_along_axis(stacked, a.reshape((1,) + a.shape).astype(np.int64), 0)[0]
    if out is not None:
        out[...] = result
        return out
    return result


def compress(condition, a, axis=None, out=None):
    cond = np.asarray(condition)
    if cond.ndim != 1:
        raise ValueError('condition must be a 1-d array')
    a = np.asarray(a)
    if axis is None:
        a = a.ravel()
        axis = 0
    else:
        axis = _axis(axis, a.ndim)
    idx = np.nonzero(cond)[0]
    if idx.size and idx[-1] >= a.shape[axis]:
        raise IndexError('index %d is out of bounds for axis %d with size %d' % (idx[-1], axis, a.shape[axis]))
    result = _take(a, idx, axis)
    if out is not None:
        out[...] = result
        return out
    return result


def extract(condition, arr):
    return np.ravel(arr)[np.nonzero(np.ravel(condition))[0]]


def _flat_positions(arr, mask):
    mask = np.asarray(mask)
    if mask.size != arr.size:
        raise ValueError('place: mask and data must be the same size')
    return np.nonzero(mask.ravel())[0]


def place(arr, mask, vals):
    if not isinstance(arr, np.ndarray):
        raise TypeError('argument 1 must be numpy.ndarray, not %s' % type(arr).__name__)
    pos = _flat_positions(arr, mask)
    vals = np.asarray(vals).ravel()
    if pos.size == 0:
        return None
    if vals.size == 0:
        raise ValueError('Cannot insert from an empty array!')
    arr[np.unravel_index(pos, arr.shape)] = vals[np.arange(pos.size) % vals.size]


def putmask(a, mask, values):
    if not isinstance(a, np.ndarray):
        raise TypeError('putmask() argument 1 must be numpy.ndarray, not %s' % type(a).__name__)
    mask = np.asarray(mask)
    if mask.size != a.size:
        raise ValueError('putmask: mask and data must be the same size')
    values = np.asarray(values).ravel()
    pos = np.nonzero(mask.ravel())[0]
    if pos.size == 0 or values.size == 0:
        return None
    a[np.unravel_index(pos, a.shape)] = values[pos % values.size]


_kinds = 'biufc'


def copyto(dst, src, casting='same_kind', where=True):
    if not isinstance(dst, np.ndarray):
        raise TypeError('copyto() argument 1 must be numpy.ndarray, not %s' % type(dst).__name__)
    if casting not in ('no', 'equiv', 'safe', 'same_kind', 'unsafe'):
        raise ValueError("casting must be one of 'no', 'equiv', 'safe', 'same_kind', or 'unsafe' (got %r)" % (casting,))
    python_scalar = isinstance(src, (bool, int, float, complex))
    src = np.asarray(src)
    if casting != 'unsafe':
        if python_scalar:
            # a Python number casts by its kind, as NumPy 1.24's value-based casting
            if _kinds.index(src.dtype.kind) > _kinds.index(dst.dtype.kind):
                raise TypeError("Cannot cast scalar from %r to %r according to the rule %r" % (src.dtype, dst.dtype, casting))
        elif not np.can_cast(src.dtype, dst.dtype, casting):
            raise TypeError("Cannot cast array data from %r to %r according to the rule %r" % (src.dtype, dst.dtype, casting))
    if isinstance(where, np.ndarray) and where.dtype != np.bool_:
        raise TypeError("Cannot cast array data from %r to dtype('bool') according to the rule 'safe'" % (where.dtype,))
    where = np.asarray(where).astype(bool)
    try:
        src = np.broadcast_to(src, dst.shape)
    except ValueError:
        raise ValueError('could not broadcast input array from shape %s into shape %s' % (_shape_text(src.shape), _shape_text(dst.shape)))
    if where.ndim == 0:
        if where:
            dst[...] = src
        return None
    where = np.broadcast_to(where, dst.shape)
    dst[where] = src[where]


class ndindex:
    __module__ = 'numpy'

    def __init__(self, *shape):
        if len(shape) == 1 and isinstance(shape[0], tuple):
            shape = shape[0]
        for n in shape:
            if n < 0:
                raise ValueError('negative dimensions are not allowed')
        self._it = itertools.product(*[range(n) for n in shape])

    def __iter__(self):
        return self

    def __next__(self):
        return next(self._it)

    def ndincr(self):
        next(self)


class ndenumerate:
    __module__ = 'numpy'

    def __init__(self, arr):
        self._arr = np.asarray(arr)
        self._it = iter(ndindex(*self._arr.shape))

    def __iter__(self):
        return self

    def __next__(self):
        i = next(self._it)
        return i, self._arr[i]
