# NumPy 1.24's remaining everyday names, written in Python over kael's
# NumPy primitives: kael's own code, behaving as NumPy's (numpy/core
# ufuncs fabs, float_power, divmod, isnat; numpy/lib/function_base.py
# msort; type_check.py asfarray; index_tricks.py fill_diagonal;
# fromnumeric.py diagonal; compiled packbits/unpackbits; scimath.py as
# np.emath; the ndarray methods diagonal, trace, compress, choose,
# itemset, byteswap, tostring, getfield, setfield, newbyteorder; and
# numpy/linalg/linalg.py cond, multi_dot, tensorinv, tensorsolve).
import warnings

import numpy as np
from _numpy_npmath import _float as _float_loop  # NumPy's float loop for a dtype

_UNSUPPORTED = ("ufunc '%s' not supported for the input types, and the inputs could not "
                "be safely coerced to any supported types according to the casting rule ''safe''")


def _scalar(a):
    a = np.asarray(a)
    return a[()] if a.ndim == 0 else a


def _numeric(x, name, kinds='biuf'):
    a = np.asarray(x)
    if a.dtype.kind not in kinds:
        raise TypeError(_UNSUPPORTED % name)
    return a


def _put(r, out):
    if out is None:
        return _scalar(r)
    if isinstance(out, tuple):
        if len(out) != 1:
            raise ValueError("The 'out' tuple must have exactly one entry per ufunc output")
        out = out[0]
    out[...] = r
    return out


def fabs(x, out=None):
    a = _float_loop(_numeric(x, 'fabs'))
    return _put(np.abs(a), out)


def float_power(x1, x2, out=None):
    a = _numeric(x1, 'float_power', 'biufc')
    b = _numeric(x2, 'float_power', 'biufc')
    dt = np.complex128 if 'c' in (a.dtype.kind, b.dtype.kind) else np.float64
    with np.errstate(all='ignore'):
        r = np.power(a.astype(dt), b.astype(dt))
    return _put(r, out)


def divmod(x1, x2, out=None):
    _numeric(x1, 'divmod')
    _numeric(x2, 'divmod')
    with np.errstate(all='ignore'):
        q = np.floor_divide(x1, x2)
        r = np.remainder(x1, x2)
    if out is None:
        return q, r
    if not isinstance(out, tuple) or len(out) != 2:
        raise ValueError("The 'out' tuple must have exactly one entry per ufunc output")
    outs = []
    for o, v in zip(out, (q, r)):
        if o is None:
            outs.append(v)
        else:
            o[...] = v
            outs.append(o)
    return tuple(outs)


def isnat(x, out=None):
    # kael has no datetime64 or timedelta64 dtype: every input is what
    # NumPy refuses
    raise TypeError("ufunc 'isnat' is only defined for np.datetime64 and np.timedelta64.")


def msort(a):
    warnings.warn("msort is deprecated, use np.sort(a, axis=0) instead", DeprecationWarning, stacklevel=3)
    b = np.array(a, copy=True)
    b.sort(0)
    return b


def asfarray(a, dtype=None):
    if dtype is None:
        dtype = np.double
    if not np.issubdtype(dtype, np.inexact):
        dtype = np.float64
    a = np.asarray(a)
    if a.dtype.kind == 'c' and not np.issubdtype(dtype, np.complexfloating):
        warnings.warn("Casting complex values to real discards the imaginary part", np.ComplexWarning, stacklevel=3)
        a = a.real
    return np.asarray(a, dtype=dtype)


def _axis(axis, ndim, prefix=''):
    if not isinstance(axis, int):
        axis = int(axis)
    if axis < -ndim or axis >= ndim:
        raise np.AxisError("%saxis %d is out of bounds for array of dimension %d" % (prefix, axis, ndim))
    return axis % ndim


def diagonal(a, offset=0, axis1=0, axis2=1):
    a = np.asanyarray(a)
    if a.ndim < 2:
        raise ValueError("diag requires an array of at least two dimensions")
    a1 = _axis(axis1, a.ndim, "axis1: ")
    a2 = _axis(axis2, a.ndim, "axis2: ")
    if a1 == a2:
        raise ValueError("axis1 and axis2 cannot be the same")
    b = np.moveaxis(a, (a1, a2), (-2, -1))
    if offset >= 0:
        b = b[..., :, offset:]
    else:
        b = b[..., -offset:, :]
    n = min(b.shape[-2], b.shape[-1])
    shape = b.shape[:-2] + (n,)
    strides = b.strides[:-2] + (b.strides[-2] + b.strides[-1],)
    try:
        # a read-only view of a's diagonal, as NumPy 1.24's
        return np.lib.stride_tricks.as_strided(b, shape, strides, writeable=False)
    except NotImplementedError:
        # kael's as_strided takes no negative strides: a read-only copy
        i = np.arange(n)
        r = np.array(b[..., i, i])
        r.flags.writeable = False
        return r


def fill_diagonal(a, val, wrap=False):
    if a.ndim < 2:
        raise ValueError("array must be at least 2-d")
    end = a.size
    if a.ndim == 2:
        step = a.shape[1] + 1
        if not wrap:
            end = min(end, a.shape[1] * a.shape[1])
    else:
        if any(n != a.shape[0] for n in a.shape):
            raise ValueError("All dimensions of input must be of equal length")
        step = 1
        p = 1
        for n in a.shape[:-1]:
            p *= n
            step += p
    np.put(a, np.arange(0, end, step), val)


def _bitorder(bitorder):
    if bitorder not in ('big', 'little'):
        raise ValueError("'order' must be either 'little' or 'big'")
    w = [128, 64, 32, 16, 8, 4, 2, 1]
    return w if bitorder == 'big' else w[::-1]


def packbits(a, axis=None, bitorder='big'):
    a = np.asarray(a)
    if a.dtype.kind not in 'biu':
        raise TypeError("Expected an input array of integer or boolean data type")
    w = np.array(_bitorder(bitorder), dtype=np.uint8)
    if axis is None:
        a = a.ravel()
        axis = 0
    else:
        axis = _axis(axis, a.ndim)
    b = np.moveaxis(a != 0, axis, -1).astype(np.uint8)
    n = b.shape[-1]
    m = (n + 7) // 8
    if m * 8 != n:
        b = np.concatenate([b, np.zeros(b.shape[:-1] + (m * 8 - n,), dtype=np.uint8)], axis=-1)
    b = b.reshape(b.shape[:-1] + (m, 8))
    r = np.sum(b * w, axis=-1).astype(np.uint8)
    return np.ascontiguousarray(np.moveaxis(r, -1, axis))


def unpackbits(a, axis=None, count=None, bitorder='big'):
    a = np.asarray(a)
    if a.dtype != np.uint8:
        raise TypeError("Expected an input array of unsigned byte data type")
    shifts = np.array([7, 6, 5, 4, 3, 2, 1, 0], dtype=np.uint8)
    if bitorder != 'big':
        _bitorder(bitorder)
        shifts = shifts[::-1]
    if axis is None:
        a = a.ravel()
        axis = 0
    else:
        axis = _axis(axis, a.ndim)
    b = np.moveaxis(a, axis, -1)
    bits = np.right_shift(b[..., np.newaxis], shifts) & np.uint8(1)
    bits = bits.reshape(b.shape[:-1] + (b.shape[-1] * 8,))
    if count is not None:
        n = bits.shape[-1]
        count = int(count)
        if count < 0:
            if -count > n:
                raise ValueError("-count larger than number of elements")
            bits = bits[..., :n + count]
        elif count <= n:
            bits = bits[..., :count]
        else:
            bits = np.concatenate([bits, np.zeros(bits.shape[:-1] + (count - n,), dtype=np.uint8)], axis=-1)
    return np.ascontiguousarray(np.moveaxis(bits, -1, axis))


# np.emath (numpy.lib.scimath): real arguments outside a function's real
# domain computed in complex

def _tocomplex(x):
    if x.dtype in (np.float32, np.int8, np.int16, np.uint8, np.uint16, np.complex64):
        return x.astype(np.complex64)
    return x.astype(np.complex128)


def _fix_real_lt_zero(x):
    x = np.asarray(x)
    if np.any(np.isreal(x) & (x < 0)):
        x = _tocomplex(x)
    return x


def _fix_int_lt_zero(x):
    x = np.asarray(x)
    if np.any(np.isreal(x) & (x < 0)):
        x = x * 1.0
    return x


def _fix_real_abs_gt_1(x):
    x = np.asarray(x)
    if np.any(np.isreal(x) & (abs(x) > 1)):
        x = _tocomplex(x)
    return x


def emath_sqrt(x):
    return np.sqrt(_fix_real_lt_zero(x))


def emath_log(x):
    return np.log(_fix_real_lt_zero(x))


def _complex_log(x, scale):
    # NumPy's complex log10 and log2: the natural log times log10(e) or
    # log2(e)
    x = _fix_real_lt_zero(x)
    if x.dtype.kind != 'c':
        return None, x
    return _scalar(np.asarray(np.log(x) * scale).astype(x.dtype)), x


def emath_log10(x):
    r, x = _complex_log(x, 0.4342944819032518)
    return np.log10(x) if r is None else r


def emath_log2(x):
    r, x = _complex_log(x, 1.4426950408889634)
    return np.log2(x) if r is None else r


def emath_logn(n, x):
    x = _fix_real_lt_zero(x)
    n = _fix_real_lt_zero(n)
    return np.log(x) / np.log(n)


def emath_power(x, p):
    return np.power(_fix_real_lt_zero(x), _fix_int_lt_zero(p))


def _complex_of(re, im, like):
    # complex numbers from their parts, signed zeros kept
    z = np.array([complex(a, b) for a, b in zip(re.ravel().tolist(), im.ravel().tolist())],
                 dtype=np.complex128).reshape(like.shape)
    return _scalar(z.astype(like.dtype))


def _inverse(name, z):
    # the inverse sine, cosine or hyperbolic tangent of the complex array
    # z: C99's casin, cacos and catanh on the real axis (where np.emath
    # puts real input), in closed form as glibc computes them; elsewhere
    # their logarithmic formulas
    try:
        return getattr(np, name)(z)
    except (ValueError, TypeError, NotImplementedError):
        pass
    re = np.asarray(z.real, dtype=np.float64)
    im = np.asarray(z.imag, dtype=np.float64)
    with np.errstate(all='ignore'):
        if np.all(im == 0) and not np.any(np.signbit(im)):
            a = np.abs(re)
            inside = a <= 1
            c = np.clip(re, -1, 1)
            h = np.arccosh(np.maximum(a, 1))
            if name == 'arcsin':
                return _complex_of(np.where(inside, np.arcsin(c), np.copysign(np.pi / 2, re)),
                                   np.where(inside, 0.0, h), z)
            if name == 'arccos':
                return _complex_of(np.where(inside, np.arccos(c), np.where(re > 0, 0.0, np.pi)),
                                   np.where(inside, -0.0, -h), z)
            num = (1 + re) * (1 + re)
            den = (1 - re) * (1 - re)
            f = num / den
            return _complex_of(np.where(f < 0.5, 0.25 * np.log(f), 0.25 * np.log1p(4 * re / den)),
                               0.5 * np.arctan2(0.0, (1 - a) * (1 + a)), z)
        w = z.astype(np.complex128)
        if name == 'arctanh':
            r = 0.5 * np.log((1 + w) / (1 - w))
        else:
            r = -1j * np.log(1j * w + np.sqrt(1 - w * w))
            if name == 'arccos':
                r = np.pi / 2 - r
    return _scalar(np.asarray(r).astype(z.dtype))


def emath_arccos(x):
    x = _fix_real_abs_gt_1(x)
    return np.arccos(x) if x.dtype.kind != 'c' else _inverse('arccos', x)


def emath_arcsin(x):
    x = _fix_real_abs_gt_1(x)
    return np.arcsin(x) if x.dtype.kind != 'c' else _inverse('arcsin', x)


def emath_arctanh(x):
    x = _fix_real_abs_gt_1(x)
    return np.arctanh(x) if x.dtype.kind != 'c' else _inverse('arctanh', x)


# ndarray methods

def trace(self, offset=0, axis1=0, axis2=1, dtype=None, out=None):
    return np.trace(self, offset, axis1, axis2, dtype, out)


def compress(self, condition, axis=None, out=None):
    return np.compress(condition, self, axis, out)


def choose(self, choices, out=None, mode='raise'):
    return np.choose(self, choices, out=out, mode=mode)


def itemset(self, *args):
    if not args:
        raise ValueError("itemset must have at least one argument")
    value = args[-1]
    index = args[:-1]
    if not index:
        if self.size != 1:
            raise ValueError("can only convert an array of size 1 to a Python scalar")
        self[(0,) * self.ndim] = value
        return None
    if len(index) == 1 and isinstance(index[0], tuple):
        index = index[0]
    if len(index) == 1 and self.ndim != 1:
        i = int(index[0])
        n = self.size
        if i < -n or i >= n:
            raise IndexError("index %d is out of bounds for size %d" % (i, n))
        index = np.unravel_index(i % n, self.shape)
        index = tuple(int(k) for k in index)
    self[tuple(index)] = value
    return None


def _unit(dt):
    # the bytes byteswap reverses: each part of a complex number apart
    return dt.itemsize // 2 if dt.kind == 'c' else dt.itemsize


def _bytes_of(a):
    # a's elements in C order, one row of bytes each
    return np.frombuffer(a.tobytes(), dtype=np.uint8).reshape(a.size, a.dtype.itemsize)


def _from_bytes(raw, dtype, shape):
    return np.frombuffer(np.ascontiguousarray(raw).tobytes(), dtype=dtype).reshape(shape).copy()


def byteswap(self, inplace=False):
    dt = self.dtype
    unit = _unit(dt)
    if unit <= 1 or self.size == 0:
        r = self.copy()
    else:
        raw = _bytes_of(self).reshape(-1, unit)[:, ::-1]
        r = _from_bytes(raw, dt, self.shape)
    if inplace:
        self[...] = r
        return self
    return r


def tostring(self, order='C'):
    warnings.warn("tostring() is deprecated. Use tobytes() instead.", DeprecationWarning, stacklevel=3)
    return self.tobytes(order)


def _field(self, dtype, offset):
    dt = np.dtype(dtype)
    offset = int(offset)
    if offset < 0:
        raise ValueError("offset is negative")
    if offset + dt.itemsize > self.dtype.itemsize:
        raise ValueError("new type plus offset is larger than original type")
    return dt, offset


def getfield(self, dtype, offset=0):
    dt, offset = _field(self, dtype, offset)
    raw = _bytes_of(self)[:, offset:offset + dt.itemsize]
    return _from_bytes(raw, dt, self.shape)


def setfield(self, val, dtype, offset=0):
    dt, offset = _field(self, dtype, offset)
    raw = _bytes_of(self).copy()
    v = np.ascontiguousarray(np.broadcast_to(np.asarray(val).astype(dt), self.shape))
    raw[:, offset:offset + dt.itemsize] = _bytes_of(v)
    self[...] = _from_bytes(raw, self.dtype, self.shape)
    return None


_NATIVE = ('<', 'L', 'l', 'little', 'Little', '=', 'N', 'n', 'native', 'Native', 'I', 'i', '|')
_SWAP = ('S', 's', 'swap', 'Swap', '>', 'B', 'b', 'big', 'Big')


def newbyteorder(self, new_order='S'):
    if new_order not in _NATIVE and new_order not in _SWAP:
        raise ValueError("byteorder not recognized (got %r)" % (new_order,))
    if new_order in _NATIVE or self.dtype.itemsize == 1 or self.dtype.kind == 'b':
        return self.view()
    raise NotImplementedError(
        "kael's dtypes are little-endian only: a.newbyteorder(%r) would be a view of "
        "%s as big-endian, which kael cannot make; a.byteswap() gives the swapped values "
        "in a new little-endian array" % (new_order, self.dtype))


def dumps(self):
    raise NotImplementedError(
        "kael cannot pickle NumPy arrays (ndarray.dumps, ndarray.dump, pickle.dumps(a)): "
        "np.save and np.load write and read NumPy's .npy format, and a.tobytes() with "
        "np.frombuffer keep the raw elements")


def dump(self, file):
    dumps(self)


# numpy.linalg

def _assert_stacked_2d(*arrays):
    for a in arrays:
        if a.ndim < 2:
            raise np.linalg.LinAlgError('%d-dimensional array given. Array must be '
                                        'at least two-dimensional' % a.ndim)


def _assert_stacked_square(*arrays):
    for a in arrays:
        m, n = a.shape[-2:]
        if m != n:
            raise np.linalg.LinAlgError('Last 2 dimensions of the array must be square')


def _inv_or_nan(x):
    # the inverse of each matrix of x, NaN where it is singular (NumPy's
    # inverse gufunc under errstate(all='ignore'))
    try:
        return np.linalg.inv(x)
    except np.linalg.LinAlgError:
        pass
    n = x.shape[-1]
    flat = x.reshape((-1, n, n))
    out = np.empty(flat.shape, dtype=np.result_type(x.dtype, np.float64) if x.dtype.kind != 'c' else x.dtype)
    for i in range(flat.shape[0]):
        try:
            out[i] = np.linalg.inv(flat[i])
        except np.linalg.LinAlgError:
            out[i] = np.nan
    return out.reshape(x.shape)


def _matrix_norms(x, p):
    # np.linalg.norm(x, p, axis=(-2, -1)), one matrix at a time
    if x.ndim == 2:
        return np.linalg.norm(x, p)
    n = x.shape[-1]
    flat = x.reshape((-1, x.shape[-2], n))
    return np.array([np.linalg.norm(m, p) for m in flat]).reshape(x.shape[:-2])


def cond(x, p=None):
    x = np.asarray(x)
    if x.ndim >= 2 and x.size == 0 and x.shape[-1] * x.shape[-2] == 0:
        raise np.linalg.LinAlgError("cond is not defined on empty arrays")
    if p is None or p == 2 or p == -2:
        s = np.linalg.svd(x, compute_uv=False)
        with np.errstate(all='ignore'):
            if p == -2:
                r = s[..., -1] / s[..., 0]
            else:
                r = s[..., 0] / s[..., -1]
    else:
        _assert_stacked_2d(x)
        _assert_stacked_square(x)
        if isinstance(p, str) and p not in ('fro', 'nuc'):
            raise ValueError("Invalid norm order for matrices.")
        if not isinstance(p, str) and p not in (1, -1, np.inf, -np.inf):
            raise ValueError("Invalid norm order for matrices.")
        rt = np.complex128 if x.dtype.kind == 'c' else np.float64
        if x.dtype in (np.float32, np.complex64):
            rt = x.dtype
        with np.errstate(all='ignore'):
            invx = _inv_or_nan(x.astype(np.complex128 if x.dtype.kind == 'c' else np.float64))
            r = _matrix_norms(x, p) * _matrix_norms(invx, p)
        r = np.asarray(r).astype(np.float32 if rt in (np.float32, np.complex64) else np.float64)
    r = np.asarray(r)
    nan_mask = np.isnan(r)
    if nan_mask.any():
        nan_mask &= ~np.isnan(x).any(axis=(-2, -1))
        if r.ndim > 0:
            r[nan_mask] = np.inf
        elif nan_mask:
            r = np.asarray(np.inf, dtype=r.dtype)
    if r.ndim == 0:
        r = r[()]
    return r


def _dot_into(a, b, out):
    r = np.dot(a, b)
    if out is None:
        return r
    out[...] = r
    return out


def _multi_dot_three(A, B, C, out=None):
    a0, a1b0 = A.shape
    b1c0, c1 = C.shape
    cost1 = a0 * b1c0 * (a1b0 + c1)
    cost2 = a1b0 * c1 * (a0 + b1c0)
    if cost1 < cost2:
        return _dot_into(np.dot(A, B), C, out)
    return _dot_into(A, np.dot(B, C), out)


def _multi_dot_matrix_chain_order(arrays):
    # the cheapest order of the products, by Cormen's dynamic programming
    # as NumPy's _multi_dot_matrix_chain_order computes it
    n = len(arrays)
    p = [a.shape[0] for a in arrays] + [arrays[-1].shape[1]]
    m = [[0.0] * n for _ in range(n)]
    s = [[0] * n for _ in range(n)]
    for l in range(1, n):
        for i in range(n - l):
            j = i + l
            m[i][j] = float('inf')
            for k in range(i, j):
                q = m[i][k] + m[k + 1][j] + p[i] * p[k + 1] * p[j + 1]
                if q < m[i][j]:
                    m[i][j] = q
                    s[i][j] = k
    return s


def _multi_dot(arrays, order, i, j, out=None):
    if i == j:
        return arrays[i]
    return _dot_into(_multi_dot(arrays, order, i, order[i][j]),
                     _multi_dot(arrays, order, order[i][j] + 1, j), out)


def multi_dot(arrays, *, out=None):
    arrays = list(arrays)
    n = len(arrays)
    if n < 2:
        raise ValueError("Expecting at least two arrays.")
    if n == 2:
        return _dot_into(arrays[0], arrays[1], out)
    arrays = [np.asanyarray(a) for a in arrays]
    ndim_first, ndim_last = arrays[0].ndim, arrays[-1].ndim
    if arrays[0].ndim == 1:
        arrays[0] = np.atleast_2d(arrays[0])
    if arrays[-1].ndim == 1:
        arrays[-1] = np.atleast_2d(arrays[-1]).T
    for a in arrays:
        if a.ndim != 2:
            raise np.linalg.LinAlgError('%d-dimensional array given. Array must be '
                                        'two-dimensional' % a.ndim)
    if n == 3:
        result = _multi_dot_three(arrays[0], arrays[1], arrays[2], out=out)
    else:
        order = _multi_dot_matrix_chain_order(arrays)
        result = _multi_dot(arrays, order, 0, n - 1, out=out)
    if ndim_first == 1 and ndim_last == 1:
        return result[0, 0]
    if ndim_first == 1 or ndim_last == 1:
        return result.ravel()
    return result


def tensorinv(a, ind=2):
    a = np.asarray(a)
    oldshape = a.shape
    prod = 1
    if ind > 0:
        invshape = oldshape[ind:] + oldshape[:ind]
        for k in oldshape[ind:]:
            prod *= k
    else:
        raise ValueError("Invalid ind argument.")
    a = a.reshape(prod, -1)
    ia = np.linalg.inv(a)
    return ia.reshape(*invshape)


def tensorsolve(a, b, axes=None):
    a = np.asarray(a)
    b = np.asarray(b)
    an = a.ndim
    if axes is not None:
        allaxes = list(range(0, an))
        for k in axes:
            allaxes.remove(k)
            allaxes.insert(an, k)
        a = a.transpose(allaxes)
    oldshape = a.shape[-(an - b.ndim):]
    prod = 1
    for k in oldshape:
        prod *= k
    if a.size != prod ** 2:
        raise np.linalg.LinAlgError(
            "Input arrays must satisfy the requirement "
            "            prod(a.shape[b.ndim:]) == prod(a.shape[:b.ndim])")
    a = a.reshape(prod, prod)
    b = b.ravel()
    res = np.linalg.solve(a, b)
    return res.reshape(oldshape)


# np.info, np.source, np.lookfor and np.test: NumPy's help functions over
# kael's docs (kael's functions are Go or its own Python, not NumPy's
# source or docstrings)

def _sig(obj):
    name = getattr(obj, '__name__', None) or type(obj).__name__
    try:
        import inspect
        return name + str(inspect.signature(obj))
    except Exception:
        return name + '(...)'


def info(object=None, maxwidth=76, output=None, toplevel='numpy'):
    import sys
    out = sys.stdout if output is None else output
    if object is None:
        object = info
    if isinstance(object, np.ndarray):
        a = object
        print("class: ", type(a).__name__, file=out)
        print("shape: ", a.shape, file=out)
        print("strides: ", a.strides, file=out)
        print("itemsize: ", a.itemsize, file=out)
        print("aligned: ", a.flags.aligned, file=out)
        print("contiguous: ", a.flags.c_contiguous, file=out)
        print("fortran: ", a.flags.f_contiguous, file=out)
        print("data pointer: (kael's arrays give no address)", file=out)
        print("byteorder: ", "little", file=out)
        print("byteswap: ", False, file=out)
        print("type: %s" % (a.dtype,), file=out)
        return None
    if isinstance(object, str):
        hits = [n for n in dir(np) if n == object]
        if not hits:
            print("Help for %s not found." % object, file=out)
            return None
        object = getattr(np, object)
    doc = getattr(object, '__doc__', None) or ''
    name = getattr(object, '__name__', None)
    if callable(object) and not (name and doc.startswith(name + '(')):
        print(" " + _sig(object) + "\n", file=out)
    print(doc, file=out)
    return None


def source(object, output=None):
    import sys
    out = sys.stdout if output is None else output
    print("Not available for this object.", file=out)
    return None


def lookfor(what, module=None, import_modules=True, regenerate=False, output=None):
    words = str(what).lower().split()
    found = []
    spaces = [('numpy', np), ('numpy.linalg', np.linalg), ('numpy.fft', np.fft), ('numpy.random', np.random)]
    for prefix, mod in spaces:
        for name in dir(mod):
            if name.startswith('_'):
                continue
            obj = getattr(mod, name, None)
            doc = getattr(obj, '__doc__', None)
            if not callable(obj) or not isinstance(doc, str):
                continue
            text = (name + ' ' + doc).lower()
            if all(w in text for w in words):
                first = [ln for ln in doc.split('\n') if ln.strip()]
                found.append((prefix + '.' + name, first[-1].strip() if first else ''))
    header = "Search results for '%s'" % what
    lines = [header, "-" * len(header)]
    for name, line in found:
        lines.append("%s\n    %s" % (name, line))
    if not found:
        lines.append("Nothing found.")
    if output is None:
        print("\n".join(lines))
    else:
        output.write("\n".join(lines))
    return None


def test(label='fast', verbose=1, extra_argv=None, doctests=False, coverage=False, durations=-1, tests=None):
    raise NotImplementedError(
        "kael's NumPy has no test suite to run: NumPy's tests are pytest files over NumPy's "
        "C core; kael's are Go tests that compare it with NumPy (go test ./lang/lib/numpy)")


# np.core's helpers that libraries import (numpy/core/multiarray's
# normalize_axis_index, numpy/core/numeric.py's normalize_axis_tuple)

def normalize_axis_index(axis, ndim, msg_prefix=None):
    import operator
    axis = operator.index(axis)
    if axis < -ndim or axis >= ndim:
        prefix = '' if msg_prefix is None else '%s: ' % msg_prefix
        raise np.AxisError("%saxis %d is out of bounds for array of dimension %d" % (prefix, axis, ndim))
    return axis % ndim


def normalize_axis_tuple(axis, ndim, argname=None, allow_duplicate=False):
    import operator
    if type(axis) not in (tuple, list):
        try:
            axis = [operator.index(axis)]
        except TypeError:
            pass
    axis = tuple([normalize_axis_index(ax, ndim, argname) for ax in axis])
    if not allow_duplicate and len(set(axis)) != len(axis):
        if argname:
            raise ValueError('repeated axis in `{}` argument'.format(argname))
        raise ValueError('repeated axis')
    return axis
