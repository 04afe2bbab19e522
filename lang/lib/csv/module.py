"""CSV parsing and writing, as CPython 3.11's csv module.

The reader, the writers and the dialect registry are kael's _csv, in Go;
the dialect classes are here, as in CPython's csv.py.
"""

from _csv import (Error, reader, writer, DictReader, DictWriter,
                  register_dialect, unregister_dialect, get_dialect,
                  list_dialects, field_size_limit, QUOTE_MINIMAL, QUOTE_ALL,
                  QUOTE_NONNUMERIC, QUOTE_NONE)
from _csv import Dialect as _Dialect

__all__ = ['QUOTE_MINIMAL', 'QUOTE_ALL', 'QUOTE_NONNUMERIC', 'QUOTE_NONE',
           'Error', 'Dialect', 'excel', 'excel_tab', 'field_size_limit',
           'reader', 'writer', 'register_dialect', 'get_dialect',
           'list_dialects', 'unregister_dialect', 'DictReader',
           'DictWriter', 'unix_dialect']

__version__ = '1.0'


class Dialect:
    """Describe a CSV dialect: a subclass sets the format parameters as
    class attributes, and making one checks them (csv.Error if bad)."""
    _name = ''
    _valid = False
    delimiter = None
    quotechar = None
    escapechar = None
    doublequote = None
    skipinitialspace = None
    lineterminator = None
    quoting = None

    def __init__(self):
        if self.__class__ != Dialect:
            self._valid = True
        self._validate()

    def _validate(self):
        try:
            _Dialect(self)
        except TypeError as e:
            raise Error(str(e))


class excel(Dialect):
    """The usual properties of an Excel-made CSV file."""
    delimiter = ','
    quotechar = '"'
    doublequote = True
    skipinitialspace = False
    lineterminator = '\r\n'
    quoting = QUOTE_MINIMAL


class excel_tab(excel):
    """The usual properties of an Excel-made TAB-delimited file."""
    delimiter = '\t'


class unix_dialect(Dialect):
    """The usual properties of a CSV file made on UNIX."""
    delimiter = ','
    quotechar = '"'
    doublequote = True
    skipinitialspace = False
    lineterminator = '\n'
    quoting = QUOTE_ALL
