"""Python's fractions: Fraction, an exact rational number."""

import math
import numbers
import operator
import re
import sys

__all__ = ['Fraction']

_MODULUS = sys.hash_info.modulus
_HASH_INF = sys.hash_info.inf

_LITERAL = re.compile(r"""
    \A\s*
    (?P<sign>[-+]?)
    (?=\d|\.\d)
    (?P<num>\d*|\d+(_\d+)*)
    (?:
        (?:/(?P<denom>\d+(_\d+)*))?
      | (?:\.(?P<decimal>\d*|\d+(_\d+)*))?
        (?:E(?P<exp>[-+]?\d+(_\d+)*))?
    )
    \s*\Z
""", re.VERBOSE | re.IGNORECASE)


def _is_decimal(x):
    d = sys.modules.get('decimal')
    return d is not None and isinstance(x, d.Decimal)


class Fraction(numbers.Rational):
    """An exact rational number: Fraction(3, 4), Fraction('3/4'),
    Fraction('0.75'), Fraction(0.75), Fraction(Decimal('0.75'))."""

    __slots__ = ('_numerator', '_denominator')

    def __new__(cls, numerator=0, denominator=None, *, _normalize=True):
        self = super(Fraction, cls).__new__(cls)
        if denominator is None:
            if type(numerator) is int:
                self._numerator = numerator
                self._denominator = 1
                return self
            elif isinstance(numerator, numbers.Rational):
                self._numerator = numerator.numerator
                self._denominator = numerator.denominator
                return self
            elif isinstance(numerator, float) or _is_decimal(numerator):
                self._numerator, self._denominator = numerator.as_integer_ratio()
                return self
            elif isinstance(numerator, str):
                m = _LITERAL.match(numerator)
                if m is None:
                    raise ValueError('Invalid literal for Fraction: %r' % numerator)
                numerator = int(m.group('num') or '0')
                denom = m.group('denom')
                if denom:
                    denominator = int(denom)
                else:
                    denominator = 1
                    decimal = m.group('decimal')
                    if decimal:
                        decimal = decimal.replace('_', '')
                        scale = 10 ** len(decimal)
                        numerator = numerator * scale + int(decimal)
                        denominator *= scale
                    exp = m.group('exp')
                    if exp:
                        exp = int(exp)
                        if exp >= 0:
                            numerator *= 10 ** exp
                        else:
                            denominator *= 10 ** -exp
                if m.group('sign') == '-':
                    numerator = -numerator
            else:
                raise TypeError("argument should be a string or a Rational instance")
        elif type(numerator) is int is type(denominator):
            pass
        elif isinstance(numerator, numbers.Rational) and isinstance(denominator, numbers.Rational):
            numerator, denominator = (
                numerator.numerator * denominator.denominator,
                denominator.numerator * numerator.denominator)
        else:
            raise TypeError("both arguments should be Rational instances")
        if denominator == 0:
            raise ZeroDivisionError('Fraction(%s, 0)' % numerator)
        if _normalize:
            g = math.gcd(numerator, denominator)
            if denominator < 0:
                g = -g
            numerator //= g
            denominator //= g
        self._numerator = numerator
        self._denominator = denominator
        return self

    @classmethod
    def from_float(cls, f):
        """The exact value of the float f: Fraction.from_float(0.1) is
        Fraction(3602879701896397, 36028797018963968)."""
        if isinstance(f, numbers.Integral):
            return cls(f)
        elif not isinstance(f, float):
            raise TypeError("%s.from_float() only takes floats, not %r (%s)" %
                            (cls.__name__, f, type(f).__name__))
        return cls(*f.as_integer_ratio())

    @classmethod
    def from_decimal(cls, dec):
        """The exact value of the Decimal (or int) dec."""
        if isinstance(dec, numbers.Integral):
            return cls(int(dec))
        elif not _is_decimal(dec):
            raise TypeError("%s.from_decimal() only takes Decimals, not %r (%s)" %
                            (cls.__name__, dec, type(dec).__name__))
        return cls(*dec.as_integer_ratio())

    def as_integer_ratio(self):
        """The pair (numerator, denominator), the denominator positive."""
        return (self._numerator, self._denominator)

    def limit_denominator(self, max_denominator=1000000):
        """The fraction nearest to self whose denominator is at most
        max_denominator: Fraction('3.141592653589793').limit_denominator(10)
        is Fraction(22, 7)."""
        if max_denominator < 1:
            raise ValueError("max_denominator should be at least 1")
        if self._denominator <= max_denominator:
            return Fraction(self)
        # The convergents of the continued fraction of self, then the best
        # semiconvergent below max_denominator.
        p0, q0, p1, q1 = 0, 1, 1, 0
        n, d = self._numerator, self._denominator
        while True:
            a = n // d
            q2 = q0 + a * q1
            if q2 > max_denominator:
                break
            p0, q0, p1, q1 = p1, q1, p0 + a * p1, q2
            n, d = d, n - a * d
        k = (max_denominator - q0) // q1
        if 2 * d * (q0 + k * q1) <= self._denominator:
            return Fraction(p1, q1, _normalize=False)
        return Fraction(p0 + k * p1, q0 + k * q1, _normalize=False)

    @property
    def numerator(a):
        return a._numerator

    @property
    def denominator(a):
        return a._denominator

    def __repr__(self):
        return '%s(%s, %s)' % (self.__class__.__name__, self._numerator, self._denominator)

    def __str__(self):
        if self._denominator == 1:
            return str(self._numerator)
        return '%s/%s' % (self._numerator, self._denominator)

    # Arithmetic: a Fraction with an int or a Fraction gives a Fraction,
    # with a float a float, with a complex a complex, as CPython's.

    def _add(a, b):
        na, da = a._numerator, a._denominator
        nb, db = b._numerator, b._denominator
        g = math.gcd(da, db)
        if g == 1:
            return Fraction(na * db + da * nb, da * db, _normalize=False)
        s = da // g
        t = na * (db // g) + nb * s
        g2 = math.gcd(t, g)
        if g2 == 1:
            return Fraction(t, s * db, _normalize=False)
        return Fraction(t // g2, s * (db // g2), _normalize=False)

    def _sub(a, b):
        return Fraction._add(a, Fraction(-b._numerator, b._denominator, _normalize=False))

    def _mul(a, b):
        na, da = a._numerator, a._denominator
        nb, db = b._numerator, b._denominator
        g1 = math.gcd(na, db)
        if g1 > 1:
            na //= g1
            db //= g1
        g2 = math.gcd(nb, da)
        if g2 > 1:
            nb //= g2
            da //= g2
        return Fraction(na * nb, db * da, _normalize=False)

    def _div(a, b):
        na, da = a._numerator, a._denominator
        nb, db = b._numerator, b._denominator
        g1 = math.gcd(na, nb)
        if g1 > 1:
            na //= g1
            nb //= g1
        g2 = math.gcd(db, da)
        if g2 > 1:
            da //= g2
            db //= g2
        n, d = na * db, nb * da
        if d < 0:
            n, d = -n, -d
        return Fraction(n, d, _normalize=False)

    def _floordiv(a, b):
        return (a.numerator * b.denominator) // (a.denominator * b.numerator)

    def _divmod(a, b):
        da, db = a.denominator, b.denominator
        div, n_mod = divmod(a.numerator * db, da * b.numerator)
        return div, Fraction(n_mod, da * db)

    def _mod(a, b):
        da, db = a.denominator, b.denominator
        return Fraction((a.numerator * db) % (b.numerator * da), da * db)

    def _forward(a, b, mono, fallback):
        if isinstance(b, Fraction):
            return mono(a, b)
        if isinstance(b, int):
            return mono(a, Fraction(b))
        if isinstance(b, float):
            return fallback(float(a), b)
        if isinstance(b, complex):
            return fallback(complex(a), b)
        return NotImplemented

    def _reverse(b, a, mono, fallback):
        if isinstance(a, numbers.Rational):
            return mono(Fraction(a), b)
        if isinstance(a, numbers.Real):
            return fallback(float(a), float(b))
        if isinstance(a, numbers.Complex):
            return fallback(complex(a), complex(b))
        return NotImplemented

    def __add__(a, b):
        return a._forward(b, Fraction._add, operator.add)

    def __radd__(b, a):
        return b._reverse(a, Fraction._add, operator.add)

    def __sub__(a, b):
        return a._forward(b, Fraction._sub, operator.sub)

    def __rsub__(b, a):
        return b._reverse(a, Fraction._sub, operator.sub)

    def __mul__(a, b):
        return a._forward(b, Fraction._mul, operator.mul)

    def __rmul__(b, a):
        return b._reverse(a, Fraction._mul, operator.mul)

    def __truediv__(a, b):
        return a._forward(b, Fraction._div, operator.truediv)

    def __rtruediv__(b, a):
        return b._reverse(a, Fraction._div, operator.truediv)

    def __floordiv__(a, b):
        return a._forward(b, Fraction._floordiv, operator.floordiv)

    def __rfloordiv__(b, a):
        return b._reverse(a, Fraction._floordiv, operator.floordiv)

    def __mod__(a, b):
        return a._forward(b, Fraction._mod, operator.mod)

    def __rmod__(b, a):
        return b._reverse(a, Fraction._mod, operator.mod)

    def __divmod__(a, b):
        return a._forward(b, Fraction._divmod, divmod)

    def __rdivmod__(b, a):
        return b._reverse(a, Fraction._divmod, divmod)

    def __pow__(a, b):
        """a ** b: a Fraction when b is an integer (or a Fraction equal to
        one), else a float or a complex."""
        if isinstance(b, numbers.Rational):
            if b.denominator == 1:
                power = b.numerator
                if power >= 0:
                    return Fraction(a._numerator ** power, a._denominator ** power, _normalize=False)
                elif a._numerator > 0:
                    return Fraction(a._denominator ** -power, a._numerator ** -power, _normalize=False)
                elif a._numerator == 0:
                    raise ZeroDivisionError('Fraction(%s, 0)' % (a._denominator ** -power))
                else:
                    return Fraction((-a._denominator) ** -power, (-a._numerator) ** -power, _normalize=False)
            return float(a) ** float(b)
        return float(a) ** b

    def __rpow__(b, a):
        if b._denominator == 1 and b._numerator >= 0:
            return a ** b._numerator
        if isinstance(a, numbers.Rational):
            return Fraction(a.numerator, a.denominator) ** b
        if b._denominator == 1:
            return a ** b._numerator
        return a ** float(b)

    def __pos__(a):
        return Fraction(a._numerator, a._denominator, _normalize=False)

    def __neg__(a):
        return Fraction(-a._numerator, a._denominator, _normalize=False)

    def __abs__(a):
        return Fraction(abs(a._numerator), a._denominator, _normalize=False)

    def __int__(a):
        if a._numerator < 0:
            return -(-a._numerator // a._denominator)
        return a._numerator // a._denominator

    def __trunc__(a):
        return a.__int__()

    def __float__(a):
        return a._numerator / a._denominator

    def __floor__(a):
        return a._numerator // a._denominator

    def __ceil__(a):
        return -(-a._numerator // a._denominator)

    def __round__(self, ndigits=None):
        """round(f) is the nearest int, halves to even; round(f, n) a
        Fraction rounded to n decimals."""
        if ndigits is None:
            d = self._denominator
            floor, remainder = divmod(self._numerator, d)
            if remainder * 2 < d:
                return floor
            elif remainder * 2 > d:
                return floor + 1
            elif floor % 2 == 0:
                return floor
            else:
                return floor + 1
        shift = 10 ** abs(ndigits)
        if ndigits > 0:
            return Fraction(round(self * shift), shift)
        return Fraction(round(self / shift) * shift)

    def __hash__(self):
        """The hash of the equal int or float, as CPython's numeric hash."""
        try:
            dinv = pow(self._denominator, -1, _MODULUS)
        except ValueError:
            h = _HASH_INF
        else:
            h = hash(hash(abs(self._numerator)) * dinv)
        result = h if self._numerator >= 0 else -h
        return -2 if result == -1 else result

    def __eq__(a, b):
        if type(b) is int:
            return a._numerator == b and a._denominator == 1
        if isinstance(b, numbers.Rational):
            return a._numerator == b.numerator and a._denominator == b.denominator
        if isinstance(b, numbers.Complex) and b.imag == 0:
            b = b.real
        if isinstance(b, float):
            if math.isnan(b) or math.isinf(b):
                return 0.0 == b
            return a == a.from_float(b)
        return NotImplemented

    def _richcmp(self, other, op):
        if isinstance(other, numbers.Rational):
            return op(self._numerator * other.denominator, self._denominator * other.numerator)
        if isinstance(other, float):
            if math.isnan(other) or math.isinf(other):
                return op(0.0, other)
            return op(self, self.from_float(other))
        return NotImplemented

    def __lt__(a, b):
        return a._richcmp(b, operator.lt)

    def __gt__(a, b):
        return a._richcmp(b, operator.gt)

    def __le__(a, b):
        return a._richcmp(b, operator.le)

    def __ge__(a, b):
        return a._richcmp(b, operator.ge)

    def __bool__(a):
        return bool(a._numerator)

    def __reduce__(self):
        return (self.__class__, (self._numerator, self._denominator))

    def __copy__(self):
        if type(self) == Fraction:
            return self
        return self.__class__(self._numerator, self._denominator)

    def __deepcopy__(self, memo):
        if type(self) == Fraction:
            return self
        return self.__class__(self._numerator, self._denominator)
