# NumPy's element-wise math helpers and small linear-algebra products,
# written in Python over kael's NumPy primitives: kael's own code,
# behaving as NumPy 1.24's (numpy/lib/type_check.py nan_to_num,
# ufunclike.py fix, function_base.py sinc, numpy/core/numeric.py
# tensordot, cross, isscalar, fromnumeric.py ndim, shape, size,
# shape_base.py kron, and the ufuncs modf, deg2rad, rad2deg).
import math
import numbers

import numpy as np


def _float(a):
    # a in the float dtype of NumPy's loop for its dtype: bool and 1-byte
    # integers in float16, 2-byte in float32, the others in float64
    a = np.asarray(a)
    kind = a.dtype.kind
    if kind == 'b' or kind in 'iu' and a.dtype.itemsize == 1:
        return a.astype(np.float16)
    if kind in 'iu' and a.dtype.itemsize == 2:
        return a.astype(np.float32)
    if kind in 'iu':
        return a.astype(np.float64)
    return a


def _out(a):
    return a[()] if a.ndim == 0 else a


def nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None):
    a = np.array(x) if copy else np.asarray(x)
    kind = a.dtype.kind
    if kind not in 'fc':
        return _out(a)
    if kind == 'c':
        r = nan_to_num(a.real, True, nan, posinf, neginf)
        i = nan_to_num(a.imag, True, nan, posinf, neginf)
        a[...] = np.asarray(r) + 1j * np.asarray(i)
        return _out(a)
    fi = np.finfo(a.dtype)
    big = fi.max if posinf is None else posinf
    small = fi.min if neginf is None else neginf
    isnan = np.isnan(a)
    ispos = np.isinf(a) & (a > 0)
    isneg = np.isinf(a) & (a < 0)
    a[...] = np.where(isnan, np.asarray(nan).astype(a.dtype), a)
    a[...] = np.where(ispos, np.asarray(big).astype(a.dtype), a)
    a[...] = np.where(isneg, np.asarray(small).astype(a.dtype), a)
    return _out(a)


def modf(x):
    a = _float(x)
    whole = np.trunc(a)
    inf = np.isinf(a)
    frac = np.where(inf, np.zeros_like(a), a) - np.where(inf, np.zeros_like(a), whole)
    frac = np.copysign(frac, a)
    return _out(np.asarray(frac)), _out(np.asarray(whole))


def _scaled(x, factor):
    a = _float(x)
    return a * np.asarray(factor).astype(a.dtype)


def deg2rad(x):
    return _scaled(x, math.pi / 180.0)


def rad2deg(x):
    return _scaled(x, 180.0 / math.pi)


def fix(x):
    return _out(np.asarray(np.trunc(np.asarray(x))))


def sinc(x):
    a = np.asarray(x)
    y = math.pi * np.where(a == 0, 1.0e-20, a)
    return np.sin(y) / y


def isscalar(element):
    if isinstance(element, np.ndarray):
        return False
    if isinstance(element, (str, bytes, numbers.Number)):
        return True
    return isinstance(element, _SCALARS)


_SCALARS = (np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16,
            np.uint32, np.uint64, np.float16, np.float32, np.float64, np.complex64,
            np.complex128)


def ndim(a):
    try:
        return a.ndim
    except AttributeError:
        return np.asarray(a).ndim


def shape(a):
    try:
        return a.shape
    except AttributeError:
        return np.asarray(a).shape


def size(a, axis=None):
    if axis is None:
        try:
            return a.size
        except AttributeError:
            return np.asarray(a).size
    try:
        return a.shape[axis]
    except AttributeError:
        return np.asarray(a).shape[axis]


def inner(a, b):
    a = np.asarray(a)
    b = np.asarray(b)
    if a.ndim == 0 or b.ndim == 0:
        return a * b
    if a.shape[-1] != b.shape[-1]:
        raise ValueError('shapes %s and %s not aligned: %d (dim %d) != %d (dim %d)' % (
            a.shape, b.shape, a.shape[-1], a.ndim - 1, b.shape[-1], b.ndim - 1))
    return _out(np.asarray(tensordot(a, b, (-1, -1))))


def vdot(a, b):
    a = np.asarray(a)
    b = np.asarray(b)
    if a.size != b.size:
        raise ValueError('cannot reshape array of size %d into shape (%d,)' % (b.size, a.size))
    if a.dtype.kind == 'c':
        a = a.conj()
    return np.dot(a.reshape(-1), b.reshape(-1))


def tensordot(a, b, axes=2):
    try:
        iter(axes)
    except Exception:
        axes_a = list(range(-axes, 0))
        axes_b = list(range(0, axes))
    else:
        axes_a, axes_b = axes
    try:
        na = len(axes_a)
        axes_a = list(axes_a)
    except TypeError:
        axes_a = [axes_a]
        na = 1
    try:
        nb = len(axes_b)
        axes_b = list(axes_b)
    except TypeError:
        axes_b = [axes_b]
        nb = 1
    a, b = np.asarray(a), np.asarray(b)
    as_ = a.shape
    nda = a.ndim
    bs = b.shape
    ndb = b.ndim
    equal = True
    if na != nb:
        equal = False
    else:
        for k in range(na):
            if as_[axes_a[k]] != bs[axes_b[k]]:
                equal = False
                break
            if axes_a[k] < 0:
                axes_a[k] += nda
            if axes_b[k] < 0:
                axes_b[k] += ndb
    if not equal:
        raise ValueError("shape-mismatch for sum")
    notin = [k for k in range(nda) if k not in axes_a]
    newaxes_a = notin + axes_a
    n2 = 1
    for axis in axes_a:
        n2 *= as_[axis]
    n1 = 1
    for ax in notin:
        n1 *= as_[ax]
    newshape_a = (n1, n2)
    olda = [as_[axis] for axis in notin]
    notin = [k for k in range(ndb) if k not in axes_b]
    newaxes_b = axes_b + notin
    n2 = 1
    for axis in axes_b:
        n2 *= bs[axis]
    n1 = 1
    for ax in notin:
        n1 *= bs[ax]
    newshape_b = (n2, n1)
    oldb = [bs[axis] for axis in notin]
    at = a.transpose(newaxes_a).reshape(newshape_a)
    bt = b.transpose(newaxes_b).reshape(newshape_b)
    res = np.dot(at, bt)
    return res.reshape(tuple(olda + oldb))


def kron(a, b):
    b = np.asarray(b)
    a = np.asarray(a)
    ndb, nda = b.ndim, a.ndim
    nd = max(ndb, nda)
    if nda == 0 or ndb == 0:
        return np.multiply(a, b)
    as_ = a.shape
    bs = b.shape
    if nda < nd:
        as_ = (1,) * (nd - nda) + as_
    if ndb < nd:
        bs = (1,) * (nd - ndb) + bs
    a_arr = a.reshape(as_)
    b_arr = b.reshape(bs)
    ia = []
    ib = []
    for k in range(nd):
        ia.append(as_[k])
        ia.append(1)
        ib.append(1)
        ib.append(bs[k])
    result = a_arr.reshape(tuple(ia)) * b_arr.reshape(tuple(ib))
    return result.reshape(tuple(as_[k] * bs[k] for k in range(nd)))


def _axis(axis, ndim, name):
    if axis < -ndim or axis >= ndim:
        raise np.AxisError('%s: axis %d is out of bounds for array of dimension %d' % (name, axis, ndim))
    return axis % ndim


def _last(a, axis):
    order = [k for k in range(a.ndim) if k != axis] + [axis]
    return a.transpose(order)


def cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    if axis is not None:
        axisa, axisb, axisc = (axis,) * 3
    a = np.asarray(a)
    b = np.asarray(b)
    a = _last(a, _axis(axisa, a.ndim, 'axisa'))
    b = _last(b, _axis(axisb, b.ndim, 'axisb'))
    msg = ("incompatible dimensions for cross product\n"
           "(dimension must be 2 or 3)")
    if a.shape[-1] not in (2, 3) or b.shape[-1] not in (2, 3):
        raise ValueError(msg)
    a0, a1 = a[..., 0], a[..., 1]
    b0, b1 = b[..., 0], b[..., 1]
    a2 = a[..., 2] if a.shape[-1] == 3 else None
    b2 = b[..., 2] if b.shape[-1] == 3 else None
    if a2 is None and b2 is None:
        return np.asarray(a0 * b1 - a1 * b0)
    if a2 is None:
        c = [a1 * b2, -(a0 * b2), a0 * b1 - a1 * b0]
    elif b2 is None:
        c = [-(a2 * b1), a2 * b0, a0 * b1 - a1 * b0]
    else:
        c = [a1 * b2 - a2 * b1, a2 * b0 - a0 * b2, a0 * b1 - a1 * b0]
    r = np.stack([np.asarray(v) for v in c], axis=-1)
    nd = r.ndim
    axisc = _axis(axisc, nd, 'axisc')
    order = list(range(nd - 1))
    order.insert(axisc, nd - 1)
    return r.transpose(order)


# Clenshaw's recurrence over the Chebyshev coefficients of Cephes' i0
# (|x| <= 8 and above), computed in x's float dtype as NumPy's i0 is.
_i0A = [
    -4.41534164647933937950E-18,
    3.33079451882223809783E-17,
    -2.43127984654795469359E-16,
    1.71539128555513303061E-15,
    -1.16853328779934516808E-14,
    7.67618549860493561688E-14,
    -4.85644678311192946090E-13,
    2.95505266312963983461E-12,
    -1.72682629144155570723E-11,
    9.67580903537323691224E-11,
    -5.18979560163526290666E-10,
    2.65982372468238665035E-9,
    -1.30002500998624804212E-8,
    6.04699502254191894932E-8,
    -2.67079385394061173391E-7,
    1.11738753912010371815E-6,
    -4.41673835845875056359E-6,
    1.64484480707288970893E-5,
    -5.75419501008210370398E-5,
    1.88502885095841655729E-4,
    -5.76375574538582365885E-4,
    1.63947561694133579842E-3,
    -4.32430999505057594430E-3,
    1.05464603945949983183E-2,
    -2.37374148058994688156E-2,
    4.93052842396707084878E-2,
    -9.49010970480476444210E-2,
    1.71620901522208775349E-1,
    -3.04682672343198398683E-1,
    6.76795274409476084995E-1
    ]

_i0B = [
    -7.23318048787475395456E-18,
    -4.83050448594418207126E-18,
    4.46562142029675999901E-17,
    3.46122286769746109310E-17,
    -2.82762398051658348494E-16,
    -3.42548561967721913462E-16,
    1.77256013305652638360E-15,
    3.81168066935262242075E-15,
    -9.55484669882830764870E-15,
    -4.15056934728722208663E-14,
    1.54008621752140982691E-14,
    3.85277838274214270114E-13,
    7.18012445138366623367E-13,
    -1.79417853150680611778E-12,
    -1.32158118404477131188E-11,
    -3.14991652796324136454E-11,
    1.18891471078464383424E-11,
    4.94060238822496958910E-10,
    3.39623202570838634515E-9,
    2.26666899049817806459E-8,
    2.04891858946906374183E-7,
    2.89137052083475648297E-6,
    6.88975834691682398426E-5,
    3.36911647825569408990E-3,
    8.04490411014108831608E-1
    ]


def _chbevl(x, vals):
    b0 = vals[0]
    b1 = 0.0
    b2 = 0.0
    for i in range(1, len(vals)):
        b2 = b1
        b1 = b0
        b0 = x * b1 - b2 + vals[i]
    return 0.5 * (b0 - b2)


def i0(x):
    x = np.asarray(x)
    if x.dtype.kind == 'c':
        raise TypeError("i0 not supported for complex values")
    if x.dtype.kind != 'f':
        x = x.astype(float)
    x = np.abs(x)
    out = np.zeros_like(x)
    small = x <= 8.0
    if out.ndim == 0:
        if small:
            out[...] = np.exp(x) * _chbevl(x / 2.0 - 2, _i0A)
        else:
            out[...] = np.exp(x) * _chbevl(32.0 / x - 2.0, _i0B) / np.sqrt(x)
        return out
    lo = x[small]
    hi = x[~small]
    out[small] = np.exp(lo) * _chbevl(lo / 2.0 - 2, _i0A)
    out[~small] = np.exp(hi) * _chbevl(32.0 / hi - 2.0, _i0B) / np.sqrt(hi)
    return out


# np.radians and np.degrees are NumPy's other names of these.
radians = deg2rad
degrees = rad2deg
