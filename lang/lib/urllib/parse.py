"""Parse URLs into components, and quote and encode their parts, as
CPython 3.11's urllib.parse (RFC 3986 with CPython's compatibility
rules). URLs are str; quote, unquote_to_bytes and quote_from_bytes take
bytes too.
"""

import unicodedata

__all__ = ["urlparse", "urlunparse", "urljoin", "urldefrag",
           "urlsplit", "urlunsplit", "urlencode", "parse_qs",
           "parse_qsl", "quote", "quote_plus", "quote_from_bytes",
           "unquote", "unquote_plus", "unquote_to_bytes",
           "DefragResult", "ParseResult", "SplitResult",
           "DefragResultBytes", "ParseResultBytes", "SplitResultBytes"]

uses_relative = ['', 'ftp', 'http', 'gopher', 'nntp', 'imap',
                 'wais', 'file', 'https', 'shttp', 'mms',
                 'prospero', 'rtsp', 'rtspu', 'sftp',
                 'svn', 'svn+ssh', 'ws', 'wss']

uses_netloc = ['', 'ftp', 'http', 'gopher', 'nntp', 'telnet',
               'imap', 'wais', 'file', 'mms', 'https', 'shttp',
               'snews', 'prospero', 'rtsp', 'rtspu', 'rsync',
               'svn', 'svn+ssh', 'sftp', 'nfs', 'git', 'git+ssh',
               'ws', 'wss']

uses_params = ['', 'ftp', 'hdl', 'prospero', 'http', 'imap',
               'https', 'shttp', 'rtsp', 'rtspu', 'sip', 'sips',
               'mms', 'sftp', 'tel']

non_hierarchical = ['gopher', 'hdl', 'mailto', 'news',
                    'telnet', 'wais', 'imap', 'snews', 'sip', 'sips']

uses_query = ['', 'http', 'wais', 'imap', 'https', 'shttp', 'mms',
              'gopher', 'rtsp', 'rtspu', 'sip', 'sips']

uses_fragment = ['', 'ftp', 'hdl', 'http', 'gopher', 'news',
                 'nntp', 'wais', 'https', 'shttp', 'snews',
                 'file', 'prospero']

scheme_chars = ('abcdefghijklmnopqrstuvwxyz'
                'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
                '0123456789'
                '+-.')

_C0_CONTROL_OR_SPACE = ''.join(chr(c) for c in range(0x21))
_UNSAFE_URL_BYTES_TO_REMOVE = ['\t', '\r', '\n']
_ALWAYS_SAFE = frozenset(b'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
                         b'abcdefghijklmnopqrstuvwxyz'
                         b'0123456789'
                         b'_.-~')
_HEX = '0123456789ABCDEFabcdef'


def _str_args(*args):
    for a in args:
        if isinstance(a, (bytes, bytearray)):
            raise TypeError("kael's urllib.parse takes str URLs; decode "
                            "bytes first")
        if not isinstance(a, str):
            raise TypeError("Cannot mix str and non-str arguments")


class _Result(tuple):
    """A named tuple of URL components with the netloc's parts as
    attributes."""
    __slots__ = ()
    _fields = ()

    def __new__(cls, *args):
        n = len(cls._fields)
        if len(args) > n:
            raise TypeError('%s.__new__() takes %d positional arguments '
                            'but %d were given'
                            % (cls.__name__, n + 1, len(args) + 1))
        if len(args) < n:
            missing = ["'%s'" % f for f in cls._fields[len(args):]]
            if len(missing) == 1:
                names = missing[0]
            elif len(missing) == 2:
                names = missing[0] + ' and ' + missing[1]
            else:
                names = ', '.join(missing[:-1]) + ', and ' + missing[-1]
            raise TypeError('%s.__new__() missing %d required positional '
                            'argument%s: %s' % (cls.__name__, len(missing),
                                                's' if len(missing) > 1
                                                else '', names))
        return tuple.__new__(cls, args)

    def __repr__(self):
        return '%s(%s)' % (type(self).__name__, ', '.join(
            '%s=%r' % pair for pair in zip(self._fields, self)))

    def _replace(self, **kwds):
        values = [kwds.pop(f, v) for f, v in zip(self._fields, self)]
        if kwds:
            raise ValueError('Got unexpected field names: %r' % list(kwds))
        return type(self)(*values)

    def _asdict(self):
        return dict(zip(self._fields, self))

    @property
    def username(self):
        return self._userinfo[0]

    @property
    def password(self):
        return self._userinfo[1]

    @property
    def hostname(self):
        hostname = self._hostinfo[0]
        if not hostname:
            return None
        hostname, percent, zone = hostname.partition('%')
        return hostname.lower() + percent + zone

    @property
    def port(self):
        port = self._hostinfo[1]
        if port is not None:
            if port.isdigit() and port.isascii():
                port = int(port)
            else:
                raise ValueError("Port could not be cast to integer value "
                                 "as %r" % port)
            if not (0 <= port <= 65535):
                raise ValueError("Port out of range 0-65535")
        return port

    @property
    def _userinfo(self):
        userinfo, have_info, hostinfo = self[1].rpartition('@')
        if have_info:
            username, have_password, password = userinfo.partition(':')
            if not have_password:
                password = None
        else:
            username = password = None
        return username, password

    @property
    def _hostinfo(self):
        hostinfo = self[1].rpartition('@')[2]
        _, have_open_br, bracketed = hostinfo.partition('[')
        if have_open_br:
            hostname, _, port = bracketed.partition(']')
            port = port.partition(':')[2]
        else:
            hostname, _, port = hostinfo.partition(':')
        if not port:
            port = None
        return hostname, port

    def encode(self, encoding='ascii', errors='strict'):
        raise TypeError("kael's urllib.parse has no bytes results")


class DefragResult(_Result):
    __slots__ = ()
    _fields = ('url', 'fragment')
    url = property(lambda self: self[0])
    fragment = property(lambda self: self[1])

    def geturl(self):
        if self[1]:
            return self[0] + '#' + self[1]
        return self[0]


class SplitResult(_Result):
    __slots__ = ()
    _fields = ('scheme', 'netloc', 'path', 'query', 'fragment')
    scheme = property(lambda self: self[0])
    netloc = property(lambda self: self[1])
    path = property(lambda self: self[2])
    query = property(lambda self: self[3])
    fragment = property(lambda self: self[4])

    def geturl(self):
        return urlunsplit(self)


class ParseResult(_Result):
    __slots__ = ()
    _fields = ('scheme', 'netloc', 'path', 'params', 'query', 'fragment')
    scheme = property(lambda self: self[0])
    netloc = property(lambda self: self[1])
    path = property(lambda self: self[2])
    params = property(lambda self: self[3])
    query = property(lambda self: self[4])
    fragment = property(lambda self: self[5])

    def geturl(self):
        return urlunparse(self)


DefragResultBytes = DefragResult
SplitResultBytes = SplitResult
ParseResultBytes = ParseResult


def _splitnetloc(url, start=0):
    delim = len(url)
    for c in '/?#':
        wdelim = url.find(c, start)
        if wdelim >= 0:
            delim = min(delim, wdelim)
    return url[start:delim], url[delim:]


def _checknetloc(netloc):
    if not netloc or netloc.isascii():
        return
    n = netloc.replace('@', '').replace(':', '').replace('#', '')
    n = n.replace('?', '')
    netloc2 = unicodedata.normalize('NFKC', n)
    if n == netloc2:
        return
    for c in '/?#@:':
        if c in netloc2:
            raise ValueError("netloc '" + netloc + "' contains invalid "
                             "characters under NFKC normalization")


def _is_hex(s):
    return len(s) > 0 and all(c in _HEX for c in s)


def _check_bracketed_host(hostname):
    if hostname.startswith('v'):
        version, dot, rest = hostname[1:].partition('.')
        if not (_is_hex(version) and dot and rest):
            raise ValueError("IPvFuture address is invalid")
        return
    if not _is_ipv6(hostname):
        if _is_ipv4(hostname):
            raise ValueError("An IPv4 address cannot be in brackets")
        raise ValueError("%r does not appear to be an IPv4 or IPv6 address"
                         % hostname)


def _is_ipv4(s):
    parts = s.split('.')
    if len(parts) != 4:
        return False
    for p in parts:
        if not p.isdigit() or not p.isascii() or len(p) > 3 or int(p) > 255:
            return False
        if len(p) > 1 and p[0] == '0':
            return False
    return True


def _is_ipv6(s):
    s = s.partition('%')[0]
    if not s or s.count('::') > 1:
        return False
    groups = s.split(':')
    if _is_ipv4(groups[-1]):
        groups = groups[:-1] + ['0', '0']
    if '::' in s:
        if len(groups) > 8:
            return False
    elif len(groups) != 8:
        return False
    for i, g in enumerate(groups):
        if g == '':
            continue
        if len(g) > 4 or not _is_hex(g):
            return False
    if s.startswith(':') and not s.startswith('::'):
        return False
    if s.endswith(':') and not s.endswith('::'):
        return False
    return True


def _check_bracketed_netloc(netloc):
    hostname_and_port = netloc.rpartition('@')[2]
    before_bracket, have_open_br, bracketed = hostname_and_port.partition('[')
    if have_open_br:
        if before_bracket:
            raise ValueError("Invalid IPv6 URL")
        hostname, _, port = bracketed.partition(']')
        if port and not port.startswith(':'):
            raise ValueError("Invalid IPv6 URL")
        _check_bracketed_host(hostname)


def urlsplit(url, scheme='', allow_fragments=True):
    """Split url into 5 components, <scheme>://<netloc>/<path>?<query>#<fragment>,
    as a SplitResult; scheme is the default scheme."""
    _str_args(url, scheme)
    url = url.lstrip(_C0_CONTROL_OR_SPACE)
    scheme = scheme.strip(_C0_CONTROL_OR_SPACE)
    for b in _UNSAFE_URL_BYTES_TO_REMOVE:
        url = url.replace(b, "")
        scheme = scheme.replace(b, "")
    allow_fragments = bool(allow_fragments)
    netloc = query = fragment = ''
    i = url.find(':')
    if i > 0 and url[0].isascii() and url[0].isalpha():
        for c in url[:i]:
            if c not in scheme_chars:
                break
        else:
            scheme, url = url[:i].lower(), url[i + 1:]
    if url[:2] == '//':
        netloc, url = _splitnetloc(url, 2)
        if (('[' in netloc and ']' not in netloc) or
                (']' in netloc and '[' not in netloc)):
            raise ValueError("Invalid IPv6 URL")
        if '[' in netloc and ']' in netloc:
            _check_bracketed_netloc(netloc)
    if allow_fragments and '#' in url:
        url, fragment = url.split('#', 1)
    if '?' in url:
        url, query = url.split('?', 1)
    _checknetloc(netloc)
    return SplitResult(scheme, netloc, url, query, fragment)


def _splitparams(url):
    if '/' in url:
        i = url.find(';', url.rfind('/'))
        if i < 0:
            return url, ''
    else:
        i = url.find(';')
    return url[:i], url[i + 1:]


def urlparse(url, scheme='', allow_fragments=True):
    """Split url into 6 components,
    <scheme>://<netloc>/<path>;<params>?<query>#<fragment>, as a
    ParseResult."""
    scheme, netloc, url, query, fragment = urlsplit(url, scheme,
                                                    allow_fragments)
    if scheme in uses_params and ';' in url:
        url, params = _splitparams(url)
    else:
        params = ''
    return ParseResult(scheme, netloc, url, params, query, fragment)


def urlunsplit(components):
    """The URL of the 5 components urlsplit returns."""
    scheme, netloc, url, query, fragment = components
    _str_args(scheme, netloc, url, query, fragment)
    if netloc or (scheme and scheme in uses_netloc and url[:2] != '//'):
        if url and url[:1] != '/':
            url = '/' + url
        url = '//' + (netloc or '') + url
    if scheme:
        url = scheme + ':' + url
    if query:
        url = url + '?' + query
    if fragment:
        url = url + '#' + fragment
    return url


def urlunparse(components):
    """The URL of the 6 components urlparse returns."""
    scheme, netloc, url, params, query, fragment = components
    if params:
        url = "%s;%s" % (url, params)
    return urlunsplit((scheme, netloc, url, query, fragment))


def urljoin(base, url, allow_fragments=True):
    """Join a base URL and a possibly relative URL to form an absolute
    one."""
    if not base:
        return url
    if not url:
        return base
    _str_args(base, url)
    bscheme, bnetloc, bpath, bparams, bquery, bfragment = \
        urlparse(base, '', allow_fragments)
    scheme, netloc, path, params, query, fragment = \
        urlparse(url, bscheme, allow_fragments)
    if scheme != bscheme or scheme not in uses_relative:
        return url
    if scheme in uses_netloc:
        if netloc:
            return urlunparse((scheme, netloc, path, params, query,
                               fragment))
        netloc = bnetloc
    if not path and not params:
        path = bpath
        params = bparams
        if not query:
            query = bquery
        return urlunparse((scheme, netloc, path, params, query, fragment))
    base_parts = bpath.split('/')
    if base_parts[-1] != '':
        del base_parts[-1]
    if path[:1] == '/':
        segments = path.split('/')
    else:
        segments = base_parts + path.split('/')
        segments[1:-1] = [s for s in segments[1:-1] if s]
    resolved_path = []
    for seg in segments:
        if seg == '..':
            if resolved_path:
                resolved_path.pop()
        elif seg == '.':
            continue
        else:
            resolved_path.append(seg)
    if segments[-1] in ('.', '..'):
        resolved_path.append('')
    return urlunparse((scheme, netloc, '/'.join(resolved_path) or '/',
                       params, query, fragment))


def urldefrag(url):
    """Remove the fragment of url: a DefragResult of the URL without it
    and the fragment."""
    _str_args(url)
    if '#' in url:
        s, n, p, a, q, frag = urlparse(url)
        defrag = urlunparse((s, n, p, a, q, ''))
    else:
        frag = ''
        defrag = url
    return DefragResult(defrag, frag)


def unquote_to_bytes(string):
    """unquote('abc%20def') -> b'abc def'."""
    if not string:
        if isinstance(string, str):
            return b''
        string.split
        return b''
    if isinstance(string, str):
        string = string.encode('utf-8')
    bits = bytes(string).split(b'%')
    if len(bits) == 1:
        return bytes(string)
    res = bytearray(bits[0])
    for item in bits[1:]:
        h = item[:2]
        if len(h) == 2 and all(c in b'0123456789ABCDEFabcdef' for c in h):
            res.append(int(h.decode('ascii'), 16))
            res += item[2:]
        else:
            res += b'%'
            res += item
    return bytes(res)


def unquote(string, encoding='utf-8', errors='replace'):
    """Replace %xx escapes by their single-character equivalent; the
    bytes decode with encoding and errors."""
    if isinstance(string, (bytes, bytearray)):
        return unquote_to_bytes(string).decode(encoding, errors)
    if '%' not in string:
        string.split
        return string
    if encoding is None:
        encoding = 'utf-8'
    if errors is None:
        errors = 'replace'
    out = []
    run = []
    for c in string:
        if c.isascii():
            run.append(c)
        else:
            if run:
                out.append(unquote_to_bytes(''.join(run)).decode(encoding,
                                                                  errors))
                run = []
            out.append(c)
    if run:
        out.append(unquote_to_bytes(''.join(run)).decode(encoding, errors))
    return ''.join(out)


def unquote_plus(string, encoding='utf-8', errors='replace'):
    """unquote, with '+' replaced by a space first."""
    string = string.replace('+', ' ')
    return unquote(string, encoding, errors)


def quote_from_bytes(bs, safe='/'):
    """quote of bytes: each byte not unreserved and not in safe as %XX."""
    if not isinstance(bs, (bytes, bytearray)):
        raise TypeError("quote_from_bytes() expected bytes")
    if not bs:
        return ''
    if isinstance(safe, str):
        safe = safe.encode('ascii', 'ignore')
    else:
        safe = bytes([c for c in safe if c < 128])
    keep = _ALWAYS_SAFE | frozenset(safe)
    return ''.join(chr(b) if b in keep else '%{:02X}'.format(b) for b in bs)


def quote(string, safe='/', encoding=None, errors=None):
    """Quote string for a URL: letters, digits, '_.-~' and the characters
    of safe stay, the others become %XX of their UTF-8 bytes."""
    if isinstance(string, str):
        if not string:
            return string
        if encoding is None:
            encoding = 'utf-8'
        if errors is None:
            errors = 'strict'
        string = string.encode(encoding, errors)
    else:
        if encoding is not None:
            raise TypeError("quote() doesn't support 'encoding' for bytes")
        if errors is not None:
            raise TypeError("quote() doesn't support 'errors' for bytes")
    return quote_from_bytes(string, safe)


def quote_plus(string, safe='', encoding=None, errors=None):
    """quote, with spaces as '+', for query strings."""
    if ((isinstance(string, str) and ' ' not in string) or
            (isinstance(string, bytes) and b' ' not in string)):
        return quote(string, safe, encoding, errors)
    if isinstance(safe, str):
        space = ' '
    else:
        space = b' '
    string = quote(string, safe + space, encoding, errors)
    return string.replace(' ', '+')


def _is_sequence_of_pairs(query):
    try:
        if len(query) and not isinstance(query[0], tuple):
            raise TypeError
    except TypeError:
        raise TypeError("not a valid non-string sequence or mapping object")


def urlencode(query, doseq=False, safe='', encoding=None, errors=None,
              quote_via=quote_plus):
    """Encode a dict or sequence of pairs as a query string of
    key=value pairs joined by '&'."""
    if hasattr(query, "items"):
        query = list(query.items())
    else:
        _is_sequence_of_pairs(query)
    l = []
    for k, v in query:
        if isinstance(k, bytes):
            k = quote_via(k, safe)
        else:
            k = quote_via(str(k), safe, encoding, errors)
        if not doseq:
            if isinstance(v, bytes):
                v = quote_via(v, safe)
            else:
                v = quote_via(str(v), safe, encoding, errors)
            l.append(k + '=' + v)
        elif isinstance(v, bytes):
            l.append(k + '=' + quote_via(v, safe))
        elif isinstance(v, str):
            l.append(k + '=' + quote_via(v, safe, encoding, errors))
        else:
            try:
                len(v)
            except TypeError:
                l.append(k + '=' + quote_via(str(v), safe, encoding, errors))
            else:
                for elt in v:
                    if isinstance(elt, bytes):
                        elt = quote_via(elt, safe)
                    else:
                        elt = quote_via(str(elt), safe, encoding, errors)
                    l.append(k + '=' + elt)
    return '&'.join(l)


def parse_qsl(qs, keep_blank_values=False, strict_parsing=False,
              encoding='utf-8', errors='replace', max_num_fields=None,
              separator='&'):
    """The pairs of the query string qs, as a list of (name, value)."""
    if not qs:
        return []
    _str_args(qs)
    if not separator or not isinstance(separator, (str, bytes)):
        raise ValueError("Separator must be of type string or bytes.")
    if max_num_fields is not None:
        num_fields = 1 + qs.count(separator)
        if max_num_fields < num_fields:
            raise ValueError('Max number of fields exceeded')
    r = []
    for name_value in qs.split(separator):
        if not name_value and not strict_parsing:
            continue
        nv = name_value.split('=', 1)
        if len(nv) != 2:
            if strict_parsing:
                raise ValueError("bad query field: %r" % (name_value,))
            if keep_blank_values:
                nv.append('')
            else:
                continue
        if len(nv[1]) or keep_blank_values:
            name = unquote(nv[0].replace('+', ' '), encoding, errors)
            value = unquote(nv[1].replace('+', ' '), encoding, errors)
            r.append((name, value))
    return r


def parse_qs(qs, keep_blank_values=False, strict_parsing=False,
             encoding='utf-8', errors='replace', max_num_fields=None,
             separator='&'):
    """The query string qs as a dict of lists of values by name."""
    parsed_result = {}
    pairs = parse_qsl(qs, keep_blank_values, strict_parsing, encoding,
                      errors, max_num_fields, separator)
    for name, value in pairs:
        if name in parsed_result:
            parsed_result[name].append(value)
        else:
            parsed_result[name] = [value]
    return parsed_result
