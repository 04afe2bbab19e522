package configparser_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/configparser"
	_ "github.com/kael-dev/kael/lang/lib/contextlib" // printsPrelude's redirect_stdout
	_ "github.com/kael-dev/kael/lang/lib/io"         // and StringIO
)

const prelude = `import configparser
def err(f, *a, **k):
    try:
        return f(*a, **k)
    except Exception as x:
        return type(x).__name__ + ': ' + str(x)
class W:
    def __init__(self):
        self.s = []
    def write(self, x):
        self.s.append(x)
TEXT = """
# comment
[DEFAULT]
base = /srv
debug = no

[paths]
data = %(base)s/data
logs: %(base)s/logs ; not a comment
multi = first
  second

  third
empty =
[Server]
Port = 8080
ratio = 0.5
flag = on
"""
c = configparser.ConfigParser()
c.read_string(TEXT)
`

// cases hold CPython 3.11's outcomes (generated from /usr/bin/python3);
// TestConfigparserAgainstCPython checks them there.
var cases = []langtest.Case{
	{"c.sections(), c.options('paths'), c.get('paths', 'data'), c.get('paths', 'logs'), c.get('paths', 'multi'), c.get('paths', 'empty'), c.get('paths', 'data', raw=True)", "(['paths', 'Server'], ['data', 'logs', 'multi', 'empty', 'base', 'debug'], '/srv/data', '/srv/logs ; not a comment', 'first\\nsecond\\n\\nthird', '', '%(base)s/data')"},
	{"c.getint('Server', 'port'), c.getfloat('Server', 'ratio'), c.getboolean('Server', 'flag'), c.getboolean('Server', 'debug'), c.getint('Server', 'nope', fallback=7), c.get('paths', 'data', vars={'base': '/v'})", "(8080, 0.5, True, False, 7, '/v/data')"},
	{"c['paths']['data'], 'data' in c['paths'], list(c['Server']), c['DEFAULT']['base'], list(c), len(c), c.items('Server'), c['Server'].getint('port'), repr(c['paths']), c['paths'].name", "('/srv/data', True, ['port', 'ratio', 'flag', 'base', 'debug'], '/srv', ['DEFAULT', 'paths', 'Server'], 3, [('base', '/srv'), ('debug', 'no'), ('port', '8080'), ('ratio', '0.5'), ('flag', 'on')], 8080, '<Section: paths>', 'paths')"},
	{"w = W()\nc.write(w)\nv = W()\nc.write(v, space_around_delimiters=False)\n''.join(w.s), ''.join(v.s)[:40]", "('[DEFAULT]\\nbase = /srv\\ndebug = no\\n\\n[paths]\\ndata = %(base)s/data\\nlogs = %(base)s/logs ; not a comment\\nmulti = first\\n\\tsecond\\n\\t\\n\\tthird\\nempty = \\n\\n[Server]\\nport = 8080\\nratio = 0.5\\nflag = on\\n\\n', '[DEFAULT]\\nbase=/srv\\ndebug=no\\n\\n[paths]\\nda')"},
	{"err(c.get, 'nope', 'x'), err(c.get, 'paths', 'nope'), err(c.add_section, 'paths'), err(c.add_section, 'DEFAULT'), err(c.getint, 'Server', 'ratio'), err(c.getboolean, 'Server', 'ratio'), err(c.__getitem__, 'nope'), err(c.options, 'nope')", "(\"NoSectionError: No section: 'nope'\", \"NoOptionError: No option 'nope' in section: 'paths'\", \"DuplicateSectionError: Section 'paths' already exists\", \"ValueError: Invalid section name: 'DEFAULT'\", \"ValueError: invalid literal for int() with base 10: '0.5'\", 'ValueError: Not a boolean: 0.5', \"KeyError: 'nope'\", \"NoSectionError: No section: 'nope'\")"},
	{"err(c.read_string, 'x = 1'), err(c.read_string, '[a]\\nx=1\\nx=2'), err(c.read_string, '[b]\\n[b]'), err(c.read_string, '[c]\\njunk\\nmore junk')", "(\"MissingSectionHeaderError: File contains no section headers.\\nfile: '<string>', line: 1\\n'x = 1'\", \"DuplicateOptionError: While reading from '<string>' [line  3]: option 'x' in section 'a' already exists\", \"DuplicateSectionError: While reading from '<string>' [line  2]: section 'b' already exists\", \"ParsingError: Source contains parsing errors: '<string>'\\n\\t[line  2]: 'junk\\\\n'\\n\\t[line  3]: 'more junk'\")"},
	{"c.set('paths', 'bad', '%(missing)s')\nc.set('paths', 'loop', '%(loop)s')\nerr(c.get, 'paths', 'bad'), err(c.get, 'paths', 'loop'), err(c.set, 'paths', 'x', '100%'), err(c.set, 'paths', 'x', 3), c.set('paths', 'pct', '100%%'), c.get('paths', 'pct'), err(c.set, 'paths', 'x', '%(a'), err(c.add_section, 3)", "(\"InterpolationMissingOptionError: Bad value substitution: option 'bad' in section 'paths' contains an interpolation key 'missing' which is not a valid option name. Raw value: '%(missing)s'\", \"InterpolationDepthError: Recursion limit exceeded in value substitution: option 'loop' in section 'paths' contains an interpolation key which cannot be substituted in 10 steps. Raw value: '%(loop)s'\", \"ValueError: invalid interpolation syntax in '100%' at position 3\", 'TypeError: option values must be strings', None, '100%', \"ValueError: invalid interpolation syntax in '%(a' at position 0\", 'TypeError: section names must be strings')"},
	{"c['new'] = {'a': 1, 'B': 'two'}\nd = dict(c['new'])\nd, c.remove_option('new', 'a'), c.remove_option('new', 'a'), c.remove_section('new'), c.has_section('new'), c.get('paths', 'zz', fallback='fb'), c['paths'].get('zz', 'd'), c.has_option('paths', 'BASE'), c.has_option('nope', 'x')", "({'a': '1', 'b': 'two', 'base': '/srv', 'debug': 'no'}, True, False, True, False, 'fb', 'd', True, False)"},
	{"r = configparser.RawConfigParser()\nr.read_dict({'s': {'k': '%(x)s', 'n': 3}})\nr.get('s', 'k'), r['s']['k'], r.get('s', 'n'), issubclass(configparser.NoSectionError, configparser.Error), configparser.DEFAULTSECT", "('%(x)s', '%(x)s', '3', True, 'DEFAULT')"},
	{"i = configparser.ConfigParser(inline_comment_prefixes=('#', ';'), allow_no_value=True)\ni.read_string('[s]\\na = 1 ; c\\nb = x;y # z\\nflagonly\\n')\nw = W()\ni.write(w)\ni.items('s'), err(i.set, 's', 'q', 3), i.get('s', 'flagonly'), ''.join(w.s)", "([('a', '1'), ('b', 'x;y'), ('flagonly', '')], 'TypeError: option values must be strings', None, '[s]\\na = 1\\nb = x;y\\nflagonly\\n\\n')"},
	{"d = configparser.ConfigParser(defaults={'k': 'v'}, default_section='common', delimiters=('=',), comment_prefixes=('//',), empty_lines_in_values=False)\ne = err(d.read_string, '[x]\\na: b = c\\n// note\\nm = 1\\n  2\\n\\n  3\\n')\nf = err(d.read_string, '[y]\\nm = 1\\n  2\\n\\nn = 3\\n')\ne, f, d.items('x'), d.items('y'), d.defaults(), list(d)", "(\"ParsingError: Source contains parsing errors: '<string>'\\n\\t[line  7]: '  3\\\\n'\", None, [('k', 'v'), ('a: b', 'c'), ('m', '1\\n2')], [('k', 'v'), ('m', '1\\n2'), ('n', '3')], {'k': 'v'}, ['common', 'x', 'y'])"},
	{"p = configparser.ConfigParser(strict=False)\np.read_string('[a]\\nx = 1\\n[a]\\nx = 2\\ny = 3')\np.items('a'), err(configparser.ConfigParser().read_dict, {'a': {'x': 1, 'X': 2}})", "([('x', '2'), ('y', '3')], \"DuplicateOptionError: While reading from '<dict>': option 'x' in section 'a' already exists\")"},
}

func TestConfigparser(t *testing.T) {
	langtest.CheckCellCases(t, prelude, cases)
}

func TestConfigparserAgainstCPython(t *testing.T) {
	cpython.CheckCellCases(t, prelude, cases)
}

// printsOf runs a script whose prints are the outcome.
const printsPrelude = `import io, contextlib
def prints(src):
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        exec(src, {})
    return buf.getvalue().splitlines()
`

// interpolationScripts drive ExtendedInterpolation, LegacyInterpolation
// and the converters; kael prints what CPython 3.11 prints.
var interpolationScripts = []string{
	`prints('import configparser, warnings\nsrc = """\n[DEFAULT]\nhome = /home/${user}\nuser = bob\n[paths]\ndata = ${home}/data\ncache = ${paths:data}/cache\nother = ${server:host}:${server:port}\ncost = $$5\nbad = ${nosuch}\nmulti = ${a:b:c}\ndollar = $x\ndeep = ${deep}\n[server]\nhost = example.org\nPort = 80\n"""\ncp = configparser.ConfigParser(interpolation=configparser.ExtendedInterpolation())\ncp.read_string(src)\nprint(cp[\'paths\'][\'data\'], cp[\'paths\'][\'cache\'], cp[\'paths\'][\'other\'], cp[\'paths\'][\'cost\'], cp.get(\'paths\', \'home\'))\nfor opt in [\'bad\', \'multi\', \'dollar\', \'deep\']:\n    try:\n        print(cp.get(\'paths\', opt))\n    except configparser.Error as e:\n        print(type(e).__name__, e)\ntry:\n    cp.set(\'paths\', \'x\', \'a $ b\')\nexcept ValueError as e:\n    print(e)\ncp.set(\'paths\', \'y\', \'$$ ${home}\')\nprint(cp[\'paths\'][\'y\'], dict(cp.items(\'paths\', raw=True))[\'y\'])\nwith warnings.catch_warnings(record=True) as w:\n    warnings.simplefilter(\'always\')\n    li = configparser.LegacyInterpolation()\n    print([(x.category.__name__, str(x.message)) for x in w])\nlp = configparser.ConfigParser(interpolation=li)\nlp.read_string("[s]\\na = 1\\nb = %(a)s2\\nc = %(B)s3\\nd = %(zz)s\\ne = %(e)s\\n")\nprint(lp[\'s\'][\'b\'], lp[\'s\'][\'c\'])\nfor opt in [\'d\', \'e\']:\n    try:\n        print(lp.get(\'s\', opt))\n    except configparser.Error as e:\n        print(type(e).__name__, e)\n')`,
	`prints('import configparser\ncp = configparser.ConfigParser(converters={\'list\': lambda s: [x.strip() for x in s.split(\',\')]})\ncp.read_string("[a]\\nxs = 1, 2 ,3\\nn = 4\\nb = yes\\n[b]\\nys = q\\n")\nprint(sorted(cp.converters), cp.converters[\'list\'] is not None, cp.converters[\'int\'])\nprint(cp.getlist(\'a\', \'xs\'), cp[\'a\'].getlist(\'xs\'), cp[\'b\'].getlist(\'ys\'), cp[\'a\'].getlist(\'nope\', [\'d\']), cp.getlist(\'a\', \'nope\', fallback=5))\nprint(cp[\'a\'].getint(\'n\'), cp[\'a\'].getboolean(\'b\'), cp[\'a\'].getfloat(\'n\'))\ncp.converters[\'upper\'] = str.upper\nprint(cp.getupper(\'a\', \'xs\'), cp[\'b\'].getupper(\'ys\'), len(cp.converters), \'upper\' in cp.converters)\ndel cp.converters[\'upper\']\nprint(hasattr(cp, \'getupper\'), hasattr(cp[\'a\'], \'getupper\'), sorted(cp.converters))\nfor bad in [\'\', 3]:\n    try:\n        cp.converters[bad] = int\n    except ValueError as e:\n        print(e)\ntry:\n    del cp.converters[\'nosuch\']\nexcept KeyError as e:\n    print(\'KeyError\', e)\ncp.add_section(\'c\')\ncp[\'c\'][\'z\'] = \'7, 8\'\nprint(cp[\'c\'].getlist(\'z\'), isinstance(cp.converters, configparser.ConverterMapping))\n')`,
}

func TestInterpolationsMatchCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, printsPrelude, interpolationScripts)
}
