package re_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/json"
	_ "github.com/kael-dev/kael/lang/lib/re"
)

// rePrelude imports re and defines err(f, *args): f's value, or
// "Class: message" of its exception, as CPython and kael both name it
// (type(e).__name__ is "error" for re.error).
const rePrelude = `import re
def err(f, *args, **kw):
    try:
        return f(*args, **kw)
    except Exception as e:
        return type(e).__name__ + ": " + str(e)
`

// reCases hold CPython 3.11's outcomes; TestReAgainstCPython checks them
// there.
var reCases = []langtest.Case{
	// Named characters, \N{...}, in str patterns (not bytes).
	{"re.findall(r'\\N{BULLET}+', 'a••b'), re.findall(r'[\\N{BULLET}-\\N{WHITE BULLET}x]', '•◦x'), re.findall(r'\\N{latin small letter a}', 'ab')", "(['••'], ['•', '◦', 'x'], ['a'])"},
	{"[err(re.compile, p) for p in [r'\\N{NO SUCH}', r'\\N{BULLET', r'\\N', r'\\N{}', r'a\\N{NO}', rb'\\N{BULLET}']]", `["error: undefined character name 'NO SUCH' at position 0", 'error: missing }, unterminated name at position 3', 'error: missing { at position 2', 'error: missing character name at position 3', "error: undefined character name 'NO' at position 1", 'error: bad escape \\N at position 0']`},
	// search, match, fullmatch and the Match.
	{"m = re.search(r'(a)(b)?', 'xab')\nm, m.span(), m.span(2), m.start(1), m.end(), m.groups(), m.group(0, 1), m.lastindex, m.regs", "(<re.Match object; span=(1, 3), match='ab'>, (1, 3), (2, 3), 1, 3, ('a', 'b'), ('ab', 'a'), 2, ((1, 3), (1, 2), (2, 3)))"},
	{"m = re.match(r'(\\w+)(x)?', 'hello world')\nm.groups(), m.groups('-'), m.span(2), m[1], m.lastindex, m.pos, m.endpos, m.string", "(('hello', None), ('hello', '-'), (-1, -1), 'hello', 1, 0, 11, 'hello world')"},
	{"m = re.match(r'(?P<first>\\w+) (?P<last>\\w+)', 'Jane Doe')\nm.groupdict(), m['last'], m.group('first', 2), m.lastgroup, m.re.groupindex", "({'first': 'Jane', 'last': 'Doe'}, 'Doe', ('Jane', 'Doe'), 'last', mappingproxy({'first': 1, 'last': 2}))"},
	{"re.match('b', 'ab'), re.search('b', 'ab'), re.fullmatch('a|ab', 'ab'), re.fullmatch('a', 'ab'), re.match('', '')", "(None, <re.Match object; span=(1, 2), match='b'>, <re.Match object; span=(0, 2), match='ab'>, None, <re.Match object; span=(0, 0), match=''>)"},
	{"m = re.search(r'((a)b)(c)?', 'zab')\nm.lastindex, m.lastgroup, re.search(r'(?P<x>a)|(?P<y>b)', 'b').lastgroup", "(1, None, 'y')"},
	{"m = re.search('(a)', 'a')\nerr(m.group, 2), err(m.group, 'x'), err(m.start, -1), m.expand(r'<\\1>\\n')", "('IndexError: no such group', 'IndexError: no such group', 'IndexError: no such group', '<a>\\n')"},
	{"p = re.compile(r'\\d+')\np.search('ab12cd345', 5), p.match('ab12', 2), p.search('12345', 1, 3), p.fullmatch('a12b', 1, 3), p.search('12', 5), p.search('123', 2, 1)", "(<re.Match object; span=(6, 9), match='345'>, <re.Match object; span=(2, 4), match='12'>, <re.Match object; span=(1, 3), match='23'>, <re.Match object; span=(1, 3), match='12'>, None, None)"},
	{"re.search('^b', 'ab'), re.compile('^b').search('ab', 1), re.compile('(?m)^b').search('a\\nb', 1), re.compile('b$').search('abc', 0, 2)", "(None, None, <re.Match object; span=(2, 3), match='b'>, <re.Match object; span=(1, 2), match='b'>)"},
	// Backreferences, lookarounds, conditionals, atomic and possessive.
	{"re.search(r'(\\w)\\1', 'abccd'), re.search(r'(?P<q>[\\'\"]).*?(?P=q)', 'say \"hi\" now').group(), re.search(r'(?i)(a)\\1', 'aA')", "(<re.Match object; span=(2, 4), match='cc'>, '\"hi\"', <re.Match object; span=(0, 2), match='aA'>)"},
	{"re.findall(r'(?<=\\$)\\d+', 'cost $30 or $45'), re.findall(r'\\w+(?=,)', 'a, b, c'), re.findall(r'(?<!-)\\b\\d', '1 -2 3'), re.sub(r'(?!^)(?=(\\d{3})+$)', ',', '1234567')", "(['30', '45'], ['a', 'b'], ['1', '3'], '1,234,567')"},
	{"[re.fullmatch(r'(<)?\\w+(?(1)>)', s) is not None for s in ['<a>', 'a', '<a', 'a>']], re.match(r'(?P<n>x)?(?(n)y|z)', 'z')", "([True, True, False, False], <re.Match object; span=(0, 1), match='z'>)"},
	{"re.match(r'(?>a+)a', 'aaa'), re.match(r'a++a', 'aaa'), re.match(r'a*+b', 'aab'), re.match(r'(?:ab)?+c', 'abc')", "(None, None, <re.Match object; span=(0, 3), match='aab'>, <re.Match object; span=(0, 3), match='abc'>)"},
	// findall, finditer, sub, subn, split: empty matches as CPython 3.7+.
	{"re.findall('|a', 'a'), re.findall('x*', 'axx'), re.findall(r'(\\w)(\\d)?', 'a1b c2'), re.findall(r'(a)|b', 'ab'), re.findall('', '')", "(['', 'a', ''], ['', 'xx', ''], [('a', '1'), ('b', ''), ('c', '2')], ['a', ''], [''])"},
	{"[m.span() for m in re.finditer(r'\\b', 'ab cd')], [m.group() for m in re.compile('a').finditer('banana', 2)]", "([(0, 0), (2, 2), (3, 3), (5, 5)], ['a', 'a'])"},
	{"re.sub('x*', '-', 'abxd'), re.sub('a', 'b', 'aaa', count=2), re.subn('a', 'b', 'aaa'), re.sub('a', 'b', 'aaa', -1), re.sub('', '-', 'ab')", "('-a-b--d-', 'bba', ('bbb', 3), 'aaa', '-a-b-')"},
	{"re.sub(r'(\\w+) (\\w+)', r'\\2 \\g<1>', 'hello world'), re.sub(r'(?P<w>\\w)', r'[\\g<w>]', 'ab'), re.sub('(a)|b', r'<\\1>', 'ab'), re.sub('a', r'\\n\\t\\\\', 'a'), re.sub('a', r'\\101\\0', 'a')", "('world hello', '[a][b]', '<a><>', '\\n\\t\\\\', 'A\\x00')"},
	{"re.sub(r'\\d+', lambda m: str(int(m.group()) * 2), 'a1b22c333'), re.subn(r'\\s+', ' ', ' a  b ')", "('a2b44c666', (' a b ', 3))"},
	{"re.split(r'(,)', 'a,b,c', maxsplit=1), re.split('x*', 'axbc'), re.split(r'\\W+', 'Words, words, words.'), re.split('(a)|b', 'xaybz'), re.split('a', 'bab', -1)", "(['a', ',', 'b,c'], ['', 'a', '', 'b', 'c', ''], ['Words', 'words', 'words', ''], ['x', 'a', 'y', None, 'z'], ['bab'])"},
	{"err(re.sub, 'a', lambda m: 1, 'a'), err(re.sub, 'a', r'\\2', 'a'), err(re.sub, 'a', r'\\g<x>', 'a'), err(re.sub, 'a', r'\\q', 'a'), err(re.sub, 'a', r'\\g<1', 'a')", "('TypeError: sequence item 0: expected str instance, int found', 'error: invalid group reference 2 at position 1', \"IndexError: unknown group name 'x'\", 'error: bad escape \\\\q at position 0', 'error: missing >, unterminated name at position 3')"},
	// Flags, inline and scoped.
	{"re.findall('a', 'aA', re.I), re.findall('(?i:a)b', 'ABAb'), re.findall('(?i)a(?-i:b)', 'ABAb'), re.findall('^x', 'x\\nx', re.M), re.findall('a.b', 'a\\nb', re.S)", "(['a', 'A'], ['Ab'], ['Ab'], ['x', 'x'], ['a\\nb'])"},
	{"re.findall(r'''\\d+ # digits\n  \\. # dot''', '12. 3.', re.X), re.search(r'(?x) a b [ ]c', 'ab c'), re.findall(r'\\w+', 'héllo wörld'), re.findall(r'\\w+', 'héllo', re.A)", "(['12.', '3.'], <re.Match object; span=(0, 4), match='ab c'>, ['héllo', 'wörld'], ['h', 'llo'])"},
	{"re.findall(r'\\d', '1٣x'), re.findall(r'\\d', '1٣x', re.ASCII), re.findall(r'\\s', 'a\\x1cb\\u2003c'), re.findall(r'[^\\W\\d]+', 'ab1c_2'), re.findall(r'[\\W\\d]+', 'a-1b')", "(['1', '٣'], ['1'], ['\\x1c', '\\u2003'], ['ab', 'c_'], ['-1'])"},
	{"int(re.I | re.M), int(re.IGNORECASE), re.compile('x', re.I | re.S).flags, re.compile('x').flags, re.compile('(?a)x').flags, int(re.NOFLAG)", "(10, 2, 50, 32, 256, 0)"},
	// Pattern objects.
	{"p = re.compile(r'(?P<a>x)(y)(?:z)', re.I | re.M)\np, p.pattern, p.groups, p.groupindex, p.flags, p.groupindex['a'], list(p.groupindex), len(p.groupindex)", "(re.compile('(?P<a>x)(y)(?:z)', re.IGNORECASE|re.MULTILINE), '(?P<a>x)(y)(?:z)', 2, mappingproxy({'a': 1}), 42, 1, ['a'], 1)"},
	{"re.sub('a', lambda m: None, 'bab'), err(re.sub, 'a', lambda m: 1, 'bab'), err(re.sub, 'a', lambda m: 1, 'ab')", "('bb', 'TypeError: sequence item 1: expected str instance, int found', 'TypeError: sequence item 0: expected str instance, int found')"},
	{"re.compile('a'), re.compile('a', re.A), re.compile('a', re.X | re.S), re.compile('a') == re.compile('a'), re.compile('a') == re.compile('a', re.I), re.compile(re.compile('b'))", "(re.compile('a'), re.compile('a', re.ASCII), re.compile('a', re.DOTALL|re.VERBOSE), True, False, re.compile('b'))"},
	{"err(re.compile, re.compile('a'), re.I), err(re.compile, 'a', re.L), err(re.compile, 'a', re.A | re.U), err(re.search, 1, 'a'), err(re.search, 'a', 1)", "('ValueError: cannot process flags argument with a compiled pattern', 'ValueError: cannot use LOCALE flag with a str pattern', 'ValueError: ASCII and UNICODE flags are incompatible', 'TypeError: first argument must be string or compiled pattern', \"TypeError: expected string or bytes-like object, got 'int'\")"},
	{"re.escape('a.b*c d-e_f'), re.escape('1+1=2?'), re.escape('é\\n')", "('a\\\\.b\\\\*c\\\\ d\\\\-e_f', '1\\\\+1=2\\\\?', 'é\\\\\\n')"},
	// Positions are in code points.
	{"re.search('é', 'café').span(), re.search('b', '😀ab').span(), re.sub('(.)', r'\\1\\1', 'é😀')", "((3, 4), (2, 3), 'éé😀😀')"},
	// re.error with CPython's messages and positions.
	{"err(re.compile, '(a'), err(re.compile, 'a)'), err(re.compile, 'a**'), err(re.compile, '*'), err(re.compile, '[a'), err(re.compile, '[b-a]')", "('error: missing ), unterminated subpattern at position 0', 'error: unbalanced parenthesis at position 1', 'error: multiple repeat at position 2', 'error: nothing to repeat at position 0', 'error: unterminated character set at position 0', 'error: bad character range b-a at position 1')"},
	{"err(re.compile, r'\\q'), err(re.compile, 'a\\\\'), err(re.compile, '(?P<1>a)'), err(re.compile, '(?P<a>x)(?P<a>y)'), err(re.compile, '(?P=zz)'), err(re.compile, r'\\2(a)')", "('error: bad escape \\\\q at position 0', 'error: bad escape (end of pattern) at position 1', \"error: bad character in group name '1' at position 4\", \"error: redefinition of group name 'a' as group 2; was group 1 at position 12\", \"error: unknown group name 'zz' at position 4\", 'error: invalid group reference 2 at position 1')"},
	{"err(re.compile, '(?<=a+)b'), err(re.compile, '(?z)'), err(re.compile, 'a(?i)b'), err(re.compile, '(?i'), err(re.compile, '(?#x'), err(re.compile, 'x{3,2}'), err(re.compile, r'\\x4')", "('error: look-behind requires fixed-width pattern', 'error: unknown extension ?z at position 1', 'error: global flags not at the start of the expression at position 1', 'error: missing -, : or ) at position 3', 'error: missing ), unterminated comment at position 0', 'error: min repeat greater than max repeat at position 2', 'error: incomplete escape \\\\x4 at position 0')"},
	{"err(re.compile, r'[\\A]'), err(re.compile, r'\\777'), err(re.compile, '(?<x>a)'), err(re.compile, '(?P<a'), err(re.compile, '(?'), err(re.compile, '(?(1)a|b|c)'), err(re.compile, '(?i-i:a)'), err(re.compile, '(?-i)')", "('error: bad escape \\\\A at position 1', 'error: octal escape value \\\\777 outside of range 0-0o377 at position 0', 'error: unknown extension ?<x at position 1', 'error: missing >, unterminated name at position 4', 'error: unexpected end of pattern at position 2', 'error: conditional backref with more than two branches at position 8', 'error: bad inline flags: flag turned on and off at position 5', 'error: missing : at position 4')"},
	{"err(re.compile, '(a)(?(2)b)'), err(re.compile, 'a{4294967295}'), err(re.compile, '(a\\\\1)'), err(re.compile, '\\n('), err(re.compile, '[\\\\d-z]')", "('error: invalid group reference 2 at position 6', 'OverflowError: the repetition number is too large', 'error: cannot refer to an open group at position 2', 'error: missing ), unterminated subpattern at position 1 (line 2, column 1)', 'error: bad character range \\\\d-z at position 1')"},
	{"try:\n    re.compile('(')\nexcept re.error as e:\n    r = (isinstance(e, Exception), str(e))\nr", "(True, 'missing ), unterminated subpattern at position 0')"},
	// The classes.
	{"isinstance(re.compile('a'), re.Pattern), isinstance(re.match('a', 'a'), re.Match), type(re.compile('a')) is re.Pattern, re.Pattern, type(re.search('a', 'a')).__name__, err(re.Pattern)", "(True, True, True, <class 're.Pattern'>, 'Match', \"TypeError: cannot create 're.Pattern' instances\")"},
	// The literal forms of { and escapes.
	{"re.findall('a{,2}', 'aaa'), re.findall('a{', 'a{'), re.findall('a{1', 'a{1'), re.findall('{}', '{}'), re.findall('x{2}', 'xxxxx'), re.findall(r'\\{', '{')", "(['aa', 'a', ''], ['a{'], ['a{1'], ['{}'], ['xx', 'xx'], ['{'])"},
}

func TestRe(t *testing.T) {
	langtest.CheckCellCases(t, rePrelude, reCases)
}

func TestReAgainstCPython(t *testing.T) {
	cpython.CheckCellCases(t, rePrelude, reCases)
}

// reTestsPrelude defines outcome(pattern, string): what re.search finds
// (span, groups, text, lastindex, groupdict), None, or the exception.
const reTestsPrelude = rePrelude + `
def outcome(p, s):
    try:
        r = re.compile(p)
    except Exception as e:
        return type(e).__name__ + ": " + str(e)
    m = r.search(s)
    if m is None:
        return "no match"
    return (m.span(), m.groups(), m.group(0), m.lastindex, m.groupdict())
`

// reTestsGaps are the re_tests.json cases kael fails on purpose, with
// the reason.
var reTestsGaps = map[string]string{}

// TestReTestsAgainstCPython runs the patterns of CPython's re_tests.py
// (testdata/re_tests.json) in kael and in CPython and compares what
// re.search finds, or the error.
func TestReTestsAgainstCPython(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "re_tests.json"))
	if err != nil {
		t.Fatal(err)
	}
	var pairs [][2]string
	if err := json.Unmarshal(data, &pairs); err != nil {
		t.Fatal(err)
	}
	var srcs []string
	for _, p := range pairs {
		if _, gap := reTestsGaps[p[0]]; gap {
			continue
		}
		pj, _ := json.Marshal(p[0])
		sj, _ := json.Marshal(p[1])
		srcs = append(srcs, fmt.Sprintf("import json\noutcome(json.loads(%s), json.loads(%s))", quote(string(pj)), quote(string(sj))))
	}
	if len(srcs) < 300 {
		t.Fatalf("only %d cases", len(srcs))
	}
	langtest.CheckMatchesCPython(t, reTestsPrelude, srcs)
}

// quote writes s as a Python string literal of ASCII text.
func quote(s string) string {
	out := []byte{'\''}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\\' || c == '\'' {
			out = append(out, '\\')
		}
		out = append(out, c)
	}
	return string(append(out, '\''))
}
