package lang

import (
	"context"
	"strings"
	"testing"
)

// bytesPrelude makes bytes the way a safetensors header starts: a
// little-endian length, then more fields.
const bytesPrelude = "import struct, json; data = struct.pack('<Qhd?', 144, -2, 2.5, True); text = struct.pack('<5B', 123, 34, 97, 34, 125)"

// bytesCases are bytes, struct and json as reading a binary header by hand
// uses them; want is what CPython 3.11 gives after bytesPrelude.
var bytesCases = []struct{ src, want string }{
	{"data", `b'\x90\x00\x00\x00\x00\x00\x00\x00\xfe\xff\x00\x00\x00\x00\x00\x00\x04@\x01'`},
	{"len(data), data[0], data[-1], data[8]", "(19, 144, 1, 254)"},
	{"data[:8], data[8:10], data[17:100], data[5:2]", `(b'\x90\x00\x00\x00\x00\x00\x00\x00', b'\xfe\xff', b'@\x01', b'')`},
	{"data[::6], data[2::-1]", `(b'\x90\x00\x00\x01', b'\x00\x00\x90')`},
	{"list(data[:3]), [b for b in data[8:10]]", "([144, 0, 0], [254, 255])"},
	{"struct.unpack('<Q', data[:8])", "(144,)"},
	{"struct.unpack('<Qhd?', data)", "(144, -2, 2.5, True)"},
	{"struct.unpack('>H', data[8:10]), struct.unpack('<2B', data[8:10])", "((65279,), (254, 255))"},
	{"struct.calcsize('<Q'), struct.calcsize('@bq'), struct.calcsize('<bq'), struct.calcsize('@hi'), struct.calcsize('@l'), struct.calcsize('<l')", "(8, 16, 9, 8, 8, 4)"},
	{"struct.pack('>I', 1), struct.pack('<h', -1), struct.pack('<3x')", `(b'\x00\x00\x00\x01', b'\xff\xff', b'\x00\x00\x00')`},
	{"struct.unpack('<d', struct.pack('<d', 0.1)), struct.unpack('<f', struct.pack('<f', 0.1))", "((0.1,), (0.10000000149011612,))"},
	{"data[:8] == data[:8], data[:8] == data[1:9], data[:1] == 'x'", "(True, False, False)"},
	{"data[8:12].hex(), text.decode(), text.decode('ascii')", "('feff0000', '{\"a\"}', '{\"a\"}')"},
	{"data.decode('utf-8', 'replace')[:2]", "'\ufffd\\x00'"},
	{"data.decode()", "UnicodeDecodeError: 'utf-8' codec can't decode byte 0x90 in position 0: invalid start byte"},
	{"{data[:2]: 1}[data[:2]]", "1"},
	{`json.loads('{"b": [1, 2.5, null, true, false], "a": {"x": "\u00e9"}}')`, `{'b': [1, 2.5, None, True, False], 'a': {'x': 'é'}}`},
	{`json.loads('{"n": 1e3, "m": -0.5}')`, `{'n': 1000.0, 'm': -0.5}`},
	{"json.loads(struct.pack('<4B', 91, 49, 93, 32))", "[1]"},
	{"json.dumps({'a': [1, 2.5, None, True], 'é': 'x', 'q': '\"\\n'})", `'{"a": [1, 2.5, null, true], "\\u00e9": "x", "q": "\\"\\n"}'`},
	{"json.dumps({'k': {'n': [1, (2, 3)], 'e': []}}, indent=2)", `'{\n  "k": {\n    "n": [\n      1,\n      [\n        2,\n        3\n      ]\n    ],\n    "e": []\n  }\n}'`},
	{"json.dumps({'b': 1, 'a': 2, 3: 4.0}, sort_keys=False), json.dumps({'b': 1, 'a': 2}, sort_keys=True)", `('{"b": 1, "a": 2, "3": 4.0}', '{"a": 2, "b": 1}')`},
	{"json.dumps(float('inf')), json.dumps('😀'), json.dumps(1e-05)", `('Infinity', '"\\ud83d\\ude00"', '1e-05')`},
	// Python's constants, which are not JSON but which Python reads and writes.
	{"json.loads('[NaN, Infinity, -Infinity]')", "[nan, inf, -inf]"},
	{`json.loads('{"loss": NaN, "best": -Infinity}'), json.loads(' Infinity '), json.loads('[Infinity,NaN]')`, "({'loss': nan, 'best': -inf}, inf, [inf, nan])"},
	{`json.loads('["NaN", "a\\"NaN"]'), json.loads('[0.0, 1.000000, -1.000000]'), json.loads('1e400')`, `(['NaN', 'a"NaN'], [0.0, 1.0, -1.0], inf)`},
	{"json.dumps(float('nan')), json.dumps([float('inf'), -float('inf')]), json.dumps({float('nan'): 1})", `('NaN', '[Infinity, -Infinity]', '{"NaN": 1}')`},
	{"json.dumps(float('nan'), allow_nan=False)", "ValueError: Out of range float values are not JSON compliant"},
	{"json.dumps([1.0, float('inf')], allow_nan=False)", "ValueError: Out of range float values are not JSON compliant"},
	{"json.dumps({float('-inf'): 1}, allow_nan=False)", "ValueError: Out of range float values are not JSON compliant"},
	{"json.dumps([1.5, 2], allow_nan=False), json.loads(json.dumps([float('inf')]))", "('[1.5, 2]', [inf])"},
	// Ints beyond 64 bits.
	{"struct.unpack('<Q', struct.pack('<q', -1)), struct.pack('>Q', 2**64 - 1), struct.unpack('<Q', struct.pack('<Q', 2**63))", "((18446744073709551615,), b'\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff', (9223372036854775808,))"},
	{"json.loads('{\"a\": 99999999999999999999}'), json.dumps([2**70, -2**64])", "({'a': 99999999999999999999}, '[1180591620717411303424, -18446744073709551616]')"},
}

func runBytesCase(t *testing.T, src string) string {
	t.Helper()
	s := NewSession(IO{})
	if r := s.Exec(context.Background(), "", bytesPrelude); r.Err != nil {
		t.Fatal(r.Err)
	}
	return outcome(s.Exec(context.Background(), "", src))
}

func TestBytesStructJSON(t *testing.T) {
	for _, tt := range bytesCases {
		if got := runBytesCase(t, tt.src); got != tt.want {
			t.Errorf("%s\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

func TestBytesStructJSONAgainstCPython(t *testing.T) {
	checkCasesAgainstCPython(t, bytesPrelude, bytesCases)
}

// TestBytesStructJSONErrors checks the errors whose wording is kael's own
// (CPython names struct.error "error" and words JSON errors differently).
func TestBytesStructJSONErrors(t *testing.T) {
	for _, tt := range []struct{ src, want string }{
		{"struct.unpack('<Q', data[:4])", "struct.error: unpack requires a buffer of 8 bytes"},
		{"struct.unpack('<z', data)", "struct.error: bad char in struct format"},
		{"struct.unpack('<n', data[:8])", "struct.error: bad char in struct format"},
		{"struct.unpack('<3', data)", "struct.error: repeat count given without format specifier"},
		{"struct.unpack('<Q', [1])", "TypeError: a bytes-like object is required, not 'list'"},
		{"struct.pack('<B', 256)", "struct.error: 'B' format requires 0 <= number <= 255"},
		{"struct.pack('<BB', 1)", "struct.error: pack expected 2 items for packing (got 1)"},
		{"struct.pack('<Q', 2**64)", "struct.error: argument out of range"},
		{"struct.pack('<q', 2**63), struct.pack('<I', -2**64)", "struct.error: argument out of range"},
		{"data[19]", "IndexError: index out of range"},
		{"data['a']", "TypeError: byte indices must be integers or slices, not str"},
		{"json.loads('[1, 2')", "JSONDecodeError: Expecting ',' delimiter: line 1 column 6 (char 5)"},
		{"json.loads('[1] 2')", "JSONDecodeError: Extra data: line 1 column 5 (char 4)"},
		{"json.loads('[' * 2000 + ']' * 2000)", "RecursionError: maximum recursion depth exceeded while decoding a JSON array from a unicode string"},
		{"json.loads(3)", "TypeError: the JSON object must be str, bytes or bytearray, not int"},
		{"json.loads('[1NaN]')", "JSONDecodeError: Expecting ',' delimiter: line 1 column 3 (char 2)"},
		{"json.loads('[NaNx]')", "JSONDecodeError: Expecting ',' delimiter: line 1 column 5 (char 4)"},
		{"json.loads('[-NaN]')", "JSONDecodeError: Expecting value: line 1 column 2 (char 1)"},
		{"json.loads('[nan]')", "JSONDecodeError: Expecting value: line 1 column 2 (char 1)"},
		{"json.loads('{NaN: 1}')", "JSONDecodeError: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)"},
		{"json.dumps(torch.ones(2))", "TypeError: Object of type Tensor is not JSON serializable"},
		{"l = [1]; l.append(l); json.dumps(l)", "ValueError: Circular reference detected"},
		{"data.decode('latin-9')", "LookupError: unknown encoding: latin-9"},
		{"json.dumps(['a'], indent=10**12)", "MemoryError: json.dumps with indent 1000000000000 needs too much memory"},
		{"x = []\nfor i in range(8):\n    x = [x]\njson.dumps(x, indent=' ' * 2**24)", "MemoryError: json.dumps with indent 16777216 needs too much memory"},
	} {
		if got := runBytesCase(t, tt.src); got != tt.want {
			t.Errorf("%s\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

// TestSafetensorsBytes checks save and load: save gives the bytes of the
// file save_file writes, with the header a reader can parse by hand, and
// load gives the tensors back as copies.
func TestSafetensorsBytes(t *testing.T) {
	s := NewSession(IO{})
	path := strings.ReplaceAll(t.TempDir(), "\\", "/") + "/m.safetensors"
	src := `from safetensors.torch import save, load, save_file
import struct, json
sd = {"w": torch.arange(6.).reshape(2, 3), "b": torch.tensor([True, False])}
data = save(sd, metadata={"format": "pt"})
save_file(sd, "` + path + `", metadata={"format": "pt"})
n, = struct.unpack("<Q", data[:8])
header = json.loads(data[8:8 + n])
back = load(data)
back["w"][0, 0] = 7.0
(n, header["w"], header["__metadata__"], list(back), back["b"].tolist(), load(data)["w"][0, 0].item(), len(data) == 8 + n + 26)`
	want := `(144, {'dtype': 'F32', 'shape': [2, 3], 'data_offsets': [2, 26]}, {'format': 'pt'}, ['b', 'w'], [True, False], 0.0, True)`
	if got := outcome(s.Exec(context.Background(), "", src)); got != want {
		t.Fatalf("got %s\nwant %s", got, want)
	}
	for _, tt := range []struct{ src, want string }{
		{"load(data[:20])", "SafetensorError: safetensors: bytes: header of 144 bytes runs past the end of the 20-byte file"},
		{"load('x')", "TypeError: load expects bytes, not str"},
		{"save([1])", "TypeError: save expects a dict of str to Tensor, not list"},
	} {
		if got := outcome(s.Exec(context.Background(), "", tt.src)); got != tt.want {
			t.Errorf("%s\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}
