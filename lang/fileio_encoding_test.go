package lang

import "testing"

// fileEncodingCases are open()'s encoding, errors and newline (text
// files of latin-1, utf-16, cp1252, utf-8-sig, ascii; newline
// translation when reading and writing), with CPython 3.11's outcomes;
// P names a file of the test's temporary directory.
var fileEncodingCases = []struct{ src, want string }{
	{"with open(P('f'), 'w', encoding='latin-1') as f:\n    n = f.write('café\\n'), f.write('naïve')\nr = open(P('f'), 'rb').read()\nwith open(P('f'), encoding='latin-1') as f:\n    lines = list(f)\nwith open(P('f'), encoding='latin1') as f:\n    a = f.read(3), f.tell(), f.readline(), f.tell(), f.read(), f.tell()\n    f.seek(0)\n    b = f.read(4), f.encoding, f.errors\nn, r, lines, a, b", "((5, 5), b'caf\\xe9\\nna\\xefve', ['café\\n', 'naïve'], ('caf', 3, 'é\\n', 5, 'naïve', 10), ('café', 'latin1', 'strict'))"},
	{"with open(P('f'), 'w', encoding='utf-16') as f:\n    f.write('hé')\n    f.write('llo\\n')\nr = open(P('f'), 'rb').read()\nwith open(P('f'), encoding='utf-16') as f:\n    s = f.read()\nwith open(P('f'), 'a', encoding='utf-16') as f:\n    f.write('x')\nr, s, open(P('f'), encoding='utf-16').read(), open(P('f'), 'rb').read()[-2:]", "(b'\\xff\\xfeh\\x00\\xe9\\x00l\\x00l\\x00o\\x00\\n\\x00', 'héllo\\n', 'héllo\\nx', b'x\\x00')"},
	{"with open(P('f'), 'w', encoding='cp1252') as f:\n    f.write('€ “quoted” ‰')\nopen(P('f'), 'rb').read(), open(P('f'), encoding='cp1252').read(), open(P('f'), encoding='windows-1252').readline()", "(b'\\x80 \\x93quoted\\x94 \\x89', '€ “quoted” ‰', '€ “quoted” ‰')"},
	{"open(P('f'), 'wb').write(b'caf\\xe9')\nopen(P('f')).read()", "UnicodeDecodeError: 'utf-8' codec can't decode byte 0xe9 in position 3: unexpected end of data"},
	{"open(P('f'), 'wb').write(b'caf\\xe9 ok')\nopen(P('f'), errors='replace').read(), open(P('f'), errors='ignore').read(), open(P('f'), encoding='ascii', errors='replace').read(), open(P('f'), encoding='latin-1', errors='strict').read()", "('caf� ok', 'caf ok', 'caf� ok', 'café ok')"},
	{"open(P('f'), 'wb').write(b'caf\\xc3\\xa9')\nopen(P('f'), encoding='ascii').read()", "UnicodeDecodeError: 'ascii' codec can't decode byte 0xc3 in position 3: ordinal not in range(128)"},
	{"with open(P('f'), 'w', encoding='ascii') as f:\n    f.write('é')", "UnicodeEncodeError: 'ascii' codec can't encode character '\\xe9' in position 0: ordinal not in range(128)"},
	{"with open(P('f'), 'w', encoding='ascii', errors='replace') as f:\n    f.write('é!')\nwith open(P('g'), 'w', encoding='ascii', errors='xmlcharrefreplace') as f:\n    f.write('é!')\nopen(P('f')).read(), open(P('g')).read()", "('?!', '&#233;!')"},
	{"open(P('f'), 'w', encoding='no-such-codec')", "LookupError: unknown encoding: no-such-codec"},
	{"open(P('f'), 'wb', encoding='utf-8')", "ValueError: binary mode doesn't take an encoding argument"},
	{"open(P('f'), 'wb', errors='strict')", "ValueError: binary mode doesn't take an errors argument"},
	{"open(P('f'), 'wb', newline='')", "ValueError: binary mode doesn't take a newline argument"},
	{"open(P('f'), 'w', newline='x')", "ValueError: illegal newline value: x"},
	{"open(P('f'), 'w', encoding=3)", "TypeError: open() argument 'encoding' must be str or None, not int"},
	{"open(P('f'), 'wb').write(b'a\\r\\nb\\rc\\nd')\nr = []\nfor nl in (None, '', '\\n', '\\r', '\\r\\n'):\n    with open(P('f'), newline=nl) as f:\n        r.append(list(f))\n    with open(P('f'), newline=nl) as f:\n        r.append(f.read())\nr", "[['a\\n', 'b\\n', 'c\\n', 'd'], 'a\\nb\\nc\\nd', ['a\\r\\n', 'b\\r', 'c\\n', 'd'], 'a\\r\\nb\\rc\\nd', ['a\\r\\n', 'b\\rc\\n', 'd'], 'a\\r\\nb\\rc\\nd', ['a\\r', '\\nb\\r', 'c\\nd'], 'a\\r\\nb\\rc\\nd', ['a\\r\\n', 'b\\rc\\nd'], 'a\\r\\nb\\rc\\nd']"},
	{"open(P('f'), 'wb').write(b'a\\r\\nb\\rc\\nd')\nr = []\nfor nl in (None, '', '\\n', '\\r', '\\r\\n'):\n    with open(P('f'), newline=nl, encoding='latin-1') as f:\n        r.append(list(f))\nr", "[['a\\n', 'b\\n', 'c\\n', 'd'], ['a\\r\\n', 'b\\r', 'c\\n', 'd'], ['a\\r\\n', 'b\\rc\\n', 'd'], ['a\\r', '\\nb\\r', 'c\\nd'], ['a\\r\\n', 'b\\rc\\nd']]"},
	{"for i, nl in enumerate((None, '', '\\n', '\\r', '\\r\\n')):\n    with open(P('f%d' % i), 'w', newline=nl) as f:\n        f.write('a\\nb\\r\\n')\n[open(P('f%d' % i), 'rb').read() for i in range(5)]", "[b'a\\nb\\r\\n', b'a\\nb\\r\\n', b'a\\nb\\r\\n', b'a\\rb\\r\\r', b'a\\r\\nb\\r\\r\\n']"},
	{"with open(P('f'), 'w', encoding='utf-8-sig') as f:\n    f.write('x')\nopen(P('f'), 'rb').read(), open(P('f'), encoding='utf-8-sig').read(), open(P('f')).read()", "(b'\\xef\\xbb\\xbfx', 'x', '\\ufeffx')"},
	{"repr(open(P('f'), 'w', encoding='latin-1'))[-30:]", "\"' mode='w' encoding='latin-1'>\""},
	{"with open(P('f'), 'w+', encoding='latin-1') as f:\n    f.write('abc')\n    f.seek(0)\n    a = f.read()\n    f.write('dé')\n    f.seek(0)\n    b = f.read()\na, b, open(P('f'), 'rb').read()", "('abc', 'abcdé', b'abcd\\xe9')"},
}

// encodingPrelude defines P for a test's directory.
func encodingPrelude(t *testing.T) string {
	return "P = lambda n: " + Repr(t.TempDir()) + " + '/' + n\n"
}

func TestFileEncoding(t *testing.T) {
	prelude := encodingPrelude(t)
	for _, c := range fileEncodingCases {
		if got := cellOutcome(NewSession(IO{}), prelude+c.src); got != c.want {
			t.Errorf("%s\n got %s\nwant %s", c.src, got, c.want)
		}
	}
}

func TestFileEncodingAgainstCPython(t *testing.T) {
	checkCellCasesAgainstCPython(t, encodingPrelude(t), fileEncodingCases)
}
