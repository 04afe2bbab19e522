package lang

import (
	"strings"
	"testing"
)

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

// \N{name} escapes name a character of the Unicode database, in any
// case.
func TestNamedEscapesMatchCPython(t *testing.T) {
	checkMatchesCPython(t, "", []string{
		`'\N{DEGREE SIGN}', '\N{latin small letter a}\N{BULLET}x'`,
		`'\N{HANGUL SYLLABLE GA}\N{CJK UNIFIED IDEOGRAPH-4E00}' == '\uac00\u4e00'`,
		"'''a\n\\N{GREEK SMALL LETTER ALPHA}''', f'\\N{BULLET} {1}', r'\\N{x}', b'\\N{LF}'",
		`f'{1:\N{DIGIT ZERO}>3}', f"\N{EM DASH}{'x'}\N{EM DASH}"`,
		`len('\N{EM DASH}'), '\N{EM DASH}'.encode()`,
	})
}

// A malformed \N escape or an unknown name is CPython's SyntaxError, its
// positions counted in the literal's body as CPython counts them (the
// message is compared; CPython's caret is its own).
func TestNamedEscapeErrorsMatchCPython(t *testing.T) {
	srcs := []string{
		`'ab\N{NOT A NAME}'`,
		`'\N{}'`,
		`'\Nx'`,
		`'\N'`,
		`'x\N{LATIN SMALL LETTER A'`,
		`"\N{a" + "}"`,
		`"""a\nb\N{BAD}"""`,
		`'é\N{BAD}'`,
		`f'{1}\N{BAD}'`,
		`'\N{BULLET}\N{BAD}'`,
	}
	msg := func(outcome string) string {
		_, m, _ := strings.Cut(outcome, ": ")
		return m
	}
	want := cpythonSyntaxErrors(t, srcs)
	for i, src := range srcs {
		if got := syntaxErrorOutcome(src); got == "ok" || msg(got) != msg(want[i]) {
			t.Errorf("%s\n kael    %s\n CPython %s", src, got, want[i])
		}
	}
}
