package urllib_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/urllib"
)

const prelude = `import urllib.parse as up
import urllib
def err(f, *args, **kw):
    try:
        return f(*args, **kw)
    except Exception as e:
        return type(e).__name__ + ": " + str(e)
BASE = 'http://a/b/c/d;p?q'
`

// cases hold CPython 3.11's outcomes; TestParseAgainstCPython checks them there.
var cases = []langtest.Case{
	{"[tuple(up.urlsplit(u)) for u in ['HTTP://user:pw@Example.COM:8080/a/b;p?q=1&r=2#frag', 'path/only?x#y', '//host/p', 'mailto:a@b.c', 'file:///etc/passwd', ' \\thttp://h/a\\nb', 'a1+.-:rest', '1a:rest', 'http://[::1]:80/x', '']]", "[('http', 'user:pw@Example.COM:8080', '/a/b;p', 'q=1&r=2', 'frag'), ('', '', 'path/only', 'x', 'y'), ('', 'host', '/p', '', ''), ('mailto', '', 'a@b.c', '', ''), ('file', '', '/etc/passwd', '', ''), ('http', 'h', '/ab', '', ''), ('a1+.-', '', 'rest', '', ''), ('', '', '1a:rest', '', ''), ('http', '[::1]:80', '/x', '', ''), ('', '', '', '', '')]"},
	{"r = up.urlparse('http://user:pw@Example.COM:8080/a/b;p?q=1#f')\nr, r.hostname, r.port, r.username, r.password, r.geturl(), r._replace(fragment='').geturl(), r._asdict()['params'], isinstance(r, tuple), len(r), r[1], r == tuple(r)", "(ParseResult(scheme='http', netloc='user:pw@Example.COM:8080', path='/a/b', params='p', query='q=1', fragment='f'), 'example.com', 8080, 'user', 'pw', 'http://user:pw@Example.COM:8080/a/b;p?q=1#f', 'http://user:pw@Example.COM:8080/a/b;p?q=1', 'p', True, 6, 'user:pw@Example.COM:8080', True)"},
	{"s = up.urlsplit('https://[FE80::1%25eth0]:443/x')\nt = up.urlsplit('http://u@h')\ns.hostname, s.port, t.username, t.password, t.port, up.urlsplit('/x').hostname, err(lambda: up.urlsplit('http://h:x/').port), err(lambda: up.urlsplit('http://h:99999/').port)", "('fe80::1%25eth0', 443, 'u', None, None, None, \"ValueError: Port could not be cast to integer value as 'x'\", 'ValueError: Port out of range 0-65535')"},
	{"err(up.urlsplit, 'http://[::1/x'), err(up.urlsplit, 'http://::1]/x'), err(up.urlsplit, 'http://a[::1]/'), err(up.urlsplit, 'http://[1.2.3.4]/'), err(up.urlsplit, 'http://[zz]/'), err(up.urlsplit, 'http://h\\uff03x/')", "('ValueError: Invalid IPv6 URL', 'ValueError: Invalid IPv6 URL', 'ValueError: Invalid IPv6 URL', 'ValueError: An IPv4 address cannot be in brackets', \"ValueError: 'zz' does not appear to be an IPv4 or IPv6 address\", \"ValueError: netloc 'h＃x' contains invalid characters under NFKC normalization\")"},
	{"[up.urljoin(BASE, u) for u in ['g:h', 'g', './g', 'g/', '/g', '//g', '?y', 'g?y', '#s', 'g#s', ';x', 'g;x', '', '.', './', '..', '../', '../g', '../..', '../../', '../../g', '../../../g', '/./g', '/../g', 'g.', '.g', 'g..', '..g', './../g', './g/.', 'g/./h', 'g/../h', 'http:g']]", "['g:h', 'http://a/b/c/g', 'http://a/b/c/g', 'http://a/b/c/g/', 'http://a/g', 'http://g', 'http://a/b/c/d;p?y', 'http://a/b/c/g?y', 'http://a/b/c/d;p?q#s', 'http://a/b/c/g#s', 'http://a/b/c/;x', 'http://a/b/c/g;x', 'http://a/b/c/d;p?q', 'http://a/b/c/', 'http://a/b/c/', 'http://a/b/', 'http://a/b/', 'http://a/b/g', 'http://a/', 'http://a/', 'http://a/g', 'http://a/g', 'http://a/g', 'http://a/g', 'http://a/b/c/g.', 'http://a/b/c/.g', 'http://a/b/c/g..', 'http://a/b/c/..g', 'http://a/b/g', 'http://a/b/c/g/', 'http://a/b/c/g/h', 'http://a/b/c/h', 'http://a/b/c/g']"},
	{"up.urljoin('', 'x'), up.urljoin('http://a/b', ''), up.urljoin('mailto:a@b', 'c'), up.urljoin('http://a/b/c', 'https://x/y'), up.urldefrag('http://a/b#frag'), up.urldefrag('http://a/b'), up.urldefrag('http://a/b#f').geturl(), up.urlunsplit(('http', 'h', 'p', 'q', 'f')), up.urlunparse(('ftp', '', '/x', 'type=a', '', '')), up.urlunsplit(('file', '', '/tmp', '', ''))", "('x', 'http://a/b', 'c', 'https://x/y', DefragResult(url='http://a/b', fragment='frag'), DefragResult(url='http://a/b', fragment=''), 'http://a/b#f', 'http://h/p?q#f', 'ftp:///x;type=a', 'file:///tmp')"},
	{"up.quote('a b/é?&~'), up.quote('a b/', safe=''), up.quote(b'\\x00\\xff '), up.quote(''), up.quote_plus('a b&c/d'), up.quote_plus('x', safe='/'), up.quote_from_bytes(b'a/b c', safe=b'/'), err(up.quote, 3), err(up.quote, b'x', encoding='utf-8'), err(up.quote_from_bytes, 'x')", "('a%20b/%C3%A9%3F%26~', 'a%20b%2F', '%00%FF%20', '', 'a+b%26c%2Fd', 'x', 'a/b%20c', 'TypeError: quote_from_bytes() expected bytes', \"TypeError: quote() doesn't support 'encoding' for bytes\", 'TypeError: quote_from_bytes() expected bytes')"},
	{"up.unquote('a%20b%C3%A9%zz%'), up.unquote('%C3é%A9'), up.unquote('%E9', encoding='latin-1'), up.unquote('%FF'), up.unquote('no'), up.unquote(b'%41b'), up.unquote_plus('a+b%2B'), up.unquote_to_bytes('a%20%zz%4'), up.unquote_to_bytes(b''), up.unquote_to_bytes('é')", "('a bé%zz%', '�é�', 'é', '�', 'no', 'Ab', 'a b+', b'a %zz%4', b'', b'\\xc3\\xa9')"},
	{"up.urlencode({'a': 1, 'b': 'x y', 'c': b'\\xff'}), up.urlencode([('k', [1, 2]), ('s', 'ab')], doseq=True), up.urlencode({'k': [1, 2]}), up.urlencode({'k': 3}, doseq=True), up.urlencode({'p': 'a/b c'}, quote_via=up.quote), up.urlencode({'p': 'a/b'}, safe='/'), up.urlencode([]), err(up.urlencode, 'ab'), err(up.urlencode, 3)", "('a=1&b=x+y&c=%FF', 'k=1&k=2&s=ab', 'k=%5B1%2C+2%5D', 'k=3', 'p=a%2Fb%20c', 'p=a/b', '', 'TypeError: not a valid non-string sequence or mapping object', 'TypeError: not a valid non-string sequence or mapping object')"},
	{"up.parse_qs('a=1&a=2&b=&c=x+y%21&d'), up.parse_qs('a=1&b=', keep_blank_values=True), up.parse_qsl('a=1;b=2', separator=';'), up.parse_qsl('x=%E9', encoding='latin-1'), up.parse_qsl('&&a=1&&'), up.parse_qsl(''), err(up.parse_qsl, 'a', strict_parsing=True), err(up.parse_qsl, 'a=1&b=2', max_num_fields=1), err(up.parse_qsl, 'a=1', separator=''), up.parse_qsl('d', keep_blank_values=True)", "({'a': ['1', '2'], 'c': ['x y!']}, {'a': ['1'], 'b': ['']}, [('a', '1'), ('b', '2')], [('x', 'é')], [('a', '1')], [], \"ValueError: bad query field: 'a'\", 'ValueError: Max number of fields exceeded', 'ValueError: Separator must be of type string or bytes.', [('d', '')])"},
	{"urllib.parse.quote('x y'), up.SplitResult('a', 'b', 'c', 'd', 'e').geturl(), err(up.SplitResult, 'a'), 'http' in up.uses_netloc, up.ParseResult('http', 'h', '/p', '', 'q', '').geturl()", "('x%20y', 'a://b/c?d#e', \"TypeError: SplitResult.__new__() missing 4 required positional arguments: 'netloc', 'path', 'query', and 'fragment'\", True, 'http://h/p?q')"},
}

// refusals are kael's own: bytes URLs, which CPython parses into
// SplitResultBytes, are not taken.
var refusals = []langtest.Case{
	{"err(up.urlsplit, b'http://h'), err(up.urljoin, b'http://a/', b'b')", "(\"TypeError: kael's urllib.parse takes str URLs; decode bytes first\", \"TypeError: kael's urllib.parse takes str URLs; decode bytes first\")"},
}

func TestParse(t *testing.T) {
	langtest.CheckCellCases(t, prelude, append(cases, refusals...))
}

func TestParseAgainstCPython(t *testing.T) {
	cpython.CheckCellCases(t, prelude, cases)
}
