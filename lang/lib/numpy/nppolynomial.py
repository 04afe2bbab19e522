# numpy.polynomial.polynomial: power series with coefficients lowest
# degree first (polyval, polyfit, polyder, polyint, polyadd, polysub,
# polymul, polydiv, polypow, polyroots, polyvander, polyline,
# polyfromroots, polycompanion) and the Polynomial class, written in
# Python over kael's NumPy: kael's own code, behaving as NumPy 1.24's
# numpy/polynomial/polynomial.py, polyutils.py and _polybase.py.
import numbers
import operator
import warnings

import numpy as np

polydomain = np.array([-1, 1])
polyzero = np.array([0])
polyone = np.array([1])
polyx = np.array([0, 1])


# The design matrix of a least-squares fit is rank deficient
RankWarning = np.RankWarning


# -- series helpers (NumPy's polyutils) --

def _trimseq(seq):
    # drop trailing zeros, keeping the first coefficient
    n = len(seq)
    while n > 1 and seq[n - 1] == 0:
        n -= 1
    return seq[:n]


def _common_type(arrays):
    # np.common_type: integers count as float64
    bits, cplx = 0, False
    for a in arrays:
        kind = a.dtype.kind
        if kind in 'iu':
            bits = max(bits, 64)
        elif kind == 'f':
            bits = max(bits, a.dtype.itemsize * 8)
        elif kind == 'c':
            bits, cplx = max(bits, a.dtype.itemsize * 4), True
        else:
            raise ValueError('Coefficient arrays have no common type')
    if cplx:
        return np.complex64 if bits <= 32 else np.complex128
    return {16: np.float16, 32: np.float32}.get(bits, np.float64)


def _as_series(alist, trim=True):
    arrays = [np.array(a, ndmin=1) for a in alist]
    if min(a.size for a in arrays) == 0:
        raise ValueError('Coefficient array is empty')
    if any(a.ndim != 1 for a in arrays):
        raise ValueError('Coefficient array is not 1-d')
    if trim:
        arrays = [_trimseq(a) for a in arrays]
    dtype = _common_type(arrays)
    return [np.array(a, dtype=dtype) for a in arrays]


def _mapparms(old, new):
    # off, scl of the linear map taking the interval old onto new
    oldlen = old[1] - old[0]
    newlen = new[1] - new[0]
    off = (old[1] * new[0] - old[0] * new[1]) / oldlen
    scl = newlen / oldlen
    return off, scl


def _mapdomain(x, old, new):
    x = np.asanyarray(x)
    off, scl = _mapparms(old, new)
    return off + scl * x


def _getdomain(x):
    [x] = _as_series([x], trim=False)
    if x.dtype.kind == 'c':
        rmin, rmax = x.real.min(), x.real.max()
        imin, imax = x.imag.min(), x.imag.max()
        return np.array((complex(rmin, imin), complex(rmax, imax)))
    return np.array((x.min(), x.max()))


def _as_float(c):
    # NumPy computes integer and bool coefficients in float64
    c = np.array(c, ndmin=1)
    if c.dtype.kind in 'biu':
        c = c + 0.0
    return c


def _as_int(x, desc):
    # operator.index, but an integral float passes with NumPy's
    # DeprecationWarning
    try:
        return operator.index(x)
    except TypeError as e:
        try:
            ix = int(x)
        except TypeError:
            pass
        else:
            if ix == x:
                warnings.warn('In future, this will raise TypeError, as %s will need to be an integer '
                              'not just an integral float.' % desc, DeprecationWarning, stacklevel=3)
                return ix
        raise TypeError('%s must be an integer' % desc) from e


def _count(m, what):
    cnt = _as_int(m, 'the order of ' + what)
    if cnt < 0:
        raise ValueError('The order of %s must be non-negative' % what)
    return cnt


def _axis(axis, ndim):
    iaxis = _as_int(axis, 'the axis')
    if not -ndim <= iaxis < ndim:
        raise np.AxisError('axis %d is out of bounds for array of dimension %d' % (iaxis, ndim))
    return iaxis % ndim


# -- the functions of numpy.polynomial.polynomial --

def polyline(off, scl):
    if scl != 0:
        return np.array([off, scl])
    return np.array([off])


def polyfromroots(roots):
    if len(roots) == 0:
        return np.ones(1)
    [roots] = _as_series([roots], trim=False)
    roots = np.sort(roots)
    # multiply the factors (x - r) pairwise, as NumPy does, so that the
    # products round as NumPy's
    p = [polyline(-r, 1) for r in roots]
    n = len(p)
    while n > 1:
        m, r = divmod(n, 2)
        tmp = [polymul(p[i], p[i + m]) for i in range(m)]
        if r:
            tmp[0] = polymul(tmp[0], p[-1])
        p = tmp
        n = m
    return p[0]


def polyadd(c1, c2):
    [c1, c2] = _as_series([c1, c2])
    if len(c1) < len(c2):
        c1, c2 = c2, c1
    out = c1.copy()
    out[:len(c2)] += c2
    return _trimseq(out)


def polysub(c1, c2):
    [c1, c2] = _as_series([c1, c2])
    if len(c1) >= len(c2):
        out = c1.copy()
        out[:len(c2)] -= c2
    else:
        out = -c2
        out[:len(c1)] += c1
    return _trimseq(out)


def polymulx(c):
    [c] = _as_series([c])
    if len(c) == 1 and c[0] == 0:
        return c
    out = np.zeros(len(c) + 1, dtype=c.dtype)
    out[1:] = c
    return out


def polymul(c1, c2):
    [c1, c2] = _as_series([c1, c2])
    return _trimseq(np.convolve(c1, c2))


def polydiv(c1, c2):
    [c1, c2] = _as_series([c1, c2])
    if c2[-1] == 0:
        raise ZeroDivisionError()
    n1, n2 = len(c1), len(c2)
    if n1 < n2:
        return c1[:1] * 0, c1
    if n2 == 1:
        return c1 / c2[-1], c1[:1] * 0
    lead = c2[-1]
    c2 = c2[:-1] / lead
    # long division from the top coefficient down, in place in c1
    i, j = n1 - n2, n1 - 1
    while i >= 0:
        c1[i:j] -= c2 * c1[j]
        i -= 1
        j -= 1
    return c1[j + 1:] / lead, _trimseq(c1[:j + 1])


def polypow(c, pow, maxpower=None):
    [c] = _as_series([c])
    power = int(pow)
    if power != pow or power < 0:
        raise ValueError('Power must be a non-negative integer.')
    if maxpower is not None and power > maxpower:
        raise ValueError('Power is too large')
    if power == 0:
        return np.array([1], dtype=c.dtype)
    out = c
    for _ in range(power - 1):
        out = np.convolve(out, c)
    return out


def polyder(c, m=1, scl=1, axis=0):
    c = _as_float(c).copy()
    cdt = c.dtype
    cnt = _count(m, 'derivation')
    iaxis = _axis(axis, c.ndim)
    if cnt == 0:
        return c
    c = np.moveaxis(c, iaxis, 0)
    n = len(c)
    if cnt >= n:
        c = c[:1] * 0
    else:
        for _ in range(cnt):
            n -= 1
            c = c * scl
            der = np.empty((n,) + c.shape[1:], dtype=cdt)
            for j in range(n, 0, -1):
                der[j - 1] = j * c[j]
            c = der
    return np.moveaxis(c, 0, iaxis)


def polyint(c, m=1, k=[], lbnd=0, scl=1, axis=0):
    c = _as_float(c).copy()
    cdt = c.dtype
    try:
        iter(k)
    except TypeError:
        k = [k]
    cnt = _count(m, 'integration')
    iaxis = _axis(axis, c.ndim)
    if len(k) > cnt:
        raise ValueError('Too many integration constants')
    if np.ndim(lbnd) != 0:
        raise ValueError('lbnd must be a scalar.')
    if np.ndim(scl) != 0:
        raise ValueError('scl must be a scalar.')
    if cnt == 0:
        return c
    k = list(k) + [0] * (cnt - len(k))
    c = np.moveaxis(c, iaxis, 0)
    for i in range(cnt):
        n = len(c)
        c = c * scl
        if n == 1 and np.all(c[0] == 0):
            c[0] += k[i]
        else:
            tmp = np.empty((n + 1,) + c.shape[1:], dtype=cdt)
            tmp[0] = c[0] * 0
            tmp[1] = c[0]
            for j in range(1, n):
                tmp[j + 1] = c[j] / (j + 1)
            tmp[0] += k[i] - polyval(lbnd, tmp)
            c = tmp
    return np.moveaxis(c, 0, iaxis)


def polyval(x, c, tensor=True):
    c = _as_float(c)
    if isinstance(x, (tuple, list)):
        x = np.asarray(x)
    if isinstance(x, np.ndarray) and tensor:
        c = c.reshape(c.shape + (1,) * x.ndim)
    if isinstance(x, Polynomial):
        # a polynomial of a polynomial: Horner's rule on the objects
        c0 = _scalar(c[-1]) + x * 0
        for i in range(2, len(c) + 1):
            c0 = _scalar(c[-i]) + c0 * x
        return c0
    c0 = c[-1] + x * 0
    for i in range(2, len(c) + 1):
        c0 = c[-i] + c0 * x
    return c0


def _scalar(v):
    # a NumPy scalar as the Python number of its value
    return v.item() if hasattr(v, 'item') else v


def polyvander(x, deg):
    ideg = _as_int(deg, 'deg')
    if ideg < 0:
        raise ValueError('deg must be non-negative')
    x = np.array(x, ndmin=1) + 0.0
    v = np.empty((ideg + 1,) + x.shape, dtype=x.dtype)
    v[0] = x * 0 + 1
    for i in range(1, ideg + 1):
        v[i] = v[i - 1] * x
    return np.moveaxis(v, 0, -1)


def polyfit(x, y, deg, rcond=None, full=False, w=None):
    x = np.asarray(x) + 0.0
    y = np.asarray(y) + 0.0
    deg = np.asarray(deg)
    if deg.ndim > 1 or deg.dtype.kind not in 'iu' or deg.size == 0:
        raise TypeError('deg must be an int or non-empty 1-D array of int')
    if deg.min() < 0:
        raise ValueError('expected deg >= 0')
    if x.ndim != 1:
        raise TypeError('expected 1D vector for x')
    if x.size == 0:
        raise TypeError('expected non-empty vector for x')
    if y.ndim < 1 or y.ndim > 2:
        raise TypeError('expected 1D or 2D array for y')
    if len(x) != len(y):
        raise TypeError('expected x and y to have same length')
    if deg.ndim == 0:
        lmax = int(deg)
        order = lmax + 1
        van = polyvander(x, lmax)
    else:
        deg = np.sort(deg)
        lmax = int(deg[-1])
        order = len(deg)
        van = polyvander(x, lmax)[:, deg]
    lhs = van.T
    rhs = y.T
    if w is not None:
        w = np.asarray(w) + 0.0
        if w.ndim != 1:
            raise TypeError('expected 1D vector for w')
        if len(x) != len(w):
            raise TypeError('expected x and w to have same length')
        lhs = lhs * w
        rhs = rhs * w
    if rcond is None:
        rcond = len(x) * np.finfo(x.dtype).eps
    # scale the columns of the design matrix to unit norm, as NumPy does
    if lhs.dtype.kind == 'c':
        scl = np.sqrt((np.square(lhs.real) + np.square(lhs.imag)).sum(1))
    else:
        scl = np.sqrt(np.square(lhs).sum(1))
    scl[scl == 0] = 1
    c, resids, rank, s = np.linalg.lstsq(lhs.T / scl, rhs.T, rcond)
    c = (c.T / scl).T
    if deg.ndim > 0:
        if c.ndim == 2:
            cc = np.zeros((lmax + 1, c.shape[1]), dtype=c.dtype)
        else:
            cc = np.zeros(lmax + 1, dtype=c.dtype)
        cc[deg] = c
        c = cc
    if rank != order and not full:
        warnings.warn('The fit may be poorly conditioned', RankWarning, stacklevel=2)
    if full:
        return c, [resids, rank, s, rcond]
    return c


def polycompanion(c):
    [c] = _as_series([c])
    if len(c) < 2:
        raise ValueError('Series must have maximum degree of at least 1.')
    if len(c) == 2:
        return np.array([[-c[0] / c[1]]])
    n = len(c) - 1
    mat = np.zeros((n, n), dtype=c.dtype)
    for i in range(1, n):
        mat[i, i - 1] = 1
    mat[:, -1] -= c[:-1] / c[-1]
    return mat


def polyroots(c):
    [c] = _as_series([c])
    if len(c) < 2:
        return np.array([], dtype=c.dtype)
    if len(c) == 2:
        return np.array([-c[0] / c[1]])
    m = polycompanion(c)[::-1, ::-1]
    r = np.linalg.eigvals(m)
    return np.sort(r)


# -- the Polynomial class (NumPy's ABCPolyBase for power series) --

_SUPERSCRIPTS = str.maketrans('0123456789', '⁰¹²³⁴⁵⁶⁷⁸⁹')


def _format_float(x, parens=False):
    # NumPy's polyutils.format_float: the print options' precision,
    # scientific for large and small magnitudes
    if not isinstance(x, np.floating):
        return str(x)
    opts = np.get_printoptions()
    if np.isnan(x):
        return opts['nanstr']
    if np.isinf(x):
        return opts['infstr']
    exp_format = False
    if x != 0:
        a = abs(x)
        if a >= 1.e8 or a < 10 ** min(0, -(opts['precision'] - 1) // 2):
            exp_format = True
    trim, unique = '0', True
    if opts['floatmode'] == 'fixed':
        trim, unique = 'k', False
    if exp_format:
        s = np.format_float_scientific(x, precision=opts['precision'], unique=unique, trim=trim,
                                       sign=opts['sign'] == '+')
        if parens:
            s = '(' + s + ')'
        return s
    return np.format_float_positional(x, precision=opts['precision'], fractional=True, unique=unique,
                                      trim=trim, sign=opts['sign'] == '+')


class Polynomial:
    """A power series c[0] + c[1]*x + c[2]*x**2 + ... over domain, mapped onto window."""

    maxpower = 100
    basis_name = None
    domain = polydomain
    window = polydomain
    # kael's classes have no __array_ufunc__; NumPy's sets it to None so
    # that arrays defer to the polynomial
    __hash__ = None

    def __init__(self, coef, domain=None, window=None, symbol='x'):
        [coef] = _as_series([coef], trim=False)
        self.coef = coef
        if domain is not None:
            [domain] = _as_series([domain], trim=False)
            if len(domain) != 2:
                raise ValueError('Domain has wrong number of elements.')
            self.domain = domain
        if window is not None:
            [window] = _as_series([window], trim=False)
            if len(window) != 2:
                raise ValueError('Window has wrong number of elements.')
            self.window = window
        if not isinstance(symbol, str):
            raise TypeError('Symbol must be a non-empty string')
        if not symbol.isidentifier():
            raise ValueError('Symbol string must be a valid Python identifier')
        self._symbol = symbol

    @property
    def symbol(self):
        return self._symbol

    def _new(self, coef):
        return self.__class__(coef, self.domain, self.window, self.symbol)

    def __repr__(self):
        coef = repr(self.coef)[6:-1]
        domain = repr(self.domain)[6:-1]
        window = repr(self.window)[6:-1]
        return "%s(%s, domain=%s, window=%s, symbol='%s')" % (
            self.__class__.__name__, coef, domain, window, self.symbol)

    def __str__(self):
        linewidth = max(np.get_printoptions().get('linewidth', 75), 1)
        out = _format_float(self.coef[0])
        rest = self.coef[1:]
        for i, coef in enumerate(rest):
            out += ' '
            power = str(i + 1)
            try:
                if coef >= 0:
                    term = '+ ' + _format_float(coef, parens=True)
                else:
                    term = '- ' + _format_float(-coef, parens=True)
            except TypeError:
                term = '+ %s' % (coef,)
            term += '·' + self.symbol + ('' if power == '1' else power.translate(_SUPERSCRIPTS))
            line_len = len(out.split('\n')[-1]) + len(term)
            if i < len(rest) - 1:
                line_len += 2
            if line_len >= linewidth:
                term = term.replace(' ', '\n', 1)
            out += term
        return out

    def _other_coef(self, other):
        if isinstance(other, Polynomial):
            if not isinstance(other, self.__class__):
                raise TypeError('Polynomial types differ')
            if not np.all(self.domain == other.domain):
                raise TypeError('Domains differ')
            if not np.all(self.window == other.window):
                raise TypeError('Windows differ')
            if self.symbol != other.symbol:
                raise ValueError('Polynomial symbols differ')
            return other.coef
        return other

    def __call__(self, arg):
        off, scl = _mapparms(self.domain, self.window)
        if isinstance(arg, Polynomial):
            return polyval(_scalar(off) + _scalar(scl) * arg, self.coef)
        return polyval(off + scl * arg, self.coef)

    def __iter__(self):
        return iter(self.coef)

    def __len__(self):
        return len(self.coef)

    def __neg__(self):
        return self._new(-self.coef)

    def __pos__(self):
        return self

    def _binary(self, op, a, b):
        try:
            return self._new(op(a, b))
        except Exception:
            return NotImplemented

    def __add__(self, other):
        return self._binary(polyadd, self.coef, self._other_coef(other))

    def __sub__(self, other):
        return self._binary(polysub, self.coef, self._other_coef(other))

    def __mul__(self, other):
        return self._binary(polymul, self.coef, self._other_coef(other))

    def __radd__(self, other):
        return self._binary(polyadd, other, self.coef)

    def __rsub__(self, other):
        return self._binary(polysub, other, self.coef)

    def __rmul__(self, other):
        return self._binary(polymul, other, self.coef)

    def __truediv__(self, other):
        if not isinstance(other, numbers.Number) or isinstance(other, bool):
            raise TypeError("unsupported types for true division: '%s', '%s'" % (type(self), type(other)))
        return self.__floordiv__(other)

    def __rtruediv__(self, other):
        return NotImplemented

    def _divmod(self, a, b):
        try:
            quo, rem = polydiv(a, b)
        except ZeroDivisionError:
            raise
        except Exception:
            return NotImplemented
        return self._new(quo), self._new(rem)

    def __divmod__(self, other):
        return self._divmod(self.coef, self._other_coef(other))

    def __rdivmod__(self, other):
        return self._divmod(other, self.coef)

    def __floordiv__(self, other):
        res = self.__divmod__(other)
        return res if res is NotImplemented else res[0]

    def __mod__(self, other):
        res = self.__divmod__(other)
        return res if res is NotImplemented else res[1]

    def __rfloordiv__(self, other):
        res = self.__rdivmod__(other)
        return res if res is NotImplemented else res[0]

    def __rmod__(self, other):
        res = self.__rdivmod__(other)
        return res if res is NotImplemented else res[1]

    def __pow__(self, other):
        return self._new(polypow(self.coef, other, maxpower=self.maxpower))

    def __eq__(self, other):
        return bool(isinstance(other, self.__class__) and
                    np.all(self.domain == other.domain) and
                    np.all(self.window == other.window) and
                    self.coef.shape == other.coef.shape and
                    np.all(self.coef == other.coef) and
                    self.symbol == other.symbol)

    def __ne__(self, other):
        return not self.__eq__(other)

    def has_samecoef(self, other):
        return len(self.coef) == len(other.coef) and bool(np.all(self.coef == other.coef))

    def has_samedomain(self, other):
        return bool(np.all(self.domain == other.domain))

    def has_samewindow(self, other):
        return bool(np.all(self.window == other.window))

    def has_sametype(self, other):
        return isinstance(other, self.__class__)

    def copy(self):
        return self.__class__(self.coef, self.domain, self.window, self.symbol)

    def degree(self):
        return len(self) - 1

    def cutdeg(self, deg):
        return self.truncate(deg + 1)

    def trim(self, tol=0):
        if tol < 0:
            raise ValueError('tol must be non-negative')
        [c] = _as_series([self.coef])
        keep = np.nonzero(np.abs(c) > tol)[0]
        coef = c[:1] * 0 if len(keep) == 0 else c[:keep[-1] + 1].copy()
        return self._new(coef)

    def truncate(self, size):
        isize = int(size)
        if isize != size or isize < 1:
            raise ValueError('size must be a positive integer')
        coef = self.coef if isize >= len(self.coef) else self.coef[:isize]
        return self._new(coef)

    def mapparms(self):
        return _mapparms(self.domain, self.window)

    def convert(self, domain=None, kind=None, window=None):
        if kind is None:
            kind = self.__class__
        if domain is None:
            domain = kind.domain
        if window is None:
            window = kind.window
        return self(kind.identity(domain, window=window, symbol=self.symbol))

    def integ(self, m=1, k=[], lbnd=None):
        off, scl = self.mapparms()
        lbnd = 0 if lbnd is None else off + scl * lbnd
        return self._new(polyint(self.coef, m, k, lbnd, 1. / scl))

    def deriv(self, m=1):
        off, scl = self.mapparms()
        return self._new(polyder(self.coef, m, scl))

    def roots(self):
        return _mapdomain(polyroots(self.coef), self.window, self.domain)

    def linspace(self, n=100, domain=None):
        if domain is None:
            domain = self.domain
        x = np.linspace(domain[0], domain[1], n)
        return x, self(x)

    @classmethod
    def fit(cls, x, y, deg, domain=None, rcond=None, full=False, w=None, window=None, symbol='x'):
        if domain is None:
            domain = _getdomain(x)
        elif type(domain) is list and len(domain) == 0:
            domain = cls.domain
        if window is None:
            window = cls.window
        xnew = _mapdomain(x, domain, window)
        res = polyfit(xnew, y, deg, w=w, rcond=rcond, full=full)
        if full:
            coef, status = res
            return cls(coef, domain=domain, window=window, symbol=symbol), status
        return cls(res, domain=domain, window=window, symbol=symbol)

    @classmethod
    def fromroots(cls, roots, domain=[], window=None, symbol='x'):
        [roots] = _as_series([roots], trim=False)
        if domain is None:
            domain = _getdomain(roots)
        elif type(domain) is list and len(domain) == 0:
            domain = cls.domain
        if window is None:
            window = cls.window
        deg = len(roots)
        off, scl = _mapparms(domain, window)
        rnew = off + scl * roots
        coef = polyfromroots(rnew) / scl ** deg
        return cls(coef, domain=domain, window=window, symbol=symbol)

    @classmethod
    def identity(cls, domain=None, window=None, symbol='x'):
        if domain is None:
            domain = cls.domain
        if window is None:
            window = cls.window
        off, scl = _mapparms(window, domain)
        return cls(polyline(off, scl), domain, window, symbol)

    @classmethod
    def basis(cls, deg, domain=None, window=None, symbol='x'):
        if domain is None:
            domain = cls.domain
        if window is None:
            window = cls.window
        ideg = int(deg)
        if ideg != deg or ideg < 0:
            raise ValueError('deg must be non-negative integer')
        return cls([0] * ideg + [1], domain, window, symbol)

    @classmethod
    def cast(cls, series, domain=None, window=None):
        if domain is None:
            domain = cls.domain
        if window is None:
            window = cls.window
        return series.convert(domain, cls, window)
