package inspect_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// commentsSource is a module's text: its top comment block, comments
// above functions and classes, a trailing comment inside a body.
const commentsSource = `#!/usr/bin/env python3
#
# Module comment one
#	tabbed line
# two

"""doc"""
import inspect, sys

# about f
#
#   more about f
#
def f(x):
    return x  # inline

    # trailing

# about C
@staticmethod
def g(): pass

class C:
    # method comment
    def m(self):
        pass

    def n(self):  # no comment above
        pass

h = lambda y: (y +
               1)
x = 1

`

// commentsPrelude writes commentsSource to a file and compiles it from
// there, so that its functions have a file to be read from.
const commentsPrelude = "import inspect, os, sys\npath = os.path.abspath('src_comments.py')\nwith open(path, 'w') as fh:\n    fh.write(SRC)\nns = {'__name__': 'src_comments'}\nexec(compile(SRC, path, 'exec'), ns)\nf, g, C, h = ns['f'], ns['g'], ns['C'], ns['h']\nlines = SRC.splitlines(True)\n"

// commentsExprs are comments.go's, computed by kael and by CPython 3.11.
var commentsExprs = []string{
	"inspect.getcomments(f), inspect.getcomments(C.m), inspect.getcomments(C.n), inspect.getcomments(C), inspect.getcomments(len)",
	"all, n = inspect.findsource(f)\nn, all == lines, all[n], inspect.findsource(C.m)[1], inspect.findsource(h)[1]",
	"inspect.getblock(lines[inspect.findsource(f)[1]:]), inspect.getblock(lines[inspect.findsource(h)[1]:]), inspect.getsource(f)",
	"inspect.getblock(['x = (1,\\n', '  2)\\n', 'y = 3\\n']), inspect.getblock(['x = 1\\n', 'def q():\\n', '    pass\\n', '    # c\\n', 'z = 2\\n']), inspect.getblock([]), inspect.getblock(['a\\n', 'b\\n'])",
	"try:\n    inspect.findsource(len)\nexcept TypeError as e:\n    r = str(e)\nr",
}

func TestCommentsMatchCPython(t *testing.T) {
	langtest.InTempDirs(t, func(root string) {
		langtest.CheckMatchesCPython(t, langtest.FilePrelude(root, "SRC = "+pyQuote(commentsSource))+commentsPrelude, commentsExprs)
	})
}

// pyQuote is s as a Python string literal.
func pyQuote(s string) string {
	out := []byte{'\''}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\n':
			out = append(out, '\\', 'n')
		case '\t':
			out = append(out, '\\', 't')
		case '\'', '\\':
			out = append(out, '\\', c)
		default:
			out = append(out, c)
		}
	}
	return string(append(out, '\''))
}
