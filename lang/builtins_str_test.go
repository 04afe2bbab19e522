package lang

import "testing"

// strMethodCases hold CPython 3.11's outcomes for the str methods of
// builtins_str.go; TestStrMethodsAgainstCPython checks them there.
var strMethodCases = []struct{ src, want string }{
	{"\"a.b.c\".rsplit(\".\", 1), \"a b  c \".rsplit(), \"  a  b \".rsplit(None, 1), \"a,b,c\".rsplit(\",\", 0), \",a,\".rsplit(\",\"), \"a--b--c\".rsplit(\"--\", maxsplit=1)", "(['a.b', 'c'], ['a', 'b', 'c'], ['  a', 'b'], ['a,b,c'], ['', 'a', ''], ['a--b', 'c'])"},
	{"\"abc\".rsplit(\"\")", "ValueError: empty separator"},
	{"\"abcabc\".rindex(\"b\"), \"héllo\".rindex(\"l\"), \"abcabc\".rfind(\"b\", 0, 3), \"abcabc\".rfind(\"z\")", "(4, 3, 1, -1)"},
	{"\"abc\".rindex(\"z\")", "ValueError: substring not found"},
	{"\"abcabc\".find(\"b\", 2), \"abcabc\".count(\"b\", 2), \"abcabc\".index(\"c\", 3), \"abcabc\".find(\"b\", -3), \"abcabc\".rfind(\"b\", -100, -2), \"héllo\".find(\"l\", 2)", "(4, 1, 5, 4, 1, 2)"},
	{"\"abc\".find(\"\", 5), \"abc\".find(\"\", 3), \"abc\".count(\"\"), \"abc\".count(\"\", 5), \"abc\".count(\"\", 1, 2), \"aaaa\".count(\"aa\"), \"abc\".find(\"a\", None, None), \"abc\".find(\"b\", 2, 1)", "(-1, 3, 4, 0, 2, 2, 0, -1)"},
	{"\"abc\".index(\"c\", 0, 2)", "ValueError: substring not found"},
	{"\"abc\".find(\"a\", 1.0)", "TypeError: slice indices must be integers or None or have an __index__ method"},
	{"\"abc\".find(1)", "TypeError: must be str, not int"},
	{"\"abc\".startswith(\"b\", 1), \"abc\".endswith(\"b\", 0, 2), \"abc\".startswith(\"\", 5), \"abc\".startswith(\"\", 3), \"abc\".endswith(\"c\", -1), \"abc\".startswith((\"x\", \"b\"), 1)", "(True, True, False, True, True, True)"},
	{"\"a\\x0bb\\x0cc\\x1cd\\u2028e\\x85f\".splitlines(), \"\".splitlines(), \"a\\n\".splitlines(True), \"a\\r\\nb\\rc\".splitlines(keepends=True), \"a\\n\\nb\".splitlines()", "(['a', 'b', 'c', 'd', 'e', 'f'], [], ['a\\n'], ['a\\r\\n', 'b\\r', 'c'], ['a', '', 'b'])"},
	{"\"a\\tbc\\tdef\\n\\tx\".expandtabs(), \"a\\tb\".expandtabs(4), \"a\\tb\".expandtabs(0), \"a\\tb\".expandtabs(-1)", "('a       bc      def\\n        x', 'a   b', 'ab', 'ab')"},
	{"\"\".isascii(), \"é\".isascii(), \"abc\".isascii(), \"\".isprintable(), \"a b\".isprintable(), \"a\\nb\".isprintable(), \"\\u00a0\".isprintable()", "(True, False, True, True, True, False, False)"},
	{"\"\".isidentifier(), \"1a\".isidentifier(), \"_\".isidentifier(), \"é\".isidentifier(), \"x_1\".isidentifier(), \"a-b\".isidentifier()", "(False, False, True, True, True, False)"},
	{"\"Hello World\".istitle(), \"Hello world\".istitle(), \"HELLO\".istitle(), \"\".istitle(), \"A1 B\".istitle(), \"1\".istitle(), \"Don'T\".istitle()", "(True, False, False, False, True, False, True)"},
	{"\"123\".isnumeric(), \"½\".isnumeric(), \"½\".isdecimal(), \"12.3\".isdecimal(), \"٣\".isdecimal(), \"\".isnumeric(), \"Ⅻ\".isnumeric()", "(True, True, False, False, True, False, True)"},
	{"words = [\"banana\", \"Apple\", \"cherry\"]\nsorted(words, key=lambda w: w.lower()), [w for w in words if w.startswith((\"a\", \"A\"))]", "(['Apple', 'banana', 'cherry'], ['Apple'])"},
}

func TestStrMethods(t *testing.T) {
	checkCellCases(t, "", strMethodCases)
}

func TestStrMethodsAgainstCPython(t *testing.T) {
	checkCellCasesAgainstCPython(t, "", strMethodCases)
}

// TestStrDecodesAgainstCPython checks str(object, encoding, errors), which
// decodes a bytes-like object, and its errors.
func TestStrDecodesAgainstCPython(t *testing.T) {
	checkMatchesCPython(t, "", []string{
		`str(b"abc", "utf-8"), str(b"\xff", "utf-8", "replace"), str(bytearray(b"hi"), encoding="ascii"), str(memoryview(b"ab"), "latin-1")`,
		`str(b"a", errors="strict"), str(object=3), str(), str(b"ab")`,
		`str("x", "utf-8")`, `str(5, "utf-8")`, `str(b"a", 5)`, `str(b"\xff", "ascii")`, `str(b"a", "nope")`,
	})
}
