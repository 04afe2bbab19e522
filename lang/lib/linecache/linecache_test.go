package linecache_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/linecache"
)

// linecacheCases run in a fresh temporary directory each and are
// compared with CPython 3.11's outcomes.
var linecacheCases = []string{
	"open('a.txt', 'w').write('one\\ntwo\\nthree')\nlinecache.getline('a.txt', 1), linecache.getline('a.txt', 3), linecache.getline('a.txt', 4), linecache.getline('a.txt', 0), linecache.getline('a.txt', -1)",
	"open('b.txt', 'w').write('x\\ny\\n')\nlinecache.getlines('b.txt'), 'b.txt' in linecache.cache, linecache.cache['b.txt'][2:]",
	"linecache.getline('missing.txt', 1), linecache.getlines('missing.txt'), linecache.getlines('<stdin>'), linecache.getline('', 1)",
	"open('c.txt', 'w').write('old\\n')\na = linecache.getline('c.txt', 1)\nopen('c.txt', 'w').write('newer text\\n')\nb = linecache.getline('c.txt', 1)\nlinecache.checkcache('c.txt')\na, b, linecache.getline('c.txt', 1)",
	"open('d.txt', 'w').write('d\\n')\nlinecache.getline('d.txt', 1)\nimport os\nos.remove('d.txt')\nlinecache.checkcache()\n'd.txt' in linecache.cache, linecache.getline('d.txt', 1)",
	"open('e.txt', 'w').write('e\\n')\nlinecache.getline('e.txt', 1)\nlinecache.clearcache()\nlen(linecache.cache), linecache.updatecache('e.txt'), linecache.updatecache('nope')",
	"class L:\n    def get_source(self, name):\n        return 'src of ' + name\nlinecache.lazycache('virtual.py', {'__name__': 'm', '__loader__': L()}), linecache.cache['virtual.py'][0](), linecache.getline('virtual.py', 1), linecache.lazycache('virtual.py', None)",
	"linecache.lazycache('<x>', {'__name__': 'm'}), linecache.lazycache('y.py', {}), linecache.lazycache('y.py', None)",
	"sorted(linecache.__all__)",
}

func TestLinecacheMatchesCPython(t *testing.T) {
	langtest.InTempDirs(t, func(root string) {
		langtest.CheckMatchesCPython(t, langtest.FilePrelude(root, "import linecache\nlinecache.clearcache()"), linecacheCases)
	})
}
