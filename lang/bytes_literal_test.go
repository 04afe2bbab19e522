package lang

import "testing"

// Bytes literals, bytes(), str.encode and the methods of bytes, each as
// CPython 3.11 gives it.
func TestBytesMatchCPython(t *testing.T) {
	checkMatchesCPython(t, "b = b'hello world'\n", []string{
		`b'abc', rb'\x00', br'\n', b'\x00\xff\t\'', B"x" b'y', b'\101\0', b"""a
b"""`,
		`len(b'\xe2\x82\xac'), b'\xe2\x82\xac'.decode(), b[0], b[-1], b[1:3], b[::-2]`,
		`b.split(), b.split(b'o'), b.split(b'o', 1), b'  a  b '.split(None, 1), b''.split(), b'a,b,'.split(b',')`,
		`b.find(b'o'), b.find(111), b.rfind(b'o'), b.find(b'o', 5), b.find(b'o', 5, 7), b.find(b'z'), b.index(b'w')`,
		`b.index(b'z')`,
		`b.count(b'l'), b.count(b''), b.count(108, 0, 4)`,
		`b.find('o')`,
		`b.find(256)`,
		`b.upper(), b'MiXeD\xc9'.lower(), b.replace(b'l', b'L'), b.replace(b'l', b'', 2)`,
		"b'  x \\n'.strip(), b'xxaxx'.strip(b'x'), b' a '.lstrip(), b' a '.rstrip(), b.removeprefix(b'hello '), b.removesuffix(b'x')",
		`b', '.join([b'a', b'b']), b''.join([]), b'-'.join(b'ab' for _ in range(2))`,
		`b', '.join(['a'])`,
		`b.startswith(b'he'), b.startswith((b'x', b'he')), b.endswith(b'ld'), b.startswith(b'wor', 6), b.endswith(b'lo', 0, 5)`,
		`b.startswith('he')`,
		`b'12'.isdigit(), b'ab'.isalpha(), b' \t'.isspace(), b''.isdigit(), b'\x80'.isascii(), b''.isascii()`,
		`111 in b, b'wor' in b, b'' in b, b'z' in b`,
		`'o' in b`,
		`b + b'!', b * 2, 2 * b'ab', b'x' * 0, b'a' < b'b', b'ab' > b'a', b'a' == 'a', sorted([b'b', b'a', b''])`,
		`b + 'x'`,
		`list(b'ab'), [c for c in b'\x00\xff'], {b'k': 1}[b'k'], hash(b'x') == hash(b'x'), isinstance(b, bytes), type(b)`,
		`bytes(), bytes(3), bytes([104, 105]), bytes((1, 2)), bytes(range(3)), bytes(b'ab'), bytes('h\xe9', 'utf-8'), bytes('abc', encoding='ascii')`,
		`bytes('abc')`,
		`bytes(-1)`,
		`bytes([256])`,
		`bytes(['a'])`,
		`bytes(1.5)`,
		`bytes(3, 'utf-8')`,
		`'h\xe9llo \u20ac'.encode(), 'abc'.encode('ascii'), 'h\xe9'.encode('ascii', 'replace'), 'h\xe9'.encode('ascii', 'ignore')`,
		`'h\xe9'.encode('ascii')`,
		`'\u20ac'.encode('ascii')`,
		`'x'.encode('latin-9')`,
		`bytes.fromhex('01 ff'), bytes.fromhex(''), bytes.fromhex('ABcd')`,
		`bytes.fromhex('0g')`,
		`bytes.fromhex('012')`,
		`b.hex(), b''.hex(), bytes(2).hex()`,
		`int.from_bytes(b'\x01\x00', 'little'), int.from_bytes(b'\xff\xff', 'big', signed=True), int.from_bytes([1, 2, 3], 'big')`,
		`int.from_bytes(b'\xff' * 20, 'big'), int.from_bytes(b'\x80' + b'\x00' * 15, 'big', signed=True), int.from_bytes(b'')`,
		`b'\xe9t\xe9'`,
		`'caf\xe9'.encode().decode()`,
	})
}

// Bytes literals a scanner must refuse, with CPython's messages where
// CPython refuses them too.
func TestBytesLiteralErrors(t *testing.T) {
	checkCellCases(t, "", []struct{ src, want string }{
		{"b'é'", "SyntaxError: bytes can only contain ASCII literal characters"},
		{"b'a' 'b'", "SyntaxError: cannot mix bytes and nonbytes literals"},
		{"'a' b'b'", "SyntaxError: cannot mix bytes and nonbytes literals"},
		{`b'\x4'`, `SyntaxError: truncated \x escape: want 2 hex digits`},
	})
}

// bytearray: bytes that change in place.
func TestByteArrayMatchesCPython(t *testing.T) {
	checkMatchesCPython(t, "x = bytearray(b'abc')\n", []string{
		`x, bytearray(), bytearray(2), bytearray([1, 2]), bytearray('h\xe9', 'utf-8'), type(x), isinstance(x, bytearray)`,
		"x.append(100)\nx.extend(b'ef')\nx.extend([103])\nx",
		"x[0] = 65\nx[-1] = 0x43\nx, x[0], x[1:], len(x)",
		"x[1:2] = b'XYZ'\nx",
		"x[::2] = b'12'\nx",
		`x[::2] = b'123'`,
		"x[:] = x + x\nx",
		`x[0] = 256`,
		`x[0] = 'a'`,
		`x[5] = 1`,
		`x.append(256)`,
		`x.append('a')`,
		`x.pop(), x.pop(0), x`,
		`bytearray().pop()`,
		"x.insert(1, 120)\nx.insert(-100, 121)\nx.insert(100, 122)\nx",
		"y = x.copy()\ny.append(1)\nx.reverse()\nx, y",
		"x.clear()\nx, len(x), bool(x)",
		`x == b'abc', b'abc' == x, x == bytearray(b'abc'), x != b'ab', x < b'b', b'abc' in [x]`,
		`x + b'd', b'd' + x, x * 2, 98 in x, b'bc' in x, list(x), bytes(x), x.decode(), x.hex()`,
		`hash(x)`,
		`{x: 1}`,
		`b'-'.join([x, b'z']), b'abcd'.startswith(x), b'xabcx'.find(x)`,
		`x.extend(5)`,
	})
}
