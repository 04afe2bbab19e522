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
	_ "github.com/kael-dev/kael/lang/lib/os" // FilePrelude imports it
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

// writeCases compress, in kael and in CPython, and check what comes back
// (kael's encoder's bytes differ from libbz2's); TestBZ2WritesForCPython
// has CPython read kael's.
var writeCases = []langtest.Case{
	{"data = b'hello world' * 100\nbz2.decompress(bz2.compress(data)) == data, bz2.decompress(bz2.compress(data, 1)) == data, bz2.compress(b'')[:3], bz2.decompress(bz2.compress(b''))", "(True, True, b'BZh', b'')"},
	{"err(bz2.compress, b'a', 0), err(bz2.compress, b'a', 10), err(bz2.BZ2Compressor, 0), err(bz2.compress, 's')", "('ValueError: compresslevel must be between 1 and 9', 'ValueError: compresslevel must be between 1 and 9', 'ValueError: compresslevel must be between 1 and 9', \"TypeError: a bytes-like object is required, not 'str'\")"},
	{"c = bz2.BZ2Compressor()\nr = c.compress(b'abc'), bz2.decompress(c.compress(b'def') + c.flush())\nr, err(c.compress, b'x'), err(c.flush), type(c).__name__", "((b'', b'abcdef'), 'ValueError: Compressor has been flushed', 'ValueError: Repeated call to flush()', 'BZ2Compressor')"},
	{"data = bz2.compress(b'hello world' * 100)\nd = bz2.BZ2Decompressor()\nr = [d.decompress(data[:10]), d.eof, d.needs_input, d.unused_data]\nr += [len(d.decompress(data[10:] + b'XYZ')), d.eof, d.needs_input, d.unused_data, err(d.decompress, b'a')]\nr", "[b'', False, True, b'', 1100, True, False, b'XYZ', 'EOFError: End of stream already reached']"},
	{"err(bz2.BZ2Decompressor().decompress, b'notbz2data')", "'OSError: Invalid data stream'"},
	{"d = bz2.BZ2Decompressor()\nd.decompress(B, max_length=3), d.needs_input, d.decompress(b'', 1), d.decompress(b''), d.eof, isinstance(d, bz2.BZ2Decompressor)", "(b'hel', False, b'l', b'o', True, True)"},
	{"d = bz2.BZ2Decompressor()\nb''.join(d.decompress(B[i:i + 5]) for i in range(0, len(B), 5)), d.eof, d.unused_data", "(b'hello', True, b'')"},
	{"d = bz2.BZ2Decompressor()\nd.decompress(B + B), d.unused_data == B", "(b'hello', True)"},
	{"with bz2.BZ2File('x.bz2', 'w') as f:\n    f.write(b'line1\\nline2\\n')\nwith bz2.open('y.bz2', 'wt', compresslevel=1) as f:\n    f.write('t\\n')\nbz2.open('x.bz2').read(), bz2.open('y.bz2', 'rt').readlines()", "(b'line1\\nline2\\n', ['t\\n'])"},
}

func TestBZ2(t *testing.T) {
	langtest.InTempDirs(t, func(root string) {
		langtest.CheckCellCases(t, langtest.FilePrelude(root, prelude), append(cases, writeCases...))
	})
}

func TestBZ2AgainstCPython(t *testing.T) {
	langtest.InTempDirs(t, func(root string) {
		cpython.CheckCellCases(t, langtest.FilePrelude(root, prelude), append(cases, writeCases...))
	})
}

// TestBZ2WritesForCPython has CPython read a file and data kael wrote.
func TestBZ2WritesForCPython(t *testing.T) {
	python := reftest.CPython(t)
	p := filepath.Join(t.TempDir(), "k.bz2")
	const data = "('héllo\\nwörld\\n' * 400).encode()"
	write := "import bz2\ndata = " + data + "\nwith bz2.open('" + p + "', 'wb') as f:\n    f.write(data)\nwith bz2.open('" + p + "2', 'wt', compresslevel=1) as f:\n    f.write('text\\n')\nc = bz2.BZ2Compressor(3)\nc.compress(data)\nprint(bz2.compress(data).hex(), c.flush().hex())\n"
	var got bytes.Buffer
	if r := lang.NewSession(lang.IO{Stdout: &got}).Exec(context.Background(), "", write); r.Err != nil {
		t.Fatal(r.Err)
	}
	hexes := strings.Fields(got.String())
	if len(hexes) != 2 {
		t.Fatalf("kael printed %q", got.String())
	}
	read := "import bz2\ndata = " + data + "\nprint(bz2.open('" + p + "').read() == data, bz2.open('" + p + "2', 'rt').read(), bz2.decompress(bytes.fromhex('" + hexes[0] + "')) == data, bz2.decompress(bytes.fromhex('" + hexes[1] + "')) == data)\n"
	out, err := exec.Command(python, "-c", read).CombinedOutput()
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if want := "True text\n True True\n"; string(out) != want {
		t.Errorf("CPython read kael's bzip2 data as %q, want %q", out, want)
	}
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
