"""Locale support, as CPython 3.11's locale module in the C locale.

kael has one locale: C, with text in UTF-8 (LC_CTYPE is C.UTF-8), which
is how CPython starts when the environment asks for C.UTF-8. setlocale
takes the names of that locale ('C', 'POSIX', 'C.UTF-8', 'C.utf8', and
'' for the default, C.UTF-8) and refuses others with locale.Error, as
CPython does for a locale the system lacks.
"""

import os

__all__ = ['getlocale', 'getdefaultlocale', 'getpreferredencoding', 'Error',
           'setlocale', 'resetlocale', 'localeconv', 'strcoll', 'strxfrm',
           'str', 'atof', 'atoi', 'format', 'format_string', 'currency',
           'LC_CTYPE', 'LC_COLLATE', 'LC_TIME', 'LC_MONETARY', 'LC_NUMERIC',
           'LC_ALL', 'CHAR_MAX', 'getencoding', 'LC_MESSAGES']

_builtin_str = str

LC_CTYPE = 0
LC_NUMERIC = 1
LC_TIME = 2
LC_COLLATE = 3
LC_MONETARY = 4
LC_MESSAGES = 5
LC_ALL = 6
CHAR_MAX = 127


class Error(Exception):
    pass


# glibc's categories, in the order its LC_ALL name lists them; those
# past LC_MESSAGES have no constant in Python.
_CATEGORY_NAMES = ['LC_CTYPE', 'LC_NUMERIC', 'LC_TIME', 'LC_COLLATE',
                   'LC_MONETARY', 'LC_MESSAGES', 'LC_PAPER', 'LC_NAME',
                   'LC_ADDRESS', 'LC_TELEPHONE', 'LC_MEASUREMENT',
                   'LC_IDENTIFICATION']
_current = ['C.UTF-8'] + ['C'] * 11
_KNOWN = {'C': 'C', 'POSIX': 'C', 'C.UTF-8': 'C.UTF-8', 'C.utf8': 'C.utf8',
          '': 'C.UTF-8'}


def _all_name():
    if all(n == _current[0] for n in _current):
        return _current[0]
    return ';'.join('%s=%s' % pair for pair in zip(_CATEGORY_NAMES, _current))


def _localename(locale):
    if locale is None or isinstance(locale, _builtin_str):
        return locale
    code, encoding = locale
    if encoding is None:
        return code
    return code + '.' + encoding


def setlocale(category, locale=None):
    """Set the locale of category to locale, or return the current one
    when locale is None."""
    if not isinstance(category, int):
        raise TypeError("'%s' object cannot be interpreted as an integer"
                        % type(category).__name__)
    if locale is not None and not isinstance(locale, _builtin_str):
        locale = _localename(locale)
    if category < 0 or category > LC_ALL:
        raise Error('unsupported locale setting')
    if locale is None:
        return _all_name() if category == LC_ALL else _current[category]
    if locale not in _KNOWN:
        raise Error('unsupported locale setting')
    name = _KNOWN[locale]
    if category == LC_ALL:
        for i in range(len(_current)):
            _current[i] = name
        return _all_name()
    _current[category] = name
    return name


def resetlocale(category=LC_ALL):
    """Set the locale of category to the default (C.UTF-8)."""
    setlocale(category, '')


def _parse(name):
    if name in ('C', 'POSIX'):
        return None, None
    if name.lower() in ('c.utf-8', 'c.utf8'):
        return 'en_US', 'UTF-8'
    if '@' in name:
        name = name.split('@', 1)[0]
    if '.' in name:
        code, encoding = name.split('.', 1)
        return code, encoding
    return name, None


def getlocale(category=LC_CTYPE):
    """The language code and encoding of category's locale, as a tuple
    (None, None for the C locale)."""
    if category == LC_ALL:
        name = _all_name()
        if ';' in name:
            raise TypeError('category LC_ALL is not supported')
        return _parse(name)
    return _parse(setlocale(category))


def getdefaultlocale(envvars=('LC_ALL', 'LC_CTYPE', 'LANG', 'LANGUAGE')):
    """The default locale from the environment, as (language code,
    encoding)."""
    for variable in envvars:
        value = os.environ.get(variable)
        if value:
            if variable == 'LANGUAGE':
                value = value.split(':')[0]
            break
    else:
        value = 'C'
    return _parse(value)


def getencoding():
    """The locale encoding: UTF-8."""
    return 'UTF-8'


def getpreferredencoding(do_setlocale=True):
    """The encoding text files are opened with by default: UTF-8."""
    return 'UTF-8'


def localeconv():
    """The C locale's numeric and monetary conventions."""
    return {'int_curr_symbol': '', 'currency_symbol': '',
            'mon_decimal_point': '', 'mon_thousands_sep': '',
            'mon_grouping': [], 'positive_sign': '', 'negative_sign': '',
            'int_frac_digits': CHAR_MAX, 'frac_digits': CHAR_MAX,
            'p_cs_precedes': CHAR_MAX, 'p_sep_by_space': CHAR_MAX,
            'n_cs_precedes': CHAR_MAX, 'n_sep_by_space': CHAR_MAX,
            'p_sign_posn': CHAR_MAX, 'n_sign_posn': CHAR_MAX,
            'decimal_point': '.', 'thousands_sep': '', 'grouping': []}


def strcoll(a, b):
    """Compare two strings by the locale's collation: code points in C."""
    if not isinstance(a, _builtin_str) or not isinstance(b, _builtin_str):
        raise TypeError('strcoll() argument must be str, not %s'
                        % type(b if isinstance(a, _builtin_str) else a).__name__)
    return (a > b) - (a < b)


def strxfrm(s):
    """The key that sorts as strcoll compares: s itself in C."""
    if not isinstance(s, _builtin_str):
        raise TypeError('strxfrm() argument must be str, not %s'
                        % type(s).__name__)
    return s


def format_string(f, val, grouping=False, monetary=False):
    """f % val, by the locale's conventions (the C locale groups no digits)."""
    return f % val


def format(percent, value, grouping=False, monetary=False, *additional):
    """Deprecated: format_string of a single % specifier."""
    if not percent.startswith('%') or percent.count('%') != 1:
        raise ValueError(("format() must be given exactly one %%char "
                          "format specifier, %s not valid") % repr(percent))
    return format_string(percent, value, grouping, monetary)


def currency(val, symbol=True, grouping=False, international=False):
    """Format val as money: impossible in the C locale."""
    raise ValueError("Currency formatting is not possible using "
                     "the 'C' locale.")


def str(val):
    """val as str() of a float with 12 significant digits, localised."""
    return format_string('%.12g', val)


def delocalize(string):
    """string with the locale's separators made Python's."""
    return string


def localize(string, grouping=False, monetary=False):
    """string with the locale's decimal point and grouping."""
    return string


def atof(string, func=float):
    """func of string, read by the locale's conventions."""
    return func(delocalize(string))


def atoi(string):
    """int of string, read by the locale's conventions."""
    return int(delocalize(string))
