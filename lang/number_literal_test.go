package lang

import "testing"

// numberLiteralCases are CPython 3.11's number literals: underscores as
// its tokenizer takes them, a keyword right after a number (taken with a
// SyntaxWarning), and its messages for bad literals.
var numberLiteralCases = []struct{ src, want string }{
	{"eval('1 if 1else 0'), eval('1 if 0else 0'), eval('[0x1for x in ()]'), eval('[0xfor x in ()]'), eval('1if 0 else 2'), eval('1jor 0')", "(1, 0, [31], [15], 2, 1j)"},
	{"[eval(s) for s in ['0_0_0', '0b1001_0100', '0xffff_ffff', '0o5_7_7', '1_00_00.5e5', '1_00_00e5_1', '.1_4e1', '0b_0', '0x_f', '0o_5', '1_00_00.5j', '1_00_00e5_1j', '(.5_6j)', '012j', '00.5']]",
		"[0, 148, 4294967295, 383, 1000050000.0, 1e+55, 1.4, 0, 15, 5, 10000.5j, 1e+55j, 0.56j, 12j, 0.5]"},
	{"msgs = []\nfor s in ['0b12', '0b1_2', '0b2', '0b1_', '0b', '0o18', '0o1_8', '0o8', '0o1_', '0o', '0x1_', '0x', '1_', '012', '1.2_', '1e2_', '1e+', '0 if 1Else 0', '1jx', '9spam', '0xfspam', '0_7', '4_______2', '1._4', '1e1__0j', '1.4_e1', '1.0e+_1', '(1+1.5_j)', '0_b0']:\n    try:\n        compile(s, '<t>', 'eval')\n        msgs.append(None)\n    except SyntaxError as e:\n        msgs.append(e.msg)\nmsgs",
		`["invalid digit '2' in binary literal", "invalid digit '2' in binary literal", "invalid digit '2' in binary literal", 'invalid binary literal', 'invalid binary literal', "invalid digit '8' in octal literal", "invalid digit '8' in octal literal", "invalid digit '8' in octal literal", 'invalid octal literal', 'invalid octal literal', 'invalid hexadecimal literal', 'invalid hexadecimal literal', 'invalid decimal literal', 'leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers', 'invalid decimal literal', 'invalid decimal literal', 'invalid decimal literal', 'invalid decimal literal', 'invalid imaginary literal', 'invalid decimal literal', 'invalid hexadecimal literal', 'leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers', 'invalid decimal literal', 'invalid decimal literal', 'invalid decimal literal', 'invalid decimal literal', 'invalid decimal literal', 'invalid decimal literal', 'invalid decimal literal']`},
}

func TestNumberLiterals(t *testing.T) {
	checkCellCases(t, "", numberLiteralCases)
}

func TestNumberLiteralsAgainstCPython(t *testing.T) {
	checkCellCasesAgainstCPython(t, "", numberLiteralCases)
}
