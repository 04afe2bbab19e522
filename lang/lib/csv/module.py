"""CSV parsing and writing, as CPython 3.11's csv module.

The reader, the writer and the dialect registry are kael's _csv, in Go;
the dialect classes, DictReader, DictWriter and Sniffer are here, as in
CPython's csv.py, so that a class may derive from them (Sniffer follows
CPython's algorithm: quotes found by patterns first, else the character
whose count per line is most consistent).
"""

import re
from io import StringIO

from _csv import (Error, reader, writer,
                  register_dialect, unregister_dialect, get_dialect,
                  list_dialects, field_size_limit, QUOTE_MINIMAL, QUOTE_ALL,
                  QUOTE_NONNUMERIC, QUOTE_NONE)
from _csv import Dialect as _Dialect

__all__ = ['QUOTE_MINIMAL', 'QUOTE_ALL', 'QUOTE_NONNUMERIC', 'QUOTE_NONE',
           'Error', 'Dialect', 'excel', 'excel_tab', 'field_size_limit',
           'reader', 'writer', 'register_dialect', 'get_dialect',
           'list_dialects', 'unregister_dialect', 'DictReader',
           'DictWriter', 'unix_dialect', 'Sniffer']

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


# The patterns of a quoted field, tried in this order: between two
# delimiters, at a line's start, at a line's end, alone on a line.
_QUOTED_FIELD = [
    r'(?P<delim>[^\w\n"\'])(?P<space> ?)(?P<quote>["\']).*?(?P=quote)(?P=delim)',
    r'(?:^|\n)(?P<quote>["\']).*?(?P=quote)(?P<delim>[^\w\n"\'])(?P<space> ?)',
    r'(?P<delim>[^\w\n"\'])(?P<space> ?)(?P<quote>["\']).*?(?P=quote)(?:$|\n)',
    r'(?:^|\n)(?P<quote>["\']).*?(?P=quote)(?:$|\n)',
]


class DictReader:
    """The records of f as dicts keyed by fieldnames (the first record
    when None): the values past them under restkey, the missing ones
    restval; blank records are skipped."""

    def __init__(self, f, fieldnames=None, restkey=None, restval=None,
                 dialect="excel", *args, **kwds):
        if fieldnames is not None and iter(fieldnames) is fieldnames:
            fieldnames = list(fieldnames)
        self._fieldnames = fieldnames   # list of keys for the dict
        self.restkey = restkey          # key to catch long rows
        self.restval = restval          # default value for short rows
        self.reader = reader(f, dialect, *args, **kwds)
        self.dialect = dialect
        self.line_num = 0

    def __iter__(self):
        return self

    @property
    def fieldnames(self):
        if self._fieldnames is None:
            try:
                self._fieldnames = next(self.reader)
            except StopIteration:
                pass
        self.line_num = self.reader.line_num
        return self._fieldnames

    @fieldnames.setter
    def fieldnames(self, value):
        self._fieldnames = value

    def __next__(self):
        if self.line_num == 0:
            # Used only for its side effect.
            self.fieldnames
        row = next(self.reader)
        self.line_num = self.reader.line_num

        # unlike the basic reader, we prefer not to return blanks,
        # because we will typically wind up with a dict full of None
        # values
        while row == []:
            row = next(self.reader)
        d = dict(zip(self.fieldnames, row))
        lf = len(self.fieldnames)
        lr = len(row)
        if lf < lr:
            d[self.restkey] = row[lf:]
        elif lf > lr:
            for key in self.fieldnames[lr:]:
                d[key] = self.restval
        return d


class DictWriter:
    """A writer of dicts as records, their values in the order of
    fieldnames (restval for a missing one); a key not in fieldnames is a
    ValueError, or ignored with extrasaction='ignore'."""

    def __init__(self, f, fieldnames, restval="", extrasaction="raise",
                 dialect="excel", *args, **kwds):
        if fieldnames is not None and iter(fieldnames) is fieldnames:
            fieldnames = list(fieldnames)
        self.fieldnames = fieldnames    # list of keys for the dict
        self.restval = restval          # for writing short dicts
        extrasaction = extrasaction.lower()
        if extrasaction not in ("raise", "ignore"):
            raise ValueError("extrasaction (%s) must be 'raise' or 'ignore'"
                             % extrasaction)
        self.extrasaction = extrasaction
        self.writer = writer(f, dialect, *args, **kwds)

    def writeheader(self):
        header = dict(zip(self.fieldnames, self.fieldnames))
        return self.writerow(header)

    def _dict_to_list(self, rowdict):
        if self.extrasaction == "raise":
            wrong_fields = rowdict.keys() - self.fieldnames
            if wrong_fields:
                raise ValueError("dict contains fields not in fieldnames: "
                                 + ", ".join([repr(x) for x in wrong_fields]))
        return (rowdict.get(key, self.restval) for key in self.fieldnames)

    def writerow(self, rowdict):
        return self.writer.writerow(self._dict_to_list(rowdict))

    def writerows(self, rowdicts):
        return self.writer.writerows(map(self._dict_to_list, rowdicts))


def _most_common(counts, allowed=None):
    """The key of counts with the highest count (the first seen of
    equal ones), among allowed when given; None when there is none."""
    best = None
    for key, n in counts.items():
        if allowed is not None and key not in allowed:
            continue
        if best is None or n > counts[best]:
            best = key
    return best


def _spaced(line, delim):
    """Whether every delim of line is followed by a space."""
    return line.count(delim) == line.count(delim + " ")


class Sniffer:
    """Guesses the format of a CSV file from a sample of it: sniff()
    returns a Dialect class, has_header() whether the first row names
    the columns."""

    def __init__(self):
        # the delimiters preferred when several are as likely
        self.preferred = [',', '\t', ';', ' ', ':']

    def sniff(self, sample, delimiters=None):
        """Returns a Dialect (a class) for sample, the start of a CSV
        file; delimiters limits the characters considered."""
        quotechar, doublequote, delimiter, skipinitialspace = \
            self._guess_quote_and_delimiter(sample, delimiters)
        if not delimiter:
            delimiter, skipinitialspace = self._guess_delimiter(sample,
                                                                delimiters)
        if not delimiter:
            raise Error("Could not determine delimiter")

        class dialect(Dialect):
            _name = "sniffed"
            lineterminator = '\r\n'
            quoting = QUOTE_MINIMAL

        dialect.doublequote = doublequote
        dialect.delimiter = delimiter
        dialect.quotechar = quotechar or '"'
        dialect.skipinitialspace = skipinitialspace
        return dialect

    def _guess_quote_and_delimiter(self, data, delimiters):
        """From quoted fields: (quotechar, doublequote, delimiter,
        skipinitialspace), or ('', False, None, 0) when data has none."""
        found = []
        for pattern in _QUOTED_FIELD:
            found = list(re.compile(pattern, re.DOTALL | re.MULTILINE)
                         .finditer(data))
            if found:
                break
        if not found:
            return ('', False, None, 0)
        quotes, delims, spaces = {}, {}, 0
        for m in found:
            groups = m.groupdict()
            q = groups['quote']
            if q:
                quotes[q] = quotes.get(q, 0) + 1
            d = groups.get('delim')
            if d and (delimiters is None or d in delimiters):
                delims[d] = delims.get(d, 0) + 1
            if groups.get('space'):
                spaces += 1
        quotechar = _most_common(quotes)
        if delims:
            delim = _most_common(delims)
            skipinitialspace = delims[delim] == spaces
            if delim == '\n':  # a quoted field alone on its line
                delim = ''
        else:
            delim, skipinitialspace = '', 0
        # a doubled quote inside a field: a quote, text, a quote, text,
        # a quote, between delimiters or the line's ends
        d = re.escape(delim)
        q = re.escape(quotechar)
        doubled = re.compile(
            r'((%s)|^)\W*%s[^%s\n]*%s[^%s\n]*%s\W*((%s)|$)'
            % (d, q, d, q, d, q, d), re.MULTILINE)
        doublequote = bool(doubled.search(data))
        return (quotechar, doublequote, delim, skipinitialspace)

    def _guess_delimiter(self, data, delimiters):
        """From the counts of each character per line, in chunks of ten
        lines: the character whose count is the same on (nearly) every
        line. Returns (delimiter, skipinitialspace), ('', 0) if none."""
        lines = [line for line in data.split('\n') if line]
        chunk = min(10, len(lines))
        # freqs[c][n]: how many lines so far have n of character c
        freqs = {}
        delims = {}
        rounds = 0
        start, end = 0, chunk
        while start < len(lines):
            rounds += 1
            for line in lines[start:end]:
                for code in range(127):
                    c = chr(code)
                    per = freqs.setdefault(c, {})
                    n = line.count(c)
                    per[n] = per.get(n, 0) + 1
            # each character's mode: (count per line, lines with it,
            # less the lines with another count)
            modes = {}
            for c, per in freqs.items():
                pairs = list(per.items())
                if len(pairs) == 1:
                    if pairs[0][0] == 0:
                        continue
                    modes[c] = pairs[0]
                    continue
                top = pairs[0]
                for pair in pairs[1:]:
                    if pair[1] > top[1]:
                        top = pair
                others = sum(n for count, n in pairs) - top[1]
                modes[c] = (top[0], top[1] - others)
            seen = float(min(chunk * rounds, len(lines)))
            consistency = 1.0
            while not delims and consistency >= 0.9:
                for c, (count, n) in modes.items():
                    if count > 0 and n > 0 and n / seen >= consistency \
                            and (delimiters is None or c in delimiters):
                        delims[c] = (count, n)
                consistency -= 0.01
            if len(delims) == 1:
                delim = next(iter(delims))
                return (delim, _spaced(lines[0], delim))
            start = end
            end += chunk
        if not delims:
            return ('', 0)
        if len(delims) > 1:
            for d in self.preferred:
                if d in delims:
                    return (d, _spaced(lines[0], d))
        # the one with the highest (count, lines), the greatest character
        # of equal ones
        delim = None
        for c in sorted(delims):
            if delim is None or delims[c] >= delims[delim]:
                delim = c
        return (delim, _spaced(lines[0], delim))

    def has_header(self, sample):
        """Whether sample's first row is a header: it is when, in the
        columns whose other rows agree on a type (a number, or a length),
        more of its cells differ from that type than match it."""
        rows = reader(StringIO(sample), self.sniff(sample))
        header = next(rows)
        width = len(header)
        kinds = dict.fromkeys(range(width))
        for checked, row in enumerate(rows):
            if checked > 20:
                break
            if len(row) != width:
                continue
            for col in list(kinds):
                try:
                    complex(row[col])
                    kind = complex
                except (ValueError, OverflowError):
                    kind = len(row[col])
                if kind != kinds[col]:
                    if kinds[col] is None:
                        kinds[col] = kind
                    else:
                        del kinds[col]
        votes = 0
        for col, kind in kinds.items():
            if type(kind) == int:
                votes += 1 if len(header[col]) != kind else -1
            else:
                try:
                    kind(header[col])
                except (ValueError, TypeError):
                    votes += 1
                else:
                    votes -= 1
        return votes > 0
