package lang

import "testing"

// unicodeNumericCases: str.isdigit, isdecimal and isnumeric of every
// script, int() and float() of decimal digits of any script, and
// identifiers per PEP 3131, as CPython 3.11 answers them.
var unicodeNumericCases = []string{
	"'²'.isdigit(), '²'.isdecimal(), '²'.isnumeric(), '½'.isnumeric(), '½'.isdigit(), '①'.isdigit(), '一'.isnumeric(), '万'.isalnum(), '²'.isalnum()",
	"int('٣'), int('١٢٣'), float('١.٥'), int('٣', 16), int('１２'), float('１.５'), int(' \u2003٣\u2003')",
	"int('²')",
	"['abc'.isidentifier(), 'é'.isidentifier(), '1a'.isidentifier(), '_'.isidentifier(), 'a b'.isidentifier(), 'ℕ'.isidentifier(), '℘'.isidentifier(), 'x·'.isidentifier(), '·x'.isidentifier(), ''.isidentifier(), 'ǅ'.isidentifier(), 'ⅷ'.isidentifier(), 'a٣'.isidentifier()]",
}

func TestUnicodeNumericAgainstCPython(t *testing.T) {
	checkMatchesCPython(t, "", unicodeNumericCases)
}
