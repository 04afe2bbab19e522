package unicodedata_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/unicodedata"
	_ "github.com/kael-dev/kael/lang/std"
)

const prelude = "import unicodedata as ud\n"

// cases hold CPython 3.11's outcomes; TestAgainstCPython checks them there.
// Characters are those of Unicode 14, which CPython 3.11's tables hold.
var cases = []langtest.Case{
	{"[hex(ord(c)) for c in ud.normalize('NFD', 'Śa\u0300')], [hex(ord(c)) for c in ud.normalize('NFC', 'S\u0301a\u0300')]", "(['0x53', '0x301', '0x61', '0x300'], ['0x15a', '0xe0'])"},
	{"[len(ud.normalize(f, 'Ślusàrski')) for f in ('NFC', 'NFD', 'NFKC', 'NFKD')]", "[9, 11, 9, 11]"},
	{"ud.normalize('NFKC', 'ﬁ ① ² Ｋ'), ud.normalize('NFC', 'e\\u0301'), ud.normalize('NFKD', '\\u2126')", "('fi 1 2 K', 'é', 'Ω')"},
	{"ud.is_normalized('NFC', 'é'), ud.is_normalized('NFD', 'é'), ud.is_normalized('NFKC', 'ﬁ'), ud.is_normalized('NFC', '')", "(True, False, False, True)"},
	{"all_letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ .,;\\''\n''.join(c for c in ud.normalize('NFD', 'Ślusàrski Żółć') if ud.category(c) != 'Mn' and c in all_letters)", "'Slusarski Zoc'"},
	{"[ud.category(c) for c in 'aA1 ,\\u0301\\u00a0€+(\\u2028\\u0378\\ue000\\x00\\u200b½Ⅳ_-»\\u0903\\u20dd\\u01c5ʰ中']", "['Ll', 'Lu', 'Nd', 'Zs', 'Po', 'Mn', 'Zs', 'Sc', 'Sm', 'Ps', 'Zl', 'Cn', 'Co', 'Cc', 'Cf', 'No', 'Nl', 'Pc', 'Pd', 'Pf', 'Mc', 'Me', 'Lt', 'Lm', 'Lo']"},
	{"ud.category(')'), ud.category('«'), ud.category('^'), ud.category('\\u2029')", "('Pe', 'Pi', 'Sk', 'Zp')"},
	{"[ud.name(c) for c in 'a€ß\\u0301😀中가힣']", "['LATIN SMALL LETTER A', 'EURO SIGN', 'LATIN SMALL LETTER SHARP S', 'COMBINING ACUTE ACCENT', 'GRINNING FACE', 'CJK UNIFIED IDEOGRAPH-4E2D', 'HANGUL SYLLABLE GA', 'HANGUL SYLLABLE HIH']"},
	{"ud.name('\\x00', None), ud.name('\\u0378', 'none')", "(None, 'none')"},
	{"ud.name('\\n')", "ValueError: no such name"},
	{"ud.lookup('latin small letter a'), ud.lookup('EURO SIGN'), ud.lookup('GRINNING FACE'), ud.lookup('CJK UNIFIED IDEOGRAPH-4E2D'), ud.lookup('HANGUL SYLLABLE GAG')", "('a', '€', '😀', '中', '각')"},
	{"ud.lookup('NO SUCH THING')", "KeyError: \"undefined character name 'NO SUCH THING'\""},
	// Names by rule: capitals only, four or five hex digits; Tangut ideographs unnamed in 3.11.
	{"def look(n):\n    try:\n        return hex(ord(ud.lookup(n)))\n    except KeyError:\n        return 'KeyError'\n[look(n) for n in ['cjk unified ideograph-4E00', 'CJK UNIFIED IDEOGRAPH-4e00', 'CJK UNIFIED IDEOGRAPH-04E00', 'CJK UNIFIED IDEOGRAPH-0041', 'CJK UNIFIED IDEOGRAPH-2A700', 'hangul syllable gag', 'HANGUL SYLLABLE A', 'TANGUT IDEOGRAPH-17000', 'cjk compatibility ideograph-2f800', 'variation selector-17']]", "['KeyError', 'KeyError', '0x4e00', 'KeyError', '0x2a700', 'KeyError', '0xc544', 'KeyError', '0x2f800', '0xe0100']"},
	{"ud.name(chr(0x17000), 'none'), ud.name(chr(0x18B00)), ud.name(chr(0x20000))", "('none', 'KHITAN SMALL SCRIPT CHARACTER-18B00', 'CJK UNIFIED IDEOGRAPH-20000')"},
	{"[ud.combining(c) for c in 'a\\u0301\\u0327\\u0316\\u05b0']", "[0, 230, 202, 220, 10]"},
	{"[ud.decimal(c) for c in '0379٣३𝟗𝟘']", "[0, 3, 7, 9, 3, 3, 9, 0]"},
	{"ud.decimal('a', -1), ud.decimal('½', None)", "(-1, None)"},
	{"ud.decimal('²')", "ValueError: not a decimal"},
	{"[ud.bidirectional(c) for c in 'a1 +,\\u05d0\\u0627\\u0661\\u0301$\\n\\t\\u200b\\u202a\\u2066']", "['L', 'EN', 'WS', 'ES', 'CS', 'R', 'AL', 'AN', 'NSM', 'ET', 'B', 'S', 'BN', 'LRE', 'LRI']"},
	{"ud.bidirectional('\\u0378'), ud.bidirectional('(')", "('', 'ON')"},
	{"[ud.east_asian_width(c) for c in 'a中Ａｱ€\\u00a1é']", "['Na', 'W', 'F', 'H', 'A', 'A', 'A']"},
	{"ud.east_asian_width('ü'), ud.east_asian_width('\\u0100'), ud.east_asian_width('\\u2010')", "('A', 'N', 'A')"},
	{"ud.category('ab')", "TypeError: category() argument must be a unicode character, not str"},
	{"ud.category(1)", "TypeError: category() argument must be a unicode character, not int"},
	{"ud.name('')", "TypeError: name() argument 1 must be a unicode character, not str"},
	{"ud.decimal('ab')", "TypeError: decimal() argument 1 must be a unicode character, not str"},
	{"ud.combining('')", "TypeError: combining() argument must be a unicode character, not str"},
	{"ud.normalize('NFX', 'a')", "ValueError: invalid normalization form"},
	{"ud.normalize(1, 'a')", "TypeError: normalize() argument 1 must be str, not int"},
	{"ud.normalize('NFC', b'a')", "TypeError: normalize() argument 2 must be str, not bytes"},
	{"ud.name('a', 1, 2)", "TypeError: name expected at most 2 arguments, got 3"},
	{"type(ud.unidata_version).__name__, ud.unidata_version.count('.')", "('str', 2)"},
}

func TestUnicodedata(t *testing.T) { langtest.CheckCellCases(t, prelude, cases) }

func TestAgainstCPython(t *testing.T) { cpython.CheckCellCases(t, prelude, cases) }
