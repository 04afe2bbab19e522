package lang

import "testing"

// A backslash before a character that starts no escape stays in the
// string with that character, as CPython 3.11 keeps it (its
// DeprecationWarning is not shown by default): docstrings of real
// programs hold LaTeX such as :math:`\sin(x)`.
func TestUnknownEscapesMatchCPython(t *testing.T) {
	checkMatchesCPython(t, "", []string{
		`'\d'`,
		`len('\d')`,
		`'\sin(x) \pi \frac{1}{2}'`,
		`"C:\data\sub"`,
		`'\d\n\t'`,
		`'''\w+
\s*'''`,
		`'\{x}'`,
		`x = 1; f'\d{x}\q'`,
		`b'\d\u20ac\N'`,
		`len(b'\u20ac')`,
		`'\8\9'`,
		`'\\d' == '\d'`,
		`'\q'.encode()`,
	})
}
