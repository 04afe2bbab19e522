# NumPy's NaN-ignoring reductions (np.nansum, np.nanmean, np.nanvar, ...),
# np.average and np.ptp, written in Python over kael's NumPy primitives:
# kael's own code, behaving as NumPy 1.24's numpy/lib/nanfunctions.py and
# function_base.py.
import warnings
import numpy as np

# the RuntimeWarnings a call gives: kael's np function issues them once
# the call returns, so that they name the caller's line as NumPy's do
_pending = []


def _warn(msg):
    _pending.append(msg)


def _take_warnings():
    msgs = list(_pending)
    _pending.clear()
    return msgs


def _replace_nan(a, val):
    # a as an array with its NaNs replaced by val, and the NaN mask (None
    # for a dtype that holds no NaN)
    a = np.asarray(a)
    if a.dtype.kind in 'fc':
        mask = np.isnan(a)
        return np.where(mask, val, a).astype(a.dtype), mask
    return a, None


def _as_result(a, like):
    # a with like's dtype: an array stays one, a scalar stays a scalar
    if isinstance(a, np.ndarray) and a.ndim > 0:
        return a.astype(like)
    return np.dtype(like).type(a)


def _divide_by_count(a, b):
    # a / b keeping a's dtype, quietly (0 / 0 is nan)
    with np.errstate(invalid='ignore', divide='ignore'):
        return _as_result(np.true_divide(a, b), a.dtype)


def _put_nan(a, mask):
    # a with nan where mask is true
    if isinstance(a, np.ndarray) and a.ndim > 0:
        return np.where(mask, np.nan, a).astype(a.dtype)
    if mask:
        return a.dtype.type(np.nan)
    return a


def nansum(a, axis=None, dtype=None, keepdims=False):
    a, mask = _replace_nan(a, 0)
    return np.sum(a, axis=axis, dtype=dtype, keepdims=keepdims)


def nanprod(a, axis=None, dtype=None, keepdims=False):
    a, mask = _replace_nan(a, 1)
    return np.prod(a, axis=axis, dtype=dtype, keepdims=keepdims)


def nancumsum(a, axis=None, dtype=None):
    a, mask = _replace_nan(a, 0)
    if dtype is not None:
        a = a.astype(dtype)
    return np.cumsum(a, axis=axis)


def nancumprod(a, axis=None, dtype=None):
    a, mask = _replace_nan(a, 1)
    if dtype is not None:
        a = a.astype(dtype)
    return np.cumprod(a, axis=axis)


def _nanextreme(a, axis, keepdims, reduce, fill, ufunc):
    # NumPy reduces an ndarray with np.fmin/np.fmax (whose names its
    # errors give) and anything else with np.amin/np.amax, whose warning
    # says 'axis'
    given_array = isinstance(a, np.ndarray)
    arr, mask = _replace_nan(a, fill)
    if arr.size == 0 and isinstance(axis, int) and -arr.ndim <= axis < arr.ndim and arr.shape[axis] > 0:
        # an empty result needs no identity
        return np.sum(arr, axis=axis, keepdims=keepdims).astype(arr.dtype)
    try:
        res = reduce(arr, axis=axis, keepdims=keepdims)
    except ValueError as e:
        if given_array and 'zero-size array' in str(e):
            raise ValueError('zero-size array to reduction operation %s which has no identity' % ufunc) from None
        raise
    if mask is None:
        return res
    allnan = np.all(mask, axis=axis, keepdims=keepdims)
    if np.any(allnan):
        what = 'slice' if given_array else 'axis'
        _warn('All-NaN %s encountered' % what)
        res = _put_nan(res, allnan)
    return res


def nanmin(a, axis=None, keepdims=False):
    return _nanextreme(a, axis, keepdims, np.amin, np.inf, 'fmin')


def nanmax(a, axis=None, keepdims=False):
    return _nanextreme(a, axis, keepdims, np.amax, -np.inf, 'fmax')


def _nanarg(a, axis, keepdims, arg, fill):
    a, mask = _replace_nan(a, fill)
    if mask is not None and np.any(np.all(mask, axis=axis)):
        raise ValueError('All-NaN slice encountered')
    return arg(a, axis=axis, keepdims=keepdims)


def nanargmin(a, axis=None, keepdims=False):
    return _nanarg(a, axis, keepdims, np.argmin, np.inf)


def nanargmax(a, axis=None, keepdims=False):
    return _nanarg(a, axis, keepdims, np.argmax, -np.inf)


def nanmean(a, axis=None, dtype=None, keepdims=False):
    arr, mask = _replace_nan(a, 0)
    if mask is None:
        return np.mean(arr, axis=axis, dtype=dtype, keepdims=keepdims)
    if dtype is not None and np.dtype(dtype).kind not in 'fc':
        raise TypeError('If a is inexact, then dtype must be inexact')
    cnt = np.sum(~mask, axis=axis, dtype=np.intp, keepdims=keepdims)
    tot = np.sum(arr, axis=axis, dtype=dtype, keepdims=keepdims)
    avg = _divide_by_count(tot, cnt)
    if np.any(cnt == 0):
        _warn('Mean of empty slice')
    return avg


def nanvar(a, axis=None, dtype=None, ddof=0, keepdims=False):
    arr, mask = _replace_nan(a, 0)
    if mask is None:
        return np.var(arr, axis=axis, dtype=dtype, ddof=ddof, keepdims=keepdims)
    if dtype is not None and np.dtype(dtype).kind not in 'fc':
        raise TypeError('If a is inexact, then dtype must be inexact')
    cnt = np.sum(~mask, axis=axis, dtype=np.intp, keepdims=True)
    avg = _divide_by_count(np.sum(arr, axis=axis, dtype=dtype, keepdims=True), cnt)
    dev = np.where(mask, 0, (arr - avg).astype(arr.dtype)).astype(arr.dtype)
    if dev.dtype.kind == 'c':
        sqr = (dev * dev.conj()).real
    else:
        sqr = dev * dev
    var = np.sum(sqr, axis=axis, dtype=dtype, keepdims=keepdims)
    if not keepdims:
        cnt = cnt.reshape(np.asarray(var).shape)
    dof = cnt - ddof
    var = _divide_by_count(var, dof)
    isbad = dof <= 0
    if np.any(isbad):
        _warn('Degrees of freedom <= 0 for slice.')
        var = _put_nan(var, isbad)
    return var


def nanstd(a, axis=None, dtype=None, ddof=0, keepdims=False):
    var = nanvar(a, axis=axis, dtype=dtype, ddof=ddof, keepdims=keepdims)
    if isinstance(var, np.ndarray) and var.ndim > 0:
        return np.sqrt(var)
    return var.dtype.type(np.sqrt(var))


def nanmedian(a, axis=None, keepdims=False):
    a = np.asarray(a)
    if a.dtype.kind not in 'fc':
        return np.median(a, axis=axis, keepdims=keepdims)
    if a.size == 0:
        return np.nanmean(a, axis=axis, keepdims=keepdims)
    mask = np.isnan(a)
    allnan = np.all(mask, axis=axis, keepdims=keepdims)
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', RuntimeWarning)
        res = np.nanquantile(a, 0.5, axis=axis, keepdims=keepdims)
    if np.any(allnan):
        _warn('All-NaN slice encountered')
    return _as_result(res, a.dtype)


def average(a, axis=None, weights=None, returned=False, keepdims=None):
    a = np.asarray(a)
    kw = {} if keepdims is None else {'keepdims': keepdims}
    if weights is None:
        avg = a.mean(axis, **kw)
        avg_as_array = np.asarray(avg)
        scl = avg_as_array.dtype.type(a.size / avg_as_array.size)
    else:
        wgt = np.asarray(weights)
        if a.dtype.kind in 'biu':
            result_dtype = np.result_type(a.dtype, wgt.dtype, 'f8')
        else:
            result_dtype = np.result_type(a.dtype, wgt.dtype)
        if a.shape != wgt.shape:
            if axis is None:
                raise TypeError('Axis must be specified when shapes of a and weights differ.')
            if wgt.ndim != 1:
                raise TypeError('1D weights expected when shapes of a and weights differ.')
            if wgt.shape[0] != a.shape[axis]:
                raise ValueError('Length of weights not compatible with specified axis.')
            wgt = np.broadcast_to(wgt, (a.ndim - 1) * (1,) + wgt.shape)
            wgt = wgt.swapaxes(-1, axis)
        scl = wgt.sum(axis=axis, dtype=result_dtype, **kw)
        if np.any(scl == 0.0):
            raise ZeroDivisionError("Weights sum to zero, can't be normalized")
        avg = avg_as_array = np.multiply(a.astype(result_dtype), wgt.astype(result_dtype)).sum(axis, **kw) / scl
    if returned:
        if np.asarray(scl).shape != avg_as_array.shape:
            scl = np.broadcast_to(scl, avg_as_array.shape).copy()
        return avg, scl
    return avg


def ptp(a, axis=None, keepdims=False):
    a = np.asarray(a)
    return np.subtract(np.amax(a, axis=axis, keepdims=keepdims), np.amin(a, axis=axis, keepdims=keepdims))
