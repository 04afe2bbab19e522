package lang

import (
	"fmt"
	"testing"
)

// codecCases are str.encode and bytes.decode in each codec kael has,
// with the error handlers, held to CPython's values and messages.
var codecCases = []string{
	"'ab€\\U0001F600'.encode('utf-16'), 'ab€\\U0001F600'.encode('utf-16-le'), 'ab'.encode('UTF-16BE'), 'a\\U0001F600'.encode('utf_32'), 'a'.encode('utf-32-le'), 'a'.encode('utf-32-be'), 'a'.encode('u16')",
	"b'\\xff\\xfea\\x00=\\xd8\\x00\\xde'.decode('utf-16'), b'\\xfe\\xff\\x00a'.decode('utf-16'), b'a\\x00'.decode('utf-16'), b'\\x00a'.decode('utf-16-be'), b'\\xff\\xfe\\x00\\x00a\\x00\\x00\\x00'.decode('utf-32'), b'\\x00\\x00\\x00a'.decode('utf-32-be')",
	"s = 'h\\xe9llo \\u20ac\\U0001F600'\n[s.encode(c).decode(c) == s for c in ('utf-8', 'utf-8-sig', 'utf-16', 'utf-16-le', 'utf-16-be', 'utf-32', 'utf-32-le', 'utf-32-be')]",
	"'ab'.encode('utf-8-sig'), b'\\xef\\xbb\\xbfab'.decode('utf-8-sig'), b'ab'.decode('utf-8-sig'), b'\\xef\\xbb\\xbfab'.decode('utf-8')",
	"'a\\xe9\\u20ac\\u2019'.encode('cp1252'), b'a\\x80\\x93\\xe9'.decode('windows-1252'), b'\\x81a'.decode('cp1252', 'replace'), 'a\\u0100'.encode('cp1252', 'replace')",
	"b'a'.decode('utf-16-le')",
	"b'\\x00\\xd8'.decode('utf-16-le')",
	"b'\\x00\\xdc\\x00\\x00'.decode('utf-16-le')",
	"b'\\x00\\xd8a\\x00'.decode('utf-16-le')",
	"b'a\\x00\\x00'.decode('utf-32-le')",
	"b'\\x00\\x00\\x11\\x00'.decode('utf-32-le')",
	"b'\\x00\\xd8\\x00\\x00'.decode('utf-32-le')",
	"b'\\x81'.decode('cp1252')",
	"'a\\u0100'.encode('cp1252')",
	"b'\\xff'.decode()",
	"b'a\\xe9'.decode()",
	"b'\\xe9a'.decode()",
	"b'\\xf0\\x9f\\x98'.decode()",
	"b'\\xed\\xa0\\x80'.decode()",
	"b'\\xc0\\xaf'.decode()",
	"b'a\\xe9\\xe9'.decode('ascii')",
	"'\\xe9\\xe9\\u20ac'.encode('ascii')",
	"'a\\u20acb'.encode('latin-1')",
	"'a\\u20acb'.encode('latin-1', 'backslashreplace'), 'a\\u20acb'.encode('ascii', 'xmlcharrefreplace'), 'a\\U0001F600'.encode('ascii', 'backslashreplace'), 'a\\xe9\\xe9b'.encode('ascii', 'replace'), 'a\\xe9b'.encode('ascii', 'ignore')",
	"b'a\\xffb'.decode('utf-8', 'backslashreplace'), b'a\\xffb'.decode('ascii', 'ignore'), b'\\xe9\\xe9'.decode('utf-8', 'replace'), b'\\xf0\\x9f\\x98a'.decode('utf-8', 'replace'), b'a\\x00\\x00'.decode('utf-32-le', 'replace'), b'a\\x00b'.decode('utf-16-le', 'ignore')",
	"'abc'.encode('ascii', 'bogus'), b'abc'.decode('utf-8', 'bogus')",
	"b'\\xff'.decode('utf-8', 'bogus')",
	"'\\xe9'.encode('ascii', 'bogus')",
	"'a'.encode('bogus')",
	"b'a'.decode('utf-7x')",
	// surrogateescape and surrogatepass where they make no lone surrogate
	"'ab\\xe9'.encode('utf-8', 'surrogateescape'), 'ab'.encode('ascii', 'surrogatepass'), b'ab'.decode('ascii', 'surrogateescape'), b'\\xe9'.decode('utf-8', 'surrogatepass')",
	"'\\xe9'.encode('ascii', 'surrogateescape')",
	"'a\\u20ac'.encode('latin-1', 'surrogatepass')",
	"b'a\\x00\\x00'.decode('utf-32-le', 'surrogateescape')",
	"b'\\xff'.decode('utf-8', 'surrogatepass')",
	"b'\\xff'.decode('ascii', 'surrogatepass')",
	"b'\\xed\\xa0'.decode('utf-8', 'surrogatepass')",
	"bytes('\\u20ac', 'cp1252'), bytearray('ab', 'utf-16-le'), bytearray(b'a\\x00').decode('utf-16-le'), memoryview(b'a').tobytes().decode('latin1')",
}

func TestCodecsAgainstCPython(t *testing.T) {
	checkMatchesCPython(t, "", codecCases)
}

// TestCodecsLoneSurrogates: where CPython's surrogateescape or
// surrogatepass would decode to a lone surrogate, which kael's str cannot
// hold, kael says so.
func TestCodecsLoneSurrogates(t *testing.T) {
	const msg = "NotImplementedError: the %s error handler would make a lone surrogate here, which kael's str cannot hold"
	checkCellCases(t, "", []struct{ src, want string }{
		{"b'a\\xff'.decode('utf-8', 'surrogateescape')", fmt.Sprintf(msg, "surrogateescape")},
		{"b'a\\xff'.decode('ascii', 'surrogateescape')", fmt.Sprintf(msg, "surrogateescape")},
		{"b'\\xed\\xa0\\x80'.decode('utf-8', 'surrogatepass')", fmt.Sprintf(msg, "surrogatepass")},
		{"b'\\x00\\xd8'.decode('utf-16-le', 'surrogatepass')", fmt.Sprintf(msg, "surrogatepass")},
		{"b'\\x00\\xdc\\x00\\x00'.decode('utf-32-le', 'surrogatepass')", fmt.Sprintf(msg, "surrogatepass")},
	})
}
