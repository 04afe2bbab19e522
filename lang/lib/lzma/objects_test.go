package lzma_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"
)

// objectCases are LZMACompressor and LZMADecompressor, with CPython
// 3.11's outcomes (what a compressor returns is joined: liblzma returns
// the header early, kael's all at flush).
var objectCases = []langtest.Case{
	{"c = lzma.LZMACompressor()\nparts = [c.compress(b'abc'), c.compress(b'def'), c.flush()]\nlzma.decompress(b''.join(parts)), err(c.compress, b'x'), err(c.flush), type(c).__name__", "(b'abcdef', 'ValueError: Compressor has been flushed', 'ValueError: Repeated call to flush()', 'LZMACompressor')"},
	{"c = lzma.LZMACompressor(format=lzma.FORMAT_ALONE, preset=1)\nx = c.compress(DATA) + c.flush()\nd = lzma.LZMADecompressor(lzma.FORMAT_ALONE)\nd.decompress(x) == DATA, d.eof, d.check", "(True, True, 0)"},
	{"c = lzma.LZMACompressor(check=lzma.CHECK_SHA256)\nx = c.compress(b'z') + c.flush()\nd = lzma.LZMADecompressor()\nd.check, d.decompress(x), d.check", "(16, b'z', 10)"},
	{"data = lzma.compress(b'hello world' * 100)\nd = lzma.LZMADecompressor()\nr = [d.decompress(data[:10]), d.eof, d.needs_input, d.unused_data]\nr += [len(d.decompress(data[10:] + b'XYZ')), d.eof, d.needs_input, d.unused_data, d.check, err(d.decompress, b'a')]\nr", "[b'', False, True, b'', 1100, True, False, b'XYZ', 4, 'EOFError: Already at end of stream']"},
	{"err(lzma.LZMADecompressor().decompress, b'notlzmadatanotlzmadata')", "'LZMAError: Input format not supported by decoder'"},
	{"d = lzma.LZMADecompressor()\nd.decompress(XZ, max_length=3), d.needs_input, d.decompress(b'', 1), d.decompress(b''), d.eof, isinstance(d, lzma.LZMADecompressor)", "(b'hel', False, b'l', b'o', True, True)"},
	{"d = lzma.LZMADecompressor()\nb''.join(d.decompress(XZ[i:i + 7]) for i in range(0, len(XZ), 7)), d.eof, d.unused_data", "(b'hello', True, b'')"},
	{"d = lzma.LZMADecompressor()\nd.decompress(XZ + XZ), d.unused_data == XZ", "(b'hello', True)"},
	{"d = lzma.LZMADecompressor()\nd.decompress(ALONE), d.eof", "(b'hi', True)"},
	{"err(lzma.LZMADecompressor, 9), err(lzma.LZMADecompressor, lzma.FORMAT_RAW)", "('ValueError: Invalid container format: 9', 'ValueError: Must specify filters for FORMAT_RAW')"},
}

func TestLZMAObjects(t *testing.T) {
	langtest.CheckCellCases(t, prelude, objectCases)
}

func TestLZMAObjectsAgainstCPython(t *testing.T) {
	cpython.CheckCellCases(t, prelude, objectCases)
}
