package lang

import "testing"

// printFileCases are print's sep, end, file and flush arguments: file is
// any object with a write method, called once per piece as in CPython.
var printFileCases = []string{
	"class W:\n    def __init__(self):\n        self.buf = []\n        self.flushed = 0\n    def write(self, s):\n        self.buf.append(s)\n        return len(s)\n    def flush(self):\n        self.flushed += 1\nw = W()\nprint('x', 1, None, sep='', end='', file=w, flush=True)\nprint(file=w)\nprint('a', 'b', sep=None, end=None, file=w)\nw.buf, w.flushed",
	"class W:\n    def write(self, s):\n        pass\nprint('a', file=W(), flush=True)",
	"print('a', sep=1)",
	"print('a', end=2)",
	"print('a', file=3)",
	"class W:\n    def write(self, s):\n        raise ValueError('closed')\nprint('a', file=W())",
	"class R:\n    def __repr__(self):\n        return 'R!'\nclass W:\n    out = ''\n    def write(self, s):\n        W.out += s\nprint(R(), [R()], sep=' | ', file=W())\nW.out",
}

func TestPrintFileMatchesCPython(t *testing.T) {
	checkMatchesCPython(t, "", printFileCases)
}
