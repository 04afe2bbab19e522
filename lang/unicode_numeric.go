package lang

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Unicode's Numeric_Type property, which Go's unicode package does not
// carry, for str.isdigit and str.isnumeric as CPython 3.11 (Unicode
// 14.0.0) answers them. Made from /usr/bin/python3's str methods: the
// characters of each table are those for which
//
//	c.isdigit() and not c.isdecimal()
//	c.isnumeric() and unicodedata.category(c) not in ('Nd', 'Nl', 'No')
//
// (every character of Nd, Nl and No is numeric).

// digitsNotDecimal are the digits of Numeric_Type=Digit: superscripts,
// subscripts, circled digits.
var digitsNotDecimal = &unicode.RangeTable{
	R16: []unicode.Range16{
		{0x00b2, 0x00b3, 1},
		{0x00b9, 0x00b9, 1},
		{0x1369, 0x1371, 1},
		{0x19da, 0x19da, 1},
		{0x2070, 0x2070, 1},
		{0x2074, 0x2079, 1},
		{0x2080, 0x2089, 1},
		{0x2460, 0x2468, 1},
		{0x2474, 0x247c, 1},
		{0x2488, 0x2490, 1},
		{0x24ea, 0x24ea, 1},
		{0x24f5, 0x24fd, 1},
		{0x24ff, 0x24ff, 1},
		{0x2776, 0x277e, 1},
		{0x2780, 0x2788, 1},
		{0x278a, 0x2792, 1},
	},
	R32: []unicode.Range32{
		{0x10a40, 0x10a43, 1},
		{0x10e60, 0x10e68, 1},
		{0x11052, 0x1105a, 1},
		{0x1f100, 0x1f10a, 1},
	},
}

// numericLetters are the numeric characters outside the number
// categories: CJK ideographs of numbers (一, 二, 万, ...).
var numericLetters = &unicode.RangeTable{
	R16: []unicode.Range16{
		{0x3405, 0x3405, 1},
		{0x3483, 0x3483, 1},
		{0x382a, 0x382a, 1},
		{0x3b4d, 0x3b4d, 1},
		{0x4e00, 0x4e00, 1},
		{0x4e03, 0x4e03, 1},
		{0x4e07, 0x4e07, 1},
		{0x4e09, 0x4e09, 1},
		{0x4e5d, 0x4e5d, 1},
		{0x4e8c, 0x4e8c, 1},
		{0x4e94, 0x4e94, 1},
		{0x4e96, 0x4e96, 1},
		{0x4ebf, 0x4ec0, 1},
		{0x4edf, 0x4edf, 1},
		{0x4ee8, 0x4ee8, 1},
		{0x4f0d, 0x4f0d, 1},
		{0x4f70, 0x4f70, 1},
		{0x5104, 0x5104, 1},
		{0x5146, 0x5146, 1},
		{0x5169, 0x5169, 1},
		{0x516b, 0x516b, 1},
		{0x516d, 0x516d, 1},
		{0x5341, 0x5341, 1},
		{0x5343, 0x5345, 1},
		{0x534c, 0x534c, 1},
		{0x53c1, 0x53c4, 1},
		{0x56db, 0x56db, 1},
		{0x58f1, 0x58f1, 1},
		{0x58f9, 0x58f9, 1},
		{0x5e7a, 0x5e7a, 1},
		{0x5efe, 0x5eff, 1},
		{0x5f0c, 0x5f0e, 1},
		{0x5f10, 0x5f10, 1},
		{0x62fe, 0x62fe, 1},
		{0x634c, 0x634c, 1},
		{0x67d2, 0x67d2, 1},
		{0x6f06, 0x6f06, 1},
		{0x7396, 0x7396, 1},
		{0x767e, 0x767e, 1},
		{0x8086, 0x8086, 1},
		{0x842c, 0x842c, 1},
		{0x8cae, 0x8cae, 1},
		{0x8cb3, 0x8cb3, 1},
		{0x8d30, 0x8d30, 1},
		{0x9621, 0x9621, 1},
		{0x9646, 0x9646, 1},
		{0x964c, 0x964c, 1},
		{0x9678, 0x9678, 1},
		{0x96f6, 0x96f6, 1},
		{0xf96b, 0xf96b, 1},
		{0xf973, 0xf973, 1},
		{0xf978, 0xf978, 1},
		{0xf9b2, 0xf9b2, 1},
		{0xf9d1, 0xf9d1, 1},
		{0xf9d3, 0xf9d3, 1},
		{0xf9fd, 0xf9fd, 1},
	},
	R32: []unicode.Range32{
		{0x20001, 0x20001, 1},
		{0x20064, 0x20064, 1},
		{0x200e2, 0x200e2, 1},
		{0x20121, 0x20121, 1},
		{0x2092a, 0x2092a, 1},
		{0x20983, 0x20983, 1},
		{0x2098c, 0x2098c, 1},
		{0x2099c, 0x2099c, 1},
		{0x20aea, 0x20aea, 1},
		{0x20afd, 0x20afd, 1},
		{0x20b19, 0x20b19, 1},
		{0x22390, 0x22390, 1},
		{0x22998, 0x22998, 1},
		{0x23b1b, 0x23b1b, 1},
		{0x2626d, 0x2626d, 1},
		{0x2f890, 0x2f890, 1},
	},
}

// isDigitRune is str.isdigit of one character: a decimal digit or another
// digit (², ①).
func isDigitRune(r rune) bool { return unicode.Is(unicode.Nd, r) || unicode.Is(digitsNotDecimal, r) }

// isNumericRune is str.isnumeric of one character.
func isNumericRune(r rune) bool {
	return unicode.In(r, unicode.Nd, unicode.Nl, unicode.No) || unicode.Is(numericLetters, r)
}

// isIdentifierStart and isIdentifierContinue are PEP 3131's classes of
// an identifier's first and further characters (XID_Start plus _, and
// XID_Continue), from the properties Go's unicode package has.
func isIdentifierStart(r rune) bool {
	return r == '_' || unicode.In(r, unicode.L, unicode.Nl, unicode.Other_ID_Start) && !unicode.In(r, unicode.Pattern_Syntax, unicode.Pattern_White_Space)
}

func isIdentifierContinue(r rune) bool {
	return isIdentifierStart(r) || unicode.In(r, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc, unicode.Other_ID_Continue) && !unicode.In(r, unicode.Pattern_Syntax, unicode.Pattern_White_Space)
}

// DecimalValue is the value of r as a decimal digit (general category
// Nd), or -1: Unicode keeps each script's digits 0 to 9 contiguous, so
// the value is r's place in its run of Nd characters, modulo 10.
func DecimalValue(r rune) int {
	if !unicode.Is(unicode.Nd, r) {
		return -1
	}
	n := 0
	for r-rune(n)-1 >= 0 && unicode.Is(unicode.Nd, r-rune(n)-1) {
		n++
	}
	return n % 10
}

// asciiDecimals is s with its decimal digits of every script made ASCII
// and its white space a space, as CPython reads the text of int() and
// float(): int('٣') is 3.
func asciiDecimals(s string) string {
	for _, r := range s {
		if r >= utf8.RuneSelf {
			return strings.Map(func(r rune) rune {
				if r < utf8.RuneSelf {
					return r
				}
				if d := DecimalValue(r); d >= 0 {
					return '0' + rune(d)
				}
				if unicode.IsSpace(r) {
					return ' '
				}
				return r
			}, s)
		}
	}
	return s
}
