"""Decimal fixed and floating point arithmetic, as Python's decimal module:
Decimal numbers that are exact in base ten, Contexts that say the
precision, the rounding and the exponent range, and the signals raised
(or flagged) when an operation is inexact, rounded, overflows or is
invalid -- the General Decimal Arithmetic specification, as CPython 3.11
implements it.

kael's decimal is written after CPython's decimal (Lib/_pydecimal.py is
its readable spec); the classes, the contexts and the text forms are
here, the arithmetic is done in Go by apd (_decimal)."""

import _decimal
import contextvars
import math
import numbers
import re
import sys
from collections import namedtuple

__version__ = '1.70'
__libmpdec_version__ = '2.5.1'

ROUND_DOWN = 'ROUND_DOWN'
ROUND_HALF_UP = 'ROUND_HALF_UP'
ROUND_HALF_EVEN = 'ROUND_HALF_EVEN'
ROUND_CEILING = 'ROUND_CEILING'
ROUND_FLOOR = 'ROUND_FLOOR'
ROUND_UP = 'ROUND_UP'
ROUND_HALF_DOWN = 'ROUND_HALF_DOWN'
ROUND_05UP = 'ROUND_05UP'

_ROUNDINGS = (ROUND_CEILING, ROUND_FLOOR, ROUND_UP, ROUND_DOWN,
              ROUND_HALF_UP, ROUND_HALF_DOWN, ROUND_HALF_EVEN, ROUND_05UP)

HAVE_THREADS = True
HAVE_CONTEXTVAR = True
MAX_PREC = 999999999999999999
MAX_EMAX = 999999999999999999
MIN_EMIN = -999999999999999999
MIN_ETINY = MIN_EMIN - (MAX_PREC - 1)

DecimalTuple = namedtuple('DecimalTuple', 'sign digits exponent', module='decimal')


# The signals, with CPython's hierarchy.

class DecimalException(ArithmeticError):
    """The base of the signals decimal raises."""


class Clamped(DecimalException):
    """An exponent was changed to fit the representation."""


class InvalidOperation(DecimalException):
    """An operation had no valid result (its result, untrapped, is NaN)."""


class ConversionSyntax(InvalidOperation):
    """A string was no number."""


class DivisionByZero(DecimalException, ZeroDivisionError):
    """A finite nonzero number was divided by zero."""


class DivisionImpossible(InvalidOperation):
    """An integer division's quotient had more digits than the precision."""


class DivisionUndefined(InvalidOperation, ZeroDivisionError):
    """Zero was divided by zero."""


class Inexact(DecimalException):
    """Nonzero digits were discarded by rounding."""


class InvalidContext(InvalidOperation):
    """The context was invalid."""


class Rounded(DecimalException):
    """Digits (zero or not) were discarded by rounding."""


class Subnormal(DecimalException):
    """A result's adjusted exponent was below Emin."""


class Overflow(Inexact, Rounded):
    """A result's exponent was above Emax after rounding."""


class Underflow(Inexact, Rounded, Subnormal):
    """A result was subnormal and inexact."""


class FloatOperation(DecimalException, TypeError):
    """A float was mixed with decimals (a conversion or an ordering)."""


# the signals in the order of a context's flags and traps dicts
_SIGNALS = (InvalidOperation, FloatOperation, DivisionByZero, Overflow,
            Underflow, Subnormal, Inexact, Rounded, Clamped)
# the order a Context's repr lists them in
_REPR_ORDER = (Clamped, InvalidOperation, DivisionByZero, Inexact,
               FloatOperation, Overflow, Rounded, Subnormal, Underflow)
# the order a trap's message lists the conditions in
_CONDITION_ORDER = (InvalidOperation, ConversionSyntax, DivisionImpossible,
                    DivisionUndefined, InvalidContext, FloatOperation,
                    DivisionByZero, Overflow, Underflow, Subnormal, Inexact,
                    Rounded, Clamped)
_CONDITIONS = {c.__name__: c for c in _CONDITION_ORDER}


def _signal_of(condition):
    if issubclass(condition, InvalidOperation):
        return InvalidOperation
    return condition


_SIGNAL_NAMES = ('\n  [InvalidOperation, FloatOperation, DivisionByZero,\n'
                 '   Overflow, Underflow, Subnormal, Inexact, Rounded,\n'
                 '   Clamped]')


class _SignalDict(object):
    """A context's flags or traps: a mapping from each signal to a bool."""

    def __init__(self, on=()):
        self._d = {s: s in on for s in _SIGNALS}

    def _check(self, key):
        if key not in self._d:
            raise KeyError('valid values for signals are:' + _SIGNAL_NAMES)

    def __setitem__(self, key, value):
        self._check(key)
        self._d[key] = bool(value)

    def __getitem__(self, key):
        self._check(key)
        return self._d[key]

    def __delitem__(self, key):
        raise ValueError('signal keys cannot be deleted')

    def __contains__(self, key):
        return key in self._d

    def __iter__(self):
        return iter(self._d)

    def __len__(self):
        return len(self._d)

    def __eq__(self, other):
        if isinstance(other, _SignalDict):
            return self._d == other._d
        if isinstance(other, dict):
            return self._d == other
        return NotImplemented

    __hash__ = None

    def get(self, key, default=None):
        return self._d.get(key, default)

    def keys(self):
        return self._d.keys()

    def values(self):
        return self._d.values()

    def items(self):
        return self._d.items()

    def update(self, other=(), **kwargs):
        for k, v in dict(other).items():
            self[k] = v

    def __repr__(self):
        return '{' + ', '.join('%r:%r' % (s, self._d[s]) for s in _SIGNALS) + '}'

    def copy(self):
        return _SignalDict([s for s in _SIGNALS if self._d[s]])

    def _names(self):
        return '[' + ', '.join(s.__name__ for s in _REPR_ORDER if self._d[s]) + ']'


def _signal_set(value):
    """The signals a Context's flags= or traps= argument turns on."""
    if isinstance(value, (dict, _SignalDict)):
        on = []
        for k, v in value.items():
            if k not in _SIGNALS:
                raise KeyError('valid values for signals are:' + _SIGNAL_NAMES)
            if v:
                on.append(k)
        return on
    on = list(value)
    for k in on:
        if k not in _SIGNALS:
            raise KeyError('valid values for signals are:' + _SIGNAL_NAMES)
    return on


class Context(object):
    """The environment of decimal arithmetic: prec (the digits a result
    keeps), rounding (one of the ROUND_ modes), Emin and Emax (the range of
    adjusted exponents), capitals (1 writes the exponent with 'E'), clamp
    (1 keeps exponents at most Emax-prec+1, as IEEE formats), flags (the
    signals raised since they were cleared) and traps (the signals that
    raise an exception)."""

    def __init__(self, prec=None, rounding=None, Emin=None, Emax=None,
                 capitals=None, clamp=None, flags=None, traps=None):
        dc = DefaultContext if 'DefaultContext' in globals() else None
        self.prec = prec if prec is not None else (dc.prec if dc else 28)
        self.rounding = rounding if rounding is not None else (dc.rounding if dc else ROUND_HALF_EVEN)
        self.Emin = Emin if Emin is not None else (dc.Emin if dc else -999999)
        self.Emax = Emax if Emax is not None else (dc.Emax if dc else 999999)
        self.capitals = capitals if capitals is not None else (dc.capitals if dc else 1)
        self.clamp = clamp if clamp is not None else (dc.clamp if dc else 0)
        if traps is None:
            self.traps = dc.traps.copy() if dc else _SignalDict([InvalidOperation, DivisionByZero, Overflow])
        else:
            self.traps = _SignalDict(_signal_set(traps))
        self.flags = _SignalDict() if flags is None else _SignalDict(_signal_set(flags))

    def __setattr__(self, name, value):
        if name == 'prec':
            value = _index(value)
            if not 1 <= value <= MAX_PREC:
                raise ValueError('valid range for prec is [1, MAX_PREC]')
        elif name == 'rounding':
            if value not in _ROUNDINGS:
                raise TypeError('valid values for rounding are:\n'
                                '  [ROUND_CEILING, ROUND_FLOOR, ROUND_UP, ROUND_DOWN,\n'
                                '   ROUND_HALF_UP, ROUND_HALF_DOWN, ROUND_HALF_EVEN,\n'
                                '   ROUND_05UP]')
        elif name == 'Emin':
            value = _index(value)
            if not MIN_EMIN <= value <= 0:
                raise ValueError('valid range for Emin is [MIN_EMIN, 0]')
        elif name == 'Emax':
            value = _index(value)
            if not 0 <= value <= MAX_EMAX:
                raise ValueError('valid range for Emax is [0, MAX_EMAX]')
        elif name in ('capitals', 'clamp'):
            value = _index(value)
            if value not in (0, 1):
                raise ValueError('valid values for %s are 0 or 1' % name)
        elif name in ('flags', 'traps'):
            if not isinstance(value, _SignalDict):
                value = _SignalDict(_signal_set(value))
        else:
            raise AttributeError("'decimal.Context' object has no attribute '%s'" % name)
        object.__setattr__(self, name, value)

    def __delattr__(self, name):
        raise AttributeError('context attributes cannot be deleted')

    def __repr__(self):
        return ('Context(prec=%d, rounding=%s, Emin=%d, Emax=%d, capitals=%d, clamp=%d, flags=%s, traps=%s)'
                % (self.prec, self.rounding, self.Emin, self.Emax, self.capitals, self.clamp,
                   self.flags._names(), self.traps._names()))

    def __reduce__(self):
        return (self.__class__, (self.prec, self.rounding, self.Emin, self.Emax, self.capitals,
                                 self.clamp, [s for s in _SIGNALS if self.flags[s]],
                                 [s for s in _SIGNALS if self.traps[s]]))

    def copy(self):
        """A copy of the context, flags and traps included."""
        return Context(self.prec, self.rounding, self.Emin, self.Emax, self.capitals,
                       self.clamp, self.flags.copy(), self.traps.copy())

    __copy__ = copy

    def clear_flags(self):
        """Resets every flag."""
        for s in _SIGNALS:
            self.flags[s] = False

    def clear_traps(self):
        """Turns every trap off."""
        for s in _SIGNALS:
            self.traps[s] = False

    def Etiny(self):
        """The smallest exponent of a subnormal result: Emin - prec + 1."""
        return self.Emin - self.prec + 1

    def Etop(self):
        """The largest exponent when clamping: Emax - prec + 1."""
        return self.Emax - self.prec + 1

    # What the arithmetic needs.

    def _raise(self, conditions, explanation=None):
        """Flags the conditions and raises the first trapped signal, with
        the list of the trapped conditions, as CPython's decimal does."""
        if not conditions:
            return
        trapped = []
        for c in conditions:
            s = _signal_of(c)
            self.flags[s] = True
            if self.traps[s] and c not in trapped:
                trapped.append(c)
        if trapped:
            signals = [_signal_of(c) for c in trapped]
            for s in _SIGNALS:
                if s in signals:
                    raise s([c for c in _CONDITION_ORDER if c in trapped])

    def _params(self):
        return (self.prec, self.rounding, self.Emin, self.Emax, self.clamp)

    def _apply(self, name, a, b=None, exp=None, rounding=None):
        res, conds = _decimal.op(name, self._params(), a._wire(),
                                 None if b is None else b._wire(), exp, rounding)
        self._raise([_CONDITIONS[c] for c in conds])
        sign, digits, e = res
        if e == 'n':
            return _NaN
        return _from_parts(sign, digits, e, e == 'F')

    def _invalid(self, condition=InvalidOperation):
        self._raise([condition])
        return _NaN

    def _fix_nan(self, d):
        """A NaN result from an operand: quiet, its payload dropped when it
        has more digits than prec - clamp allows."""
        payload = d._int
        if len(payload) > self.prec - self.clamp:
            payload = ''
        return _from_parts(d._sign, payload, 'n', True)

    def _nans(self, a, b=None):
        """The result of an operation on NaNs, or None: a signaling NaN is
        invalid (its quiet form is the result), else the first NaN."""
        for x in (a, b):
            if x is not None and x._exp == 'N':
                self._raise([InvalidOperation])
                return self._fix_nan(x)
        for x in (a, b):
            if x is not None and x._exp == 'n':
                return self._fix_nan(x)
        return None

    # The operations, as Decimal's methods with the context named.

    def create_decimal(self, num='0'):
        """num as a Decimal rounded to this context."""
        if isinstance(num, str) and (num != num.strip() or '_' in num):
            return self._invalid(ConversionSyntax)
        d = Decimal(num, context=self)
        if d._is_special:
            if d._exp in 'nN' and len(d._int) > self.prec - self.clamp:
                return self._invalid(ConversionSyntax)
            return d
        return self._apply('plus', d)

    def create_decimal_from_float(self, f):
        """The float f as a Decimal rounded to this context."""
        return self._apply('plus', Decimal.from_float(f)) if math.isfinite(f) else Decimal.from_float(f)

    def abs(self, a):
        return _operand(a).__abs__(context=self)

    def add(self, a, b):
        return _operand(a).__add__(_operand(b), context=self)

    def subtract(self, a, b):
        return _operand(a).__sub__(_operand(b), context=self)

    def multiply(self, a, b):
        return _operand(a).__mul__(_operand(b), context=self)

    def divide(self, a, b):
        return _operand(a).__truediv__(_operand(b), context=self)

    def divide_int(self, a, b):
        return _operand(a).__floordiv__(_operand(b), context=self)

    def remainder(self, a, b):
        return _operand(a).__mod__(_operand(b), context=self)

    def divmod(self, a, b):
        return _operand(a).__divmod__(_operand(b), context=self)

    def power(self, a, b, modulo=None):
        return _operand(a).__pow__(_operand(b), modulo, context=self)

    def plus(self, a):
        return _operand(a).__pos__(context=self)

    def minus(self, a):
        return _operand(a).__neg__(context=self)

    def compare(self, a, b):
        return _operand(a).compare(b, context=self)

    def compare_total(self, a, b):
        return _operand(a).compare_total(b)

    def max(self, a, b):
        return _operand(a).max(b, context=self)

    def min(self, a, b):
        return _operand(a).min(b, context=self)

    def fma(self, a, b, c):
        return _operand(a).fma(b, c, context=self)

    def sqrt(self, a):
        return _operand(a).sqrt(context=self)

    def exp(self, a):
        return _operand(a).exp(context=self)

    def ln(self, a):
        return _operand(a).ln(context=self)

    def log10(self, a):
        return _operand(a).log10(context=self)

    def quantize(self, a, b):
        return _operand(a).quantize(b, context=self)

    def normalize(self, a):
        return _operand(a).normalize(context=self)

    def to_integral_value(self, a):
        return _operand(a).to_integral_value(context=self)

    to_integral = to_integral_value

    def to_integral_exact(self, a):
        return _operand(a).to_integral_exact(context=self)

    def to_sci_string(self, a):
        return _operand(a).__str__(context=self)

    def to_eng_string(self, a):
        return _operand(a).to_eng_string(context=self)

    def copy_abs(self, a):
        return _operand(a).copy_abs()

    def copy_negate(self, a):
        return _operand(a).copy_negate()

    def copy_sign(self, a, b):
        return _operand(a).copy_sign(b)

    def copy_decimal(self, a):
        return Decimal(_operand(a))

    def is_nan(self, a):
        return _operand(a).is_nan()

    def is_snan(self, a):
        return _operand(a).is_snan()

    def is_qnan(self, a):
        return _operand(a).is_qnan()

    def is_finite(self, a):
        return _operand(a).is_finite()

    def is_infinite(self, a):
        return _operand(a).is_infinite()

    def is_zero(self, a):
        return _operand(a).is_zero()

    def is_signed(self, a):
        return _operand(a).is_signed()

    def is_normal(self, a):
        return _operand(a).is_normal(context=self)

    def is_subnormal(self, a):
        return _operand(a).is_subnormal(context=self)

    def is_canonical(self, a):
        return _operand(a).is_canonical()

    def same_quantum(self, a, b):
        return _operand(a).same_quantum(b)

    def number_class(self, a):
        return _operand(a).number_class(context=self)

    def radix(self):
        return Decimal(10)


def _index(value):
    if not isinstance(value, int):
        raise TypeError('an integer is required')
    return int(value)


# The current context.

_current = contextvars.ContextVar('decimal_context')


def getcontext():
    """The context of the running thread or task (a copy of DefaultContext
    at first)."""
    try:
        return _current.get()
    except LookupError:
        c = DefaultContext.copy()
        c.clear_flags()
        _current.set(c)
        return c


def setcontext(context):
    """Makes context the current one (DefaultContext and the other
    templates are copied first)."""
    if not isinstance(context, Context):
        raise TypeError('argument must be a context')
    if context in (DefaultContext, BasicContext, ExtendedContext):
        context = context.copy()
        context.clear_flags()
    _current.set(context)


class _ContextManager(object):
    """What localcontext() returns: a with block that runs under a copy of
    a context and restores the one before."""

    def __init__(self, new_context):
        self.new_context = new_context.copy()

    def __enter__(self):
        self.saved_context = getcontext()
        setcontext(self.new_context)
        return self.new_context

    def __exit__(self, t, v, tb):
        setcontext(self.saved_context)


_LOCAL_KEYWORDS = ('prec', 'rounding', 'Emin', 'Emax', 'capitals', 'clamp', 'flags', 'traps')


def localcontext(ctx=None, **kwargs):
    """A context manager that runs its block under a copy of ctx (the
    current context by default) with kwargs' attributes set, then restores
    the current one."""
    if ctx is None:
        ctx = getcontext()
    elif not isinstance(ctx, Context):
        raise TypeError('optional argument must be a context')
    m = _ContextManager(ctx)
    for k, v in kwargs.items():
        if k not in _LOCAL_KEYWORDS:
            raise TypeError("'%s' is an invalid keyword argument for this function" % k)
        setattr(m.new_context, k, v)
    return m


# Decimal.

_NUMBER = re.compile(r"""
    (?P<sign>[-+])?
    (
        (?=\d|\.\d)
        (?P<int>\d*)
        (\.(?P<frac>\d*))?
        (E(?P<exp>[-+]?\d+))?
    |
        Inf(inity)?
    |
        (?P<signal>s)?
        NaN
        (?P<diag>\d*)
    )
    \Z
""", re.VERBOSE | re.IGNORECASE)


def _from_parts(sign, digits, exp, special=False):
    d = object.__new__(Decimal)
    d._sign = sign
    d._int = digits
    d._exp = exp
    d._is_special = special
    return d


def _convert(other, float_ok=False):
    """other as a Decimal for arithmetic: a Decimal or an int, else None."""
    if isinstance(other, Decimal):
        return other
    if isinstance(other, int):
        return Decimal(other)
    return None


def _operand(x):
    """x as a Decimal for a Context method or an argument: TypeError for
    what is no Decimal or int."""
    d = _convert(x)
    if d is None:
        raise TypeError('conversion from %s to Decimal is not supported' % type(x).__name__)
    return d


def _float_op(context, ordering):
    """Flags (or raises, for an ordering) FloatOperation: a float met a
    Decimal in a comparison."""
    c = context or getcontext()
    if ordering:
        c._raise([FloatOperation])
    else:
        c.flags[FloatOperation] = True


class Decimal(_decimal.DecimalBase):
    """A decimal number, exact in base ten: Decimal('3.14'), Decimal(314),
    Decimal((0, (3, 1, 4), -2)), Decimal(3.14) (the float's exact value),
    and the special values Decimal('Infinity'), Decimal('NaN') and
    Decimal('sNaN')."""

    __slots__ = ('_exp', '_int', '_sign', '_is_special')

    def __new__(cls, value='0', context=None):
        self = object.__new__(cls)
        if isinstance(value, str):
            m = _NUMBER.match(value.strip().replace('_', '') if '__' not in value else value)
            if m is None or (value.strip() != value.strip().replace('_', '') and not _underscores_ok(value.strip())):
                c = context or getcontext()
                c._raise([ConversionSyntax])
                return _set(self, 0, '', 'n', True)
            sign = 1 if m.group('sign') == '-' else 0
            intpart = m.group('int')
            if intpart is not None:
                frac = m.group('frac') or ''
                exp = int(m.group('exp') or '0')
                digits = (intpart + frac).lstrip('0') or '0'
                return _set(self, sign, digits, exp - len(frac), False)
            diag = m.group('diag')
            if diag is not None:
                digits = diag.lstrip('0')
                return _set(self, sign, digits, 'N' if m.group('signal') else 'n', True)
            return _set(self, sign, '0', 'F', True)
        if isinstance(value, int):
            return _set(self, 1 if value < 0 else 0, str(abs(value)), 0, False)
        if isinstance(value, Decimal):
            return _set(self, value._sign, value._int, value._exp, value._is_special)
        if isinstance(value, float):
            c = context or getcontext()
            c._raise([FloatOperation])
            d = Decimal.from_float(value)
            return _set(self, d._sign, d._int, d._exp, d._is_special)
        if isinstance(value, (list, tuple)):
            return _from_tuple(self, value)
        raise TypeError('conversion from %s to Decimal is not supported' % type(value).__name__)

    @classmethod
    def from_float(cls, f):
        """The exact value of the float (or int) f:
        Decimal.from_float(0.1) is
        Decimal('0.1000000000000000055511151231257827021181583404541015625')."""
        if isinstance(f, int):
            d = Decimal(f)
        elif isinstance(f, float):
            if f != f:
                d = _from_parts(0, '', 'n', True)
            elif f in (math.inf, -math.inf):
                d = _from_parts(1 if f < 0 else 0, '0', 'F', True)
            else:
                sign, digits, exp = _decimal.from_float(f)
                d = _from_parts(sign, digits, exp)
        else:
            raise TypeError('argument must be int or float')
        return d if cls is Decimal else cls(d)

    # what _decimal reads

    def _wire(self):
        return (self._sign, self._int, self._exp)

    # predicates and parts

    def is_nan(self):
        """Whether it is a NaN, quiet or signaling."""
        return self._exp in ('n', 'N') if self._is_special else False

    def is_snan(self):
        """Whether it is a signaling NaN."""
        return self._is_special and self._exp == 'N'

    def is_qnan(self):
        """Whether it is a quiet NaN."""
        return self._is_special and self._exp == 'n'

    def is_infinite(self):
        """Whether it is an infinity."""
        return self._is_special and self._exp == 'F'

    def is_finite(self):
        """Whether it is neither an infinity nor a NaN."""
        return not self._is_special

    def is_zero(self):
        """Whether it is a (finite) zero."""
        return not self._is_special and self._int == '0'

    def is_signed(self):
        """Whether its sign is negative (-0 included)."""
        return self._sign == 1

    def is_canonical(self):
        """Always True: every Decimal is canonical."""
        return True

    def is_normal(self, context=None):
        """Whether it is finite, nonzero and not subnormal."""
        if self._is_special or self._int == '0':
            return False
        c = context or getcontext()
        return c.Emin <= self.adjusted()

    def is_subnormal(self, context=None):
        """Whether it is finite, nonzero and below Emin."""
        if self._is_special or self._int == '0':
            return False
        c = context or getcontext()
        return self.adjusted() < c.Emin

    def adjusted(self):
        """The exponent of its most significant digit (0 for the special
        values)."""
        if self._is_special:
            return 0
        return self._exp + len(self._int) - 1

    def as_tuple(self):
        """DecimalTuple(sign, digits, exponent)."""
        if self._is_special and self._exp != 'F':
            digits = tuple(int(c) for c in self._int)
        else:
            digits = tuple(int(c) for c in self._int)
        return DecimalTuple(self._sign, digits, self._exp)

    def as_integer_ratio(self):
        """(numerator, denominator), the exact value as a fraction in its
        lowest terms."""
        if self._is_special:
            if self.is_nan():
                raise ValueError('cannot convert NaN to integer ratio')
            raise OverflowError('cannot convert Infinity to integer ratio')
        n = int(self._int)
        if self._exp >= 0:
            n, d = n * 10 ** self._exp, 1
        else:
            d = 10 ** -self._exp
            g = math.gcd(n, d)
            n, d = n // g, d // g
        return (-n if self._sign else n, d)

    def number_class(self, context=None):
        """The class of the number: '+Normal', '-Zero', 'NaN', 'sNaN',
        '+Infinity', '+Subnormal'..."""
        if self.is_snan():
            return 'sNaN'
        if self.is_qnan():
            return 'NaN'
        s = '-' if self._sign else '+'
        if self.is_infinite():
            return s + 'Infinity'
        if self.is_zero():
            return s + 'Zero'
        if self.is_subnormal(context):
            return s + 'Subnormal'
        return s + 'Normal'

    def same_quantum(self, other, context=None):
        """Whether the two have the same exponent (both infinities or both
        NaNs count as the same)."""
        other = _operand(other)
        if self._is_special or other._is_special:
            return (self.is_nan() and other.is_nan()) or (self.is_infinite() and other.is_infinite())
        return self._exp == other._exp

    def canonical(self):
        """The decimal itself."""
        return self

    def conjugate(self):
        """The decimal itself."""
        return self

    @property
    def real(self):
        return self

    @property
    def imag(self):
        return Decimal(0)

    def radix(self):
        """Decimal(10), the base of the arithmetic."""
        return Decimal(10)

    # the sign

    def copy_abs(self):
        """The decimal with a positive sign, no context involved."""
        return _from_parts(0, self._int, self._exp, self._is_special)

    def copy_negate(self):
        """The decimal with the other sign, no context involved."""
        return _from_parts(1 - self._sign, self._int, self._exp, self._is_special)

    def copy_sign(self, other, context=None):
        """The decimal with other's sign."""
        other = _operand(other)
        return _from_parts(other._sign, self._int, self._exp, self._is_special)

    # text

    def __str__(self, eng=False, context=None):
        sign = '-' if self._sign else ''
        if self._is_special:
            if self._exp == 'F':
                return sign + 'Infinity'
            return sign + ('sNaN' if self._exp == 'N' else 'NaN') + self._int
        digits = self._int
        left = self._exp + len(digits)  # the digits before the point in plain notation
        if self._exp <= 0 and left > -6:
            point = left
        elif not eng:
            point = 1
        elif digits == '0':
            point = (left + 1) % 3 - 1
        else:
            point = (left - 1) % 3 + 1
        if point <= 0:
            text = '0.' + '0' * -point + digits
        elif point >= len(digits):
            text = digits + '0' * (point - len(digits))
        else:
            text = digits[:point] + '.' + digits[point:]
        if left != point:
            c = context or getcontext()
            text += ('E' if c.capitals else 'e') + '%+d' % (left - point)
        return sign + text

    def to_eng_string(self, context=None):
        """The engineering notation: an exponent that is a multiple of 3."""
        return self.__str__(eng=True, context=context)

    def __repr__(self):
        return "Decimal('%s')" % self

    def __format__(self, specifier, _localeconv=None):
        return _format(self, specifier)

    # conversions

    def __bool__(self):
        return self._is_special or self._int != '0'

    def __int__(self):
        if self._is_special:
            if self.is_nan():
                raise ValueError('cannot convert NaN to integer')
            raise OverflowError('cannot convert Infinity to integer')
        n = int(self._int)
        if self._exp >= 0:
            n *= 10 ** self._exp
        else:
            n //= 10 ** -self._exp
        return -n if self._sign else n

    __trunc__ = __int__

    def __float__(self):
        if self.is_nan():
            if self.is_snan():
                raise ValueError('cannot convert signaling NaN to float')
            return -math.nan if self._sign else math.nan
        return float(str(self))

    def __complex__(self):
        return complex(float(self))

    def _integral(self, rounding):
        if self._is_special:
            if self.is_nan():
                raise ValueError('cannot convert NaN to integer')
            raise OverflowError('cannot convert Infinity to integer')
        return int(self.to_integral_value(rounding))

    def __floor__(self):
        return self._integral(ROUND_FLOOR)

    def __ceil__(self):
        return self._integral(ROUND_CEILING)

    def __round__(self, n=None):
        if n is not None:
            if not isinstance(n, int):
                raise TypeError('optional arg must be an integer')
            return self.quantize(_from_parts(0, '1', -n))
        return self._integral(ROUND_HALF_EVEN)

    # hashing, copying, pickling

    __hash__ = _decimal.base_hash

    def __reduce__(self):
        return (self.__class__, (str(self),))

    def __copy__(self):
        if type(self) is Decimal:
            return self
        return self.__class__(str(self))

    def __deepcopy__(self, memo):
        if type(self) is Decimal:
            return self
        return self.__class__(str(self))

    # comparison

    def _compare_to(self, other, ordering, context=None):
        """The sign of self - other, or None when the two do not compare
        (a NaN, or another type: NotImplemented then)."""
        if isinstance(other, float):
            _float_op(context, ordering)
            other = Decimal.from_float(other)
        elif isinstance(other, complex):
            if ordering or other.imag != 0:
                return NotImplemented
            _float_op(context, ordering)
            other = Decimal.from_float(other.real)
        elif isinstance(other, numbers.Rational) and not isinstance(other, int):
            if self._is_special:
                other = Decimal(0)  # a NaN or an infinity compares as with any finite number
            else:
                n, d = self.as_integer_ratio()
                a, b = n * other.denominator, other.numerator * d
                return (a > b) - (a < b)
        else:
            other = _convert(other)
            if other is None:
                return NotImplemented
        if self.is_nan() or other.is_nan():
            if ordering or self.is_snan() or other.is_snan():
                (context or getcontext())._raise([InvalidOperation])
            return None
        return _cmp(self, other)

    def __eq__(self, other, context=None):
        r = self._compare_to(other, False, context)
        if r is NotImplemented:
            return r
        return r == 0

    def __ne__(self, other, context=None):
        r = self._compare_to(other, False, context)
        if r is NotImplemented:
            return r
        return r != 0

    def __lt__(self, other, context=None):
        r = self._compare_to(other, True, context)
        return r if r is NotImplemented else (r is not None and r < 0)

    def __le__(self, other, context=None):
        r = self._compare_to(other, True, context)
        return r if r is NotImplemented else (r is not None and r <= 0)

    def __gt__(self, other, context=None):
        r = self._compare_to(other, True, context)
        return r if r is NotImplemented else (r is not None and r > 0)

    def __ge__(self, other, context=None):
        r = self._compare_to(other, True, context)
        return r if r is NotImplemented else (r is not None and r >= 0)

    def compare(self, other, context=None):
        """Decimal('-1'), Decimal('0') or Decimal('1') as self is less than,
        equal to or greater than other; a NaN for a NaN."""
        other = _operand(other)
        c = context or getcontext()
        nan = c._nans(self, other)
        if nan is not None:
            return nan
        return Decimal(_cmp(self, other))

    def compare_signal(self, other, context=None):
        """compare, with any NaN invalid."""
        other = _operand(other)
        c = context or getcontext()
        if self.is_qnan() or other.is_qnan():
            c._raise([InvalidOperation])
        return self.compare(other, context=c)

    def compare_total(self, other, context=None):
        """The total order of the spec: -NaN < -Infinity < ... < -0 < 0 <
        ... < Infinity < sNaN < NaN, and equal values by exponent."""
        other = _operand(other)
        a, b = _total_key(self), _total_key(other)
        return Decimal((a > b) - (a < b))

    def compare_total_mag(self, other, context=None):
        """compare_total of the two magnitudes."""
        return self.copy_abs().compare_total(_operand(other).copy_abs())

    def _minmax(self, other, context, want, mag=False):
        other = _operand(other)
        c = context or getcontext()
        if self._is_special or other._is_special:
            if self.is_snan() or other.is_snan():
                return c._nans(self, other)
            if self.is_qnan() and other.is_qnan():
                return c._nans(self, other)
            if self.is_qnan():
                return c._apply('plus', other)
            if other.is_qnan():
                return c._apply('plus', self)
        a, b = (self.copy_abs(), other.copy_abs()) if mag else (self, other)
        r = _cmp(a, b)
        if r == 0:
            if mag:
                r = _cmp(self, other)
            if r == 0:
                r = self.compare_total(other)._to_int()
        pick = self if (r > 0) == (want > 0) else other
        if r == 0:
            pick = self
        return c._apply('plus', pick)

    def _to_int(self):
        return int(self)

    def max(self, other, context=None):
        """The larger of the two (a number wins over a quiet NaN), rounded
        to the context."""
        return self._minmax(other, context, 1)

    def min(self, other, context=None):
        """The smaller of the two (a number wins over a quiet NaN), rounded
        to the context."""
        return self._minmax(other, context, -1)

    def max_mag(self, other, context=None):
        """max of the magnitudes."""
        return self._minmax(other, context, 1, True)

    def min_mag(self, other, context=None):
        """min of the magnitudes."""
        return self._minmax(other, context, -1, True)

    # arithmetic

    def _binary(self, name, other, context, reflected=False):
        other = _convert(other)
        if other is None:
            return NotImplemented
        a, b = (other, self) if reflected else (self, other)
        c = context or getcontext()
        nan = c._nans(a, b)
        if nan is not None:
            return nan
        return c._apply(name, a, b)

    def __add__(self, other, context=None):
        return self._binary('add', other, context)

    def __radd__(self, other, context=None):
        return self._binary('add', other, context, True)

    def __sub__(self, other, context=None):
        return self._binary('sub', other, context)

    def __rsub__(self, other, context=None):
        return self._binary('sub', other, context, True)

    def __mul__(self, other, context=None):
        return self._binary('mul', other, context)

    def __rmul__(self, other, context=None):
        return self._binary('mul', other, context, True)

    def __truediv__(self, other, context=None):
        return self._binary('div', other, context)

    def __rtruediv__(self, other, context=None):
        return self._binary('div', other, context, True)

    def __floordiv__(self, other, context=None):
        return self._binary('divint', other, context)

    def __rfloordiv__(self, other, context=None):
        return self._binary('divint', other, context, True)

    def __mod__(self, other, context=None):
        return self._binary('rem', other, context)

    def __rmod__(self, other, context=None):
        return self._binary('rem', other, context, True)

    def __divmod__(self, other, context=None):
        if _convert(other) is None:
            return NotImplemented
        return (self.__floordiv__(other, context), self.__mod__(other, context))

    def __rdivmod__(self, other, context=None):
        other = _convert(other)
        if other is None:
            return NotImplemented
        return other.__divmod__(self, context)

    def __pow__(self, other, modulo=None, context=None):
        if modulo is not None:
            return self._modular_pow(other, modulo, context)
        return self._binary('pow', other, context)

    def __rpow__(self, other, modulo=None, context=None):
        other = _convert(other)
        if other is None:
            return NotImplemented
        return other.__pow__(self, modulo, context)

    def _modular_pow(self, other, modulo, context):
        other, modulo = _convert(other), _convert(modulo)
        if other is None or modulo is None:
            return NotImplemented
        c = context or getcontext()
        nan = c._nans(self, other) or c._nans(modulo)
        if nan is not None:
            return nan
        if not all(x.is_finite() and x == x.to_integral_value() for x in (self, other, modulo)) \
                or other < 0 or modulo == 0 or (self == 0 and other == 0) \
                or len(modulo.to_integral_value()._int) > c.prec:
            return c._invalid()
        m = abs(int(modulo))
        r = pow(abs(int(self)), int(other), m)
        sign = 1 if (self._sign and int(other) % 2) else 0
        return _from_parts(sign, str(r), 0)

    def __neg__(self, context=None):
        c = context or getcontext()
        nan = c._nans(self)
        if nan is not None:
            return nan
        if not self._is_special and self._int == '0' and c.rounding != ROUND_FLOOR:
            d = self.copy_abs()
        else:
            d = self.copy_negate()
        return c._apply('plus', d)

    def __pos__(self, context=None):
        c = context or getcontext()
        nan = c._nans(self)
        if nan is not None:
            return nan
        if not self._is_special and self._int == '0' and c.rounding != ROUND_FLOOR:
            d = self.copy_abs()
        else:
            d = self
        return c._apply('plus', d)

    def __abs__(self, round=True, context=None):
        if not round:
            return self.copy_abs()
        if self._sign:
            return self.__neg__(context)
        return self.__pos__(context)

    def fma(self, other, third, context=None):
        """self*other+third with one rounding."""
        other, third = _operand(other), _operand(third)
        c = context or getcontext()
        nan = c._nans(self, other)
        if nan is not None:
            return nan
        if self._is_special or other._is_special:
            product = self.__mul__(other, context=Context(prec=MAX_PREC // 10 ** 12, Emax=MAX_EMAX // 10 ** 12,
                                                          Emin=MIN_EMIN // 10 ** 12, traps=[]))
            if product.is_nan():
                return c._invalid()
        else:
            product = _from_parts(self._sign ^ other._sign, str(int(self._int) * int(other._int)),
                                  self._exp + other._exp)
        return product.__add__(third, context=c)

    def _unary(self, name, context):
        c = context or getcontext()
        nan = c._nans(self)
        if nan is not None:
            return nan
        return c._apply(name, self)

    def sqrt(self, context=None):
        """The square root, correctly rounded (half even)."""
        return self._unary('sqrt', context)

    def exp(self, context=None):
        """e ** self, correctly rounded (half even)."""
        return self._unary('exp', context)

    def ln(self, context=None):
        """The natural logarithm, correctly rounded (half even)."""
        return self._unary('ln', context)

    def log10(self, context=None):
        """The base-10 logarithm, correctly rounded (half even)."""
        if (not self._is_special and not self._sign and self._int.rstrip('0') == '1'):
            c = context or getcontext()
            return c._apply('plus', Decimal(self.adjusted()))  # a power of ten: exact
        return self._unary('log10', context)

    def normalize(self, context=None):
        """The decimal rounded to the context with its trailing zeros
        stripped: Decimal('1.500').normalize() is Decimal('1.5')."""
        return self._unary('normalize', context)

    reduce = normalize

    def quantize(self, exp, rounding=None, context=None):
        """The decimal rounded to exp's exponent:
        Decimal('3.14159').quantize(Decimal('0.01')) is Decimal('3.14')."""
        exp = _operand(exp)
        c = context or getcontext()
        nan = c._nans(self, exp)
        if nan is not None:
            return nan
        if rounding is not None and rounding not in _ROUNDINGS:
            raise TypeError('invalid rounding mode')
        if self._is_special or exp._is_special:
            if self.is_infinite() and exp.is_infinite():
                return Decimal(self)
            return c._invalid()
        if not c.Etiny() <= exp._exp <= c.Emax:
            return c._invalid()
        return c._apply('quantize', self, exp=exp._exp, rounding=rounding)

    def to_integral_value(self, rounding=None, context=None):
        """The decimal rounded to an integer (by rounding, else the
        context's), flagging neither Inexact nor Rounded."""
        c = context or getcontext()
        nan = c._nans(self)
        if nan is not None:
            return nan
        if rounding is not None and rounding not in _ROUNDINGS:
            raise TypeError('invalid rounding mode')
        return c._apply('tointegral', self, rounding=rounding)

    to_integral = to_integral_value

    def to_integral_exact(self, rounding=None, context=None):
        """to_integral_value, flagging Inexact and Rounded."""
        c = context or getcontext()
        nan = c._nans(self)
        if nan is not None:
            return nan
        if rounding is not None and rounding not in _ROUNDINGS:
            raise TypeError('invalid rounding mode')
        return c._apply('tointegralexact', self, rounding=rounding)


def _set(self, sign, digits, exp, special):
    self._sign = sign
    self._int = digits
    self._exp = exp
    self._is_special = special
    return self


def _underscores_ok(text):
    """Whether text's underscores each sit between two digits."""
    return re.fullmatch(r'[-+]?(\d+(_\d+)*)?(\.(\d+(_\d+)*)?)?(E[-+]?\d+(_\d+)*)?', text, re.IGNORECASE) is not None


def _from_tuple(self, value):
    if len(value) != 3:
        raise ValueError('argument must be a sequence of length 3')
    sign, digits, exp = value
    if sign not in (0, 1) or not isinstance(sign, int):
        raise ValueError('sign must be an integer with the value 0 or 1')
    if exp == 'F':
        return _set(self, sign, '0', 'F', True)
    if not isinstance(digits, (tuple, list)):
        raise ValueError('coefficient must be a tuple of digits')
    for d in digits:
        if not isinstance(d, int) or not 0 <= d <= 9:
            raise ValueError('coefficient must be a tuple of digits')
    text = ''.join(str(d) for d in digits)
    if exp in ('n', 'N'):
        return _set(self, sign, text.lstrip('0'), exp, True)
    if not isinstance(exp, int):
        raise ValueError("exponent must be an integer")
    return _set(self, sign, text.lstrip('0') or '0', exp, False)


def _cmp(a, b):
    """The sign of a - b for two Decimals that are no NaN."""
    if a._is_special or b._is_special:
        va = 0 if not a._is_special else (-1 if a._sign else 1)
        vb = 0 if not b._is_special else (-1 if b._sign else 1)
        if va != vb or va != 0:
            if va == vb:
                return 0
            if va or vb:
                return (va > vb) - (va < vb) if (va and vb) or True else 0
    az, bz = a._int == '0', b._int == '0'
    if az or bz:
        if az and bz:
            return 0
        if az:
            return 1 if b._sign else -1
        return -1 if a._sign else 1
    if a._sign != b._sign:
        return -1 if a._sign else 1
    r = _cmp_mag(a, b)
    return -r if a._sign else r


def _cmp_mag(a, b):
    ea, eb = a.adjusted(), b.adjusted()
    if ea != eb:
        return 1 if ea > eb else -1
    n = max(len(a._int), len(b._int))
    da, db = a._int.ljust(n, '0'), b._int.ljust(n, '0')
    return (da > db) - (da < db)


def _total_key(d):
    """A key that orders Decimals as compare_total does."""
    s = -1 if d._sign else 1
    if d._exp == 'n':
        k = (3, int(d._int or '0'))
    elif d._exp == 'N':
        k = (2, int(d._int or '0'))
    elif d._exp == 'F':
        k = (1, 0)
    else:
        return (0, _TotalFinite(d))
    return (s * k[0], s * k[1]) if s > 0 else (-k[0], -k[1])


class _TotalFinite(object):
    """A finite Decimal in the total order: by value, then by exponent."""

    __slots__ = ('d',)

    def __init__(self, d):
        self.d = d

    def __lt__(self, other):
        r = _cmp(self.d, other.d)
        if r:
            return r < 0
        if self.d._sign != other.d._sign:
            return self.d._sign == 1
        if self.d._sign:
            return self.d._exp > other.d._exp
        return self.d._exp < other.d._exp

    def __gt__(self, other):
        return other.__lt__(self)

    def __eq__(self, other):
        return not self.__lt__(other) and not other.__lt__(self)


# Formatting, after the Format Specification Mini-Language.

_SPEC = re.compile(r"""
    \A
    (?:
       (?P<fill>.)?
       (?P<align>[<>=^])
    )?
    (?P<sign>[-+ ])?
    (?P<no_neg_0>z)?
    (?P<zeropad>0)?
    (?P<minimumwidth>\d+)?
    (?P<thousands_sep>,)?
    (?:\.(?P<precision>\d+))?
    (?P<type>[eEfFgGn%])?
    \Z
""", re.VERBOSE | re.DOTALL)


def _format(d, specifier):
    if not isinstance(specifier, str):
        raise TypeError('format() argument must be str, not %s' % type(specifier).__name__)
    m = _SPEC.match(specifier)
    if m is None:
        raise ValueError('invalid format string')
    spec = m.groupdict()
    fill = spec['fill']
    zeropad = spec['zeropad']
    if zeropad and fill is not None:
        raise ValueError('invalid format string')
    if zeropad and spec['align'] is None:
        fill, align = '0', '='
    else:
        fill = ' ' if fill is None else fill
        align = spec['align'] or '>'
        if zeropad:
            fill = '0'
    sign_spec = spec['sign'] or '-'
    width = int(spec['minimumwidth'] or 0)
    prec = spec['precision']
    prec = int(prec) if prec is not None else None
    kind = spec['type']
    sep = spec['thousands_sep']
    if kind == 'n':
        sep = None
    context = getcontext()
    if kind is None:
        kind = 'g' if False else None

    sign = d._sign
    if d._is_special:
        body = str(d.copy_abs()) if d._exp != 'F' else 'Infinity'
        if d._exp != 'F':
            body = ('sNaN' if d._exp == 'N' else 'NaN') + d._int
        if kind == '%':
            body += '%'
        return _pad(_sign_text(sign, sign_spec), body, fill, align, width)

    if prec == 0 and kind in ('g', 'G'):
        prec = 1
    rounding = context.rounding
    # round to the precision the type asks
    x = d
    if prec is not None:
        if kind in ('e', 'E'):
            x = _round_digits(x, prec + 1, rounding)
        elif kind in ('f', 'F', '%'):
            shift = 2 if kind == '%' else 0
            x = _round_exp(x, -prec - shift, rounding)
        elif kind in ('g', 'G', 'n') or kind is None:
            if len(x._int) > prec:
                x = _round_digits(x, prec, rounding)
    if kind is None and prec is None:
        pass
    if kind == '%':
        x = _from_parts(x._sign, x._int, x._exp + 2)
    digits = x._int
    exp = x._exp
    if kind in ('e', 'E') and x._int == '0' and prec is None:
        pass
    # choose the point and the exponent
    left = exp + len(digits)
    if kind in ('e', 'E'):
        point = 1 if digits != '0' else 1
        if digits == '0' and prec is None:
            point = 1
    elif kind in ('f', 'F', '%'):
        point = left
    elif kind in ('g', 'G', 'n'):
        if exp <= 0 and left > -6:
            point = left
        else:
            point = 1
    else:  # no type: as str, but always plain when the precision allows
        if exp <= 0 and left > -6:
            point = left
        else:
            point = 1
    if digits == '0' and kind in ('e', 'E'):
        point = 1
    if digits == '0' and kind in ('f', 'F', '%'):
        point = left
    if point <= 0:
        intpart = '0'
        frac = '0' * -point + digits
    elif point >= len(digits):
        intpart = digits + '0' * (point - len(digits))
        frac = ''
    else:
        intpart = digits[:point]
        frac = digits[point:]
    if prec is not None and kind in ('e', 'E', 'f', 'F', '%'):
        frac = frac.ljust(prec, '0')
    if kind in ('e', 'E') and prec is None and digits == '0':
        pass
    sign_text = _sign_text(sign, sign_spec)
    if spec['no_neg_0'] and sign and all(ch == '0' for ch in intpart + frac):
        sign_text = _sign_text(0, sign_spec)
    if left != point:
        if kind in ('e', 'E', 'g', 'G', 'n'):
            echar = 'E' if kind in ('E', 'G') else 'e'
        else:
            echar = 'E' if context.capitals else 'e'
        exp_text = echar + '%+d' % (left - point)
    else:
        exp_text = ''
    if kind in ('e', 'E') and digits != '0' or (kind in ('e', 'E') and digits == '0'):
        exp_text = ('E' if kind == 'E' else 'e') + '%+d' % (left - point)
    if kind in ('f', 'F', '%'):
        exp_text = ''
    if kind in ('F', 'G', 'E'):
        pass
    point_text = '.' if frac else ''
    if sep:
        intpart = _group(intpart, sep, width - len(sign_text) - len(point_text) - len(frac) - len(exp_text)
                         - (1 if kind == '%' else 0) if fill == '0' and align == '=' else 0)
    elif fill == '0' and align == '=':
        pass
    body = intpart + point_text + frac + exp_text + ('%' if kind == '%' else '')
    return _pad(sign_text, body, fill, align, width)


def _sign_text(sign, sign_spec):
    if sign:
        return '-'
    if sign_spec == '+':
        return '+'
    if sign_spec == ' ':
        return ' '
    return ''


def _group(intpart, sep, minwidth):
    groups = []
    while len(intpart) > 3:
        groups.insert(0, intpart[-3:])
        intpart = intpart[:-3]
    groups.insert(0, intpart)
    text = sep.join(groups)
    # zero padding with separators: widen with groups of zeros
    while len(text) < minwidth:
        head = text.split(sep)[0]
        if len(head) < 3:
            text = '0' + text
        else:
            text = '0' + sep + text
    if len(text) > minwidth and minwidth > 0 and text.startswith('0' + sep) and len(text) - 1 == minwidth:
        text = sep + text[2:] if False else text
    return text


def _pad(sign, body, fill, align, width):
    n = width - len(sign) - len(body)
    if n <= 0:
        return sign + body
    if align == '<':
        return sign + body + fill * n
    if align == '>':
        return fill * n + sign + body
    if align == '=':
        return sign + fill * n + body
    half = n // 2
    return fill * half + sign + body + fill * (n - half)


def _round_digits(d, ndigits, rounding):
    """d rounded to ndigits significant digits (for the e and g formats)."""
    if d._int == '0':
        return _from_parts(d._sign, '0', d._exp) if ndigits is None else d
    return _round_exp(d, d._exp + len(d._int) - ndigits, rounding)


def _round_exp(d, exp, rounding):
    """d rounded to the exponent exp, with rounding, at any precision."""
    if d._exp >= exp:
        if d._int == '0' or True:
            return _from_parts(d._sign, d._int + '0' * (d._exp - exp) if d._int != '0' else '0', exp) \
                if d._exp > exp else d
    need = max(len(d._int) - (exp - d._exp), 1) + 1
    c = Context(prec=need, rounding=rounding, Emin=MIN_EMIN, Emax=MAX_EMAX, traps=[])
    r = c._apply('quantize', d, exp=exp)
    return r


_NaN = _from_parts(0, '', 'n', True)

DefaultContext = Context(prec=28, rounding=ROUND_HALF_EVEN, Emin=-999999, Emax=999999,
                         capitals=1, clamp=0, flags=[],
                         traps=[DivisionByZero, Overflow, InvalidOperation])
BasicContext = Context(prec=9, rounding=ROUND_HALF_UP, flags=[],
                       traps=[DivisionByZero, Overflow, InvalidOperation, Clamped, Underflow])
ExtendedContext = Context(prec=9, rounding=ROUND_HALF_EVEN, flags=[], traps=[])

numbers.Number.register(Decimal)
