package shlex_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/shlex"
)

const prelude = `import shlex
def err(f, *args, **kw):
    try:
        return f(*args, **kw)
    except Exception as e:
        return type(e).__name__ + ": " + str(e)
`

// cases hold CPython 3.11's outcomes; TestShlexAgainstCPython checks them there.
var cases = []langtest.Case{
	{`shlex.split("a 'b c' \"d\\\"e\\x\" f\\ g"), shlex.split('  python  train.py --lr=0.1   --name "my run"  '), shlex.split(''), shlex.split("'' \"\""), shlex.split('é "ü x"')`, `(['a', 'b c', 'd"e\\x', 'f g'], ['python', 'train.py', '--lr=0.1', '--name', 'my run'], [], ['', ''], ['é', 'ü x'])`},
	{`shlex.split('a#b c\n d #x', comments=True), shlex.split('a#b c'), shlex.split("it's\\'s a'b'c \"x'y\" 'p\"q' '\\n'"), shlex.split('x\\\ny'), shlex.split('a\\"b "c\\\\d" "e\\f"')`, `(['a', 'd'], ['a#b', 'c'], ['its\\s', 'abc', "x'y", 'p"q', '\\n'], ['x\ny'], ['a"b', 'c\\d', 'e\\f'])`},
	{`shlex.split('a"b c"d', posix=False), shlex.split("x 'y z' \"w\\\" v\"", posix=False), shlex.split('a #c\nb', True, False), shlex.split("'' q", posix=False)`, `(['a"b', 'c"d'], ['x', "'y z'", '"w\\"', 'v"'], ['a', 'b'], ["''", 'q'])`},
	{`err(shlex.split, "a 'b"), err(shlex.split, 'a \\'), err(shlex.split, '"a\\'), err(shlex.split, 3), err(shlex.split, "'b", posix=False)`, `('ValueError: No closing quotation', 'ValueError: No escaped character', 'ValueError: No escaped character', "AttributeError: 'int' object has no attribute 'read'", 'ValueError: No closing quotation')`},
	{`shlex.quote(''), shlex.quote('safe/path-1.txt'), shlex.quote("it's me"), shlex.quote('a b$c'), shlex.quote('é'), shlex.join(['ls', '-l', 'my file', "o'k", '']), shlex.join('ab'), err(shlex.quote, 3), err(shlex.join, [1])`, `("''", 'safe/path-1.txt', '\'it\'"\'"\'s me\'', "'a b$c'", "'é'", 'ls -l \'my file\' \'o\'"\'"\'k\' \'\'', 'a b', "TypeError: expected string or bytes-like object, got 'int'", "TypeError: expected string or bytes-like object, got 'int'")`},
	{`all(shlex.split(shlex.join(w)) == w for w in [['a b', "c'd", 'e"f', '$x', '\\', '', 'é ü'], ['--x=1 2', '#no']])`, `True`},
}

func TestShlex(t *testing.T) {
	langtest.CheckCellCases(t, prelude, cases)
}

func TestShlexAgainstCPython(t *testing.T) {
	cpython.CheckCellCases(t, prelude, cases)
}
