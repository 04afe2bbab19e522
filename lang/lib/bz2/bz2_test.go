package bz2_test

import (
	"bytes"
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/bz2"
)

// The prelude holds bz2.compress(b'hello') as CPython makes it.
const prelude = `import bz2
def err(f, *args, **kw):
    try:
        return f(*args, **kw)
    except Exception as e:
        return type(e).__name__ + ": " + str(e)
B = bytes.fromhex('425a68393141592653591931653d00000081000244a000219a68334d07338bb9229c28480c98b29e80')
`

// cases hold CPython 3.11's outcomes; TestBZ2AgainstCPython checks them
// there, but for kael's refusals to compress.
var cases = []langtest.Case{
	{"bz2.decompress(B), bz2.decompress(B + B), bz2.decompress(B + b'junk'), bz2.decompress(b''), bz2.decompress(bytearray(B))", "(b'hello', b'hellohello', b'hello', b'', b'hello')"},
	{"err(bz2.decompress, b'garbage'), err(bz2.decompress, B[:-4]), err(bz2.decompress, B[:10] + bytes(5) + B[15:]), err(bz2.decompress, b'BZh9'), err(bz2.decompress, 's')", "('OSError: Invalid data stream', 'ValueError: Compressed data ended before the end-of-stream marker was reached', 'OSError: Invalid data stream', 'ValueError: Compressed data ended before the end-of-stream marker was reached', \"TypeError: a bytes-like object is required, not 'str'\")"},
}

// refusals are kael's own: compressing needs an encoder Go lacks.
var refusals = []langtest.Case{
	{"err(bz2.compress, b'x'), err(bz2.open, 'x.bz2', 'wb'), err(bz2.BZ2File, 'x.bz2', 'w'), err(bz2.compress, 's')", "(\"NotImplementedError: kael's bz2 cannot compress: Go's standard library has a bzip2 decoder only\", \"NotImplementedError: kael's bz2 cannot compress: Go's standard library has a bzip2 decoder only\", \"NotImplementedError: kael's bz2 cannot compress: Go's standard library has a bzip2 decoder only\", \"TypeError: a bytes-like object is required, not 'str'\")"},
}

func TestBZ2(t *testing.T) {
	langtest.CheckCellCases(t, prelude, append(cases, refusals...))
}

func TestBZ2AgainstCPython(t *testing.T) {
	cpython.CheckCellCases(t, prelude, cases)
}

// TestBZ2ReadsCPythonFiles has kael read a file and data CPython wrote,
// in binary and text mode.
func TestBZ2ReadsCPythonFiles(t *testing.T) {
	python := reftest.CPython(t)
	p := filepath.Join(t.TempDir(), "p.bz2")
	const data = "('héllo\\nwörld\\n' * 400).encode()"
	write := "import bz2\ndata = " + data + "\nwith bz2.open('" + p + "', 'wb') as f:\n    f.write(data)\nprint(bz2.compress(data, 1).hex())\n"
	out, err := exec.Command(python, "-c", write).CombinedOutput()
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	read := "import bz2\ndata = " + data + "\nwith bz2.open('" + p + "') as f:\n    a = f.read()\nwith bz2.open('" + p + "', 'rt') as f:\n    lines = f.readlines()\nwith bz2.BZ2File('" + p + "') as f:\n    c = f.read(10)\n" +
		"print(a == data, len(lines), lines[-1], c == data[:10], bz2.decompress(bytes.fromhex('" + strings.TrimSpace(string(out)) + "')) == data, isinstance(f, bz2.BZ2File))\n"
	var got bytes.Buffer
	if r := lang.NewSession(lang.IO{Stdout: &got}).Exec(context.Background(), "", read); r.Err != nil {
		t.Fatal(r.Err)
	}
	if want := "True 800 wörld\n True True True\n"; got.String() != want {
		t.Errorf("kael read CPython's bzip2 data as %q, want %q", got.String(), want)
	}
}
