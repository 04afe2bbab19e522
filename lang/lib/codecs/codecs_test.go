package codecs_test

import (
	"strconv"
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/std"
)

const prelude = "import codecs\n"

// cases hold CPython 3.11's outcomes; TestAgainstCPython checks them there.
var cases = []langtest.Case{
	{"codecs.encode('h\\xe9'), codecs.encode('h\\xe9', 'latin1'), codecs.encode('a\\u20ac', 'ascii', 'xmlcharrefreplace'), codecs.encode(obj='ab', encoding='utf-16-le', errors='strict')", "(b'h\\xc3\\xa9', b'h\\xe9', b'a&#8364;', b'a\\x00b\\x00')"},
	{"codecs.decode(b'h\\xc3\\xa9'), codecs.decode(bytearray(b'\\xe9'), 'latin-1'), codecs.decode(memoryview(b'a\\xff'), 'ascii', 'replace'), codecs.decode(b'\\xff\\xfea\\x00', 'UTF16')", "('hé', 'é', 'a�', 'a')"},
	{"codecs.decode(b'\\xff')", "UnicodeDecodeError: 'utf-8' codec can't decode byte 0xff in position 0: invalid start byte"},
	{"codecs.encode('\\u20ac', 'latin-1')", "UnicodeEncodeError: 'latin-1' codec can't encode character '\\u20ac' in position 0: ordinal not in range(256)"},
	{"codecs.encode(b'a')", "TypeError: encoding with 'utf-8' codec failed (TypeError: utf_8_encode() argument 1 must be str, not bytes)"},
	{"codecs.encode(b'a', 'latin1')", "TypeError: encoding with 'latin1' codec failed (TypeError: latin_1_encode() argument 1 must be str, not bytes)"},
	{"codecs.encode(1, 'cp1252')", "TypeError: encoding with 'cp1252' codec failed (TypeError: charmap_encode() argument 1 must be str, not int)"},
	{"codecs.decode('a', 'utf-16')", "TypeError: decoding with 'utf-16' codec failed (TypeError: a bytes-like object is required, not 'str')"},
	{"codecs.decode(b'\\xff', 'utf-8', 'bogus')", "LookupError: decoding with 'utf-8' codec failed (LookupError: unknown error handler name 'bogus')"},
	{"codecs.encode('\\xe9', 'ascii', 'bogus')", "LookupError: encoding with 'ascii' codec failed (LookupError: unknown error handler name 'bogus')"},
	{"codecs.decode(b'a', 'bogus')", "LookupError: unknown encoding: bogus"},
	{"[codecs.lookup(n).name for n in ('utf8', 'U8', 'UTF-8', 'utf-8-sig', 'latin1', 'L1', 'ascii', '646', 'us-ascii', 'cp1252', 'windows-1252', 'utf16', 'utf-16-le', 'utf_16_be', 'utf32', 'utf-32-le', 'utf-32-be')]", "['utf-8', 'utf-8', 'utf-8', 'utf-8-sig', 'iso8859-1', 'iso8859-1', 'ascii', 'ascii', 'ascii', 'cp1252', 'cp1252', 'utf-16', 'utf-16-le', 'utf-16-be', 'utf-32', 'utf-32-le', 'utf-32-be']"},
	{"c = codecs.lookup('utf-16')\nc.encode('ab'), c.decode(b'\\xff\\xfea\\x00'), c.encode('a\\U0001F600')[1], codecs.lookup('latin1').decode(memoryview(b'ab'), None)", "((b'\\xff\\xfea\\x00b\\x00', 2), ('a', 4), 2, ('ab', 2))"},
	{"codecs.getencoder('latin1')('\\xe9'), codecs.getdecoder('utf-8-sig')(b'\\xef\\xbb\\xbfa'), codecs.lookup('ascii').encode('a\\xe9', 'replace')", "((b'\\xe9', 1), ('a', 4), (b'a?', 2))"},
	{"codecs.lookup('utf8').encode(b'a')", "TypeError: utf_8_encode() argument 1 must be str, not bytes"},
	{"codecs.lookup('utf8').decode('a')", "TypeError: a bytes-like object is required, not 'str'"},
	{"codecs.lookup('utf8').encode('a', 5)", "TypeError: utf_8_encode() argument 2 must be str or None, not int"},
	{"codecs.lookup('ascii').decode(b'\\xff')", "UnicodeDecodeError: 'ascii' codec can't decode byte 0xff in position 0: ordinal not in range(128)"},
	{"codecs.lookup('bogus')", "LookupError: unknown encoding: bogus"},
	{"codecs.lookup(5)", "TypeError: lookup() argument must be str, not int"},
	{"codecs.getencoder(5)", "TypeError: lookup() argument must be str, not int"},
	{"type(codecs.lookup('utf-8')).__name__, repr(codecs.lookup('latin1')).startswith('<codecs.CodecInfo object for encoding iso8859-1 at 0x')", "('CodecInfo', True)"},
	{"codecs.BOM_UTF8, codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE, codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE", "(b'\\xef\\xbb\\xbf', b'\\xff\\xfe', b'\\xfe\\xff', b'\\xff\\xfe\\x00\\x00', b'\\x00\\x00\\xfe\\xff')"},
	{"codecs.BOM_UTF16, codecs.BOM_UTF32, codecs.BOM, codecs.BOM_LE, codecs.BOM_BE, codecs.BOM32_LE, codecs.BOM32_BE, codecs.BOM64_LE, codecs.BOM64_BE", "(b'\\xff\\xfe', b'\\xff\\xfe\\x00\\x00', b'\\xff\\xfe', b'\\xff\\xfe', b'\\xfe\\xff', b'\\xff\\xfe', b'\\xfe\\xff', b'\\xff\\xfe\\x00\\x00', b'\\x00\\x00\\xfe\\xff')"},
	{"data = 'h\\xe9llo'.encode('utf-16')\ndata.startswith(codecs.BOM_UTF16), data[len(codecs.BOM_UTF16):].decode('utf-16-le')", "(True, 'héllo')"},
}

func TestCodecs(t *testing.T) { langtest.CheckCellCases(t, prelude, cases) }

func TestAgainstCPython(t *testing.T) { cpython.CheckCellCases(t, prelude, cases) }

// openCases are codecs.open, with CPython 3.11's outcomes; P names a
// file of the test's temporary directory.
var openCases = []langtest.Case{
	{"with codecs.open(P('f'), 'w', encoding='latin-1') as f:\n    f.write('café\\r\\nx\\n')\nwith codecs.open(P('f'), 'r', 'latin-1') as f:\n    a = f.read()\nwith codecs.open(P('f'), encoding='latin-1') as f:\n    b = f.readlines()\nopen(P('f'), 'rb').read(), a, b", "(b'caf\\xe9\\r\\nx\\n', 'café\\r\\nx\\n', ['café\\r\\n', 'x\\n'])"},
	{"with codecs.open(P('f'), 'w', 'utf-16') as f:\n    f.write('hé')\ncodecs.open(P('f'), 'rb', 'utf-16').read(), open(P('f'), 'rb').read()", "('hé', b'\\xff\\xfeh\\x00\\xe9\\x00')"},
	{"with codecs.open(P('f'), 'w') as f:\n    f.write('plain')\ncodecs.open(P('f')).read(), type(codecs.open(P('f'), 'rb').read()).__name__", "('plain', 'bytes')"},
	{"codecs.open(P('f'), 'w', 'nope')", "LookupError: unknown encoding: nope"},
}

// openPrelude imports codecs and defines P for a test's directory.
func openPrelude(t *testing.T) string {
	return prelude + "P = lambda n: " + strconv.Quote(t.TempDir()) + " + '/' + n\n"
}

func TestOpen(t *testing.T) { langtest.CheckCellCases(t, openPrelude(t), openCases) }

func TestOpenAgainstCPython(t *testing.T) { cpython.CheckCellCases(t, openPrelude(t), openCases) }
