# np.poly1d, written in Python over kael's NumPy polynomial functions
# (np.polyadd, np.polymul, np.polydiv, np.polyval, np.roots, np.poly, ...):
# kael's own code, behaving as NumPy 1.24's numpy/lib/polynomial.py class.
import numpy as np


def _number(v):
    # NumPy's isscalar for what poly1d's operators take as a number: a
    # Python number or a NumPy scalar (which has a dtype, as an array has)
    if isinstance(v, (int, float, complex)):
        return True
    return hasattr(v, 'dtype') and not isinstance(v, (np.ndarray, poly1d))


def _trim_leading(c):
    i = 0
    while i < len(c) and c[i] == 0:
        i += 1
    return c[i:]


def _fmt(q):
    s = '%.4g' % q
    if s.endswith('.0000'):
        s = s[:-5]
    return s


def _raise_power(text, wrap=70):
    # each '**N' moves N onto a line above, as NumPy prints a polynomial
    line1 = ''
    line2 = ''
    out = ' '
    n = 0
    while True:
        at = text.find('**', n)
        if at < 0:
            break
        end = at + 2
        while end < len(text) and text[end].isdigit():
            end += 1
        power = text[at + 2:end]
        part = text[n:at]
        n = end
        add2 = part + ' ' * (len(power) - 1)
        add1 = ' ' * (len(part) - 1) + power
        if len(line2) + len(add2) > wrap or len(line1) + len(add1) > wrap:
            out += line1 + '\n' + line2 + '\n '
            line1 = add1
            line2 = add2
        else:
            line2 += add2
            line1 += add1
    out += line1 + '\n' + line2
    return out + text[n:]


class poly1d:
    """A one-dimensional polynomial: poly1d([1, 2, 3]) is x**2 + 2x + 3,
    poly1d([1, 2], r=True) the one of roots 1 and 2."""

    __hash__ = None

    def __init__(self, c_or_r, r=False, variable=None):
        if isinstance(c_or_r, poly1d):
            self.__dict__['coeffs'] = c_or_r.coeffs
            self._variable = c_or_r._variable if variable is None else variable
            return
        if r:
            c_or_r = np.poly(c_or_r)
        c = np.asarray(c_or_r)
        if c.ndim == 0:
            c = c.reshape(1)
        if c.ndim > 1:
            raise ValueError("Polynomial must be 1d only.")
        c = _trim_leading(c)
        if len(c) == 0:
            c = np.array([0], dtype=c.dtype)
        self.__dict__['coeffs'] = c
        self._variable = 'x' if variable is None else variable

    @property
    def coeffs(self):
        return self.__dict__['coeffs']

    @coeffs.setter
    def coeffs(self, value):
        if value is not self.__dict__['coeffs']:
            raise AttributeError("Cannot set attribute")

    c = coef = coefficients = coeffs

    @property
    def variable(self):
        return self._variable

    @property
    def order(self):
        return len(self.coeffs) - 1

    o = order

    @property
    def roots(self):
        return np.roots(self.coeffs)

    r = roots

    def __repr__(self):
        return "poly1d(%s)" % repr(self.coeffs)[6:-1]

    def __len__(self):
        return self.order

    def __str__(self):
        var = self._variable
        coeffs = _trim_leading(self.coeffs)
        top = len(coeffs) - 1
        text = '0'
        for k, coeff in enumerate(coeffs):
            if not np.iscomplex(coeff):
                cs = _fmt(np.real(coeff))
            elif np.real(coeff) == 0:
                cs = '%sj' % _fmt(np.imag(coeff))
            else:
                cs = '(%s + %sj)' % (_fmt(np.real(coeff)), _fmt(np.imag(coeff)))
            power = top - k
            if power == 0:
                term = cs if cs != '0' else ('0' if k == 0 else '')
            elif cs == '0':
                term = ''
            elif power == 1:
                term = '%s %s' % (cs, var)
            else:
                term = '%s %s**%d' % (cs, var, power)
            if k == 0:
                text = term
            elif term != '':
                if term.startswith('-'):
                    text = '%s - %s' % (text, term[1:])
                else:
                    text = '%s + %s' % (text, term)
        return _raise_power(text)

    def __call__(self, val):
        if isinstance(val, poly1d):
            y = poly1d([0])
            for c in self.coeffs:
                y = y * val + c
            return y
        return np.polyval(self.coeffs, val)

    def __neg__(self):
        return poly1d(-self.coeffs)

    def __pos__(self):
        return self

    def __mul__(self, other):
        if _number(other):
            return poly1d(self.coeffs * other)
        return poly1d(np.polymul(self.coeffs, poly1d(other).coeffs))

    def __rmul__(self, other):
        if _number(other):
            return poly1d(other * self.coeffs)
        return poly1d(np.polymul(self.coeffs, poly1d(other).coeffs))

    def __add__(self, other):
        return poly1d(np.polyadd(self.coeffs, poly1d(other).coeffs))

    def __radd__(self, other):
        return poly1d(np.polyadd(self.coeffs, poly1d(other).coeffs))

    def __sub__(self, other):
        return poly1d(np.polysub(self.coeffs, poly1d(other).coeffs))

    def __rsub__(self, other):
        return poly1d(np.polysub(poly1d(other).coeffs, self.coeffs))

    def __pow__(self, val):
        if not _number(val) or int(val) != val or val < 0:
            raise ValueError("Power to non-negative integers only.")
        res = [1]
        for _ in range(val):
            res = np.polymul(self.coeffs, res)
        return poly1d(res)

    def __truediv__(self, other):
        if _number(other):
            return poly1d(self.coeffs / other)
        q, r = np.polydiv(self.coeffs, poly1d(other).coeffs)
        return poly1d(q), poly1d(r)

    def __rtruediv__(self, other):
        if _number(other):
            return poly1d(other / self.coeffs)
        q, r = np.polydiv(poly1d(other).coeffs, self.coeffs)
        return poly1d(q), poly1d(r)

    def __eq__(self, other):
        if not isinstance(other, poly1d):
            return NotImplemented
        if self.coeffs.shape != other.coeffs.shape:
            return False
        return bool((self.coeffs == other.coeffs).all())

    def __ne__(self, other):
        if not isinstance(other, poly1d):
            return NotImplemented
        return not self.__eq__(other)

    def __getitem__(self, val):
        if val > self.order or val < 0:
            return self.coeffs.dtype.type(0)
        return self.coeffs[self.order - val]

    def __setitem__(self, key, val):
        if key < 0:
            raise ValueError("Does not support negative powers.")
        if key > self.order:
            zeros = np.zeros(key - self.order, self.coeffs.dtype)
            self.__dict__['coeffs'] = np.concatenate((zeros, self.coeffs))
        self.coeffs[self.order - key] = val

    def __iter__(self):
        return iter(self.coeffs)

    def integ(self, m=1, k=0):
        """The m-th antiderivative, k its integration constants."""
        return poly1d(np.polyint(self.coeffs, m=m, k=k))

    def deriv(self, m=1):
        """The m-th derivative."""
        return poly1d(np.polyder(self.coeffs, m=m))


poly1d.__module__ = 'numpy'
