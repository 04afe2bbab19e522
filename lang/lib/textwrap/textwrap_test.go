package textwrap_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/textwrap"
)

const prelude = "import textwrap\nfrom textwrap import wrap, fill, shorten, dedent, indent\n"

const lorem = "text = 'The quick brown fox jumps over the lazy dog. Pack my box with five dozen liquor jugs! How vexingly quick daft zebras jump; the five boxing wizards jump quickly.'\n"

// cases hold CPython 3.11's outcomes; TestAgainstCPython checks them there.
var cases = []langtest.Case{
	{lorem + "wrap(text, 30)", "['The quick brown fox jumps over', 'the lazy dog. Pack my box with', 'five dozen liquor jugs! How', 'vexingly quick daft zebras', 'jump; the five boxing wizards', 'jump quickly.']"},
	{lorem + "fill(text, 40, initial_indent='* ', subsequent_indent='  ')", "'* The quick brown fox jumps over the\\n  lazy dog. Pack my box with five dozen\\n  liquor jugs! How vexingly quick daft\\n  zebras jump; the five boxing wizards\\n  jump quickly.'"},
	{lorem + "wrap(text, 25, max_lines=2), wrap(text, 25, max_lines=3, placeholder='...')", "(['The quick brown fox jumps', 'over the lazy dog. [...]'], ['The quick brown fox jumps', 'over the lazy dog. Pack', 'my box with five dozen...'])"},
	{"wrap('a well-known self-evident state-of-the-art idea', 12), wrap('a well-known idea', 12, break_on_hyphens=False)", "(['a well-known', 'self-evident', 'state-of-', 'the-art idea'], ['a well-known', 'idea'])"},
	{"wrap('supercalifragilisticexpialidocious is long', 10), wrap('supercalifragilisticexpialidocious is long', 10, break_long_words=False)", "(['supercalif', 'ragilistic', 'expialidoc', 'ious is', 'long'], ['supercalifragilisticexpialidocious', 'is long'])"},
	{"wrap('  leading and trailing   spaces  ', 10), wrap('tab\\there\\nnew line', 8), wrap('', 10), wrap('   ', 5)", "(['  leading', 'and', 'trailing', 'spaces'], ['tab', 'here new', 'line'], [], [])"},
	{"wrap('  keep  the  spaces  ', 9, drop_whitespace=False), wrap('x\\ty', 20, expand_tabs=False, replace_whitespace=False)", "(['  keep  ', 'the  ', 'spaces  '], ['x\\ty'])"},
	{"shorten('Hello  world!', width=12), shorten('Hello world!', width=11), shorten('Hello world', width=10, placeholder='...'), shorten('Supercalifragilistic', 10)", "('Hello world!', 'Hello [...]', 'Hello...', '[...]')"},
	{"dedent('''\\n    def f():\\n        return 1\\n    ''')", "'\\ndef f():\\n    return 1\\n'"},
	{"dedent('  a\\n\\t b'), dedent('  a\\n   \\n    b'), dedent('no indent\\n  x'), dedent('\\t\\tx\\n\\t\\ty')", "('  a\\n\\t b', 'a\\n\\n  b', 'no indent\\n  x', 'x\\ny')"},
	{"indent('a\\n\\nb\\r\\nc', '> '), indent('a\\n  \\nb', '+', lambda line: True), indent('', 'x')", "('> a\\n\\n> b\\r\\n> c', '+a\\n+  \\n+b', '')"},
	{"wrap('abc', 0)", "ValueError: invalid width 0 (must be > 0)"},
	// TextWrapper (wrapper.go): options as attributes, changed between calls; a subclass's wrap
	{lorem + "w = textwrap.TextWrapper(width=20, initial_indent='* ', subsequent_indent='  ')\na = w.wrap(text)\nw.width = 30\nw.max_lines = 2\na, w.fill(text), w.width, w.placeholder, w.tabsize, w.break_long_words, w.fix_sentence_endings, w.max_lines", "(['* The quick brown', '  fox jumps over the', '  lazy dog. Pack my', '  box with five', '  dozen liquor jugs!', '  How vexingly quick', '  daft zebras jump;', '  the five boxing', '  wizards jump', '  quickly.'], '* The quick brown fox jumps\\n  over the lazy dog. [...]', 30, ' [...]', 8, True, False, 2)"},
	{"class W(textwrap.TextWrapper):\n    def wrap(self, text):\n        return [l.upper() for l in super().wrap(text)]\nW(10).fill('abc def ghi jkl'), isinstance(W(), textwrap.TextWrapper), textwrap.TextWrapper(5, break_on_hyphens=False).wrap('well-known x')", "('ABC DEF\\nGHI JKL', True, ['well-', 'known', 'x'])"},
	{"textwrap.TextWrapper(fix_sentence_endings=True, width=40).wrap('Hello there. How are you? \"Fine.\" I said. Mr. Smith.'), fill('One two. Three \"four.\" Five! Six?\\' x', 14, fix_sentence_endings=True), wrap('A. B. c.  d', fix_sentence_endings=True)", "(['Hello there.  How are you?  \"Fine.\"  I', 'said.  Mr.  Smith.'], 'One two.\\nThree \"four.\"\\nFive!  Six?\\'\\nx', ['A. B. c.  d'])"},
	{"textwrap.TextWrapper(width=0).wrap('x')", "ValueError: invalid width 0 (must be > 0)"},
	{"textwrap.TextWrapper(width=5, max_lines=1, placeholder='......').fill('abc def')", "ValueError: placeholder too large for max width"},
	{"wrap('abc def', 4, max_lines=1, placeholder=' [......]')", "ValueError: placeholder too large for max width"},
}

func TestTextwrap(t *testing.T) { langtest.CheckCellCases(t, prelude, cases) }

func TestAgainstCPython(t *testing.T) { cpython.CheckCellCases(t, prelude, cases) }
