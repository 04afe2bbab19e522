package pystring_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/pystring"
)

const prelude = "import string\nfrom string import Template\n"

// cases hold CPython 3.11's outcomes; TestAgainstCPython checks them there.
var cases = []langtest.Case{
	{"string.ascii_letters, string.ascii_lowercase, string.ascii_uppercase, string.digits, string.hexdigits, string.octdigits", "('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '0123456789', '0123456789abcdefABCDEF', '01234567')"},
	{"string.punctuation, string.whitespace, string.printable, len(string.printable)", "('!\"#$%&\\'()*+,-./:;<=>?@[\\\\]^_`{|}~', ' \\t\\n\\r\\x0b\\x0c', '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ!\"#$%&\\'()*+,-./:;<=>?@[\\\\]^_`{|}~ \\t\\n\\r\\x0b\\x0c', 100)"},
	{"string.capwords('hello   wORLD  foo'), string.capwords('a-b-c', '-'), string.capwords(''), string.capwords(' x ')", "('Hello World Foo', 'A-B-C', '', 'X')"},
	{"t = Template('$who likes ${what}, $$5 each')\nt.substitute(who='tim', what='kung pao'), t.substitute({'who': 'ann', 'what': 'tea'}), t.substitute({'who': 'x'}, what='y'), t.template", "('tim likes kung pao, $5 each', 'ann likes tea, $5 each', 'x likes y, $5 each', '$who likes ${what}, $$5 each')"},
	{"t = Template('$who likes $what')\nt.safe_substitute(who='tim'), t.get_identifiers(), t.is_valid(), Template('$ 1').is_valid(), Template('${a}$b$a').get_identifiers()", "('tim likes $what', ['who', 'what'], True, False, ['a', 'b'])"},
	{"Template('$who likes $what').substitute(who='tim')", "KeyError: 'what'"},
	{"Template('give $ 5').substitute()", "ValueError: Invalid placeholder in string: line 1, col 6"},
	{"Template('ok\\nbad ${1}').substitute()", "ValueError: Invalid placeholder in string: line 2, col 5"},
	{"Template('give $ 5 ${x').safe_substitute(), Template('$x$y').substitute(x=1, y=2.5), Template('$a_1b').substitute(a_1b=[1])", "('give $ 5 ${x', '12.5', '[1]')"},
	{"string.capwords('a', '')", "ValueError: empty separator"},
}

func TestString(t *testing.T) { langtest.CheckCellCases(t, prelude, cases) }

func TestAgainstCPython(t *testing.T) { cpython.CheckCellCases(t, prelude, cases) }

// FuzzTemplate holds Template's reading of a template text to never
// panicking.
func FuzzTemplate(f *testing.F) {
	for _, s := range []string{"$a ${b} $$", "$", "${", "${1}", "a$", "$$$", "${a", "\n$ x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		src := "t = Template(" + pyQuote(text) + ")\nt.safe_substitute(a=1), t.is_valid(), t.get_identifiers()"
		langtest.Run(prelude + src)
	})
}

// pyQuote writes s as a Python string literal of its bytes.
func pyQuote(s string) string {
	out := []byte("'")
	for i := 0; i < len(s); i++ {
		out = append(out, []byte("\\x")...)
		out = append(out, "0123456789abcdef"[s[i]>>4], "0123456789abcdef"[s[i]&15])
	}
	return string(append(out, '\''))
}
