package os_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/fnmatch"
	_ "github.com/kael-dev/kael/lang/lib/glob"
	_ "github.com/kael-dev/kael/lang/lib/pathlib"
	_ "github.com/kael-dev/kael/lang/lib/re"
	_ "github.com/kael-dev/kael/lang/lib/shutil"
	_ "github.com/kael-dev/kael/lang/lib/tempfile"
	_ "github.com/kael-dev/kael/lang/lib/zoneinfo"
)

const strSubPrelude = `import os, os.path, glob, fnmatch, shutil, pathlib, re, tempfile, zoneinfo
class S(str):
    pass
d = tempfile.mkdtemp()
open(os.path.join(d, 'a.txt'), 'w').close()
`

// TestStrSubclassesAsPathsMatchCPython: the library functions that take
// a str take an object of a str subclass as its value, as CPython's do. Each case removes its directory.
func TestStrSubclassesAsPathsMatchCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, strSubPrelude, []string{
		"r = ([os.path.basename(p) for p in glob.glob(S(os.path.join(d, '*.txt')))], [p for p in glob.glob(S('*.txt'), root_dir=S(d))])\nshutil.rmtree(d)\nr",
		"r = (fnmatch.fnmatch(S('a.txt'), S('*.txt')), fnmatch.fnmatchcase(S('a.txt'), S('*.py')), fnmatch.filter([S('a.txt'), 'b'], S('*.txt')))\nshutil.rmtree(d)\nr",
		"r = (os.path.basename(shutil.copy(S(os.path.join(d, 'a.txt')), S(os.path.join(d, 'b.txt')))), shutil.which(S('definitely-not-here')))\nshutil.rmtree(d)\nr",
		"r = (pathlib.Path(S(d)).joinpath(S('a.txt')).name, str(pathlib.PurePosixPath(S('/x'), S('y'))), (pathlib.Path('/x') / S('y')).name, pathlib.PurePath('a.py').with_suffix(S('.txt')).name)\nshutil.rmtree(d)\nr",
		"r = (os.path.join(S('a'), S('b')), os.path.basename(S('/x/y')), os.path.splitext(S('a.b')), os.path.exists(S(d)), 'a.txt' in os.listdir(S(d)), type(os.fspath(S('x'))).__name__)\nshutil.rmtree(d)\nr",
		"r = (re.match(S('a+'), 'aaa').group(), re.sub(S('a'), S('b'), S('aa')), re.split(S(','), S('a,b')), re.findall('b', S('abab')))\nshutil.rmtree(d)\nr",
		"r = (str(zoneinfo.ZoneInfo(S('UTC'))), open(S(os.path.join(d, 'a.txt'))).read())\nshutil.rmtree(d)\nr",
	})
}
