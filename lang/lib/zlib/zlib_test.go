package zlib_test

import (
	"bytes"
	"context"
	"os/exec"
	"strings"
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/zlib"
)

// The prelude holds streams CPython's zlib made (zlib, raw, gzip).
const prelude = `import zlib
def err(f, *args, **kw):
    try:
        return f(*args, **kw)
    except Exception as e:
        return type(e).__name__ + ": " + str(e)
Z = bytes.fromhex('789ccb48cdc9c957c84022b3135373005f44083a')
RAW = bytes.fromhex('4b4c4a0600')
GZ = bytes.fromhex('1f8b08000000000000034b4c4a0600c241243503000000')
DATA = b'kael ' * 1000 + bytes(range(256))
`

// cases hold CPython 3.11's outcomes; TestZlibAgainstCPython checks them there.
var cases = []langtest.Case{
	{"zlib.decompress(Z), zlib.decompress(RAW, -15), zlib.decompress(GZ, 31), zlib.decompress(GZ, 47), zlib.decompress(Z, 47), zlib.decompress(Z + b'tail'), zlib.decompress(bytearray(Z), wbits=0)", "(b'hello hello hello kael', b'abc', b'abc', b'abc', b'hello hello hello kael', b'hello hello hello kael', b'hello hello hello kael')"},
	{"[zlib.decompress(zlib.compress(DATA, level, wbits), wbits) == DATA for level in (-1, 0, 1, 9) for wbits in (9, 15, -9, -15, 25, 31)]", "[True, True, True, True, True, True, True, True, True, True, True, True, True, True, True, True, True, True, True, True, True, True, True, True]"},
	{"err(zlib.decompress, b'abc'), err(zlib.decompress, Z[:-3]), err(zlib.decompress, Z[:-1] + b'\\x00'), err(zlib.decompress, b''), err(zlib.decompress, Z, wbits=3), err(zlib.decompress, Z, 31)", "('error: Error -3 while decompressing data: incorrect header check', 'error: Error -5 while decompressing data: incomplete or truncated stream', 'error: Error -3 while decompressing data: incorrect data check', 'error: Error -5 while decompressing data: incomplete or truncated stream', 'error: Error -2 while preparing to decompress data: inconsistent stream state', 'error: Error -3 while decompressing data: incorrect header check')"},
	{"err(zlib.compress, b'x', 12), err(zlib.compress, b'x', wbits=3), err(zlib.compress, 'x'), err(zlib.decompress, 'x'), err(zlib.compressobj, method=3), err(zlib.decompressobj, 3), issubclass(zlib.error, Exception), zlib.error.__module__", "('error: Bad compression level', 'error: Bad compression level', \"TypeError: a bytes-like object is required, not 'str'\", \"TypeError: a bytes-like object is required, not 'str'\", 'ValueError: Invalid initialization option', 'ValueError: Invalid initialization option', True, 'zlib')"},
	{"zlib.crc32(b'hello'), zlib.crc32(b' world', zlib.crc32(b'hello')), zlib.adler32(b'hello'), zlib.adler32(b''), zlib.adler32(b' world', zlib.adler32(b'hello')), zlib.adler32(DATA), zlib.crc32(DATA)", "(907060870, 222957957, 103547413, 1, 436929629, 1037453874, 3221593623)"},
	{"c = zlib.compressobj(9, zlib.DEFLATED, -15)\nparts = [c.compress(DATA[i:i + 700]) for i in range(0, len(DATA), 700)]\nparts.append(c.flush())\nzlib.decompress(b''.join(parts), -15) == DATA, err(c.compress, b'x')", "(True, 'error: Error -2 while compressing data: inconsistent stream state')"},
	{"c = zlib.compressobj()\na = c.compress(b'abc') + c.flush(zlib.Z_SYNC_FLUSH)\nd = zlib.decompressobj()\nd.decompress(a), d.eof, d.decompress(c.flush()), d.eof", "(b'abc', False, b'', True)"},
	{"src = zlib.compress(DATA) + b'rest'\nd = zlib.decompressobj()\nout = b''.join(d.decompress(src[i:i + 7]) for i in range(0, len(src), 7))\nout == DATA, d.eof, d.unused_data, d.unconsumed_tail, d.decompress(b'more'), d.unused_data, d.flush(), err(d.decompress, b'x'), d.unused_data", "(True, True, b'rest', b'', b'', b'restmore', b'', 'error: Error -2 while decompressing data: inconsistent stream state', b'restmore')"},
	{"d = zlib.decompressobj(47)\nd.decompress(GZ[:5]), d.decompress(GZ[5:]), d.eof, d.unused_data", "(b'', b'abc', True, b'')"},
	{"d = zlib.decompressobj()\nerr(d.decompress, b'xyz'), err(d.decompress, Z), err(d.flush, 0)", "('error: Error -3 while decompressing data: incorrect header check', 'error: Error -3 while decompressing data: incorrect header check', 'ValueError: length must be greater than zero')"},
	{"zlib.MAX_WBITS, zlib.DEFLATED, zlib.Z_FINISH, zlib.Z_SYNC_FLUSH, zlib.Z_BEST_COMPRESSION, zlib.Z_DEFAULT_COMPRESSION, zlib.DEF_BUF_SIZE, type(zlib.compressobj()).__name__, type(zlib.decompressobj()).__name__", "(15, 8, 4, 2, 9, -1, 16384, 'Compress', 'Decompress')"},
}

func TestZlib(t *testing.T) {
	langtest.CheckCellCases(t, prelude, cases)
}

func TestZlibAgainstCPython(t *testing.T) {
	cpython.CheckCellCases(t, prelude, cases)
}

// TestZlibCrossRead has CPython decompress what kael compressed, with
// each wbits and by compressobj, and kael what CPython compressed.
func TestZlibCrossRead(t *testing.T) {
	python := reftest.CPython(t)
	const data = "bytes(range(256)) * 40 + 'héllo wörld '.encode() * 300"
	const write = "import zlib\ndata = " + data + "\nc = zlib.compressobj(6, zlib.DEFLATED, -12)\nstreamed = b''.join(c.compress(data[i:i + 999]) for i in range(0, len(data), 999)) + c.flush()\n" +
		"print(zlib.compress(data).hex(), zlib.compress(data, 1, -15).hex(), zlib.compress(data, 9, 31).hex(), streamed.hex())\n"
	const read = "import zlib\ndata = " + data + "\nz, raw, gz, streamed = [bytes.fromhex(h) for h in HEX.split()]\n" +
		"d = zlib.decompressobj(-15)\nparts = b''.join(d.decompress(streamed[i:i + 100]) for i in range(0, len(streamed), 100))\n" +
		"print(zlib.decompress(z) == data, zlib.decompress(raw, -15) == data, zlib.decompress(gz, 31) == data, zlib.decompress(gz, 47) == data, parts == data, d.eof)\n"
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
	readWith := func(hex string) string { return strings.Replace(read, "HEX", "'"+hex+"'", 1) }
	const want = "True True True True True True"
	if got := runPython(readWith(runKael(write))); got != want {
		t.Errorf("CPython read kael's streams as %s", got)
	}
	if got := runKael(readWith(runPython(write))); got != want {
		t.Errorf("kael read CPython's streams as %s", got)
	}
}
