"""JSON (JavaScript Object Notation), as Python's json module: dumps and
dump write a Python value as JSON text, loads and load read one back.
JSONEncoder and JSONDecoder are the classes doing the work (derive from
JSONEncoder and define default(o) to write other objects), and a text
that is no JSON raises JSONDecodeError, a ValueError saying where.

kael's json is written after CPython's json package; the scanning and
the writing are done in Go (_json), as CPython's _json accelerator does."""

import _json

__all__ = [
    'dump', 'dumps', 'load', 'loads',
    'JSONDecoder', 'JSONDecodeError', 'JSONEncoder',
]

__version__ = '2.0.9'  # the version of CPython 3.11's json package


class JSONDecodeError(ValueError):
    """The error of a text that is no JSON: a ValueError whose message
    says where, with msg (the message alone), doc (the text), pos (the
    index of the character where reading failed), and lineno and colno
    (its line and column, from 1)."""

    def __init__(self, msg, doc, pos):
        lineno = doc.count('\n', 0, pos) + 1
        colno = pos - doc.rfind('\n', 0, pos)
        errmsg = '%s: line %d column %d (char %d)' % (msg, lineno, colno, pos)
        ValueError.__init__(self, errmsg)
        self.msg = msg
        self.doc = doc
        self.pos = pos
        self.lineno = lineno
        self.colno = colno


_CONSTANTS = {
    '-Infinity': float('-inf'),
    'Infinity': float('inf'),
    'NaN': float('nan'),
}


class JSONDecoder(object):
    """Simple JSON decoder: objects become dicts, arrays lists, strings
    str, numbers int or float, true, false and null True, False and None;
    NaN, Infinity and -Infinity are read as their floats.

    object_hook, if given, is called with each object's dict and its
    result used instead; object_pairs_hook with the object's list of
    (key, value) pairs (it wins over object_hook). parse_float and
    parse_int are called with the text of each float and int,
    parse_constant with '-Infinity', 'Infinity' or 'NaN'. With
    strict=False, control characters are allowed inside strings.
    """

    def __init__(self, *, object_hook=None, parse_float=None,
                 parse_int=None, parse_constant=None, strict=True,
                 object_pairs_hook=None):
        self.object_hook = object_hook
        self.parse_float = parse_float or float
        self.parse_int = parse_int or int
        self.parse_constant = parse_constant or _CONSTANTS.__getitem__
        self.strict = strict
        self.object_pairs_hook = object_pairs_hook

    def _scan(self, s, idx, whole):
        constant = self.parse_constant
        if constant == _CONSTANTS.__getitem__:
            constant = None
        return _json.scan(s, idx, whole, self.strict, self.object_hook,
                          self.object_pairs_hook, self.parse_float,
                          self.parse_int, constant)

    def decode(self, s, _w=None):
        """The value the JSON text s spells; spaces may surround it, and
        anything else after it is an error ("Extra data")."""
        r = self._scan(s, 0, True)
        if r[0] is None and len(r) == 3:
            raise JSONDecodeError(r[1], s, r[2]) from None
        return r[0]

    def raw_decode(self, s, idx=0):
        """The value whose JSON text starts at index idx of s, and the
        index after it: (value, end). What follows it is not read."""
        r = self._scan(s, idx, False)
        if r[0] is None and len(r) == 3:
            raise JSONDecodeError(r[1], s, r[2]) from None
        return r


class JSONEncoder(object):
    """Extensible JSON encoder for Python data structures: dict, list,
    tuple, str, int, float (and their subclasses), True, False and None.

    To write other objects, derive from it and define default(o), which
    returns a serializable object for o or raises TypeError (or pass
    default= to the constructor).
    """
    item_separator = ', '
    key_separator = ': '

    def __init__(self, *, skipkeys=False, ensure_ascii=True,
                 check_circular=True, allow_nan=True, sort_keys=False,
                 indent=None, separators=None, default=None):
        self.skipkeys = skipkeys
        self.ensure_ascii = ensure_ascii
        self.check_circular = check_circular
        self.allow_nan = allow_nan
        self.sort_keys = sort_keys
        self.indent = indent
        if separators is not None:
            self.item_separator, self.key_separator = separators
        elif indent is not None:
            self.item_separator = ','
        if default is not None:
            self.default = default

    def default(self, o):
        """What to write for o, an object JSON has no form for: a subclass
        returns a value that has one, or calls this one, which raises
        TypeError."""
        raise TypeError(f'Object of type {o.__class__.__name__} '
                        f'is not JSON serializable')

    def encode(self, o):
        """The JSON text of o, as a str."""
        if isinstance(o, str):
            if self.ensure_ascii:
                return _json.encode_basestring_ascii(o)
            return _json.encode_basestring(o)
        chunks = self.iterencode(o, _one_shot=True)
        if not isinstance(chunks, (list, tuple)):
            chunks = list(chunks)
        return ''.join(chunks)

    def iterencode(self, o, _one_shot=False):
        """The JSON text of o in pieces to iterate over; kael's encoder
        gives the whole text as one piece."""
        default = self.default
        if getattr(default, '__func__', None) is JSONEncoder.default:
            default = None
        return [_json.encode(o, self.skipkeys, self.ensure_ascii,
                             self.check_circular, self.allow_nan,
                             self.sort_keys, self.indent,
                             self.item_separator, self.key_separator,
                             default)]


_default_encoder = JSONEncoder()
_default_decoder = JSONDecoder()


def dump(obj, fp, *, skipkeys=False, ensure_ascii=True, check_circular=True,
         allow_nan=True, cls=None, indent=None, separators=None,
         default=None, sort_keys=False, **kw):
    """Writes the JSON text of obj to fp, a file open for writing text
    (anything with write(str)); the other arguments are dumps'."""
    fp.write(dumps(obj, skipkeys=skipkeys, ensure_ascii=ensure_ascii,
                   check_circular=check_circular, allow_nan=allow_nan,
                   cls=cls, indent=indent, separators=separators,
                   default=default, sort_keys=sort_keys, **kw))


def dumps(obj, *, skipkeys=False, ensure_ascii=True, check_circular=True,
          allow_nan=True, cls=None, indent=None, separators=None,
          default=None, sort_keys=False, **kw):
    """The JSON text of obj, as a str.

    skipkeys leaves out dict keys that are no str, int, float, bool or
    None (else a TypeError); ensure_ascii=False writes non-ASCII
    characters as they are; check_circular=False skips the check for
    containers holding themselves; allow_nan=False refuses NaN and the
    infinities; indent (an int or a str) writes one item a line;
    separators is (item_separator, key_separator); default(o) is called
    for objects it cannot write; sort_keys sorts dicts by key; cls is the
    JSONEncoder subclass to use.
    """
    if (not skipkeys and ensure_ascii and check_circular and allow_nan and
            cls is None and indent is None and separators is None and
            default is None and not sort_keys and not kw):
        return _default_encoder.encode(obj)
    if cls is None:
        cls = JSONEncoder
    return cls(
        skipkeys=skipkeys, ensure_ascii=ensure_ascii,
        check_circular=check_circular, allow_nan=allow_nan, indent=indent,
        separators=separators, default=default, sort_keys=sort_keys,
        **kw).encode(obj)


def detect_encoding(b):
    """The encoding of the JSON bytes b: UTF-8, UTF-16 or UTF-32 (their
    byte order marks, or the pattern of zero bytes a JSON text starts
    with)."""
    bstartswith = b.startswith
    if bstartswith((b'\xff\xfe\x00\x00', b'\x00\x00\xfe\xff')):
        return 'utf-32'
    if bstartswith((b'\xff\xfe', b'\xfe\xff')):
        return 'utf-16'
    if bstartswith(b'\xef\xbb\xbf'):
        return 'utf-8-sig'

    # A JSON text starts with an ASCII character, so the zero bytes
    # around its first one tell the width and the byte order.
    if len(b) >= 4:
        if not b[0]:
            return 'utf-16-be' if b[1] else 'utf-32-be'
        if not b[1]:
            return 'utf-16-le' if b[2] or b[3] else 'utf-32-le'
    elif len(b) == 2:
        if not b[0]:
            return 'utf-16-be'
        if not b[1]:
            return 'utf-16-le'
    return 'utf-8'


def load(fp, *, cls=None, object_hook=None, parse_float=None,
         parse_int=None, parse_constant=None, object_pairs_hook=None, **kw):
    """The value of the JSON text read from fp, a file open for reading
    (anything with read()); the other arguments are loads'."""
    return loads(fp.read(),
                 cls=cls, object_hook=object_hook,
                 parse_float=parse_float, parse_int=parse_int,
                 parse_constant=parse_constant, object_pairs_hook=object_pairs_hook, **kw)


def loads(s, *, cls=None, object_hook=None, parse_float=None,
          parse_int=None, parse_constant=None, object_pairs_hook=None, **kw):
    """The value of the JSON text s (a str, or bytes in UTF-8, -16 or -32);
    the hooks are JSONDecoder's, and cls the JSONDecoder subclass to use."""
    if isinstance(s, str):
        if s.startswith('\ufeff'):
            raise JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)",
                                  s, 0)
    else:
        if not isinstance(s, (bytes, bytearray)):
            raise TypeError(f'the JSON object must be str, bytes or bytearray, '
                            f'not {s.__class__.__name__}')
        s = s.decode(detect_encoding(s), 'surrogatepass')

    if (cls is None and object_hook is None and
            parse_int is None and parse_float is None and
            parse_constant is None and object_pairs_hook is None and not kw):
        return _default_decoder.decode(s)
    if cls is None:
        cls = JSONDecoder
    if object_hook is not None:
        kw['object_hook'] = object_hook
    if object_pairs_hook is not None:
        kw['object_pairs_hook'] = object_pairs_hook
    if parse_float is not None:
        kw['parse_float'] = parse_float
    if parse_int is not None:
        kw['parse_int'] = parse_int
    if parse_constant is not None:
        kw['parse_constant'] = parse_constant
    return cls(**kw).decode(s)
