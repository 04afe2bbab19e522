"""numpy.testing: the assertions of NumPy 1.24's numpy/testing, written
for kael over its NumPy (kael's own code, with NumPy's rules and messages).

Every failing check raises AssertionError with the text NumPy gives: a
header, the caller's err_msg, the mismatch statistics and the reprs of
both operands.
"""

import contextlib
import difflib
import operator
import re
import traceback
import unittest
import warnings

import numpy as np


def _array_repr_or_repr(a, precision):
    if isinstance(a, np.ndarray):
        return np.array_repr(a, precision=precision)
    return repr(a)


def build_err_msg(arrays, err_msg, header='Items are not equal:',
                  verbose=True, names=('ACTUAL', 'DESIRED'), precision=8):
    """The text of a failed assertion: header (with a short err_msg on its
    line, a long one on the next) and, when verbose, the repr of each of
    arrays under its name, cut to its first three lines."""
    lines = ['\n' + header]
    if err_msg:
        if '\n' not in err_msg and len(err_msg) < 79 - len(header):
            lines = [lines[0] + ' ' + err_msg]
        else:
            lines.append(err_msg)
    if verbose:
        for i, a in enumerate(arrays):
            try:
                r = _array_repr_or_repr(a, precision)
            except Exception as exc:
                r = f'[repr failed for <{type(a).__name__}>: {exc}]'
            if r.count('\n') > 3:
                r = '\n'.join(r.splitlines()[:3]) + '...'
            lines.append(f' {names[i]}: {r}')
    return '\n'.join(lines)


def assert_(val, msg=''):
    """Raise AssertionError(msg) when val is false; a callable msg is
    called for the text."""
    if not val:
        try:
            text = msg()
        except TypeError:
            text = msg
        raise AssertionError(text)


def _isfinite(x):
    with np.errstate(invalid='ignore'):
        return np.isfinite(x)


def assert_equal(actual, desired, err_msg='', verbose=True):
    """Raise AssertionError unless actual and desired are equal: dicts,
    lists and tuples item by item, arrays element by element (a scalar
    against each element), NaN equal to NaN, 0.0 not equal to -0.0."""
    if isinstance(desired, dict):
        if not isinstance(actual, dict):
            raise AssertionError(repr(type(actual)))
        assert_equal(len(actual), len(desired), err_msg, verbose)
        for k in desired:
            if k not in actual:
                raise AssertionError(repr(k))
            assert_equal(actual[k], desired[k], f'key={k!r}\n{err_msg}', verbose)
        return
    if isinstance(desired, (list, tuple)) and isinstance(actual, (list, tuple)):
        assert_equal(len(actual), len(desired), err_msg, verbose)
        for k in range(len(desired)):
            assert_equal(actual[k], desired[k], f'item={k!r}\n{err_msg}', verbose)
        return
    if isinstance(actual, np.ndarray) or isinstance(desired, np.ndarray):
        return assert_array_equal(actual, desired, err_msg, verbose)
    msg = build_err_msg([actual, desired], err_msg, verbose=verbose)

    # complex numbers compare by parts, for NaN, inf and signed zeros
    try:
        usecomplex = np.iscomplexobj(actual) or np.iscomplexobj(desired)
    except (ValueError, TypeError):
        usecomplex = False
    if usecomplex:
        if np.iscomplexobj(actual):
            actualr, actuali = np.real(actual), np.imag(actual)
        else:
            actualr, actuali = actual, 0
        if np.iscomplexobj(desired):
            desiredr, desiredi = np.real(desired), np.imag(desired)
        else:
            desiredr, desiredi = desired, 0
        try:
            assert_equal(actualr, desiredr)
            assert_equal(actuali, desiredi)
        except AssertionError:
            raise AssertionError(msg)

    # [np.nan] is not np.nan
    if np.isscalar(desired) != np.isscalar(actual):
        raise AssertionError(msg)

    try:
        if np.isnan(desired) and np.isnan(actual):
            return
        if desired == 0 and actual == 0:
            if not np.signbit(desired) == np.signbit(actual):
                raise AssertionError(msg)
    except (TypeError, ValueError, NotImplementedError):
        pass

    try:
        if not (desired == actual):
            raise AssertionError(msg)
    except (DeprecationWarning, FutureWarning) as e:
        if 'elementwise == comparison' in e.args[0]:
            raise AssertionError(msg)
        raise


def assert_almost_equal(actual, desired, decimal=7, err_msg='', verbose=True):
    """Raise AssertionError unless abs(desired - actual) < 1.5 * 10**-decimal
    (arrays, lists and tuples element by element; NaN equal to NaN)."""
    try:
        usecomplex = np.iscomplexobj(actual) or np.iscomplexobj(desired)
    except ValueError:
        usecomplex = False

    def fail_msg():
        header = 'Arrays are not almost equal to %d decimals' % decimal
        return build_err_msg([actual, desired], err_msg, verbose=verbose, header=header)

    if usecomplex:
        if np.iscomplexobj(actual):
            actualr, actuali = np.real(actual), np.imag(actual)
        else:
            actualr, actuali = actual, 0
        if np.iscomplexobj(desired):
            desiredr, desiredi = np.real(desired), np.imag(desired)
        else:
            desiredr, desiredi = desired, 0
        try:
            assert_almost_equal(actualr, desiredr, decimal=decimal)
            assert_almost_equal(actuali, desiredi, decimal=decimal)
        except AssertionError:
            raise AssertionError(fail_msg())

    if isinstance(actual, (np.ndarray, tuple, list)) or isinstance(desired, (np.ndarray, tuple, list)):
        return assert_array_almost_equal(actual, desired, decimal, err_msg)
    try:
        # not finite: NaN only with NaN, inf only with the same inf
        if not (_isfinite(desired) and _isfinite(actual)):
            if np.isnan(desired) or np.isnan(actual):
                if not (np.isnan(desired) and np.isnan(actual)):
                    raise AssertionError(fail_msg())
            elif not desired == actual:
                raise AssertionError(fail_msg())
            return
    except (NotImplementedError, TypeError):
        pass
    if abs(desired - actual) >= np.float64(1.5 * 10.0 ** (-decimal)):
        raise AssertionError(fail_msg())


def assert_approx_equal(actual, desired, significant=7, err_msg='', verbose=True):
    """Raise AssertionError unless the floats actual and desired agree to
    significant digits, both scaled by the power of ten of their mean
    magnitude."""
    actual, desired = float(actual), float(desired)
    if desired == actual:
        return
    with np.errstate(invalid='ignore'):
        scale = 0.5 * (np.abs(desired) + np.abs(actual))
        scale = np.power(10, np.floor(np.log10(scale)))
    try:
        sc_desired = desired / scale
    except ZeroDivisionError:
        sc_desired = 0.0
    try:
        sc_actual = actual / scale
    except ZeroDivisionError:
        sc_actual = 0.0
    msg = build_err_msg([actual, desired], err_msg,
                        header='Items are not equal to %d significant digits:' % significant,
                        verbose=verbose)
    try:
        if not (_isfinite(desired) and _isfinite(actual)):
            if np.isnan(desired) or np.isnan(actual):
                if not (np.isnan(desired) and np.isnan(actual)):
                    raise AssertionError(msg)
            elif not desired == actual:
                raise AssertionError(msg)
            return
    except (TypeError, NotImplementedError):
        pass
    if np.abs(sc_desired - sc_actual) >= np.power(10., -(significant - 1)):
        raise AssertionError(msg)


def _isnumber(x):
    return x.dtype.char in '?bhilqpBHILQPefdgFDG'


def _same_positions(x, y, func, hasval, err_msg, verbose, header, precision):
    """Raise AssertionError unless func (isnan, == +inf, == -inf) is true at
    the same places of x and y; return where it is (a 0-d flag when either
    is 0-d)."""
    x_id = func(x)
    y_id = func(y)
    if np.bool_(x_id == y_id).all() != True:
        msg = build_err_msg([x, y], err_msg + '\nx and y %s location mismatch:' % hasval,
                            verbose=verbose, header=header, names=('x', 'y'),
                            precision=precision)
        raise AssertionError(msg)
    if isinstance(x_id, bool) or x_id.ndim == 0:
        return np.bool_(x_id)
    if isinstance(y_id, bool) or y_id.ndim == 0:
        return np.bool_(y_id)
    return y_id


def _abs(a):
    """abs(a); NumPy's abs of a bool array is the array (kael's is refused)."""
    return a if a.dtype == np.bool_ else abs(a)


def _mismatch_remarks(x, y, reduced, flagged):
    """The lines NumPy adds under a failed comparison: how many elements
    differ and, for numbers, the largest absolute and relative
    differences."""
    n_mismatch = reduced.size - reduced.sum(dtype=np.intp)
    n_elements = flagged.size if flagged.ndim != 0 else reduced.size
    percent_mismatch = 100 * n_mismatch / n_elements
    remarks = ['Mismatched elements: {} / {} ({:.3g}%)'.format(n_mismatch, n_elements, percent_mismatch)]
    with np.errstate(all='ignore'):
        # differences of bools (and other non-numbers) are not shown
        with contextlib.suppress(TypeError):
            error = abs(x - y)
            if np.issubdtype(x.dtype, np.unsignedinteger):
                error = np.minimum(error, abs(y - x))
            remarks.append('Max absolute difference: ' + np.array2string(np.asarray(np.max(error))))
            # the relative difference of np.isclose, where y is not zero
            nonzero = np.bool_(y != 0)
            if np.all(~nonzero):
                max_rel_error = np.array(np.inf)
            elif nonzero.ndim == 0:
                max_rel_error = np.max(error / _abs(y))
            else:
                max_rel_error = np.max(error[nonzero] / _abs(y[nonzero]))
            remarks.append('Max relative difference: ' + np.array2string(np.asarray(max_rel_error)))
    return remarks


def assert_array_compare(comparison, x, y, err_msg='', verbose=True, header='',
                         precision=6, equal_nan=True, equal_inf=True, *, strict=False):
    """The comparison under the array assertions: shapes that broadcast as
    NumPy's rule (equal, or one of them 0-d; equal shapes and dtypes when
    strict), NaNs (and infinities) at the same places, then comparison(x, y)
    true everywhere else."""
    x = np.asarray(x)
    y = np.asarray(y)
    ox, oy = x, y
    try:
        if strict:
            cond = x.shape == y.shape and x.dtype == y.dtype
        else:
            cond = (x.shape == () or y.shape == ()) or x.shape == y.shape
        if not cond:
            if x.shape != y.shape:
                reason = f'\n(shapes {x.shape}, {y.shape} mismatch)'
            else:
                reason = f'\n(dtypes {x.dtype}, {y.dtype} mismatch)'
            raise AssertionError(build_err_msg([x, y], err_msg + reason, verbose=verbose,
                                               header=header, names=('x', 'y'),
                                               precision=precision))
        flagged = np.bool_(False)
        if _isnumber(x) and _isnumber(y):
            if equal_nan:
                flagged = _same_positions(x, y, np.isnan, 'nan', err_msg, verbose, header, precision)
            if equal_inf:
                flagged |= _same_positions(x, y, lambda xy: xy == +np.inf, '+inf',
                                           err_msg, verbose, header, precision)
                flagged |= _same_positions(x, y, lambda xy: xy == -np.inf, '-inf',
                                           err_msg, verbose, header, precision)
        if flagged.ndim > 0:
            x, y = x[~flagged], y[~flagged]
            if x.size == 0:
                return
        elif flagged:
            return

        val = comparison(x, y)
        if isinstance(val, bool):
            cond = val
            reduced = np.array([val])
        else:
            reduced = val.ravel()
            cond = reduced.all()
        if cond != True:
            remarks = _mismatch_remarks(x, y, reduced, flagged)
            err_msg += '\n' + '\n'.join(remarks)
            raise AssertionError(build_err_msg([ox, oy], err_msg, verbose=verbose,
                                               header=header, names=('x', 'y'),
                                               precision=precision))
    except ValueError:
        header = f'error during assertion:\n\n{traceback.format_exc()}\n\n{header}'
        raise ValueError(build_err_msg([x, y], err_msg, verbose=verbose, header=header,
                                       names=('x', 'y'), precision=precision))


def assert_array_equal(x, y, err_msg='', verbose=True, *, strict=False):
    """Raise AssertionError unless x and y have one shape (or one is a
    scalar) and equal elements, NaNs at the same places; strict=True also
    requires equal shapes and dtypes."""
    assert_array_compare(operator.eq, x, y, err_msg=err_msg, verbose=verbose,
                         header='Arrays are not equal', strict=strict)


def assert_array_almost_equal(x, y, decimal=6, err_msg='', verbose=True):
    """Raise AssertionError unless x and y have one shape and
    abs(y - x) < 1.5 * 10**-decimal everywhere, NaNs and infinities at the
    same places."""

    def compare(x, y):
        try:
            if np.any(np.isinf(x)) or np.any(np.isinf(y)):
                xinfid = np.isinf(x)
                yinfid = np.isinf(y)
                if not (xinfid == yinfid).all():
                    return False
                if x.size == y.size == 1:
                    return x == y
                x = x[~xinfid]
                y = y[~yinfid]
        except (TypeError, NotImplementedError):
            pass
        # an inexact y, so that abs(MIN_INT) does not wrap
        dtype = np.result_type(y, 1.)
        y = np.asarray(y, dtype)
        z = abs(x - y)
        if not np.issubdtype(z.dtype, np.number):
            z = z.astype(np.float_)
        return z < 1.5 * 10.0 ** (-decimal)

    assert_array_compare(compare, x, y, err_msg=err_msg, verbose=verbose,
                         header='Arrays are not almost equal to %d decimals' % decimal,
                         precision=decimal)


def assert_array_less(x, y, err_msg='', verbose=True):
    """Raise AssertionError unless x < y everywhere (shapes as
    assert_array_equal's), NaNs at the same places."""
    assert_array_compare(operator.lt, x, y, err_msg=err_msg, verbose=verbose,
                         header='Arrays are not less-ordered', equal_inf=False)


def _format_g(v):
    """format(v, 'g'), a 0-d array as its element, as NumPy formats it."""
    if isinstance(v, np.ndarray) and v.ndim == 0:
        v = v.item()
    return format(v, 'g')


def assert_allclose(actual, desired, rtol=1e-7, atol=0, equal_nan=True, err_msg='', verbose=True):
    """Raise AssertionError unless actual and desired have one shape (or
    one is a scalar) and abs(actual - desired) <= atol + rtol * abs(desired)
    everywhere (np.isclose), NaNs equal with equal_nan."""

    def compare(x, y):
        return np.isclose(x, y, rtol=rtol, atol=atol, equal_nan=equal_nan)

    actual, desired = np.asarray(actual), np.asarray(desired)
    header = f'Not equal to tolerance rtol={_format_g(rtol)}, atol={_format_g(atol)}'
    assert_array_compare(compare, actual, desired, err_msg=str(err_msg), verbose=verbose,
                         header=header, equal_nan=equal_nan)


def _spacing(x):
    """np.spacing of the absolute values of the float array x: the distance
    to the next larger float of its dtype."""
    vdt = _UINT_OF[x.dtype]
    ax = np.abs(x)
    bits = np.frombuffer(np.ascontiguousarray(ax).tobytes(), dtype=vdt) + vdt(1)
    following = np.frombuffer(bits.tobytes(), dtype=x.dtype).reshape(ax.shape)
    return following - ax


_UINT_OF = {np.dtype(np.float16): np.uint16, np.dtype(np.float32): np.uint32, np.dtype(np.float64): np.uint64}
_INT_OF = {np.dtype(np.float16): np.int16, np.dtype(np.float32): np.int32, np.dtype(np.float64): np.int64}


def _float_type(*arrays):
    """np.common_type of arrays: float64 for integers, else the widest of
    their float types."""
    t = np.float16
    for a in arrays:
        if np.iscomplexobj(a):
            raise NotImplementedError("_nulp not implemented for complex array")
        if not np.issubdtype(a.dtype, np.floating):
            t = np.float64
        elif a.dtype.itemsize > np.dtype(t).itemsize:
            t = a.dtype.type
    return t


def integer_repr(x):
    """The sign-magnitude integers of the bits of the floats x, in which
    neighbouring floats differ by one."""
    if x.dtype not in _INT_OF:
        raise ValueError(f'Unsupported dtype {x.dtype}')
    vdt = _INT_OF[x.dtype]
    rx = np.frombuffer(np.ascontiguousarray(x).tobytes(), dtype=vdt).reshape(x.shape).copy()
    comp = vdt(-2 ** (8 * x.dtype.itemsize - 1))
    neg = rx < 0
    rx[neg] = comp - rx[neg]
    return rx


def nulp_diff(x, y, dtype=None):
    """The number of floats between each element of x and y."""
    if dtype:
        x = np.asarray(x, dtype=dtype)
        y = np.asarray(y, dtype=dtype)
    else:
        x = np.asarray(x)
        y = np.asarray(y)
    t = _float_type(x, y)
    x = np.array([x], dtype=t)
    y = np.array([y], dtype=t)
    # one bit pattern for every NaN
    x[np.isnan(x)] = np.nan
    y[np.isnan(y)] = np.nan
    if not x.shape == y.shape:
        raise ValueError("x and y do not have the same shape: %s - %s" % (x.shape, y.shape))
    rx = integer_repr(x)
    ry = integer_repr(y)
    return np.abs(np.asarray(rx - ry, dtype=t))


def assert_array_almost_equal_nulp(x, y, nulp=1):
    """Raise AssertionError unless abs(x - y) <= nulp * spacing(max(abs(x),
    abs(y))) everywhere."""
    ax = np.abs(x)
    ay = np.abs(y)
    big = np.asarray(np.where(ax > ay, ax, ay))
    if not np.issubdtype(big.dtype, np.floating):
        big = big.astype(np.float64)
    ref = nulp * _spacing(big)
    if not np.all(np.abs(x - y) <= ref):
        if np.iscomplexobj(x) or np.iscomplexobj(y):
            msg = "X and Y are not equal to %d ULP" % nulp
        else:
            max_nulp = np.max(nulp_diff(x, y))
            msg = "X and Y are not equal to %d ULP (max is %g)" % (nulp, max_nulp)
        raise AssertionError(msg)


def assert_array_max_ulp(a, b, maxulp=1, dtype=None):
    """Raise AssertionError unless a and b are at most maxulp floats apart
    everywhere; return the distances."""
    ret = nulp_diff(a, b, dtype)
    if not np.all(ret <= maxulp):
        raise AssertionError("Arrays are not almost equal up to %g ULP (max difference is %g ULP)"
                             % (maxulp, np.max(ret)))
    return ret


def assert_string_equal(actual, desired):
    """Raise AssertionError, with the lines that differ (difflib's), unless
    the strings actual and desired are equal."""
    if not isinstance(actual, str):
        raise AssertionError(repr(type(actual)))
    if not isinstance(desired, str):
        raise AssertionError(repr(type(desired)))
    if desired == actual:
        return
    diff = list(difflib.Differ().compare(actual.splitlines(True), desired.splitlines(True)))
    diff_list = []
    while diff:
        d1 = diff.pop(0)
        if d1.startswith('  '):
            continue
        if d1.startswith('- '):
            group = [d1]
            d2 = diff.pop(0)
            if d2.startswith('? '):
                group.append(d2)
                d2 = diff.pop(0)
            if not d2.startswith('+ '):
                raise AssertionError(repr(d2))
            group.append(d2)
            if diff:
                d3 = diff.pop(0)
                if d3.startswith('? '):
                    group.append(d3)
                else:
                    diff.insert(0, d3)
            if d2[2:] == d1[2:]:
                continue
            diff_list.extend(group)
            continue
        raise AssertionError(repr(d1))
    if not diff_list:
        return
    raise AssertionError(f"Differences in strings:\n{''.join(diff_list).rstrip()}")


class _Dummy(unittest.TestCase):
    def nop(self):
        pass


_d = _Dummy('nop')


def assert_raises(*args, **kwargs):
    """assert_raises(exception_class, callable, *args, **kwargs) fails
    unless the call raises exception_class; assert_raises(exception_class)
    is a context manager that fails unless its block does."""
    return _d.assertRaises(*args, **kwargs)


def assert_raises_regex(exception_class, expected_regexp, *args, **kwargs):
    """assert_raises whose exception's message must also match
    expected_regexp (re.search)."""
    return _d.assertRaisesRegex(exception_class, expected_regexp, *args, **kwargs)


class _WarningLog(list):
    """A list of suppress_warnings' caught warnings (its log and the lists
    record() returns): reading it takes in what its block caught so far."""

    def __init__(self, owner):
        list.__init__(self)
        self._owner = owner

    def _sync(self):
        if self._owner._entered:
            self._owner._collect()

    def __len__(self):
        self._sync()
        return list.__len__(self)

    def __iter__(self):
        self._sync()
        return list.__iter__(self)

    def __getitem__(self, i):
        self._sync()
        return list.__getitem__(self, i)

    def __bool__(self):
        self._sync()
        return list.__len__(self) > 0

    def __eq__(self, other):
        self._sync()
        return list.__eq__(self, other)

    def __repr__(self):
        self._sync()
        return list.__repr__(self)


class suppress_warnings:
    """A context manager (and decorator) that hides the warnings matching
    its filters (category, a message regex matched from the start, without
    case) and collects those of its record() lists; the others go to the
    outer handler, per forwarding_rule ("always", "once", "module",
    "location"). kael catches the block's warnings with
    catch_warnings(record=True): the record lists take them in when read,
    and the others are issued again, through the outer filters, when the
    block ends."""

    def __init__(self, forwarding_rule="always"):
        if forwarding_rule not in {"always", "module", "once", "location"}:
            raise ValueError("unsupported forwarding rule.")
        self._forwarding_rule = forwarding_rule
        self._entered = False
        self._suppressions = []

    def _filter(self, category=Warning, message="", module=None, record=False):
        log = _WarningLog(self) if record else None
        entry = (category, message, re.compile(message, re.I), module, log)
        if self._entered:
            warnings.filterwarnings("always", category=category, message=message)
            self._tmp_suppressions.append(entry)
        else:
            self._suppressions.append(entry)
        return log

    def filter(self, category=Warning, message="", module=None):
        """Hide the warnings of category whose message matches message."""
        self._filter(category=category, message=message, module=module)

    def record(self, category=Warning, message="", module=None):
        """Hide the warnings of category whose message matches message and
        return the list that collects them."""
        return self._filter(category=category, message=message, module=module, record=True)

    def __enter__(self):
        if self._entered:
            raise RuntimeError("cannot enter suppress_warnings twice.")
        self._tmp_suppressions = []
        self._forwarded = set()
        self._pending = []
        self._seen = 0
        self.log = _WarningLog(self)
        self._stack = contextlib.ExitStack()
        self._caught = self._stack.enter_context(warnings.catch_warnings(record=True))
        self._entered = True
        for cat, mess, _, mod, log in self._suppressions:
            if log is not None:
                del log[:]
            warnings.filterwarnings("always", category=cat, message=mess)
        return self

    def __exit__(self, *exc_info):
        self._collect()
        self._entered = False
        self._stack.close()
        pending = self._pending
        del self._caught, self._stack, self._pending
        for w in pending:
            self._forward(w)
        return False

    def _collect(self):
        """Sort the warnings caught since the last call: into the logs of
        the suppressions they match, or to be passed on at the end."""
        caught = self._caught
        while self._seen < len(caught):
            w = caught[self._seen]
            self._seen += 1
            if not self._suppress(w):
                self._pending.append(w)

    def _suppress(self, w):
        message = w.message
        text = message.args[0] if isinstance(message, Warning) and message.args else message
        for cat, _, pattern, mod, log in (self._suppressions + self._tmp_suppressions)[::-1]:
            if issubclass(w.category, cat) and pattern.match(str(text)) is not None:
                if mod is None or getattr(mod, '__file__', '').startswith(w.filename):
                    if log is not None:
                        list.append(self.log, w)
                        list.append(log, w)
                    return True
        return False

    def _forward(self, w):
        message = w.message
        if self._forwarding_rule != "always":
            args = message.args if isinstance(message, Warning) else (message,)
            signature = {"once": (args, w.category),
                         "module": (args, w.category, w.filename),
                         "location": (args, w.category, w.filename, w.lineno)}[self._forwarding_rule]
            if signature in self._forwarded:
                return
            self._forwarded.add(signature)
        # to the outer handler, through the outer filters (which the
        # inner ones copied)
        warnings.warn_explicit(message, w.category, w.filename, w.lineno)

    def __call__(self, func):
        def new_func(*args, **kwargs):
            with self:
                return func(*args, **kwargs)
        new_func.__name__ = getattr(func, '__name__', 'new_func')
        new_func.__doc__ = getattr(func, '__doc__', None)
        return new_func


@contextlib.contextmanager
def _warns_context(warning_class, name=None):
    with suppress_warnings() as sup:
        caught = sup.record(warning_class)
        yield
    if not len(caught) > 0:
        name_str = f' when calling {name}' if name is not None else ''
        raise AssertionError("No warning raised" + name_str)


def assert_warns(warning_class, *args, **kwargs):
    """assert_warns(warning_class, func, *args, **kwargs) calls func and
    fails unless it warned warning_class (returning its result);
    assert_warns(warning_class) is a context manager that fails unless
    its block does."""
    if not args:
        return _warns_context(warning_class)
    func = args[0]
    with _warns_context(warning_class, name=func.__name__):
        return func(*args[1:], **kwargs)


@contextlib.contextmanager
def _no_warnings_context(name=None):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        yield
    if len(caught) > 0:
        name_str = f' when calling {name}' if name is not None else ''
        raise AssertionError(f'Got warnings{name_str}: {caught}')


def assert_no_warnings(*args, **kwargs):
    """assert_no_warnings(func, *args, **kwargs) calls func and fails if it
    warned (returning its result); assert_no_warnings() is a context
    manager that fails if its block warns."""
    if not args:
        return _no_warnings_context()
    func = args[0]
    with _no_warnings_context(name=func.__name__):
        return func(*args[1:], **kwargs)


def print_assert_equal(test_string, actual, desired):
    """Raise AssertionError, with test_string and both objects
    pretty-printed, unless actual == desired."""
    import pprint
    if not (actual == desired):
        raise AssertionError(test_string + ' failed\nACTUAL: \n' + pprint.pformat(actual) + '\nDESIRED: \n'
                             + pprint.pformat(desired) + '\n')


@contextlib.contextmanager
def tempdir(*args, **kwargs):
    """A context manager giving a new temporary directory (tempfile.mkdtemp's
    arguments), removed with its contents at the end."""
    import shutil
    import tempfile
    path = tempfile.mkdtemp(*args, **kwargs)
    try:
        yield path
    finally:
        shutil.rmtree(path)


@contextlib.contextmanager
def temppath(*args, **kwargs):
    """A context manager giving the path of a new, closed temporary file
    (tempfile.mkstemp's arguments), removed at the end."""
    import os
    import tempfile
    fd, path = tempfile.mkstemp(*args, **kwargs)
    os.close(fd)
    try:
        yield path
    finally:
        os.remove(path)
