package lzma_test

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

	_ "github.com/kael-dev/kael/lang/lib/lzma"
)

// The prelude holds streams CPython's lzma made (.xz and .lzma).
const prelude = `import lzma
def err(f, *args, **kw):
    try:
        return f(*args, **kw)
    except Exception as e:
        return type(e).__name__ + ": " + str(e)
XZ = bytes.fromhex('fd377a585a000004e6d6b4460200210116000000742fe5a301000468656c6c6f00000000b137b9dbe5da1e9b00011d05b82d80af1fb6f37d010000000004595a')
ALONE = bytes.fromhex('5d00008000ffffffffffffffff00341a5cfffffffff0000000')
DATA = b'kael ' * 1000 + bytes(range(256))
`

// cases hold CPython 3.11's outcomes; TestLZMAAgainstCPython checks them there.
var cases = []langtest.Case{
	{"lzma.decompress(XZ), lzma.decompress(ALONE), lzma.decompress(XZ + XZ), lzma.decompress(XZ + b'junk'), lzma.decompress(XZ, lzma.FORMAT_XZ), lzma.decompress(ALONE, format=lzma.FORMAT_ALONE)", "(b'hello', b'hi', b'hellohello', b'hello', b'hello', b'hi')"},
	{"[lzma.decompress(lzma.compress(DATA, **kw)) == DATA for kw in [{}, {'preset': 0}, {'preset': 9 | lzma.PRESET_EXTREME}, {'check': lzma.CHECK_NONE}, {'check': lzma.CHECK_CRC32}, {'check': lzma.CHECK_SHA256}, {'format': lzma.FORMAT_ALONE}]], lzma.compress(b'')[:6], lzma.decompress(lzma.compress(b''))", "([True, True, True, True, True, True, True], b'\\xfd7zXZ\\x00', b'')"},
	{"err(lzma.decompress, b''), err(lzma.decompress, b'garbage'), err(lzma.decompress, XZ[:-5]), err(lzma.decompress, XZ[:30] + bytes(5) + XZ[35:]), err(lzma.decompress, XZ, format=lzma.FORMAT_ALONE), err(lzma.decompress, 's')", "('LZMAError: Compressed data ended before the end-of-stream marker was reached', 'LZMAError: Input format not supported by decoder', 'LZMAError: Compressed data ended before the end-of-stream marker was reached', 'LZMAError: Corrupt input data', 'LZMAError: Input format not supported by decoder', \"TypeError: a bytes-like object is required, not 'str'\")"},
	{"err(lzma.compress, b'x', format=3), err(lzma.compress, b'x', check=99), err(lzma.compress, b'x', preset=10), err(lzma.compress, 's'), err(lzma.compress, b'x', format=2, check=1), issubclass(lzma.LZMAError, Exception)", "('ValueError: Must specify filters for FORMAT_RAW', 'LZMAError: Internal error', 'LZMAError: Invalid or unsupported options', \"TypeError: a bytes-like object is required, not 'str'\", 'ValueError: Integrity checks are only supported by FORMAT_XZ', True)"},
	{"lzma.is_check_supported(lzma.CHECK_SHA256), lzma.CHECK_CRC64, lzma.PRESET_EXTREME, lzma.CHECK_ID_MAX, lzma.CHECK_UNKNOWN, lzma.FORMAT_AUTO, lzma.FORMAT_ALONE, lzma.PRESET_DEFAULT, lzma.FILTER_LZMA1, lzma.FILTER_LZMA2, lzma.MF_BT4, lzma.MODE_NORMAL", "(True, 4, 2147483648, 15, 16, 0, 2, 6, 4611686018427387905, 33, 20, 2)"},
	{"with lzma.open(DIR + '/a.xz', 'wt') as f:\n    f.write('héllo\\nworld\\n')\nwith lzma.open(DIR + '/a.xz', 'rt') as f:\n    lines = list(f)\nwith lzma.LZMAFile(DIR + '/a.xz') as g:\n    raw = g.read()\nlines, raw, type(g).__name__, isinstance(g, lzma.LZMAFile), err(lzma.LZMAFile, DIR + '/a.xz', 'rt')", "(['héllo\\n', 'world\\n'], b'h\\xc3\\xa9llo\\nworld\\n', 'LZMAFile', True, \"ValueError: Invalid mode: 'rt'\")"},
}

func setup(t *testing.T) (string, []langtest.Case) {
	dir := t.TempDir()
	out := make([]langtest.Case, len(cases))
	for i, c := range cases {
		out[i] = langtest.Case{Src: strings.ReplaceAll(c.Src, "DIR", "'"+dir+"'"), Want: c.Want}
	}
	return dir, out
}

func TestLZMA(t *testing.T) {
	_, cs := setup(t)
	langtest.CheckCellCases(t, prelude, cs)
}

func TestLZMAAgainstCPython(t *testing.T) {
	_, cs := setup(t)
	cpython.CheckCellCases(t, prelude, cs)
}

// TestLZMAFilesCrossRead has CPython read the .xz and .lzma data and file
// kael wrote, and kael those CPython wrote.
func TestLZMAFilesCrossRead(t *testing.T) {
	python := reftest.CPython(t)
	dir := t.TempDir()
	write := func(tag string) string {
		p := filepath.Join(dir, tag+".xz")
		return "import lzma\ndata = bytes(range(256)) * 50 + 'héllo wörld '.encode() * 400\nwith lzma.open('" + p + "', 'wb') as f:\n    f.write(data)\n" +
			"print(lzma.compress(data, format=lzma.FORMAT_ALONE).hex(), lzma.compress(data, check=lzma.CHECK_SHA256, preset=1).hex())\n"
	}
	read := func(tag, hexes string) string {
		p := filepath.Join(dir, tag+".xz")
		return "import lzma\ndata = bytes(range(256)) * 50 + 'héllo wörld '.encode() * 400\nalone, sha = [bytes.fromhex(h) for h in '" + hexes + "'.split()]\n" +
			"with lzma.open('" + p + "') as f:\n    got = f.read()\nprint(got == data, lzma.decompress(alone) == data, lzma.decompress(sha) == data)\n"
	}
	runKael := func(src string) string {
		var out bytes.Buffer
		if r := lang.NewSession(lang.IO{Stdout: &out}).Exec(context.Background(), "", src); r.Err != nil {
			t.Fatal(r.Err)
		}
		return strings.TrimSpace(out.String())
	}
	runPython := func(src string) string {
		out, err := exec.Command(python, "-c", src).CombinedOutput()
		if err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		return strings.TrimSpace(string(out))
	}
	k, p := runKael(write("k")), runPython(write("p"))
	const want = "True True True"
	if got := runPython(read("k", k)); got != want {
		t.Errorf("CPython read kael's as %s", got)
	}
	if got := runKael(read("p", p)); got != want {
		t.Errorf("kael read CPython's as %s", got)
	}
}
