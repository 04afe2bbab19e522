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

// formatterCases are string.Formatter's, each run in kael and in CPython,
// which must give the same: the parsing, the fields, the errors, and a
// subclass overriding the methods format goes through.
var formatterCases = []string{
	"f = string.Formatter()\nf.format('{} and {name!r:>8}', 1, name='x'), f.format('{0[1]} {1.real} {2:{3}.{4}f}', [5, 6], 3, 3.14159, 8, 2), f.vformat('{a}-{b}', (), {'a': 1, 'b': 2}), f.format('{{x}} {0!s} {0!a}', 'é')",
	"f = string.Formatter()\nlist(f.parse('a{0!r:>5}b{{c}}d{x[1].y:{w}}')), list(f.parse('')), list(f.parse('{}')), list(f.parse('a{{b')), list(f.parse('{:}{0!s}'))",
	"f = string.Formatter()\nf.convert_field(3, 'r'), f.convert_field('é', 'a'), f.convert_field(2, None), f.get_field('0.imag', (2,), {}), f.get_field('k[a]', (), {'k': {'a': 7}}), f.get_value(1, (5, 6), {}), f.format_field(3.5, '08.3f')",
	"class Strict(string.Formatter):\n    def check_unused_args(self, used, args, kwargs):\n        extra = set(kwargs) - used\n        if extra:\n            raise ValueError('unused: %s' % sorted(extra))\n    def get_value(self, key, args, kwargs):\n        if isinstance(key, str):\n            return kwargs.get(key, '<%s?>' % key)\n        return super().get_value(key, args, kwargs)\n    def format_field(self, value, spec):\n        return super().format_field(value, spec).upper()\ns = Strict()\ntry:\n    s.format('{a}', a=1, z=2)\nexcept ValueError as e:\n    r = str(e)\ns.format('{a} {b} {0}', 'x', a='hi'), r",
	"string.Formatter().format('{')",
	"string.Formatter().format('}')",
	"string.Formatter().format('{0!x}', 1)",
	"string.Formatter().format('{0:{1:{2}}}', 1, 2, 3)",
	"string.Formatter().format('{0!r', 1)",
	"string.Formatter().format('a{0', 1)",
	"string.Formatter().format('{0.}', 1)",
	"string.Formatter().format('{0]x}', 1)",
	"string.Formatter().format('{}{0}', 1)",
	"string.Formatter().format('{0}{}', 1)",
	"string.Formatter().format('{3}', 1)",
	"string.Formatter().format('{x}', 1)",
	"string.Formatter().format('{0[1]x}', [1, 2])",
}

func TestFormatterMatchesCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude, formatterCases)
}
