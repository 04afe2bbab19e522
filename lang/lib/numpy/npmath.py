# NumPy's element-wise math helpers and small linear-algebra products,
# written in Python over kael's NumPy primitives: kael's own code,
# behaving as NumPy 1.24's (numpy/lib/type_check.py nan_to_num,
# ufunclike.py fix, function_base.py sinc, numpy/core/numeric.py
# tensordot, cross, isscalar, fromnumeric.py ndim, shape, size,
# shape_base.py kron, and the ufuncs modf, deg2rad, rad2deg).
import math

import numpy as np


def _float(a):
    a = np.asarray(a)
    if a.dtype.kind in 'biu':
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
    frac = np.where(np.isinf(a), np.zeros_like(a), a - whole)
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
    a = _float(x)
    y = math.pi * np.where(a == 0, 1.0e-20, a)
    return np.sin(y) / y


def isscalar(element):
    if isinstance(element, np.ndarray):
        return False
    if isinstance(element, (bool, int, float, complex, str, bytes)):
        return True
    return type(element).__module__ == 'numpy' and hasattr(element, 'dtype')


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
    return tensordot(a, b, (-1, -1))


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
        return a0 * b1 - a1 * b0
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
