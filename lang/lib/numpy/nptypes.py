# np.loadtxt, np.savetxt, np.genfromtxt, np.fromiter, np.array_repr and
# np.array_str, written in Python over kael's NumPy: kael's own code,
# behaving as NumPy 1.24's numpy/lib/npyio.py and numpy/core/arrayprint.py.
import numpy as np


def _lines(fname, what):
    # the lines of a path, an open file or a list of strings
    if isinstance(fname, str):
        with open(fname) as f:
            return f.read().splitlines()
    if hasattr(fname, 'read'):
        return fname.read().splitlines()
    try:
        return [str(line).rstrip('\r\n') for line in fname]
    except TypeError:
        raise ValueError('fname must be a string, filehandle, list of strings,\n'
                        'or generator. Got %s instead.' % type(fname)) from None


def _strip_comment(line, comments):
    for c in comments:
        i = line.find(c)
        if i >= 0:
            line = line[:i]
    return line


def _comments(comments):
    if comments is None:
        return []
    if isinstance(comments, str):
        return [comments]
    return list(comments)


def _split(line, delimiter):
    if delimiter is None:
        return line.split()
    return line.split(delimiter)


def _columns(usecols):
    if usecols is None:
        return None
    if isinstance(usecols, int) or hasattr(usecols, '__index__'):
        return [int(usecols)]
    return [int(c) for c in usecols]


def _ndmin(a, ndmin):
    if ndmin not in (0, 1, 2):
        raise ValueError('Illegal value of ndmin keyword: %s' % (ndmin,))
    if a.ndim > ndmin:
        a = _squeeze(a)
    if a.ndim < ndmin:
        a = a.reshape(1) if ndmin == 1 else a.reshape(1, -1).T if a.ndim == 1 else a.reshape(1, 1)
    return a


def _squeeze(a):
    # np.squeeze, keeping a 0-d array
    return a.reshape(tuple(n for n in a.shape if n != 1))


def _convert(text, dt, row, col):
    s = text.strip()
    try:
        if np.issubdtype(dt, np.integer):
            try:
                return int(s)
            except ValueError:
                return int(float(s))
        if np.issubdtype(dt, np.complexfloating):
            return complex(s.replace('+-', '-'))
        if np.issubdtype(dt, np.bool_):
            return bool(int(s))
        return float(s)
    except ValueError:
        raise ValueError("could not convert string %r to %s at row %d, column %d."
                         % (s, np.dtype(dt).name, row, col + 1)) from None


def loadtxt(fname, dtype=float, comments='#', delimiter=None, converters=None,
            skiprows=0, usecols=None, unpack=False, ndmin=0, encoding='bytes',
            max_rows=None, quotechar=None, like=None):
    if converters is not None or quotechar is not None or like is not None:
        raise NotImplementedError("kael's np.loadtxt has no converters=, quotechar= or like=")
    if ndmin not in (0, 1, 2):
        raise ValueError('Illegal value of ndmin keyword: %s' % (ndmin,))
    if skiprows < 0:
        raise ValueError("argument 'skiprows' must not be negative")
    dt = np.dtype(dtype)
    comments = _comments(comments)
    cols = _columns(usecols)
    rows = []
    ncols = None
    for lineno, line in enumerate(_lines(fname, 'loadtxt')):
        if lineno < skiprows:
            continue
        if max_rows is not None and len(rows) >= max_rows:
            break
        line = _strip_comment(line, comments)
        if delimiter is None and not line.strip() or delimiter is not None and not line.strip():
            continue
        fields = _split(line, delimiter)
        if cols is None:
            if ncols is not None and len(fields) != ncols:
                raise ValueError('the number of columns changed from %d to %d at row %d; '
                                 'use `usecols` to select a subset and avoid this error'
                                 % (ncols, len(fields), lineno + 1))
            ncols = len(fields)
            picked = list(range(len(fields)))
        else:
            picked = []
            for c in cols:
                if not -len(fields) <= c < len(fields):
                    raise ValueError('invalid column index %d at row %d with %d columns'
                                     % (c, lineno + 1, len(fields)))
                picked.append(c % len(fields))
        rows.append([_convert(fields[c], dt, len(rows), c) for c in picked])
    if rows:
        arr = np.array(rows, dtype=dt)
    else:
        arr = np.empty((0, len(cols)) if cols is not None else (0,), dtype=dt)
    arr = _ndmin(arr, ndmin)
    if unpack:
        return arr.T
    return arr


def savetxt(fname, X, fmt='%.18e', delimiter=' ', newline='\n', header='',
            footer='', comments='# ', encoding=None):
    if not isinstance(fname, str) and not hasattr(fname, 'write'):
        raise ValueError('fname must be a string or file handle')
    X = np.asarray(X)
    if X.ndim == 0 or X.ndim > 2:
        raise ValueError('Expected 1D or 2D array, got %dD array instead' % X.ndim)
    if X.ndim == 1:
        X = X.reshape(-1, 1)
    ncol = X.shape[1]
    if iscomplex := np.issubdtype(X.dtype, np.complexfloating):
        raise NotImplementedError("kael's np.savetxt does not write complex arrays")
    if isinstance(fmt, bytes):
        fmt = fmt.decode('latin1')
    if isinstance(fmt, (list, tuple)):
        if len(fmt) != ncol:
            raise AttributeError('fmt has wrong shape.  %s' % str(fmt))
        format = delimiter.join(fmt)
    elif isinstance(fmt, str):
        n = fmt.count('%')
        if n == 1:
            format = delimiter.join([fmt] * ncol)
        elif n != ncol:
            raise ValueError('fmt has wrong number of %% formats:  %s' % fmt)
        else:
            format = fmt
    else:
        raise ValueError('invalid fmt: %r' % (fmt,))
    out = []
    if len(header) > 0:
        header = header.replace('\n', '\n' + comments)
        out.append(comments + header + newline)
    for row in X.tolist():
        try:
            out.append(format % tuple(row) + newline)
        except TypeError as e:
            raise TypeError("Mismatch between array dtype ('%s') and format specifier ('%s')"
                            % (str(X.dtype), format)) from e
    if len(footer) > 0:
        footer = footer.replace('\n', '\n' + comments)
        out.append(comments + footer + newline)
    text = ''.join(out)
    if isinstance(fname, str):
        with open(fname, 'w') as f:
            f.write(text)
    else:
        fname.write(text)


def genfromtxt(fname, dtype=float, comments='#', delimiter=None, skip_header=0,
               skip_footer=0, converters=None, missing_values=None, filling_values=None,
               usecols=None, names=None, excludelist=None, deletechars=None,
               replace_space='_', autostrip=False, case_sensitive=True, defaultfmt='f%i',
               unpack=None, usemask=False, loose=True, invalid_raise=True, max_rows=None,
               encoding='bytes', ndmin=0, like=None):
    if names is not None or converters is not None or missing_values is not None or usemask or like is not None:
        raise NotImplementedError("kael's np.genfromtxt has no names=, converters=, missing_values=, usemask= or like=")
    if dtype is None:
        raise NotImplementedError("kael's np.genfromtxt needs a dtype (dtype=None is not supported)")
    if max_rows is not None and skip_footer:
        raise ValueError("The keywords 'skip_footer' and 'max_rows' can not be used at the same time.")
    dt = np.dtype(dtype)
    integral = np.issubdtype(dt, np.integer)
    fill = (-1 if integral else np.nan) if filling_values is None else filling_values
    comments = _comments(comments)
    cols = _columns(usecols)
    lines = _lines(fname, 'genfromtxt')[skip_header:]
    data = []
    for line in lines:
        line = _strip_comment(line, comments)
        if not line.strip():
            continue
        data.append(_split(line, delimiter))
    if skip_footer > 0:
        data = data[:len(data) - skip_footer]
    if max_rows is not None:
        data = data[:max_rows]
    if not data:
        return np.array([], dtype=dt)
    ncols = len(data[0]) if cols is None else len(cols)
    bad = []
    rows = []
    for i, fields in enumerate(data):
        if cols is not None:
            fields = [fields[c] for c in cols]
        if len(fields) != ncols:
            bad.append('    Line #%d (got %d columns instead of %d)' % (i + 1 + skip_header, len(fields), ncols))
            continue
        row = []
        for j, f in enumerate(fields):
            f = f.strip()
            if f == '':
                row.append(fill)
                continue
            try:
                row.append(_convert(f, dt, i, j))
            except ValueError:
                row.append(-1 if integral else np.nan)
        rows.append(row)
    if bad and invalid_raise:
        raise ValueError('Some errors were detected !\n' + '\n'.join(bad))
    out = _squeeze(np.array(rows, dtype=dt))
    out = _ndmin(out, ndmin)
    if unpack:
        return out.T
    return out


def fromiter(iter, dtype, count=-1, like=None):
    if like is not None:
        raise NotImplementedError("kael's np.fromiter has no like=")
    dt = np.dtype(dtype)
    values = []
    if count != 0:
        for v in iter:
            values.append(v)
            if count > 0 and len(values) == count:
                break
    if count > 0 and len(values) < count:
        raise ValueError('iterator too short: Expected %d but iterator had only %d items.'
                         % (count, len(values)))
    return np.array(values, dtype=dt).reshape(len(values))


def _printoptions(max_line_width, precision, suppress_small):
    kw = {}
    if max_line_width is not None:
        kw['linewidth'] = max_line_width
    if precision is not None:
        kw['precision'] = precision
    if suppress_small is not None:
        kw['suppress'] = suppress_small
    return np.printoptions(**kw)


def _need_array(a, attr):
    if not isinstance(a, np.ndarray):
        raise AttributeError("'%s' object has no attribute '%s'" % (type(a).__name__, attr))


def array_repr(arr, max_line_width=None, precision=None, suppress_small=None):
    _need_array(arr, 'dtype')
    with _printoptions(max_line_width, precision, suppress_small):
        return repr(arr)


def array_str(a, max_line_width=None, precision=None, suppress_small=None):
    _need_array(a, 'shape')
    with _printoptions(max_line_width, precision, suppress_small):
        return str(a)


def common_type(arrays):
    # np.common_type(*arrays) (the builtin passes the tuple), as NumPy's
    # numpy/lib/type_check.py: the widest precision (integers as float64),
    # complex when one array is
    precision = {np.float16: 0, np.float32: 1, np.float64: 2, np.complex64: 1, np.complex128: 2}
    is_complex = False
    p = 0
    for a in arrays:
        t = a.dtype.type
        if np.iscomplexobj(a):
            is_complex = True
        if issubclass(t, np.integer):
            q = 2
        else:
            q = precision.get(t, None)
            if q is None:
                raise TypeError("can't get common type for non-numeric array")
        p = max(p, q)
    if is_complex:
        return [None, np.complex64, np.complex128][p]
    return [np.float16, np.float32, np.float64][p]
