package platform_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/platform" // the module under test
)

const platformPrelude = `import platform, pickle
def err(f, *args, **kw):
    try:
        return f(*args, **kw)
    except Exception as e:
        return type(e).__name__ + ": " + str(e)
`

// platformCases hold CPython 3.11's outcomes on this machine;
// TestPlatformAgainstCPython checks them there.
var platformCases = []langtest.Case{
	{"platform.python_version(), platform.python_version_tuple()", "('3.11.2', ('3', '11', '2'))"},
	{"platform.system_alias('Linux', '5', 'x'), platform.system_alias('SunOS', '5.10', 'x'), platform.system_alias('SunOS', '4.1', 'x'), platform.system_alias('win32', '10', 'x')", "(('Linux', '5', 'x'), ('Solaris', '2.10', 'x'), ('SunOS', '4.1', 'x'), ('Windows', '10', 'x'))"},
	{"platform.python_branch(), platform.python_revision(), platform.java_ver(), platform.win32_ver(), platform.win32_edition(), platform.win32_is_iot()", "('', '', ('', '', ('', '', ''), ('', '', '')), ('', '', '', ''), None, False)"},
	{"u = platform.uname_result('a', 'b', 'c', 'd', 'e')\nu, list(u), len(u), u[-1], u[1:3], u.processor, platform.uname_result._fields", "(uname_result(system='a', node='b', release='c', version='d', machine='e'), ['a', 'b', 'c', 'd', 'e', ''], 6, '', ('b', 'c'), '', ('system', 'node', 'release', 'version', 'machine', 'processor'))"},
	{"err(platform.uname_result._make, ['a', 'b', 'c', 'd', 'e']), pickle.loads(pickle.dumps(platform.uname_result('a', 'b', 'c', 'd', 'e')))", "(uname_result(system='a', node='b', release='c', version='d', machine='e'), uname_result(system='a', node='b', release='c', version='d', machine='e'))"},
	{`platform._parse_os_release(['A="x\\"y"\n', "B='q'\n", 'C=plain\n', '# c\n', 'bad line\n', 'D="open\n', 'NAME=Deb\n'])`, `{'NAME': 'Deb', 'ID': 'linux', 'PRETTY_NAME': 'Linux', 'A': 'x"y', 'B': 'q', 'C': 'plain', 'D': '"open'}`},
	{"platform._os_release_candidates = ('/nonexistent/a', '/nonexistent/b'); platform._os_release_cache = None\nerr(platform.freedesktop_os_release)", "'FileNotFoundError: [Errno 2] Unable to read files /nonexistent/a, /nonexistent/b'"},
	{"platform.libc_ver('/etc/hostname', 'x', '1'), platform.architecture(bits='32bit', linkage='L')[0], platform.architecture('/etc/hostname', '32bit', 'L'), platform.architecture('/nonexistent', '16bit')", "(('x', '1'), '64bit', ('32bit', 'L'), ('16bit', ''))"},
}

// platformMachineCases are the same for kael and CPython on one machine,
// which TestPlatformAgainstCPython asks.
var platformMachineCases = []string{
	"platform.system(), platform.machine(), platform.release(), platform.node()",
	"type(platform.system()).__name__, callable(platform.machine)",
	"platform.platform(), platform.platform(aliased=True, terse=True), platform.platform(terse=1)",
	"platform.uname(), platform.uname()[5:], len(platform.uname()), platform.version(), platform.processor()",
	"platform.architecture(), platform.architecture('/bin/ls'), platform.libc_ver(), platform.libc_ver('/usr/bin/python3'), platform.libc_ver('/bin/ls')",
	"platform.freedesktop_os_release(), platform.mac_ver()",
	"u = platform.uname()\npickle.loads(pickle.dumps(u)) == u, list(u) == [u.system, u.node, u.release, u.version, u.machine, u.processor]",
}

// TestPlatformKaelAnswers checks what kael answers for itself, where
// CPython names CPython: the implementation, its build and compiler, as
// sys.implementation and sys.version say.
func TestPlatformKaelAnswers(t *testing.T) {
	langtest.CheckCellCases(t, platformPrelude, []langtest.Case{
		{"import sys\nplatform.python_implementation(), platform.python_implementation() == sys.implementation.name", "('kael', True)"},
		{"platform.python_build(), platform.python_compiler()", "(('main', 'kael'), 'Go')"},
	})
}

func TestPlatform(t *testing.T) {
	langtest.CheckCellCases(t, platformPrelude, platformCases)
}

func TestPlatformAgainstCPython(t *testing.T) {
	cpython.CheckCellCases(t, platformPrelude, platformCases)
	langtest.CheckMatchesCPython(t, platformPrelude, platformMachineCases)
}
