# np.asanyarray, np.asfortranarray, np.require, np.fromstring,
# np.min_scalar_type, np.binary_repr and np.base_repr, written in Python
# over kael's NumPy: kael's own code, behaving as NumPy 1.24's
# numpy/core/_asarray.py, numeric.py and numerictypes.py.
import operator
import re
import warnings

import numpy as np


def _check_order(order):
    if order is not None and order not in ('C', 'F', 'A', 'K'):
        raise ValueError("order must be one of 'C', 'F', 'A', or 'K' (got %r)" % (order,))


def _array(a, dtype=None, order=None, subok=True, ndmin=0):
    # np.array(a, dtype, copy=False, order=order, subok=subok, ndmin=ndmin):
    # a itself when it needs no change, else the fewest copies that give it
    _check_order(order)
    if isinstance(a, np.ndarray):
        arr = a if subok or type(a) is np.ndarray else a.view(np.ndarray)
        if dtype is not None:
            arr = arr.astype(dtype, copy=False)
    else:
        arr = np.asarray(a, dtype)
    if order == 'C' and not arr.flags.c_contiguous:
        arr = arr.copy('C')
    elif order == 'F' and not arr.flags.f_contiguous:
        arr = arr.copy('F')
    if arr.ndim < ndmin:
        arr = arr.reshape((1,) * (ndmin - arr.ndim) + arr.shape)
    return arr


def asanyarray(a, dtype=None, order=None, *, like=None):
    return _array(a, dtype, order)


def asfortranarray(a, dtype=None, *, like=None):
    return _array(a, dtype, 'F', subok=False, ndmin=1)


_POSSIBLE_FLAGS = {
    'C': 'C', 'C_CONTIGUOUS': 'C', 'CONTIGUOUS': 'C',
    'F': 'F', 'F_CONTIGUOUS': 'F', 'FORTRAN': 'F',
    'A': 'A', 'ALIGNED': 'A',
    'W': 'W', 'WRITEABLE': 'W',
    'O': 'O', 'OWNDATA': 'O',
    'E': 'E', 'ENSUREARRAY': 'E',
}


def require(a, dtype=None, requirements=None, *, like=None):
    if not requirements:
        return asanyarray(a, dtype=dtype)
    requirements = {_POSSIBLE_FLAGS[x.upper()] for x in requirements}
    subok = 'E' not in requirements
    requirements.discard('E')
    order = 'A'
    if requirements >= {'C', 'F'}:
        raise ValueError('Cannot specify both "C" and "F" order')
    elif 'F' in requirements:
        order = 'F'
        requirements.remove('F')
    elif 'C' in requirements:
        order = 'C'
        requirements.remove('C')
    arr = _array(a, dtype, order, subok=subok)
    for prop in sorted(requirements):
        if not arr.flags[prop]:
            return arr.copy(order)
    return arr


_UNMATCHED = ('string or file could not be read to its end due to unmatched data; '
              'this will raise a ValueError in the future.')

# a number at the start of the text, as C's strtod and strtol read one
_FLOAT = re.compile(r'[+-]?(?:inf(?:inity)?|nan(?:\([0-9a-z_]*\))?|(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)', re.I)
_INT = re.compile(r'[+-]?\d+')


def _separator(sep):
    # NumPy's separator: whitespace in it matches any run of whitespace
    # (none too), around it too
    parts = [r'\s*' if c.isspace() else re.escape(c) for c in sep]
    return re.compile(r'\s*' + ''.join(parts) + r'\s*')


def fromstring(string, dtype=float, count=-1, *, sep='', like=None):
    dt = np.dtype(dtype)
    count = operator.index(count)
    if sep == '':
        warnings.warn('The binary mode of fromstring is deprecated, as it behaves surprisingly '
                      'on unicode inputs. Use frombuffer instead', DeprecationWarning, stacklevel=2)
        data = string.encode() if isinstance(string, str) else bytes(string)
        if count < 0 and len(data) % dt.itemsize:
            raise ValueError('string size must be a multiple of element size')
        if count >= 0 and count * dt.itemsize > len(data):
            raise ValueError('string is smaller than requested size')
        return np.frombuffer(data, dt, count).copy()
    if isinstance(string, bytes):
        string = string.decode('latin-1')
    number = _INT if dt.kind in 'biu' else _FLOAT
    separator = _separator(sep)
    values = []
    pos = len(string) - len(string.lstrip())
    while pos < len(string) and (count < 0 or len(values) < count):
        m = number.match(string, pos)
        if m is None:
            warnings.warn(_UNMATCHED, DeprecationWarning, stacklevel=2)
            break
        text = m.group()
        values.append(int(text) if dt.kind in 'biu' else float(text))
        pos = m.end()
        if string[pos:].strip() == '':
            break
        s = separator.match(string, pos)
        if s is None:
            warnings.warn(_UNMATCHED, DeprecationWarning, stacklevel=2)
            break
        pos = s.end()
    if count >= 0 and len(values) < count:
        raise ValueError('string is smaller than requested size')
    if dt.kind == 'b':
        values = [v != 0 for v in values]
    return np.array(values, dtype=dt)


def _min_int_type(v):
    if v >= 0:
        for t in (np.uint8, np.uint16, np.uint32, np.uint64):
            if v <= np.iinfo(t).max:
                return np.dtype(t)
    else:
        for t in (np.int8, np.int16, np.int32, np.int64):
            if v >= np.iinfo(t).min:
                return np.dtype(t)
    raise TypeError("kael's NumPy has no object dtype: %d fits no integer dtype" % v)


def _min_float_type(v, dt):
    # NumPy's thresholds: float16 under 65000 in magnitude (or not
    # finite), float32 under 3.4e38
    if dt.itemsize > 2 and (not np.isfinite(v) or -65000 < v < 65000):
        return np.dtype(np.float16)
    if dt.itemsize > 4 and -3.4e38 < v < 3.4e38:
        return np.dtype(np.float32)
    return dt


def min_scalar_type(a):
    if isinstance(a, bool):
        return np.dtype(np.bool_)
    if isinstance(a, int):
        return _min_int_type(a)
    arr = np.asarray(a)
    dt = arr.dtype
    if arr.ndim > 0 or dt.kind == 'b':
        return dt
    v = arr.item()
    if dt.kind in 'iu':
        return _min_int_type(v)
    if dt.kind == 'f':
        return _min_float_type(v, dt)
    # complex: complex64 when both parts are finite within float32's range
    if dt.itemsize > 8 and all(-3.4e38 < p < 3.4e38 for p in (v.real, v.imag)):
        return np.dtype(np.complex64)
    return dt


def _warn_if_insufficient(width, binwidth):
    if width is not None and width < binwidth:
        warnings.warn('Insufficient bit width provided. This behavior will raise an error in the future.',
                      DeprecationWarning, stacklevel=3)


def binary_repr(num, width=None):
    num = operator.index(num)
    if num == 0:
        return '0' * (width or 1)
    if num > 0:
        binary = bin(num)[2:]
        outwidth = len(binary) if width is None else max(len(binary), width)
        _warn_if_insufficient(width, len(binary))
        return binary.zfill(outwidth)
    if width is None:
        return '-' + bin(-num)[2:]
    poswidth = len(bin(-num)[2:])
    if 2 ** (poswidth - 1) == -num:
        poswidth -= 1  # -2**k needs k+1 bits, not k+2
    binary = bin(2 ** (poswidth + 1) + num)[2:]
    outwidth = max(len(binary), width)
    _warn_if_insufficient(width, len(binary))
    return '1' * (outwidth - len(binary)) + binary


def base_repr(number, base=2, padding=0):
    digits = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'
    if base > len(digits):
        raise ValueError('Bases greater than 36 not handled in base_repr.')
    if base < 2:
        raise ValueError('Bases less than 2 not handled in base_repr.')
    num = abs(number)
    res = []
    while num:
        res.append(digits[num % base])
        num //= base
    if padding:
        res.append('0' * padding)
    if number < 0:
        res.append('-')
    return ''.join(reversed(res or '0'))
